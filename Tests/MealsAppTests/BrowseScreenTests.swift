import MealsApp
import MealsCore
import MealsNet
import TerminalUI
import XCTest

/// The welcome panel, the Browse hub, the remote lists (loaded once, cached, offline) and
/// Meal Detail.
final class BrowseScreenTests: XCTestCase {
  // MARK: - Welcome

  func testTheWelcomePanelAt80x24And120x40() throws {
    let app = try AppHarness(size: Size(width: 80, height: 24))
    app.navigator.clearStatus()
    XCTAssertEqual(
      Array(app.lines[6...17]),
      [
        "                                    (  )  (",
        "                                     )  (  )",
        "                                  .----------.",
        "                                   \\  meals  /",
        "                                    '-------'",
        "",
        "        Your recipe book in the terminal: keep your own meals, find new",
        "                 ones on TheMealDB, and cook from the keyboard.",
        "",
        "               [ a  Search TheMealDB  ]  [ c  Browse categories ]",
        "               [ r  Browse areas      ]  [ n  Create a meal     ]",
        "                            [ i  Import a recipe   ]",
      ])
    XCTAssertEqual(
      app.lines[23],
      " Enter press  ←→↑↓ Tab choose  a search TheMealDB  c browse categories  ? help")

    let wide = try AppHarness(size: Size(width: 120, height: 40))
    XCTAssertEqual(
      wide.lines[24],
      "  [ a  Search TheMealDB ]  [ c  Browse categories ]  [ r  Browse areas ]  "
        + "[ n  Create a meal ]  [ i  Import a recipe ]")
    XCTAssertEqual(
      wide.lines[15], "                                                        (  )  (")
  }

  func testWelcomeButtonsMoveAndPress() throws {
    let app = try AppHarness(size: Size(width: 80, height: 24))
    app.press(.tab, .tab)
    app.press(.enter)
    XCTAssertEqual(app.lines[0], " My Meals › Browse › Areas")
    app.press(.escape, .escape)
    app.press(.left, .down)  // back to the first row's second button, then down to its column
    app.press(.enter)
    XCTAssertEqual(app.lines[0], " My Meals › New Meal", "↓ from Browse categories is Create")
    app.press(.escape)
    app.press(.character("c"))
    XCTAssertEqual(app.lines[0], " My Meals › Browse › Categories")
    app.press(.escape)
    XCTAssertEqual(app.lines[0], " My Meals › Browse", "categories opened over the Browse hub")
    app.press(.escape)
    app.press(.character("a"))
    XCTAssertEqual(app.lines[0], " My Meals › Search Meals")
  }

  func testTheHubOpensEveryDestination() throws {
    let app = try AppHarness()
    _ = try app.store.createMeal(name: "Toast", instructions: "Toast.")
    app.press(.character("b"))
    XCTAssertEqual(
      Array(app.lines[2...7]),
      [
        "  Explore TheMealDB",
        "",
        "▸ Search by name                        find a meal by its name",
        "  Categories                            Beef, Dessert, Vegetarian…, described",
        "  Areas                                 cuisines: Italian, Japanese, Mexican…",
        "  Ingredients — what can I cook with…   meals that use an ingredient you have",
      ])
    for (steps, title) in [
      (0, "Search Meals"), (1, "Categories"), (2, "Areas"), (3, "Ingredients"), (4, "Surprise me"),
    ] {
      app.press(.character("g"))
      for _ in 0..<steps { app.press(.down) }
      app.press(.enter)
      XCTAssertEqual(app.lines[0], " My Meals › Browse › \(title)")
      app.press(.escape)
    }
  }

  // MARK: - Categories

