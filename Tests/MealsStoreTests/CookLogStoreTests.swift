import MealsCore
import XCTest

@testable import MealsStore

/// The cook log in the book: entries by the meal's uid, through the trash and back.
final class CookLogStoreTests: StoreTestCase {
  let monday = CivilDate(year: 2026, month: 11, day: 30)!

  func testEachCookingIsAnEntryAndTheRowsSayWhenAndHowOften() throws {
    let store = try openStore()
    let soup = try save(Self.soup, in: store)
    XCTAssertNil(try store.cookedSummary(mealID: soup))
    XCTAssertNil(try XCTUnwrap(store.meals().row(at: 0)).cooked)
    try store.logCooking(mealID: soup, on: monday.adding(days: -21), servings: 4)
    let latest = try store.logCooking(
      mealID: soup, on: monday, note: "  more thyme  ", rating: 5)
    XCTAssertEqual(latest.note, "more thyme")
    XCTAssertEqual(latest.mealName, "Chicken Soup")
    let log = try store.readCookLog(mealID: soup)
    XCTAssertEqual(log.map(\.entry.day), [monday, monday.adding(days: -21)])
    XCTAssertEqual(log.map(\.mealID), [soup, soup])
    XCTAssertEqual(log[1].entry.servings, 4)
    XCTAssertNil(log[1].entry.rating)
    let row = try XCTUnwrap(store.meals().row(at: 0))
    XCTAssertEqual(row.cooked, CookedSummary(lastDay: monday, times: 2))
    XCTAssertEqual(
      row.fields(fitting: 80, today: monday.adding(days: 22)) { $0.count },
      "cooked 3 weeks ago · 2×")
  }

  func testTheLogFollowsTheMealThroughTheTrashAndKeepsItsNameWhenItIsGone() throws {
    let store = try openStore()
    let soup = try save(Self.soup, in: store)
    try store.logCooking(mealID: soup, on: monday)
    try store.deleteMeal(id: soup)
    var log = try store.readCookLog()
    XCTAssertEqual(log.count, 1)
    XCTAssertNil(log[0].mealID, "no longer in the book")
    XCTAssertEqual(log[0].entry.mealName, "Chicken Soup")
    try store.restoreLastDeleted()
    log = try store.readCookLog()
    XCTAssertEqual(log[0].mealID, soup)
    XCTAssertEqual(try store.cookedSummary(mealID: soup)?.times, 1)
  }

  func testBadValuesAreRefusedAndAnEntryTakenBackStaysTakenBack() throws {
    let store = try openStore()
    let soup = try save(Self.soup, in: store)
    XCTAssertThrowsError(try store.logCooking(mealID: soup, on: monday, rating: 6))
    XCTAssertThrowsError(try store.logCooking(mealID: soup, on: monday, servings: 0))
    XCTAssertThrowsError(try store.logCooking(mealID: 99, on: monday))
    XCTAssertEqual(try store.readCookLog().count, 0, "nothing written for a refusal")
    let entry = try store.logCooking(mealID: soup, on: monday)
    XCTAssertEqual(try store.removeCookLogEntry(uid: entry.uid), entry)
    XCTAssertNil(try store.removeCookLogEntry(uid: entry.uid), "gone already")
    XCTAssertNil(try store.cookedSummary(mealID: soup))
    XCTAssertEqual(try store.cookLogRemovals(), [entry.uid])
    // A log that still has it (another machine's, not synced since) does not bring it back.
    try store.addCookLogEntry(entry)
    XCTAssertEqual(try store.readCookLog().count, 0)
    let other = try store.logCooking(mealID: soup, on: monday.adding(days: 1))
    try store.addCookLogEntry(other)
    XCTAssertEqual(try store.readCookLog().map(\.entry), [other], "one entry per uid")
  }

  func testAWeekdayMeansTheLastOneAndTheFutureIsRefused() {
    let tuesday = CivilDate(year: 2026, month: 12, day: 1)!
    XCTAssertEqual(CivilDate.parsePast("friday", today: tuesday)?.description, "2026-11-27")
    XCTAssertEqual(CivilDate.parsePast("tue", today: tuesday), tuesday)
    XCTAssertEqual(CivilDate.parsePast("yesterday", today: tuesday)?.description, "2026-11-30")
    XCTAssertNil(CivilDate.parsePast("tomorrow", today: tuesday))
    XCTAssertNil(CivilDate.parsePast("2026-12-02", today: tuesday), "a day still to come")
    let once = CookedSummary(lastDay: tuesday, times: 1)
    XCTAssertEqual(
      [0, 1, 13, 14, 60, 61, 400, 800].map { once.ago(today: tuesday.adding(days: $0)) },
      [
        "cooked today", "cooked yesterday", "cooked 13 days ago", "cooked 2 weeks ago",
        "cooked 8 weeks ago", "cooked 2 months ago", "cooked 13 months ago",
        "cooked 2 years ago",
      ])
  }

  func testRecentlyCookedIsTheBookByLastCookedAndFollowsTheLog() throws {
    let store = try openStore()
    var pie = Self.soup
    pie.name = "Fish Pie"
    var dal = Self.soup
    dal.name = "Dal"
    let soup = try save(Self.soup, in: store)
    let pieID = try save(pie, in: store)
    let dalID = try save(dal, in: store)
    try store.logCooking(mealID: soup, on: monday.adding(days: -10))
    try store.logCooking(mealID: pieID, on: monday.adding(days: -3))
    let latest = try store.logCooking(mealID: soup, on: monday)
    func order() -> [String] {
      let results = store.recentlyCookedMeals()
      return (0..<results.count).compactMap { results.row(at: $0)?.name }
    }
    XCTAssertEqual(order(), ["Chicken Soup", "Fish Pie"], "Dal was never cooked")
    XCTAssertEqual(store.index(ofCooked: pieID), 1)
    XCTAssertNil(store.index(ofCooked: dalID))
    // The latest taken back: the soup was last cooked ten days ago, once.
    try store.removeCookLogEntry(uid: latest.uid)
    XCTAssertEqual(order(), ["Fish Pie", "Chicken Soup"])
    let row = try XCTUnwrap(store.mealSummary(id: soup))
    XCTAssertEqual(row.cooked, CookedSummary(lastDay: monday.adding(days: -10), times: 1))
    // In the trash, gone from the list; back, back in its place.
    try store.deleteMeal(id: pieID)
    XCTAssertEqual(order(), ["Chicken Soup"])
    try store.restoreLastDeleted()
    XCTAssertEqual(order(), ["Fish Pie", "Chicken Soup"])
  }
}
