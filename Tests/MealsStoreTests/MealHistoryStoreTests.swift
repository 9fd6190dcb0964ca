import MealsCore
import XCTest

@testable import MealsStore

/// A meal's history: a meal edited three times lists four versions and puts the second back.
final class MealHistoryStoreTests: StoreTestCase {
  func testEditedThreeTimesFourVersionsAndTheSecondPutBack() throws {
    let store = try openStore()
    var time = 1_796_000_000.0
    store.clock = { time }
    let id = try save(Self.soup, in: store)
    XCTAssertEqual(try store.mealVersions(mealID: id).map(\.number), [1], "the meal itself")
    func edit(_ change: (inout Meal) -> Void) throws {
      time += 60
      var draft = try store.editableCopy(of: id)
      change(&draft.meal)
      try store.commit(draft)
    }
    try edit { $0.name = "Chicken Noodle Soup" }
    try edit { $0.ingredients.append(IngredientMeasurement(name: "Noodles", quantity: "100 g")) }
    try edit { $0.instructions = "In the pot\nSimmer gently for an hour.\nSeason." }
    // Saved again with nothing changed: no version.
    try edit { _ in }
    let versions = try store.mealVersions(mealID: id)
    XCTAssertEqual(versions.map(\.number), [1, 2, 3, 4])
    XCTAssertEqual(versions.map(\.meal.name).first, "Chicken Soup")
    XCTAssertEqual(
      versions.map(\.savedAt), [1_796_000_000, 1_796_000_060, 1_796_000_120, 1_796_000_180])
    XCTAssertEqual(
      MealChanges.between(versions[0].meal, versions[1].meal).map(\.text),
      ["name: “Chicken Soup” → “Chicken Noodle Soup”"])
    XCTAssertEqual(
      MealChanges.between(versions[1].meal, versions[2].meal).map(\.text), ["+ 100 g Noodles"])
    XCTAssertEqual(MealChanges.summary(versions[2].meal, versions[3].meal), "steps")

    // The second back, as the fifth; the others kept.
    try store.setFavourite(true, mealID: id)
    XCTAssertEqual(try store.restoreVersion(2, mealID: id), 5)
    let now = try XCTUnwrap(try store.meal(id: id))
    XCTAssertEqual(now.name, "Chicken Noodle Soup")
    XCTAssertEqual(now.ingredients.count, 3)
    XCTAssertEqual(now.instructions, Self.soup.instructions)
    XCTAssertTrue(now.favourite, "being a favourite is not part of a version")
    XCTAssertEqual(try store.mealVersions(mealID: id).count, 5)
    XCTAssertThrowsError(try store.restoreVersion(9, mealID: id))
  }

  func testStepsAreComparedWordByWord() {
    let diff = MealChanges.wordDiff(
      "Fry the onions quickly. Add the beef.", "Fry the onions slowly. Add the beef and stir.")
    XCTAssertEqual(
      diff.text, "Fry the onions [-quickly.-] {+slowly.+} Add the [-beef.-] {+beef and stir.+}")
    XCTAssertEqual(diff.out, 2)
    XCTAssertEqual(diff.in, 4)
    XCTAssertEqual(MealChanges.wordDiff("same words", "same words").text, "same words")
    XCTAssertEqual(MealChanges.wordDiff("", "new").text, "{+new+}")
  }
}
