import Fixtures
import Foundation
import TestSupport
import XCTest

/// People copy `meals.sqlite` alone to back up a book or move it: after quit, and after a
/// quiet spell while the app runs, that copy is the whole book.
final class FileAloneEndToEndTests: XCTestCase {
  nonisolated(unsafe) static var server: FixtureServer?
  var folder: TemporaryFolder!

  override class func setUp() {
    server = try? FixtureServer()
  }

  override class func tearDown() {
    server?.stop()
  }

  override func setUpWithError() throws {
    folder = try TemporaryFolder()
  }

  override func tearDown() {
    folder.remove()
  }

  /// The app on a new book with the sync folder `sync`, after it saved Spicy Arrabiata Penne.
  private func startAndSaveAMeal(database: String, sync: String) throws -> TmuxSession {
    let server = try XCTUnwrap(Self.server, "the fixture server (python3) did not start")
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
    let database = folder.path("meals.sqlite")
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
    let database = folder.path("meals.sqlite")
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
