import Fixtures
import MealsCore
import MealsStore
import TerminalUI
import TestSupport
import XCTest

@testable import MealsApp

/// What the status line, the footer and the prompts say: the point of a message in view, a
/// dialog's own keys, feedback for every action.
final class MessagesAndPromptsTests: XCTestCase {
  static let beef = [IngredientMeasurement(name: "Beef", quantity: "500 g")]

  func testALongNameIsCutSoThePointOfTheMessageStaysInView() throws {
    let app = try AppHarness()
    let name = "The Very Long Name Of A Slow Cooked Sunday Beef Stew With Dumplings And Gravy"
    _ = try app.store.createMeal(name: name, instructions: "Cook.")
    app.press(.character("d"))
    XCTAssertEqual(
      app.lines[22],
      " Deleted “The Very Long Name Of A Slow…” — u undoes, T lists Recently Deleted.")
  }

  /// `?` over the plan prompt (a box with keys of its own) lists those keys, and the prompt is
  /// still open under it: before, `?` did nothing there.
  func testQuestionMarkOverThePlanPromptListsItsKeysAndThePromptStays() throws {
    let app = try AppHarness()
    _ = try app.store.createMeal(name: "Borscht", instructions: "Cook.")
    app.press(.character("p"))
    XCTAssertTrue(app.text.contains("Plan “Borscht”"), app.text)
    XCTAssertEqual(app.lines[23], " Enter plan it  Tab the slot  Esc cancel  ? help")
    app.press(.character("?"))
    XCTAssertTrue(app.navigator.showsHelp)
    for text in [
      "Plan “Borscht”", "plan it", "a day earlier", "a day later", "a week earlier",
      "a week later", "the slot", "cancel", "redraw the screen",
    ] {
      XCTAssertTrue(app.text.contains(text), "\(text) in\n\(app.text)")
    }
    XCTAssertFalse(app.text.contains("back (q"), "Esc is the prompt's own key")
    app.press(.escape)
    XCTAssertFalse(app.navigator.showsHelp)
    XCTAssertTrue(app.text.contains("◂ today"), "Esc closed the help only:\n\(app.text)")
    app.press(.enter)
    XCTAssertEqual(
      app.store.planEntries(from: CivilDate(daysSince1970: 0), days: 40_000).map(\.mealName),
      ["Borscht"])
  }

  func testADialogShowsItsOwnKeysNotTheScreensBehindIt() throws {
    let app = try AppHarness()
    app.press(.character("n"), .character("i"))
    app.type("garl")
    app.press(.enter)
    XCTAssertEqual(app.lines[23], " Enter add  Esc cancel  F1 help")
    // F1 is its help (`?` is text here), titled by the label without its colon.
    app.press(.function(1))
    XCTAssertTrue(app.text.contains("Keys — Quantity of Garlic ─"), app.text)
    app.press(.escape)
    XCTAssertTrue(app.text.contains("Enter to add"), "the field is still open:\n\(app.text)")
    app.press(.escape, .escape)
    app.press(.character("G"), .up, .up, .up, .enter)  // Servings
    XCTAssertEqual(app.lines[23], " Enter set  Esc cancel  F1 help")
    app.press(.escape, .character("f"), .escape)
    XCTAssertTrue(app.text.contains("Discard changes? (y/n)"), app.text)
    XCTAssertEqual(app.lines[23], " y yes  n no  Esc no  ? help")
    // A click on a footer hint of a dialog presses it.
    app.navigator.handle(.mouse(MouseEvent(.press(button: 0), row: 23, column: 2)), size: app.size)
    XCTAssertEqual(app.lines[0], " My Meals", "y: discarded")
  }

  /// A message goes with the screen that showed it: back on My Meals, what Cook Mode, the
  /// shopping list or the editor said is gone; what the key that closed the screen said stays.
  func testMessagesGoWithTheirScreen() throws {
    let app = try AppHarness()
    try app.save(
      Meal(
        name: "Stew", instructions: "1. Simmer for 5 minutes.\n2. Serve.", ingredients: Self.beef))
    app.press(.character("c"), .right, .character("t"))
    XCTAssertTrue(app.lines[22].hasPrefix(" Timer started: "), app.lines[22])
    app.press(.character("T"), .character("x"), .escape, .escape)
    XCTAssertEqual(app.lines[0], " My Meals")
    XCTAssertEqual(app.lines[22], "", "Cook Mode's message went with it")
    app.press(.character("l"), .character("L"), .character(" "), .character("x"), .character("y"))
    XCTAssertEqual(app.lines[22], " Removed 1 row.")
    app.press(.escape)
    XCTAssertEqual(app.lines[22], "")
    app.press(.character("n"), .character("s"))
    XCTAssertEqual(app.lines[22], " Error: A meal needs a name.")
    app.press(.escape)
    XCTAssertEqual(app.lines[22], "")
    app.press(.enter, .down, .enter, .ctrl("u"))
    app.type("Stir.")
    app.press(.ctrl("s"), .character("s"))
    XCTAssertEqual(app.lines[22], " Saved “Stew”.", "said by the key that closed the editor")
  }

