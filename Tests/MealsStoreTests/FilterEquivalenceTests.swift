import Fixtures
import MealsCore
import TestSupport
import XCTest

@testable import MealsStore

/// The local filter against the plain reference search (`ReferenceSearch`): the same meals, in
/// the same order, through every way the store reads them, for seeded inputs in every script.
final class FilterEquivalenceTests: StoreTestCase {
  static let nameParts = [
    "Chicken", "Café", "Crème Brûlée", "Gruyère Tart", "Mapo Tofu 麻婆豆腐", "宫保鸡丁", "鸡肉饭",
    "Katsu カレー", "김치찌개", "Shepherd's Pie", "Mac & Cheese", "Stir-fry", "Pho 🍜",
    "Chilli 🌶️", "JALAPEÑO poppers", "Fish... and chips", "1/2 Moon Pie", "Ragù", "Naïve salad",
    "\"Quoted\" Stew", "50% Rye", "under_score soup", "zesty lamb", "Ölfladen",
  ]
  static let ingredientNames = [
    "Chicken", "鸡肉", "Soy Sauce", "カレー粉", "김치", "Rice", "Crème fraîche", "Jalapeño",
    "Salt & Pepper", "Worcestershire sauce's", "Gruyère", "Tofu", "Chilli 🌶", "Flour", "Lamb",
  ]
  static let words = [
    "Heat", "the", "oil.", "Add", "鸡肉", "and", "stir-fry", "until", "golden...", "Season",
    "with", "salt & pepper", "Don't", "burn", "it!", "Serve", "カレー", "rice", "(or", "noodles)",
    "🍜", "50%", "of", "sauce", "Café-style", "naïve", "ZESTY", "Lamb's",
  ]
  static let categories = ["Beef", "Chicken", "Dessert", "Vegan"]

  /// Seeded meals in every script, with punctuation, emoji and accents.
  static func meals(_ count: Int, seed: UInt64) -> [Meal] {
    var random = SeededRandom(seed: seed)
    return (0..<count).map { index in
      let name = "\(random.pick(nameParts)) \(random.pick(nameParts).lowercased()) \(index % 37)"
      let ingredients = (0..<Int(1 + random.next() % 4)).map { _ in
        IngredientMeasurement(name: random.pick(ingredientNames), quantity: "1")
      }
      let instructions = (0..<Int(3 + random.next() % 12)).map { _ in random.pick(words) }
        .joined(separator: " ")
      return Meal(
        name: name, instructions: instructions, category: random.pick(categories),
        ingredients: ingredients)
    }
  }

  /// Inputs: fixed hard cases, then random pieces of the meals' fields and words.
  static func inputs(for meals: [Meal], seed: UInt64) -> [String] {
    var random = SeededRandom(seed: seed)
    var inputs = [
      "鸡", "鸡肉", "カレー", "김치", "&", "'", "'s", "...", "🌶", "🍜", "%", "_", "\"", "\"tofu",
      "50%", "stir-fry", "STIR-", "salt & pepper", "麻婆豆腐", "宫保鸡", "chicken", "cafe", "CAFÉ",
      "creme", "brul", "zesty lamb", "jalapeno", "olfladen", "a", "z", "1", "1/2", "AND", "OR NOT",
      "ch ch", "  rice  ", "ｃａｆｅ", "e\u{301}", "'S",
    ]
    for _ in 0..<120 {
      let meal = random.pick(meals)
      let field = random.pick([
        meal.name, meal.instructions, meal.ingredients.map(\.name).joined(separator: " "),
      ])
      let scalars = Array(field.unicodeScalars)
      if random.next() % 2 == 0 {
        // A piece of a field, sometimes in other ASCII case.
        let length = Int(1 + random.next() % 6)
        let start = Int(random.next() % UInt64(max(1, scalars.count - length + 1)))
        var piece = String.UnicodeScalarView()
        piece.append(contentsOf: scalars[start..<min(scalars.count, start + length)])
        var text = String(piece)
        if random.next() % 3 == 0 { text = text.uppercased() }
        inputs.append(text)
      } else {
        // The starts of one or two words, with or without their accents.
        let tokens = ReferenceSearch.wordTokens(field)
        guard !tokens.isEmpty else { continue }
        let words = (0..<Int(1 + random.next() % 2)).map { _ -> String in
          let token = random.pick(tokens)
          return String(token.prefix(Int(1 + random.next() % UInt64(token.count))))
        }
        inputs.append(words.joined(separator: " "))
      }
    }
    return inputs
  }

  /// The ids the reference gives for `input`, in list order.
  private func expected(_ input: String, _ store: MealStore, _ meals: [Int64: Meal]) throws
    -> [Int64]
  {
    // Name order by the book's rules (English here), compared byte by byte, then by id.
    let named = try store.db.statement("SELECT id, name FROM meal").rows {
      (id: $0.int(0), key: Array(NameCollation.standard.key($0.text(1)).utf8))
    }
    let order = named.sorted {
      $0.key != $1.key ? $0.key.lexicographicallyPrecedes($1.key) : $0.id < $1.id
    }.map(\.id)
    let query = FilterQuery(input)
    return order.filter { id in meals[id].map { ReferenceSearch.matches(query, $0) } ?? false }
  }

