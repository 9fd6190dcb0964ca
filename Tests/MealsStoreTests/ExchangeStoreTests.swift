import Fixtures
import MealsCore
import TestSupport
import XCTest

@testable import MealsStore

/// What the subcommands ask of the store: the listing, finding a named meal, importing.
final class ExchangeStoreTests: StoreTestCase {
  private func names(_ store: MealStore, filter: String = "", favourites: Bool = false) throws
    -> [String]
  {
    var names: [String] = []
    try store.forEachListing(filter: filter, favouritesOnly: favourites) { row in
      names.append(row.utf8(.name).map { String(decoding: $0, as: UTF8.self) } ?? "?")
    }
    return names
  }

  func testTheListingIsMyMealsOrderReadFromItsIndexAlone() throws {
    let store = try openStore()
    var random = SeededRandom(seed: 14)
    let words = ["Soup", "soup", "Crème brûlée", "Apple", "apple pie", "Zucchini", "鸡肉", "Éclair"]
    for index in 0..<150 {
      var meal = Meal(
        name:
          "\(words[Int.random(in: 0..<words.count, using: &random)]) \(Int.random(in: 0..<40, using: &random))",
        instructions: "Cook.")
      meal.favourite = index % 7 == 0
      _ = try save(meal, in: store)
    }
    let everything = store.meals()
    let expected = (0..<everything.count).compactMap { everything.row(at: $0)?.name }
    XCTAssertEqual(try names(store), expected, "the same order as My Meals")
    for filter in ["soup", "app", "鸡", "brûlée", "nothing"] {
      let filtered = store.meals(matching: filter)
      XCTAssertEqual(
        try names(store, filter: filter),
        (0..<filtered.count).compactMap { filtered.row(at: $0)?.name }, filter)
    }
    XCTAssertEqual(
      try names(store, favourites: true).count,
      (0..<150).filter { $0 % 7 == 0 }.count)
    let plan = try store.db.statement(
      """
      EXPLAIN QUERY PLAN SELECT meal.id, name, mealdb_id, category, area, tags, favourite, rating,
      total_minutes, difficulty, servings FROM meal WHERE 1 ORDER BY sort_key
      """
    ).rows { $0.text(3) }
    XCTAssertEqual(plan, ["SCAN meal USING COVERING INDEX meal_listing"])
  }

  func testTheListingGivesTheFieldsAsStored() throws {
    let store = try openStore()
    var meal = Self.soup
    meal.rating = 3
    meal.servings = 6
    meal.mealDBID = "52771"
    _ = try save(meal, in: store)
    var seen = 0
    try store.forEachListing { row in
      seen += 1
      XCTAssertEqual(row.utf8(.tags).map { String(decoding: $0, as: UTF8.self) }, "Soup,Warming")
      XCTAssertEqual(row.utf8(.mealDBID).map { String(decoding: $0, as: UTF8.self) }, "52771")
      XCTAssertNil(row.utf8(.difficulty))
      XCTAssertEqual(row.number(.rating), 3)
      XCTAssertEqual(row.number(.servings), 6)
      XCTAssertNil(row.number(.totalMinutes))
    }
    XCTAssertEqual(seen, 1)
  }

  func testLookUpByIdExactNameCaseAndUniquePrefix() throws {
    let store = try openStore()
    let soup = try save(Meal(name: "Soup", instructions: "x"), in: store)
    let soupier = try save(Meal(name: "Soupier Soup", instructions: "x"), in: store)
    let pie = try save(Meal(name: "Apple Pie", instructions: "x"), in: store)
    let pie2 = try save(Meal(name: "Apple Pie", instructions: "y"), in: store)
    let numbered = try save(Meal(name: "1984 Stew", instructions: "x"), in: store)
    XCTAssertEqual(try store.lookUpMeal("\(pie)"), .found(pie))
    XCTAssertEqual(try store.lookUpMeal("Soup"), .found(soup), "exact beats prefix")
    XCTAssertEqual(try store.lookUpMeal("soup"), .found(soup), "exact ignoring case")
    XCTAssertEqual(try store.lookUpMeal("soupi"), .found(soupier), "a unique prefix")
    XCTAssertEqual(try store.lookUpMeal("Apple Pie"), .ambiguous([(pie, ""), (pie2, "")]))
    XCTAssertEqual(try store.lookUpMeal("1984"), .found(numbered), "no meal 1984: the name")
    XCTAssertEqual(try store.lookUpMeal("100%"), .none, "LIKE's wildcards are escaped")
    XCTAssertEqual(try store.lookUpMeal("  "), .none)
  }

  func testImportSkipsDuplicatesAndWritesTheRestInOneGo() throws {
    let store = try openStore()
    _ = try save(Self.soup, in: store)
    var linked = Meal(name: "Pie", instructions: "Bake.")
    linked.mealDBID = "100"
    var again = linked
    again.name = "Pie, again"
    let candidates = [
      ImportCandidate(place: "1", meal: Self.soup),
      ImportCandidate(place: "2", meal: linked),
      ImportCandidate(place: "3", meal: again),
      ImportCandidate(place: "4", problem: "not a JSON object"),
      ImportCandidate(place: "5", meal: Meal(name: "  ", instructions: "Braise.")),
      ImportCandidate(place: "5b", meal: Meal(name: "Stock", instructions: "  ")),
      ImportCandidate(place: "6", meal: Meal(name: "Stew", instructions: "Braise.")),
      ImportCandidate(place: "7", meal: Meal(name: "Stew", instructions: "Braise.")),
    ]
    let report = try store.importMeals(candidates)
    XCTAssertEqual(report.imported.map(\.place), ["2", "5b", "6"])
    XCTAssertEqual(report.imported.map(\.hasNoSteps), [false, true, false], "without steps: in")
    XCTAssertEqual(
      report.skipped.map { "\($0.place): \($0.reason)" },
      [
        "1: already in My Meals as “Chicken Soup” (same content)",
        "3: TheMealDB meal 100 is earlier in this import",
        "4: not a JSON object",
        "5: A meal needs a name.",
        "7: the same meal is earlier in this import",
      ])
    XCTAssertEqual(store.mealCount, 4)
    XCTAssertEqual(try store.meal(id: report.imported[0].id)?.mealDBID, "100")
  }

  func testAFailedImportLeavesNothingBehind() throws {
    let store = try openStore()
    // A trigger that refuses one name makes the write fail half-way through the batch.
    try store.db.execute(
      """
      CREATE TRIGGER refuse BEFORE UPDATE OF name ON meal WHEN new.name = 'Poison'
      BEGIN SELECT RAISE(ABORT, 'refused'); END;
      """)
    let candidates = ["One", "Two", "Poison", "Four"].map {
      ImportCandidate(place: $0, meal: Meal(name: $0, instructions: "x"))
    }
    XCTAssertThrowsError(try store.importMeals(candidates))
    XCTAssertEqual(store.mealCount, 0, "all or nothing")
  }
}
