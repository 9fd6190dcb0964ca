import Fixtures
import Foundation
import MealsCore
import MealsStore
import XCTest

/// A config file in a real terminal: the colours it asks for, the keys it moves, its mistakes
/// on the status line, `NO_COLOR` winning, and `meals config` on the command line.
final class SettingsEndToEndTests: XCTestCase {
  var folder: TemporaryFolder!
  var database: String { folder.path("meals.sqlite") }
  var config: String { folder.path("meals.rc") }

  override func setUpWithError() throws {
    folder = try TemporaryFolder()
    let store = try MealStore(path: database)
    for name in ["Apple pie", "Banana bread", "Cherry tart"] {
      var draft = MealDraft(of: nil)
      draft.meal = Meal(name: name, instructions: "Bake it.")
      try store.commit(draft)
    }
  }

  override func tearDown() {
    folder.remove()
  }

  private func start(_ environment: String = "", flags: String = "") throws -> TmuxSession {
    let tmux = try TmuxSession(
      Products.mealsCommand(
        "--db \(database) --api-url http://127.0.0.1:1/api/json/v1/1/ \(flags)",
        environment: environment),
      width: 100, height: 30)
    try tmux.waitFor("3 meals")
    return tmux
  }

  /// The pane's line holding `text`, with its escape sequences.
  private func styledLine(_ text: String, in tmux: TmuxSession) throws -> String {
    let lines = try tmux.captureWithStyles().components(separatedBy: "\n")
    return try XCTUnwrap(lines.first { $0.contains(text) }, "no line with \(text)")
  }

  func testTheConfigFileColoursTheSelectionAndMovesKeys() throws {
    try """
    # my habits
    color selected black "#ffaf00" bold
    bind my-meals x delete
    unbind my-meals d
    frobnicate
    """.write(toFile: config, atomically: true, encoding: .utf8)
    let tmux = try start("MEALS_CONFIG=\(config)")
    // The selection bar: black on palette 214 (#ffaf00's nearest), bold.
    let selected = try styledLine("Apple pie", in: tmux)
    XCTAssertTrue(selected.contains("[1m"), selected.debugDescription)
    XCTAssertTrue(
      selected.contains("30m") || selected.contains("38;5;0m"), selected.debugDescription)
    XCTAssertTrue(selected.contains("48;5;214m"), selected.debugDescription)
    // Its mistake on the status line, once, by file and line, and its keys in the footer: both
    // come with the frame after the first (the file's keys are checked once that is out).
    var screen = try tmux.waitFor("unknown command")
    XCTAssertTrue(screen.contains("meals.rc:5: unknown command \"frobnicate\""), screen)
    XCTAssertTrue(screen.contains("Del/x delete"), screen)
    try tmux.press("d")
    usleep(300_000)
    XCTAssertTrue(try tmux.capture().contains("3 meals"), "d no longer deletes")
    try tmux.press("x")
    screen = try tmux.waitFor("2 meals")
    XCTAssertTrue(screen.contains("Deleted “Apple pie”"), screen)
    try tmux.press("q")
    try tmux.waitFor("EXIT=0")
  }

  func testNoColorWinsOverTheTheme() throws {
    try "set theme = high-contrast\n".write(toFile: config, atomically: true, encoding: .utf8)
    let coloured = try start("MEALS_CONFIG=\(config)")
    XCTAssertTrue(
      try styledLine("Apple pie", in: coloured).contains("103m"), "high contrast: yellow bar")
    let plain = try start("MEALS_CONFIG=\(config) NO_COLOR=1")
    let styled = try plain.captureWithStyles()
    XCTAssertFalse(styled.contains("38;5;") || styled.contains("48;5;"), styled.debugDescription)
    for code in Array(30...37) + Array(40...47) {
      XCTAssertFalse(styled.contains("[\(code)m") || styled.contains(";\(code)m"), "colour \(code)")
    }
    XCTAssertTrue(try styledLine("Apple pie", in: plain).contains("[1m"), "bold stays")
  }

  /// `meals ARGUMENTS` with `environment` only over a clean one (no user config is read).
  private func meals(_ arguments: [String], _ environment: [String] = []) throws -> (
    status: Int32, output: String, errors: String
  ) {
    try runProcess(
      ["/usr/bin/env", "-i", "HOME=\(folder.url.path)", "LANG=C.UTF-8"] + environment
        + [Products.meals] + arguments)
  }

  func testMealsConfigPrintsAFileThatReadsBack() throws {
    try "set mouse = no\nset theme = light\nbind cook-mode <F5> next\n".write(
      toFile: config, atomically: true, encoding: .utf8)
    let first = try meals(["--config", config, "config"])
    XCTAssertEqual(first.status, 0, first.errors)
    XCTAssertTrue(first.output.contains("set mouse = no  # meals.rc:1"), first.output)
    XCTAssertTrue(first.output.contains("bind cook-mode <F5> next"), first.output)
    let copy = folder.path("copy.rc")
    try first.output.write(toFile: copy, atomically: true, encoding: .utf8)
    let check = try meals(["config", "--check"], ["MEALS_CONFIG=\(copy)"])
    XCTAssertEqual(check.status, 0, check.output)
    XCTAssertEqual(check.output, "\(copy): no problems.\n")
    let second = try meals(["--config", copy, "config"])
    func settings(_ text: String) -> [Substring] {
      text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: "#")[0] }
    }
    XCTAssertEqual(settings(second.output), settings(first.output))

    try "set theme = plaid\nbind search x results\n".write(
      toFile: config, atomically: true, encoding: .utf8)
    let bad = try meals(["--config", config, "config", "--check"])
    XCTAssertEqual(bad.status, 1)
    XCTAssertEqual(
      bad.output.split(separator: "\n").first,
      "meals.rc:1: no theme \"plaid\" (default, light, dark, high-contrast, mono)")
  }
}
