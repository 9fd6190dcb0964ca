import Foundation
import MealsCore
import TestSupport
import XCTest

@testable import MealsStore

/// TheMealDB's answers kept for the browse screens: replaced, capped, apart from the meals.
final class RemoteCacheTests: StoreTestCase {
  func testAnswersAreKeptReplacedAndDatedByTheClock() throws {
    let store = try openStore()
    var time = 1_700_000_000.0
    store.clock = { time }
    XCTAssertNil(store.cachedAnswer(for: "categories.php"))
    try store.keepAnswer(Data("first".utf8), for: "categories.php")
    time += 60
    try store.keepAnswer(Data("second".utf8), for: "categories.php")
    XCTAssertEqual(
      store.cachedAnswer(for: "categories.php"),
      CachedAnswer(body: Data("second".utf8), fetchedAt: time))
    XCTAssertEqual(store.remoteCacheSize, 6)
  }

  func testTheCacheDropsTheOldestPastItsCapAndNeverTouchesMeals() throws {
    let store = try openStore()
    var time = 1_700_000_000.0
    store.clock = { time }
    let id = try save(Self.soup, in: store)
    let chunk = Data(repeating: 0x7B, count: 6 * 1_048_576)
    for number in 1...4 {
      time += 1
      try store.keepAnswer(chunk, for: "filter.php?c=\(number)")
    }
    XCTAssertLessThanOrEqual(store.remoteCacheSize, MealStore.remoteCacheLimit)
    XCTAssertNil(store.cachedAnswer(for: "filter.php?c=1"), "the oldest went first")
    XCTAssertNotNil(store.cachedAnswer(for: "filter.php?c=4"), "the newest stays")
    XCTAssertEqual(try store.meal(id: id)?.name, "Chicken Soup")
    XCTAssertEqual(store.mealCount, 1)
  }

  func testWhichTheMealDBMealsAreInMyMeals() throws {
    let store = try openStore()
    var found = Self.soup
    found.mealDBID = "52772"
    _ = try save(found, in: store)
    XCTAssertEqual(store.storedMealDBIDs(among: ["1", "52772", "a\"b"]), ["52772"])
    XCTAssertEqual(store.storedMealDBIDs(among: []), [])
  }
}
