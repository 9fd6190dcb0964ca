import Fixtures
import Foundation
import MealsCLI
import MealsCore
import MealsStore
import XCTest

/// The store opened on a thread of its own while the terminal starts, then handed back.
final class StoreOpeningTests: XCTestCase {
  func testTheStoreComesBackWithItsMealsAndChips() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("meals.sqlite")
    do {
      let store = try MealStore(path: path)
      var draft = MealDraft(of: nil)
      draft.meal = Meal(
        name: "Irish Stew", instructions: "Simmer.", category: "Lamb", area: "Irish")
      try store.commit(draft)
    }
    guard case .success(let store) = StoreOpening(path: path, readOnly: false).wait() else {
      return XCTFail("the store did not open")
    }
    XCTAssertEqual(store.mealCount, 1)
    XCTAssertEqual(store.chips().map(\.value), ["Lamb", "Irish"])
    XCTAssertFalse(store.isReadOnly)
    guard case .success(let reader) = StoreOpening(path: path, readOnly: true).wait() else {
      return XCTFail("the store did not open read-only")
    }
    XCTAssertTrue(reader.isReadOnly)
  }

  func testAFileThatCannotOpenGivesItsReason() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    // A header that reads as this version's, and nothing a database needs after it.
    let path = folder.path("broken.sqlite")
    do { _ = try MealStore(path: path) }
    var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)).prefix(100))
    bytes += [UInt8](repeating: 0xEE, count: 4_000)
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    XCTAssertTrue(MealStore.isCurrent(path: path), "the header alone looks current")
    guard case .failure(let error) = StoreOpening(path: path, readOnly: false).wait() else {
      return XCTFail("a broken file opened")
    }
    XCTAssertFalse(error.message.isEmpty)
    XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)).count, 4_100, "left as it was")
  }
}
