import Files
import Fixtures
import MealsCore
import TerminalUI
import XCTest

/// The other screens at every size, each from the keys a user presses to reach it.
extension ScreenSizesTests {
  func testWelcomeAtEverySize() throws {
    try check("welcome") { size in
      let app = try AppHarness(size: size)
      app.navigator.clearStatus()
      return app
    }
  }

  func testFavouritesAtEverySize() throws {
    try check("favourites") { size in
      let app = try stocked(size)
      app.press(.character("F"))
      return app
    }
  }

  func testRecentlyDeletedAtEverySize() throws {
    try check("recently-deleted") { size in
      let app = try stocked(size)
      app.press(.character("d"), .character("T"))
      return app
    }
  }

  func testShoppingListAtEverySize() throws {
    try check("shopping-list") { size in
      let app = try stocked(size)
      app.press(.character("l"), .character("L"), .character(" "))
      app.navigator.clearStatus()
      return app
    }
  }

  /// The same list in the shop's order (meals' own aisles: no `aisle.conf` yet), each aisle
  /// over its rows, the ticked one under `Ticked`.
  func testShoppingListInAislesAtEverySize() throws {
    try check("shopping-list-aisles") { size in
      let app = try stocked(size)
      app.app.context.aisleFile = AisleFile(path: app.folder.path(AisleFile.name))
      app.press(.character("l"), .character("L"), .character(" "))
      app.navigator.clearStatus()
      return app
    }
  }

  func testCookModeChecklistAtEverySize() throws {
    try check("cook-mode-checklist") { size in
      let app = try stocked(size)
      app.press(.character("c"), .character(" "))
      return app
    }
  }

  func testCookModeStepAtEverySize() throws {
    try check("cook-mode-step") { size in
      let app = try stocked(size)
      app.press(.character("c"), .right, .right)
      app.navigator.clearStatus()
      return app
    }
  }

  func testBrowseAtEverySize() throws {
    try check("browse") { size in
      let app = try AppHarness(size: size)
      app.navigator.clearStatus()
      app.press(.character("b"), .down)
      return app
    }
  }

  func testAreasAtEverySize() throws {
    try check("areas") { size in
      let app = try AppHarness(size: size)
      app.navigator.clearStatus()
      app.press(.character("b"), .down, .down, .enter)
      app.service.answer(.areas)
      app.press(.down)
      return app
    }
  }

  func testIngredientsAtEverySize() throws {
    try check("ingredients") { size in
      let app = try AppHarness(size: size)
      app.navigator.clearStatus()
      app.press(.character("b"), .down, .down, .down, .enter)
      app.type("b")
      app.press(.down)
      return app
    }
  }

  func testAddIngredientAtEverySize() throws {
    try check("add-ingredient") { size in
      let app = try AppHarness(size: size)
      app.navigator.clearStatus()
      app.press(.character("n"), .character("i"))
      app.type("Dragonfruit")
      return app
    }
  }

  func testIngredientDetailAtEverySize() throws {
    try check("ingredient-detail") { size in
      let app = try AppHarness(size: size)
      app.navigator.clearStatus()
      app.press(.character("n"), .character("i"))
      app.type("Basil")
      app.press(.right)
      return app
    }
  }

  func testEditNameAtEverySize() throws {
    try check("edit-name") { size in
      let app = try stocked(size)
      app.press(.enter, .enter)
      app.type(" al forno")
      return app
    }
  }

  func testEditInstructionsAtEverySize() throws {
    try check("edit-instructions") { size in
      let app = try stocked(size)
      app.press(.enter, .down, .enter, .down, .end)
      return app
    }
  }

  func testCategoryPickerAtEverySize() throws {
    try check("value-picker") { size in
      let app = try stocked(size)
      // The Category row: six rows up from Rating, the last.
      app.press(.enter, .character("G"))
      for _ in 0..<6 { app.press(.character("k")) }
      app.press(.enter)
      return app
    }
  }

  func testImportFromALinkAtEverySize() throws {
    try check("import-link") { size in
      let app = try AppHarness(size: size)
      app.navigator.clearStatus()
      app.press(.character("i"), .paste("https://example.org/soup"), .enter)
      app.service.answerPage(
        html: String(
          decoding: try PackagePaths.fixture("pages/jsonld-graph.html"), as: UTF8.self))
      app.navigator.clearStatus()
      return app
    }
  }

