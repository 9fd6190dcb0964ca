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
      "İstanbul", "istanbul", "Ærø", "æro", "Straße", "STRASSE", "Œuf", "ŉ", "Łódź", "lodz", "ǅ",
      "ǆ", "Ǆ", "ɐ", "Ĳ", "ĳ",
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

  /// The order worked out beside the reading (`nameOrder`, then `byName`) is the one the
  /// ranking makes alone: groups by what is missing and at home, names folded, ids.
  func testTheRankingFromANameOrderKnownBeforeIsTheSame() {
    var random = SeededRandom(seed: 11)
    let pieces = ["Émile", "emile", "Zoë", "zoe", "Café", "cafe", "香菜", "a", "B", " stew"]
    let foods = ["egg", "milk", "flour", "salt", "tomato", "basil", "rice", "beans"]
    var meals: [(id: Int64, name: String, lines: Range<Int>)] = []
    var lines: [BookLine] = []
    for id in 1...3_000 {
      let name = (0...Int(random.next() % 2)).map { _ in random.pick(pieces) }.joined()
      let start = lines.count
      for _ in 0..<Int(random.next() % 5) {
        let food = Int32(random.next() % UInt64(foods.count))
        lines.append(BookLine(name: food, key: food))
      }
      // Ids out of order, as a book whose meals were renamed and deleted.
      meals.append((Int64(id * 7 % 3_001), name, start..<lines.count))
    }
    let atHome: (String) -> Bool = { ["egg", "flour", "salt"].contains($0) }
    for most in [nil, 0, 2] {
      let alone = CanCook.ranking(
        meals, lines: lines, names: foods, keys: foods, most: most, atHome: atHome)
      let byName = CanCook.nameOrder(meals.map { (id: $0.id, name: $0.name) })
      let beside = CanCook.ranking(
        meals, lines: lines, names: foods, keys: foods, most: most, atHome: atHome,
        byName: byName)
      XCTAssertGreaterThan(alone.count, 100)
      XCTAssertEqual(beside.ids, alone.ids)
      XCTAssertEqual(beside.meals, alone.meals)
    }
  }
}
