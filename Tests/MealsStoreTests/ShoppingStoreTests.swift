import MealsCore
import XCTest

@testable import MealsStore

/// The shopping list is kept in the database: it survives restarts and two `meals` share it.
final class ShoppingStoreTests: StoreTestCase {
  func testItemsAreKeptTickedRemovedAndSeenByAnotherConnection() throws {
    let first = try openStore()
    try first.addToShoppingList(
      mealRef: "id:1", mealName: "Pancakes",
      ingredients: [
        IngredientMeasurement(name: "Flour", quantity: "200 g"),
        IngredientMeasurement(name: "  ", quantity: "1"),
        IngredientMeasurement(name: "Eggs", quantity: "2"),
      ])
    XCTAssertTrue(first.isOnShoppingList(mealRefs: ["id:1"]))
    XCTAssertFalse(first.isOnShoppingList(mealRefs: ["mealdb:1"]))
    XCTAssertTrue(first.isOnShoppingList(mealRefs: ["mealdb:1", "id:1"]))
    XCTAssertFalse(first.isOnShoppingList(mealRefs: []))
    XCTAssertEqual(
      first.shoppingItems().map(\.ingredient), ["Flour", "Eggs"], "blank names skipped")

    let second = try openStore()
    let spy = ListenerSpy()
    first.addListener(spy)
    let flour = try XCTUnwrap(second.shoppingItems().first)
    try second.setTicked(true, items: [flour.id])
    XCTAssertTrue(first.checkForExternalChanges(), "the other meals' tick is noticed")
    XCTAssertEqual(spy.calls, 1)
    XCTAssertEqual(first.shoppingItems().first?.ticked, true)
    XCTAssertEqual(try first.removeTickedShoppingItems(), 1)
    XCTAssertEqual(second.shoppingItems().map(\.ingredient), ["Eggs"])
  }
}
