import CFaultVFS
import CSQLite3
import Fixtures
import Foundation
import MealsCore
import TerminalUI
import TestSupport
import XCTest

@testable import MealsApp
@testable import MealsStore

/// Every screen over the store opened, and every list scrolled, with a read of the database
/// failing at every N (an I/O error, then corruption): each frame shows the data, or says it
/// could not be read — never an empty state that is not true — and once the file reads again
/// the app goes on.
final class ReadFaultSweepTests: XCTestCase {
  static let ioErrorRead = SQLITE_IOERR | (1 << 8)

  var folder: TemporaryFolder!
  var template = Data()

  override func setUpWithError() throws {
    folder = try TemporaryFolder()
    // A book with meals, a favourite, a planned meal, the shopping list and the trash.
    let path = folder.path("template.sqlite")
    let store = try MealStore(path: path)
    store.clock = { WeekPlanScreenTests.tuesday }
    let meals = try AppHarness.fixtureMeals()
    for meal in meals { _ = try store.storeFound(meal) }
    let first = try XCTUnwrap(store.meals().row(at: 0)).id
    try store.setFavourite(true, mealID: first)
    let tuesday = try XCTUnwrap(CivilDate(year: 2026, month: 12, day: 1))
    try store.plan(mealID: first, on: tuesday, slot: .dinner, servings: 2)
    let meal = try XCTUnwrap(try store.meal(id: first))
    try store.addToShoppingList(
      mealRef: .saved(first), mealName: meal.name, ingredients: meal.ingredients)
    try store.deleteMeal(id: try XCTUnwrap(store.meals().row(at: 1)).id)
    try store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    template = try Data(contentsOf: URL(fileURLWithPath: path))
    meals_fault_install()
  }

  override func tearDown() {
    template = Data()  // XCTest keeps the test case alive: its bytes are let go here
    meals_fault_disarm()
    meals_fault_uninstall()
    folder.remove()
  }

  /// A step of the walk: its keys, and what the screen says when the book is empty (which,
  /// with this book, is never true).
  struct Step {
    var keys: [Key]
    var falseEmpty: [String]
  }

  static let walk: [Step] = [
    Step(keys: [], falseEmpty: ["No saved meals yet"]),
    Step(keys: [.character("G")], falseEmpty: ["No saved meals yet"]),
    Step(keys: [.character("/"), .character("s"), .character("o")], falseEmpty: ["No saved meal"]),
    Step(keys: [.escape], falseEmpty: ["No saved meals yet"]),
    Step(keys: [.character("F")], falseEmpty: ["No favourites yet"]),
    Step(keys: [.escape, .character("T")], falseEmpty: ["Nothing here."]),
    Step(keys: [.escape, .character("W")], falseEmpty: []),
    Step(keys: [.escape, .character("L")], falseEmpty: ["The shopping list is empty."]),
    Step(keys: [.escape], falseEmpty: ["No saved meals yet"]),
  ]

  /// Starts the app on a fresh copy of the book, with the reads failing from the `nth` on.
  ///
  /// nil when the database cannot even be opened (the app says so and does not start).
  private func run(failingFrom nth: Int, code: Int32) throws -> (AppHarness, [String])? {
    let path = folder.path("meals.sqlite")
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: path + suffix)
    }
    try template.write(to: URL(fileURLWithPath: path))
    meals_fault_arm(0, Int32(nth), code)
    var problems: [String] = []
    let app: AppHarness
    do {
      app = try AppHarness(clock: { WeekPlanScreenTests.tuesday }, databaseAt: path)
    } catch let error as StoreError {
      XCTAssertFalse(error.message.isEmpty)
      return nil
    }
    for (index, step) in Self.walk.enumerated() {
      for key in step.keys { app.press(key) }
      app.wait(500)  // past every debounce: a count asked is answered (or failed) by now
      let text = app.text
      for words in step.falseEmpty where text.contains(words) {
        problems.append("read \(nth), step \(index): “\(words)” shown:\n\(text)")
      }
      if text.contains("counting…") {
        problems.append("read \(nth), step \(index): counting for ever:\n\(text)")
      }
    }
    return (app, problems)
  }

  func testEveryScreenSaysAFailedReadAndNeverShowsAFalseEmptyState() throws {
    // How many reads the walk makes when nothing fails.
    meals_fault_arm(0, Int32.max, SQLITE_OK)
    _ = try run(failingFrom: Int(Int32.max), code: SQLITE_OK)
    let reads = Int(meals_fault_calls(0))
    XCTAssertGreaterThan(reads, 5, "the walk reads the file")
    var said = 0
    var refusedAtOpen = 0
    for code in [Self.ioErrorRead, SQLITE_CORRUPT] {
      for nth in 1...reads {
        guard let (app, problems) = try run(failingFrom: nth, code: code) else {
          refusedAtOpen += 1
          continue
        }
        XCTAssertEqual(problems, [], "fault \(code)")
        if app.text.contains("Could not read the database") { said += 1 }
        // The file reads again: the app goes on, and shows the book.
        meals_fault_disarm()
        app.press(.escape, .character("g"))
        XCTAssertTrue(app.lines[1].hasSuffix(" meals"), "fault \(code) at \(nth): \(app.text)")
        XCTAssertTrue(
          app.lines.contains { $0.hasPrefix("▸ ") }, "fault \(code) at \(nth): \(app.text)")
      }
    }
    XCTAssertGreaterThan(said, 0, "failed reads were said")
    print(
      "Read-fault sweep: \(reads) reads × 2 faults; \(refusedAtOpen) refused at open, \(said) said on the last screen"
    )
  }
}
