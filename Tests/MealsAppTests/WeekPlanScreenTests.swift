import Fixtures
import MealsCore
import MealsStore
import TerminalUI
import TestSupport
import XCTest

@testable import MealsApp

/// The Week Plan and the `p` prompt, driven by keys, on Tuesday 1 December 2026 at 18:00 UTC
/// (the same date from UTC−11 to UTC+5; past 15:00, so the prompt offers dinner first, from
/// UTC−2 on).
final class WeekPlanScreenTests: XCTestCase {
  static let tuesday = 1_796_148_000.0

  /// Soup and Toast saved, Toast planned for Friday's breakfast, and the Week Plan open.
  private func planned(size: Size = Size(width: 80, height: 24)) throws -> (AppHarness, Int64) {
    let app = try AppHarness(size: size, clock: { Self.tuesday })
    var soup = MealDraft(of: nil)
    soup.meal = Meal(
      name: "Chicken Soup", instructions: "Simmer.",
      ingredients: [IngredientMeasurement(name: "Chicken", quantity: "1 kg")], servings: 4)
    let soupID = try app.store.commit(soup)
    var toast = MealDraft(of: nil)
    toast.meal = Meal(name: "Toast", instructions: "Toast it.")
    let toastID = try app.store.commit(toast)
    let friday = try XCTUnwrap(CivilDate(year: 2026, month: 12, day: 4))
    try app.store.plan(mealID: toastID, on: friday, slot: .breakfast, servings: 2)
    app.navigator.clearStatus()
    return (app, soupID)
  }

  /// `s` fills the week's empty dinners from today, each `? Meal  why`; `d` leaves one
  /// empty, Enter plans the rest, Esc drops them all.
  func testSSuggestsTheWeeksDinnersAndEnterPlansThem() throws {
    let (app, soupID) = try planned(size: Size(width: 100, height: 24))
    try app.store.logCooking(mealID: soupID, on: CivilDate(year: 2026, month: 10, day: 1)!)
    try app.save(Meal(name: "Greek Salad", instructions: "Chop.", category: "Side"))
    app.press(.character("W"))
    app.press(.character("s"))
    var suggested = app.lines.filter { $0.contains("dinner     ? ") }
    // Two meals (Toast is planned this week already): each once, from today (Monday is past).
    XCTAssertEqual(suggested.count, 2, app.text)
    XCTAssertTrue(app.text.contains("? Chicken Soup  not cooked for 2 months"), app.text)
    XCTAssertTrue(app.text.contains("? Greek Salad  never cooked"), app.text)
    XCTAssertFalse(app.text.contains("? Toast"), app.text)
    XCTAssertTrue(app.lines[23].contains("Enter plan them"), app.lines[23])
    let monday = try XCTUnwrap(CivilDate(year: 2026, month: 11, day: 30))
    XCTAssertEqual(app.store.planEntries(from: monday, days: 7).count, 1, "nothing saved yet")
    // Esc: none of them.
    app.press(.escape)
    XCTAssertFalse(app.text.contains("     ? "), app.text)
    XCTAssertEqual(app.navigator.status?.text, "No suggestion was planned.")
    // Again, one left empty, the other planned.
    app.press(.character("s"))
    suggested = app.lines.filter { $0.contains("dinner     ? ") }
    XCTAssertEqual(suggested.count, 2)
    app.press(.character("d"))
    XCTAssertEqual(app.lines.filter { $0.contains("dinner     ? ") }.count, 1)
    app.press(.enter)
    XCTAssertEqual(app.navigator.status?.text, "Planned 1 dinner — d takes one off.")
    let week = app.store.planEntries(from: monday, days: 7)
    XCTAssertEqual(week.count, 2)
    XCTAssertEqual(week.filter { $0.slot == .dinner }.count, 1)
    XCTAssertFalse(app.text.contains("     ? "), app.text)
  }

