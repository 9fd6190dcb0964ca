import Foundation
import MealsCore
import TestSupport
import XCTest

@testable import MealsStore

/// Deleting moves a meal to the trash; undo brings meals back one by one, in reverse order,
/// exactly as they were, across restarts; the trash empties itself after 30 days.
final class TrashTests: StoreTestCase {
  /// Every stored value of meal `id` and of its ingredient lines, typed, in order (but its
  /// `sort_key`: the filter's place for it, given again when it comes back).
  private func rows(of id: Int64, in store: MealStore) throws -> [[SQLValue]] {
    let meal = try store.db.statement(
      "SELECT \(Schema.mealColumns) FROM meal WHERE id = ?"
    ).rows([.integer(id)]) {
      row in (0..<row.columnCount).map { row.value($0) }
    }
    let lines = try store.db.statement(
      "SELECT * FROM ingredient_measurement WHERE meal_id = ? ORDER BY position"
    ).rows([.integer(id)]) { row in (0..<row.columnCount).map { row.value($0) } }
    return meal + lines
  }

  private func meal(_ number: Int) -> Meal {
    Meal(
      mealDBID: "9\(number)", name: "Meal \(number)",
      instructions: "Part \(number)\nStep \(number) in a pot.",
      sectionTitles: ["Part \(number)"], category: "Beef", area: "Irish", tags: ["Tag\(number)"],
      ingredients: (0..<4).map {
        IngredientMeasurement(name: "Item \(number)-\($0)", quantity: "\($0) g")
      },
      cookware: [Cookware(name: "pot", quantity: "\(number)")])
  }

  func testFiveDeletesComeBackOneByOneInReverseOrderExactly() throws {
    let store = try openStore()
    var time = 1_700_000_000.25
    store.clock = { time }
    var ids: [Int64] = []
    for number in 1...5 {
      time += 60.5
      ids.append(try save(meal(number), in: store))
    }
    let before = try ids.map { try rows(of: $0, in: store) }
    for id in ids {
      time += 10
      try store.deleteMeal(id: id)
    }
    XCTAssertEqual(store.mealCount, 0)
    XCTAssertEqual(store.trashCount, 5)
    XCTAssertEqual(
      try store.db.statement("SELECT count(*) FROM ingredient_measurement").scalar(), 0)
    XCTAssertEqual(store.meals(matching: "Item").count, 0, "gone from the filter too")

    for (expected, id) in ids.enumerated().reversed() {
      let restored = try XCTUnwrap(try store.restoreLastDeleted())
      XCTAssertEqual(
        restored, RestoredMeal(id: id, name: "Meal \(expected + 1)", restoredAsCopy: false))
      XCTAssertEqual(try rows(of: id, in: store), before[expected], "byte for byte")
    }
    XCTAssertNil(try store.restoreLastDeleted(), "the trash is empty")
    XCTAssertEqual(store.meals(matching: "Item").count, 5, "every meal is in the filter again")
    XCTAssertEqual(try store.meal(id: ids[2])?.ingredients, meal(3).ingredients)
    XCTAssertEqual(try store.meal(id: ids[2])?.sectionTitles, ["Part 3"], "titles come back")
    XCTAssertEqual(
      try store.meal(id: ids[2])?.cookware, [Cookware(name: "pot", quantity: "3")],
      "cookware comes back")
  }

  func testUndoWorksAcrossARestart() throws {
    var ids: [Int64] = []
    var before: [[[SQLValue]]] = []
    do {
      let store = try openStore()
      for number in 1...3 { ids.append(try save(meal(number), in: store)) }
      before = try ids.map { try rows(of: $0, in: store) }
      for id in ids { try store.deleteMeal(id: id) }
    }
    let reopened = try openStore()
    XCTAssertEqual(reopened.mealCount, 0)
    for index in [2, 1, 0] {
      XCTAssertEqual(try reopened.restoreLastDeleted()?.id, ids[index])
      XCTAssertEqual(try rows(of: ids[index], in: reopened), before[index])
    }
  }

  func testNewMealsNeverTakeTheIDOfADeletedOne() throws {
    let store = try openStore()
    let first = try save(meal(1), in: store)
    let second = try save(meal(2), in: store)
    try store.deleteMeal(id: second)
    let third = try save(meal(3), in: store)
    XCTAssertGreaterThan(third, second)
    XCTAssertEqual(try store.restoreLastDeleted()?.id, second)
    XCTAssertEqual(Set([first, second, third]).count, 3)
    XCTAssertEqual(store.mealCount, 3)
  }

  func testTheTrashIsPurgedAfterThirtyDays() throws {
    let store = try openStore()
    var time = 1_700_000_000.0
    store.clock = { time }
    let old = try save(meal(1), in: store)
    let recent = try save(meal(2), in: store)
    try store.deleteMeal(id: old)
    time += 20 * 86_400
    try store.deleteMeal(id: recent)
    time += 9 * 86_400
    XCTAssertEqual(try store.purgeTrash(), 0, "29 days: kept")
    time += 2 * 86_400
    XCTAssertEqual(try store.purgeTrash(), 1, "31 days: the first one goes")
    XCTAssertEqual(store.trashCount, 1)
    XCTAssertEqual(try store.restoreLastDeleted()?.id, recent)
    XCTAssertNil(try store.restoreLastDeleted())
    XCTAssertEqual(
      try store.db.statement("SELECT count(*) FROM trash_measurement").scalar(), 0,
      "purged lines go with their meal")
  }

  func testRestoringAMealWhoseTheMealDBIDWasSavedAgainKeepsBoth() throws {
    let store = try openStore()
    var found = meal(1)
    found.instructions = "My own edited steps."
    let original = try save(found, in: store)
    try store.deleteMeal(id: original)
    let again = try store.storeFound(meal(1))
    XCTAssertFalse(again.wasAlreadyStored)
    let restored = try XCTUnwrap(try store.restoreLastDeleted())
    XCTAssertTrue(restored.restoredAsCopy)
    XCTAssertEqual(restored.id, original)
    XCTAssertEqual(store.mealCount, 2)
    XCTAssertEqual(try store.meal(id: original)?.instructions, "My own edited steps.")
    XCTAssertNil(try store.meal(id: original)?.mealDBID, "the copy is no longer linked")
    XCTAssertEqual(try store.meal(id: again.id)?.mealDBID, "91", "the new one keeps its link")
    XCTAssertEqual(try store.meal(id: again.id)?.instructions, "Part 1\nStep 1 in a pot.")
  }

  func testEraseIsForGoodAndTheListIsNewestFirst() throws {
    let store = try openStore()
    var time = 1_700_000_000.0
    store.clock = { time }
    let ids = try (1...3).map { try save(meal($0), in: store) }
    for id in ids {
      time += 1
      try store.deleteMeal(id: id)
    }
    let trash = store.trashedMeals()
    XCTAssertEqual(
      (0..<trash.count).compactMap { trash.row(at: $0)?.name }, ["Meal 3", "Meal 2", "Meal 1"])
    try store.eraseDeleted(id: ids[1])
    XCTAssertEqual(trash.count, 2, "the live list follows")
    XCTAssertEqual(try store.restoreLastDeleted()?.id, ids[2])
    XCTAssertEqual(try store.restoreLastDeleted()?.id, ids[0], "the erased one is skipped")
    XCTAssertThrowsError(try store.restoreDeleted(id: ids[1]))
    XCTAssertNil(try store.meal(id: ids[1]))
  }
}
