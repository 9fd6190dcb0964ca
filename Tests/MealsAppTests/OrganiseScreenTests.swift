import MealsApp
import MealsCore
import MealsStore
import TerminalUI
import XCTest

/// Favourites, the user's own fields in the editor, and the chips on My Meals.
final class OrganiseScreenTests: XCTestCase {
  /// Every fixture meal stored; Arrabiata rated, timed and a favourite.
  private func stocked(width: Int, height: Int = 14) throws -> AppHarness {
    let app = try AppHarness(size: Size(width: width, height: height))
    // A frame after each, as the loop draws one after each change: the bar stays on the first.
    for meal in try AppHarness.fixtureMeals() {
      _ = try app.store.storeFound(meal)
      _ = app.lines
    }
    var draft = try app.store.editableCopy(of: 1)
    draft.meal.rating = 4
    draft.meal.totalMinutes = 45
    draft.meal.difficulty = .beginner
    draft.meal.favourite = true
    try app.store.commit(draft)
    app.navigator.clearStatus()
    return app
  }

  // MARK: - Rows and chips

  func testRowsShowTheUsersFieldsDroppingThemFromTheRight() throws {
    let wide = try stocked(width: 80)
    // The fields at the row's end, so every row's summary starts in one column.
    XCTAssertEqual(
      wide.lines[11],
      "▸ Spicy Arrabiata Penne             penne rigate,…  ★ ★★★★☆ · 45 min · Beginner")
    XCTAssertEqual(
      wide.lines[10].prefix(47), "  Pancakes                          Flour, Eggs", "aligned")
    let narrow = try stocked(width: 40)
    XCTAssertEqual(narrow.lines[11], "▸ Spicy Arrabiata Penne         ★ ★★★★☆", "the name wins")
  }

  func testTheStripAt40And80And200Columns() throws {
    let narrow = try stocked(width: 40)
    XCTAssertEqual(narrow.lines[2], "  ✓ All 12  │  Beef 3   Breakfast 1    ›")
    narrow.press(.tab)
    for _ in 0..<6 { narrow.press(.right) }
    XCTAssertEqual(
      narrow.lines[2], "‹ Dessert 2   Miscellaneous 1  [Pork 1]›", "the cursor chip shows")
    narrow.press(.character(" "))
    XCTAssertEqual(narrow.lines[1], "                  1 of 12 meals matches")
    XCTAssertEqual(narrow.lines[3], "▸ Mapo Tofu 麻婆豆腐        Tofu, Minc…")

    let medium = try stocked(width: 80)
    XCTAssertEqual(
      medium.lines[2],
      "  ✓ All 12  │  Beef 3   Breakfast 1   Chicken 1   Dessert 2   Miscellaneous 1  ›")
    let wide = try stocked(width: 200)
    XCTAssertTrue(
      wide.lines[2].hasPrefix(
        "  ✓ All 12  │  Beef 3   Breakfast 1   Chicken 1   Dessert 2   Miscellaneous 1   Pork 1"
          + "   Vegetarian 3  │  American 2   British 3"), wide.lines[2])
  }

  func testLeavingTheStripShowsItsStartAgain() throws {
    let narrow = try stocked(width: 40)
    narrow.press(.tab)
    for _ in 0..<6 { narrow.press(.right) }
    XCTAssertTrue(narrow.lines[2].hasPrefix("‹"), "scrolled to the cursor while in the strip")
    narrow.press(.tab)
    XCTAssertEqual(
      narrow.lines[2], "  ✓ All 12  │  Beef 3   Breakfast 1    ›", "All in view again")
    narrow.press(.tab)
    XCTAssertEqual(
      narrow.lines[2], "‹ Dessert 2   Miscellaneous 1  [Pork 1]›", "back where it was")
  }

  func testANewMealHiddenByTheChosenChipsKeepsThemAndSaysSo() throws {
    let app = try stocked(width: 80, height: 24)
    app.press(.tab, .right, .enter, .tab)  // Beef
    XCTAssertEqual(app.lines[1].trimmingCharacters(in: .whitespaces), "3 of 12 meals match")
    app.press(.character("n"), .enter)
    app.type("Zed Toast")
    app.press(.enter, .down, .enter)
    app.type("Toast it.")
    app.press(.ctrl("s"), .character("s"))
    XCTAssertEqual(app.lines[0], " My Meals")
    XCTAssertEqual(
      app.lines[1].trimmingCharacters(in: .whitespaces), "3 of 13 meals match", "Beef stays")
    XCTAssertEqual(
      app.lines[22], " Saved “Zed Toast”. The chosen chips hide it: Tab, then x, clears them.")
    let again = try AppHarness(size: Size(width: 80, height: 24), restarting: app)
    XCTAssertEqual(
      again.lines[1].trimmingCharacters(in: .whitespaces), "3 of 13 meals match",
      "still chosen at the next start")
  }

