import Foundation
import MealsCore
import TestSupport
import XCTest

@testable import MealsStore

/// A file written by an earlier version opens, is backed up first, and keeps every row, id
/// and time.
final class MigrationTests: StoreTestCase {
  /// The upgrade says how it goes: the backup first, then each step (or, from the first
  /// schema, each part of the one pass), never backwards, to the end.
  func testAnUpgradeReportsItsProgressFromTheBackupToTheEnd() throws {
    try Self.makeVersion1Database(at: path, meals: 300)
    var heard: [UpgradeProgress] = []
    let store = try MealStore(path: path, upgradeProgress: { heard.append($0) })
    XCTAssertEqual(store.schemaVersion, Schema.migrations.count)
    let first = try XCTUnwrap(heard.first)
    XCTAssertEqual([first.from, first.to, first.step], [1, Schema.migrations.count, 1])
    XCTAssertEqual(first.part, "backup")
    XCTAssertEqual(first.fraction, 0, "the backup comes first")
    XCTAssertEqual(heard.last?.fraction, 1)
    XCTAssertEqual(heard.last?.step, Schema.migrations.count)
    var parts: [String] = []
    for progress in heard where parts.last != progress.part { parts.append(progress.part) }
    XCTAssertEqual(
      parts,
      [
        "backup", "names in order", "meals copied", "lines copied", "indexes", "word index",
        "substring indexes", "old tables dropped", "done",
      ])
    Self.assertNeverBackwards(heard)
    // From a later schema, each step is said in turn.
    heard = []
    try Self.makeVersion4Database(at: path + ".4", meals: 30)
    _ = try MealStore(path: path + ".4", upgradeProgress: { heard.append($0) })
    XCTAssertEqual(
      Set(heard.map(\.step)), Set(4...Schema.migrations.count), "the backup and every step")
    XCTAssertEqual(heard.first { $0.step == 5 }?.part, "schema 5")
    Self.assertNeverBackwards(heard)
    // A new file, or one already current, is no upgrade: nothing is said.
    heard = []
    _ = try MealStore(path: path, upgradeProgress: { heard.append($0) })
    _ = try MealStore(path: path + ".new", upgradeProgress: { heard.append($0) })
    XCTAssertEqual(heard, [])
  }

  static func assertNeverBackwards(
    _ heard: [UpgradeProgress], file: StaticString = #filePath, line: UInt = #line
  ) {
    for (before, after) in zip(heard, heard.dropFirst()) {
      XCTAssertLessThanOrEqual(before.fraction, after.fraction, file: file, line: line)
      XCTAssertLessThanOrEqual(before.step, after.step, file: file, line: line)
      XCTAssertLessThanOrEqual(before.seconds, after.seconds, file: file, line: line)
    }
  }

  /// The version every start checks without building the migrations is where they lead.
  func testTheSchemaVersionIsTheNumberOfMigrations() {
    XCTAssertEqual(Schema.version, Schema.migrations.count)
  }

  func testAVersion1DatabaseIsBackedUpThenMigratedLosingNothing() throws {
    try Self.makeVersion1Database(at: path, meals: 40)
    let store = try openStore()
    XCTAssertEqual(store.schemaVersion, Schema.migrations.count)
    XCTAssertEqual(store.mealCount, 40)
    let meal = try XCTUnwrap(try store.meal(id: 21))
    XCTAssertEqual(meal.name, "Stew 7")
    XCTAssertEqual(meal.tags, ["Stew", "Winter"])
    XCTAssertEqual(meal.ingredients.map(\.quantity), ["7 g", "7 g", "7 g"])
    let times = try store.db.statement("SELECT created_at, updated_at FROM meal WHERE id = 21")
      .rows { [$0.double(0), $0.double(1)] }
    XCTAssertEqual(times, [[1_600_000_007.5, 1_650_000_007.25]])
    XCTAssertEqual(store.meals(matching: "onion").count, 40, "the filter index is kept")
    XCTAssertEqual(try store.integrityCheck(), "ok")
    // The indexes filled in bulk with a large buffer keep FTS5's own for a day's edits.
    for table in ["meal_fts", "meal_trigram", "meal_grams"] {
      let size = try store.db.statement("SELECT v FROM \(table)_config WHERE k = 'hashsize'")
        .rows { $0.int(0) }
      XCTAssertEqual(size, [1_048_576], table)
    }

    // The file as it was is kept twice: in the rotation and under its version's name.
    for backup in [path + ".bak.1", path + ".v1.bak"] {
      let copy = try SQLiteConnection(path: backup, readOnly: true)
      XCTAssertEqual(try copy.statement("PRAGMA user_version").scalar(), 1, backup)
      XCTAssertEqual(try copy.statement("SELECT count(*) FROM meal").scalar(), 40, backup)
    }

    // Ids are never reused from here on, not even the highest one after a delete.
    try store.deleteMeal(id: 120)
    let fresh = try save(Self.soup, in: store)
    XCTAssertGreaterThan(fresh, 120)
  }

