import Fixtures
import MealsCore
import TestSupport
import XCTest

@testable import MealsStore

/// The week plan's storage: entries by day and slot, across a year's end, moved, undone, taken
/// to the trash with their meal and brought back with it, seen by another process.
final class PlanStoreTests: StoreTestCase {
  private func day(_ text: String) throws -> CivilDate {
    try XCTUnwrap(CivilDate.parse(text, today: CivilDate(daysSince1970: 0)), text)
  }

  /// "day slot meal ×servings" for each entry of the week from `monday`.
  private func week(_ store: MealStore, from monday: CivilDate) -> [String] {
    store.planEntries(from: monday, days: 7).map {
      "\($0.day.short) \($0.slot.rawValue) \($0.mealName) ×\($0.servings)"
    }
  }

  func testTheWeekOfNewYearInDayAndSlotOrder() throws {
    let store = try openStore()
    let soup = try save(Self.soup, in: store)
    let toast = try save(Meal(name: "Toast", instructions: "Toast it."), in: store)
    try store.plan(mealID: toast, on: day("2027-01-03"), slot: .breakfast, servings: 2)
    try store.plan(mealID: soup, on: day("2026-12-31"), slot: .dinner, servings: 4)
    try store.plan(mealID: toast, on: day("2026-12-31"), slot: .breakfast, servings: 1)
    try store.plan(mealID: soup, on: day("2026-12-31"), slot: .dinner, servings: 6, note: "guests")
    try store.plan(mealID: soup, on: day("2027-01-04"), slot: .lunch, servings: 2)  // next week
    let monday = try day("2027-01-03").monday
    XCTAssertEqual(
      week(store, from: monday),
      [
        "Thu 31 Dec breakfast Toast ×1", "Thu 31 Dec dinner Chicken Soup ×4",
        "Thu 31 Dec dinner Chicken Soup ×6", "Sun 3 Jan breakfast Toast ×2",
      ])
    XCTAssertEqual(store.planEntries(from: monday, days: 7)[2].note, "guests")
    XCTAssertThrowsError(try store.plan(mealID: soup, on: monday, slot: .lunch, servings: 0))
    XCTAssertThrowsError(try store.plan(mealID: 999, on: monday, slot: .lunch, servings: 2))
  }

  func testRemoveUndoMoveAndServings() throws {
    let store = try openStore()
    let soup = try save(Self.soup, in: store)
    let monday = try day("2026-11-30")
    let first = try store.plan(mealID: soup, on: monday, slot: .lunch, servings: 2)
    try store.plan(mealID: soup, on: monday, slot: .lunch, servings: 3)
    let removed = try XCTUnwrap(try store.removePlanEntry(id: first))
    XCTAssertEqual(week(store, from: monday), ["Mon 30 Nov lunch Chicken Soup ×3"])
    try store.restorePlanEntry(removed)
    XCTAssertEqual(
      week(store, from: monday),
      ["Mon 30 Nov lunch Chicken Soup ×2", "Mon 30 Nov lunch Chicken Soup ×3"], "back in its place")
    try store.movePlanEntry(id: first, to: monday.adding(days: 2), slot: .dinner)
    try store.setPlanServings(id: first, to: 5)
    XCTAssertEqual(
      week(store, from: monday),
      ["Mon 30 Nov lunch Chicken Soup ×3", "Wed 2 Dec dinner Chicken Soup ×5"])
    XCTAssertNil(try store.removePlanEntry(id: 12_345))
  }

  func testAMealsEntriesGoToTheTrashWithItAndComeBackWithIt() throws {
    let store = try openStore()
    let soup = try save(Self.soup, in: store)
    let toast = try save(Meal(name: "Toast", instructions: "Toast it."), in: store)
    let monday = try day("2026-11-30")
    try store.plan(mealID: soup, on: monday, slot: .dinner, servings: 4)
    try store.plan(mealID: toast, on: monday, slot: .breakfast, servings: 1)
    let before = store.planEntries(from: monday, days: 7)
    try store.deleteMeal(id: soup)
    XCTAssertEqual(week(store, from: monday), ["Mon 30 Nov breakfast Toast ×1"])
    try store.restoreLastDeleted()
    XCTAssertEqual(store.planEntries(from: monday, days: 7), before, "same ids, days and places")
    try store.deleteMeal(id: soup)
    try store.eraseDeleted(id: soup)
    XCTAssertEqual(week(store, from: monday), ["Mon 30 Nov breakfast Toast ×1"])
    XCTAssertEqual(try store.db.statement("SELECT count(*) FROM trash_plan_entry").scalar(), 0)
  }

  func testAnotherProcessSeesThePlanChange() throws {
    let store = try openStore()
    let other = try openStore()
    let soup = try save(Self.soup, in: store)
    XCTAssertTrue(other.checkForExternalChanges())
    try store.plan(mealID: soup, on: try day("2026-12-01"), slot: .lunch, servings: 2)
    XCTAssertTrue(other.checkForExternalChanges())
    XCTAssertEqual(other.planEntries(from: try day("2026-11-30"), days: 7).count, 1)
  }
}
