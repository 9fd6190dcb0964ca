import XCTest

@testable import MealsCore

/// Recipes in the reader's units: every conversion with its rounding, both ways, as a table.
final class UnitConversionTests: XCTestCase {
  private let metric = UnitConversion(.metric)
  private let us = UnitConversion(.us)

  /// (measure, ingredient, in metric, in US measures).
  private let measures: [(String, String, String, String)] = [
    ("1 cup", "milk", "240 ml", "1 cup"),
    ("½ cup", "water", "120 ml", "½ cup"),
    ("1/4 cup", "olive oil", "60 ml", "1/4 cup"),
    ("2 cups", "stock", "470 ml", "2 cups"),
    ("1 tbsp", "soy sauce", "1 tbsp", "1 tbsp"),
    ("2 tsp", "vanilla extract", "2 tsp", "2 tsp"),
    ("4 fl oz", "cream", "120 ml", "4 fl oz"),
    ("1 quart", "stock", "950 ml", "1 quart"),
    ("1 gallon", "water", "3.8 l", "1 gallon"),
    ("2 lb", "beef", "900 g", "2 lb"),
    ("1 lb", "pork", "450 g", "1 lb"),
    ("8 oz", "cheddar", "230 g", "8 oz"),
    ("1 oz", "parmesan rind", "28 g", "1 oz"),
    ("3 lb", "potatoes", "1.35 kg", "3 lb"),
    ("250 ml", "milk", "250 ml", "1 cup"),
    ("100 ml", "cream", "100 ml", "½ cup"),
    ("15 ml", "vinegar", "15 ml", "1 tbsp"),
    ("5 ml", "lemon juice", "5 ml", "1 tsp"),
    ("2 ml", "vanilla", "2 ml", "½ tsp"),
    ("1.5 l", "water", "1.5 l", "6 ⅓ cups"),
    ("100 g", "chicken", "100 g", "3 ½ oz"),
    ("500 g", "minced beef", "500 g", "1 lb"),
    ("1 kg", "potatoes", "1 kg", "2 ¼ lb"),
    // Volume and weight only where the weight of a cup is well known, marked ≈.
    ("1 cup", "all-purpose flour, sifted", "≈ 120 g", "1 cup"),
    ("½ cup", "unsalted butter, softened", "≈ 110 g", "½ cup"),
    ("1 ½ cups", "light brown sugar", "≈ 320 g", "1 ½ cups"),
    ("200 g", "plain flour", "200 g", "≈ 1 ⅔ cups"),
    ("100 g", "caster sugar", "100 g", "≈ ½ cup"),
    ("1 cup", "peanut butter", "≈ 270 g", "1 cup"),
    ("1 cup", "butter beans", "240 ml", "1 cup"),
    ("2 tbsp", "butter", "2 tbsp", "2 tbsp"),
    // Ranges, each end; the recipe's own equivalent when it gives one.
    ("2-3 cups", "broth", "470–700 ml", "2-3 cups"),
    ("175g/6oz", "butter", "175g/6oz", "6 oz"),
    ("6 tbsp (85 grams)", "butter", "6 tbsp (85 grams)", "6 tbsp (85 grams)"),
    // Not amounts of a unit: left as written.
    ("1 (12 oz.) can", "tomatoes", "1 (12 oz.) can", "1 (12 oz.) can"),
    ("2 cloves", "garlic", "2 cloves", "2 cloves"),
    ("a pinch", "salt", "a pinch", "a pinch"),
    ("", "pepper", "", ""),
    ("3", "eggs", "3", "3"),
  ]

  func testMeasuresInBothDirectionsRoundedAsCooksWrite() {
    for (written, ingredient, inMetric, inUS) in measures {
      XCTAssertEqual(metric.measure(written, of: ingredient), inMetric, "\(written) \(ingredient)")
      XCTAssertEqual(us.measure(written, of: ingredient), inUS, "\(written) \(ingredient)")
      XCTAssertEqual(UnitConversion.asWritten.measure(written, of: ingredient), written)
    }
  }

  /// What a cup is: the US cup unless the reader says otherwise.
  func testTheCupTheReaderMeans() {
    XCTAssertEqual(UnitConversion(.metric, cup: .metric).measure("1 cup", of: "milk"), "250 ml")
    XCTAssertEqual(
      UnitConversion(.metric, cup: .imperial).measure("1 cup", of: "milk"), "280 ml")
    XCTAssertEqual(UnitConversion(.metric, cup: .us).measure("2 cups", of: "milk"), "470 ml")
  }