  /// Every way of reading `input`'s list gives `expected`.
  private func check(_ input: String, _ expected: [Int64], _ store: MealStore) {
    let label = "“\(input)”"
    // Forward, a row at a time (key reads after the first window), to past the end.
    let forward = store.meals(matching: input)
    let rows = (0...expected.count).compactMap { forward.row(at: $0)?.id }
    XCTAssertEqual(rows, expected, label)
    XCTAssertEqual(forward.count, expected.count, label)
    // The count alone, before any row; and counted up to a limit (the phone's search), with
    // and without chips.
    XCTAssertEqual(store.meals(matching: input).count, expected.count, label)
    let every = ChipSelection(Set(Self.categories.map { Chip(.category, $0) }))
    for limit in [0, 1, expected.count / 2, expected.count, expected.count + 1] {
      XCTAssertEqual(
        try store.countMeals(matching: input, upTo: limit), min(expected.count, limit),
        "\(label) up to \(limit)")
      XCTAssertEqual(
        try store.countMeals(matching: input, chips: every, upTo: limit),
        min(expected.count, limit), "\(label) up to \(limit), chips")
    }
    // Backward from the end and far jumps (reads by offset and before a row).
    let jumps = store.meals(matching: input)
    for index in Array((0..<expected.count).reversed()) + [expected.count / 2, 0]
    where index < expected.count {
      XCTAssertEqual(jumps.row(at: index)?.id, expected[index], "\(label) row \(index)")
    }
    // Through the meal table, as with chips (every meal has one of these categories).
    let chips = ChipSelection(Set(Self.categories.map { Chip(.category, $0) }))
    let viaMeals = store.meals(matching: input, chips: chips)
    XCTAssertEqual(
      (0..<viaMeals.count).compactMap { viaMeals.row(at: $0)?.id }, expected, "\(label) chips")
    XCTAssertEqual(
      store.chipCounts(matching: input, chips: ChipSelection()).filter { $0.key.facet == .category }
        .values.reduce(0, +), expected.count, "\(label) chip counts")
    // Where a meal is, and that another is not there.
    if let first = expected.first, let last = expected.last {
      XCTAssertEqual(store.index(ofMeal: first, matching: input), 0, label)
      XCTAssertEqual(store.index(ofMeal: last, matching: input), expected.count - 1, label)
      XCTAssertEqual(store.index(ofMeal: last, matching: input, chips: chips), expected.count - 1)
    }
  }

  func testEveryInputGivesTheReferenceRowsInNameOrder() throws {
    let store = try openStore()
    try store.insert(contentsOf: Self.meals(400, seed: 7))
    var byID: [Int64: Meal] = [:]
    for id in try store.db.statement("SELECT id FROM meal").rows([], { $0.int(0) }) {
      byID[id] = try store.meal(id: id)
    }
    var found = 0
    for input in Self.inputs(for: Array(byID.values).sorted { $0.name < $1.name }, seed: 11) {
      let ids = try expected(input, store, byID)
      found += ids.isEmpty ? 0 : 1
      check(input, ids, store)
    }
    XCTAssertGreaterThan(found, 100, "most inputs find something: the test tests matches")
  }

  func testEditsDeletesAndRestoresKeepTheIndexesRight() throws {
    let store = try openStore()
    try store.insert(contentsOf: Self.meals(200, seed: 3))
    var random = SeededRandom(seed: 5)
    let ids = try store.db.statement("SELECT id FROM meal ORDER BY id").rows { $0.int(0) }
    for step in 0..<120 {
      let id = random.pick(ids)
      guard try store.meal(id: id) != nil else {
        _ = try? store.restoreDeleted(id: id)
        continue
      }
      switch step % 4 {
      case 0:
        try store.deleteMeal(id: id)
      default:
        // A new name moves the meal in the order; new text changes what it matches.
        var draft = try store.editableCopy(of: id)
        draft.name = "\(random.pick(Self.nameParts)) \(step)"
        draft.instructions = random.pick(Self.words) + " " + random.pick(Self.words)
        try store.commit(draft)
      }
    }
    var byID: [Int64: Meal] = [:]
    for id in try store.db.statement("SELECT id FROM meal").rows([], { $0.int(0) }) {
      byID[id] = try store.meal(id: id)
    }
    for input in ["鸡", "'s", "&", "カレー", "stir", "a", "lamb", "🍜", "..."] {
      check(input, try expected(input, store, byID), store)
    }
    XCTAssertEqual(try store.integrityCheck(), "ok")
  }

