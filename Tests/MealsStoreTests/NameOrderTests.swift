import Foundation
import MealsCore
import XCTest

@testable import MealsStore

/// The book in its language's name order, kept in the book, and put in another order when
/// the app's language changes: the list, the filter and the chips all agree.
final class NameOrderTests: StoreTestCase {
  static let swedishBook = [
    "Ärtsoppa", "Zucchinisoppa", "Åkerbärspaj", "Ölbröd", "Apelsinkaka", "Ostkaka", "Köttbullar",
    "Kanelbullar",
  ]

  private func names(_ store: MealStore, filter: String = "", chips: Set<Chip> = []) -> [String] {
    let results = store.meals(matching: filter, chips: ChipSelection(chips))
    return (0..<results.count).compactMap { results.row(at: $0)?.name }
  }

  private func fill(_ store: MealStore) throws {
    for name in Self.swedishBook {
      _ = try save(
        Meal(name: name, instructions: "Laga \(name).", category: "Husmanskost"), in: store)
    }
  }

  func testASwedishBookListsItsOwnLettersAfterZAndAnotherLanguageReordersIt() throws {
    var store: MealStore? = try MealStore(path: path, nameOrder: .swedish)
    try fill(try XCTUnwrap(store))
    let swedish = [
      "Apelsinkaka", "Kanelbullar", "Köttbullar", "Ostkaka", "Zucchinisoppa", "Åkerbärspaj",
      "Ärtsoppa", "Ölbröd",
    ]
    XCTAssertEqual(names(try XCTUnwrap(store)), swedish)
    XCTAssertEqual(try XCTUnwrap(store).nameOrder, .swedish)
    store = nil

    // A command (no language asked) keeps the book's order, and places a new meal by it.
    store = try MealStore(path: path)
    _ = try save(Meal(name: "Äppelkaka", instructions: "Baka."), in: try XCTUnwrap(store))
    XCTAssertEqual(
      names(try XCTUnwrap(store)),
      Array(swedish.prefix(6)) + ["Äppelkaka", "Ärtsoppa", "Ölbröd"])
    store = nil

    // The app in German: ä with a, ö with o; the filter and the chips in the same order.
    let german = try MealStore(path: path, nameOrder: .standard)
    let standard = [
      "Åkerbärspaj", "Apelsinkaka", "Äppelkaka", "Ärtsoppa", "Kanelbullar", "Köttbullar",
      "Ölbröd", "Ostkaka", "Zucchinisoppa",
    ]
    XCTAssertEqual(names(german), standard)
    XCTAssertEqual(
      names(german, chips: [Chip(.category, "Husmanskost")]), standard.filter { $0 != "Äppelkaka" })
    XCTAssertEqual(
      names(german, filter: "a"), ["Åkerbärspaj", "Apelsinkaka", "Äppelkaka", "Ärtsoppa"])
    XCTAssertEqual(names(german, filter: "ko"), ["Köttbullar"])
    XCTAssertEqual(german.index(ofMeal: try XCTUnwrap(german.mealIDs(named: "Ostkaka").first)), 7)
    let check = try german.db.statement("PRAGMA integrity_check").rows { $0.text(0) }
    XCTAssertEqual(check, ["ok"])
  }

  func testOnlyTheMealsOutOfPlaceMove() throws {
    let store = try MealStore(path: path, nameOrder: .standard)
    for name in ["Beef Stew", "Carbonara", "Lasagne", "Toast"] {
      _ = try save(Meal(name: name, instructions: "Cook."), in: store)
    }
    let keys = try store.db.statement("SELECT sort_key FROM meal ORDER BY id").rows { $0.int(0) }
    XCTAssertEqual(try store.orderNames(by: .swedish), 0, "plain names: the same order")
    XCTAssertEqual(
      try store.db.statement("SELECT sort_key FROM meal ORDER BY id").rows { $0.int(0) }, keys)
    _ = try save(Meal(name: "Öl-marinad", instructions: "Marinera."), in: store)
    XCTAssertEqual(names(store).last, "Öl-marinad")
    XCTAssertEqual(try store.orderNames(by: .standard), 1, "one meal moves")
    XCTAssertEqual(names(store), ["Beef Stew", "Carbonara", "Lasagne", "Öl-marinad", "Toast"])
    XCTAssertEqual(
      try store.db.statement("SELECT sort_key FROM meal WHERE id <= 4 ORDER BY id").rows {
        $0.int(0)
      }, keys)
  }

