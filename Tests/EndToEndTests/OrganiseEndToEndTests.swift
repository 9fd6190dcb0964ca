import Fixtures
import Foundation
import MealsCore
import MealsStore
import TestSupport
import XCTest

/// Favourites and chips in the real app: they survive a restart, and another meals sees them.
final class OrganiseEndToEndTests: XCTestCase {
  var folder: TemporaryFolder!
  var database: String { folder.path("meals.sqlite") }

  override func setUpWithError() throws {
    folder = try TemporaryFolder()
    let store = try MealStore(path: database)
    for (name, category, area) in [
      ("Beef Stew", "Beef", "Irish"), ("Carbonara", "Pasta", "Italian"),
      ("Lasagne", "Pasta", "Italian"), ("Toast", "Breakfast", "British"),
    ] {
      var draft = MealDraft(of: nil)
      draft.meal = Meal(name: name, instructions: "Cook.", category: category, area: area)
      try store.commit(draft)
    }
  }

  override func tearDown() {
    folder.remove()
  }

  private func start() throws -> TmuxSession {
    // Port 1 is closed: nothing here needs TheMealDB.
    let tmux = try TmuxSession(
      Products.mealsCommand("--db \(database) --api-url http://127.0.0.1:1/api/json/v1/1/"))
    try tmux.waitFor("4 meals")
    return tmux
  }

  func testFavouritesAndChipsSurviveARestartAndReachAnotherMeals() throws {
    let other = try start()
    try other.press("F")
    try other.waitFor("0 favourites")
    var tmux = try start()
    try tmux.press("Down", "f")
    try tmux.waitFor("★ Added “Carbonara” to Favourites")
    // The other meals, on its Favourites page, hears of it within a second.
    let seen = try other.waitFor("1 favourite", timeout: 1.5)
    XCTAssertTrue(seen.contains("▸ Carbonara"), seen)
    try tmux.press("Tab", "Right", "Right", "Right", "Enter")
    var screen = try tmux.waitFor("2 of 4 meals match")
    XCTAssertTrue(screen.contains("[✓ Pasta 2]"), screen)
    try tmux.press("Escape", "q")
    try tmux.waitFor("EXIT=0")

    tmux = try TmuxSession(
      Products.mealsCommand("--db \(database) --api-url http://127.0.0.1:1/api/json/v1/1/"))
    screen = try tmux.waitFor("2 of 4 meals match")
    XCTAssertTrue(screen.contains("✓ Pasta 2"), "the chips chosen before quitting")
    XCTAssertTrue(screen.contains("Carbonara"))
    XCTAssertTrue(screen.contains("★"), screen)
    try tmux.press("F")
    screen = try tmux.waitFor("1 favourite")
    XCTAssertTrue(screen.contains("▸ Carbonara"), screen)
  }
}
