import Fixtures
import Foundation
import MealsCore
import TestSupport
import XCTest

/// Decoding the project's fixtures, which carry every quirk of the real API.
final class MealDBDecoderTests: XCTestCase {
  private func meals() throws -> [Meal] {
    try MealDBDecoder.meals(from: PackagePaths.fixture("meals.json"))
  }

  private func meal(_ id: String) throws -> Meal {
    let found = try meals().first { $0.mealDBID == id }
    return try XCTUnwrap(found)
  }

  func testDecodesEveryFixtureMeal() throws {
    XCTAssertEqual(try meals().count, 12)
  }

  func testArrabiataHasItsEightIngredientsTrimmedInOrder() throws {
    let arrabiata = try meal("90001")
    XCTAssertEqual(arrabiata.name, "Spicy Arrabiata Penne")
    XCTAssertEqual(arrabiata.ingredients.count, 8)
    XCTAssertEqual(
      arrabiata.ingredients[0], IngredientMeasurement(name: "penne rigate", quantity: "1 pound"))
    XCTAssertEqual(
      arrabiata.ingredients[1], IngredientMeasurement(name: "olive oil", quantity: "1/4 cup"))
    XCTAssertEqual(arrabiata.ingredients[3].quantity, "1 tin")
    XCTAssertEqual(arrabiata.category, "Vegetarian")
    XCTAssertEqual(arrabiata.area, "Italian")
    XCTAssertEqual(arrabiata.tags, ["Pasta", "Curry"])
    XCTAssertEqual(arrabiata.thumbnailURL, "https://www.themealdb.com/images/media/meals/90001.jpg")
    XCTAssertEqual(arrabiata.sourceURL, nil)
  }

  func testInstructionsUseNewlinesOnly() throws {
    let arrabiata = try meal("90001")
    XCTAssertFalse(arrabiata.instructions.contains("\r"))
    XCTAssertTrue(
      arrabiata.instructions.hasPrefix(
        "Bring a large pot of salted water to the boil.\nAdd the penne"))
    XCTAssertTrue(arrabiata.instructions.contains("al dente.\n\nMeanwhile"))
  }

  func testNameWithTrailingSpaceAnd2025FieldsAndUnknownKeys() throws {
    let chakchouka = try meal("90002")
    XCTAssertEqual(chakchouka.name, "Chakchouka")
    XCTAssertEqual(
      chakchouka.ingredients.map(\.name),
      ["Olive Oil", "Onion", "Red Pepper", "Tomatoes", "Cumin", "Eggs"])
    XCTAssertEqual(chakchouka.ingredients[1].quantity, "1")
    XCTAssertEqual(chakchouka.tags, ["Warming", "Breakfast"])
  }

  func testRepeatedIngredientsKeepTheirOrder() throws {
    let cake = try meal("90003")
    XCTAssertEqual(
      cake.ingredients.filter { $0.name == "Butter" }.map(\.quantity), ["200g", "100g"])
    XCTAssertEqual(cake.videoURL, nil, "an empty strYoutube is no URL")
    XCTAssertEqual(cake.tags, [])
  }

  func testEmptyMeasureIsKeptAsEmptyAndTrailingCommaTagsAreDropped() throws {
    let pancakes = try meal("90007")
    XCTAssertEqual(pancakes.ingredients.last, IngredientMeasurement(name: "Sugar", quantity: ""))
    XCTAssertEqual(pancakes.tags, ["Breakfast", "Brunch"])
  }

  func testUnicodeSurvivesAndControlsAreRemoved() throws {
    let tofu = try meal("90004")
    XCTAssertEqual(tofu.name, "Mapo Tofu 麻婆豆腐")
    XCTAssertEqual(tofu.ingredients[3].quantity, "½ tsp")
    XCTAssertTrue(tofu.instructions.contains("until red.\nAdd the pork and sauté\u{0301}"))
    let evil = try meal("90006")
    XCTAssertEqual(evil.name, "Evil Red Soup")
    XCTAssertEqual(evil.instructions, "Stir well.\nReversed text stays in order.\nRing no bell.")
    let fudge = try meal("90005")
    XCTAssertEqual(
      fudge.ingredients.map(\.quantity), ["1 – 14-ounce can", "⅓ cup", "1  tsp", "3⁄4 cup"])
  }

