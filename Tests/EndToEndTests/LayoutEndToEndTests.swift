import Fixtures
import Foundation
import MealsCore
import MealsStore
import TestSupport
import XCTest

/// The real app in a real terminal: clicks, a storm of resizes, and a slide with animations on.
final class LayoutEndToEndTests: XCTestCase {
  var folder: TemporaryFolder!
  var database: String { folder.path("meals.sqlite") }

  override func setUpWithError() throws {
    folder = try TemporaryFolder()
    let store = try MealStore(path: database)
    for (name, minutes) in [("Apple pie", 50), ("Banana bread", 70), ("Cherry tart", 40)] {
      var draft = MealDraft(of: nil)
      draft.meal = Meal(
        name: name, instructions: "Bake the \(name.lowercased()).",
        ingredients: [IngredientMeasurement(name: "Flour", quantity: "200 g")], rating: 4,
        totalMinutes: minutes)
      try store.commit(draft)
    }
  }

  override func tearDown() {
    folder.remove()
  }

  private func start(
    width: Int = 100, height: Int = 30, environment: String = "", flags: String = ""
  ) throws -> TmuxSession {
    // Port 1 is closed: nothing here needs TheMealDB.
    let tmux = try TmuxSession(
      Products.mealsCommand(
        "--db \(database) --api-url http://127.0.0.1:1/api/json/v1/1/ \(flags)",
        environment: environment),
      width: width, height: height)
    try tmux.waitFor("3 meals")
    return tmux
  }

  /// An SGR (1006) mouse report for a button at a 1-based column and row, as xterm sends it.
  private func sgr(_ button: Int, column: Int, row: Int, released: Bool = false) -> [UInt8] {
    Array("\u{1B}[<\(button);\(column);\(row)\(released ? "m" : "M")".utf8)
  }

  /// The 1-based row of the pane's line that contains `text`.
  private func row(of text: String, in screen: String) throws -> Int {
    let lines = screen.components(separatedBy: "\n")
    return try XCTUnwrap(lines.firstIndex { $0.contains(text) }, screen) + 1
  }

  // MARK: - Mouse

  func testAClickSelectsARowADoubleClickOpensItAndTheWheelScrolls() throws {
    let tmux = try start()
    var screen = try tmux.capture()
    XCTAssertEqual(
      try tmux.tmux(["display-message", "-p", "-t", "t", "#{mouse_sgr_flag}"])
        .trimmingCharacters(in: .whitespacesAndNewlines), "1", "the app asked for SGR mouse reports"
    )
    let cherry = try row(of: "Cherry tart", in: screen)
    try tmux.send(
      bytes: sgr(0, column: 6, row: cherry) + sgr(0, column: 6, row: cherry, released: true))
    screen = try tmux.waitFor("▸ Cherry tart")
    // The preview pane on the right follows the click.
    XCTAssertTrue(screen.contains("│ Cherry tart"), screen)
    XCTAssertTrue(screen.contains("40 min"), screen)

    // Wheel up (button 64) moves the selection up three rows, stopping at the first.
    try tmux.send(bytes: sgr(64, column: 6, row: cherry))
    try tmux.waitFor("▸ Apple pie")

    // A double click on a row opens that meal in the editor.
    let banana = try row(of: "Banana bread", in: screen)
    let click = sgr(0, column: 6, row: banana) + sgr(0, column: 6, row: banana, released: true)
    try tmux.send(bytes: click + click)
    screen = try tmux.waitFor("My Meals › Banana bread")
    XCTAssertTrue(screen.contains("Bake the banana bread."), screen)

    // A click on a footer hint is that key: "? help" opens the help, a click closes it.
    let footer = try row(of: "? help", in: screen)
    let line = screen.components(separatedBy: "\n")[footer - 1]
    let column = try XCTUnwrap(line.range(of: "? help")).lowerBound.utf16Offset(in: line) + 1
    try tmux.send(
      bytes: sgr(0, column: column, row: footer)
        + sgr(0, column: column, row: footer, released: true))
    screen = try tmux.waitFor("Ctrl-Z")
    XCTAssertTrue(screen.contains("add ingredient"), "the editor's keys:\n\(screen)")
    try tmux.send(bytes: sgr(0, column: 10, row: 10))
    try tmux.waitUntil("the help closing") { !$0.contains("Ctrl-Z") }
    try tmux.press("Escape")
    screen = try tmux.waitFor("3 meals")
    XCTAssertTrue(screen.contains("▸ Banana bread"), screen)

    try tmux.press("q")
    try tmux.waitFor("EXIT=0")
    XCTAssertEqual(
      try tmux.tmux(["display-message", "-p", "-t", "t", "#{mouse_any_flag}#{mouse_sgr_flag}"])
        .trimmingCharacters(in: .whitespacesAndNewlines), "00", "mouse reporting is off again")
  }

  func testNoMouseLeavesTheMouseToTheTerminal() throws {
    let tmux = try start(flags: "--no-mouse")
    XCTAssertEqual(
      try tmux.tmux(["display-message", "-p", "-t", "t", "#{mouse_any_flag}#{mouse_sgr_flag}"])
        .trimmingCharacters(in: .whitespacesAndNewlines), "00")
  }

  // MARK: - Resizing

