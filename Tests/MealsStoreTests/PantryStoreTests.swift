import MealsCore
import XCTest

@testable import MealsStore

/// The pantry is kept in the database, matched as a cook would, and "what can I cook" reads
/// the index of ingredient names the same way as the rule over whole meals.
final class PantryStoreTests: StoreTestCase {
  func testItemsAreAddedByTheirKeyAndRemovedByAnyFormOfTheirName() throws {
    let store = try openStore()
    XCTAssertEqual(
      try store.addToPantry([
        Pantry.Item(name: " Eggs ", amount: "6"), Pantry.Item(name: "Flour"),
        Pantry.Item(name: "  "),
      ]), 2, "a blank name is no item")
    XCTAssertEqual(
      try store.addToPantry([Pantry.Item(name: "egg", amount: "12")]), 0,
      "egg is the eggs already there")
    XCTAssertEqual(
      store.pantryItems(),
      [Pantry.Item(name: "egg", amount: "12"), Pantry.Item(name: "Flour")])
    XCTAssertEqual(try store.removeFromPantry(["FLOUR", "butter"]), ["Flour"])
    XCTAssertEqual(try openStore().pantryItems().map(\.name), ["egg"], "kept in the file")
  }

  func testWhatCanBeCookedIsRankedFromTheIndexAsFromTheMealsThemselves() throws {
    let store = try openStore()
    let meals: [(String, [String])] = [
      ("Omelette", ["Eggs", "Butter", "Salt"]),
      ("Pancakes", ["Plain flour", "Egg", "Milk", "Salt"]),
      ("Shakshuka", ["Eggs", "Tomatoes", "Paprika", "Olive oil"]),
      ("Toast", ["Bread"]),
      ("Nothing listed", []),
      ("Chicken stock", ["Chicken", "Water", "Carrots", "Carrot"]),
    ]
    var ids: [String: Int64] = [:]
    for (name, ingredients) in meals {
      ids[name] = try save(
        Meal(
          name: name, instructions: "Cook.",
          ingredients: ingredients.map { IngredientMeasurement(name: $0, quantity: "1") }),
        in: store)
    }
    try store.addToPantry(["egg", "butter", "flour", "tomato"].map { Pantry.Item(name: $0) })
    let pantry = Pantry(items: store.pantryItems())
    let everything = try store.canCook(pantry: pantry, most: nil)
    XCTAssertEqual(
      everything.map(\.summary),
      [
        "Omelette — nothing missing",
        "Pancakes — missing: Milk",
        "Shakshuka — missing: Paprika",
        "Toast — missing: Bread",
        "Chicken stock — missing: Chicken, Carrots",
      ])
    let whole = try meals.filter { !$0.1.isEmpty }.map { name, ingredients in
      (id: try XCTUnwrap(ids[name]), name: name, ingredients: ingredients)
    }
    XCTAssertEqual(everything, CanCook.ranked(whole, pantry: pantry), "the rule, meal by meal")
    XCTAssertEqual(try store.canCook(pantry: pantry, most: 0).map(\.name), ["Omelette"])
    for most in [nil, 0, 1, 2] {
      XCTAssertEqual(
        try MealStore.canCook(in: store.db, pantry: pantry, most: most, bulk: 0).meals,
        try store.canCook(pantry: pantry, most: most), "read in one pass as meal by meal")
    }

    // Edited, deleted and put back: the index follows.
    let pancakesID = try XCTUnwrap(ids["Pancakes"])
    var draft = MealDraft(of: try XCTUnwrap(try store.meal(id: pancakesID)))
    draft.meal.ingredients.removeAll { $0.name == "Milk" }
    _ = try store.commit(draft)
    try store.deleteMeal(id: try XCTUnwrap(ids["Omelette"]))
    XCTAssertEqual(try store.canCook(pantry: pantry, most: 0).map(\.name), ["Pancakes"])
    _ = try store.restoreDeleted(id: try XCTUnwrap(ids["Omelette"]))
    XCTAssertEqual(
      try store.canCook(pantry: pantry, most: 0).map(\.name), ["Omelette", "Pancakes"],
      "both use three things at home: by name")
    XCTAssertEqual(
      try store.db.statement("SELECT lines FROM ingredient_key WHERE key = 'egg'").scalar(),
      3, "the book's names counted by line")

    // Lines stored out of their order (an older file's edits): read in one pass, each meal's
    // missing ingredients still come in the meal's order.
    let stock = try XCTUnwrap(ids["Chicken stock"])
    try store.db.execute(
      "UPDATE ingredient_measurement SET position = 10 - position WHERE meal_id = \(stock)")
    let inOnePass = try MealStore.canCook(in: store.db, pantry: pantry, most: nil, bulk: 0).meals
    XCTAssertEqual(inOnePass, try store.canCook(pantry: pantry, most: nil))
    XCTAssertEqual(
      inOnePass.first { $0.id == stock }?.missing, ["Carrot", "Chicken"],
      "by position: the key carrot once, as its first line names it; water is a staple")
  }