  /// (sentence, in metric, in US measures).
  private let sentences: [(String, String, String)] = [
    ("Preheat the oven to 350°F.", "Preheat the oven to 175 °C.", "Preheat the oven to 350°F."),
    (
      "Bake at 180 °C for 20 minutes.", "Bake at 180 °C for 20 minutes.",
      "Bake at 350 °F for 20 minutes."
    ),
    (
      "Heat to 425 degrees F, then 400F.", "Heat to 220 °C, then 205 °C.",
      "Heat to 425 degrees F, then 400F."
    ),
    ("Roast at 200ºC.", "Roast at 200ºC.", "Roast at 400 °F."),
    ("Cook until it reads 60°C.", "Cook until it reads 60°C.", "Cook until it reads 140 °F."),
    ("Bake at gas mark 4.", "Bake at 180 °C.", "Bake at 350 °F."),
    ("Grease a 9×13-inch dish.", "Grease a 23×33 cm dish.", "Grease a 9×13-inch dish."),
    ("Use a 20 x 30 cm tin.", "Use a 20 x 30 cm tin.", "Use a 8 x 12 inch tin."),
    ("Cut into 1-inch cubes.", "Cut into 2.5 cm cubes.", "Cut into 1-inch cubes."),
    ("Roll it 5 mm thick.", "Roll it 5 mm thick.", "Roll it ¼ inch thick."),
    (
      "Add 2 cups, 5 carrots and 3 C of flour.", "Add 2 cups, 5 carrots and 3 C of flour.",
      "Add 2 cups, 5 carrots and 3 C of flour."
    ),
    (
      "Put 2 in. Makes 12 cookies in 2 batches.", "Put 2 in. Makes 12 cookies in 2 batches.",
      "Put 2 in. Makes 12 cookies in 2 batches."
    ),
    // Written both ways: shown once, as written in the system asked for (#58).
    (
      "Heat the oven to 220°C (425°F).", "Heat the oven to 220°C.",
      "Heat the oven to 425°F."
    ),
    ("Bake at 425 °F / 220 °C.", "Bake at 220 °C.", "Bake at 425 °F."),
    ("Use a 9 inch (23 cm) tin.", "Use a 23 cm tin.", "Use a 9 inch tin."),
    ("Bake at 200°C (180°C fan).", "Bake at 200°C (180°C fan).", "Bake at 400 °F (350 °F fan)."),
  ]

  func testTemperaturesAndLengthsInsideSentences() {
    for (sentence, inMetric, inUS) in sentences {
      XCTAssertEqual(metric.text(sentence), inMetric, sentence)
      XCTAssertEqual(us.text(sentence), inUS, sentence)
    }
  }

  /// Converting is for reading: the meal converted is a copy, the meal itself is unchanged,
  /// and scaling first then converting composes (8 servings of a recipe for 4, in metric).
  func testConversionNeverChangesTheMealAndComposesWithScaling() {
    var meal = Meal(name: "Brownies", instructions: "Bake at 350°F in an 8-inch pan.")
    meal.servings = 4
    meal.ingredients = [
      IngredientMeasurement(name: "butter", quantity: "½ cup"),
      IngredientMeasurement(name: "milk", quantity: "1 cup"),
      IngredientMeasurement(name: "eggs", quantity: "2"),
    ]
    let before = meal
    let shown = metric.meal(meal)
    XCTAssertEqual(meal, before)
    XCTAssertEqual(shown.ingredients.map(\.quantity), ["≈ 110 g", "240 ml", "2"])
    XCTAssertEqual(shown.instructions, "Bake at 175 °C in an 20 cm pan.")
    XCTAssertEqual(UnitConversion.asWritten.meal(meal), meal)
    let doubled = Servings(for: meal, servings: 8).lines(of: meal).map {
      metric.measure($0.quantity, of: $0.name)
    }
    XCTAssertEqual(doubled, ["≈ 230 g", "470 ml", "4"])
  }

  /// The shopping list adds up across units once converted: 1 cup of milk and 250 ml are
  /// 490 ml in metric; a cup of flour and 100 g are ≈ 220 g; as written, as before.
  func testTheShoppingListAddsUpAcrossUnitsOnceConverted() {
    let items = [
      ShoppingItem(
        id: 1, mealName: "Pancakes", ingredient: "Milk", measure: "1 cup", ticked: false),
      ShoppingItem(
        id: 2, mealName: "Porridge", ingredient: "milk", measure: "250 ml", ticked: false),
      ShoppingItem(
        id: 3, mealName: "Pancakes", ingredient: "Flour", measure: "1 cup", ticked: false),
      ShoppingItem(id: 4, mealName: "Bread", ingredient: "flour", measure: "100 g", ticked: false),
      ShoppingItem(id: 5, mealName: "Bread", ingredient: "Eggs", measure: "2", ticked: false),
    ]
    func amounts(_ units: UnitConversion) -> [String] {
      ShoppingList.rows(items, units: units).map { "\($0.name): \($0.amounts)" }
    }
    XCTAssertEqual(amounts(metric), ["Eggs: 2", "Flour: ≈ 220 g", "Milk: 490 ml"])
    XCTAssertEqual(amounts(us), ["Eggs: 2", "Flour: ≈ 1 ¾ cups", "Milk: 2 cups"])
    XCTAssertEqual(amounts(.asWritten), ["Eggs: 2", "Flour: 1 cup, 100 g", "Milk: 485 ml"])
  }
}