  func testWeekPlanAtEverySize() throws {
    try check("week-plan") { size in
      let app = try AppHarness(size: size, clock: { WeekPlanScreenTests.tuesday })
      for meal in try AppHarness.fixtureMeals().prefix(3) { _ = try app.store.storeFound(meal) }
      let tuesday = try XCTUnwrap(CivilDate(year: 2026, month: 12, day: 1))
      try app.store.plan(mealID: 1, on: tuesday, slot: .dinner, servings: 4)
      try app.store.plan(mealID: 2, on: tuesday.adding(days: 3), slot: .lunch, servings: 2)
      try app.store.plan(mealID: 3, on: tuesday.adding(days: 3), slot: .dinner, servings: 6)
      app.navigator.clearStatus()
      app.press(.character("W"), .down)
      return app
    }
  }

  /// `s` on the Week Plan: this week's dinners from Tuesday suggested, each saying why.
  func testWeekPlanSuggestionsAtEverySize() throws {
    try check("week-plan-suggestions") { size in
      let app = try AppHarness(size: size, clock: { WeekPlanScreenTests.tuesday })
      for meal in try AppHarness.fixtureMeals() { _ = try app.store.storeFound(meal) }
      let tuesday = try XCTUnwrap(CivilDate(year: 2026, month: 12, day: 1))
      try app.store.plan(mealID: 1, on: tuesday.adding(days: 3), slot: .dinner, servings: 4)
      try app.store.logCooking(mealID: 2, on: tuesday.adding(days: -40))
      try app.store.addToPantry([Pantry.Item(line: "6 eggs")])
      app.navigator.clearStatus()
      app.press(.character("W"), .character("s"))
      app.app.context.counter.finishAll()
      app.navigator.clearStatus()
      return app
    }
  }

  /// A meal's history (`h` on Meal Detail): four versions, the second selected.
  func testMealHistoryAtEverySize() throws {
    try check("meal-history") { size in
      var time = WeekPlanScreenTests.tuesday - 3 * 86_400
      let clock = Clock(time)
      let app = try AppHarness(size: size, clock: { clock.now })
      let id = try app.save(
        Meal(
          name: "Stew", instructions: "Brown the beef quickly.\nSimmer for two hours.",
          ingredients: [
            IngredientMeasurement(name: "beef", quantity: "1 kg"),
            IngredientMeasurement(name: "onions", quantity: "2"),
          ]))
      let changes: [(inout Meal) -> Void] = [
        { $0.name = "Beef Stew" },
        { $0.instructions = "Brown the beef slowly.\nSimmer for two hours." },
        {
          $0.ingredients[0].quantity = "1.5 kg"
          $0.ingredients.append(IngredientMeasurement(name: "stout", quantity: "500 ml"))
        },
      ]
      for change in changes {
        time += 86_400
        clock.now = time
        var draft = try app.store.editableCopy(of: id)
        change(&draft.meal)
        try app.store.commit(draft)
      }
      clock.now = WeekPlanScreenTests.tuesday + 3_600
      app.navigator.clearStatus()
      app.press(.character("v"), .character("h"), .down)
      return app
    }
  }

  /// The fixed time a golden is drawn at, moved by the test before it draws.
  final class Clock: @unchecked Sendable {
    var now: Double
    init(_ now: Double) { self.now = now }
  }

  /// Recently Cooked (`R`): three meals of the cook log, the latest first.
  func testRecentlyCookedAtEverySize() throws {
    try check("recently-cooked") { size in
      let app = try AppHarness(size: size, clock: { WeekPlanScreenTests.tuesday })
      for meal in try AppHarness.fixtureMeals() { _ = try app.store.storeFound(meal) }
      let tuesday = try XCTUnwrap(CivilDate(year: 2026, month: 12, day: 1))
      try app.store.logCooking(mealID: 1, on: tuesday.adding(days: -30), servings: 4)
      try app.store.logCooking(mealID: 3, on: tuesday.adding(days: -2))
      try app.store.logCooking(mealID: 1, on: tuesday, note: "more garlic", rating: 5)
      try app.store.logCooking(mealID: 2, on: tuesday.adding(days: -100))
      app.navigator.clearStatus()
      app.press(.character("R"), .down)
      return app
    }
  }

  /// Serving to a phone, one phone in (the server a stand-in, so the address and code are fixed).
  func testServeToAPhoneAtEverySize() throws {
    try check("serve") { size in
      let (app, started) = try ServeScreenTests.app(size: size)
      app.press(.character("P"))
      started().first?.pairedCount = 1
      app.wait(1_100)
      app.navigator.clearStatus()
      return app
    }
  }
}
