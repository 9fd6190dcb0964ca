import Fixtures
import Foundation
import MealsCore
import TestSupport
import XCTest

@testable import MealsStore

/// The ingredient pickers list names that start with the text first, then names with a word
/// that starts with it, then the rest, each group by name.
final class IngredientRankingTests: StoreTestCase {
  private func names(_ filter: String, in store: MealStore) -> [String] {
    let results = store.ingredients(matching: filter)
    return (0..<results.count).compactMap { results.row(at: $0)?.name }
  }

  func testStartThenWordStartThenInside() throws {
    let store = try openStore()
    try store.replaceCatalogue(
      [
        "Balsamic Vinegar", "garlic", "Garam Masala", "Minced Garlic", "Ginger-garlic paste",
        "Sugar", "Bouquet (garni)", "Gruyère", "Cigare",
      ].map { Ingredient(name: $0) })
    XCTAssertEqual(
      names("gar", in: store),
      [
        "Garam Masala", "garlic",  // the name starts with it (by name, either case)
        "Bouquet (garni)", "Ginger-garlic paste", "Minced Garlic",  // a word does
        "Balsamic Vinegar", "Cigare", "Sugar",  // inside a word
      ])
    XCTAssertEqual(names("GRUYE", in: store), ["Gruyère"], "case and accents still ignored")
    XCTAssertEqual(names("", in: store).first, "Balsamic Vinegar", "no filter: by name")
  }

  func testTheOrderHoldsWhileScrollingBothWays() throws {
    let store = try openStore()
    try store.replaceCatalogue(
      (0..<300).map { Ingredient(name: ["Oil \($0)", "Olive Oil \($0)", "Boiling \($0)"][$0 % 3]) })
    let all = names("oil", in: store)
    XCTAssertEqual(all.count, 300)
    XCTAssertTrue(all.prefix(100).allSatisfy { $0.hasPrefix("Oil ") }, "starts first")
    XCTAssertTrue(all.dropFirst(100).prefix(100).allSatisfy { $0.hasPrefix("Olive Oil") })
    XCTAssertTrue(all.suffix(100).allSatisfy { $0.hasPrefix("Boiling") })
    // Read backwards from the end (reads before a row) and by far jumps: the same rows.
    let results = store.ingredients(matching: "oil")
    for index in [299, 250, 200, 150, 120, 99, 64, 10, 0, 180] {
      XCTAssertEqual(results.row(at: index)?.name, all[index], "row \(index)")
    }
  }

  func testTheRealCatalogue() throws {
    let url = PackagePaths.sharedMealDB.appendingPathComponent("list-ingredients.json")
    guard FileManager.default.fileExists(atPath: url.path) else {
      throw XCTSkip(
        "../shared/mealdb is not beside this checkout; the ranking test over the real catalogue is skipped."
      )
    }
    let store = try openStore()
    try store.replaceCatalogue(try MealDBDecoder.ingredients(from: Data(contentsOf: url)))
    let gar = names("gar", in: store)
    XCTAssertEqual(
      Array(gar.prefix(8)),
      [
        "Garam Masala", "Garlic", "Garlic Clove", "Garlic Powder", "Garlic Sauce",
        "Bouquet Garni", "Ginger Garlic Paste", "Minced Garlic",
      ])
    XCTAssertLessThan(
      try XCTUnwrap(gar.firstIndex(of: "Garlic")),
      try XCTUnwrap(gar.firstIndex(of: "Balsamic Vinegar")))
    let oil = names("oil", in: store)
    XCTAssertEqual(oil.first, "Oil")
    XCTAssertEqual(oil.last, "Boiling Water", "inside a word comes last")
    XCTAssertEqual(
      Array(names("chi", in: store).prefix(3)), ["Chicken", "Chicken Breast", "Chicken Breasts"])
  }
}
