import Foundation
import XCTest

@testable import MealsStore

/// `MealStore.isCurrent`: only a file at this version's schema may open while the terminal
/// starts; anything else (to create, to upgrade, not a database) opens first, as before.
final class CurrentSchemaProbeTests: StoreTestCase {
  func testAFileThisVersionMadeIsCurrent() throws {
    _ = try openStore()
    XCTAssertTrue(MealStore.isCurrent(path: path))
  }

  func testAnEarlierSchemaIsNotCurrentUntilItIsUpgraded() throws {
    try Self.makeVersion1Database(at: path, meals: 3)
    XCTAssertFalse(MealStore.isCurrent(path: path), "version 1 must upgrade first")
    _ = try openStore()
    XCTAssertTrue(MealStore.isCurrent(path: path), "once upgraded")
  }

  func testANewerSchemaAMissingFileAndOtherFilesAreNot() throws {
    _ = try openStore()
    do {  // closed, so the change reaches the file's header
      let db = try SQLiteConnection(path: path)
      try db.execute("PRAGMA user_version = \(Schema.migrations.count + 1)")
    }
    XCTAssertFalse(MealStore.isCurrent(path: path), "made by a newer meals")
    XCTAssertFalse(MealStore.isCurrent(path: folder.path("missing.sqlite")))
    let text = folder.path("notes.txt")
    try Data(String(repeating: "Not a database. ", count: 20).utf8).write(
      to: URL(fileURLWithPath: text))
    XCTAssertFalse(MealStore.isCurrent(path: text))
    let short = folder.path("short.sqlite")
    try Data("SQLite format 3\0".utf8).write(to: URL(fileURLWithPath: short))
    XCTAssertFalse(MealStore.isCurrent(path: short), "a header cut short")
  }
}
