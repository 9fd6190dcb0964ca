import MealsCore
import MealsNet
import TerminalUI
import XCTest

@testable import MealsApp

final class SearchScreenTests: XCTestCase {
  func testHintBeforeTheFirstSearch() throws {
    let app = try AppHarness(size: Size(width: 60, height: 12))
    app.press(.character("a"))
    XCTAssertEqual(
      app.lines,
      [
        " My Meals › Search Meals",
        " Search:",
        " Type a meal name (e.g. arrabiata); results appear as you…",
        "", "", "", "", "", "", "",
        "",
        " Enter search now  ↓/Tab results  Esc back  F1 help",
      ])
  }

  func testDebouncedSearchWithSpinnerThenResultsAndCreateRow() throws {
    let app = try AppHarness(size: Size(width: 60, height: 12))
    app.press(.character("a"))
    app.type("arrab")
    XCTAssertEqual(app.service.searches.count, 0, "no request before the debounce")
    app.wait(300)
    XCTAssertEqual(app.service.searches.map(\.query), ["arrab"])
    XCTAssertTrue(app.lines[2].hasSuffix("Searching for “arrab”…"))
    XCTAssertTrue(Spinner.frames.contains(String(app.lines[2].dropFirst().prefix(1))))
    app.service.answerSearch(0, with: .success([try AppHarness.fixtureMeal("Arrabiata")]))
    XCTAssertEqual(
      Array(app.lines.prefix(7)),
      [
        " My Meals › Search Meals",
        " Search: arrab",
        " 1 meal found for “arrab”.",
        "",
        "    Spicy Arrabiata Penne           Vegetarian · Italian",
        "  Create a new meal…",
        "",
      ])
  }

  func testANewerKeystrokeCancelsAndAStaleAnswerIsNeverShown() throws {
    let app = try AppHarness()
    app.press(.character("a"))
    app.type("soup")
    app.press(.enter)
    app.type("s")
    app.press(.enter)
    XCTAssertEqual(app.service.searches.map(\.query), ["soup", "soups"])
    XCTAssertTrue(app.service.cancelled.contains(app.service.searches[0].id))
    app.service.answerSearch(1, with: .success([]))
    XCTAssertTrue(app.text.contains("No meal found for “soups”."))
    // Even if the old request still answered, nothing changes.
    app.service.searches[0].completion(.success([try AppHarness.fixtureMeal("Chicken Soup")]))
    XCTAssertFalse(app.text.contains("Chicken Soup"))
    XCTAssertTrue(app.text.contains("  Create a new meal…"), "the create row follows every search")
  }

  func testEnterOnAResultStoresItAndSelectsItOnMyMeals() throws {
    let app = try AppHarness()
    _ = try app.store.createMeal(name: "Apple pie", instructions: "Bake.")
    app.press(.character("a"))
    app.type("arrabiata")
    app.press(.enter)
    app.service.answerSearch(0, with: .success([try AppHarness.fixtureMeal("Arrabiata")]))
    app.press(.down, .enter)
    XCTAssertEqual(app.navigator.stack.count, 1)
    XCTAssertTrue(app.lines[1].hasSuffix("2 meals"))
    XCTAssertTrue(app.lines[4].hasPrefix("▸ Spicy Arrabiata Penne"))
    XCTAssertEqual(app.lines[22], " Saved “Spicy Arrabiata Penne” to My Meals.")
    let stored = try XCTUnwrap(try app.store.meal(id: XCTUnwrap(app.app.root.selectedMeal?.id)))
    XCTAssertEqual(stored.mealDBID, "90001")
    XCTAssertEqual(stored.ingredients.count, 8)
    XCTAssertEqual(stored.videoURL, "https://www.youtube.com/watch?v=1IszT_guI08")
    // The same meal again is not duplicated.
    app.press(.character("g"))
    app.press(.character("a"))
    app.type("arrabiata")
    app.press(.enter)
    app.service.answerSearch(1, with: .success([try AppHarness.fixtureMeal("Arrabiata")]))
    app.press(.tab, .enter)
    XCTAssertEqual(app.store.mealCount, 2)
    XCTAssertEqual(app.lines[22], " “Spicy Arrabiata Penne” is already in My Meals.")
    XCTAssertTrue(app.lines[4].hasPrefix("▸ Spicy Arrabiata Penne"))
  }

  func testNetworkErrorsAreShownAndTheSearchCanBeRetried() throws {
    let app = try AppHarness()
    app.press(.character("a"))
    app.type("soup")
    app.press(.enter)
    app.service.answerSearch(0, with: .failure(.cannotConnect("www.themealdb.com")))
    XCTAssertEqual(
      app.lines[2],
      " Search failed — Enter retries: Cannot connect to www.themealdb.com: server do…")
    XCTAssertEqual(app.lines[22], "", "said once, not again on the status line")
    app.press(.enter)
    app.service.answerSearch(1, with: .success([try AppHarness.fixtureMeal("Chicken Soup")]))
    XCTAssertTrue(app.text.contains("Chicken Soup"))
  }

