import Fixtures
import Foundation
import MealsCore
import MealsStore
import TestSupport
import XCTest

/// SIGKILL a writer in the middle of an import or a commit: the file stays healthy and every
/// change is there entirely or not at all.
final class CrashSafetyTests: XCTestCase {
  var folder: TemporaryFolder!

  override func setUpWithError() throws {
    folder = try TemporaryFolder()
  }

  override func tearDown() {
    folder.remove()
  }

  /// Starts meals-stress, lets it commit at least once, kills it at a random moment.
  private func killWriter(_ mode: String, path: String, round: Int) throws {
    let process = try ChildProcess([Products.stress, mode, path])
    let seen = process.read(until: "committed")
    XCTAssertTrue(seen.contains("committed"), "the writer ran")
    usleep(useconds_t(10_000 + (round * 37_000) % 250_000))
    process.kill(SIGKILL)
    XCTAssertEqual(process.wait(), 128 + SIGKILL, "killed, not finished")
  }

  func testKilledCatalogueImportLeavesOldOrNewCatalogue() throws {
    let path = folder.path("import.sqlite")
    for round in 0..<6 {
      try killWriter("import", path: path, round: round)
      let store = try MealStore(path: path)
      XCTAssertEqual(try store.integrityCheck(), "ok")
      XCTAssertEqual(store.ingredientCount, 20_000)
      let results = store.ingredients()
      let first = try XCTUnwrap(results.row(at: 0)?.name)
      let generation = try XCTUnwrap(first.split(separator: " ").first)
      let last = try XCTUnwrap(results.row(at: 19_999)?.name)
      XCTAssertTrue(last.hasPrefix("\(generation) "), "one generation only: \(first) … \(last)")
      XCTAssertEqual(store.ingredients(matching: "\(generation) ").count, 20_000)
    }
  }

  func testKilledDraftCommitLeavesOldOrNewMeal() throws {
    let path = folder.path("commit.sqlite")
    for round in 0..<6 {
      try? FileManager.default.removeItem(atPath: path)
      try? FileManager.default.removeItem(atPath: path + "-wal")
      try? FileManager.default.removeItem(atPath: path + "-shm")
      try killWriter("commit", path: path, round: round)
      let store = try MealStore(path: path)
      XCTAssertEqual(try store.integrityCheck(), "ok")
      XCTAssertEqual(store.mealCount, 1)
      let summary = try XCTUnwrap(store.meals().row(at: 0))
      let meal = try XCTUnwrap(try store.meal(id: summary.id))
      XCTAssertEqual(meal.instructions, "generation \(meal.name.dropFirst())")
      XCTAssertEqual(meal.ingredients.count, 20)
      XCTAssertEqual(
        Set(meal.ingredients.map(\.quantity)), [meal.name], "every line of the same commit")
      XCTAssertEqual(
        store.meals(matching: "generation").count, 1, "the filter index matches the meal")
    }
  }
}