  func testPlanningFromMyMealsShowsInTheWeek() throws {
    let (app, _) = try planned()
    // Chicken Soup is the first row: p, a day later, the slot twice (other, breakfast), Enter.
    app.press(.character("p"))
    XCTAssertTrue(app.text.contains("Plan “Chicken Soup”"), app.text)
    XCTAssertTrue(app.text.contains("◂ today, Tue 1 Dec ▸   dinner"), app.text)
    app.press(.right, .tab, .tab, .enter)
    XCTAssertEqual(
      app.lines[22],
      " Planned “Chicken Soup” for breakfast on Wed 2 Dec — W on My Meals shows it.")
    app.press(.character("W"))
    XCTAssertEqual(
      Array(app.lines.prefix(12)),
      [
        " My Meals › Week Plan",
        "                                                  Week 49 · 30 Nov – 6 Dec 2026",
        "  Mon 30 Nov",
        "▸ Tue 1 Dec  today",
        "  Wed 2 Dec",
        "    breakfast  Chicken Soup  ×4",
        "  Thu 3 Dec",
        "  Fri 4 Dec",
        "    breakfast  Toast  ×2",
        "  Sat 5 Dec",
        "  Sun 6 Dec",
        "",
      ])
  }

  func testRemoveUndoServingsWeeksAndTheShoppingList() throws {
    let (app, soupID) = try planned()
    let wednesday = try XCTUnwrap(CivilDate(year: 2026, month: 12, day: 2))
    try app.store.plan(mealID: soupID, on: wednesday, slot: .dinner, servings: 4)
    app.press(.character("W"), .down, .down)
    XCTAssertTrue(app.lines[5].hasPrefix("▸   dinner     Chicken Soup"), app.lines[5])
    app.press(.character("+"), .character("+"))
    XCTAssertTrue(app.lines[5].hasSuffix("×6"), app.lines[5])
    app.press(.character("d"))
    XCTAssertEqual(app.lines[22], " Took “Chicken Soup” off Wed 2 Dec — u puts it back.")
    XCTAssertFalse(app.text.contains("Chicken Soup  "), app.text)
    app.press(.character("u"))
    XCTAssertTrue(app.lines[5].contains("Chicken Soup"), app.text)
    XCTAssertTrue(app.lines[5].hasSuffix("×6"), "back as it was")
    app.press(.character("l"))
    // Toast has no ingredients: one meal to shop for.
    XCTAssertEqual(
      app.lines[22], " Added the week's meal to the shopping list — L opens it.")
    let chicken = app.store.shoppingItems().first { $0.ingredient == "Chicken" }
    XCTAssertEqual(chicken?.measure, "1.5 kg", "6 servings of a recipe for 4")
    app.press(.character("l"))
    XCTAssertTrue(app.lines[22].contains("on the shopping list already"), app.lines[22])
    app.press(.character("n"))
    app.press(.right)
    XCTAssertTrue(app.lines[1].hasSuffix("Week 50 · 7 Dec – 13 Dec 2026"), app.lines[1])
    XCTAssertFalse(app.text.contains("Toast"))
    app.press(.character("t"))
    XCTAssertTrue(app.lines[3].hasPrefix("▸ Tue 1 Dec  today"), app.lines[3])
    // Deleting the meal on My Meals takes its plan with it; undo brings both back.
    app.press(.escape, .character("d"), .character("W"))
    XCTAssertFalse(app.text.contains("Chicken Soup"), app.text)
    app.press(.escape, .character("u"), .character("W"))
    XCTAssertTrue(app.text.contains("Chicken Soup"), app.text)
  }

  /// At 120 columns the preview shows the meal `a` just planned, without an arrow key first.
  func testThePreviewFollowsAMealJustAdded() throws {
    let (app, _) = try planned(size: Size(width: 120, height: 30))
    app.press(.character("W"), .character("a"))
    app.type("chick")
    app.press(.enter, .enter)
    XCTAssertTrue(app.lines[4].hasPrefix("▸   dinner     Chicken Soup"), app.text)
    XCTAssertFalse(app.text.contains("No meal selected."), app.text)
    XCTAssertTrue(app.lines[2].hasSuffix("│ Chicken Soup"), app.lines[2])
  }