  func testCategoryRowsGrowWithTheirDescriptionsAndPageByHeight() throws {
    let app = try AppHarness(size: Size(width: 80, height: 24))
    app.press(.character("c"))
    XCTAssertEqual(
      app.lines[1],
      "                                                      ⠋ Loading the categories…")
    app.service.answer(.categories)
    XCTAssertEqual(
      Array(app.lines[1...11]),
      [
        "                                                                   9 categories",
        "▸ Beef",
        "    Beef is the culinary name for meat from cattle, particularly skeletal",
        "    muscle. Humans have been eating beef since prehistoric times.[1] Beef is a",
        "    source of protein and nutrients.[2] Most beef skeletal muscle meat can be…",
        "  Breakfast",
        "    Breakfast is the first meal of a day.",
        "  Chicken",
        "    Chicken is a type of domesticated fowl, a subspecies of the red",
        "    junglefowl. It is one of the most common and widespread domestic animals.",
        "  Dessert",
      ])
    // A page moves past as many categories as fit in 21 rows: Breakfast (2) … Pork (4).
    app.press(.pageDown)
    XCTAssertEqual(app.lines[2], "  Breakfast")
    XCTAssertEqual(app.lines[17], "▸ Pork")
    XCTAssertEqual(
      app.lines[20], "    evidence of pig husbandry dating back to 5000 BC. In Chinese, 猪肉 …")
    XCTAssertEqual(app.lines[21], "  Side", "the next one starts on the last row")
    // One step is one category; the view scrolls by whole categories to show Side whole.
    app.press(.down)
    XCTAssertEqual(app.lines[2], "  Chicken")
    XCTAssertEqual(
      Array(app.lines[19...21]),
      [
        "▸ Side",
        "    A side dish, sometimes referred to as a side order, side item, or simply a",
        "    side, is a food item that accompanies the entrée or main course at a meal.",
      ])
    app.press(.pageUp)
    XCTAssertEqual(app.lines[2], "▸ Breakfast", "back a page of heights: Pork … Breakfast")
  }

  func testAListIsLoadedOnceAndKeepsItsPlaceWhenReopened() throws {
    let app = try AppHarness()
    app.press(.character("c"))
    app.service.answer(.categories)
    app.press(.down, .down, .down)
    XCTAssertEqual(app.lines[11], "▸ Dessert")
    app.press(.escape, .enter)  // back to the hub, open Categories again
    XCTAssertEqual(app.lines[0], " My Meals › Browse › Categories")
    XCTAssertEqual(app.service.fetchCount(.categories), 1, "never twice in a session")
    XCTAssertTrue(app.lines.contains("▸ Dessert"), "the selection is where it was")
    app.press(.enter)
    app.service.answer(.filter(.category, "Dessert"))
    app.press(.escape)
    XCTAssertTrue(app.lines.contains("▸ Dessert"), "and after coming back from a child")
  }

  func testACachedListOpensAtOnceOfflineWithItsAgeAndRefreshesAfterADay() throws {
    var time = 1_700_000_000.0
    let first = try AppHarness(clock: { time })
    first.press(.character("c"))
    first.service.answer(.categories)
    first.quit()

    time += 3 * 3_600
    let offline = try AppHarness(restarting: first, clock: { time })
    offline.press(.character("c"))
    XCTAssertEqual(offline.lines[0], " My Meals › Browse › Categories (cached 3 h ago)")
    XCTAssertEqual(offline.lines[2], "▸ Beef")
    XCTAssertEqual(offline.service.fetchCount(.categories), 0, "younger than a day: not asked")
    offline.quit()

    time += 3 * 86_400
    let later = try AppHarness(restarting: offline, clock: { time })
    later.press(.character("c"))
    XCTAssertEqual(
      later.lines[0], " My Meals › Browse › Categories (cached 3 days ago, refreshing…)")
    XCTAssertEqual(later.service.fetchCount(.categories), 1, "older than a day: refreshed")
    later.press(.down, .down)
    XCTAssertEqual(later.lines[8], "▸ Chicken")
    later.service.answer(.categories)
    XCTAssertEqual(later.lines[0], " My Meals › Browse › Categories")
    XCTAssertEqual(later.lines[8], "▸ Chicken", "rows update in place, the selection stays")
  }