  func testTheTimerDoneBoxWrapsItsTextAt80Columns() throws {
    let app = try AppHarness()
    var draft = MealDraft(of: nil)
    draft.meal = Meal(
      name: "Stew",
      instructions:
        "1. Simmer the beef, the onions and the carrots gently for 5 minutes.\n2. Serve.")
    try app.store.commit(draft)
    app.press(.character("c"), .right, .character("t"))
    app.wait(300_000)
    let box = app.lines.filter { $0.contains("│") }
    XCTAssertTrue(
      box.contains { $0.contains("Enter or Esc to carry on cooking") }, "the detail whole: \(box)")
    XCTAssertTrue(box.contains { $0.contains("⏰ Time's up: Stew · Step 1 · 5 minutes") }, "\(box)")
    XCTAssertEqual(app.lines[23], " Enter carry on  ? help")
  }

  func testMealDetailsFooterAfterAFailureOffersOnlyWhatWorks() throws {
    let app = try AppHarness()
    app.press(.character("r"))
    app.service.answer(.areas)
    app.press(.character("G"), .up, .up, .up, .up, .enter)  // Irish: Meal Detail, failing
    app.service.answer(.filter(.area, "Irish"))
    app.press(.enter)
    app.service.answer(.lookup("90010"), with: .failure(.timedOut))
    XCTAssertTrue(app.text.contains("Could not load the meal"), app.text)
    XCTAssertEqual(app.lines[23], " r/Enter try again  Esc back  ? help")
    app.press(.character("r"))
    XCTAssertEqual(app.lines[22], " Trying TheMealDB again…")
    app.service.answer(.lookup("90010"))
    XCTAssertTrue(app.lines[23].hasPrefix(" s save to My Meals"), app.lines[23])
    // r on a loaded meal says it is refreshing, then that it did.
    app.press(.character("r"))
    XCTAssertEqual(app.lines[22], " Refreshing “Beef and Stout Stew” from TheMealDB…")
    app.service.answer(.lookup("90010"))
    XCTAssertEqual(app.lines[22], " Refreshed “Beef and Stout Stew”.")
  }

  func testNotReplacingAnExportedFileSaysSo() throws {
    let app = try AppHarness()
    try app.save(Meal(name: "Stew", instructions: "Cook.", ingredients: Self.beef))
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("list.md")
    try Data("mine\n".utf8).write(to: URL(fileURLWithPath: path))
    app.press(.character("l"), .character("L"), .character("e"))
    for _ in 0..<AppHarness.defaultFileName.count { app.press(.backspace) }
    app.type(path)
    app.press(.enter)
    XCTAssertTrue(app.lines[22].hasSuffix("? (y/n)"), app.lines[22])
    app.press(.character("n"))
    XCTAssertTrue(app.lines[22].hasPrefix(" Not written: /"), app.lines[22])
    XCTAssertTrue(app.lines[22].hasSuffix("… is left as it was."), "the path is cut, not the point")
    XCTAssertEqual(try String(contentsOfFile: path, encoding: .utf8), "mine\n")
  }

  /// A path that cannot be written keeps the prompt open with the whole reason, for the path
  /// to be mended; the week's export asks the same question as the shopping list's.
  func testAnExportThatCannotBeWrittenKeepsThePromptWithTheReason() throws {
    let app = try AppHarness()
    try app.save(Meal(name: "Stew", instructions: "Cook.", ingredients: Self.beef))
    app.press(.character("l"), .character("L"), .character("e"), .ctrl("u"))
    app.type("/no/such/folder/list.md")
    app.press(.enter)
    XCTAssertTrue(app.text.contains("There is no folder /no/such/folder."), app.text)
    XCTAssertTrue(app.text.contains("/no/such/folder/list.md"), "the path is still there")
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    app.press(.ctrl("u"))
    app.type(folder.path("list.md"))
    app.press(.enter)
    XCTAssertTrue(app.lines[22].hasPrefix(" Wrote the shopping list (1 row) to /"), app.lines[22])
    // The week: the same question before replacing.
    app.press(.escape, .character("W"))
    try app.store.plan(
      mealID: 1, on: WeekPlanScreen.today(app.app.context), slot: .dinner, servings: 4)
    app.press(.character("e"), .ctrl("u"))
    app.type(folder.path("list.md"))
    app.press(.enter)
    XCTAssertTrue(app.lines[22].hasSuffix("? (y/n)"), app.lines[22])
    XCTAssertTrue(app.lines[22].hasPrefix(" Replace "), app.lines[22])
  }

  func testScalingIsSaidWithoutNestedBrackets() throws {
    let app = try AppHarness()
    PictureScreenTests.openStew(app)
    app.press(.character("+"), .character("+"), .character("l"))
    XCTAssertEqual(
      app.lines[22],
      " Added 7 ingredients of “Beef and Stout St…” for 6 servings — L opens the list.")
    app.size = Size(width: 100, height: 24)
    XCTAssertEqual(
      app.lines[22],
      " Added 7 ingredients of “Beef and Stout Stew” for 6 servings — L opens the list.",
      "whole where there is room")
  }
}
