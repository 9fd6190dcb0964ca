import Foundation
import MealsApp
import MealsCore
import MealsNet
import TerminalUI
import TestSupport
import XCTest

/// Each main screen at every size from 40×12 to 300×80, against its expected screens.
///
/// The expected screens live in `Screens/NAME.txt`, one section per size.
/// `MEALS_RECORD_SCREENS=1` writes the files again, to be read by eye before they are committed.
final class ScreenSizesTests: XCTestCase {
  static let sizes = [
    Size(width: 40, height: 12), Size(width: 80, height: 24), Size(width: 100, height: 30),
    Size(width: 120, height: 40), Size(width: 200, height: 60), Size(width: 300, height: 80),
  ]

  /// Renders `name` at every size through `make` and compares (or records) the screens.
  func check(
    _ name: String, file: StaticString = #filePath, line: UInt = #line,
    _ make: (Size) throws -> AppHarness
  ) throws {
    var sections: [String] = []
    for size in Self.sizes {
      let app = try make(size)
      app.navigator.prepare(size: size)
      let reads = app.store.statementsRun
      let lines = app.navigator.render(size: size).lines
      XCTAssertEqual(
        app.store.statementsRun, reads, "drawing \(name) at \(size) read the database",
        file: file, line: line)
      sections.append("=== \(size.width)x\(size.height)\n" + lines.joined(separator: "\n"))
    }
    let text = sections.joined(separator: "\n") + "\n"
    if let difference = try ExpectedFile.difference(
      text, file: "Tests/MealsAppTests/Screens/\(name).txt", recordVariable: "MEALS_RECORD_SCREENS")
    {
      XCTFail(difference, file: file, line: line)
    }
  }

  /// Fixture meals saved, Arrabiata with the user's fields, selected.
  func stocked(_ size: Size) throws -> AppHarness {
    let app = try AppHarness(size: size)
    for meal in try AppHarness.fixtureMeals() { _ = try app.store.storeFound(meal) }
    var draft = try app.store.editableCopy(of: 1)
    draft.meal.rating = 4
    draft.meal.totalMinutes = 45
    draft.meal.difficulty = .beginner
    draft.meal.favourite = true
    draft.meal.servings = 4
    try app.store.commit(draft)
    app.app.root.select(mealID: 1)
    app.navigator.clearStatus()
    return app
  }

  func testMyMealsAtEverySize() throws {
    try check("my-meals", stocked)
  }

  func testSearchAtEverySize() throws {
    try check("search") { size in
      let app = try AppHarness(size: size)
      app.navigator.clearStatus()
      app.press(.character("a"))
      app.type("a")
      app.press(.enter)
      app.service.answerSearch(0, with: .success(try AppHarness.fixtureMeals()))
      app.press(.down, .down)
      return app
    }
  }

  func testCategoriesAtEverySize() throws {
    try check("categories") { size in
      let app = try AppHarness(size: size)
      app.navigator.clearStatus()
      app.press(.character("c"))
      app.service.answer(.categories)
      app.press(.down, .down, .down)
      return app
    }
  }

  func testMealDetailAtEverySize() throws {
    try check("meal-detail") { size in
      let app = try AppHarness(size: size)
      app.navigator.clearStatus()
      app.press(.character("c"))
      app.service.answer(.categories)
      app.press(.enter)
      app.service.answer(.filter(.category, "Beef"))
      app.press(.enter)
      app.service.answer(.lookup("90010"))
      app.navigator.clearStatus()
      return app
    }
  }

  func testMealEditorAtEverySize() throws {
    try check("meal-editor") { size in
      let app = try stocked(size)
      app.press(.enter)
      return app
    }
  }

  /// Fixture meals saved, and a pantry of what some of them need.
  func pantried(_ size: Size) throws -> AppHarness {
    let app = try stocked(size)
    try app.store.addToPantry(
      ["6 eggs", "Penne rigate", "olive oil", "garlic", "1 kg plain flour", "Chopped tomatoes"]
        .map(Pantry.Item.init(line:)))
    app.navigator.clearStatus()
    return app
  }

  func testPantryAtEverySize() throws {
    try check("pantry") { size in
      let app = try pantried(size)
      app.press(.character("H"), .down)
      return app
    }
  }

  func testWhatCanICookAtEverySize() throws {
    try check("can-cook") { size in
      let app = try pantried(size)
      app.press(.character("C"))
      app.app.context.counter.finishAll()
      app.press(.down)
      return app
    }
  }
}