  func testNullMealsIsAnEmptyResult() throws {
    XCTAssertEqual(try MealDBDecoder.meals(from: Data(#"{"meals":null}"#.utf8)), [])
    XCTAssertEqual(try MealDBDecoder.listings(from: Data(#"{"meals":null}"#.utf8)), [])
  }

  func testNumericIdsAndMissingKnownKeysDecode() throws {
    let json =
      #"{"meals":[{"idMeal":52771,"strMeal":"Plain","strIngredient1":"Salt","strMeasure1":null}]}"#
    let decoded = try MealDBDecoder.meals(from: Data(json.utf8))
    XCTAssertEqual(decoded.first?.mealDBID, "52771")
    XCTAssertEqual(decoded.first?.ingredients, [IngredientMeasurement(name: "Salt", quantity: "")])
    XCTAssertEqual(decoded.first?.instructions, "")
  }

  func testMalformedAnswersAreErrorValues() {
    XCTAssertThrowsError(try MealDBDecoder.meals(from: Data("<html>down</html>".utf8))) {
      XCTAssertEqual($0 as? MealDBDecodingError, .notJSON)
    }
    XCTAssertThrowsError(
      try MealDBDecoder.meals(from: Data(#"{"meals":[{"idMeal":"1","strMeal":"Bro"#.utf8))
    ) {
      XCTAssertEqual($0 as? MealDBDecodingError, .notJSON)
    }
    XCTAssertThrowsError(try MealDBDecoder.meals(from: Data(#"{"meals":"not a list"}"#.utf8))) {
      XCTAssertEqual($0 as? MealDBDecodingError, .wrongShape("\"meals\" is not a list"))
    }
    XCTAssertThrowsError(try MealDBDecoder.meals(from: Data("[1,2]".utf8))) {
      XCTAssertNotNil($0 as? MealDBDecodingError)
    }
  }

  func testCatalogueMergesDuplicateNames() throws {
    let ingredients = try MealDBDecoder.ingredients(from: PackagePaths.fixture("ingredients.json"))
    let names = ingredients.map(\.name)
    XCTAssertEqual(names.count, 50)
    XCTAssertEqual(names.filter { $0 == "Fennel" }.count, 1)
    let sauce = try XCTUnwrap(ingredients.first { $0.name == "Tomato Sauce" })
    XCTAssertEqual(
      sauce.description, "Tomato sauce can refer to many different sauces.",
      "the duplicate's description fills the gap")
    let chicken = try XCTUnwrap(ingredients.first { $0.name == "Chicken" })
    XCTAssertEqual(
      chicken.description,
      "The chicken is a type of domesticated fowl.\n\nIt is kept for meat and eggs.")
    XCTAssertFalse(try XCTUnwrap(ingredients.first { $0.name == "Avocado" }).hasDescription)
    XCTAssertTrue(names.contains("Gruyère"))
  }

  func testCategoriesAndListings() throws {
    let categories = try MealDBDecoder.categories(from: PackagePaths.fixture("categories.json"))
    XCTAssertEqual(categories.count, 9)
    let beef = try XCTUnwrap(categories.first)
    XCTAssertEqual(beef.name, "Beef")
    XCTAssertEqual(beef.mealDBID, "1")
    XCTAssertTrue(
      beef.description?.contains("nutrients.[2]\n\nMost beef") ?? false, "\\r\\n became \\n")
    XCTAssertEqual(categories.last?.description?.hasSuffix("slaughter."), true)
    XCTAssertEqual(
      categories.first { $0.name == "Side" }?.description?.hasSuffix("at a meal."), true,
      "a trailing line break is trimmed")
    let listing =
      #"{"meals":[{"strMeal":"Pancakes","strMealThumb":"https:\/\/x\/p.jpg","idMeal":"90007"}]}"#
    XCTAssertEqual(
      try MealDBDecoder.listings(from: Data(listing.utf8)),
      [MealListing(mealDBID: "90007", name: "Pancakes", thumbnailURL: "https://x/p.jpg")])
  }
}
