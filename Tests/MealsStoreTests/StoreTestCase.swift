import MealsCore
import MealsStore
import TestSupport
import XCTest

/// A test case with a fresh database file per test.
class StoreTestCase: XCTestCase {
  var folder: TemporaryFolder!
  var path: String { folder.path("meals.sqlite") }

  override func setUpWithError() throws {
    folder = try TemporaryFolder()
  }

  override func tearDown() {
    folder.remove()
  }

  func openStore() throws -> MealStore {
    try MealStore(path: path)
  }

  static let soup = Meal(
    name: "Chicken Soup",
    instructions: "Simmer for an hour.\nSeason.",
    category: "Chicken",
    area: "British",
    tags: ["Soup", "Warming"],
    ingredients: [
      IngredientMeasurement(name: "Chicken", quantity: "1 whole"),
      IngredientMeasurement(name: "Carrots", quantity: "2"),
      IngredientMeasurement(name: "Carrots", quantity: "1 more"),
    ])

  /// Stores `meal` through a draft and returns its id.
  func save(_ meal: Meal, in store: MealStore) throws -> Int64 {
    var draft = MealDraft(of: nil)
    draft.meal = meal
    return try store.commit(draft)
  }

  /// Every row of every table, as text: to compare database contents.
  func contents(of store: MealStore) throws -> [String] {
    var rows: [String] = []
    let meals = store.meals()
    for index in 0..<meals.count {
      guard let summary = meals.row(at: index), let meal = try store.meal(id: summary.id) else {
        continue
      }
      rows.append("\(meal)")
    }
    let ingredients = store.ingredients()
    for index in 0..<ingredients.count {
      rows.append("\(String(describing: ingredients.row(at: index)))")
    }
    return rows
  }
}

/// Records store notifications.
final class ListenerSpy: StoreListener {
  var calls = 0
  func storeDidChange(_ store: MealStore) { calls += 1 }
}
