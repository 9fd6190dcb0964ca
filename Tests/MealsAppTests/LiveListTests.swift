import MealsCore
import MealsStore
import TerminalUI
import XCTest

@testable import MealsApp

/// The lists over the store keep the selection on the same meal when the store changes under
/// them (another screen, another `meals`), and move to its neighbour when it goes.
final class LiveListTests: XCTestCase {
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
}
