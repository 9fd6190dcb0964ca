import XCTest

@testable import MealsCore

/// CookCLI's `aisle.conf` read as cooklang-rs reads it leniently, foods found by any name or
/// key, a food moved with the rest of the file as it was, and the shopping list in the shop's
/// order.
final class AislesTests: XCTestCase {
  static let shop = """
    // The corner shop, in the order it is walked
    [produce]
    onion|onions|shallot   // all the onions
    Garlic

    [dairy]
    eggs|egg
    milk
    [dairy]
    cream
    milk
    butter|
    stray|[x]
    """

  func testTheFileIsReadAsCookCLIReadsIt() {
    let aisles = Aisles(parsing: Self.shop)
    XCTAssertEqual(aisles.aisles.map(\.name), ["produce", "dairy"])
    XCTAssertEqual(aisles.aisles[0].foods, [["onion", "onions", "shallot"], ["Garlic"]])
    // A repeated aisle's heading is left out: its foods join the aisle before (as cooklang-rs
    // reads it); an empty name (`butter|`) names nothing.
    XCTAssertEqual(
      aisles.aisles[1].foods,
      [["eggs", "egg"], ["milk"], ["cream"], ["butter"], ["stray", "[x]"]])
    XCTAssertEqual(
      aisles.problems,
      [
        "line 9: the aisle “dairy” is there already.",
        "line 11: “milk” is named twice.",
      ])
    XCTAssertEqual(
      Aisles(parsing: "flour\n[baking]\nsugar").problems,
      ["line 1: “flour” comes before any [aisle]."])
    XCTAssertEqual(
      Aisles(parsing: "[a|b]\n").problems, ["line 1: an aisle's name has no “|” (“a|b”)."])
  }

  func testAFoodIsFoundByAnyNameOrItsKey() {
    let aisles = Aisles(parsing: Self.shop)
    XCTAssertEqual(aisles.place(of: "SHALLOT"), Aisles.Place(aisle: 0, food: 0))
    XCTAssertEqual(aisles.aisle(of: "garlic"), "produce")
    XCTAssertEqual(aisles.aisle(of: "Eggs"), "dairy")
    XCTAssertEqual(aisles.aisle(of: "onion, diced"), "produce", "by its key")
    XCTAssertEqual(aisles.aisle(of: "2 large red onions"), "produce", "by a name its words hold")
    XCTAssertEqual(
      Aisles(parsing: "[dairy]\nmilk\n[tins]\ncoconut milk\n").aisle(of: "light coconut milk"),
      "tins", "the longest name its words hold")
    XCTAssertNil(aisles.aisle(of: "saffron"))
  }

  /// Moved, a food takes all its names to the end of its new aisle (a new aisle at the end);
  /// comments, blank lines and the other foods stay as they were.
  func testMovingAFoodKeepsTheRestOfTheFile() {
    let text = "// mine\n[produce]\nonion|onions // sweet ones\ngarlic\n\n[dairy]\nmilk\n"
    XCTAssertEqual(
      Aisles.moving("Onions", to: "dairy", in: text),
      "// mine\n[produce]\ngarlic\n\n[dairy]\nmilk\nonion|onions\n")
    XCTAssertEqual(
      Aisles.moving("saffron", to: "spices", in: text),
      text + "\n[spices]\nsaffron\n")
    XCTAssertEqual(Aisles.moving("salt", to: "spices", in: ""), "[spices]\nsalt\n")
    let moved = Aisles(parsing: Aisles.moving("milk", to: "produce", in: text))
    XCTAssertEqual(moved.aisle(of: "milk"), "produce")
    XCTAssertEqual(moved.problems, [])
  }

  /// The rows to buy go aisle by aisle as the file lists its foods, foods of no aisle under
  /// `Other`; ticked rows sink (in the shop's order too), the rows at home apart; the Markdown
  /// puts each aisle over its rows, a ticked one last in it.
  func testTheShoppingListGoesInTheShopsOrder() {
    let aisles = Aisles(parsing: "[produce]\ngarlic\nonion\n[dairy]\nmilk\neggs\n")
    let items = ["eggs", "saffron", "onion", "milk", "garlic", "flour"].enumerated().map {
      ShoppingItem(
        id: Int64($0.offset), mealName: "Soup", ingredient: $0.element, measure: "1",
        ticked: $0.element == "garlic")
    }
    let rows = ShoppingList.rows(
      items, pantry: Pantry(items: [Pantry.Item(name: "flour")], staples: []), aisles: aisles)
    XCTAssertEqual(rows.map(\.name), ["onion", "milk", "eggs", "saffron", "garlic", "flour"])
    XCTAssertEqual(
      rows.map(\.aisle), ["produce", "dairy", "dairy", "Other", "produce", "Other"])
    XCTAssertEqual(
      ShoppingList.markdown(rows),
      """
      # Shopping list

      ## produce

      - [ ] 1 onion (Soup)
      - [x] 1 garlic (Soup)

      ## dairy

      - [ ] 1 milk (Soup)
      - [ ] 1 eggs (Soup)

      ## Other

      - [ ] 1 saffron (Soup)

      """)
    XCTAssertNil(ShoppingList.rows(items).first?.aisle, "no aisles: the list's own order")
  }

  /// Before the user has a file, meals' own aisles: read without a problem, the foods people
  /// buy most found in the languages the page reader knows.
  func testMealsOwnAislesHoldTheCommonFoods() {
    let standard = Aisles.standard
    XCTAssertEqual(standard.problems, [])
    XCTAssertEqual(standard.aisle(of: "Onions"), "Fruit and vegetables")
    XCTAssertEqual(standard.aisle(of: "Zwiebel"), "Fruit and vegetables")
    XCTAssertEqual(standard.aisle(of: "lait"), "Dairy and eggs")
    XCTAssertEqual(
      standard.aisle(of: "pepper"), "Spices and seasonings", "the spice, not the vegetable")
    XCTAssertEqual(standard.aisle(of: "red pepper"), "Fruit and vegetables")
    XCTAssertEqual(standard.aisle(of: "plain flour"), "Baking")
    XCTAssertEqual(standard.aisles.first?.name, "Fruit and vegetables", "a shop starts with them")
  }
}