  func testAnUpgradedBookTakesTheEnvironmentsOrder() throws {
    var store: MealStore? = try MealStore(path: path, nameOrder: .swedish)
    let french = ["Zucchini Fritters", "Éclair", "Apple Pie", "Crème brûlée", "Œufs en meurette"]
    for name in french + ["Ärtsoppa"] {
      _ = try save(Meal(name: name, instructions: "Cook."), in: try XCTUnwrap(store))
    }
    // As schema 20 left it, no name_order, its keys in another order (Ärtsoppa after z).
    let fresh = try XCTUnwrap(store)
    try fresh.db.execute(
      """
      \(StoreTestCase.madeBy21)
      DELETE FROM setting WHERE key = '\(Schema.nameOrderSetting)';
      PRAGMA user_version = 20;
      """)
    store = nil
    let upgraded = try MealStore(path: path)
    XCTAssertEqual(upgraded.nameOrder, .standard)
    XCTAssertEqual(
      names(upgraded),
      ["Apple Pie", "Ärtsoppa", "Crème brûlée", "Éclair", "Œufs en meurette", "Zucchini Fritters"])
    XCTAssertEqual(names(upgraded, filter: "eclair"), ["Éclair"])
    XCTAssertEqual(names(upgraded, filter: "e"), ["Éclair", "Œufs en meurette"])
  }

  /// An upgrade writes every meal's key (its index made again after them): none moves, the
  /// index is there and whole.
  func testAnUpgradedBigBookGetsEveryKeyAndItsIndex() throws {
    var store: MealStore? = try MealStore(path: path, nameOrder: .standard)
    try XCTUnwrap(store).insert(
      contentsOf: (0..<1_500).map { Meal(name: "Stew \(1_500 - $0)", instructions: "Cook.") })
    let keys = try XCTUnwrap(store).db.statement("SELECT sort_key FROM meal ORDER BY id").rows {
      $0.int(0)
    }
    try XCTUnwrap(store).db.execute(
      """
      \(StoreTestCase.madeBy21)
      DELETE FROM setting WHERE key = '\(Schema.nameOrderSetting)';
      PRAGMA user_version = 20;
      """)
    store = nil
    let upgraded = try MealStore(path: path)
    XCTAssertEqual(
      try upgraded.db.statement("SELECT sort_key FROM meal ORDER BY id").rows { $0.int(0) }, keys,
      "no meal moves")
    XCTAssertEqual(
      try upgraded.db.statement("SELECT count(*) FROM meal WHERE name_order = lower(name)")
        .scalar(), 1_500)
    XCTAssertEqual(
      try upgraded.db.statement(
        "SELECT count(*) FROM sqlite_schema WHERE name = 'meal_by_name_order'"
      ).scalar(), 1)
    XCTAssertEqual(try upgraded.db.statement("PRAGMA integrity_check").rows { $0.text(0) }, ["ok"])
    XCTAssertEqual(names(upgraded).prefix(3), ["Stew 1", "Stew 10", "Stew 100"])
  }

