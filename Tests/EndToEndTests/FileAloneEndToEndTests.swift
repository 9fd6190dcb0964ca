import Fixtures
import Foundation
import TestSupport
import XCTest

/// People copy `meals.sqlite` alone to back up a book or move it: after quit, and after a
/// quiet spell while the app runs, that copy is the whole book.
final class FileAloneEndToEndTests: ServerTestCase {
  /// The app on a new book with the sync folder `sync`, after it saved Spicy Arrabiata Penne.
  private func startAndSaveAMeal(database: String, sync: String) throws -> TmuxSession {
    let tmux = try TmuxSession(
      Products.mealsCommand(
        "--db \(database) --api-url \(server.baseURL())",
        environment: "MEALS_SYNC_FOLDER=\(sync)"))
    try tmux.waitFor("Imported 50 ingredients from TheMealDB.")
    try tmux.press("a")
    try tmux.type("arrabiata")
    try tmux.waitFor("1 meal found for “arrabiata”.")
    try tmux.press("Down", "Enter")
    try tmux.waitFor("Saved “Spicy Arrabiata Penne” to My Meals.")
    return tmux
  }

  /// What `meals list` prints for a copy of `database` alone (no -wal, no -shm beside it).
  private func listOfACopy(of database: String, named name: String) throws -> String {
    let copy = folder.path(name)
    try FileManager.default.copyItem(atPath: database, toPath: copy)
    let (status, output, errors) = try runProcess([Products.meals, "--db", copy, "list"])
    XCTAssertEqual(status, 0, errors)
    return output
  }

  func testACopyOfTheFileAloneAfterQuitIsTheWholeBook() throws {
    let tmux = try startAndSaveAMeal(database: database, sync: folder.path("Recipes"))
    try tmux.press("q")
    try tmux.waitFor("EXIT=0")
    XCTAssertTrue(
      try listOfACopy(of: database, named: "copy.sqlite").contains("Spicy Arrabiata Penne"))
    let beside = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
    XCTAssertFalse(beside.contains("meals.sqlite-wal"), "the log is folded in: \(beside)")
    XCTAssertFalse(
      beside.contains { $0.hasSuffix(".sync-lock") }, "no lock is left beside the book: \(beside)")
  }

  func testACopyMadeWhileTheAppRunsAfterAQuietSpellIsTheWholeBook() throws {
    let tmux = try startAndSaveAMeal(database: database, sync: folder.path("Recipes"))
    // A quiet spell (3 s) after the save, then the worker's checkpoint.
    let deadline = Date().addingTimeInterval(15)
    var listed = ""
    var attempt = 0
    while Date() < deadline {
      attempt += 1
      listed = try listOfACopy(of: database, named: "copy\(attempt).sqlite")
      if listed.contains("Spicy Arrabiata Penne") { break }
      usleep(500_000)
    }
    XCTAssertTrue(
      listed.contains("Spicy Arrabiata Penne"),
      "a copy of the file alone, made while the app is open, holds the meal: \(listed)")
    let screen = try tmux.capture()
    XCTAssertTrue(screen.contains("Spicy Arrabiata Penne"), "the app runs on:\n\(screen)")
    try tmux.press("q")
    try tmux.waitFor("EXIT=0")
  }
}

/// A backup restores over the damaged book it exists to repair, and every message about a
/// damaged book names the backups and the command.
final class RestoreOverDamageEndToEndTests: XCTestCase {
  var folder: TemporaryFolder!

  override func setUpWithError() throws {
    folder = try TemporaryFolder()
  }

  override func tearDown() {
    folder.remove()
  }

  /// A book of four meals with a backup of it, then `damage` done to the file.
  private func damagedBook(_ name: String, damage: (FileHandle) throws -> Void) throws -> String {
    let path = folder.path(name)
    let meals = (1...4).map { folder.path("meal\($0).json") }
    for (number, file) in meals.enumerated() {
      try Data(#"{"name":"Meal \#(number + 1)","instructions":"Cook it."}"#.utf8)
        .write(to: URL(fileURLWithPath: file))
    }
    let imported = try runProcess([Products.meals, "--db", path, "import"] + meals)
    XCTAssertEqual(imported.status, 0, imported.errors)
    try FileManager.default.copyItem(atPath: path, toPath: path + ".bak.1")
    let handle = try XCTUnwrap(FileHandle(forUpdatingAtPath: path))
    try damage(handle)
    try handle.close()
    return path
  }

  private func restoreAnsweringYes(_ path: String) throws -> (status: Int32, output: String) {
    let restore = try ChildProcess([Products.meals, "--db", path, "--restore-backup", "1"])
    let asked = restore.read(until: "(y/n)")
    restore.write("y\n")
    restore.closeInput()
    let rest = restore.read(until: "\u{0}", timeout: 10)
    return (restore.wait(), asked + rest)
  }

  func testABackupRestoresOverATruncatedBookAndKeepsTheDamagedFile() throws {
    let path = try damagedBook("meals.sqlite") { try $0.truncate(atOffset: 65_536) }
    let listed = try runProcess([Products.meals, "--db", path, "list"])
    XCTAssertEqual(listed.status, 1)
    XCTAssertTrue(listed.errors.contains("is damaged"), listed.errors)
    XCTAssertTrue(listed.errors.contains("Backups beside it: 1 (made "), listed.errors)
    XCTAssertTrue(listed.errors.contains("meals --db \(path) --restore-backup 1"), listed.errors)

    let (status, output) = try restoreAnsweringYes(path)
    XCTAssertEqual(status, 0, output)
    XCTAssertTrue(output.contains("(damaged: "), output)
    XCTAssertTrue(output.contains("Restored backup 1."), output)
    let after = try runProcess([Products.meals, "--db", path, "list"])
    XCTAssertEqual(after.status, 0, after.errors)
    XCTAssertEqual(after.output.split(separator: "\n").count, 4, after.output)
    let kept = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
      .filter { $0.hasPrefix("meals.sqlite.damaged-") && !$0.hasSuffix("-wal") }
    XCTAssertEqual(kept.count, 1, "the damaged file is kept aside: \(kept)")
    let keptSize = try FileManager.default.attributesOfItem(atPath: folder.path(kept[0]))[.size]
    XCTAssertEqual(keptSize as? Int, 65_536, "kept as it was")
  }

  func testABackupRestoresOverABookWhoseStartWasOverwritten() throws {
    let path = try damagedBook("overwritten.sqlite") { handle in
      try handle.seek(toOffset: 0)
      handle.write(Data(repeating: 0x30, count: 100))
    }
    let listed = try runProcess([Products.meals, "--db", path, "list"])
    XCTAssertEqual(listed.status, 1)
    XCTAssertTrue(
      listed.errors.contains("is damaged (it is no longer an SQLite file)"), listed.errors)
    XCTAssertTrue(listed.errors.contains("--restore-backup 1"), listed.errors)
    let (status, output) = try restoreAnsweringYes(path)
    XCTAssertEqual(status, 0, output)
    let after = try runProcess([Products.meals, "--db", path, "list"])
    XCTAssertEqual(after.output.split(separator: "\n").count, 4, after.output + after.errors)
  }
}
