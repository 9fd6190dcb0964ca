import Fixtures
import Foundation
import MealsCore
import MealsStore
import TerminalUI
import TestSupport
import XCTest

@testable import MealsApp

/// Servings that scale, the shopping list and Cook Mode, driven by keys.
final class KitchenScreenTests: XCTestCase {
  private func appWithStew(size: Size = Size(width: 80, height: 24)) throws -> AppHarness {
    let app = try AppHarness(size: size)
    var draft = MealDraft(of: nil)
    draft.meal = Meal(
      name: "Beef Stew",
      instructions:
        "1. Brown the beef for 5 minutes.\n2. Add the stock and simmer for 1 hr 30 mins.\n3. Rest for 10-15 minutes, then serve.",
      ingredients: [
        IngredientMeasurement(name: "Beef", quantity: "500g"),
        IngredientMeasurement(name: "Stock", quantity: "1/2 cup"),
        IngredientMeasurement(name: "Salt", quantity: "Pinch"),
      ], servings: 2)
    try app.store.commit(draft)
    app.navigator.clearStatus()
    return app
  }

  // MARK: - Meal Detail

  func testMealDetailScalesWithPlusAndMinusAndLeavesTheMealAlone() throws {
    let app = try AppHarness()
    app.press(.character("r"))
    app.service.answer(.areas)
    app.press(.character("G"), .up, .up, .up, .up, .enter)  // Irish
    app.service.answer(.filter(.area, "Irish"))
    app.press(.enter)
    app.service.answer(.lookup("90010"))
    XCTAssertEqual(app.lines[5], "  INGREDIENTS (7) · serves 4 (assumed)")
    XCTAssertEqual(app.lines[6], "    Beef        1kg")
    app.press(.character("+"), .character("+"))
    XCTAssertEqual(app.lines[5], "  INGREDIENTS (7) · serves 6 (recipe: 4, assumed)")
    XCTAssertEqual(app.lines[6], "    Beef        1.5 kg")
    XCTAssertEqual(app.lines[8], "    Flour       3 tbsp")
    app.press(.character("-"), .character("-"), .character("-"))
    XCTAssertEqual(app.lines[6], "    Beef        750 g")
    // l adds at the servings shown, and nothing about the meal is stored.
    app.press(.character("l"))
    XCTAssertEqual(app.store.mealCount, 0)
    let items = app.store.shoppingItems()
    XCTAssertEqual(items.first?.measure, "750 g")
    XCTAssertEqual(items.first?.mealName, "Beef and Stout Stew")
  }

  /// `U` cycles the units on Meal Detail and Cook Mode (as written, metric, US), composed with
  /// the servings shown; the footer says which, and the meal itself is never changed.
  func testThePreviewBesideMyMealsShowsTheUnitsChosen() throws {
    let app = try appWithStew(size: Size(width: 120, height: 30))
    XCTAssertTrue(app.text.contains("1/2 cup"), app.text)
    app.press(.character("U"))
    XCTAssertTrue(app.text.contains("INGREDIENTS (3) · metric"), app.text)
    XCTAssertTrue(app.text.contains("Stock  120 ml"), app.text)
    XCTAssertFalse(app.text.contains("1/2 cup"), app.text)
    XCTAssertTrue(app.text.contains("Units: metric (the meals are not changed)."), app.text)
  }

