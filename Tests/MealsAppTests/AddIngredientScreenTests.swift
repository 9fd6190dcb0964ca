import Fixtures
import MealsApp
import MealsCore
import MealsNet
import TerminalUI
import TestSupport
import XCTest

final class AddIngredientScreenTests: XCTestCase {
  /// A new meal's editor with `+ Add ingredient` opened.
  private func openPicker(_ app: AppHarness) {
    app.press(.character("n"), .character("i"))
  }

  func testPickerListsTheCatalogueSortedWithDescriptionMarkers() throws {
    let app = try AppHarness(size: Size(width: 50, height: 12))
    openPicker(app)
    XCTAssertEqual(
      app.lines,
      [
        " My Meals › New Meal › Add Ingredient",
        " Filter:",
        "                                   50 ingredients",
        "▸ Apricot",
        "  Avocado",
        "  Basil                                         ◆",
        "  Bay Leaf",
        "  Bay Leaves",
        "  Beef                                          ◆",
        "  Butter                                        ◆",
        "",
        " Enter choose  → details (◆)  Esc back  F1 help",
      ], "nothing failed: no retry offered (#58)")
  }

  func testTypingFiltersIgnoringCaseAndAccents() throws {
    let app = try AppHarness()
    openPicker(app)
    app.type("GRUYERE")
    XCTAssertEqual(
      app.lines[3],
      "▸ Gruyère                                                                     ◆")
    XCTAssertEqual(app.lines[4], "")
    app.press(.ctrl("u"))
    app.type("zzz")
    XCTAssertEqual(app.lines[3], "▸ Use “zzz” (new ingredient)", "nothing matches: a new name")
    XCTAssertEqual(app.lines[4], "")
  }

  // MARK: - Ingredients of the user's own

  func testOfflineOnAFreshDatabaseATypedNameBecomesTheUsersOwnIngredient() throws {
    let app = try AppHarness(size: Size(width: 60, height: 14), catalogue: false)
    app.service.answerIngredients(with: .failure(.cannotConnect("127.0.0.1")))
    openPicker(app)
    XCTAssertTrue(app.text.contains("Or type a name to use an ingredient of your own."), app.text)
    app.type("Flour")
    XCTAssertEqual(app.lines[3], "▸ Use “Flour” (new ingredient)")
    app.press(.enter)
    XCTAssertTrue(app.text.contains("Quantity of Flour (new):"), app.text)
    app.type("200 g")
    app.press(.enter)
    XCTAssertEqual(app.lines[0], " My Meals › New Meal")
    XCTAssertTrue(app.text.contains("Flour"), app.text)
    XCTAssertTrue(app.text.contains("200 g"), app.text)
    // Kept as the user's own: the picker finds it next time, marked.
    app.press(.character("i"))
    app.type("flo")
    XCTAssertEqual(app.lines[3], "▸ Flour  yours")
    XCTAssertEqual(app.lines[4], "  Use “flo” (new ingredient)")
    app.press(.ctrl("u"))
    app.type("FLOUR")
    XCTAssertEqual(app.lines[4], "", "its name (in any case) is not offered again as new")
    XCTAssertEqual(try app.store.ingredient(named: "flour")?.name, "Flour")
    // TheMealDB's list still comes in later, and leaves the user's own alone.
    XCTAssertTrue(try app.store.isCatalogueEmpty(), "own ingredients are not the catalogue")
    try app.store.replaceCatalogue(
      MealDBDecoder.ingredients(from: PackagePaths.fixture("ingredients.json")))
    try app.store.replaceCatalogue(
      MealDBDecoder.ingredients(from: PackagePaths.fixture("ingredients.json")))
    XCTAssertEqual(app.store.ingredientCount, 49, "TheMealDB's Flour is the user's row still")
    let own = app.store.ingredients(matching: "flour")
    XCTAssertEqual(own.row(at: 0)?.name, "Flour")
    XCTAssertEqual(own.row(at: 0)?.isOwn, true)
  }

  func testANameTheCatalogueLacksIsOfferedAfterItsMatches() throws {
    let app = try AppHarness()
    openPicker(app)
    app.type("Dragonfruit jam")
    XCTAssertEqual(app.lines[3], "▸ Use “Dragonfruit jam” (new ingredient)")
    app.press(.ctrl("u"))
    app.type("garl")
    XCTAssertTrue(app.lines[3].hasPrefix("▸ Garlic "), app.lines[3])
    XCTAssertEqual(app.lines[4], "  Use “garl” (new ingredient)", "last, after the matches")
    app.press(.ctrl("u"))
    app.type("GARLIC")
    XCTAssertEqual(app.lines[4], "", "the catalogue has it: nothing new to offer")
  }

