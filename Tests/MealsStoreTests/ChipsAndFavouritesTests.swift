import Fixtures
import Foundation
import MealsCore
import TestSupport
import XCTest

@testable import MealsStore

/// The user's own fields, favourites, and the chips: OR within a facet, AND across facets.
final class ChipsAndFavouritesTests: StoreTestCase {
  /// name, category, area, difficulty — the table the expectations are worked out from.
  static let table: [(String, String?, String?, Difficulty?)] = [
    ("Beef Stew", "Beef", "Irish", .beginner),
    ("Bulgogi", "Beef", "Korean", .intermediate),
    ("Cottage Pie", "Beef", "British", nil),
    ("Chicken Soup", "Chicken", "British", .beginner),
    ("Jerk Chicken", "Chicken", "Jamaican", .advanced),
    ("Carbonara", "Pasta", "Italian", .intermediate),
    ("Lasagne", "Pasta", "Italian", .advanced),
    ("Chicken Cacciatore", "Chicken", "Italian", .intermediate),
    ("Toast", nil, nil, nil),
  ]

  private func makeStore() throws -> MealStore {
    let store = try openStore()
    for (name, category, area, difficulty) in Self.table {
      _ = try save(
        Meal(
          name: name, instructions: "Cook \(name).", category: category, area: area,
          difficulty: difficulty), in: store)
    }
    return store
  }

  private func names(_ store: MealStore, _ chips: Set<Chip>, filter: String = "") -> [String] {
    let results = store.meals(matching: filter, chips: ChipSelection(chips))
    return (0..<results.count).compactMap { results.row(at: $0)?.name }
  }

  func testChipsOfOneFacetAddUpAndFacetsNarrowEachOther() throws {
    let store = try makeStore()
    XCTAssertEqual(
      names(store, [Chip(.category, "Beef"), Chip(.category, "Chicken")]),
      ["Beef Stew", "Bulgogi", "Chicken Cacciatore", "Chicken Soup", "Cottage Pie", "Jerk Chicken"])
    XCTAssertEqual(
      names(store, [Chip(.category, "Beef"), Chip(.category, "Chicken"), Chip(.area, "Italian")]),
      ["Chicken Cacciatore"], "(Beef or Chicken) and Italian")
    XCTAssertEqual(
      names(store, [Chip(.area, "Italian"), Chip(.difficulty, "Intermediate")]),
      ["Carbonara", "Chicken Cacciatore"])
    XCTAssertEqual(
      names(store, [Chip(.area, "British"), Chip(.area, "Italian")], filter: "chicken"),
      ["Chicken Cacciatore", "Chicken Soup"], "the text filter applies on top")
    XCTAssertEqual(names(store, [Chip(.area, "Atlantis")]), [])
    XCTAssertEqual(names(store, []).count, 9)
    let selection = ChipSelection([Chip(.category, "Pasta")])
    XCTAssertEqual(store.index(ofMeal: 7, matching: "", chips: selection), 1, "Lasagne")
    XCTAssertNil(store.index(ofMeal: 1, matching: "", chips: selection))
  }

  func testEveryChipCountsWhatItWouldShow() throws {
    let store = try makeStore()
    XCTAssertEqual(
      store.chips().map(\.value),
      [
        "Beef", "Chicken", "Pasta", "British", "Irish", "Italian", "Jamaican", "Korean",
        "Beginner", "Intermediate", "Advanced",
      ])
    var counts = store.chipCounts(chips: ChipSelection())
    XCTAssertEqual(counts[Chip(.category, "Beef")], 3)
    XCTAssertEqual(counts[Chip(.area, "Italian")], 3)
    XCTAssertEqual(counts[Chip(.difficulty, "Intermediate")], 3)
    // With Italian chosen: categories count within Italian; areas ignore their own facet.
    counts = store.chipCounts(chips: ChipSelection([Chip(.area, "Italian")]))
    XCTAssertEqual(counts[Chip(.category, "Pasta")], 2)
    XCTAssertEqual(counts[Chip(.category, "Chicken")], 1)
    XCTAssertNil(counts[Chip(.category, "Beef")], "no Italian beef")
    XCTAssertEqual(counts[Chip(.area, "British")], 2, "British would add two")
    XCTAssertEqual(counts[Chip(.difficulty, "Advanced")], 1)
    counts = store.chipCounts(matching: "soup", chips: ChipSelection())
    XCTAssertEqual(
      counts,
      [
        Chip(.category, "Chicken"): 1, Chip(.area, "British"): 1, Chip(.difficulty, "Beginner"): 1,
      ])
  }