  func testUnitsCycleOnMealDetailAndCookModeAndLeaveTheMealAlone() throws {
    let app = try appWithStew(size: Size(width: 100, height: 24))
    app.press(.character("v"))  // Beef Stew in Meal Detail
    XCTAssertEqual(app.lines[5], "  INGREDIENTS (3) · serves 2")
    XCTAssertTrue(app.lines[23].contains("U units: as written"), app.lines[23])
    app.press(.character("U"))
    XCTAssertEqual(app.lines[5], "  INGREDIENTS (3) · serves 2 · metric")
    XCTAssertEqual(app.lines[6], "    Beef   500g")
    XCTAssertEqual(app.lines[7], "    Stock  120 ml")
    XCTAssertEqual(app.lines[8], "    Salt   Pinch")
    XCTAssertTrue(app.lines[23].contains("U units: metric"), app.lines[23])
    app.press(.character("+"), .character("+"))  // 4 servings, then metric
    XCTAssertEqual(app.lines[7], "    Stock  240 ml")
    app.press(.character("U"))
    XCTAssertEqual(app.lines[6], "    Beef   2 ¼ lb")
    XCTAssertEqual(app.lines[7], "    Stock  1 cup")
    app.press(.character("c"))  // Cook Mode, in the units chosen
    let screen = { app.lines.joined(separator: "\n") }
    XCTAssertTrue(screen().contains("Ingredients · serves 2 · US · tick"), screen())
    XCTAssertTrue(screen().contains("[ ] 1 lb     Beef"), screen())
    app.press(.character("U"))
    XCTAssertTrue(screen().contains("[ ] 500g     Beef"), screen())
    // The shopping list adds up in the units shown too.
    app.press(.escape, .character("l"), .character("L"), .character("U"))
    XCTAssertTrue(screen().contains("240 ml"), screen())
    XCTAssertTrue(app.lines[1].hasSuffix("· metric"), app.lines[1])
    let id = try XCTUnwrap(app.store.mealIDs(named: "Beef Stew").first)
    XCTAssertEqual(
      try app.store.meal(id: id)?.ingredients.map(\.quantity), ["500g", "1/2 cup", "Pinch"])
  }

  // MARK: - Copying a meal

  func testYCopiesTheMealAsMarkdownFromMyMealsAndMealDetail() throws {
    let app = try appWithStew()
    app.press(.character("y"))
    guard case .clipboard(let copied)? = app.navigator.signalsSent.last else {
      return XCTFail("nothing was copied")
    }
    XCTAssertTrue(
      copied.hasPrefix("# Beef Stew\n\n- **Servings:** 2\n\n## Ingredients\n\n- 500g **Beef**\n"))
    XCTAssertTrue(app.lines.joined().contains("Copied “Beef Stew” as Markdown to the clipboard."))

    let browsing = try AppHarness()
    browsing.press(.character("r"))
    browsing.service.answer(.areas)
    browsing.press(.character("G"), .up, .up, .up, .up, .enter)  // Irish
    browsing.service.answer(.filter(.area, "Irish"))
    browsing.press(.enter)
    browsing.service.answer(.lookup("90010"))
    browsing.press(.character("y"))
    guard case .clipboard(let detail)? = browsing.navigator.signalsSent.last else {
      return XCTFail("nothing was copied from Meal Detail")
    }
    XCTAssertTrue(detail.hasPrefix("# Beef and Stout Stew\n"), detail)
    XCTAssertTrue(detail.contains("- 1kg **Beef**"), detail)
  }

  // MARK: - Shopping list