  /// `d` keeps the cursor in the day; a move says where the meal went.
  func testTakingOffAndMovingStayInTheDayAndSaySo() throws {
    let (app, soupID) = try planned()
    let friday = try XCTUnwrap(CivilDate(year: 2026, month: 12, day: 4))
    try app.store.plan(mealID: soupID, on: friday, slot: .dinner, servings: 4)
    app.press(.character("W"))
    // Friday: its heading, Toast at breakfast, Chicken Soup at dinner.
    XCTAssertTrue(app.lines[6].hasPrefix("  Fri 4 Dec"), app.text)
    app.press(.down, .down, .down, .down, .down)
    XCTAssertTrue(app.lines[8].hasPrefix("▸   dinner     Chicken Soup"), app.text)
    app.press(.character("d"))
    XCTAssertTrue(app.lines[7].hasPrefix("▸   breakfast  Toast"), "the meal before, same day")
    app.press(.character("d"))
    XCTAssertTrue(app.lines[6].hasPrefix("▸ Fri 4 Dec"), "the day itself, not Saturday")
    app.press(.character("u"), .character("m"))
    XCTAssertTrue(app.lines[23].hasPrefix(" Enter move it "), app.lines[23])
    app.press(.right, .enter)
    XCTAssertEqual(app.lines[22], " Moved “Toast” to breakfast on Sat 5 Dec.")
  }

  /// `l` with some of the week on the list already offers the others alone, or all.
  func testTheWeekOnTheListAddsWhatIsMissingOrAll() throws {
    let (app, soupID) = try planned()
    try app.store.plan(
      mealID: soupID, on: try XCTUnwrap(CivilDate(year: 2026, month: 12, day: 2)), slot: .dinner,
      servings: 4)
    var beans = MealDraft(of: nil)
    beans.meal = Meal(
      name: "Beans", instructions: "Heat.",
      ingredients: [IngredientMeasurement(name: "Beans", quantity: "1 tin")])
    let beansID = try app.store.commit(beans)
    try app.store.plan(
      mealID: beansID, on: try XCTUnwrap(CivilDate(year: 2026, month: 12, day: 3)), slot: .lunch,
      servings: 2)
    app.press(.enter)  // the first row, Beans, opens in the editor…
    app.press(.escape, .character("l"))  // …and l on My Meals puts it on the list
    app.press(.character("W"), .character("l"))
    // Toast has no ingredients: two meals to shop for, one of them on the list.
    XCTAssertEqual(
      app.lines[22], " 1 of the week's 2 meals is on the list already. The other (o) or both (a)?")
    XCTAssertEqual(app.lines[23], " o the other  a both  Esc neither  ? help")
    app.press(.character("o"))
    XCTAssertEqual(
      app.lines[22], " Added the week's meal to the shopping list — L opens it.")
    XCTAssertEqual(
      Set(app.store.shoppingItems().map(\.mealName)), ["Beans", "Chicken Soup"])
    XCTAssertEqual(app.store.shoppingItems().filter { $0.mealName == "Beans" }.count, 1)
    app.press(.character("l"))
    XCTAssertEqual(
      app.lines[22], " The week's 2 meals are on the shopping list already. Add again? (y/n)")
  }

  func testCookModeOpensAtThePlannedServings() throws {
    let (app, soupID) = try planned()
    try app.store.plan(
      mealID: soupID, on: try XCTUnwrap(CivilDate(year: 2026, month: 12, day: 1)), slot: .lunch,
      servings: 8)
    app.press(.character("W"), .down, .character("c"))
    XCTAssertTrue(app.text.contains("serves 8 (recipe: 4)"), app.text)
    XCTAssertTrue(app.text.contains("2 kg"), app.text)
  }

