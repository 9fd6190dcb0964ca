import Fixtures
import Foundation
import MealsCore
import TestSupport
import XCTest

@testable import MealsStore

/// Bad database files give a clear error and are never overwritten.
final class StoreFaultTests: StoreTestCase {
  private func write(_ bytes: Data) throws {
    try bytes.write(to: URL(fileURLWithPath: path))
  }

  private func bytes() throws -> Data { try Data(contentsOf: URL(fileURLWithPath: path)) }

  func testAFileThatIsNotSQLiteIsRefusedAndLeftAlone() throws {
    let text = Data(String(repeating: "my shopping list\n", count: 300).utf8)
    try write(text)
    XCTAssertThrowsError(try openStore()) { error in
      XCTAssertEqual((error as? StoreError)?.kind, .notADatabase)
      XCTAssertTrue((error as? StoreError)?.message.contains("not a meals database") ?? false)
    }
    XCTAssertEqual(try bytes(), text)
    XCTAssertFalse(FileManager.default.fileExists(atPath: path + "-wal"))
  }

  func testACorruptDatabaseIsReportedAndLeftAlone() throws {
    do {
      let store = try openStore()
      for index in 0..<200 {
        _ = try store.createMeal(
          name: "Meal \(index)", instructions: String(repeating: "x", count: 500))
      }
      try store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }
    var damaged = try bytes()
    XCTAssertGreaterThan(damaged.count, 8192)
    // Keep the header, scribble over the pages after the first.
    for offset in 4096..<damaged.count { damaged[offset] = UInt8(truncatingIfNeeded: offset * 31) }
    try write(damaged)
    var failure: StoreError?
    do {
      let store = try openStore()
      let results = store.meals()
      for index in 0..<results.count { _ = results.row(at: index) }
      failure = results.lastError
      if failure == nil, try store.integrityCheck() != "ok" {
        failure = StoreError(.corrupt, "integrity")
      }
    } catch {
      failure = error as? StoreError
    }
    XCTAssertNotNil(failure, "the damage is found")
    XCTAssertTrue(
      [.corrupt, .notADatabase, .failure].contains(failure?.kind), "\(String(describing: failure))")
  }

  func testAFileThatCannotBeWrittenOpensReadOnly() throws {
    do {
      let store = try openStore()
      _ = try store.createMeal(name: "Tea", instructions: "Steep.")
      try store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }
    // Tests run as root, which ignores permission bits: make the file immutable instead.
    guard try chattr("+i") == 0 else {
      throw XCTSkip("chattr +i is not possible on this file system")
    }
    defer { _ = try? chattr("-i") }
    let before = try bytes()
    let store = try openStore()
    XCTAssertTrue(store.isReadOnly, "a file meals cannot write opens read-only, not as an error")
    XCTAssertEqual(store.mealCount, 1)
    XCTAssertThrowsError(try store.createMeal(name: "Coffee", instructions: "Brew.")) { error in
      XCTAssertEqual((error as? StoreError)?.kind, .readOnly)
      // Said why (#58): the user cannot write the file.
      XCTAssertEqual(
        (error as? StoreError)?.message,
        "The database is open read-only (you cannot write the file \(path)); nothing was changed.")
    }
    XCTAssertEqual(try bytes(), before)
  }

  /// Sets or clears a file attribute of the database file; returns chattr's exit status.
  private func chattr(_ flag: String) throws -> Int32 {
    try runProcess(["/usr/bin/env", "chattr", flag, path]).status
  }

  func testAMissingFolderIsAClearError() {
    XCTAssertThrowsError(try MealStore(path: folder.path("no/such/folder/meals.sqlite"))) { error in
      XCTAssertEqual((error as? StoreError)?.kind, .cannotOpen)
      XCTAssertTrue((error as? StoreError)?.message.contains("does not exist") ?? false)
    }
  }

  func testADatabaseFromANewerVersionIsRefused() throws {
    do {
      let store = try openStore()
      try store.db.execute("PRAGMA user_version = 99")
    }
    XCTAssertThrowsError(try openStore()) { error in
      XCTAssertEqual((error as? StoreError)?.kind, .newerVersion)
    }
  }

  func testALockedDatabaseWaitsThenReports() throws {
    let store = try openStore()
    let other = try openStore()
    try other.db.execute("BEGIN IMMEDIATE")
    store.db.setBusyTimeout(milliseconds: 200)
    let start = Date()
    XCTAssertThrowsError(try store.createMeal(name: "Tea", instructions: "Steep.")) { error in
      XCTAssertEqual((error as? StoreError)?.kind, .busy)
      XCTAssertEqual(
        (error as? StoreError)?.message,
        "The database is busy in another program; nothing was saved. Try again.")
    }
    XCTAssertGreaterThanOrEqual(
      Date().timeIntervalSince(start), 0.15, "it waited for the lock first")
    try other.db.execute("ROLLBACK")
    XCTAssertEqual(store.mealCount, 0)
    XCTAssertNoThrow(try store.createMeal(name: "Tea", instructions: "Steep."))
  }
}
