import MealsCore
import XCTest

/// `meals plan suggest` and the Week Plan's `s`: a week that keeps every rule, checked rule by
/// rule, on a book of our own with a cook log and a pantry.
final class PlanSuggesterTests: XCTestCase {
  /// Tuesday 1 December 2026; the week from Monday 30 November.
  let today = CivilDate(year: 2026, month: 12, day: 1)!
  var monday: CivilDate { today.monday }

  lazy var book: [PlanCandidate] = [
    PlanCandidate(id: 1, name: "Beef Stew", category: "Beef", area: "Irish", totalMinutes: 150),
    PlanCandidate(
      id: 2, name: "Spinach Dal", category: "Vegetarian", area: "Indian", totalMinutes: 40,
      atHome: ["spinach"]),
    PlanCandidate(
      id: 3, name: "Fish Pie", category: "Seafood", area: "British", rating: 5, totalMinutes: 50),
    PlanCandidate(
      id: 4, name: "Pad Thai", category: "Pasta", area: "Thai", totalMinutes: 25,
      lastCooked: today.adding(days: -3)),
    PlanCandidate(
      id: 5, name: "Shakshuka", category: "Vegetarian", area: "Tunisian", favourite: true,
      totalMinutes: 30, lastCooked: today.adding(days: -40), atHome: ["spinach", "eggs"]),
    PlanCandidate(
      id: 6, name: "Lamb Tagine", category: "Lamb", area: "Moroccan", totalMinutes: 180),
    PlanCandidate(id: 7, name: "Miso Soup", category: "Starter", area: "Japanese"),
    PlanCandidate(id: 8, name: "Chilli", category: "Beef", area: "Mexican", totalMinutes: 60),
    PlanCandidate(
      id: 9, name: "Risotto", category: "Vegetarian", area: "Italian", totalMinutes: 45),
    PlanCandidate(id: 10, name: "Ramen", category: "Pork", area: "Japanese", totalMinutes: 55),
    PlanCandidate(id: 11, name: "Tacos", category: "Beef", area: "Mexican", totalMinutes: 30),
    PlanCandidate(
      id: 12, name: "Gnocchi", category: "Vegetarian", area: "Italian", totalMinutes: 35,
      lastCooked: today.adding(days: -13)),
    PlanCandidate(id: 13, name: "Curry", category: "Chicken", area: "Indian", totalMinutes: 50),
    PlanCandidate(
      id: 14, name: "Pancakes", category: "Breakfast", area: "American", favourite: true,
      totalMinutes: 20, kind: PlanCandidate.kind(category: "Breakfast", tags: [])),
    PlanCandidate(
      id: 15, name: "Cheesecake", category: "Dessert", area: "American", rating: 5,
      kind: PlanCandidate.kind(category: "Dessert", tags: [])),
  ]

  let rules = PlanRules(
    freshDays: 14, weekdayMinutes: 60,
    pins: [PlanRules.Pin(weekday: 5, slot: .dinner, meal: "fish pie")])

  private func suggest(
    week: CivilDate? = nil, taken: Set<PlanSlotKey> = [], planned: Set<Int64> = [],
    seed: UInt64 = 1
  ) -> [PlanSuggestion] {
    PlanSuggester.suggest(
      week: week ?? monday, slots: [.dinner], taken: taken, planned: planned, candidates: book,
      rules: rules, today: today, seed: seed)
  }

