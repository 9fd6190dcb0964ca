import MealsCore
import XCTest

/// Days for a plan: counted without clocks, so no DST change or year end can move one.
final class CivilDateTests: XCTestCase {
  private func date(_ text: String) throws -> CivilDate {
    try XCTUnwrap(CivilDate.parse(text, today: CivilDate(daysSince1970: 0)), text)
  }

  func testEveryDayFrom1900To2100ComesBackFromItsNumber() throws {
    var expected = try XCTUnwrap(CivilDate(year: 1900, month: 1, day: 1))
    var days = expected.daysSince1970
    XCTAssertEqual(days, -25_567)
    while expected.year <= 2100 {
      XCTAssertEqual(CivilDate(daysSince1970: days), expected)
      XCTAssertEqual(expected.daysSince1970, days)
      // The next day by the calendar's own rules.
      if expected.day < CivilDate.days(inMonth: expected.month, of: expected.year) {
        expected = try XCTUnwrap(
          CivilDate(year: expected.year, month: expected.month, day: expected.day + 1))
      } else if expected.month < 12 {
        expected = try XCTUnwrap(CivilDate(year: expected.year, month: expected.month + 1, day: 1))
      } else {
        expected = try XCTUnwrap(CivilDate(year: expected.year + 1, month: 1, day: 1))
      }
      days += 1
    }
    XCTAssertEqual(try date("2000-02-29").daysSince1970, 11_016)
    XCTAssertEqual(CivilDate(daysSince1970: 0).description, "1970-01-01")
  }

  func testWeekdaysAndISOWeeksAroundTheYearsEnd() throws {
    let cases: [(String, Int, Int, Int)] = [
      ("2026-12-01", 2, 2026, 49), ("2026-12-28", 1, 2026, 53), ("2027-01-03", 7, 2026, 53),
      ("2020-12-31", 4, 2020, 53), ("2021-01-03", 7, 2020, 53), ("2021-01-04", 1, 2021, 1),
      ("2019-12-30", 1, 2020, 1), ("2024-12-30", 1, 2025, 1),
    ]
    for (text, weekday, year, week) in cases {
      let day = try date(text)
      XCTAssertEqual(day.weekday, weekday, text)
      XCTAssertEqual(day.isoWeek.year, year, text)
      XCTAssertEqual(day.isoWeek.week, week, text)
    }
    // The week of 28 Dec–3 Jan: Monday to Sunday across the new year.
    let monday = try date("2027-01-03").monday
    XCTAssertEqual(monday.description, "2026-12-28")
    XCTAssertEqual((0..<7).map { monday.adding(days: $0).short }.last, "Sun 3 Jan")
    XCTAssertEqual(monday.isoWeekName, "2026-W53")
    XCTAssertEqual(CivilDate.mondayOf(isoWeek: 53, year: 2026), monday)
    XCTAssertNil(CivilDate.mondayOf(isoWeek: 53, year: 2025), "2025 has 52 weeks")
    XCTAssertEqual(CivilDate.parseWeek("2026-W49")?.description, "2026-11-30")
    XCTAssertNil(CivilDate.parseWeek("2026-W54"))
    XCTAssertNil(CivilDate.parseWeek("2026W49"))
  }

  func testDatesAsAUserWritesThem() throws {
    let tuesday = try date("2026-12-01")
    func parse(_ text: String) -> String? { CivilDate.parse(text, today: tuesday)?.description }
    XCTAssertEqual(parse("today"), "2026-12-01")
    XCTAssertEqual(parse(" Tomorrow "), "2026-12-02")
    XCTAssertEqual(parse("friday"), "2026-12-04")
    XCTAssertEqual(parse("fri"), "2026-12-04")
    XCTAssertEqual(parse("tuesday"), "2026-12-01", "today, as date -d says")
    XCTAssertEqual(parse("Mon"), "2026-12-07")
    XCTAssertEqual(parse("2024-02-29"), "2024-02-29")
    for impossible in [
      "2026-02-29", "2026-13-01", "2026-04-31", "26-01-01", "frida", "fr", "", "2026-1-01",
    ] {
      XCTAssertNil(parse(impossible), impossible)
    }
    XCTAssertEqual(tuesday.short, "Tue 1 Dec")
    XCTAssertEqual(tuesday.compact, "20261201")
  }

  func testDaysAcrossAClockChangeAreWholeDays() throws {
    // Europe's clocks go forward on 29 March 2026 and back on 25 October: a week later is
    // still the same weekday, seven days on.
    for text in ["2026-03-27", "2026-10-23"] {
      let day = try date(text)
      let weekLater = day.adding(days: 7)
      XCTAssertEqual(weekLater.weekday, day.weekday)
      XCTAssertEqual(day.days(to: weekLater), 7)
    }
  }
}

/// The slot a plan prompt offers first (#58: Pancakes went to dinner).
final class PlanSlotTests: XCTestCase {
  func testTheMealsKindThenTheTimeOfDayChooseTheFirstSlot() {
    let pancakes = Meal(
      name: "Pancakes", instructions: "Fry.", category: "Dessert", tags: ["Breakfast", "Sweet"])
    XCTAssertEqual(PlanSlot.first(for: pancakes, hour: 19), .breakfast)
    let crumble = Meal(name: "Crumble", instructions: "Bake.", category: "Dessert")
    XCTAssertEqual(PlanSlot.first(for: crumble, hour: 8), .other)
    let stew = Meal(name: "Stew", instructions: "Braise.", category: "Beef")
    XCTAssertEqual(PlanSlot.first(for: stew, hour: 8), .breakfast)
    XCTAssertEqual(PlanSlot.first(for: stew, hour: 12), .lunch)
    XCTAssertEqual(PlanSlot.first(for: stew, hour: 18), .dinner)
    XCTAssertEqual(PlanSlot.first(for: nil, hour: 23), .dinner)
  }
}
