import Foundation
import MealsCore
import TestSupport
import XCTest

@testable import MealsStore

final class MealStoreTests: StoreTestCase {
  // MARK: - Schema

  func testNewDatabaseIsMigratedWithForeignKeysAndWAL() throws {
    let store = try openStore()
    XCTAssertEqual(store.schemaVersion, Schema.migrations.count)
    XCTAssertEqual(try store.db.statement("PRAGMA foreign_keys").scalar(), 1)
    XCTAssertEqual(try store.db.statement("PRAGMA journal_mode").rows { $0.text(0) }, ["wal"])
    XCTAssertEqual(try store.integrityCheck(), "ok")
    XCTAssertEqual(store.mealCount, 0)
    XCTAssertTrue(try store.isCatalogueEmpty())
  }

  func testReopeningKeepsDataAndDoesNotMigrateAgain() throws {
    let id = try save(Self.soup, in: try openStore())
    let reopened = try openStore()
    XCTAssertEqual(try reopened.meal(id: id)?.name, "Chicken Soup")
    XCTAssertEqual(reopened.schemaVersion, Schema.migrations.count)
  }

  // MARK: - Meals and drafts

  func testCommitStoresEveryFieldAndOrderedLines() throws {
    let store = try openStore()
    let id = try save(Self.soup, in: store)
    var expected = Self.soup
    expected.id = id
    XCTAssertEqual(try store.meal(id: id), expected)
    XCTAssertEqual(store.meals().row(at: 0)?.summary, "Chicken, Carrots, Carrots")
  }

  func testEditableCopyEditsNothingUntilCommit() throws {
    let store = try openStore()
    let id = try save(Self.soup, in: store)
    let before = try contents(of: store)
    var draft = try store.editableCopy(of: id)
    draft.name = "Renamed"
    draft.removeIngredient(at: 0)
    draft.addIngredient(IngredientMeasurement(name: "Salt", quantity: "pinch"))
    XCTAssertTrue(draft.hasChanges)
    // The draft is dropped: the database content is unchanged.
    XCTAssertEqual(try contents(of: store), before)
    XCTAssertEqual(try contents(of: try openStore()), before)
    try store.commit(draft)
    let meal = try XCTUnwrap(try store.meal(id: id))
    XCTAssertEqual(meal.name, "Renamed")
    XCTAssertEqual(meal.ingredients.map(\.name), ["Carrots", "Carrots", "Salt"])
  }

  func testNewDraftIsEmptyAndInvalidDraftsWriteNothing() throws {
    let store = try openStore()
    let draft = try store.editableCopy(of: nil)
    XCTAssertEqual(draft.meal, Meal(name: "", instructions: ""))
    var noInstructions = draft
    noInstructions.name = "Toast"
    XCTAssertThrowsError(try store.commit(draft)) {
      XCTAssertEqual(($0 as? StoreError)?.message, "A meal needs a name.")
    }
    XCTAssertThrowsError(try store.commit(noInstructions)) {
      XCTAssertEqual(($0 as? StoreError)?.message, "A meal needs instructions.")
    }
    XCTAssertEqual(store.mealCount, 0)
  }

  func testOriginalOperationsCreateAddRemove() throws {
    let store = try openStore()
    let id = try store.createMeal(name: "Tea", instructions: "Steep.")
    try store.addIngredient(IngredientMeasurement(name: "Tea", quantity: "1 bag"), toMeal: id)
    try store.addIngredient(IngredientMeasurement(name: "Milk", quantity: "a splash"), toMeal: id)
    try store.removeIngredient(at: 0, fromMeal: id)
    XCTAssertEqual(
      try store.meal(id: id)?.ingredients,
      [IngredientMeasurement(name: "Milk", quantity: "a splash")])
    XCTAssertThrowsError(try store.removeIngredient(at: 5, fromMeal: id))
  }