  /// Whatever path a book takes (steps skip what a later one makes again), it ends with the
  /// same tables, indexes and triggers as a book made new.
  func testAnUpgradedBookHasTheSchemaOfANewOne() throws {
    func schema(_ store: MealStore) throws -> [String] {
      try store.db.statement(
        """
        SELECT type || ' ' || name || ': ' || coalesce(sql, '') FROM sqlite_schema
        WHERE name NOT LIKE 'sqlite_stat%' ORDER BY type, name
        """
      ).rows { $0.text(0) }
    }
    try Self.makeVersion1Database(at: path, meals: 12)
    let upgraded = try schema(try openStore())
    let fresh = try schema(try MealStore(path: folder.path("new.sqlite")))
    XCTAssertEqual(upgraded.count, fresh.count)
    XCTAssertTrue(fresh.contains { $0.hasPrefix("index meal_by_category: ") })
    for (old, new) in zip(upgraded, fresh) { XCTAssertEqual(old, new) }
  }

  /// Schema 10's per-chip counts start from the file's meals: the header's count and every
  /// chip's, nothing chosen, as counted over the rows themselves.
  func testAVersion9DatabaseGetsItsChipCountsFromItsMeals() throws {
    try Self.makeVersion1Database(at: path, meals: 60)
    let db = try SQLiteConnection(path: path)
    try db.addFunction(SubstringGrams.functionName, arguments: 3) { SubstringGrams.tokens(of: $0) }
    try db.addFunction(Schema.nameKeyFunction, arguments: 1) {
      NameCollation.standard.key($0.first ?? "")
    }
    for version in 1..<9 {
      try db.execute("PRAGMA foreign_keys = OFF")  // as the store migrates (migration 2)
      try db.transaction { () throws(StoreError) in
        try db.execute(Schema.migrations[version].sql)
        try db.execute("PRAGMA user_version = \(version + 1)")
      }
    }
    try db.execute(
      """
      UPDATE meal SET category = NULL WHERE id % 5 = 0;
      UPDATE meal SET area = 'Thai', difficulty = 'Advanced' WHERE id % 4 = 0;
      UPDATE meal SET category = 'Café crème' WHERE id % 7 = 0;
      """)
    db.close()
    let store = try openStore()
    XCTAssertEqual(store.schemaVersion, Schema.migrations.count)
    let counted = try store.db.statement(
      """
      SELECT 0, category, count(*) FROM meal WHERE category IS NOT NULL GROUP BY 2
      UNION ALL SELECT 1, area, count(*) FROM meal WHERE area IS NOT NULL GROUP BY 2
      UNION ALL SELECT 2, difficulty, count(*) FROM meal WHERE difficulty IS NOT NULL GROUP BY 2
      """
    ).rows { row in
      (Chip(Facet.allCases[Int(row.int(0))], row.text(1)), Int(row.int(2)))
    }
    XCTAssertEqual(
      store.chipCounts(chips: ChipSelection()), Dictionary(uniqueKeysWithValues: counted))
    XCTAssertEqual(store.mealCount, 60)
    XCTAssertEqual(store.chipCounts(chips: ChipSelection())[Chip(.category, "Café crème")], 8)
  }

