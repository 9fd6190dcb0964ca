import MealsCore
import MealsStore
import TerminalUI
import XCTest

@testable import MealsApp

/// Keys resolve down each mode's chain, and the footer and `?` list what the chain reaches.
final class KeyChainTests: XCTestCase {
  /// The welcome panel's buttons take `c` and `l` first: the footer does not offer Cook Mode
  /// or the shopping list for them, and `c` browses the categories.
  func testTheWelcomeFooterListsOnlyKeysItsChainReaches() throws {
    let app = try AppHarness(size: Size(width: 300, height: 40), catalogue: false)
    let footer = app.lines[39]
    XCTAssertTrue(footer.contains("c browse categories"), footer)
    XCTAssertFalse(footer.contains("Cook Mode"), footer)
    XCTAssertFalse(footer.contains("l add to the shopping list"), footer)
    app.press(.character("c"))
    XCTAssertTrue(app.lines[0].contains("Categories"), app.lines[0])
  }

  /// Over Cook Mode's timers `?` opens help (the timers once swallowed every other key), and
  /// the help lists the timers' chain.
  func testHelpOpensOverCookModesTimers() throws {
    let app = try AppHarness(size: Size(width: 80, height: 24))
    _ = try app.store.createMeal(name: "Toast", instructions: "Toast the bread for 2 minutes.")
    app.press(.character("c"), .right, .character("T"))
    XCTAssertTrue(app.text.contains("x stop the timer"), app.text)
    app.press(.character("?"))
    XCTAssertTrue(app.text.contains("back to cooking"), app.text)
    XCTAssertTrue(app.text.contains("help"), app.text)
    app.press(.escape)
    XCTAssertTrue(app.text.contains("x stop the timer"), "Esc closes help, the timers stay")
  }

  /// What My Meals shows in each mode is what the reference documents for that mode (the
  /// reference adds a text field's own keys, which the footer leaves out).
  func testTheReferenceDocumentsWhatEachModeShows() throws {
    let app = try AppHarness(size: Size(width: 80, height: 24))
    for meal in try AppHarness.fixtureMeals().prefix(2) { _ = try app.store.storeFound(meal) }
    let myMeals = try XCTUnwrap(app.navigator.stack.first as? MyMealsScreen)
    for (keys, mode) in [([Key](), MyMealsScreen.KeyMode.list), ([.character("/")], .filtering)] {
      for key in keys { app.press(key) }
      XCTAssertEqual(myMeals.keyMode, mode)
      let documented = KeysReference.chain(MyMealsScreen.self, mode).flatMap(\.help).map(\.text)
      let shown = myMeals.keyHelp.map(\.text)
      XCTAssertFalse(shown.isEmpty)
      XCTAssertEqual(Array(documented.prefix(shown.count)), shown, "\(mode)")
    }
  }
}