  func testManyMealsPutIntoOneGapSpreadTheKeysAndStayInOrder() throws {
    let store = try openStore()
    _ = try store.createMeal(name: "Apple", instructions: "Bake.")
    _ = try store.createMeal(name: "Banana", instructions: "Peel.")
    // Each new name sorts just after the last: the gap after Apple halves every time.
    for index in 0..<150 {
      _ = try store.createMeal(
        name: "Apple " + String(repeating: "z", count: index + 1), instructions: "Crumble 🍎.")
    }
    let disorder = try store.db.statement(
      """
      SELECT count(*) FROM (SELECT sort_key, lag(sort_key) OVER (ORDER BY name_order, id) AS previous
      FROM meal) WHERE previous >= sort_key
      """
    ).scalar()
    XCTAssertEqual(disorder, 0, "keys follow name order")
    let results = store.meals(matching: "crumble")
    XCTAssertEqual(results.count, 150)
    XCTAssertEqual(results.row(at: 0)?.name, "Apple z")
    XCTAssertEqual(results.row(at: 149)?.name, "Apple " + String(repeating: "z", count: 150))
    XCTAssertEqual(store.meals(matching: "🍎").count, 150)
    XCTAssertEqual(store.meals(matching: "e 🍎.").count, 150)
    XCTAssertEqual(try store.integrityCheck(), "ok")
  }

  func testABatchTooBigForItsGapIsPlacedMealByMeal() throws {
    let store = try openStore()
    let apple = try store.createMeal(name: "Apple", instructions: "Bake.")
    let banana = try store.createMeal(name: "Banana", instructions: "Peel.")
    let keys = try store.db.statement("SELECT sort_key FROM meal WHERE id IN (?, ?)")
      .rows([.integer(apple), .integer(banana)]) { $0.int(0) }
    XCTAssertEqual(
      try XCTUnwrap(keys.max()) - XCTUnwrap(keys.min()), SortKeys.spacing,
      "120 meals cannot share this gap")
    try store.insert(
      contentsOf: (0..<120).map { Meal(name: "Apple \(1000 + $0)", instructions: "Batch 🍏.") })
    let names = try store.db.statement("SELECT name FROM meal ORDER BY sort_key").rows {
      $0.text(0)
    }
    XCTAssertEqual(names, ["Apple"] + (0..<120).map { "Apple \(1000 + $0)" } + ["Banana"])
    let batch = store.meals(matching: "batch")
    XCTAssertEqual(batch.count, 120)
    XCTAssertEqual(batch.row(at: 0)?.name, "Apple 1000")
    XCTAssertEqual(batch.row(at: 119)?.name, "Apple 1119")
    XCTAssertEqual(store.meals(matching: "🍏").count, 120)
    XCTAssertEqual(store.meals(matching: "peel").count, 1, "Banana's index entries moved with it")
    XCTAssertEqual(store.index(ofMeal: banana, matching: "peel"), 0)
  }

  func testTheKindsOfSearchUsersType() throws {
    let store = try openStore()
    for (name, ingredients, instructions) in [
      ("Shepherd's Pie", ["Lamb", "Potatoes"], "Brown the lamb."),
      ("Mac & Cheese", ["Macaroni", "Cheddar"], "Bake until golden..."),
      ("Kung Pao 宫保鸡丁", ["鸡肉", "Peanuts"], "Stir-fry quickly."),
      ("Katsu カレー", ["カレー粉", "Pork"], "Fry the cutlet."),
      ("김치찌개", ["김치", "Tofu"], "Simmer 🌶."),
    ] {
      _ = try save(
        Meal(
          name: name, instructions: instructions,
          ingredients: ingredients.map { IngredientMeasurement(name: $0, quantity: "1") }),
        in: store)
    }
    func names(_ input: String) -> [String] {
      let results = store.meals(matching: input)
      return (0..<results.count).compactMap { results.row(at: $0)?.name }
    }
    XCTAssertEqual(names("鸡"), ["Kung Pao 宫保鸡丁"], "one CJK character, in an ingredient too")
    XCTAssertEqual(names("鸡肉"), ["Kung Pao 宫保鸡丁"])
    XCTAssertEqual(names("カレー"), ["Katsu カレー"], "three characters: the trigram index")
    XCTAssertEqual(names("김치"), ["김치찌개"])
    XCTAssertEqual(names("'s"), ["Shepherd's Pie"], "punctuation is searched as it is typed")
    XCTAssertEqual(names("'S"), ["Shepherd's Pie"], "ASCII letters in either case")
    XCTAssertEqual(names("&"), ["Mac & Cheese"])
    XCTAssertEqual(names("..."), ["Mac & Cheese"])
    XCTAssertEqual(names("stir-f"), ["Kung Pao 宫保鸡丁"])
    XCTAssertEqual(names("🌶"), ["김치찌개"])
    XCTAssertEqual(names("lamb"), ["Shepherd's Pie"], "words still search by word")
    XCTAssertEqual(names("%"), [])
  }
}
