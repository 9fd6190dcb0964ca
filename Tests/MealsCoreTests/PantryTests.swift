import Fixtures
import XCTest

@testable import MealsCore

/// What is at home, matched as a cook would, and the meals ranked by what they lack.
final class PantryTests: XCTestCase {
  func testNamesMatchWhateverTheirCaseAccentsAndPlurals() {
    let same: [(String, String)] = [
      ("Eggs", "egg"), ("tomatoes", "Tomato"), ("berries", "berry"),
      ("Crème fraîche", "creme fraiche"),
      ("of flour", "flour"), ("bay leaves", "bay leaf"), ("peaches", "peach"), ("oats", "oat"),
      ("onion, finely chopped", "onions"), ("Butter (softened)", "butter"),
      ("slices bread", "bread"), ("tin of butter beans", "butter beans"),
      ("cloves garlic", "garlic"), ("handful of basil leaves", "basil leaf"),
      // A measure's word in the other languages the reader knows, and what joins it.
      ("gousses d'ail", "ail"), ("Zehen Knoblauch", "Knoblauch"), ("pincée de sel", "sel"),
      ("blik tomaten", "tomaten"),
    ]
    for (one, other) in same {
      XCTAssertEqual(IngredientKey.of(one), IngredientKey.of(other), "\(one) / \(other)")
    }
    XCTAssertEqual(IngredientKey.shortName("onion, finely chopped"), "onion")
    XCTAssertEqual(IngredientKey.shortName("Butter (softened)"), "Butter")
    XCTAssertEqual(IngredientKey.shortName("(optional) chives"), "(optional) chives")
    for word in ["asparagus", "hummus", "couscous", "molasses", "glass", "bus", "clove", "can"] {
      XCTAssertEqual(IngredientKey.of(word), word)
    }
    let pantry = Pantry(items: [Pantry.Item(name: "Eggs", amount: "6"), Pantry.Item(name: "flour")])
    XCTAssertTrue(
      pantry.has("2 large eggs".split(separator: " ").dropFirst().joined(separator: " ")))
    XCTAssertTrue(pantry.has("plain flour"))
    XCTAssertTrue(pantry.has("olive oil"), "oil is a staple, and olive oil is oil")
    XCTAssertTrue(pantry.has("Sea Salt"))
    XCTAssertFalse(pantry.has("flour tortillas"))
    XCTAssertFalse(pantry.has("eggplant"))
    XCTAssertTrue(pantry.has("freshly ground black pepper"))
    for other in ["red pepper", "Bell peppers", "roasted red peppers", "rose water", "celery salt"]
    {
      XCTAssertFalse(pantry.has(other), "\(other) is another food than the staple")
    }
    XCTAssertFalse(Pantry(items: [], staples: []).has("salt"), "no staples when the user says none")
  }

  func testMealsRankedByWhatIsMissingNoneFirstTiesByWhatIsAtHome() {
    let pantry = Pantry(
      items: ["eggs", "tomatoes", "onion", "milk", "flour"].map { Pantry.Item(name: $0) })
    let meals: [(id: Int64, name: String, ingredients: [String])] = [
      (1, "Shakshuka", ["Eggs", "Tomatoes", "Onion", "Paprika", "Olive oil"]),
      (2, "Pancakes", ["Flour", "Milk", "Egg", "Salt"]),
      (3, "Omelette", ["Eggs", "Salt", "Pepper"]),
      (4, "Beef Stew", ["Beef", "Carrots", "Onions", "Stock"]),
      (5, "Crêpes", ["Flour", "Milk", "Eggs", "Butter"]),
      (6, "Boiled egg", ["egg", "water", "Egg"]),
    ]
    let ranked = CanCook.ranked(meals, pantry: pantry)
    XCTAssertEqual(
      ranked.map(\.summary),
      [
        "Pancakes — nothing missing", "Omelette — nothing missing", "Boiled egg — nothing missing",
        "Shakshuka — missing: Paprika", "Crêpes — missing: Butter",
        "Beef Stew — missing: Beef, Carrots, Stock",
      ])
    XCTAssertEqual(CanCook.ranked(meals, pantry: pantry, most: 0).map(\.id), [2, 3, 6])
  }

  /// The ranking's order compares names by a number made of their first bytes where it can:
  /// it must give the string comparison's order for every name, ASCII or not.
  func testTheRankingOrdersNamesAsTheStringComparisonDoes() {
    var random = SeededRandom(seed: 7)
    let pieces = [
      "a", "ab", "abcdefgh", "abcdefghi", "Abcdefgh0", "ABCDEFGH1", "Émile", "émile", "emile",
      "한국", "한", "ᄒ", "Zoë", "zoe", " ", "1", "~", "Café Crème", "cafe creme", "香菜", "e\u{301}",
    ]
    let names = (0..<2_000).map { _ in
      (0...Int(random.next() % 3)).map { _ in random.pick(pieces) }.joined()
    }
    let groups = names.indices.map { _ in Int64(random.next() % 3) }
    let order = RankOrder.sorted(
      count: names.count, group: { groups[$0] }, name: { names[$0] }, id: { Int64($0) })
    let reference = names.indices.sorted { a, b in
      if groups[a] != groups[b] { return groups[a] < groups[b] }
      let (x, y) = (TextFolding.key(names[a]), TextFolding.key(names[b]))
      if x != y { return x < y }
      return a < b
    }
    XCTAssertEqual(order, reference)
  }
}
