import MealsCore
import XCTest

/// Adding up the shopping list.
final class ShoppingListTests: XCTestCase {
  func testAmountsOfOneKindAddUpAndOthersSitSideBySide() {
    let table: [([String], String)] = [
      (["200 g", "0.5 kg"], "700 g"),
      (["0.5 kg", "700g"], "1.2 kg"),
      (["1 tbsp", "1 tsp"], "1 ⅓ tbsp"),
      (["2 cloves", "3 cloves"], "5 cloves"),
      (["2 cloves", "1 tsp"], "2 cloves, 1 tsp"),
      (["2", "1"], "3"),
      (["Pinch", "pinch", "1 tsp"], "1 tsp, Pinch"),
      (["1-2 tbsp", "1 tbsp"], "2–3 tbsp"),
      (["100ml", "1 cup"], "335 ml"),
      (["", "to taste"], "to taste"),
      (["50g/2oz", "50g"], "100 g"),
    ]
    for (measures, expected) in table {
      XCTAssertEqual(ShoppingList.amounts(measures), expected, "\(measures)")
    }
  }

  /// A sum is written as a cook writes it: metric when any part is, else the US unit its size
  /// calls for (cups past ¼ cup), never a unit larger than the parts'.
  func testSumsAreInTheUnitACookWouldWrite() {
    let table: [([String], String)] = [
      (["450ml", "1 tbs"], "465 ml"),
      (["450ml", "1 tbs", "450ml", "1 tbs"], "930 ml"),
      (["1 l", "450 ml"], "1.45 l"),
      (["1 cup", "1 tbsp"], "1 ⅛ cups"),
      (["3 tbsp", "3 tbsp"], "⅜ cup"),
      (["2 tbsp", "1 tbsp"], "3 tbsp"),
      (["1 pint", "1 pint"], "2 pints"),
      (["1 pint", "1 cup"], "1 ½ pints"),
      (["2 cups", "2 cups", "2 cups"], "6 cups"),
      (["8 oz", "8 oz"], "1 lb"),
      (["1 lb", "4 oz"], "1 ¼ lb"),
      (["2 oz", "1 oz"], "3 oz"),
      (["1 lb", "100 g"], "555 g"),
      (["1 tbs"], "1 tbsp"),
    ]
    for (measures, expected) in table {
      XCTAssertEqual(ShoppingList.amounts(measures), expected, "\(measures)")
    }
  }

  func testRowsGroupIngredientsAndTickedOnesSink() {
    let items = [
      ShoppingItem(
        id: 1, mealName: "Pancakes", ingredient: "Flour", measure: "200 g", ticked: false),
      ShoppingItem(id: 2, mealName: "Pancakes", ingredient: "Eggs", measure: "2", ticked: true),
      ShoppingItem(
        id: 3, mealName: "Bread", ingredient: "flour ", measure: "0.5 kg", ticked: false),
      ShoppingItem(
        id: 4, mealName: "Crème", ingredient: "Crème fraîche", measure: "1 tbsp", ticked: false),
      ShoppingItem(
        id: 5, mealName: "Bread", ingredient: "Creme Fraiche", measure: "1 tsp", ticked: false),
    ]
    let rows = ShoppingList.rows(items)
    XCTAssertEqual(rows.map(\.name), ["Crème fraîche", "Flour", "Eggs"], "ticked last")
    XCTAssertEqual(rows[1].amounts, "700 g")
    XCTAssertEqual(rows[1].meals, ["Pancakes", "Bread"])
    XCTAssertEqual(rows[1].itemIDs, [1, 3])
    XCTAssertEqual(rows[0].amounts, "1 ⅓ tbsp", "accents and case make one ingredient")
    XCTAssertTrue(rows[2].ticked)
    XCTAssertEqual(
      ShoppingList.markdown(rows),
      """
      # Shopping list

      - [ ] 1 ⅓ tbsp Crème fraîche (Crème, Bread)
      - [ ] 700 g Flour (Pancakes, Bread)
      - [x] 2 Eggs (Pancakes)

      """)
  }

  func testServingsScaleAndSayWhatTheyAssume() {
    var servings = Servings(for: Meal(name: "Soup", instructions: "Cook."))
    XCTAssertEqual(servings.description, "serves 4 (assumed)")
    servings.increase()
    servings.increase()
    XCTAssertEqual(servings.description, "serves 6 (recipe: 4, assumed)")
    XCTAssertEqual(servings.measure("1 cup").text, "1 ½ cups")
    XCTAssertEqual(servings.measure("Pinch").text, "Pinch")
    XCTAssertFalse(servings.measure("Pinch").scaled, "marked: shown as written")
    var two = Servings(for: Meal(name: "Soup", instructions: "Cook.", servings: 2))
    for _ in 0..<5 { two.decrease() }
    XCTAssertEqual(two.current, 1, "never below one")
    XCTAssertEqual(two.measure("100g").text, "50 g")
  }
}