  func testTheShoppingListAddsUpTicksExportsAndAsksBeforeAddingTwice() throws {
    let app = try appWithStew()
    var draft = MealDraft(of: nil)
    draft.meal = Meal(
      name: "Cottage Pie", instructions: "Bake.",
      ingredients: [IngredientMeasurement(name: "beef", quantity: "0.5 kg")])
    try app.store.commit(draft)
    app.press(.character("l"))  // Beef Stew, the selected meal
    XCTAssertTrue(
      app.text.contains("Added 3 ingredients of “Beef Stew” for 2 servings — L opens the list."),
      app.text)
    app.press(.character("l"))
    XCTAssertTrue(app.text.contains("“Beef Stew” is on the shopping list already. Add it again?"))
    app.press(.character("n"))
    XCTAssertEqual(app.store.shoppingItems().count, 3, "n adds nothing")
    app.press(.down, .character("l"))  // Cottage Pie
    app.press(.character("L"))
    XCTAssertEqual(app.lines[0], " My Meals › Shopping List")
    XCTAssertEqual(app.lines[2], "▸ [ ] 1 kg   Beef   for Beef Stew, Cottage Pie")
    XCTAssertEqual(app.lines[3], "  [ ] Pinch  Salt   for Beef Stew")
    XCTAssertEqual(app.lines[4], "  [ ] ½ cup  Stock  for Beef Stew")
    app.press(.character(" "))
    XCTAssertEqual(app.lines[4], "  [x] 1 kg   Beef   for Beef Stew, Cottage Pie", "ticked sinks")
    XCTAssertEqual(
      app.lines[2], "▸ [ ] Pinch  Salt   for Beef Stew", "the cursor goes on to the next to buy")
    XCTAssertTrue(app.lines[1].hasSuffix("3 rows · 1 ticked"))

    // e asks where, then writes Markdown checkboxes.
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("list.md")
    app.press(.character("e"))
    XCTAssertTrue(app.text.contains("Export the shopping list to"))
    for _ in 0..<AppHarness.defaultFileName.count { app.press(.backspace) }
    app.type(path)
    app.press(.enter)
    XCTAssertEqual(
      try String(contentsOfFile: path, encoding: .utf8),
      """
      # Shopping list

      - [ ] Pinch Salt (Beef Stew)
      - [ ] ½ cup Stock (Beef Stew)
      - [x] 1 kg Beef (Beef Stew, Cottage Pie)

      """)
    // A second export asks before replacing the file.
    app.press(.character("e"))
    for _ in 0..<AppHarness.defaultFileName.count { app.press(.backspace) }
    app.type(path)
    app.press(.enter)
    XCTAssertTrue(app.lines[22].hasPrefix(" Replace /"), app.lines[22])
    XCTAssertTrue(app.lines[22].hasSuffix("? (y/n)"), "the path is cut, not the question")
    app.press(.character("y"))
    XCTAssertTrue(app.text.contains("Wrote the shopping list (3 rows)"), app.text)

    app.press(.character("y"))
    XCTAssertEqual(app.navigator.signalsSent.count, 1)
    guard case .clipboard(let copied)? = app.navigator.signalsSent.last else {
      return XCTFail("nothing was copied")
    }
    XCTAssertTrue(copied.contains("- [x] 1 kg Beef"))

    app.press(.character("x"))
    XCTAssertTrue(app.text.contains("Remove the ticked row? (y/n)"))
    app.press(.character("y"))
    XCTAssertEqual(app.store.shoppingItems().map(\.ingredient), ["Stock", "Salt"])

    // The list is kept: another start shows it.
    let again = try AppHarness(restarting: app)
    again.press(.character("L"))
    XCTAssertEqual(again.lines[1].trimmingCharacters(in: .whitespaces), "2 rows")
  }

  func testTickingMovesTheCursorToTheNextRowStillToBuy() throws {
    let app = try appWithStew()
    app.press(.character("l"), .character("L"))
    XCTAssertEqual(app.lines[2], "▸ [ ] 500 g  Beef   for Beef Stew")
    app.press(.character(" "))
    XCTAssertEqual(app.lines[4], "  [x] 500 g  Beef   for Beef Stew", "the ticked row sinks")
    XCTAssertEqual(app.lines[2], "▸ [ ] Pinch  Salt   for Beef Stew", "the cursor goes on")
    app.press(.down, .character(" "))  // Stock, the last unticked: back to the first
    XCTAssertEqual(app.lines[2], "▸ [ ] Pinch  Salt   for Beef Stew")
    app.press(.character(" "))  // every row ticked: the cursor stays on the one ticked
    XCTAssertTrue(app.lines[1].hasSuffix("3 rows · 3 ticked"))
    let selected = try XCTUnwrap(app.lines.first { $0.hasPrefix("▸") })
    XCTAssertTrue(selected.contains("Salt"), selected)
    app.press(.character(" "))  // unticked, the row rises and the cursor goes with it
    XCTAssertEqual(app.lines[2], "▸ [ ] Pinch  Salt   for Beef Stew")
  }

