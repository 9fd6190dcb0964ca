import Fixtures
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

  /// `y` inside tmux, whose default set-clipboard drops OSC 52 from programs: the meal goes
  /// into tmux's own paste buffer too, and the message says how to paste it.
  func testCopyInsideTmuxFillsTmuxsPasteBuffer() throws {
    let tmux = try TmuxSession(
      Products.mealsCommand("--db \(database) --api-url http://127.0.0.1:1/api/json/v1/1/"))
    try tmux.waitFor("1 meal")
    try tmux.press("y")
    try tmux.waitFor("Copied “Pancakes” as Markdown to tmux's paste buffer (prefix ] pastes it).")
    let buffer = try tmux.tmux(["show-buffer"])
    XCTAssertTrue(buffer.hasPrefix("# Pancakes\n"), buffer)
    XCTAssertTrue(buffer.contains("100g Flour") || buffer.contains("Flour"), buffer)
    try tmux.press("q")
    try tmux.waitFor("EXIT=0")
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
    // The first row in the shop's order (meals' own aisles: dairy before baking).
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

      ## Dairy and eggs

      - [x] 1 cup Milk (Pancakes)

      ## Baking

      - [ ] 200 g Flour (Pancakes)

      ## Spices and seasonings

      - [ ] Pinch Salt (Pancakes)

      """, "in meals' own aisles (no aisle.conf yet)")
    try tmux.press("q", "q")
    try tmux.waitFor("EXIT=0")
  }

  func testShiftArrowsMoveAnIngredientAndTheWheelScrollsALongStepInTmux() throws {
    let store = try MealStore(path: database)
    var draft = MealDraft(of: nil)
    draft.meal = Meal(
      name: "Slow Stew",
      instructions: String(repeating: "stir now and then and keep the lid on the pot, ", count: 16)
        + "and simmer for 2 hours.",
      ingredients: [
        IngredientMeasurement(name: "Beef", quantity: "1 kg"),
        IngredientMeasurement(name: "Onions", quantity: "2"),
      ])
    try store.commit(draft)
    let tmux = try TmuxSession(
      Products.mealsCommand("--db \(database) --api-url http://127.0.0.1:1/api/json/v1/1/"),
      width: 60, height: 16)
    try tmux.waitFor("2 meals")
    // The editor of Slow Stew (the second row): Shift-↓ moves Beef below Onions.
    try tmux.press("Down", "Enter")
    try tmux.waitFor("INGREDIENTS (2)")
    try tmux.press("Down", "Down", "S-Down")
    var screen = try tmux.waitFor("▸ Beef")
    let onions = try XCTUnwrap(
      screen.components(separatedBy: "\n").firstIndex { $0.contains("Onions") })
    let beef = try XCTUnwrap(
      screen.components(separatedBy: "\n").firstIndex { $0.contains("Beef") })
    XCTAssertLessThan(onions, beef, screen)
    try tmux.press("S-Up")
    screen = try tmux.waitFor("▸ Beef")
    XCTAssertLessThan(
      try XCTUnwrap(screen.components(separatedBy: "\n").firstIndex { $0.contains("Beef") }),
      try XCTUnwrap(screen.components(separatedBy: "\n").firstIndex { $0.contains("Onions") }))
    // Cook Mode at 60 × 16: the step does not fit; it says so and scrolls with the wheel.
    try tmux.press("Escape", "c", "Right")
    screen = try tmux.waitFor("↓ more")
    XCTAssertTrue(screen.contains("t starts a timer for 2 hours"), screen)
    for _ in 0..<6 { try tmux.send(bytes: Array("\u{1B}[<65;10;6M".utf8)) }  // the wheel, down
    screen = try tmux.waitFor("↑ more above")
    XCTAssertTrue(screen.contains("and simmer for 2"), screen)
    try tmux.press("Escape", "q")
    try tmux.waitFor("EXIT=0")
  }

  func testPlanTwoMealsThenTheWeeksShoppingList() throws {
    // Two meals planned with p (today and tomorrow, at the slot the time of day offers: these
    // meals say no kind), W shows them, l lists them.
    let store = try MealStore(path: database)
    var draft = MealDraft(of: nil)
    draft.meal = Meal(
      name: "Soup", instructions: "Simmer.",
      ingredients: [IngredientMeasurement(name: "Leeks", quantity: "2")], servings: 2)
    try store.commit(draft)
    let tmux = try TmuxSession(
      "cd \(folder.url.path) && "
        + Products.mealsCommand("--db \(database) --api-url http://127.0.0.1:1/api/json/v1/1/"))
    try tmux.waitFor("2 meals")
    try tmux.press("p")
    try tmux.waitFor("Plan “Pancakes”")
    try tmux.press("Enter")
    try tmux.waitFor("Planned “Pancakes” for ")
    try tmux.press("j", "p")
    try tmux.waitFor("Plan “Soup”")
    try tmux.press("Right", "Enter")
    try tmux.waitFor("Planned “Soup” for ")
    try tmux.press("W")
    var screen = try tmux.waitFor("Week Plan")
    XCTAssertTrue(screen.contains("today"), screen)
    XCTAssertTrue(screen.contains("Pancakes  ×"), screen)
    // Tomorrow may be next week (on a Sunday): then it is a week on.
    if !screen.contains("Soup") {
      try tmux.press("Right")
      screen = try tmux.waitFor("Soup")
      try tmux.press("Left")
    }
    try tmux.press("l")
    try tmux.waitFor("to the shopping list — L opens it")
    try tmux.press("L")
    screen = try tmux.waitFor("Shopping List")
    XCTAssertTrue(screen.contains("100g") || screen.contains("100 g"), screen)
  }
}
