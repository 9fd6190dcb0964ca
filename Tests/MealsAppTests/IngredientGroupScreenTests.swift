import MealsApp
import MealsCore
import TerminalUI
import XCTest

/// Ingredients in groups on screen: headings over them in the editor and on Meal Detail, `H`
/// in the editor to set one, and moving a row across a heading.
final class IngredientGroupScreenTests: XCTestCase {
  private func pie(_ app: AppHarness) throws -> Int64 {
    var meal = Meal(name: "Pie", instructions: "Make the pastry.\nFill and bake.")
    meal.ingredients = [
      IngredientMeasurement(name: "butter", quantity: "1 tbsp"),
      IngredientMeasurement(name: "flour", quantity: "250 g", group: "For the pastry"),
      IngredientMeasurement(name: "apples", quantity: "6", group: "Filling"),
      IngredientMeasurement(name: "sugar", quantity: "50 g", group: "Filling"),
    ]
    var draft = MealDraft(of: nil)
    draft.meal = meal
    return try app.store.commit(draft)
  }

  func testTheEditorShowsHeadingsAndHSetsOne() throws {
    let app = try AppHarness(size: Size(width: 60, height: 24))
    let id = try pie(app)
    app.press(.enter)
    XCTAssertEqual(
      Array(app.lines[8...15]),
      [
        " INGREDIENTS (4)",
        "   butter                             1 tbsp",
        "   For the pastry",
        "     flour                            250 g",
        "   Filling",
        "     apples                           6",
        "     sugar                            50 g",
        "   + Add ingredient",
      ], app.text)
    // On apples: `H`, a new heading for it and sugar.
    app.press(.down, .down, .down, .down, .character("H"))
    app.press(.ctrl("u"))
    app.type("Fruit")
    app.press(.enter)
    XCTAssertEqual(
      app.lines[22], " 2 ingredients under “Fruit” (not saved yet) — u undoes it.")
    XCTAssertEqual(app.lines[12], "   Fruit")
    // Flour moved up crosses its heading first: it joins butter, in no group.
    app.press(.up, .character("K"))
    XCTAssertEqual(
      Array(app.lines[9...12]),
      [
        "   butter                             1 tbsp",
        " ▸ flour                              250 g",
        "   Fruit",
        "     apples                           6",
      ], app.text)
    app.press(.character("s"))
    XCTAssertEqual(
      try app.store.meal(id: id)?.ingredients.map(\.group),
      ["", "", "Fruit", "Fruit"])
  }
}
