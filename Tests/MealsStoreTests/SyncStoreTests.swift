import Foundation
import MealsCore
import TestSupport
import XCTest

@testable import MealsStore

/// What the sync asks of the book: one change it cannot make is undone alone, the others
/// kept; a meal put back that another machine put back already is never there twice.
final class SyncStoreTests: StoreTestCase {
  /// A change the book's rules refuse (two meals of one sync id) is undone alone in its
  /// savepoint, said as a refusal (not a failure of the whole sync), and the sync's other
  /// changes in the same transaction are kept.
  func testAChangeTheBookRefusesIsUndoneAloneTheOthersKept() throws {
    let store = try openStore()
    var refused: StoreError?
    try store.syncTransaction { () throws(StoreError) in
      try store.savepoint { () throws(StoreError) in
        _ = try store.insertSynced(Meal(name: "Leek Soup", instructions: "Simmer."), uid: "a")
      }
      do {
        try store.savepoint { () throws(StoreError) in
          _ = try store.insertSynced(Meal(name: "Toast", instructions: "Toast it."), uid: "b")
          _ = try store.insertSynced(Meal(name: "Stew", instructions: "Stew it."), uid: "a")
        }
      } catch {
        refused = error as? StoreError
      }
      try store.savepoint { () throws(StoreError) in
        _ = try store.insertSynced(Meal(name: "Pie", instructions: "Bake."), uid: "c")
      }
    }
    XCTAssertEqual(refused?.kind, .constraint)
    let names = try store.syncedMeals().compactMap { try store.meal(id: $0.id)?.name }.sorted()
    XCTAssertEqual(names, ["Leek Soup", "Pie"], "Toast went with the refused change, alone")
  }

  /// A meal deleted here and brought back by a sync (changed elsewhere) takes the shopping
  /// list's items of its deleted row, as every book that never deleted it links them (seed
  /// 181 at 300 steps: the lists differed for good).
  func testAMealBackFromTheFolderTakesTheItemsOfItsDeletedRow() throws {
    let store = try openStore()
    let id = try store.insertSynced(Meal(name: "Leek Soup", instructions: "Simmer."), uid: "a")
    try store.addToShoppingList(
      mealRef: .saved(id), mealName: "Leek Soup",
      ingredients: [IngredientMeasurement(name: "leeks", quantity: "3")])
    try store.deleteMeal(id: id)
    let back = try store.insertSynced(
      Meal(name: "Leek Soup", instructions: "Simmer slowly."), uid: "a")
    XCTAssertNotEqual(back, id)
    let items = try store.syncedShoppingItems()
    XCTAssertEqual(items.map(\.ref), [MealRef.saved(back).stored])
  }

  /// Undo on a machine whose deleted meal the sync brought back already: the same version
  /// is not put back twice; another version comes back beside it, named apart.
  func testAMealPutBackThatIsBackAlreadyIsNotThereTwice() throws {
    let store = try openStore()
    let id = try store.insertSynced(Meal(name: "Leek Soup", instructions: "Simmer."), uid: "a")
    try store.deleteMeal(id: id)
    // The sync brings the same meal back (another machine put it back).
    _ = try store.insertSynced(Meal(name: "Leek Soup", instructions: "Simmer."), uid: "a")
    let restored = try XCTUnwrap(try store.restoreLastDeleted())
    XCTAssertEqual(restored.name, "Leek Soup")
    var names = try store.syncedMeals().compactMap { try store.meal(id: $0.id)?.name }
    XCTAssertEqual(names, ["Leek Soup"])
    XCTAssertNil(try store.restoreLastDeleted(), "the trash's copy went")

    // Deleted again here, and back meanwhile in another version: beside it, named apart.
    let back = try XCTUnwrap(store.mealIDs(named: "Leek Soup").first)
    try store.deleteMeal(id: back)
    _ = try store.insertSynced(Meal(name: "Leek Soup", instructions: "Simmer slowly."), uid: "a")
    try store.restoreLastDeleted()
    names = try store.syncedMeals().compactMap { try store.meal(id: $0.id)?.name }.sorted()
    XCTAssertEqual(names, ["Leek Soup", "Leek Soup (put back on \(MachineName.here()))"])
    // Once more, another version: a name of its own still.
    let again = try XCTUnwrap(store.mealIDs(named: "Leek Soup").first)
    try store.deleteMeal(id: again)
    _ = try store.insertSynced(Meal(name: "Leek Soup", instructions: "Simmer fast."), uid: "a")
    try store.restoreLastDeleted()
    names = try store.syncedMeals().compactMap { try store.meal(id: $0.id)?.name }.sorted()
    XCTAssertEqual(Set(names).count, names.count, "\(names)")
  }
}