  func testFoundMealsStayUnique() throws {
    let store = try openStore()
    var found = Self.soup
    found.mealDBID = "90008"
    let first = try store.storeFound(found)
    XCTAssertFalse(first.wasAlreadyStored)
    let second = try store.storeFound(found)
    XCTAssertEqual(second, StoredMeal(id: first.id, wasAlreadyStored: true))
    XCTAssertEqual(store.mealCount, 1)
  }

  // MARK: - Catalogue

  func testCatalogueReplaceMergesCaseInsensitiveNames() throws {
    let store = try openStore()
    try store.replaceCatalogue([
      Ingredient(name: "Fennel"),
      Ingredient(name: "fennel", description: "Anise-scented.", type: "Vegetable"),
      Ingredient(name: "Gruyère", description: "A cheese."), Ingredient(name: "  "),
    ])
    XCTAssertEqual(store.ingredientCount, 2)
    XCTAssertEqual(try store.ingredient(named: "FENNEL")?.description, "Anise-scented.")
    try store.replaceCatalogue([Ingredient(name: "Salt")])
    XCTAssertEqual(store.ingredients().row(at: 0)?.name, "Salt")
    XCTAssertEqual(store.ingredientCount, 1)
  }

  func testCatalogueFilterIsCaseAndAccentInsensitiveSubstring() throws {
    let store = try openStore()
    try store.replaceCatalogue(
      ["Gruyère", "Chicken", "Chicken Stock", "Olive Oil", "100% Juice"].map {
        Ingredient(name: $0)
      })
    func names(_ filter: String) -> [String] {
      let results = store.ingredients(matching: filter)
      return (0..<results.count).compactMap { results.row(at: $0)?.name }
    }
    XCTAssertEqual(names("GRUYERE"), ["Gruyère"])
    XCTAssertEqual(names("cken"), ["Chicken", "Chicken Stock"])
    XCTAssertEqual(names("%"), ["100% Juice"])
    XCTAssertEqual(names("_"), [])
    XCTAssertEqual(names(""), ["100% Juice", "Chicken", "Chicken Stock", "Gruyère", "Olive Oil"])
  }

  func testCatalogueReplaceIsAllOrNothingWhenTheDatabaseIsLocked() throws {
    let store = try openStore()
    try store.replaceCatalogue([Ingredient(name: "Old")])
    let other = try openStore()
    try other.db.execute("BEGIN IMMEDIATE")
    store.db.setBusyTimeout(milliseconds: 50)
    XCTAssertThrowsError(
      try store.replaceCatalogue((0..<500).map { Ingredient(name: "New \($0)") })
    ) {
      XCTAssertEqual(($0 as? StoreError)?.kind, .busy)
    }
    try other.db.execute("ROLLBACK")
    XCTAssertEqual(store.ingredientCount, 1)
    XCTAssertEqual(try store.ingredient(named: "Old")?.name, "Old")
  }

  // MARK: - Notifications

  func testListenersHearOwnCommits() throws {
    let store = try openStore()
    let spy = ListenerSpy()
    store.addListener(spy)
    _ = try save(Self.soup, in: store)
    XCTAssertEqual(spy.calls, 1)
    store.removeListener(spy)
    _ = try store.createMeal(name: "Tea", instructions: "Steep.")
    XCTAssertEqual(spy.calls, 1)
  }

  func testCommitsOfAnotherConnectionAreNoticed() throws {
    let watcher = try openStore()
    let writer = try openStore()
    let spy = ListenerSpy()
    watcher.addListener(spy)
    let list = watcher.meals()
    XCTAssertEqual(list.count, 0)
    XCTAssertFalse(watcher.checkForExternalChanges())
    _ = try save(Self.soup, in: writer)
    XCTAssertTrue(watcher.checkForExternalChanges())
    XCTAssertEqual(spy.calls, 1)
    XCTAssertEqual(list.count, 1, "live results re-read after an external commit")
    XCTAssertFalse(watcher.checkForExternalChanges())
  }
}