  func testTheUsersFieldsAreStoredAndComeBack() throws {
    let store = try openStore()
    var time = 1_700_000_000.0
    store.clock = { time }
    let meal = Meal(
      name: "Curry", instructions: "Simmer.", favourite: true, rating: 4, totalMinutes: 90,
      difficulty: .advanced, servings: 6)
    let id = try save(meal, in: store)
    let stored = try XCTUnwrap(try store.meal(id: id))
    XCTAssertEqual(stored.rating, 4)
    XCTAssertEqual(stored.totalMinutes, 90)
    XCTAssertEqual(stored.difficulty, .advanced)
    XCTAssertEqual(stored.servings, 6)
    XCTAssertTrue(stored.favourite)
    XCTAssertEqual(stored.favouritedAt, time, "favourited when first saved as one")
    time += 60
    var draft = try store.editableCopy(of: id)
    draft.meal.rating = 9
    try store.commit(draft)
    XCTAssertEqual(try store.meal(id: id)?.rating, 5, "ratings stop at 5")
    XCTAssertEqual(try store.meal(id: id)?.favouritedAt, 1_700_000_000, "kept while a favourite")
    let row = try XCTUnwrap(store.meals().row(at: 0))
    XCTAssertEqual(row.fieldParts(), ["★", "★★★★★", "1 h 30 min", "Advanced"])
  }

  func testFavouritesNewestFirstAndAnUndoPutsOneBackInItsPlace() throws {
    let store = try openStore()
    var time = 1_700_000_000.0
    store.clock = { time }
    let ids = try ["Apple", "Banana", "Cherry"].map {
      try save(Meal(name: $0, instructions: "x"), in: store)
    }
    for id in ids {
      time += 10
      try store.setFavourite(true, mealID: id)
    }
    let favourites = store.favouriteMeals()
    func shown() -> [String] { (0..<favourites.count).compactMap { favourites.row(at: $0)?.name } }
    XCTAssertEqual(shown(), ["Cherry", "Banana", "Apple"])
    XCTAssertEqual(store.index(ofFavourite: ids[0]), 2)
    let when = try XCTUnwrap(store.favouritedAt(mealID: ids[1]))
    try store.setFavourite(false, mealID: ids[1])
    XCTAssertEqual(shown(), ["Cherry", "Apple"])
    XCTAssertNil(store.index(ofFavourite: ids[1]))
    time += 100
    try store.setFavourite(true, mealID: ids[1], at: when)
    XCTAssertEqual(shown(), ["Cherry", "Banana", "Apple"], "back in its old place")
  }

  func testSettingsAreKeptAcrossARestart() throws {
    do {
      let store = try openStore()
      try store.setSetting("chips", to: "[1]")
      try store.setSetting("chips", to: "[2]")
    }
    XCTAssertEqual(try openStore().setting("chips"), "[2]")
    XCTAssertNil(try openStore().setting("nothing"))
  }

  func testDeletingAndRestoringKeepsTheUsersFields() throws {
    let store = try openStore()
    let id = try save(
      Meal(name: "Pie", instructions: "Bake.", favourite: true, rating: 3, servings: 2), in: store)
    let before = try store.meal(id: id)
    try store.deleteMeal(id: id)
    try store.restoreLastDeleted()
    XCTAssertEqual(try store.meal(id: id), before)
  }