  func testAVersion4DatabaseGetsTheFilterIndexesInNameOrder() throws {
    try Self.makeVersion4Database(at: path, meals: 300)
    let store = try openStore()
    XCTAssertEqual(store.schemaVersion, Schema.migrations.count)
    XCTAssertEqual(store.mealCount, 301)
    // Keys follow name order ("Stew 10" before "Stew 2"), and every index answers.
    let disorder = try store.db.statement(
      """
      SELECT count(*) FROM (SELECT sort_key, lag(sort_key) OVER (ORDER BY name_order, id) AS previous
      FROM meal) WHERE previous >= sort_key OR sort_key IS NULL
      """
    ).scalar()
    XCTAssertEqual(disorder, 0)
    let stout = store.meals(matching: "stout")
    XCTAssertEqual(stout.count, 300)
    XCTAssertEqual(stout.row(at: 0)?.name, "Stew 1")
    XCTAssertEqual(stout.row(at: 1)?.name, "Stew 10")
    XCTAssertEqual(store.meals(matching: "鸡").row(at: 0)?.name, "Kung Pao 宫保鸡丁")
    XCTAssertEqual(store.meals(matching: "鸡肉").count, 1, "ingredients, from the old index")
    XCTAssertEqual(store.meals(matching: "宫保鸡丁").count, 1)
    XCTAssertEqual(store.meals(matching: "y &").count, 1)
    XCTAssertEqual(store.meals(matching: "simmer 7.").count, 1, "“Simmer 7.” and no other")
    XCTAssertEqual(try store.integrityCheck(), "ok")
    // Edits after the migration keep the order and the indexes.
    var draft = try store.editableCopy(of: 3)
    draft.name = "Aardvark stew"
    try store.commit(draft)
    XCTAssertEqual(store.meals(matching: "stout").row(at: 0)?.name, "Aardvark stew")
    XCTAssertEqual(store.meals(matching: "aardv").count, 1)
    XCTAssertEqual(store.index(ofMeal: 3, matching: "stout"), 0)
  }

  func testReopeningAMigratedDatabaseMakesNoNewBackup() throws {
    try Self.makeVersion1Database(at: path, meals: 3)
    _ = try openStore()
    try FileManager.default.removeItem(atPath: path + ".bak.1")
    _ = try openStore()
    XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".bak.1"))
  }

  func testABrandNewDatabaseNeedsNoBackup() throws {
    _ = try openStore()
    XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".bak.1"))
  }

  /// A line keyed by an earlier reader (`gousses d'ail` as itself) is keyed again by today's
  /// (`ail`, as the pantry holds it) when the file is upgraded: What can I cook finds it, and
  /// the counts the pantry reads are the ones a fresh book has.
  func testLinesKeyedByAnEarlierReaderAreKeyedAgain() throws {
    var store: MealStore? = try openStore()
    try store?.insert(contentsOf: [
      Meal(
        name: "Aïoli", instructions: "Pound.",
        ingredients: [
          IngredientMeasurement(name: "gousses d'ail", quantity: "4"),
          IngredientMeasurement(name: "olive oil", quantity: "250 ml"),
        ])
    ])
    let fresh = try XCTUnwrap(store)
    let keyNow = IngredientKey.of("gousses d'ail")
    XCTAssertNotEqual(keyNow, "gousses d'ail", "today's reader finds the food in the line")
    let counts = "SELECT key || ':' || lines FROM ingredient_key ORDER BY key"
    let meals = "SELECT meal_id || ':' || keys FROM meal_key_count"
    let expected = (
      try fresh.db.statement(counts).rows { $0.text(0) },
      try fresh.db.statement(meals).rows { $0.text(0) }
    )
    // As an earlier version left it: the line keyed as a whole, the counts with it.
    try fresh.db.execute(
      """
      UPDATE ingredient_measurement SET name_key = 'gousses d''ail' WHERE name = 'gousses d''ail';
      UPDATE ingredient_key SET lines = lines - 1
        WHERE key = '\(keyNow.replacingOccurrences(of: "'", with: "''"))';
      DELETE FROM ingredient_key WHERE lines <= 0;
      INSERT INTO ingredient_key VALUES ('gousses d''ail', 1);
      \(StoreTestCase.tablesAfter18)
      PRAGMA user_version = 17;
      """)
    store = nil
    let upgraded = try openStore()
    XCTAssertEqual(upgraded.schemaVersion, Schema.migrations.count)
    XCTAssertEqual(
      try upgraded.db.statement(
        "SELECT name_key FROM ingredient_measurement WHERE name = 'gousses d''ail'"
      ).rows { $0.text(0) }, [keyNow])
    XCTAssertEqual(try upgraded.db.statement(counts).rows { $0.text(0) }, expected.0)
    XCTAssertEqual(try upgraded.db.statement(meals).rows { $0.text(0) }, expected.1)
    let pantry = Pantry(
      items: [Pantry.Item(name: "ail"), Pantry.Item(name: "olive oil")], staples: [])
    XCTAssertEqual(try upgraded.canCook(pantry: pantry, most: 0).map(\.name), ["Aïoli"])
  }
}