  func testOfflineWithoutACacheSaysWhyAndEnterRetries() throws {
    let app = try AppHarness()
    app.press(.character("c"))
    app.service.answer(.categories, with: .failure(.cannotConnect("www.themealdb.com")))
    XCTAssertEqual(
      app.lines[22],
      " Error: Could not load the categories: Cannot connect to www.themealdb.com: se…")
    XCTAssertEqual(
      app.lines[3], "  Could not load the categories: Cannot connect to www.themealdb.com: server")
    XCTAssertEqual(app.lines[23], " r/Enter try again  Esc back  ? help", "what the body says")
    app.press(.enter)
    XCTAssertEqual(app.lines[23], " r/Enter loading…  Esc back  ? help")
    XCTAssertEqual(app.service.fetchCount(.categories), 2)
    app.service.answer(.categories)
    XCTAssertEqual(app.lines[2], "▸ Beef")
  }

  func testAFailedRefreshKeepsTheCachedRows() throws {
    let app = try AppHarness()
    app.press(.character("c"))
    app.service.answer(.categories)
    app.press(.character("r"))
    app.service.answer(.categories, with: .failure(.timedOut))
    XCTAssertEqual(app.lines[2], "▸ Beef")
    XCTAssertEqual(
      app.lines[22],
      " Error: Could not refresh the categories: TheMealDB did not answer in time. Tr…")
  }

  func testAStaleAnswerIsNeverShownButStillKept() throws {
    let app = try AppHarness()
    app.press(.character("c"))
    app.service.answer(.categories)
    app.press(.enter)  // Beef
    app.press(.escape)  // gone before the answer
    XCTAssertTrue(app.service.answer(.filter(.category, "Beef")))
    XCTAssertEqual(app.lines[0], " My Meals › Browse › Categories")
    app.press(.enter)
    XCTAssertEqual(app.service.fetchCount(.filter(.category, "Beef")), 1, "the answer was kept")
    XCTAssertEqual(app.lines[2], "▸   Beef and Stout Stew")
  }

  // MARK: - Meal lists and Meal Detail

  func testSavingFromMealDetailMarksTheListAndSelectsTheMealInMyMeals() throws {
    let app = try AppHarness()
    app.press(.character("c"))
    app.service.answer(.categories)
    app.press(.enter)
    app.service.answer(.filter(.category, "Beef"))
    XCTAssertEqual(
      Array(app.lines[1...4]),
      [
        "                                                                        3 meals",
        "▸   Beef and Stout Stew", "    Beef Bulgogi", "    Cottage Pie",
      ])
    app.press(.down, .enter)
    app.service.answer(.lookup("90011"))
    app.press(.character("s"))
    XCTAssertEqual(app.lines[22], " Saved “Beef Bulgogi” to My Meals.")
    XCTAssertEqual(app.lines[2], "  Beef · Korean · #90011 · ✓ in My Meals")
    app.press(.enter)
    XCTAssertEqual(app.lines[22], " “Beef Bulgogi” is already in My Meals.")
    XCTAssertEqual(app.store.mealCount, 1)
    app.press(.escape)
    XCTAssertEqual(
      app.lines[1],
      "                                                      3 meals · ✓ 1 in My Meals")
    XCTAssertEqual(app.lines[3], "▸ ✓ Beef Bulgogi")
    app.press(.escape, .escape, .escape)
    XCTAssertEqual(app.lines[0], " My Meals")
    XCTAssertEqual(app.lines[2], "  ✓ All 1  │  Beef 1  │  Korean 1")
    XCTAssertTrue(app.lines[3].hasPrefix("▸ Beef Bulgogi"), app.lines[3])
    let stored = try XCTUnwrap(try app.store.meal(id: 1))
    XCTAssertEqual(stored.ingredients.count, 6)
    XCTAssertEqual(stored.category, "Beef")
    XCTAssertEqual(stored.sourceURL, "https://example.org/bulgogi")
  }

