import Foundation
import MealsCore
import TestSupport
import XCTest

@testable import MealsStore

/// A book of the first schema goes to schema 21 in one pass (`upgradeFromFirstSchema`): it
/// must end with exactly the rows, counts and indexes the migrations step by step give it.
final class FirstSchemaUpgradeTests: StoreTestCase {
  // MARK: - The same book by both paths

  /// Every table's rows (the random uids aside), the word index's rows, each count the chips
  /// and the pantry read, and what the filter finds, equal after either path.
  func testTheOnePassUpgradeGivesWhatTheStepsGive() throws {
    for rules in [NameCollation.standard, .swedish] {
      let direct = folder.path("direct-\(rules.rawValue).sqlite")
      let steps = folder.path("steps-\(rules.rawValue).sqlite")
      for file in [direct, steps] { try Self.writeVariedFirstSchemaBook(at: file) }
      try Self.upgradeStepByStep(steps, rules: rules)
      var heard: [UpgradeProgress] = []
      let one = try MealStore(
        path: direct, nameOrder: rules, upgradeProgress: { heard.append($0) })
      let other = try MealStore(path: steps, nameOrder: rules)
      XCTAssertEqual(one.schemaVersion, Schema.migrations.count)
      XCTAssertTrue(heard.contains { $0.part == "word index" }, "the one pass was taken")
      XCTAssertFalse(heard.contains { $0.part.hasPrefix("schema ") && $0.step <= 21 })
      for query in Self.tablesCompared {
        XCTAssertEqual(
          try one.db.statement(query).rows { Self.rowText($0) },
          try other.db.statement(query).rows { Self.rowText($0) }, "\(rules): \(query)")
      }
      XCTAssertEqual(
        try one.db.statement("SELECT count(*) FROM meal").scalar(), Int64(Self.names.count))
      for query in ["stout", "é", "鸡", "宫保", "y &", "ail", "zz", "simmer 4."] {
        let found = one.meals(matching: query)
        let expected = other.meals(matching: query)
        XCTAssertEqual(found.count, expected.count, "\(rules): \(query)")
        XCTAssertEqual(
          (0..<found.count).map { found.row(at: $0)?.id },
          (0..<expected.count).map { expected.row(at: $0)?.id }, "\(rules): \(query)")
      }
      XCTAssertGreaterThan(one.meals(matching: "鸡").count, 0)
      // Every meal has an id of its own for the sync folder, as migration 12 gives it.
      let uids = try one.db.statement("SELECT uid FROM meal").rows { $0.text(0) }
      XCTAssertEqual(Set(uids).count, Self.names.count)
      XCTAssertTrue(uids.allSatisfy { UUID(uuidString: $0) != nil && $0 == $0.lowercased() })
      XCTAssertEqual(try one.integrityCheck(), "ok")
      XCTAssertEqual(one.nameOrder, rules)
      // Edits after it keep the order, the indexes and the counts.
      var draft = try one.editableCopy(of: 6)
      draft.name = "Aardvark stew"
      try one.commit(draft)
      XCTAssertEqual(one.meals(matching: "aardv").count, 1)
      XCTAssertEqual(one.meals(matching: "stew").row(at: 0)?.name, "Aardvark stew")
      try one.deleteMeal(id: 3 * Int64(Self.names.count))
      try one.insert(contentsOf: [Self.soup])
      XCTAssertGreaterThan(
        try one.db.statement("SELECT max(id) FROM meal").scalar() ?? 0,
        3 * Int64(Self.names.count), "ids are never reused")
    }
  }

  /// Lines without their meal (the first schema's app could leave them) stop the upgrade
  /// with a message, and the book is left as it was, still of the first schema.
  func testLinesWithoutAMealLeaveTheBookAsItWas() throws {
    try Self.writeVariedFirstSchemaBook(at: path)
    let db = try SQLiteConnection(path: path)
    try db.execute(
      "INSERT INTO ingredient_measurement (meal_id, position, name) VALUES (99999, 0, 'Salt')")
    db.close()
    XCTAssertThrowsError(try openStore()) { error in
      XCTAssertEqual((error as? StoreError)?.kind, .corrupt)
    }
    let after = try SQLiteConnection(path: path, readOnly: true)
    XCTAssertEqual(try after.statement("PRAGMA user_version").scalar(), 1)
    XCTAssertEqual(
      try after.statement("SELECT name FROM sqlite_schema WHERE type = 'table' ORDER BY name")
        .rows { $0.text(0) },
      [
        "ingredient", "ingredient_measurement", "meal", "meal_fts", "meal_fts_config",
        "meal_fts_content", "meal_fts_data", "meal_fts_docsize", "meal_fts_idx",
      ])
    XCTAssertEqual(
      try after.statement("SELECT count(*) FROM meal").scalar(), Int64(Self.names.count))
  }

  // MARK: - The book

  /// Names in several scripts and orders (Swedish puts `Ärtsoppa` after `Zucchini`).
  static let names = [
    "Stew 10", "stew 2", "Éclair", "Ärtsoppa", "Zucchini bake", "Kung Pao 宫保鸡丁", "aïoli",
    "Åkes gröt", "  Spaced  ", "Nasi goreng", "Ñoquis", "Pie & mash", "カレー", "Simmer 4.",
  ]