  func testTheCountsSummaryStaysExactThroughEveryChange() throws {
    let store = try makeStore()
    var random = SeededRandom(seed: 42)
    let categories: [String?] = ["Beef", "Pasta", "Goat", nil]
    let areas: [String?] = ["Irish", "Italian", nil]
    func check(_ step: Int) throws {
      let direct = try store.db.statement(
        """
        SELECT coalesce(category, ''), coalesce(area, ''), coalesce(difficulty, ''), count(*)
        FROM meal GROUP BY 1, 2, 3 ORDER BY 1, 2, 3
        """
      ).rows { "\($0.text(0))|\($0.text(1))|\($0.text(2))|\($0.int(3))" }
      let summary = try store.db.statement(
        "SELECT category, area, difficulty, meals FROM meal_facet ORDER BY 1, 2, 3"
      ).rows { "\($0.text(0))|\($0.text(1))|\($0.text(2))|\($0.int(3))" }
      XCTAssertEqual(summary, direct, "after step \(step)")
      let perChip = try store.db.statement(
        """
        SELECT 0, coalesce(category, ''), count(*) FROM meal GROUP BY 2
        UNION ALL SELECT 1, coalesce(area, ''), count(*) FROM meal GROUP BY 2
        UNION ALL SELECT 2, coalesce(difficulty, ''), count(*) FROM meal GROUP BY 2
        ORDER BY 1, 2
        """
      ).rows { "\($0.int(0))|\($0.text(1))|\($0.int(2))" }
      let chipTable = try store.db.statement(
        "SELECT facet, value, meals FROM meal_chip ORDER BY 1, 2"
      ).rows { "\($0.int(0))|\($0.text(1))|\($0.int(2))" }
      XCTAssertEqual(chipTable, perChip, "meal_chip after step \(step)")
      let meals = try store.db.statement("SELECT count(*) FROM meal").scalar()
      XCTAssertEqual(Int64(store.mealCount), meals, "the count the header shows, step \(step)")
      try checkChips(step)
    }
    // The chips and their counts against every meal's row, counted here: a chip counts the
    // meals with its value that the other facets' chosen chips admit.
    func checkChips(_ step: Int) throws {
      let rows = try store.db.statement("SELECT category, area, difficulty FROM meal").rows {
        [
          $0.isNull(0) ? nil : $0.text(0), $0.isNull(1) ? nil : $0.text(1),
          $0.isNull(2) ? nil : $0.text(2),
        ]
      }
      let facets: [Facet] = [.category, .area, .difficulty]
      let inUse = Set(
        rows.flatMap { row in facets.indices.compactMap { i in row[i].map { Chip(facets[i], $0) } }
        })
      XCTAssertEqual(Set(store.chips()), inUse, "the chips in use, step \(step)")
      var chosen = ChipSelection()
      for chip in inUse where random.next() % 3 == 0 { chosen.toggle(chip) }
      for selection in [ChipSelection(), chosen] {
        var expected: [Chip: Int] = [:]
        for row in rows {
          for (i, facet) in facets.enumerated() {
            guard let value = row[i] else { continue }
            let admitted = facets.indices.allSatisfy { j in
              j == i || selection.values(of: facets[j]).isEmpty
                || row[j].map { selection.values(of: facets[j]).contains($0) } == true
            }
            if admitted { expected[Chip(facet, value), default: 0] += 1 }
          }
        }
        XCTAssertEqual(
          store.chipCounts(chips: selection), expected,
          "chip counts with \(selection.chips.count) chosen, step \(step)")
      }
    }
    for step in 0..<200 {
      let ids = try store.db.statement("SELECT id FROM meal").rows { $0.int(0) }
      switch random.next() % 5 {
      case 0:
        _ = try save(
          Meal(
            name: "New \(step)", instructions: "x", category: random.pick(categories),
            area: random.pick(areas), difficulty: random.pick(Difficulty.allCases + [nil])),
          in: store)
      case 1 where !ids.isEmpty:
        var draft = try store.editableCopy(of: random.pick(ids))
        draft.meal.category = random.pick(categories)
        if random.next() % 2 == 0 { draft.meal.area = random.pick(areas) }
        draft.meal.difficulty = random.pick(Difficulty.allCases + [nil])
        try store.commit(draft)
      case 2 where !ids.isEmpty:
        try store.deleteMeal(id: random.pick(ids))
      case 3:
        try store.restoreLastDeleted()
      default:
        try store.purgeTrash(olderThan: 0)
      }
      try check(step)
    }
    XCTAssertEqual(
      store.chipCounts(chips: ChipSelection()).values.reduce(0, +) > 0, true, "counts come back")
  }

  func testATallyOfManyValuesSumsEachOnce() {
    // Past the values it searches one by one it looks them up by name; both must agree.
    var random = SeededRandom(seed: 7)
    var tally = FacetTally()
    var expected: [String: Int] = [:]
    for _ in 0..<2_000 {
      let value = "Café \(random.next() % 90)"
      let meals = Int(random.next() % 5) + 1
      expected[value, default: 0] += meals
      Array(value.utf8).withUnsafeBufferPointer { tally.add($0, meals) }
    }
    Array("".utf8).withUnsafeBufferPointer { tally.add($0, 3) }
    let sums = Dictionary(
      uniqueKeysWithValues: zip(
        tally.values.map { String(decoding: $0, as: UTF8.self) }, tally.sums))
    XCTAssertEqual(sums, expected, "every value once, with its sum; no value is not counted")
  }

  func testChipsAreSortedAsSQLiteSortsThemIgnoringASCIICase() throws {
    let store = try openStore()
    for (index, category) in ["beef", "Chicken", "Ábalone", "apple", "Beef", "zucchini", "Éclair"]
      .enumerated()
    {
      _ = try save(Meal(name: "Meal \(index)", instructions: "x", category: category), in: store)
    }
    let sqlite = try store.db.statement(
      "SELECT DISTINCT category FROM meal WHERE category IS NOT NULL ORDER BY category COLLATE NOCASE, category"
    ).rows { $0.text(0) }
    XCTAssertEqual(store.chips().filter { $0.facet == .category }.map(\.value), sqlite)
    XCTAssertEqual(sqlite.prefix(3), ["apple", "Beef", "beef"])
  }
}