  func testMealDetailKeepsItsHeaderWhileThePagerScrolls() throws {
    let app = try AppHarness(size: Size(width: 40, height: 12))
    app.press(.character("r"))
    app.service.answer(.areas)
    XCTAssertEqual(app.lines[0], " My Meals › Browse › Areas")
    app.press(.character("G"), .up, .up, .up, .up, .enter)  // Irish
    app.service.answer(.filter(.area, "Irish"))
    app.press(.enter)
    app.service.answer(.lookup("90010"))
    let header = [
      " … › Irish › Beef and Stout Stew",
      "  Beef and Stout Stew",
      "  Beef · Irish · #90010",
      "  #Stew #Warming #Winter",
    ]
    XCTAssertEqual(Array(app.lines[0...3]), header)
    XCTAssertEqual(
      Array(app.lines[5...8]),
      [
        "  INGREDIENTS (7) · serves 4 (assumed)", "    Beef        1kg", "    Onion       2",
        "    Flour       2 tbs",
      ])
    XCTAssertEqual(app.lines[9], "                  lines 1–4 of 19 (21%)")
    app.press(.character("G"))
    XCTAssertEqual(Array(app.lines[0...3]), header, "the header never scrolls")
    XCTAssertEqual(
      Array(app.lines[5...8]),
      ["    until the beef is tender.", "", "  VIDEO", "    https://www.youtube.com/watch?v=m…"])
    XCTAssertEqual(app.lines[9], "               lines 16–19 of 19 (100%)")
  }

  func testIngredientsListTheMealsThatUseThem() throws {
    let app = try AppHarness()
    app.press(.character("b"))
    for _ in 0..<3 { app.press(.down) }
    app.press(.enter)
    app.type("garl")
    XCTAssertTrue(app.lines[3].hasPrefix("▸ Garlic"), app.text)
    app.press(.enter)
    XCTAssertEqual(app.lines[0], " My Meals › Browse › Ingredients › Garlic")
    app.service.answer(.filter(.ingredient, "Garlic"))
    XCTAssertEqual(
      Array(app.lines[2...3]), ["▸   Spicy Arrabiata Penne", "    Beef Bulgogi"],
      "“garlic” in the meal matches “Garlic”")
    app.press(.escape, .right)
    XCTAssertEqual(app.lines[0], " My Meals › Browse › Ingredients › Garlic")
    XCTAssertEqual(app.lines[1], "  Garlic")
  }

  func testSurpriseMeAsksForARandomMealEachTime() throws {
    let app = try AppHarness()
    app.press(.character("b"))
    app.press(.character("G"), .enter)
    XCTAssertTrue(app.lines[2].contains("Loading the meal from TheMealDB…"), app.text)
    app.service.answer(.random)
    XCTAssertEqual(app.lines[0], " My Meals › Browse › Spicy Arrabiata Penne")
    app.press(.character("r"))
    XCTAssertEqual(app.service.fetchCount(.random), 2, "another random meal")
    XCTAssertTrue(app.text.contains("r another random meal"), app.text)
  }
}

/// Found while adding pictures: a meal list known already (the Areas preview fetched it)
/// opened with an empty preview until a key was pressed.
final class KnownListPreviewTests: XCTestCase {
  func testAKnownListsPreviewFollowsItsFirstRowWithoutAKey() throws {
    let app = try AppHarness(size: Size(width: 120, height: 40))
    app.press(.character("r"))
    app.service.answer(.areas)
    app.press(.character("G"), .up, .up, .up, .up)  // Irish
    app.wait(200)
    XCTAssertTrue(app.service.answer(.filter(.area, "Irish")), "the Areas preview asks for it")
    app.press(.enter)
    XCTAssertEqual(app.service.fetchCount(.filter(.area, "Irish")), 1, "known: not asked again")
    app.wait(200)
    XCTAssertTrue(app.service.answer(.lookup("90010")), "the first meal's preview is asked for")
    XCTAssertTrue(app.lines[2].hasSuffix("│ Beef and Stout Stew"), app.lines[2])
  }
}