  func testFiftyResizesInASecondEndOnARightScreen() throws {
    let tmux = try start()
    var random = SeededRandom(seed: 11)
    let started = Date()
    for _ in 0..<50 {
      try tmux.resize(width: 40 + Int(random.next() % 200), height: 12 + Int(random.next() % 60))
    }
    let elapsed = Date().timeIntervalSince(started)
    try tmux.resize(width: 100, height: 30)
    // Two panes again at 100 columns, the selected meal's preview on the right: waited for
    // whole, as a frame for an earlier size can still be on the pane when the preview shows.
    let screen = try tmux.waitUntil("the screen drawn again at 100×30") { screen in
      screen.contains("│ Apple pie") && screen.hasPrefix(" My Meals\n")
        && screen.components(separatedBy: "\n").allSatisfy { $0.count <= 100 }
    }
    let lines = screen.components(separatedBy: "\n").dropLast()  // the capture ends in a newline
    XCTAssertEqual(lines.count, 30, screen)
    XCTAssertEqual(lines.first, " My Meals", screen)
    XCTAssertTrue(screen.contains("Rating ███"), "the meters drawn again:\n\(screen)")
    XCTAssertTrue(screen.contains("▸ Apple pie"), screen)
    XCTAssertTrue(lines.allSatisfy { $0.count <= 100 }, screen)
    try tmux.press("q")
    try tmux.waitFor("EXIT=0")
    XCTAssertLessThan(elapsed, 5, "the resizes came as a storm, not one by one")
  }

  // MARK: - Slides

  func testWithAnimationsOnAPushEndsOnTheNewScreenAndAKeyCutsItShort() throws {
    let tmux = try start(environment: "MEALS_ANIMATION=1")
    let editor = { (screen: String) in
      screen.hasPrefix(" My Meals › Apple pie\n NAME\n") && !screen.contains("3 meals")
    }
    try tmux.press("Enter")
    var screen = try tmux.waitUntil("the editor, whole", editor)
    XCTAssertTrue(screen.contains("▸ Apple pie"), screen)
    XCTAssertFalse(screen.contains("│"), "no line of the old screen's panes is left:\n\(screen)")
    // Back, open and back at once: each key ends the slide under way, no half frame stays.
    try tmux.press("Escape", "Enter", "Escape")
    let myMeals = { (screen: String) in
      screen.hasPrefix(" My Meals\n") && screen.contains("3 meals")
    }
    screen = try tmux.waitUntil("My Meals, whole", myMeals)
    usleep(200_000)
    screen = try tmux.capture()
    XCTAssertTrue(myMeals(screen), screen)
    XCTAssertFalse(screen.contains("NAME"), screen)
    XCTAssertTrue(screen.contains("▸ Apple pie"), screen)
    try tmux.press("q")
    try tmux.waitFor("EXIT=0")
  }
}

/// Emoji sequences (ZWJ, flags, skin tones, emoji style) in a real terminal: the columns after
/// them stay where they belong, in the row itself and in every row below.
final class EmojiColumnsEndToEndTests: XCTestCase {
  /// Cells a scalar takes as the app now sends text: emoji two, a flag's letters one.
  private static func cells(_ line: Substring) -> Int {
    line.unicodeScalars.reduce(0) { total, scalar in
      switch scalar.value {
      case 0x200D, 0xFE0E, 0xFE0F, 0x1F3FB...0x1F3FF: total
      case 0x1F300...0x1FAFF: total + 2
      default: total + 1
      }
    }
  }

  func testTheDividerStaysInItsColumnAfterZWJSequencesFlagsAndSkinTones() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let names = [
      "👨\u{200D}👩\u{200D}👧 Family 🇯🇵 pancakes 🥞🥞🥞", "Apple pie", "👍🏽 Thumbs ❤\u{FE0F} love",
    ]
    var files: [String] = []
    for (index, name) in names.enumerated() {
      let file = folder.path("meal\(index).json")
      try Data(#"{"name":"\#(name)","instructions":"Mix. Flour and eggs. Fry."}"#.utf8)
        .write(to: URL(fileURLWithPath: file))
      files.append(file)
    }
    let database = folder.path("meals.sqlite")
    let imported = try runProcess([Products.meals, "--db", database, "import"] + files)
    XCTAssertEqual(imported.status, 0, imported.errors)
    let tmux = try TmuxSession(
      Products.mealsCommand("--db \(database) --api-url http://127.0.0.1:9/"), width: 110,
      height: 20)
    try tmux.waitFor("3 meals")
    for keys in [["Down"], ["Down"], ["/"]] {
      try tmux.press(keys[0])
      usleep(200_000)
      try assertDividerInOneColumn(try tmux.capture())
    }
    try tmux.type("🥞")
    let screen = try tmux.waitFor("1 of 3 meals matches")
    try assertDividerInOneColumn(screen)
    XCTAssertFalse(screen.contains("Mix. lour"), screen)
  }

  private func assertDividerInOneColumn(
    _ screen: String, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    let columns = screen.split(separator: "\n").compactMap { row -> Int? in
      guard let bar = row.firstIndex(of: "│") else { return nil }
      return Self.cells(row[..<bar])
    }
    XCTAssertGreaterThan(columns.count, 5, screen, file: file, line: line)
    XCTAssertEqual(Set(columns).count, 1, "the divider moved:\n\(screen)", file: file, line: line)
  }
}
