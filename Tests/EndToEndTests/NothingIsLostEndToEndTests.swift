import Fixtures
import Foundation
import MealsCore
import MealsStore
import TestSupport
import XCTest

/// The built app in tmux: drafts survive SIGKILL and SIGTERM, pastes are text, and escape
/// sequences the terminal description lacks do nothing harmful.
final class NothingIsLostEndToEndTests: XCTestCase {
  nonisolated(unsafe) static var server: FixtureServer?
  var folder: TemporaryFolder!
  var database: String { folder.path("meals.sqlite") }

  override class func setUp() {
    server = try? FixtureServer()
  }

  override class func tearDown() {
    server?.stop()
  }

  override func setUpWithError() throws {
    folder = try TemporaryFolder()
    let store = try MealStore(path: database)
    _ = try store.createMeal(name: "Arrabiata", instructions: "Boil the pasta.")
    _ = try store.createMeal(name: "Toast", instructions: "Toast the bread.")
  }

  override func tearDown() {
    folder.remove()
  }

  private func start(width: Int = 80, height: Int = 24) throws -> TmuxSession {
    let server = try XCTUnwrap(Self.server, "the fixture server (python3) did not start")
    let tmux = try TmuxSession(
      Products.mealsCommand("--db \(database) --api-url \(server.baseURL())"), width: width,
      height: height)
    try tmux.waitFor("2 meals")
    return tmux
  }

  private func signal(_ name: String) throws {
    try runProcess([
      "/usr/bin/env", "pkill", "-\(name)", "-f", "^\(Products.meals) --db \(database)",
    ])
  }

  // MARK: - Drafts

  func testAnEditSurvivesSIGKILLAfterASecondAndSIGTERMAtOnce() throws {
    for (signal, wait, status) in [("KILL", 1.6, 137), ("TERM", 0.0, 143)] {
      var tmux = try start()
      try tmux.press("Enter")
      try tmux.waitFor("INGREDIENTS (0)")
      try tmux.press("Enter", "C-u")
      try tmux.type("Arrabiata Deluxe \(signal)")
      try tmux.press("Enter")
      try tmux.waitFor("My Meals › Arrabiata Deluxe \(signal)")
      Thread.sleep(forTimeInterval: wait)
      try self.signal(signal)
      try tmux.waitFor("EXIT=\(status)")
      tmux = try start()
      try tmux.waitFor("Recover unsaved changes to “Arrabiata Deluxe \(signal)”? (y/n)")
      try tmux.press("y")
      try tmux.waitFor("Recovered the unsaved changes — s saves them, Esc discards.")
      try tmux.press("s")
      try tmux.waitFor("Saved “Arrabiata Deluxe \(signal)”.")
      try tmux.press("q")
      try tmux.waitFor("EXIT=0")
    }
    let store = try MealStore(path: database)
    XCTAssertEqual(store.meals().row(at: 0)?.name, "Arrabiata Deluxe TERM")
    XCTAssertEqual(try store.unsavedDrafts(), [])
  }

  func testNoAtTheRecoveryQuestionDropsTheDraft() throws {
    var tmux = try start()
    try tmux.press("Enter", "Enter", "End")
    try tmux.type("!")
    try tmux.press("Enter")
    try tmux.waitFor("My Meals › Arrabiata!")
    try tmux.press("C-c")
    try tmux.waitFor("EXIT=0")
    tmux = try start()
    try tmux.waitFor("Recover unsaved changes to “Arrabiata!”? (y/n)")
    try tmux.press("n")
    try tmux.waitFor("Unsaved changes dropped.")
    try tmux.press("q")
    try tmux.waitFor("EXIT=0")
    tmux = try start()
    let screen = try tmux.capture()
    XCTAssertFalse(screen.contains("Recover"), screen)
  }

  // MARK: - Paste

  func testPastesAreTextAndNeverCommands() throws {
    let tmux = try start()
    try tmux.paste("dd q\nuddd\nq")
    try tmux.waitFor("Paste ignored: there is no text field here.")
    XCTAssertTrue(try tmux.capture().contains("2 meals"), "nothing deleted, still running")
    try tmux.press("Enter", "Enter", "C-u")
    try tmux.paste("Penne\nall'arrabbiata")
    try tmux.waitFor("Penne all'arrabbiata")
    try tmux.press("Enter", "Down", "Enter", "C-e", "Enter")
    try tmux.paste("Drain it.\nToss with the sauce.")
    let screen = try tmux.waitFor("Toss with the sauce.")
    let lines = screen.split(separator: "\n").map(String.init)
    let drain = try XCTUnwrap(lines.firstIndex { $0.contains("Drain it.") })
    XCTAssertTrue(lines[drain + 1].contains("Toss with the sauce."), screen)
    try tmux.press("C-s", "s")
    try tmux.waitFor("Saved “Penne all'arrabbiata”.")
    let store = try MealStore(path: database)
    let id = try XCTUnwrap(store.meals(matching: "penne").row(at: 0)?.id)
    XCTAssertEqual(
      try store.meal(id: id)?.instructions, "Boil the pasta.\nDrain it.\nToss with the sauce.")
  }

  func testAMegabytePasteStaysResponsive() throws {
    let tmux = try start()
    try tmux.press("/")
    let big = String(repeating: "abcdefghij", count: 100_000)
    let started = Date()
    try tmux.paste(big, through: folder.path("paste.txt"))
    try tmux.waitFor("none of 2 meals match", timeout: 30)
    try tmux.press("Escape")
    try tmux.waitFor("2 meals")
    XCTAssertLessThan(Date().timeIntervalSince(started), 30)
  }

  // MARK: - Escape sequences

  func testSequencesTheTerminalDescriptionLacksAreReadWhole() throws {
    let tmux = try start()
    try tmux.send(bytes: Array("\u{1B}[4~".utf8))  // End, whatever TERM says
    try tmux.waitFor("▸ Toast")
    try tmux.send(bytes: Array("\u{1B}OH".utf8))  // Home in application mode
    try tmux.waitFor("▸ Arrabiata")
    try tmux.send(bytes: Array("\u{1B}OF".utf8))  // End in application mode
    try tmux.waitFor("▸ Toast")
    try tmux.send(bytes: Array("\u{1B}[99~\u{1B}[?1;2c\u{1B}[=5u\u{1B}[1;2;3;4;5q".utf8))
    Thread.sleep(forTimeInterval: 0.3)
    var screen = try tmux.capture()
    XCTAssertTrue(screen.contains("2 meals"), "nothing deleted, not quit:\n\(screen)")
    XCTAssertTrue(screen.contains("▸ Toast"), "nothing moved:\n\(screen)")
    XCTAssertTrue(screen.hasPrefix(" My Meals"))
    // Esc then a letter in one burst is Esc, then the letter: back, then k moves up.
    try tmux.press("Enter")
    try tmux.waitFor("INGREDIENTS (0)")
    try tmux.send(bytes: Array("\u{1B}k".utf8))
    screen = try tmux.waitFor("▸ Arrabiata")
    XCTAssertTrue(screen.hasPrefix(" My Meals\n"), screen)
    // A paste start that never ends: its text is held, then given up, and keys work again.
    try tmux.send(bytes: Array("\u{1B}[200~".utf8))
    Thread.sleep(forTimeInterval: 1.5)
    try tmux.press("Enter")
    try tmux.waitFor("INGREDIENTS (0)")
    try tmux.send(bytes: [0x1B])  // a lone Esc still goes back
    screen = try tmux.waitFor("2 meals")
    XCTAssertTrue(screen.hasPrefix(" My Meals\n"), screen)
  }
}
