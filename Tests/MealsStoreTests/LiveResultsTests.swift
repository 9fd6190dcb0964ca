import MealsCore
import XCTest

@testable import MealsStore

final class LiveResultsTests: StoreTestCase {
  private func fill(_ store: MealStore, count: Int) throws {
    // Names collide on purpose so the id breaks ties in the order.
    try store.insert(
      contentsOf: (0..<count).map { Meal(name: "Meal \($0 % 97)", instructions: "x") })
  }

  func testRowsByIndexMatchTheSortedTableAnywhere() throws {
    let store = try openStore()
    try fill(store, count: 1500)
    let expected = try store.db.statement("SELECT id FROM meal ORDER BY name_order, id").rows {
      $0.int(0)
    }
    let results = store.meals()
    XCTAssertEqual(results.count, 1500)
    // Forward and backward scrolling (read by key) and far jumps (read by offset).
    var order: [Int] =
      Array(0..<300) + Array((0..<300).reversed()) + [1499, 700, 701, 699, 0, 1200]
    order += (0..<200).map { ($0 * 7919) % 1500 }
    for index in order {
      XCTAssertEqual(results.row(at: index)?.id, expected[index], "row \(index)")
    }
    XCTAssertNil(results.row(at: 1500))
    XCTAssertNil(results.row(at: -1))
  }

  func testTheFirstReadIsTheRowsAScreenShowsAndTheRestComeByKey() {
    let rows = Array(0..<200)
    var reads: [String] = []
    func results() -> WindowedResults<Int> {
      WindowedResults(
        source: .init(
          generation: { 0 }, count: { rows.count }, countQuery: nil,
          atOffset: { offset, limit in
            reads.append("offset \(offset) limit \(limit)")
            return Array(rows.dropFirst(offset).prefix(limit))
          },
          after: { row, limit in
            reads.append("after \(row) limit \(limit)")
            return Array(rows.drop { $0 <= row }.prefix(limit))
          },
          before: { row, limit in
            reads.append("before \(row) limit \(limit)")
            return Array(rows.prefix { $0 < row }.suffix(limit).reversed())
          }))
    }
    let list = results()
    list.readFirst(22)
    XCTAssertEqual((0..<22).map { list.row(at: $0) }, Array(0..<22))
    XCTAssertEqual(reads, ["offset 0 limit 22"], "one read, of the rows asked for")
    XCTAssertNil(list.knownCount, "more rows may follow")
    XCTAssertEqual(list.row(at: 22), 22)
    XCTAssertEqual(reads.last, "after 21 limit 64", "the next rows by key")
    list.readFirst(22)
    XCTAssertEqual(reads.count, 2, "rows read already are not read again")

    reads = []
    let whole = results()
    whole.readFirst(500)
    XCTAssertEqual(whole.knownCount, 200, "a short list is known whole from its first read")
    XCTAssertEqual(whole.count(atLeast: 300), 200)
    XCTAssertEqual(reads, ["offset 0 limit 500"])
  }

  func testIndexOfMealFollowsTheListOrder() throws {
    let store = try openStore()
    let b = try store.createMeal(name: "banana bread", instructions: "Bake.")
    let a = try store.createMeal(name: "Apple pie", instructions: "Bake.")
    let c = try store.createMeal(name: "Cherry tart", instructions: "Bake.")
    XCTAssertEqual(store.index(ofMeal: a), 0)
    XCTAssertEqual(store.index(ofMeal: b), 1, "sorted case-insensitively")
    XCTAssertEqual(store.index(ofMeal: c), 2)
    XCTAssertEqual(store.index(ofMeal: c, matching: "tart"), 0)
    XCTAssertNil(store.index(ofMeal: a, matching: "tart"))
  }

  func testLocalFilterOverNamesIngredientsAndInstructions() throws {
    let store = try openStore()
    _ = try save(Self.soup, in: store)
    _ = try save(
      Meal(
        name: "Café Crème Brûlée", instructions: "Torch the sugar.",
        ingredients: [
          IngredientMeasurement(name: "Cream", quantity: "500ml")
        ]), in: store)
    _ = try save(
      Meal(
        name: "Mapo Tofu 麻婆豆腐", instructions: "Fry the 郫县豆瓣 paste.",
        ingredients: [
          IngredientMeasurement(name: "Tofu", quantity: "400g")
        ]), in: store)
    func names(_ filter: String) -> [String] {
      let results = store.meals(matching: filter)
      return (0..<results.count).compactMap { results.row(at: $0)?.name }
    }
    XCTAssertEqual(names("cafe"), ["Café Crème Brûlée"], "accent-insensitive")
    XCTAssertEqual(names("BRU"), ["Café Crème Brûlée"], "prefix")
    XCTAssertEqual(names("carrot"), ["Chicken Soup"], "ingredient names")
    XCTAssertEqual(names("torch"), ["Café Crème Brûlée"], "instructions")
    XCTAssertEqual(names("c"), ["Café Crème Brûlée", "Chicken Soup"], "one character")
    XCTAssertEqual(names("soup simmer"), ["Chicken Soup"], "every word must match")
    XCTAssertEqual(names("麻婆"), ["Mapo Tofu 麻婆豆腐"], "CJK falls back to a substring scan")
    XCTAssertEqual(names("豆瓣"), ["Mapo Tofu 麻婆豆腐"])
    XCTAssertEqual(names("tofu\""), [], "a quote is searched as typed, and breaks no query")
    XCTAssertEqual(names("AND OR NOT *"), [], "FTS operators are words")
    XCTAssertEqual(names("%"), [])
    XCTAssertEqual(names("  "), ["Café Crème Brûlée", "Chicken Soup", "Mapo Tofu 麻婆豆腐"])
  }

  func testFilterFollowsEdits() throws {
    let store = try openStore()
    let id = try save(Self.soup, in: store)
    let results = store.meals(matching: "broth")
    XCTAssertEqual(results.count, 0)
    var draft = try store.editableCopy(of: id)
    draft.name = "Chicken Broth"
    try store.commit(draft)
    XCTAssertEqual(results.count, 1)
    XCTAssertEqual(store.meals(matching: "soup").count, 0)
  }
}