  func testManyMealsOutOfPlaceAreAllKeyedAgainAndStillFound() throws {
    let store = try MealStore(path: path, nameOrder: .swedish)
    var meals: [Meal] = []
    for number in 0..<300 {
      let name = number % 2 == 0 ? "Ärtsoppa \(number)" : "Kaka \(number)"
      meals.append(Meal(name: name, instructions: "Koka i \(number) minuter. 麻婆豆腐"))
    }
    try store.insert(contentsOf: meals)
    XCTAssertEqual(names(store).first, "Kaka 1")
    XCTAssertEqual(try store.orderNames(by: .standard), 150, "every Ärtsoppa moves")
    let listed = names(store)
    XCTAssertEqual(listed.count, 300)
    XCTAssertEqual(listed.first, "Ärtsoppa 0")
    XCTAssertEqual(listed[150], "Kaka 1")
    XCTAssertEqual(
      listed,
      listed.sorted {
        Array(NameCollation.standard.key($0).utf8).lexicographicallyPrecedes(
          Array(NameCollation.standard.key($1).utf8))
      })
    XCTAssertEqual(names(store, filter: "ärtsoppa").count, 150)
    XCTAssertEqual(names(store, filter: "ärtsoppa 120"), ["Ärtsoppa 120"])
    XCTAssertEqual(names(store, filter: "豆腐").count, 300, "the trigram index")
    XCTAssertEqual(names(store, filter: "麻婆").count, 300, "the two-character index")
    XCTAssertEqual(names(store, filter: "kaka 77"), ["Kaka 77"])
    XCTAssertEqual(try store.db.statement("PRAGMA integrity_check").rows { $0.text(0) }, ["ok"])
    // Still a book a meal can be added to, in its place, and taken from.
    let id = try save(Meal(name: "Apelsinkaka", instructions: "Baka."), in: store)
    XCTAssertEqual(names(store).prefix(2), ["Apelsinkaka", "Ärtsoppa 0"])
    try store.deleteMeal(id: id)
    XCTAssertEqual(names(store, filter: "apelsinkaka"), [])
  }

  func testTheFilterKeepsSwedishLettersApartAndReadsGermanSpellings() throws {
    var store: MealStore? = try MealStore(path: path, nameOrder: .swedish)
    for (name, steps) in [
      ("Ostkaka", "Grädda."), ("Östgötsk ostkaka", "Grädda."), ("Kåldolmar", "Rulla kål."),
      ("Kaldaunen", "Koche."), ("Käsespätzle", "Reibe den Käse."),
      ("Straßenbrot", "Backe."), ("Hähnchen", "Brate."),
    ] {
      _ = try save(Meal(name: name, instructions: steps), in: try XCTUnwrap(store))
    }
    let swedish = try XCTUnwrap(store)
    XCTAssertEqual(names(swedish, filter: "ost"), ["Ostkaka", "Östgötsk ostkaka"], "ostkaka")
    XCTAssertEqual(names(swedish, filter: "öst"), ["Östgötsk ostkaka"])
    XCTAssertEqual(names(swedish, filter: "kål"), ["Kåldolmar"])
    XCTAssertEqual(names(swedish, filter: "kal"), ["Kaldaunen"], "a is not å")
    XCTAssertEqual(names(swedish, filter: "ka"), ["Kaldaunen"], "nor is ä")
    XCTAssertEqual(try swedish.countMeals(matching: "ka", upTo: 10), 1)
    store = nil

    let german = try MealStore(path: path, nameOrder: .standard)
    XCTAssertEqual(german.nameOrder, .standard)
    XCTAssertEqual(names(german, filter: "kal"), ["Kaldaunen", "Kåldolmar"])
    XCTAssertEqual(names(german, filter: "kaese"), ["Käsespätzle"])
    XCTAssertEqual(names(german, filter: "käse"), ["Käsespätzle"])
    XCTAssertEqual(names(german, filter: "haehnchen"), ["Hähnchen"])
    XCTAssertEqual(names(german, filter: "strasse"), ["Straßenbrot"])
    XCTAssertEqual(names(german, filter: "ost"), ["Östgötsk ostkaka", "Ostkaka"])
  }

  func testTheLongestRisingRunStays() {
    XCTAssertEqual(MealStore.longestRisingRun([1, 5, 2, 3, nil, 4, 0]), [0, 2, 3, 5])
    XCTAssertEqual(MealStore.longestRisingRun([]), [])
    XCTAssertEqual(MealStore.longestRisingRun([3, 2, 1]).count, 1)
    XCTAssertEqual(MealStore.longestRisingRun([10, 20, 30]), [0, 1, 2])
  }
}