  func testAddFromThePickerMoveAndExportTheWeek() throws {
    let (app, _) = try planned()
    app.press(.character("W"), .character("a"))
    XCTAssertEqual(app.lines[0], " My Meals › Week Plan › Plan for Tue 1 Dec")
    app.type("chick")
    app.press(.enter)
    XCTAssertTrue(app.text.contains("Plan “Chicken Soup”"), app.text)
    XCTAssertTrue(app.text.contains("◂ today, Tue 1 Dec ▸   dinner"), app.text)
    app.press(.enter)
    XCTAssertTrue(app.lines[4].hasPrefix("▸   dinner     Chicken Soup"), app.text)
    // Toast, on Friday, moves to Thursday's lunch.
    app.press(.character("G"), .character("k"), .character("k"), .character("m"))
    XCTAssertTrue(app.text.contains("Move “Toast”"), app.text)
    app.press(.left, .tab, .enter)
    XCTAssertTrue(app.lines[7].hasPrefix("▸   lunch      Toast"), app.text)
    // The week as iCalendar, in the harness's folder; again asks before replacing it.
    let path = app.folder.path("week.ics")
    app.press(.character("e"))
    XCTAssertTrue(app.text.contains("week-2026-W49.ics"), app.text)
    app.press(.ctrl("u"))
    app.type(path)
    app.press(.enter)
    XCTAssertTrue(app.lines[22].hasPrefix(" Wrote the week (2 meals) to /"), app.lines[22])
    let file = try String(contentsOfFile: path, encoding: .utf8)
    XCTAssertTrue(file.contains("SUMMARY:Toast\r\n"), file)
    XCTAssertTrue(file.contains("DTSTART;VALUE=DATE:20261203\r\n"), file)
    app.press(.character("e"), .ctrl("u"))
    app.type(path)
    app.press(.enter)
    XCTAssertTrue(app.lines[22].contains("Replace"), app.lines[22])
    app.press(.character("n"))
    XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), file, "kept as it was")
  }

  /// Meal Detail of the first beef meal from TheMealDB, reached from the welcome panel.
  private func beefDetail() throws -> (AppHarness, String) {
    let app = try AppHarness(size: Size(width: 80, height: 24), clock: { Self.tuesday })
    app.navigator.clearStatus()
    app.press(.character("c"))
    app.service.answer(.categories)
    app.press(.enter)
    app.service.answer(.filter(.category, "Beef"))
    app.press(.enter)
    app.service.answer(.lookup("90010"))
    let name = try XCTUnwrap(app.lines[1].trimmingCharacters(in: .whitespaces).nilIfEmpty)
    return (app, name)
  }

  func testPlanningAMealFromTheMealDBSavesItWithThePlan() throws {
    let (app, name) = try beefDetail()
    app.press(.character("+"), .character("p"))
    XCTAssertTrue(app.text.contains("Plan “\(name)”"), app.text)
    XCTAssertFalse(app.text.contains("in My Meals"), "not saved while the prompt is open")
    XCTAssertEqual(app.store.mealCount, 0)
    app.press(.enter)
    XCTAssertEqual(
      app.lines[22],
      " Saved “Beef and Stout St…” to My Meals and planned it for dinner on Tue 1 Dec.")
    XCTAssertTrue(app.lines[2].hasSuffix("· ✓ in My Meals"), app.lines[2])
    let monday = try XCTUnwrap(CivilDate(year: 2026, month: 11, day: 30))
    let entries = app.store.planEntries(from: monday, days: 7)
    XCTAssertEqual(entries.map(\.mealName), [name], "saved to My Meals, then planned")
    XCTAssertEqual(entries.first?.day.description, "2026-12-01")
    XCTAssertEqual(app.store.mealCount, 1)
  }

  func testACancelledPlanDoesNotSaveTheMeal() throws {
    let (app, name) = try beefDetail()
    app.press(.character("p"))
    XCTAssertTrue(app.text.contains("Plan “\(name)”"), app.text)
    app.press(.escape)
    XCTAssertEqual(app.store.mealCount, 0, "Esc changes nothing")
    XCTAssertFalse(app.text.contains("in My Meals"), app.text)
    XCTAssertEqual(app.lines[22], "")
  }
}

extension String {
  fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