  /// A meal whose id is past what the counts' array holds (a book whose meals were mostly
  /// deleted) is counted as any other.
  func testAMealWithAnIdPastTheCountsArrayIsRankedAsTheRest() throws {
    let store = try openStore()
    let low = try save(
      Meal(
        name: "Low", instructions: "Cook.",
        ingredients: ["Eggs", "Milk"].map { IngredientMeasurement(name: $0, quantity: "1") }),
      in: store)
    let saved = try save(
      Meal(
        name: "High", instructions: "Cook.",
        ingredients: ["Egg", "Flour", "Butter"].map {
          IngredientMeasurement(name: $0, quantity: "1")
        }),
      in: store)
    // Moved past the array's end, with its lines and its count of keys.
    let high = MealStore.largestCountedInArray + 5
    try store.db.execute(
      """
      PRAGMA foreign_keys = OFF;
      UPDATE meal SET id = \(high) WHERE id = \(saved);
      UPDATE ingredient_measurement SET meal_id = \(high) WHERE meal_id = \(saved);
      UPDATE meal_key_count SET meal_id = \(high) WHERE meal_id = \(saved);
      PRAGMA foreign_keys = ON;
      """)
    XCTAssertEqual(try store.db.statement("PRAGMA foreign_key_check").rows { $0.text(0) }, [])
    try store.addToPantry(["egg", "butter"].map { Pantry.Item(name: $0) })
    let pantry = Pantry(items: store.pantryItems())
    XCTAssertEqual(
      try store.canCook(pantry: pantry, most: 1).map(\.summary),
      ["High — missing: Flour", "Low — missing: Milk"])
    XCTAssertEqual(try store.canCook(pantry: pantry, most: 1).map(\.id), [high, low])
    XCTAssertEqual(try store.canCook(pantry: pantry, most: 0), [])
  }

  /// Meals that tie are listed in My Meals' order: the book's alphabet (Swedish: `Ä` after
  /// `Z`), then the id, whether read meal by meal or in one pass.
  func testTiesAreInTheBooksNameOrder() throws {
    let store = try openStore()
    let names = [
      "Ärtsoppa", "Zucchinisoppa", "Äppelkaka", "Ostsoppa", "Öl-bröd", "äggröra", "Aioli",
    ]
    for name in names + ["Ärtsoppa"] {
      _ = try save(
        Meal(
          name: name, instructions: "Cook.",
          ingredients: [IngredientMeasurement(name: "Salt", quantity: "1")]),
        in: store)
    }
    let pantry = Pantry(items: [])
    let standard = ["äggröra", "Aioli", "Äppelkaka", "Ärtsoppa", "Ärtsoppa", "Öl-bröd", "Ostsoppa"]
    XCTAssertEqual(
      try store.canCook(pantry: pantry, most: nil).map(\.name), standard + ["Zucchinisoppa"])
    XCTAssertGreaterThan(try store.orderNames(by: .swedish), 0, "the Swedish alphabet")
    let swedish = ["Aioli", "Ostsoppa", "Zucchinisoppa", "äggröra", "Äppelkaka", "Ärtsoppa"]
    for most in [nil, 0] {
      let listed = try store.canCook(pantry: pantry, most: most)
      XCTAssertEqual(listed.map(\.name), swedish + ["Ärtsoppa", "Öl-bröd"], "as My Meals")
      XCTAssertEqual(
        try MealStore.canCook(in: store.db, pantry: pantry, most: most, bulk: 0).meals, listed,
        "read in one pass as meal by meal")
    }
    let twins = try store.canCook(pantry: pantry, most: 0).filter { $0.name == "Ärtsoppa" }
    XCTAssertLessThan(twins[0].id, twins[1].id, "the same name: by id")
  }

  /// The numbers of a column's texts: one each, the same each time, whatever the bytes.
  func testColumnTextsNumberEachDistinctTextOnce() {
    var numbers = ColumnTexts()
    let texts = (0..<3_000).map { "oignon \($0) é" } + ["", "ß", "香菜", "oignon 1 é"]
    func number(_ text: String) -> Int32 {
      var text = text
      return text.withUTF8 { numbers.number($0) }
    }
    let first = texts.map(number)
    XCTAssertEqual(first, texts.map(number), "asked again, after the table grew")
    XCTAssertEqual(Set(first).count, 3_003, "the repeated text has its first number")
    XCTAssertEqual(first.last, first[1])
    XCTAssertEqual(first.map { numbers.texts[Int($0)] }, texts)
    XCTAssertEqual(numbers.number(nil), first[3_000], "NULL reads as the empty text")
  }

  /// Schema 15 fills the keys and counts from the lines a file already holds.
  func testAVersion14DatabaseGetsItsIngredientKeysFromItsLines() throws {
    let store = try openStore()
    let id = try save(
      Meal(
        name: "Shakshuka", instructions: "Cook.",
        ingredients: ["Eggs", "Tomatoes", "Paprika"].map {
          IngredientMeasurement(name: $0, quantity: "2")
        }), in: store)
    try store.db.execute(
      """
      DROP TRIGGER ingredient_key_insert; DROP TRIGGER ingredient_key_delete;
      DROP TABLE pantry_item; DROP TABLE meal_key_count; DROP TABLE ingredient_key;
      DROP INDEX measurement_by_key;
      ALTER TABLE ingredient_measurement DROP COLUMN name_key;
      ALTER TABLE trash_measurement DROP COLUMN name_key;
      ALTER TABLE shopping_item DROP COLUMN buy_anyway;
      ALTER TABLE meal DROP COLUMN cookware; ALTER TABLE trash_meal DROP COLUMN cookware;
      ALTER TABLE shopping_item DROP COLUMN ticked_at;
      \(StoreTestCase.tablesAfter18)
      PRAGMA user_version = 14;
      """)
    store.db.close()
    let upgraded = try openStore()
    XCTAssertEqual(upgraded.schemaVersion, Schema.migrations.count)
    XCTAssertEqual(
      try upgraded.canCook(pantry: Pantry(items: [Pantry.Item(name: "egg")]), most: nil),
      [CookableMeal(id: id, name: "Shakshuka", missing: ["Tomatoes", "Paprika"])])
  }
}
