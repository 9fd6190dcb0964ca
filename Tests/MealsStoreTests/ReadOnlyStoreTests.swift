import Fixtures
import Foundation
import MealsCore
import TestSupport
import XCTest

@testable import MealsStore

/// `--read-only`: everything reads, every change is refused with one message, and nothing is
/// written behind the user's back (no backup, no purge, no cache, no upgrade).
final class ReadOnlyStoreTests: StoreTestCase {
  private func bytes() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

  /// A file with two meals (one a favourite), one in the trash for 40 days, checkpointed.
  private func makeDatabase() throws -> (soup: Int64, tea: Int64) {
    let store = try openStore()
    store.clock = { 1_000_000 }
    let soup = try save(Self.soup, in: store)
    let tea = try store.createMeal(name: "Tea", instructions: "Steep.")
    try store.setFavourite(true, mealID: tea)
    let old = try store.createMeal(name: "Old toast", instructions: "Burn.")
    try store.deleteMeal(id: old)
    try store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    return (soup, tea)
  }

  private func assertRefused(
    _ change: @autoclosure () throws -> some Any, file: StaticString = #filePath, line: UInt = #line
  ) {
    XCTAssertThrowsError(try change(), file: file, line: line) { error in
      XCTAssertEqual((error as? StoreError)?.kind, .readOnly, file: file, line: line)
      XCTAssertEqual(
        (error as? StoreError)?.message,
        "The database is open read-only (--read-only); nothing was changed.",
        file: file, line: line)
    }
  }

  func testEverythingReadsAndEveryChangeIsRefusedWithOneMessage() throws {
    let (soup, tea) = try makeDatabase()
    let before = try bytes()
    let store = try MealStore(path: path, readOnly: true)
    store.clock = { 1_000_000 + 40 * 86_400 }
    XCTAssertTrue(store.isReadOnly)
    XCTAssertEqual(store.mealCount, 2)
    XCTAssertEqual(try store.meal(id: soup)?.ingredients.count, 3)
    XCTAssertEqual(store.meals(matching: "soup").count, 1)
    XCTAssertNotNil(store.favouritedAt(mealID: tea))

    assertRefused(try store.createMeal(name: "Coffee", instructions: "Brew."))
    assertRefused(try store.deleteMeal(id: soup))
    assertRefused(try store.setFavourite(false, mealID: tea))
    assertRefused(try store.restoreLastDeleted())
    assertRefused(
      try store.addToShoppingList(
        mealRef: .saved(tea), mealName: "Tea", ingredients: Self.soup.ingredients))
    var draft = try store.editableCopy(of: soup)
    draft.name = "Chicken Soup, renamed"
    assertRefused(try store.commit(draft))
    assertRefused(try store.keepDraft(draft, slot: nil))

    // What meals writes on its own is skipped, silently: no purge, no backup, no cache.
    XCTAssertEqual(try store.purgeTrash(), 0)
    XCTAssertFalse(store.isBackupDue)
    XCTAssertNoThrow(try store.keepAnswer(Data("{}".utf8), for: "search:tea"))
    XCTAssertNil(store.cachedAnswer(for: "search:tea"))

    XCTAssertEqual(try bytes(), before, "the file is as it was")
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: MealStore.backupPath(of: path, number: 1)))
    let writable = try openStore()
    XCTAssertEqual(writable.mealCount, 2)
    XCTAssertEqual(try writable.meal(id: soup)?.name, "Chicken Soup")
  }

  func testAMissingFileIsNotCreated() {
    XCTAssertThrowsError(try MealStore(path: path, readOnly: true)) { error in
      XCTAssertEqual((error as? StoreError)?.kind, .cannotOpen)
      XCTAssertEqual(
        (error as? StoreError)?.message, "There is no database at \(self.path) to open read-only.")
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: path))
  }

  func testAnEarlierSchemaIsNotUpgradedReadOnly() throws {
    try Self.makeVersion1Database(at: path, meals: 3)
    let before = try bytes()
    XCTAssertThrowsError(try MealStore(path: path, readOnly: true)) { error in
      XCTAssertEqual((error as? StoreError)?.kind, .readOnly)
      XCTAssertTrue(
        (error as? StoreError)?.message.contains("must be upgraded") ?? false,
        "\(error)")
    }
    XCTAssertEqual(try bytes(), before)
    XCTAssertEqual(try MealStore(path: path).mealCount, 3, "a writable open still upgrades it")
  }

  /// A file in a folder meals cannot write is read as immutable: its name goes into a URI.
  func testAnImmutableOpenReadsAFileWhoseNameNeedsEscaping() throws {
    let odd = folder.path("we?ek #1 100% & más.sqlite")
    do {
      let store = try MealStore(path: odd)
      _ = try store.createMeal(name: "Tea", instructions: "Steep.")
      try store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }
    let connection = try SQLiteConnection(path: odd, immutable: true)
    XCTAssertEqual(try connection.statement("SELECT name FROM meal").rows { $0.text(0) }, ["Tea"])
    XCTAssertTrue(connection.openedReadOnly)
    XCTAssertEqual(SQLiteConnection.uriPath("/a b/c?d#e%f"), "/a%20b/c%3Fd%23e%25f")
  }
}
