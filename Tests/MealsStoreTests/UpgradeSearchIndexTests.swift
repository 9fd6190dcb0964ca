import Foundation
import MealsCore
import TestSupport
import XCTest

@testable import MealsStore

/// A big first-schema book's full-text indexes are built on the other core, from the backup
/// made just before, while the upgrade copies the rows; then copied in.
final class UpgradeSearchIndexTests: StoreTestCase {
  /// Built on two cores, they hold the very rows one core builds (a book where the file for
  /// them cannot be made beside it, which upgrades on one core); searches find the same
  /// meals, and the edits after the upgrade, on the same connection, keep them whole.
  func testTheSearchIndexesBuiltOnTheOtherCoreAreTheOnesOneCoreBuilds() throws {
    let count = SearchIndexWorker.fromMeals + 300
    let oneCore = try bookAndCopy(
      meals: count, named: "one-core.sqlite", blocking: SearchIndexWorker.suffix)
    var parts: [String] = []
    var partsOnOneCore: [String] = []
    let store = try MealStore(path: path, upgradeProgress: { parts.append($0.part) })
    let single = try MealStore(path: oneCore, upgradeProgress: { partsOnOneCore.append($0.part) })
    XCTAssertTrue(parts.contains("search indexes built on the other core"), "\(parts)")
    XCTAssertTrue(parts.contains("search indexes copied in"), "\(parts)")
    XCTAssertFalse(parts.contains("word index"), "\(parts)")
    XCTAssertTrue(partsOnOneCore.contains("word index"), "\(partsOnOneCore)")
    XCTAssertFalse(partsOnOneCore.contains("search indexes copied in"), "\(partsOnOneCore)")

    for table in SearchIndexWorker.tables {
      let shadows = try store.db.statement(
        "SELECT name FROM sqlite_schema WHERE type = 'table' AND name LIKE ? ESCAPE '\\' ORDER BY name"
      ).rows([.text(table + "\\_%")]) { $0.text(0) }
      XCTAssertGreaterThanOrEqual(shadows.count, 3, table)
      for shadow in shadows {
        // FTS5's structure record starts with the index's config cookie, which counts the
        // changes of its options: one core changes them more often (the other's start anew).
        let rows = try Self.rows(of: shadow, in: store)
        XCTAssertGreaterThan(rows.count, 1, shadow)
        let expected = try Self.rows(of: shadow, in: single)
        XCTAssertEqual(rows.count, expected.count, shadow)
        // Where they part (the rows are long: the first 120 characters of each).
        if let at = zip(rows, expected).enumerated().first(where: { $0.element.0 != $0.element.1 })?
          .offset
        {
          XCTFail("\(shadow), row \(at): \(rows[at].prefix(120)) ≠ \(expected[at].prefix(120))")
        }
      }
    }
    for query in ["stout", "stew 12", "simmer 7.", "r 12.", ".", "2222"] {
      let found = store.meals(matching: query)
      let expected = single.meals(matching: query)
      XCTAssertEqual(found.count, expected.count, query)
      XCTAssertEqual(found.row(at: 0)?.name, expected.row(at: 0)?.name, query)
    }
    XCTAssertEqual(store.meals(matching: "stout").count, count)
    XCTAssertEqual(store.meals(matching: "simmer 7.").count, 1)

    // The same connection edits after it: what it added finds its place beside the rest.
    var draft = try store.editableCopy(of: 3)
    draft.name = "Aardvark stew 宫保鸡丁"
    try store.commit(draft)
    _ = try save(Self.soup, in: store)
    XCTAssertEqual(store.meals(matching: "aardv").count, 1)
    XCTAssertEqual(store.meals(matching: "宫保鸡丁").count, 1)
    XCTAssertEqual(store.meals(matching: "鸡").count, 1)
    XCTAssertEqual(store.meals(matching: "stout").count, count)
    XCTAssertEqual(store.meals(matching: "stout").row(at: 0)?.name, "Aardvark stew 宫保鸡丁")
    XCTAssertEqual(store.meals(matching: "simmer").count, count + 1)
    XCTAssertEqual(store.meals(matching: "r 12.").count, 1)
    XCTAssertEqual(store.meals(matching: ".").count, count + 1)
    for table in SearchIndexWorker.tables {
      try store.db.execute("INSERT INTO \(table) (\(table)) VALUES ('integrity-check')")
    }
    XCTAssertEqual(try store.integrityCheck(), "ok")

    // Let go of: the connection has the book alone, and beside it only its backups and the
    // folder that stood in the way of the other book, as it was.
    let attached = try store.db.statement("SELECT name FROM pragma_database_list").rows {
      $0.text(0)
    }
    XCTAssertFalse(attached.contains(SearchIndexWorker.schema), "\(attached)")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.url.path).sorted()
    XCTAssertFalse(files.contains("meals.sqlite" + SearchIndexWorker.suffix), "\(files)")
    XCTAssertFalse(files.contains { $0.hasSuffix("-journal") }, "\(files)")
    XCTAssertTrue(files.contains("one-core.sqlite" + SearchIndexWorker.suffix), "\(files)")
  }

  /// A big book's backup is made on the other core while this one puts the names in order:
  /// the file as it was, kept twice; one that cannot be made stops the upgrade, nothing changed.
  func testABigBooksBackupIsTheBookAsItWasAndWithoutOneNothingChanges() throws {
    let count = SearchIndexWorker.fromMeals + 10
    let blocked = try bookAndCopy(meals: count, named: "blocked.sqlite", blocking: ".bak.new")
    let store = try openStore()
    XCTAssertEqual(store.schemaVersion, Schema.migrations.count)
    XCTAssertEqual(store.meals(matching: "stew 2010").row(at: 0)?.name, "Stew 2010")
    for backup in [path + ".bak.1", path + ".v1.bak"] {
      let copy = try SQLiteConnection(path: backup, readOnly: true)
      XCTAssertEqual(try copy.statement("PRAGMA user_version").scalar(), 1, backup)
      XCTAssertEqual(try copy.statement("SELECT count(*) FROM meal").scalar(), Int64(count))
      XCTAssertEqual(try copy.statement("PRAGMA integrity_check").rows { $0.text(0) }, ["ok"])
    }
    XCTAssertThrowsError(try MealStore(path: blocked)) { error in
      XCTAssertTrue(
        (error as? StoreError)?.message.hasPrefix("Cannot back up the database before upgrading")
          == true, "\(error)")
    }
    let untouched = try SQLiteConnection(path: blocked, readOnly: true)
    XCTAssertEqual(try untouched.statement("PRAGMA user_version").scalar(), 1)
    XCTAssertEqual(try untouched.statement("SELECT count(*) FROM meal").scalar(), Int64(count))
  }

  /// A file left beside the book by an upgrade a kill stopped is replaced, not read.
  func testAFileLeftByAStoppedUpgradeIsNotRead() throws {
    try Self.makeVersion1Database(at: path, meals: SearchIndexWorker.fromMeals)
    try Data("left by a kill".utf8).write(
      to: URL(fileURLWithPath: self.path + SearchIndexWorker.suffix))
    var parts: [String] = []
    let store = try MealStore(path: path, upgradeProgress: { parts.append($0.part) })
    XCTAssertTrue(parts.contains("search indexes copied in"), "\(parts)")
    XCTAssertEqual(store.meals(matching: "stout").count, SearchIndexWorker.fromMeals)
    XCTAssertFalse(FileManager.default.fileExists(atPath: path + SearchIndexWorker.suffix))
  }

  /// Another program's change after the backup was made: the backup is not the book the
  /// upgrade reads, so the indexes are built on this core, from the book, with that change.
  func testAChangeMadeAfterTheBackupIsInTheSearchIndexes() throws {
    try Self.makeVersion1Database(at: path, meals: SearchIndexWorker.fromMeals)
    var parts: [String] = []
    var written: Result<Void, Error>?
    let store = try MealStore(
      path: path,
      upgradeProgress: { [path] progress in
        parts.append(progress.part)
        // Said as the upgrade's transaction begins, before it has read or locked anything.
        guard progress.part == "names in order", written == nil else { return }
        written = Result {
          let other = try SQLiteConnection(path: path)
          try other.execute(
            Self.firstSchemaMeal(
              id: 999_999, name: "Zebra cake", ingredients: "Flour", instructions: "Bake."))
          other.close()
        }
      })
    XCTAssertNoThrow(try written?.get())
    XCTAssertTrue(parts.contains("word index"), "\(parts)")
    XCTAssertFalse(parts.contains("search indexes copied in"), "\(parts)")
    XCTAssertEqual(store.mealCount, SearchIndexWorker.fromMeals + 1)
    XCTAssertEqual(store.meals(matching: "zebra").row(at: 0)?.name, "Zebra cake")
    XCTAssertEqual(store.meals(matching: "stout").count, SearchIndexWorker.fromMeals)
  }

  /// A first-schema book of `meals` at `path`, and a copy of it `named` with a folder where
  /// it would write the file its path and `blocking` name; the copy's path.
  func bookAndCopy(meals: Int, named: String, blocking: String) throws -> String {
    try Self.makeVersion1Database(at: path, meals: meals)
    let copy = folder.path(named)
    try FileManager.default.copyItem(atPath: path, toPath: copy)
    try FileManager.default.createDirectory(
      atPath: copy + blocking, withIntermediateDirectories: false)
    return copy
  }

  /// Every row of `table`, each as SQL literals, in order.
  /// (The structure record of an FTS5 index without its first 4 bytes, its config cookie.)
  static func rows(of table: String, in store: MealStore) throws -> [String] {
    let columns = try store.db.statement("SELECT name FROM pragma_table_info(?)")
      .rows([.text(table)]) { $0.text(0) }
    let row = columns.map { column in
      table.hasSuffix("_data") && column == "block"
        ? "quote(CASE id WHEN 10 THEN substr(block, 5) ELSE block END)" : "quote(\"\(column)\")"
    }.joined(separator: " || ',' || ")
    return try store.db.statement("SELECT \(row) FROM \"\(table)\" ORDER BY 1").rows { $0.text(0) }
  }
}