  /// A first-schema book with meals of every kind of field: ids with gaps, categories and
  /// areas and none, lines whose names key to a food (`gousses d'ail`), a catalogue.
  static func writeVariedFirstSchemaBook(at path: String) throws {
    try EarlierDatabase.version1(at: path, meals: 0)
    let db = try SQLiteConnection(path: path)
    defer { db.close() }
    try db.transaction { () throws(StoreError) in
      try db.execute("DELETE FROM ingredient")
      let meal = try db.statement(
        """
        INSERT INTO meal (id, mealdb_id, name, instructions, category, area, tags,
          thumbnail_url, summary, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """)
      let line = try db.statement(
        "INSERT INTO ingredient_measurement (meal_id, position, name, quantity) VALUES (?, ?, ?, ?)"
      )
      let fts = try db.statement(
        "INSERT INTO meal_fts (rowid, name, ingredients, instructions) VALUES (?, ?, ?, ?)")
      let categories: [SQLValue] = [.text("Beef"), .null, .text("Café crème"), .text("Dessert")]
      let areas: [SQLValue] = [.text("Irish"), .text("Thai"), .null]
      let lines = [["Beef", "Onion", "Stout"], ["gousses d'ail", "Eggs"], [], ["鸡肉", "Salt"]]
      for (number, name) in names.enumerated() {
        let id = Int64(number * 3 + 3)
        let instructions = "Simmer \(number).\nServe & enjoy."
        try meal.run([
          .integer(id), number % 2 == 0 ? .text("5\(number)") : .null, .text(name),
          .text(instructions), categories[number % categories.count],
          areas[number % areas.count], .text(number % 3 == 0 ? "Stew,Winter" : ""),
          number % 4 == 0 ? .text("https://example.com/\(number).jpg") : .null,
          .text(number % 5 == 0 ? "A summary." : ""),
          .real(1_600_000_000.5 + Double(number)), .real(1_650_000_000.25 + Double(number)),
        ])
        let names = lines[number % lines.count]
        for (position, ingredient) in names.enumerated() {
          try line.run([
            .integer(id), .integer(Int64(position)), .text(ingredient), .text("\(number) g"),
          ])
        }
        try fts.run([
          .integer(id), .text(name), .text(names.joined(separator: "\n")), .text(instructions),
        ])
      }
      try db.execute(
        """
        INSERT INTO ingredient (name, search_key, description, type, mealdb_id)
          VALUES ('Beef', 'beef', 'Meat.', 'Meat', '1'), ('Ail', 'ail', NULL, NULL, NULL);
        """)
    }
  }

  /// The migrations one at a time, as the store ran them before the one pass (a migration
  /// needed only from a later version skipped), then opened by the store (names put in order).
  static func upgradeStepByStep(_ path: String, rules: NameCollation) throws {
    let db = try SQLiteConnection(path: path)
    defer { db.close() }
    try db.addFunction(SubstringGrams.functionName, arguments: 3) { SubstringGrams.tokens(of: $0) }
    try db.addFunction(Schema.nameKeyFunction, arguments: 1) { rules.key($0.first ?? "") }
    try db.addFunction(Schema.ingredientKeyFunction, arguments: 1) {
      IngredientKey.of($0.first ?? "")
    }
    for version in 1..<Schema.migrations.count {
      let migration = Schema.migrations[version]
      try db.execute("PRAGMA foreign_keys = OFF")
      try db.transaction { () throws(StoreError) in
        if migration.neededFrom <= 1 { try db.execute(migration.sql) }
        try db.execute("PRAGMA user_version = \(version + 1)")
      }
    }
  }

  /// Each table's rows in a fixed order; the meal rows without their random uid.
  static let tablesCompared = [
    "SELECT \(Schema.mealColumns.replacingOccurrences(of: ", uid", with: "")), name_order"
      + " FROM meal ORDER BY id",
    "SELECT \(Schema.measurementColumns) FROM ingredient_measurement ORDER BY id",
    "SELECT * FROM ingredient ORDER BY id",
    "SELECT rowid, name, ingredients, instructions FROM meal_fts ORDER BY rowid",
    "SELECT * FROM meal_facet ORDER BY 1, 2, 3",
    "SELECT * FROM meal_chip ORDER BY 1, 2",
    "SELECT * FROM ingredient_key ORDER BY 1",
    "SELECT * FROM meal_key_count ORDER BY 1",
    "SELECT * FROM setting ORDER BY 1",
    "SELECT * FROM sqlite_sequence ORDER BY 1",
    "SELECT k, v FROM meal_fts_config UNION ALL SELECT k, v FROM meal_trigram_config"
      + " UNION ALL SELECT k, v FROM meal_grams_config ORDER BY 1",
  ]

  /// A row as text, column by column (NULL apart from '').
  static func rowText(_ row: Statement) -> String {
    (0..<row.columnCount).map { row.isNull($0) ? "NULL" : row.text($0) }.joined(separator: "|")
  }
}
