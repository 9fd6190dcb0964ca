import MealsCore
import TerminalUI
import XCTest

@testable import MealsApp

/// The Pantry and What can I cook, used as a person would: keys in, the screen read back.
final class PantryScreenTests: XCTestCase {
  private func app() throws -> AppHarness {
    let app = try AppHarness(size: Size(width: 80, height: 24))
    for (name, lines) in [
      ("Omelette", ["3 eggs", "20 g butter", "salt"]),
      ("Shakshuka", ["4 eggs", "400 g tomatoes, chopped", "1 tsp paprika", "1 red pepper"]),
      (
        "Pad Thai",
        ["200 g rice noodles", "200 g prawns", "2 tbsp fish sauce", "1 lime", "peanuts"]
      ),
    ] {
      _ = try app.save(
        Meal(
          name: name, instructions: "Cook.",
          ingredients: lines.map { IngredientLine.split($0) }))
    }
    app.navigator.clearStatus()
    return app
  }

  func testItemsAreAddedRemovedPutBackAndFiltered() throws {
    let app = try app()
    app.press(.character("H"))
    XCTAssertTrue(app.text.contains("The pantry is empty."), app.text)
    app.press(.character("a"))
    app.type("6 eggs, butter,  , Tomatoes")
    app.press(.enter)
    XCTAssertEqual(
      app.lines[2...4].map { $0.trimmingCharacters(in: .whitespaces) },
      [
        "eggs      6", "butter", "▸ Tomatoes",
      ])
    XCTAssertEqual(app.store.pantryItems().map(\.name), ["eggs", "butter", "Tomatoes"])
    app.press(.up, .character("d"))
    XCTAssertEqual(app.store.pantryItems().map(\.name), ["eggs", "Tomatoes"])
    XCTAssertTrue(app.text.contains("Took “butter” out of the pantry — u puts it back."), app.text)
    app.press(.character("u"))
    XCTAssertEqual(app.store.pantryItems().map(\.name), ["eggs", "Tomatoes", "butter"])
    app.press(.character("/"))
    app.type("TOM")
    app.press(.enter)
    XCTAssertTrue(app.lines[1].contains("1 of 3 items hold “TOM” · always: salt"), app.lines[1])
    XCTAssertEqual(app.lines[2], "▸ Tomatoes")
    app.press(.escape)
    XCTAssertTrue(app.lines[1].contains("3 items"), app.lines[1])
    app.press(.escape)
    XCTAssertEqual(app.navigator.top?.title, "My Meals", "Esc with no filter goes back")
  }

  func testMealsRankedByWhatIsMissingAndOnlyThatGoesOnTheList() throws {
    let app = try app()
    try app.store.addToPantry(["eggs", "butter", "tomato"].map(Pantry.Item.init(line:)))
    app.press(.character("C"))
    XCTAssertEqual(app.lines[2], "▸ Omelette   nothing missing")
    XCTAssertEqual(app.lines[3], "  Shakshuka  missing: paprika, red pepper")
    XCTAssertFalse(app.text.contains("Pad Thai"), "five missing: more than 3")
    XCTAssertTrue(app.lines[1].hasSuffix("2 meals · missing at most 3 · 3 items at home"))
    app.press(.character("+"), .character("+"))
    XCTAssertEqual(
      app.lines[4], "  Pad Thai   missing: rice noodles, prawns, fish sauce, lime, peanuts")
    app.press(.down, .character("l"))
    XCTAssertEqual(
      app.store.shoppingItems().map { "\($0.measure) \($0.ingredient)" },
      ["1 tsp paprika", "1 red pepper"])
    app.press(.character("H"), .character("a"))
    app.type("paprika")
    app.press(.enter, .escape)
    XCTAssertEqual(
      app.lines[3], "▸ Shakshuka  missing: red pepper", "the pantry's change ranks again")
  }

  func testTheShoppingListShowsWhatIsAtHomeApartAndBuysItOnlyWhenAsked() throws {
    let app = try app()
    try app.store.addToPantry([Pantry.Item(name: "Egg")])
    app.app.context.pantryFromShopping = true
    let omelette = try XCTUnwrap(app.store.mealIDs(named: "Omelette").first)
    let meal = try XCTUnwrap(try app.store.meal(id: omelette))
    try app.store.addToShoppingList(
      mealRef: .saved(omelette), mealName: "Omelette", ingredients: meal.ingredients)
    app.press(.character("L"))
    XCTAssertEqual(app.lines[1].trimmingCharacters(in: .whitespaces), "2 rows · 1 at home")
    XCTAssertEqual(app.lines[2], "▸ [ ] 20 g  butter  for Omelette")
    XCTAssertEqual(app.lines[3], "  [ ]       salt    for Omelette", "a staple is no pantry item")
    XCTAssertEqual(app.lines[4], "   ⌂  3     eggs    at home · for Omelette")
    app.press(.down, .down, .character("A"))
    XCTAssertTrue(app.lines[1].hasSuffix("3 rows"), app.lines[1])
    XCTAssertEqual(app.lines[3], "▸ [ ] 3     eggs    for Omelette")
    // Ticked off with pantry-from-shopping: butter is at home now.
    app.press(.up, .character(" "))
    XCTAssertEqual(app.store.pantryItems().map(\.name), ["Egg", "butter"])
    XCTAssertEqual(
      ShoppingList.markdown(
        ShoppingList.rows(
          app.store.shoppingItems(), pantry: Pantry(items: app.store.pantryItems(), staples: []))),
      "# Shopping list\n\n- [ ] 3 eggs (Omelette)\n- [ ] salt (Omelette)\n",
      "what is at home is not exported (butter, bought, is at home now); eggs are bought anyway")
  }
}
