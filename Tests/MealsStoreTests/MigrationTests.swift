import Foundation
import MealsCore
import TestSupport
import XCTest

@testable import MealsStore

/// A file written by an earlier version opens, is backed up first, and keeps every row, id
/// and time.
final class MigrationTests: StoreTestCase {
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
}
