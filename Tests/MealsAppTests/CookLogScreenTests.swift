import MealsApp
import MealsCore
import MealsStore
import TerminalUI
import XCTest

/// "Cooked it" (`M`) as a person uses it: on My Meals, Meal Detail and Cook Mode's last step,
/// the rows' "cooked … ago", and `M` again taking it back.
final class CookLogScreenTests: XCTestCase {
  /// Seconds since 1970 of noon, Tuesday 1 December 2026 (UTC; the tests' zone).
  final class Time: @unchecked Sendable { var now = 1_796_126_400.0 }

  private func stocked(width: Int = 100, time: Time) throws -> AppHarness {
    let app = try AppHarness(size: Size(width: width, height: 24), clock: { time.now })
    for meal in try AppHarness.fixtureMeals() { _ = try app.store.storeFound(meal) }
    app.navigator.clearStatus()
    return app
  }

  func testMLogsTheSelectedMealTheRowSaysWhenAndMAgainTakesItBack() throws {
    let time = Time()
    let app = try stocked(time: time)
    let row = try XCTUnwrap(app.lines.firstIndex { $0.hasPrefix("▸") })
    let selected = try XCTUnwrap((app.navigator.top as? MyMealsScreen)?.selectedMeal)
    let name = "\u{2068}\(selected.name)\u{2069}"
    XCTAssertFalse(app.lines[row].contains("cooked"))
    app.press(.character("M"))
    XCTAssertEqual(
      app.navigator.status?.text, "Cooked “\(name)” today — M again takes it back.")
    XCTAssertTrue(app.lines[row].contains("cooked today"), app.lines[row])
    XCTAssertTrue(app.text.contains("cooked today"), "the preview says it too")
    XCTAssertEqual(try app.store.readCookLog().map(\.entry.day.description), ["2026-12-01"])

    // M again the same day: asked, and y takes it back.
    app.press(.character("M"))
    XCTAssertTrue(app.lines[22].contains("in the cook log for today already. Take it back?"))
    app.press(.character("y"))
    XCTAssertEqual(try app.store.readCookLog().count, 0)
    XCTAssertFalse(app.lines[row].contains("cooked"), app.lines[row])

    // Logged three weeks ago (as meals cooked would), then once more today: the row counts.
    try app.store.logCooking(mealID: selected.id, on: CivilDate(year: 2026, month: 11, day: 10)!)
    XCTAssertTrue(app.lines[row].contains("cooked 3 weeks ago"), app.lines[row])
    time.now += 86_400
    app.press(.character("M"))
    XCTAssertEqual(
      app.navigator.status?.text,
      "Cooked “\(name)” today, the 2nd time — M again takes it back.")
    XCTAssertTrue(app.lines[row].contains("cooked today · 2×"), app.lines[row])
  }

  func testMealDetailListsTheLogAndCookModeOffersMOnItsLastStep() throws {
    let time = Time()
    let app = try stocked(time: time)
    let id = try XCTUnwrap((app.navigator.top as? MyMealsScreen)?.selectedMeal).id
    try app.store.logCooking(
      mealID: id, on: CivilDate(year: 2026, month: 11, day: 27)!, servings: 2,
      note: "less chilli", rating: 4)
    app.press(.character("v"))
    _ = app.lines  // a frame between keys, as a person sees one
    for _ in 0..<40 { app.press(.pageDown) }
    XCTAssertTrue(app.text.contains("COOKED ONCE"), app.text)
    XCTAssertTrue(app.text.contains("Fri 27 Nov 2026 · for 2 · ★★★★☆ · less chilli"), app.text)
    app.press(.character("M"))
    _ = app.lines
    for _ in 0..<40 { app.press(.pageDown) }
    XCTAssertTrue(app.text.contains("COOKED 2 TIMES"), app.text)
    // The meal states no servings and none were chosen: the entry says none.
    XCTAssertTrue(app.lines.contains("    Tue 1 Dec 2026"), app.text)

    app.press(.escape)
    app.press(.character("c"))
    XCTAssertFalse(app.lines[23].contains("cooked it"), "not offered before the last step")
    for _ in 0..<60 { app.press(.right) }
    XCTAssertTrue(app.lines[23].contains("M cooked it"), app.lines[23])
    XCTAssertTrue(
      app.navigator.status?.text.contains("M logs it as cooked") == true,
      app.navigator.status?.text ?? "")
  }

  func testRListsTheMealsByLastCooked() throws {
    let time = Time()
    let app = try stocked(width: 80, time: time)
    app.press(.character("R"))
    XCTAssertTrue(app.text.contains("Nothing cooked yet"), app.text)
    app.press(.escape)
    let rows = try (0..<2).map { try XCTUnwrap(app.store.meals().row(at: $0)) }
    let (meals, ids) = (rows.map(\.name), rows.map(\.id))
    try app.store.logCooking(mealID: ids[0], on: CivilDate(year: 2026, month: 11, day: 1)!)
    try app.store.logCooking(mealID: ids[1], on: CivilDate(year: 2026, month: 11, day: 24)!)
    app.press(.character("R"))
    XCTAssertEqual(app.lines[0], " My Meals › Recently Cooked")
    XCTAssertTrue(app.lines[1].hasSuffix("2 meals cooked"), app.lines[1])
    XCTAssertTrue(app.lines[2].hasPrefix("▸ " + meals[1].prefix(10)), app.text)
    XCTAssertTrue(app.lines[2].hasSuffix("cooked 7 days ago"), app.lines[2])
    XCTAssertTrue(app.lines[3].hasSuffix("cooked 4 weeks ago"), app.lines[3])
    // M on the second: today, it goes first.
    app.press(.down, .character("M"))
    XCTAssertTrue(app.lines[2].hasPrefix("▸ " + meals[0].prefix(10)), app.text)
    XCTAssertTrue(app.lines[2].hasSuffix("cooked today · 2×"), app.lines[2])
  }
}
