import Foundation
import MealsCore
import MealsStore
import TestSupport
import XCTest

/// The kitchen in the real app: servings up, the shopping list, and its export to a file.
final class KitchenEndToEndTests: XCTestCase {
  var folder: TemporaryFolder!
  var database: String { folder.path("meals.sqlite") }

  override func setUpWithError() throws {
    folder = try TemporaryFolder()
    let store = try MealStore(path: database)
    var draft = MealDraft(of: nil)
    draft.meal = Meal(
      name: "Pancakes", instructions: "1. Mix for 2 minutes.\n2. Fry.",
      ingredients: [
        IngredientMeasurement(name: "Flour", quantity: "100g"),
        IngredientMeasurement(name: "Milk", quantity: "1/2 cup"),
        IngredientMeasurement(name: "Salt", quantity: "Pinch"),
      ], servings: 2)
    try store.commit(draft)
  }

  override func tearDown() {
    folder.remove()
  }

  func testServingsUpThenTheListExportedToAFile() throws {
    // Port 1 is closed: nothing here needs TheMealDB. The app runs in the test's folder, where
    // the export is offered by default.
    let tmux = try TmuxSession(
      "cd \(folder.url.path) && "
        + Products.mealsCommand("--db \(database) --api-url http://127.0.0.1:1/api/json/v1/1/"))
    try tmux.waitFor("1 meal")
    try tmux.press("c")
    try tmux.waitFor("Ingredients · serves 2")
    try tmux.press("+", "+")
    var screen = try tmux.waitFor("serves 4 (recipe: 2)")
    XCTAssertTrue(screen.contains("200 g"), screen)
    XCTAssertTrue(screen.contains("1 cup"), screen)
    try tmux.press("l")
    try tmux.waitFor("3 ingredients of “Pancakes” for 4 servings")
    try tmux.press("Escape", "L")
    screen = try tmux.waitFor("Shopping List")
    XCTAssertTrue(screen.contains("[ ] 200 g"), screen)
    try tmux.press("Space")
    try tmux.waitFor("1 ticked")
    try tmux.press("e")
    try tmux.waitFor("Export the shopping list to")
    try tmux.press("Enter")
    try tmux.waitFor("Wrote the shopping list (3 rows) to shopping-list.md")
    XCTAssertEqual(
      try String(contentsOfFile: folder.path("shopping-list.md"), encoding: .utf8),
      """
      # Shopping list

      - [ ] 1 cup Milk (Pancakes)
      - [ ] Pinch Salt (Pancakes)
      - [x] 200 g Flour (Pancakes)

      """)
    try tmux.press("q", "q")
    try tmux.waitFor("EXIT=0")
  }
}