  func testEveryRuleHolds() {
    let wednesday = monday.adding(days: 2)
    for seed in UInt64(0)..<40 {
      let week = suggest(
        taken: [PlanSlotKey(day: wednesday, slot: .dinner)], planned: [13], seed: seed)
      let days = week.map(\.day)
      // From today on (Monday is past), every empty dinner once; Wednesday's is planned.
      XCTAssertEqual(
        days, [1, 3, 4, 5, 6].map { monday.adding(days: $0) }, "seed \(seed)")
      // Nothing twice, nothing the week holds, nothing cooked in the last 14 days.
      XCTAssertEqual(Set(week.map(\.meal.id)).count, week.count)
      XCTAssertFalse(week.contains { $0.meal.id == 13 })
      XCTAssertFalse(week.contains { [4, 12].contains($0.meal.id) }, "cooked lately")
      // Weekdays within 60 minutes (a meal of no stated time passes).
      for suggestion in week where suggestion.day.weekday <= 5 {
        XCTAssertLessThanOrEqual(suggestion.meal.totalMinutes ?? 0, 60, suggestion.meal.name)
      }
      // A breakfast or a dessert is never a dinner.
      XCTAssertFalse(week.contains { [14, 15].contains($0.meal.id) }, "seed \(seed)")
      // The pin: Friday is Fish Pie, said so.
      let friday = week.first { $0.day.weekday == 5 }
      XCTAssertEqual(friday?.meal.name, "Fish Pie")
      XCTAssertEqual(friday?.why, "pinned")
      // No category or area twice in a row.
      for (one, next) in zip(week, week.dropFirst()) {
        XCTAssertNotEqual(one.meal.category, next.meal.category, "seed \(seed)")
        XCTAssertNotEqual(one.meal.area, next.meal.area, "seed \(seed)")
      }
    }
  }

  func testBreakfastsAreForBreakfast() {
    XCTAssertEqual(PlanCandidate.kind(category: "Breakfast", tags: []), .breakfast)
    XCTAssertEqual(PlanCandidate.kind(category: "Beef", tags: ["Pudding"]), nil)
    XCTAssertEqual(PlanCandidate.kind(category: "Dessert", tags: []), .other)
    let week = PlanSuggester.suggest(
      week: monday.adding(days: 7), slots: [.breakfast, .dinner], taken: [], planned: [],
      candidates: book, rules: rules, today: today, seed: 3)
    let breakfasts = week.filter { $0.slot == .breakfast }
    // One breakfast meal in the book: one breakfast, the other mornings left empty.
    XCTAssertEqual(breakfasts.map(\.meal.name), ["Pancakes"])
    XCTAssertEqual(week.filter { $0.slot == .dinner }.count, 7)
  }

  func testEachSuggestionSaysWhy() {
    let shakshuka = PlanSuggester.reasons(for: book[4], today: today, rules: rules)
    XCTAssertEqual(
      shakshuka, ["not cooked for 5 weeks", "uses the spinach and eggs at home", "favourite"])
    XCTAssertEqual(
      PlanSuggester.reasons(for: book[2], today: today, rules: rules), ["never cooked", "★★★★★"])
  }

  func testTheSameSeedGivesTheSameWeekAndOtherWeeksDiffer() {
    XCTAssertEqual(suggest(seed: 7), suggest(seed: 7))
    let next = monday.adding(days: 7)
    let weeks = (0..<4).map { suggest(week: next.adding(days: 7 * $0)).map(\.meal.id) }
    XCTAssertGreaterThan(Set(weeks).count, 1, "every week the same: \(weeks)")
  }

  func testFavouritesRatingsAndWhatIsAtHomeComeFirst() {
    // Over many seeds, the first slot (a free choice by weight: a week fills most meals)
    // goes to the weighted meals more often than to the plain ones.
    var count: [Int64: Int] = [:]
    for seed in UInt64(0)..<400 {
      if let first = suggest(week: monday.adding(days: 7), seed: seed).first {
        count[first.meal.id, default: 0] += 1
      }
    }
    XCTAssertGreaterThan(
      count[5] ?? 0, count[9] ?? 0, "Shakshuka (favourite, at home) over Risotto")
    XCTAssertGreaterThan(count[2] ?? 0, count[13] ?? 0, "Spinach Dal (at home) over Curry")
  }

  func testPinsAreReadAsASettingWritesThem() throws {
    let pins = try PlanRules.pins(in: "friday: Fish Pie; sun lunch: Roast Chicken ;").get()
    XCTAssertEqual(
      pins,
      [
        PlanRules.Pin(weekday: 5, slot: .dinner, meal: "Fish Pie"),
        PlanRules.Pin(weekday: 7, slot: .lunch, meal: "Roast Chicken"),
      ])
    XCTAssertEqual(
      try? PlanRules.pins(in: "someday: Stew").get(), nil, "no such day")
    XCTAssertEqual(try? PlanRules.pins(in: "friday brunch: Stew").get(), nil, "no such slot")
    XCTAssertEqual(try? PlanRules.pins(in: "friday Stew").get(), nil, "no colon")
  }
}