  func testTheBrowseIngredientListLeavesOutTheUsersOwn() throws {
    let app = try AppHarness()
    try app.store.addOwnIngredient("Dragonfruit jam")
    app.press(.character("b"))
    let browse = app.lines.firstIndex { $0.contains("Ingredients") } ?? 0
    XCTAssertGreaterThan(browse, 0)
    app.press(.down, .down, .down, .enter)
    XCTAssertEqual(app.lines[0], " My Meals › Browse › Ingredients")
    app.type("dragon")
    XCTAssertEqual(
      app.lines[3], "  No ingredient matches “dragon”.", "TheMealDB has no meals with it")
  }

  /// The measurement cannot be empty (the seed's validation); the error says how to write one
  /// without an amount.
  func testQuantityPromptAddsThroughTheDelegateAndRefusesAnEmptyQuantity() throws {
    let app = try AppHarness()
    openPicker(app)
    app.type("salt")
    app.press(.enter)
    XCTAssertTrue(app.text.contains("Quantity of Salt:"), app.text)
    XCTAssertTrue(app.text.contains("Enter to add (to taste, a pinch…)"), app.text)
    app.press(.enter)
    XCTAssertTrue(app.text.contains("Quantity of Salt:"), "refused: the prompt stays")
    XCTAssertTrue(app.text.contains("Write how much — for one without an amount,"), app.text)
    XCTAssertFalse(app.text.contains("Added Salt"), app.text)
    app.type("to taste")
    app.press(.enter)
    XCTAssertEqual(app.lines[0], " My Meals › New Meal")
    XCTAssertTrue(app.text.contains("INGREDIENTS (1)"), app.text)
    XCTAssertTrue(app.text.contains("to taste"), app.text)
    app.press(.character("i"))
    app.type("garl")
    app.press(.enter)
    XCTAssertTrue(app.text.contains("Quantity of Garlic:"))
    app.press(.escape)
    XCTAssertFalse(app.text.contains("Quantity of Garlic:"), "Esc cancels the prompt only")
    XCTAssertEqual(app.lines[0], " My Meals › New Meal › Add Ingredient")
    app.press(.enter)
    app.type("3 cloves")
    app.press(.enter)
    XCTAssertEqual(app.lines[0], " My Meals › New Meal")
    XCTAssertTrue(app.text.contains("INGREDIENTS (2)"))
    XCTAssertTrue(app.text.contains("Garlic"))
    XCTAssertTrue(app.text.contains("3 cloves"))
  }

  func testDetailPagerWithFixedTitleAndPosition() throws {
    let app = try AppHarness(size: Size(width: 50, height: 14))
    openPicker(app)
    app.type("fennel seeds")
    app.press(.right)
    XCTAssertEqual(app.lines[0], " … › New Meal › Add Ingredient › Fennel Seeds")
    XCTAssertEqual(app.lines[1], "  Fennel Seeds")
    XCTAssertEqual(app.lines[3], "  Type: Spice")
    XCTAssertTrue(app.lines[11].hasSuffix("lines 1–8 of 62 (12%)"))
    app.press(.character("G"))
    XCTAssertEqual(app.lines[1], "  Fennel Seeds", "the title never scrolls away")
    XCTAssertTrue(app.lines[11].hasSuffix("lines 55–62 of 62 (100%)"))
    app.press(.character("b"), .character("k"))
    XCTAssertTrue(app.lines[11].hasSuffix("lines 47–54 of 62 (87%)"))
    app.press(.character("g"), .character(" "))
    XCTAssertTrue(app.lines[11].hasSuffix("lines 8–15 of 62 (24%)"))
  }

  func testAnIngredientWithoutDescriptionSaysSo() throws {
    let app = try AppHarness()
    openPicker(app)
    app.press(.right)
    XCTAssertEqual(app.lines[22], " Apricot has no description.")
  }

  func testEmptyCatalogueOffersTheImportAgain() throws {
    let app = try AppHarness(catalogue: false)
    app.service.answerIngredients(with: .failure(.timedOut))
    openPicker(app)
    XCTAssertEqual(
      app.lines[3], "  The ingredient list is empty: TheMealDB did not answer in time. Try again.")
    XCTAssertEqual(app.lines[4], "  Ctrl-R imports it from TheMealDB.")
    XCTAssertTrue(app.lines[23].contains("Ctrl-R retry import"), app.lines[23])
    app.press(.ctrl("r"))
    XCTAssertEqual(app.service.ingredientRequests.count, 2)
    XCTAssertEqual(app.lines[3], "  Importing the ingredient list from TheMealDB…")
    app.service.answerIngredients(with: .success([Ingredient(name: "Salt")]))
    XCTAssertEqual(app.lines[3], "▸ Salt")
  }
}