  func testAMealOnTheListAlreadyAsksWhicheverScreenAddsIt() throws {
    // Saved from TheMealDB and added from My Meals, then added again from Meal Detail.
    let app = try AppHarness()
    _ = try app.store.storeFound(AppHarness.fixtureMeal("Stout"))
    app.navigator.clearStatus()
    app.press(.character("l"))
    XCTAssertEqual(app.store.shoppingItems().count, 7)
    app.press(.character("b"), .down, .down, .enter)  // Areas
    app.service.answer(.areas)
    app.press(.character("G"), .up, .up, .up, .up, .enter)  // Irish
    app.service.answer(.filter(.area, "Irish"))
    app.press(.enter)
    app.service.answer(.lookup("90010"))
    app.press(.character("l"))
    XCTAssertTrue(
      app.text.contains("“Beef and Stout Stew” is on the shopping list already. Add it again?"),
      app.text)
    app.press(.character("n"))
    XCTAssertEqual(app.store.shoppingItems().count, 7, "not doubled")

    // The other way round: from Meal Detail first, then from My Meals once it is saved.
    let other = try AppHarness()
    PictureScreenTests.openStew(other)
    other.press(.character("l"), .character("s"))
    XCTAssertEqual(other.store.mealCount, 1)
    while other.navigator.stack.count > 1 { other.press(.escape) }
    other.press(.character("l"))
    XCTAssertTrue(other.text.contains("is on the shopping list already"), other.text)
  }

  // MARK: - Cook Mode

  func testCookModeGoesFromTheChecklistThroughTheSteps() throws {
    let app = try appWithStew()
    app.press(.character("c"))
    XCTAssertEqual(app.lines[0], " My Meals › Cook Mode")
    XCTAssertEqual(
      app.lines[2], "  Ingredients · serves 2 · tick them as you gather, → to start cooking")
    XCTAssertTrue(app.lines[4].hasPrefix("  [ ] 500g     Beef"), app.lines[4])
    app.press(.character(" "))
    XCTAssertTrue(app.lines[4].hasPrefix("  [x] 500g"), "Space ticks and moves down")
    app.press(.character("+"), .character("+"))
    XCTAssertTrue(app.lines[4].hasPrefix("  [x] 1 kg     Beef"), app.lines[4])
    XCTAssertTrue(app.lines[6].hasPrefix("  [ ] Pinch *  Salt"), "marked: not scaled")
    app.press(.right)
    XCTAssertTrue(app.lines[1].hasPrefix("  Step 1 of 3"), app.lines[1])
    XCTAssertTrue(app.text.contains("Brown the beef for 5 minutes."))
    XCTAssertFalse(app.text.contains("1. Brown"), "the number is Cook Mode's to show")
    app.press(.right, .right, .right)
    XCTAssertTrue(app.lines[1].hasPrefix("  Step 3 of 3"))
    XCTAssertTrue(app.text.contains("That was the last step."))
    app.press(.left)
    XCTAssertTrue(app.lines[1].hasPrefix("  Step 2 of 3"))
    app.press(.escape)
    XCTAssertEqual(app.lines[0], " My Meals", "no timer running: leaves at once")
  }

  /// The cookware a .cook file marks is under the checklist's heading, what to have at hand.
  func testCookModeSaysTheCookwareTheStepsName() throws {
    let app = try AppHarness(size: Size(width: 80, height: 24))
    var draft = MealDraft(of: nil)
    draft.meal = Meal(
      name: "Wok Noodles", instructions: "Heat the wok.\nToss the noodles in a bowl.",
      ingredients: [IngredientMeasurement(name: "noodles", quantity: "200 g")],
      cookware: [Cookware(name: "wok"), Cookware(name: "bowl (warmed)", quantity: "2")])
    try app.store.commit(draft)
    app.press(.character("c"))
    XCTAssertEqual(app.lines[3], "  Cookware: wok, bowl (warmed) (2)")
    XCTAssertTrue(app.lines[5].hasPrefix("  [ ] 200 g  noodles"), app.lines[5])
  }

  /// Meal Detail of one's own meal says what its row says: favourite, rating, time, difficulty.
  func testMealDetailOfOnesOwnMealShowsItsOwnFields() throws {
    let app = try AppHarness()
    var draft = MealDraft(of: nil)
    draft.meal = Meal(
      name: "Apple Crumble", instructions: "Bake.", category: "Dessert", favourite: true,
      rating: 4, totalMinutes: 45, difficulty: .beginner)
    try app.store.commit(draft)
    app.press(.character("v"))
    XCTAssertEqual(app.lines[2], "  Dessert · ★ ★★★★☆ · 45 min · Beginner · ✓ in My Meals")
  }

