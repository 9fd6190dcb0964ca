import MealsApp
import MealsCore
import MealsStore
import TerminalUI
import XCTest

/// `h` on Meal Detail of a saved meal: the versions, one read word by word, one put back.
final class MealHistoryScreenTests: XCTestCase {
  func testHListsTheVersionsEnterReadsOneAndRPutsItBack() throws {
    let app = try AppHarness(size: Size(width: 80, height: 24))
    let id = try app.save(
      Meal(
        name: "Stew", instructions: "Brown the beef quickly.",
        ingredients: [IngredientMeasurement(name: "beef", quantity: "1 kg")]))
    for change: (inout Meal) -> Void in [
      { $0.name = "Beef Stew" }, { $0.instructions = "Brown the beef slowly." },
      { $0.ingredients[0].quantity = "1.5 kg" },
    ] {
      var draft = try app.store.editableCopy(of: id)
      change(&draft.meal)
      try app.store.commit(draft)
    }
    app.navigator.clearStatus()
    app.press(.character("v"), .character("h"))
    XCTAssertTrue(app.lines[1].hasPrefix("  Beef Stew"), app.text)
    XCTAssertTrue(app.lines[1].hasSuffix("4 versions"), app.lines[1])
    XCTAssertTrue(app.lines[2].contains("now · 1 ingredient"), app.text)
    XCTAssertTrue(app.lines[3].contains("steps"), app.text)
    XCTAssertTrue(app.lines[4].contains("name"), app.text)
    XCTAssertTrue(app.lines[5].contains("first kept"), app.text)
    XCTAssertEqual(app.lines[5].prefix(20), "  1   just now      ", "when it was saved")

    // Version 3 read: the steps word by word.
    app.press(.down, .enter)
    XCTAssertEqual(app.lines[0], " My Meals › Beef Stew › History › Version 3 of 4")
    XCTAssertTrue(app.text.contains("CHANGED FROM VERSION 2"), app.text)
    XCTAssertTrue(app.text.contains("steps: Brown the beef [-quickly.-] {+slowly.+}"), app.text)
    app.press(.escape)

    // The first put back, after a question: the name and steps as they were, a fifth version.
    app.press(.end, .character("r"))
    XCTAssertTrue(app.lines[22].contains("Put version 1 of “"), app.lines[22])
    app.press(.character("y"))
    let meal = try XCTUnwrap(try app.store.meal(id: id))
    XCTAssertEqual(meal.name, "Stew")
    XCTAssertEqual(meal.instructions, "Brown the beef quickly.")
    XCTAssertTrue(app.lines[1].hasSuffix("5 versions"), app.lines[1])
    XCTAssertTrue(
      app.navigator.status?.text.hasPrefix("Version 1 is back, as version 5") == true,
      app.navigator.status?.text ?? "")
  }
}