  /// With nothing left under the chosen chips, the hint names the keys from where the user is.
  func testTheEmptyChipsHintSaysTheKeysFromWhereTheUserIs() throws {
    let app = try stocked(width: 80, height: 24)
    app.press(.tab, .right, .enter, .tab)  // Beef
    app.press(.character("d"), .character("d"), .character("d"))
    XCTAssertTrue(
      app.text.contains("No saved meal has all the chosen chips — Tab then x clears them"),
      app.text)
    app.press(.tab)
    XCTAssertTrue(
      app.text.contains("No saved meal has all the chosen chips — x clears them"), app.text)
  }

  func testChipsStackAndReadWithoutColour() throws {
    let app = try stocked(width: 200, height: 20)
    app.press(.tab)
    app.press(.right, .enter)  // Beef
    app.press(.right, .right, .enter)  // Chicken
    XCTAssertEqual(app.lines[1].trimmingCharacters(in: .whitespaces), "4 of 12 meals match")
    XCTAssertTrue(app.lines[2].contains("✓ Beef 3"), app.lines[2])
    XCTAssertTrue(app.lines[2].contains("[✓ Chicken 1]"), "chosen and under the cursor")
    XCTAssertTrue(app.lines[2].contains("British 2"), "areas count within Beef or Chicken")
    // British is six chips further: (Beef or Chicken) and British.
    for _ in 0..<6 { app.press(.right) }
    app.press(.enter)
    XCTAssertEqual(app.lines[1].trimmingCharacters(in: .whitespaces), "2 of 12 meals match")
    XCTAssertEqual(
      [app.lines[3], app.lines[4]].map { String($0.prefix(16)) },
      ["▸ Chicken Soup  ", "  Cottage Pie   "])
    app.press(.escape)
    app.press(.character("/"))
    app.type("pie")
    XCTAssertTrue(app.lines[1].hasSuffix("1 of 12 meals matches"), "the text filter applies on top")
    app.press(.escape, .tab, .character("x"))
    XCTAssertEqual(app.lines[1].trimmingCharacters(in: .whitespaces), "12 meals")
    XCTAssertTrue(app.lines[2].hasPrefix("  ✓ All 12  │  Beef 3 "), app.lines[2])
  }

  func testWithATextFilterTheCountsFollowAPauseInTyping() throws {
    let app = try stocked(width: 80)
    app.press(.character("/"))
    app.type("soup")
    XCTAssertEqual(
      app.lines[2],
      "  ✓ All 12  │  Beef   Breakfast   Chicken   Dessert   Miscellaneous   Pork     ›",
      "no numbers while typing, never old ones")
    app.wait(200)
    XCTAssertEqual(
      app.lines[2],
      "  ✓ All 12  │  Beef 0   Breakfast 0   Chicken 1   Dessert 0   Miscellaneous 1  ›")
  }

  func testTheChosenChipsSurviveARestart() throws {
    let first = try stocked(width: 80)
    first.press(.tab, .right, .enter, .escape)
    first.quit()
    let second = try AppHarness(size: Size(width: 80, height: 14), restarting: first)
    XCTAssertEqual(second.lines[1].trimmingCharacters(in: .whitespaces), "3 of 12 meals match")
    XCTAssertTrue(second.lines[2].contains("✓ Beef 3"))
  }

  // MARK: - Favourites

  func testFavouriteFromMyMealsAndTheFavouritesPage() throws {
    let app = try stocked(width: 80, height: 14)
    app.press(.character("g"), .character("f"))  // the first row
    XCTAssertEqual(app.lines[12], " ★ Added “Battenberg Squares” to Favourites — F shows them.")
    XCTAssertTrue(app.lines[3].contains("★"))
    app.press(.character("F"))
    XCTAssertEqual(app.lines[0], " My Meals › Favourites")
    XCTAssertEqual(app.lines[1].trimmingCharacters(in: .whitespaces), "2 favourites")
    XCTAssertTrue(app.lines[2].hasPrefix("▸ Battenberg Squares"), "the newest favourite first")
    XCTAssertTrue(app.lines[3].hasPrefix("  Spicy Arrabiata Penne"))
    app.press(.character("f"))
    XCTAssertEqual(
      app.lines[12], " Removed “Battenberg Squares” from Favourites — u puts it back.")
    XCTAssertTrue(app.lines[2].hasPrefix("▸ Spicy Arrabiata Penne"), "the row went away")
    app.press(.character("u"))
    XCTAssertTrue(app.lines[2].hasPrefix("▸ Battenberg Squares"), "back in its place")
    app.press(.escape)
    XCTAssertTrue(app.lines[3].contains("★"), "My Meals heard it too")
  }

  func testTheFavouritesPageFollowsChangesMadeElsewhere() throws {
    let app = try stocked(width: 80)
    app.press(.character("F"))
    XCTAssertEqual(app.lines[1].trimmingCharacters(in: .whitespaces), "1 favourite")
    // Another screen (or another meals) takes it off: the page hears it through the store.
    try app.store.setFavourite(false, mealID: 1)
    XCTAssertEqual(app.lines[1].trimmingCharacters(in: .whitespaces), "0 favourites")
    XCTAssertTrue(app.lines[3].contains("No favourites yet"))
  }