  /// In the search field `?` types: F1's help does not offer it as the help key.
  func testHelpInTheFieldDoesNotOfferTheQuestionMark() throws {
    let app = try AppHarness(size: Size(width: 100, height: 60))
    app.press(.character("a"), .function(1))
    XCTAssertTrue(app.text.contains("F1"), app.text)
    XCTAssertFalse(app.lines.contains { $0.contains("│ ?  ") || $0.contains("│ ? ") }, app.text)
    app.press(.escape, .escape, .function(1))
    XCTAssertTrue(app.lines.contains { $0.contains("│ ?") }, app.text)
  }

  func testCreateRowOpensAnEditorStartingFromTheNameSearchedFor() throws {
    let app = try AppHarness()
    app.press(.character("a"))
    app.type("Zed Toast")
    app.press(.enter)
    app.service.answerSearch(0, with: .success([]))
    app.press(.down, .enter)
    XCTAssertEqual(app.lines[0], " My Meals › Search Meals › Zed Toast")
    XCTAssertTrue(app.text.contains("Zed Toast"), "the name typed is the meal's name")
  }

  func testEnterOnAnEmptyFieldSearchesForNothing() throws {
    let app = try AppHarness()
    app.press(.character("a"), .enter)
    XCTAssertEqual(app.service.searches.count, 0, "no search for “”")
    XCTAssertEqual(app.lines[22], " Type a meal's name to search for.")
    XCTAssertTrue(app.lines[2].hasPrefix(" Type a meal name"), "the hint stays")
    // Typed then cleared: back to the hint, nothing asked for "".
    app.type("so")
    app.press(.backspace, .backspace)
    app.wait(300)
    XCTAssertEqual(app.service.searches.count, 0)
    XCTAssertTrue(app.lines[2].hasPrefix(" Type a meal name"))
  }

  func testSavedMealsAreMarkedAndArrowLooksBeforeSaving() throws {
    let app = try AppHarness(size: Size(width: 100, height: 30), pictures: .symbols(colors: true))
    _ = try app.store.storeFound(AppHarness.fixtureMeal("Arrabiata"))
    app.press(.character("a"))
    app.type("pe")
    app.press(.enter)
    var long = try AppHarness.fixtureMeal("Stout")
    long.instructions = String(
      repeating: "Stir the stew now and then, and keep the lid on so nothing boils dry. ",
      count: 12)
    app.service.answerSearch(
      0, with: .success([try AppHarness.fixtureMeal("Arrabiata"), long]))
    XCTAssertTrue(app.lines[4].hasPrefix("  ✓ Spicy Arrabiata Penne"), app.lines[4])
    XCTAssertTrue(app.lines[5].hasPrefix("    Beef and Stout Stew"), app.lines[5])
    // → on a result: Meal Detail, from the result itself (nothing asked of TheMealDB), and
    // nothing saved until s.
    app.press(.down, .down, .right)
    XCTAssertEqual(app.lines[0], " My Meals › Search Meals › Beef and Stout Stew")
    XCTAssertEqual(app.service.fetches.count, 0)
    XCTAssertEqual(app.store.mealCount, 1)
    // Wide, the photo sits beside the text; under it the instructions take the whole width.
    app.service.answerPicture("https://www.themealdb.com/images/media/meals/90010.jpg/small")
    let instructions = app.lines.drop { $0 != "  INSTRUCTIONS" && !$0.hasPrefix("  INSTRUCTIONS ") }
      .dropFirst()
    func text(_ line: String) -> String {
      MealRules.trimmed(String(line.prefix { !"▀▄▌▐▊▋▍▎▏█▉".contains($0) }))
    }
    let beside = instructions.filter { text($0) != MealRules.trimmed($0) }.map(text)
    let under = instructions.filter { text($0) == MealRules.trimmed($0) && $0.count > 60 }
    XCTAssertFalse(beside.isEmpty, "lines beside the picture: \(app.text)")
    XCTAssertTrue(beside.allSatisfy { $0.count <= 54 }, "\(beside)")
    XCTAssertFalse(under.isEmpty, "the text flows under the picture: \(app.text)")
    app.press(.character("s"))
    XCTAssertEqual(app.store.mealCount, 2)
    XCTAssertTrue(app.text.contains("Saved “Beef and Stout Stew” to My Meals."), app.text)
    app.press(.escape)
    XCTAssertTrue(app.lines[5].hasPrefix("▸ ✓ Beef and Stout Stew"), "marked now: \(app.lines[5])")
  }
}
