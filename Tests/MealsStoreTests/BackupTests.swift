import Foundation
import MealsCore
import TestSupport
import XCTest

@testable import MealsStore

/// The daily backup rotates `.bak.1`–`.bak.3`; a backup can be checked and put back.
final class BackupTests: StoreTestCase {
  func testOneBackupADayRotatingThree() throws {
    let store = try openStore()
    var time = 1_700_000_000.0
    store.clock = { time }
    for day in 1...4 {
      _ = try save(Meal(name: "Day \(day)", instructions: "Cook."), in: store)
      XCTAssertTrue(try store.backUpIfDue(), "day \(day)")
      XCTAssertFalse(try store.backUpIfDue(), "once a day only")
      time += 3_600
      XCTAssertFalse(try store.backUpIfDue(), "an hour later: still not due")
      time += 86_400
    }
    // .1 holds 4 meals (day 4), .2 three, .3 two; day 1's copy rotated out.
    for (number, meals) in [(1, 4), (2, 3), (3, 2)] {
      XCTAssertEqual(try MealStore.inspectBackup(number: number, of: path).mealCount, meals)
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".bak.4"))
    XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".bak.new"))
    // The clock was a year ahead when the last one was made: the next start still makes one.
    time -= 365 * 86_400
    XCTAssertTrue(try store.backUpIfDue())
  }

  /// A backup is copied page by page, 4 MB at a time: an interrupt (at quit) stops it between
  /// them with no file left and the backups as they were; the next one is whole.
  func testAnInterruptedBackupLeavesNoFileAndTheBackupsAsTheyWere() throws {
    let store = try openStore()
    _ = try save(Meal(name: "First", instructions: "Cook."), in: store)
    try store.backUp()
    // More than one step's pages: 6 MB of instructions.
    _ = try save(
      Meal(name: "Long", instructions: String(repeating: "Stir well. ", count: 600_000)),
      in: store)
    let reader = try SQLiteConnection(path: path, readOnly: true)
    reader.interrupt()
    XCTAssertThrowsError(try MealStore.backUp(with: reader, time: 1_700_000_000)) { error in
      XCTAssertEqual((error as? StoreError)?.message, "Database error: interrupted.")
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".bak.new"), "no file left")
    XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".bak.2"), "nothing rotated")
    XCTAssertEqual(try MealStore.inspectBackup(number: 1, of: path).mealCount, 1)

    try MealStore.backUp(with: reader, time: 1_700_000_000)
    XCTAssertEqual(try MealStore.inspectBackup(number: 1, of: path).mealCount, 2)
    XCTAssertEqual(try MealStore.inspectBackup(number: 2, of: path).mealCount, 1)
    let copy = try SQLiteConnection(path: path + ".bak.1", readOnly: true)
    XCTAssertEqual(
      try copy.statement("PRAGMA journal_mode").rows { $0.text(0) }, ["delete"],
      "a copy in rollback mode: opening it leaves no log beside it")
    XCTAssertEqual(
      try copy.statement("SELECT length(instructions) FROM meal WHERE name = 'Long'").scalar(),
      6_600_000)
  }

  func testRestoringABackupKeepsTheCurrentContentsAside() throws {
    let store = try openStore()
    _ = try save(Meal(name: "Kept", instructions: "Cook."), in: store)
    try store.backUpIfDue()
    _ = try save(Meal(name: "Later", instructions: "Cook."), in: store)
    XCTAssertEqual(store.mealCount, 2)

    try MealStore.restoreBackup(number: 1, of: path)
    XCTAssertTrue(store.checkForExternalChanges(), "a meals already running notices")
    XCTAssertEqual(store.mealCount, 1, "and sees the restored file")
    let reopened = try openStore()
    XCTAssertEqual(reopened.meals().row(at: 0)?.name, "Kept")
    let aside = try MealStore(path: path + ".before-restore")
    XCTAssertEqual(aside.mealCount, 2, "what was there before is kept")
  }

  func testAMissingOrDamagedBackupIsAClearErrorAndChangesNothing() throws {
    let store = try openStore()
    _ = try save(Meal(name: "Mine", instructions: "Cook."), in: store)
    XCTAssertThrowsError(try MealStore.restoreBackup(number: 2, of: path)) { error in
      XCTAssertEqual((error as? StoreError)?.message, "There is no backup 2 (\(path).bak.2).")
    }
    try Data("not a database at all, just text".utf8).write(
      to: URL(fileURLWithPath: path + ".bak.1"))
    XCTAssertThrowsError(try MealStore.restoreBackup(number: 1, of: path)) { error in
      XCTAssertEqual((error as? StoreError)?.kind, .notADatabase)
    }
    XCTAssertEqual(try openStore().mealCount, 1)
    XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".before-restore"))
  }
}
