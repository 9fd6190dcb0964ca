import Fixtures
import Foundation
import MealsCore
import TestSupport
import XCTest

/// Decodes the real TheMealDB responses in ../shared/mealdb when that folder exists.
final class ConformanceTests: XCTestCase {
  private func shared(_ name: String) throws -> Data {
    let url = PackagePaths.sharedMealDB.appendingPathComponent(name)
    guard FileManager.default.fileExists(atPath: url.path) else {
      throw XCTSkip(
        "../shared/mealdb is not beside this checkout; the real-response conformance test is skipped."
      )
    }
    return try Data(contentsOf: url)
  }

  func testEveryRealFileDecodes() throws {
    let folder = PackagePaths.sharedMealDB
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path) else {
      throw XCTSkip(
        "../shared/mealdb is not beside this checkout; the real-response conformance test is skipped."
      )
    }
    var decodedMeals = 0
    for name in names.sorted() where name.hasSuffix(".json") {
      let data = try shared(name)
      if name.hasPrefix("bulk-") {
        let array = try XCTUnwrap(JSONSerialization.jsonObject(with: data) as? [Any])
        for element in array {
          let part = try JSONSerialization.data(withJSONObject: element)
          decodedMeals += try MealDBDecoder.meals(from: part).count
        }
      } else if name.hasPrefix("categories") {
        XCTAssertEqual(try MealDBDecoder.categories(from: data).count, 14, name)
      } else if name.hasPrefix("list-ingredients") {
        XCTAssertGreaterThan(try MealDBDecoder.ingredients(from: data).count, 500, name)
      } else if name.hasPrefix("list-areas") {
        XCTAssertGreaterThan(try MealDBDecoder.names(from: data, key: "strArea").count, 20, name)
      } else if name.hasPrefix("list-categories") {
        XCTAssertEqual(try MealDBDecoder.names(from: data, key: "strCategory").count, 14, name)
      } else if name.hasPrefix("filter-") {
        XCTAssertFalse(try MealDBDecoder.listings(from: data).isEmpty, name)
      } else {
        decodedMeals += try MealDBDecoder.meals(from: data).count
      }
    }
    XCTAssertEqual(
      decodedMeals, 280 + 14 + 1 + 1 + 1 + 1 + 1 + 1 + 25 + 10, "every full meal decodes")
  }

  func testCatalogueOf569EntriesMergesTo566Names() throws {
    let data = try shared("list-ingredients.json")
    let raw = try XCTUnwrap(
      (JSONSerialization.jsonObject(with: data) as? [String: Any])?["meals"] as? [Any])
    XCTAssertEqual(raw.count, 569)
    let ingredients = try MealDBDecoder.ingredients(from: data)
    XCTAssertEqual(ingredients.count, 566)
    XCTAssertEqual(Set(ingredients.map { $0.name.lowercased() }).count, 566)
    XCTAssertTrue(ingredients.contains { $0.name == "Gruyère" })
    let described = ingredients.filter(\.hasDescription).count
    // 459 null and 5 empty descriptions are no description; none of the duplicates has one.
    XCTAssertEqual(described, 569 - 459 - 5)
    XCTAssertFalse(ingredients.contains { $0.description?.contains("\r") ?? false })
  }

  func testArrabiataHasEightIngredientsWithMeasures() throws {
    let data = try shared("search-arrabiata.json")
    let meal = try XCTUnwrap(try MealDBDecoder.meals(from: data).first)
    XCTAssertEqual(meal.name, "Spicy Arrabiata Penne")
    XCTAssertEqual(meal.mealDBID, "52771")
    XCTAssertEqual(meal.ingredients.count, 8)
    XCTAssertEqual(
      meal.ingredients.first, IngredientMeasurement(name: "penne rigate", quantity: "1 pound"))
    XCTAssertEqual(
      meal.ingredients[1], IngredientMeasurement(name: "olive oil", quantity: "1/4 cup"))
    XCTAssertEqual(
      meal.ingredients[3], IngredientMeasurement(name: "chopped tomatoes", quantity: "1 tin"))
    XCTAssertFalse(meal.instructions.contains("\r"))
  }

  func testNoMatchIsEmptyAndQuirkyMealsDecode() throws {
    let none = try shared("search-none.json")
    XCTAssertEqual(try MealDBDecoder.meals(from: none), [])
    let letterA = try MealDBDecoder.meals(from: shared("search-letter-a.json"))
    XCTAssertEqual(letterA.count, 14)
    for meal in letterA {
      XCTAssertEqual(meal.name, MealRules.trimmed(meal.name))
      XCTAssertFalse(meal.ingredients.contains { MealRules.isBlank($0.name) })
      XCTAssertFalse(meal.ingredients.contains { $0.quantity != MealRules.trimmed($0.quantity) })
    }
    let fudgeData = try shared("lookup-52787.json")
    let fudge = try XCTUnwrap(try MealDBDecoder.meals(from: fudgeData).first)
    XCTAssertTrue(
      fudge.ingredients.contains { $0.quantity.contains("⅓") || $0.quantity.contains("½") })
  }
}