  /// A group's title stands on its own row above its ingredients, at every width (#58: it was
  /// at the right edge of the first row, `For the…` at 40 columns); ↓ steps over it.
  func testCookModeChecklistTitlesEachGroupAboveItsRows() throws {
    for size in [Size(width: 80, height: 24), Size(width: 40, height: 12)] {
      let app = try AppHarness(size: size)
      var draft = MealDraft(of: nil)
      draft.meal = Meal(
        name: "Layer Cake", instructions: "Bake.",
        ingredients: [
          IngredientMeasurement(name: "flour", quantity: "200 g", group: "For the sponge"),
          IngredientMeasurement(name: "eggs", quantity: "4", group: "For the sponge"),
          IngredientMeasurement(name: "butter", quantity: "100 g", group: "For the frosting"),
        ])
      try app.store.commit(draft)
      app.press(.character("c"))
      let rows = Array(app.lines[4...8])
      XCTAssertEqual(rows[0], "  For the sponge", "\(size): \(rows)")
      XCTAssertTrue(rows[1].hasPrefix("  [ ] 200 g  flour"), "\(size): \(rows)")
      XCTAssertTrue(rows[2].hasPrefix("  [ ] 4      eggs"), "\(size): \(rows)")
      XCTAssertEqual(rows[3], "  For the frosting", "\(size): \(rows)")
      XCTAssertTrue(rows[4].hasPrefix("  [ ] 100 g  butter"), "\(size): \(rows)")
      app.press(.character(" "), .character(" "), .character(" "))
      XCTAssertTrue(app.lines[8].hasPrefix("  [x] 100 g  butter"), app.lines[8])
    }
  }

  /// An export's notes and source (the instructions' last section, `Notes`) are read on the
  /// checklist; the steps count steps.
  func testCookModeShowsTheNotesOnTheChecklistAndCountsOnlySteps() throws {
    let app = try AppHarness(size: Size(width: 80, height: 24))
    var draft = MealDraft(of: nil)
    draft.meal = Meal(
      name: "Chicken Tikka Masala",
      instructions: """
        1. Marinate the chicken.
        2. Grill it.
        3. Simmer the sauce.
        4. Stir the chicken in.
        Notes
        A British curry house classic.
        Source: BBC Good Food
        """,
      sectionTitles: ["Notes"],
      ingredients: [IngredientMeasurement(name: "Chicken", quantity: "500 g")])
    try app.store.commit(draft)
    app.press(.character("c"))
    XCTAssertEqual(
      app.lines[3], "  Notes: A British curry house classic. · Source: BBC Good Food")
    XCTAssertTrue(app.lines[5].hasPrefix("  [ ] 500 g  Chicken"), app.lines[5])
    app.press(.right)
    XCTAssertTrue(app.lines[1].hasPrefix("  Step 1 of 4"), app.lines[1])
    app.press(.right, .right, .right)
    XCTAssertTrue(app.lines[1].hasPrefix("  Step 4 of 4"), app.lines[1])
    XCTAssertTrue(app.text.contains("Stir the chicken in."), app.text)
    app.press(.right)
    XCTAssertTrue(app.text.contains("That was the last step."), app.text)
    XCTAssertFalse(app.text.contains("Step 5"), app.text)
  }

