import MealsCore
import XCTest

@testable import MealsStore

/// The shopping list is kept in the database: it survives restarts and two `meals` share it.
final class ShoppingStoreTests: StoreTestCase {
  func testATickMadeEarlierNeverUndoesALaterOne() throws {
    let store = try openStore()
    try store.addToShoppingList(
      mealRef: .saved(1), mealName: "Pancakes",
      ingredients: [IngredientMeasurement(name: "Flour", quantity: "200 g")])
    let flour = try XCTUnwrap(store.shoppingItems().first)
    // Never ticked: a tick of any time is taken.
    XCTAssertTrue(try store.setTicked(true, item: flour.id, at: 1_000))
    XCTAssertEqual(store.shoppingItems().first?.ticked, true)
    // Unticked at 2 000, then a tick made at 1 500 arrives late: the untick stands.
    XCTAssertTrue(try store.setTicked(false, item: flour.id, at: 2_000))
    XCTAssertFalse(try store.setTicked(true, item: flour.id, at: 1_500))
    XCTAssertEqual(store.shoppingItems().first?.ticked, false)
    // A tick now (the app's) is later than both.
    try store.setTicked(true, items: [flour.id])
    XCTAssertFalse(try store.setTicked(false, item: flour.id, at: 3_000))
    XCTAssertEqual(store.shoppingItems().first?.ticked, true)
  }

  func testItemsAreKeptTickedRemovedAndSeenByAnotherConnection() throws {
    let first = try openStore()
    try first.addToShoppingList(
      mealRef: .saved(1), mealName: "Pancakes",
      ingredients: [
        IngredientMeasurement(name: "Flour", quantity: "200 g"),
        IngredientMeasurement(name: "  ", quantity: "1"),
        IngredientMeasurement(name: "Eggs", quantity: "2"),
      ])
    XCTAssertTrue(first.isOnShoppingList(mealRefs: [.saved(1)]))
    XCTAssertFalse(first.isOnShoppingList(mealRefs: [.mealDB("1")]))
    XCTAssertTrue(first.isOnShoppingList(mealRefs: [.mealDB("1"), .saved(1)]))
    // Kept as the text earlier databases hold.
    XCTAssertEqual(
      [MealRef.saved(1), .mealDB("52771"), .named("Toast")].map(\.stored),
      ["id:1", "mealdb:52771", "name:Toast"])
    XCTAssertEqual(
      MealRef.references(of: Meal(name: " Toast ", instructions: "x"), savedID: nil),
      [.named("Toast")])
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
