import MealsApp
import MealsCore
import TerminalUI
import XCTest

@testable import MealsStore

/// Another program holding the write lock: a change waits (keys keep working), then lands; after
/// 10 s it is given up with the message, and nothing was changed.
final class BusyDatabaseTests: XCTestCase {
  private var app: AppHarness!
  /// A second connection to the same file, as another `meals` would hold it.
  private var other: MealStore!

  override func setUpWithError() throws {
    app = try AppHarness(size: Size(width: 80, height: 12))
    _ = try app.store.createMeal(name: "Apple pie", instructions: "Bake.")
    _ = try app.store.createMeal(name: "Toast", instructions: "Toast.")
    other = try MealStore(path: app.folder.path("meals.sqlite"))
  }

  override func tearDown() {
    try? other.db.execute("ROLLBACK")
    other = nil
    app = nil
  }

  private func lock() throws { try other.db.execute("BEGIN IMMEDIATE") }
  private func unlock() throws { try other.db.execute("COMMIT") }
  private var statusLine: String { app.lines[10] }

  func testADeleteWaitsForTheLockWhileKeysWorkThenLands() throws {
    try lock()
    app.press(.character("d"))
    XCTAssertTrue(
      statusLine.hasPrefix(" Waiting for another meals to finish writing…"), statusLine)
    XCTAssertTrue(statusLine.hasSuffix(" 10 s"), statusLine)
    XCTAssertTrue(app.lines[1].hasSuffix("2 meals"), "not shown as done before it is")
    app.press(.down)
    XCTAssertTrue(app.lines[3].hasPrefix("▸ Toast"), "keys work meanwhile")
    app.wait(1_000)
    XCTAssertTrue(statusLine.hasSuffix(" 9 s"), statusLine)
    XCTAssertEqual(app.store.mealCount, 2)
    try unlock()
    app.wait(250)
    XCTAssertEqual(statusLine, " Deleted “Apple pie” — u undoes, T lists Recently Deleted.")
    XCTAssertTrue(app.lines[1].hasSuffix("1 meal"))
    XCTAssertEqual(app.store.meals().row(at: 0)?.name, "Toast", "the meal selected at d is gone")
  }

  func testChangesWaitingTogetherLandInTheirOrder() throws {
    try lock()
    app.press(.character("f"), .character("d"))
    XCTAssertTrue(statusLine.contains("2 changes · 10 s"), statusLine)
    try unlock()
    app.wait(250)
    XCTAssertEqual(app.store.mealCount, 1)
    app.press(.character("u"))
    XCTAssertNotNil(
      app.store.favouritedAt(mealID: try XCTUnwrap(app.store.mealIDs(named: "Apple pie").first)),
      "the favourite landed before the delete, and came back with the meal")
  }

  func testAfterTenSecondsTheChangeIsGivenUpAndCanBeMadeAgain() throws {
    try lock()
    app.press(.character("d"))
    for _ in 0..<39 { app.wait(250) }
    XCTAssertTrue(statusLine.hasPrefix(" Waiting for another meals"), "still waiting at 9.75 s")
    XCTAssertTrue(statusLine.hasSuffix(" 1 s"), statusLine)
    app.wait(250)
    XCTAssertEqual(
      statusLine, " Error: Busy in another program for 10 s; nothing was saved. Try again.")
    XCTAssertTrue(app.lines[2].hasPrefix("▸ Apple pie"))
    try unlock()
    XCTAssertEqual(app.store.mealCount, 2, "nothing was changed")
    app.wait(250)
    app.press(.character("d"))
    XCTAssertEqual(app.store.mealCount, 1, "d again deletes it")
  }

  func testAnEditorSaveWaitsWithTheEditorOpenThenCloses() throws {
    app.press(.enter, .enter, .ctrl("u"))
    app.type("Apple crumble")
    app.press(.enter)
    try lock()
    app.press(.character("s"))
    XCTAssertTrue(app.lines[0].hasPrefix(" My Meals › Apple crumble"), app.lines[0])
    XCTAssertTrue(statusLine.hasPrefix(" Waiting for another meals"), statusLine)
    try unlock()
    app.wait(250)
    XCTAssertEqual(app.lines[0].trimmingCharacters(in: .whitespaces), "My Meals")
    XCTAssertEqual(statusLine, " Saved “Apple crumble”.")
    XCTAssertEqual(app.store.mealIDs(named: "Apple crumble").count, 1)
  }

  func testAnEditorClosedWhileItsSaveWaitedSavesNothing() throws {
    app.press(.enter, .enter, .ctrl("u"))
    app.type("Apple crumble")
    app.press(.enter)
    try lock()
    app.press(.character("s"), .escape, .character("y"))
    XCTAssertEqual(app.lines[0].trimmingCharacters(in: .whitespaces), "My Meals")
    try unlock()
    app.wait(250)
    XCTAssertEqual(app.store.mealIDs(named: "Apple crumble"), [])
    XCTAssertEqual(app.store.mealIDs(named: "Apple pie").count, 1)
    XCTAssertEqual(try app.store.unsavedDrafts(), [], "the kept draft went with the discard")
  }

  /// A change lands whatever screen is on top; what its screen does after it (a message that
  /// offers its `u`, a selection) reaches it only while it is still open.
  func testAChangeLandsAfterItsScreenClosedAndTellsTheScreenNothing() throws {
    app.press(.character("f"), .character("F"))
    XCTAssertEqual(app.lines[0].trimmingCharacters(in: .whitespaces), "My Meals › Favourites")
    try lock()
    app.press(.character("f"), .escape)
    XCTAssertEqual(app.lines[0].trimmingCharacters(in: .whitespaces), "My Meals")
    XCTAssertTrue(statusLine.hasPrefix(" Waiting for another meals"), statusLine)
    try unlock()
    app.wait(250)
    let pie = try XCTUnwrap(app.store.mealIDs(named: "Apple pie").first)
    XCTAssertNil(app.store.favouritedAt(mealID: pie), "the change the user made landed")
    XCTAssertFalse(
      statusLine.contains("u puts it back"), "no offer of a key on a screen that is gone")
    XCTAssertFalse(app.lines[2].contains("★"), app.lines[2])
  }
}