  func testALongStepScrollsInASmallWindowWithAMoreMarkAndKeepsItsTimerHint() throws {
    let app = try AppHarness(size: Size(width: 40, height: 12))
    var draft = MealDraft(of: nil)
    draft.meal = Meal(
      name: "Slow Stew",
      instructions:
        "Brown the beef in batches in a heavy pot over a high heat, then add the onions, the carrots and the celery, stir in the flour and the tomato paste, pour in the stock and the wine, and simmer gently with the lid on for 2 hours, stirring now and then.",
      ingredients: [IngredientMeasurement(name: "Beef", quantity: "1 kg")])
    try app.store.commit(draft)
    app.press(.character("c"), .right)
    XCTAssertEqual(
      app.lines,
      [
        " My Meals › Cook Mode",
        "  Step 1 of 1   Slow Stew",
        "",
        "    Brown the beef in batches in a",
        "    heavy pot over a high heat, then",
        "    add the onions, the carrots and",
        "    the celery, stir in the flour",
        "    ↓ more (5 lines) — ↓/j scrolls",
        "",
        "    t starts a timer for 2 hours",
        "",
        " M cooked it  →/Space next step  ? help",
      ])
    app.press(.down, .down)
    XCTAssertEqual(app.lines[3], "    add the onions, the carrots and")
    app.press(.pageDown, .pageDown)
    XCTAssertEqual(
      Array(app.lines[3...7]),
      [
        "    the stock and the wine, and",
        "    simmer gently with the lid on",
        "    for 2 hours, stirring now and",
        "    then.",
        "    ↑ more above — ↑/k scrolls back",
      ])
    // The wheel scrolls too (as ↑ three times).
    app.navigator.handle(.mouse(MouseEvent(.wheelUp, row: 4, column: 10)), size: app.size)
    XCTAssertEqual(app.lines[3], "    add the onions, the carrots and")
    // t starts it; the hint then says it is counting.
    app.press(.character("t"))
    XCTAssertEqual(app.lines[8], "    ⏱ 2 hours: counting (T: timers)")
    app.press(.left, .right)
    XCTAssertEqual(
      app.lines[3], "    Brown the beef in batches in a", "a new step starts at the top")
  }

  /// `v`: one's own meal read-only in Meal Detail, its picture below 100 columns too; `+`
  /// scales it, Enter edits it and comes back to it, `p` plans the meal itself.
  func testVShowsASavedMealToReadScaleAndEdit() throws {
    let app = try AppHarness(size: Size(width: 80, height: 30), pictures: .symbols(colors: true))
    let stew = try AppHarness.fixtureMeal("Stout")
    let id = try app.store.storeFound(stew).id
    app.press(.character("v"))
    XCTAssertEqual(app.lines[0], " My Meals › Beef and Stout Stew")
    XCTAssertEqual(app.service.openPictureURLs.count, 1, "its picture, at 80 columns")
    XCTAssertTrue(app.text.contains("INGREDIENTS (7) · serves 4 (assumed)"), app.text)
    XCTAssertTrue(app.lines[29].hasPrefix(" Enter edit  + more servings"), app.lines[29])
    app.press(.character("+"), .character("+"))
    XCTAssertTrue(app.text.contains("serves 6 (recipe: 4, assumed)"), app.text)
    XCTAssertEqual(try app.store.meal(id: id)?.servings, nil, "reading changes nothing")
    app.press(.enter)
    XCTAssertEqual(app.lines[0], " My Meals › Beef and Stout Stew › Beef and Stout Stew")
    app.press(.enter, .ctrl("u"))
    app.type("Stout Stew")
    app.press(.enter, .character("s"))
    XCTAssertEqual(app.lines[0], " My Meals › Stout Stew", "back on the meal, as saved")
    XCTAssertEqual(app.lines[1], "  Stout Stew")
    app.press(.character("p"), .enter)
    XCTAssertEqual(app.store.mealCount, 1, "planned, not saved again")
    // The slot offered first follows the meal's kind, else the time of day (#58).
    let slot = app.app.context.firstSlot(for: try app.store.meal(id: id))
    XCTAssertTrue(
      app.lines[28].hasPrefix(" Planned “Stout Stew” for \(slot.rawValue)"), app.lines[28])
  }

