import Foundation
import MealsCore
import TestSupport
import XCTest

@testable import MealsStore

/// A meal's own photo is kept with it: read back byte for byte, through the trash and undo,
/// counted in `meal(id:)`; an import fed as it streams is whole or nothing and knows an
/// export's recipes again by their own ids.
final class PhotoStoreTests: StoreTestCase {
  private let jpeg = [UInt8]([0xFF, 0xD8, 0xFF, 0xE0]) + [UInt8](repeating: 7, count: 300)

  func testAPhotoGoesToTheTrashAndComesBackWithItsMeal() throws {
    let store = try openStore()
    let id = try save(Meal(name: "Pie", instructions: "Bake."), in: store)
    let photo = try XCTUnwrap(MealPhoto(bytes: jpeg))
    try store.setPhoto(photo, mealID: id)
    XCTAssertEqual(try store.meal(id: id)?.photo, PhotoLabel(type: "image/jpeg", bytes: 304))
    try store.deleteMeal(id: id)
    XCTAssertNil(try store.photo(mealID: id))
    XCTAssertEqual(try store.db.statement("SELECT count(*) FROM trash_meal_photo").scalar(), 1)
    try store.restoreLastDeleted()
    XCTAssertEqual(try store.photo(mealID: id), photo, "byte for byte")
    try store.deleteMeal(id: id)
    try store.eraseDeleted(id: id)
    XCTAssertEqual(
      try store.db.statement("SELECT count(*) FROM trash_meal_photo").scalar(), 0,
      "erased with its meal")
  }

  func testAStreamedImportThatFailsHalfWayStoresNothing() throws {
    let store = try openStore()
    struct Broken: Error {}
    XCTAssertThrowsError(
      try store.importMeals { feed in
        try feed.add(ImportCandidate(place: "1", meal: Meal(name: "One", instructions: "x")))
        throw Broken()
      }
    ) { XCTAssertTrue($0 is Broken, "the feed's own error comes out") }
    XCTAssertEqual(store.mealCount, 0, "all or nothing")
  }

  func testAnExportsOwnIdKnowsItsRecipeAgainEvenRenamed() throws {
    let store = try openStore()
    var candidate = ImportCandidate(place: "a", meal: Meal(name: "Soup", instructions: "Stir."))
    candidate.origin = "paprika:ABC"
    candidate.photo = MealPhoto(bytes: jpeg)
    let first = try store.importMeals([candidate])
    XCTAssertEqual(first.imported.count, 1)
    XCTAssertEqual(try store.meal(id: first.imported[0].id)?.photo?.bytes, 304)
    var renamed = ImportCandidate(place: "b", meal: Meal(name: "Soup 2", instructions: "Other."))
    renamed.origin = "paprika:ABC"
    let second = try store.importMeals([renamed])
    XCTAssertEqual(second.imported.count, 0)
    XCTAssertEqual(second.skipped.first?.reason, "already in My Meals as “Soup” (imported before)")
    XCTAssertEqual(second.skipped.first?.isDuplicate, true)
    // Deleted from the book, the recipe may come in again.
    try store.deleteMeal(id: first.imported[0].id)
    XCTAssertEqual(try store.importMeals([renamed]).imported.count, 1)
  }
}

/// The group each ingredient line is listed under is stored with it, and follows the meal to
/// the trash and back.
final class IngredientGroupStoreTests: StoreTestCase {
  func testGroupsAreKeptThroughSavingTheTrashAndUndo() throws {
    let store = try openStore()
    var meal = Meal(name: "Pie", instructions: "Bake.")
    meal.ingredients = [
      IngredientMeasurement(name: "butter", quantity: "1 tbsp"),
      IngredientMeasurement(name: "flour", quantity: "250 g", group: "Pastry"),
      IngredientMeasurement(name: "apples", quantity: "6", group: "Filling"),
    ]
    let id = try save(meal, in: store)
    XCTAssertEqual(try store.meal(id: id)?.ingredients, meal.ingredients)
    try store.deleteMeal(id: id)
    XCTAssertEqual(
      try store.db.statement("SELECT group_title FROM trash_measurement ORDER BY position")
        .rows { $0.text(0) }, ["", "Pastry", "Filling"])
    try store.restoreLastDeleted()
    XCTAssertEqual(try store.meal(id: id)?.ingredients, meal.ingredients, "back from the trash")
    try store.addIngredient(IngredientMeasurement(name: "sugar", quantity: ""), toMeal: id)
    XCTAssertEqual(try store.meal(id: id)?.ingredients.map(\.group), ["", "Pastry", "Filling", ""])
  }
}
