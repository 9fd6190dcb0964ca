import MealsCore
import XCTest

final class MealDraftTests: XCTestCase {
  func testNewDraftIsEmptyAndUnchanged() {
    let draft = MealDraft(of: nil)
    XCTAssertTrue(draft.isNew)
    XCTAssertFalse(draft.hasChanges)
    XCTAssertEqual(draft.validated(), .failure(.emptyName))
  }

  func testEditsAreChangesAndValidationNeedsNameAndInstructions() {
    var draft = MealDraft(of: nil)
    draft.name = "   "
    XCTAssertTrue(draft.hasChanges)
    XCTAssertEqual(draft.validated(), .failure(.emptyName))
    draft.name = "  Soup "
    XCTAssertEqual(draft.validated(), .failure(.emptyInstructions))
    draft.instructions = "\n \t"
    XCTAssertEqual(draft.validated(), .failure(.emptyInstructions))
    draft.instructions = "Boil."
    XCTAssertEqual(try draft.validated().get().name, "Soup")
  }

  /// Nothing a user asked to bring in is dropped: a recipe without steps comes in, and a meal
  /// that came so may be saved from the editor; a new meal made by hand still needs them.
  func testAMealThatCameWithoutStepsMayBeSavedSo() {
    var imported = MealDraft(of: nil)
    imported.meal = Meal(name: "Spiced Nuts", instructions: "")
    XCTAssertEqual(imported.validated(), .failure(.emptyInstructions), "by hand: needed")
    XCTAssertEqual(try imported.validated(steps: .mayBeMissing).get().name, "Spiced Nuts")
    var stored = imported.meal
    stored.id = 7
    var edit = MealDraft(of: stored)
    edit.name = "Spiced Walnuts"
    XCTAssertEqual(try edit.validated().get().name, "Spiced Walnuts", "came without: saved")
    var withSteps = stored
    withSteps.instructions = "Toast."
    var emptied = MealDraft(of: withSteps)
    emptied.instructions = ""
    XCTAssertEqual(emptied.validated(), .failure(.emptyInstructions), "had steps: needs them")
  }

  func testIngredientRowsAddAndRemove() {
    var draft = MealDraft(of: Meal(id: 4, name: "Tea", instructions: "Steep."))
    draft.addIngredient(IngredientMeasurement(name: "Tea", quantity: "1 bag"))
    draft.addIngredient(IngredientMeasurement(name: "Tea", quantity: "2 bags"))
    draft.removeIngredient(at: 5)
    XCTAssertEqual(draft.ingredients.count, 2)
    draft.removeIngredient(at: 0)
    XCTAssertEqual(draft.ingredients, [IngredientMeasurement(name: "Tea", quantity: "2 bags")])
    XCTAssertEqual(draft.original.ingredients, [], "the original is untouched")
  }

  func testRulesRefuseBlankValues() {
    XCTAssertEqual(MealRules.trimmed("  a b \n"), "a b")
    XCTAssertEqual(MealRules.checkName(" \n"), .emptyName)
    XCTAssertEqual(MealRules.checkIngredientName(""), .emptyIngredientName)
    XCTAssertNil(MealRules.checkName("Tea"))
  }

  /// Salt has no quantity: shown as nothing, never scaled, never marked as left as written.
  func testAnIngredientWithoutAQuantityIsKeptAndNeverScaled() throws {
    var draft = MealDraft(of: nil)
    draft.meal = Meal(
      name: "Eggs", instructions: "Boil.",
      ingredients: [IngredientMeasurement(name: "Salt", quantity: "")])
    XCTAssertEqual(try draft.validated().get().ingredients.first?.quantity, "")
    var servings = Servings(for: draft.meal)
    servings.increase()
    XCTAssertEqual(servings.measure("").text, "")
    XCTAssertTrue(servings.measure("").scaled, "nothing to mark")
  }

  func testFoldingIgnoresCaseAndAccents() {
    XCTAssertEqual(TextFolding.key("GRUYÈRE"), "gruyere")
    XCTAssertEqual(TextFolding.key("Cafe\u{0301}"), "cafe")
    XCTAssertTrue(TextFolding.hasUnspacedScript("麻婆"))
    XCTAssertFalse(TextFolding.hasUnspacedScript("Café"))
  }
}
