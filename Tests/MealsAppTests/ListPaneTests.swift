import MealsCore
import MealsStore
import TerminalUI
import XCTest

@testable import MealsApp

/// The lists over the store keep the selection on the same meal when the store changes under
/// them (another screen, another `meals`), and move to its neighbour when it goes.
final class ListPaneTests: XCTestCase {
  private func selectedRow(_ app: AppHarness) -> String? {
    app.lines.first { $0.hasPrefix("▸") }
  }

  func testRecentlyDeletedKeepsTheSelectedMealWhenAnotherIsDeleted() throws {
    let app = try AppHarness(size: Size(width: 60, height: 14))
    let ids = try ["Apple pie", "Borscht", "Chowder", "Dal"].map {
      try app.store.createMeal(name: $0, instructions: "Cook.")
    }
    for id in ids.prefix(3) { try app.store.deleteMeal(id: id) }
    app.press(.character("T"))
    XCTAssertTrue(
      selectedRow(app)?.hasPrefix("▸ Chowder") == true, app.lines.joined(separator: "\n"))
    app.press(.down)
    XCTAssertTrue(selectedRow(app)?.hasPrefix("▸ Borscht") == true)
    // Deleted elsewhere: it comes in at the top, and the bar stays on Borscht.
    try app.store.deleteMeal(id: ids[3])
    XCTAssertTrue(app.lines.contains { $0.contains("Dal") })
    XCTAssertTrue(
      selectedRow(app)?.hasPrefix("▸ Borscht") == true, app.lines.joined(separator: "\n"))
    // Erased elsewhere: the bar moves to the row that took its place.
    try app.store.eraseDeleted(id: ids[1])
    XCTAssertTrue(
      selectedRow(app)?.hasPrefix("▸ Apple pie") == true, app.lines.joined(separator: "\n"))
  }

  func testFavouritesKeepTheSelectedMealWhenAnotherBecomesOne() throws {
    let app = try AppHarness(size: Size(width: 60, height: 14))
    let ids = try ["Apple pie", "Borscht", "Chowder"].map {
      try app.store.createMeal(name: $0, instructions: "Cook.")
    }
    for (offset, id) in ids.prefix(2).enumerated() {
      try app.store.setFavourite(true, mealID: id, at: Double(offset + 1))
    }
    app.press(.character("F"))
    app.press(.down)
    XCTAssertTrue(
      selectedRow(app)?.hasPrefix("▸ Apple pie") == true, app.lines.joined(separator: "\n"))
    try app.store.setFavourite(true, mealID: ids[2], at: 10)
    XCTAssertTrue(app.lines.contains { $0.contains("Chowder") })
    XCTAssertTrue(
      selectedRow(app)?.hasPrefix("▸ Apple pie") == true, app.lines.joined(separator: "\n"))
  }

  func testMealPickerFiltersAndChoosesTheMealUnderTheBar() throws {
    let app = try AppHarness(size: Size(width: 60, height: 14))
    for name in ["Apple pie", "Borscht", "Beef stew"] {
      _ = try app.store.createMeal(name: name, instructions: "Cook.")
    }
    app.press(.character("W"), .character("a"))
    app.type("b")
    app.press(.down)
    XCTAssertTrue(
      selectedRow(app)?.hasPrefix("▸ Borscht") == true, app.lines.joined(separator: "\n"))
    app.press(.enter)
    XCTAssertTrue(
      app.lines.joined().contains("Borscht"), "the plan prompt names the chosen meal")
    app.press(.enter)
    XCTAssertEqual(
      app.store.planEntries(from: CivilDate(daysSince1970: 0), days: 40_000).map(
        \.mealName), ["Borscht"])
  }

  /// The lists read whole (the pantry, the shopping list, What can I cook) follow one rule: a
  /// change only marks them stale, the next update step reads, the bar stays on its row, a
  /// failed read keeps the rows and says why, and a row a write just added is selected once read.
  func testAListReadWholeReadsAtTheUpdateStepAndKeepsItsRow() {
    var stored = ["apple", "bread", "cheese"]
    var failure: StoreError?
    var reads = 0
    let pane = ListPane<String, String> { $0 }
    func read() throws(StoreError) -> [String] {
      reads += 1
      if let failure { throw failure }
      return stored
    }
    var said: [StoreError] = []
    pane.prepare(read: read, failed: { said.append($0) })
    XCTAssertEqual(pane.rows, stored)
    pane.prepare(read: read, failed: { said.append($0) })
    XCTAssertEqual(reads, 1, "nothing changed: no read")
    pane.select(1)
    stored = ["apple", "avocado", "bread", "cheese"]
    pane.markStale()
    XCTAssertEqual(pane.rows.count, 3, "a change reads nothing by itself")
    pane.prepare(read: read, failed: { said.append($0) })
    XCTAssertEqual(pane.selected, "bread", "the bar stays on its row")
    stored.removeAll { $0 == "bread" }
    pane.markStale()
    pane.prepare(read: read, failed: { said.append($0) })
    XCTAssertEqual(pane.selected, "cheese", "its neighbour takes its place")
    failure = StoreError(.failure, "disk I/O error")
    pane.markStale()
    pane.prepare(read: read, failed: { said.append($0) })
    XCTAssertEqual(pane.rows, ["apple", "avocado", "cheese"], "the rows read before stay")
    XCTAssertNotNil(pane.readError)
    XCTAssertEqual(said.count, 1)
    failure = nil
    stored.append("dates")
    pane.markStale()
    pane.select(id: "dates")
    pane.prepare(read: read, failed: { said.append($0) })
    XCTAssertNil(pane.readError)
    XCTAssertEqual(pane.selected, "dates", "the row a write added is selected once read")
  }
}
