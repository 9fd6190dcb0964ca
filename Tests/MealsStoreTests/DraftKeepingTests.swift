import Foundation
import MealsCore
import TestSupport
import XCTest

@testable import MealsStore

/// The Meal Editor's draft kept in the database until it is saved or discarded.
final class DraftKeepingTests: StoreTestCase {
  func testAKeptDraftComesBackAfterARestartAndGoesWhenSaved() throws {
    var slot: Int64 = 0
    let id: Int64
    do {
      let store = try openStore()
      id = try save(Self.soup, in: store)
      var draft = try store.editableCopy(of: id)
      draft.name = "Chicken Soup Deluxe"
      draft.addIngredient(IngredientMeasurement(name: "Leek", quantity: "1"))
      slot = try store.keepDraft(draft, slot: nil)
      draft.instructions = "Simmer gently."
      XCTAssertEqual(try store.keepDraft(draft, slot: slot), slot, "rewritten in place")
    }
    let store = try openStore()
    let kept = try store.unsavedDrafts()
    XCTAssertEqual(kept.count, 1)
    let draft = try XCTUnwrap(kept.first)
    XCTAssertEqual(draft.slot, slot)
    XCTAssertFalse(draft.mealWasDeleted)
    XCTAssertEqual(draft.draft.original, try store.meal(id: id))
    XCTAssertEqual(draft.draft.name, "Chicken Soup Deluxe")
    XCTAssertEqual(draft.draft.instructions, "Simmer gently.")
    XCTAssertEqual(draft.draft.ingredients.last, IngredientMeasurement(name: "Leek", quantity: "1"))

    try store.commit(draft.draft, discardingDraft: draft.slot)
    XCTAssertEqual(try store.meal(id: id)?.name, "Chicken Soup Deluxe")
    XCTAssertEqual(try store.unsavedDrafts(), [], "saving removes the kept draft")
  }

  func testADraftOfAMealDeletedMeanwhileBecomesANewMeal() throws {
    let store = try openStore()
    let id = try save(Self.soup, in: store)
    var draft = try store.editableCopy(of: id)
    draft.name = "Soup, edited"
    let slot = try store.keepDraft(draft, slot: nil)
    try store.deleteMeal(id: id)
    let kept = try XCTUnwrap(try store.unsavedDrafts().first)
    XCTAssertTrue(kept.mealWasDeleted)
    XCTAssertTrue(kept.draft.isNew)
    let newID = try store.commit(kept.draft, discardingDraft: slot)
    XCTAssertNotEqual(newID, id)
    XCTAssertEqual(try store.meal(id: newID)?.name, "Soup, edited")
    XCTAssertEqual(try store.meal(id: newID)?.ingredients, Self.soup.ingredients)
    XCTAssertEqual(store.trashCount, 1, "the deleted meal is still in the trash")
  }

  func testDiscardingForgetsTheDraftAndUnreadableRowsAreSkipped() throws {
    let store = try openStore()
    let slot = try store.keepDraft(MealDraft(of: Meal(name: "New", instructions: "")), slot: nil)
    try store.db.execute(
      "INSERT INTO draft (meal_id, owner_pid, updated_at, body) VALUES (NULL, 1, 0, 'not json')")
    XCTAssertEqual(try store.unsavedDrafts().map(\.slot), [slot])
    try store.discardDraft(slot: slot)
    XCTAssertEqual(try store.unsavedDrafts(), [])
    XCTAssertEqual(
      try store.db.statement("SELECT count(*) FROM draft").scalar(), 1,
      "a row that cannot be read is kept, not thrown away")
  }

  func testADraftHeldByAnotherRunningMealsIsLeftToIt() throws {
    let store = try openStore()
    try store.keepDraft(MealDraft(of: Meal(name: "Theirs", instructions: "x")), slot: nil)
    // Pretend the row belongs to a running process that is not meals (pid 1 is init): it is
    // not a meals, so the draft is offered; a reused pid never hides a draft for good.
    try store.db.execute("UPDATE draft SET owner_pid = 1")
    XCTAssertEqual(try store.unsavedDrafts().count, 1)
  }
}