  // MARK: - The editor's details

  func testTheEditorsDetailsAreInTheDraftUntilSaved() throws {
    let app = try AppHarness(size: Size(width: 80, height: 30))
    let id = try app.store.storeFound(try AppHarness.fixtureMeal("Arrabiata")).id
    app.press(.enter, .character("G"))  // Rating, the last row
    app.press(.character("4"))
    XCTAssertEqual(app.lines[27], " ▸ Rating       ★★★★☆")
    app.press(.up, .character("2"))
    XCTAssertEqual(app.lines[26], " ▸ Difficulty   Intermediate")
    app.press(.enter)
    XCTAssertEqual(app.lines[26], " ▸ Difficulty   Advanced", "Enter cycles")
    app.press(.up, .enter)  // Total time
    app.type("1h 3Om")
    app.press(.enter)
    XCTAssertTrue(
      app.text.contains("Total time: minutes (45) or hours and minutes (1h 30m)."), app.text)
    app.press(.backspace, .backspace, .backspace)
    app.type("30m")
    app.press(.enter)
    XCTAssertEqual(app.lines[25], " ▸ Total time   1 h 30 min")
    app.press(.up, .enter)  // Servings
    app.type("0")
    app.press(.enter)
    XCTAssertTrue(app.text.contains("Servings: a whole number above 0, such as 4."))
    app.press(.backspace)
    app.type("6")
    app.press(.enter)
    app.press(.up, .enter, .ctrl("u"))  // Tags
    app.type("Pasta, quick,, pasta")
    app.press(.enter)
    XCTAssertEqual(app.lines[23], " ▸ Tags         Pasta, quick")
    app.press(.character("f"))
    XCTAssertEqual(app.lines[20], "   Favourite    ★ yes")
    XCTAssertEqual(try app.store.meal(id: id)?.rating, 0, "nothing written before Save")
    app.press(.character("s"))
    let saved = try XCTUnwrap(try app.store.meal(id: id))
    XCTAssertEqual(saved.rating, 4)
    XCTAssertEqual(saved.difficulty, .advanced)
    XCTAssertEqual(saved.totalMinutes, 90)
    XCTAssertEqual(saved.servings, 6)
    XCTAssertEqual(saved.tags, ["Pasta", "quick"])
    XCTAssertTrue(saved.favourite)
  }

  func testCategoryAndAreaPickKnownValuesOrANewOne() throws {
    let app = try AppHarness(size: Size(width: 80, height: 30))
    let id = try app.store.storeFound(try AppHarness.fixtureMeal("Arrabiata")).id
    _ = app.lines  // the frame after the change: the bar is on Arrabiata from then on
    _ = try app.store.storeFound(try AppHarness.fixtureMeal("Chicken Soup"))
    app.press(.enter, .character("G"))
    for _ in 0..<6 { app.press(.up) }
    app.press(.enter)  // Category
    XCTAssertEqual(app.lines[0], " My Meals › Spicy Arrabiata Penne › Category")
    XCTAssertEqual(
      Array(app.lines[3...5]), ["  (none)", "  Chicken", "▸ Vegetarian  ✓ current"],
      "known values, the current one chosen")
    app.type("past")
    XCTAssertEqual(app.lines[3], "▸ Use “past” (new)")
    app.type("a")
    app.press(.enter)
    XCTAssertEqual(app.lines[21], " ▸ Category     pasta")
    app.press(.down, .enter)  // Area
    app.type("brit")
    XCTAssertEqual(Array(app.lines[3...4]), ["▸ British", "  Use “brit” (new)"])
    app.press(.enter, .character("s"))
    XCTAssertEqual(try app.store.meal(id: id)?.category, "pasta")
    XCTAssertEqual(try app.store.meal(id: id)?.area, "British")
  }

  /// TheMealDB's categories are offered when they come, though the book has none of them and
  /// they were never browsed (#58: only the book's own values were).
  func testTheCategoryPickerOffersTheMealDBsListWhenItComes() throws {
    let app = try AppHarness(size: Size(width: 80, height: 40))
    _ = try app.store.storeFound(try AppHarness.fixtureMeal("Arrabiata"))
    app.press(.enter, .character("G"))
    for _ in 0..<6 { app.press(.up) }
    app.press(.enter)  // Category
    XCTAssertEqual(Array(app.lines[3...4]), ["  (none)", "▸ Vegetarian  ✓ current"])
    XCTAssertTrue(app.service.answer(.categories), "TheMealDB's list is asked for")
    XCTAssertTrue(app.lines.contains("  Beef"), app.text)
    XCTAssertTrue(app.lines.contains("▸ Vegetarian  ✓ current"), "the selection stays")
  }
}