  func testTimersCountDownRingAndOutliveCookMode() throws {
    let app = try appWithStew()
    app.press(.character("c"), .right)
    app.press(.character("t"))
    XCTAssertTrue(app.text.contains("Timer started: Step 1 · 5 minutes"), app.text)
    XCTAssertEqual(app.lines[21], " ⏱ Step 1 · 5 minutes 5:00")
    app.wait(1)
    XCTAssertEqual(app.lines[21], " ⏱ Step 1 · 5 minutes 5:00", "5:00 until a whole second passes")
    app.wait(999)
    XCTAssertEqual(app.lines[21], " ⏱ Step 1 · 5 minutes 4:59")
    XCTAssertEqual(
      app.app.context.timers.nextDeadline, app.clock.now + 1000,
      "woken for the next second, no sooner")
    // A second timer, on the next step: both count.
    app.press(.right, .character("t"))
    XCTAssertEqual(
      app.lines[21], " ⏱ Step 1 · 5 minutes 4:59  │  Step 2 · 1 hr 30 mins 1:30:00")
    app.wait(60_000)
    XCTAssertEqual(
      app.lines[21], " ⏱ Step 1 · 5 minutes 3:59  │  Step 2 · 1 hr 30 mins 1:29:00")
    XCTAssertEqual(app.navigator.signalsSent, [])
    app.wait(239_000)
    XCTAssertEqual(app.navigator.signalsSent, [.bell, .flash], "the first one ends")
    XCTAssertTrue(app.text.contains("⏰ Time's up: Beef Stew · Step 1 · 5 minutes"))
    app.press(.right)
    XCTAssertTrue(app.text.contains("Time's up"), "the message stays until acknowledged")
    app.press(.enter)
    XCTAssertFalse(app.text.contains("Time's up"))
    XCTAssertTrue(app.lines[21].contains("Step 1 · 5 minutes done"))
    // T lists the timers; x stops one.
    app.press(.character("T"))
    XCTAssertTrue(app.text.contains("Timers"))
    app.press(.down, .character("x"))
    XCTAssertTrue(app.text.contains("Stopped the timer “Beef Stew · Step 2 · 1 hr 30 mins”."))
    app.press(.escape)
    // A timer running outlives Cook Mode: it counts on the status line and rings on My Meals.
    app.press(.character("t"))
    app.press(.escape)
    XCTAssertEqual(app.lines[0], " My Meals")
    // The timer names its meal; the message comes first and the mark gives way to it.
    XCTAssertEqual(
      app.lines[22],
      " Still counting — T in Cook Mode stops it.  ⏱ 1:30:00 Beef Stew · Step 2 · 1 h…")
    app.press(.character("L"))
    app.wait(60_000)
    XCTAssertEqual(app.lines[0], " My Meals › Shopping List")
    XCTAssertTrue(
      app.lines[22].hasSuffix(" ⏱ 1:29:00 Beef Stew · Step 2 · 1 hr 30 mins"), app.lines[22])
    app.wait(89 * 60_000)
    XCTAssertTrue(
      app.text.contains("⏰ Time's up: Beef Stew · Step 2 · 1 hr 30 mins"), "rings here too")
    XCTAssertEqual(app.navigator.signalsSent, [.bell, .flash, .bell, .flash])
    app.press(.enter)
    XCTAssertFalse(app.lines[22].contains("⏱"), "nothing counts any more")
  }

  /// `q` with timers counting asks first; the timers are kept in the book, so the next start
  /// shows them counting — or says they rang while meals was closed.
  func testQuitAsksWhileTimersCountAndTheyCountOnAfterARestart() throws {
    let wall = 1_800_000_000.0
    let app = try AppHarness(clock: { wall })
    var draft = MealDraft(of: nil)
    draft.meal = Meal(
      name: "Beef Stew",
      instructions: "1. Brown the beef for 5 minutes.\n2. Simmer for 1 hr 30 mins.",
      ingredients: [IngredientMeasurement(name: "Beef", quantity: "500g")])
    try app.store.commit(draft)
    app.press(.character("c"), .right, .character("t"), .right, .character("t"), .escape)
    app.press(.character("q"))
    XCTAssertTrue(
      app.lines[22].contains("2 timers are counting — quit anyway?"), app.lines[22])
    XCTAssertFalse(app.navigator.isFinished)
    app.press(.character("n"))
    XCTAssertFalse(app.navigator.isFinished, "n stays")
    app.press(.character("q"), .character("y"))
    XCTAssertTrue(app.navigator.isFinished, "y quits")

    // Ten minutes later: the 5-minute timer rang while closed, the other counts on.
    let later = try AppHarness(restarting: app, clock: { wall + 600 })
    XCTAssertTrue(
      later.text.contains("Time's up while meals was closed: Beef Stew · Step 1 · 5 minutes"),
      later.text)
    later.press(.enter)
    XCTAssertTrue(
      later.lines[22].hasSuffix("⏱ 1:20:00 Beef Stew · Step 2 · 1 hr 30 mins"), later.lines[22])
  }
}

extension AppHarness {
  /// The file name the export prompt offers.
  static let defaultFileName = "shopping-list.md"
}
