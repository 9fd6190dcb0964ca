import Fixtures
import Foundation
import MealsCore
import MealsStore
import XCTest

/// The app in a real terminal in the user's language: the catalog found by `LANG` (a German
/// locale this machine has not generated), by `LANGUAGE` before it, and English when there is
/// no catalog or it is damaged (said on standard error, nothing else changes).
///
/// The catalogs are written here and compiled by gettext's `msgfmt`, as the build compiles the
/// project's own.
final class TranslationEndToEndTests: XCTestCase {
  var folder: TemporaryFolder!
  var database: String { folder.path("meals.sqlite") }
  var locales: String { folder.path("locale") }

  override func setUpWithError() throws {
    folder = try TemporaryFolder()
    let store = try MealStore(path: database)
    var draft = MealDraft(of: nil)
    draft.meal = Meal(name: "Apfelstrudel", instructions: "Backen.")
    try store.commit(draft)
    try catalog("de", title: "Meine Gerichte")
    try catalog("fr", title: "Mes plats")
    try catalog("ja", title: "わたしの料理")
  }

  override func tearDown() {
    folder.remove()
  }

  /// A catalog for `language` translating the book's title.
  private func catalog(_ language: String, title: String) throws {
    let messages = "\(locales)/\(language)/LC_MESSAGES"
    try FileManager.default.createDirectory(atPath: messages, withIntermediateDirectories: true)
    let po = folder.path("\(language).po")
    try """
    msgid ""
    msgstr ""
    "Content-Type: text/plain; charset=UTF-8\\n"

    msgid "My Meals"
    msgstr "\(title)"
    """.write(toFile: po, atomically: true, encoding: .utf8)
    let result = try runProcess(["/usr/bin/env", "msgfmt", "-o", "\(messages)/meals.mo", po])
    XCTAssertEqual(result.status, 0, result.errors)
  }

  /// The app's first screen under `environment`.
  private func firstScreen(_ environment: String) throws -> String {
    let tmux = try TmuxSession(
      Products.mealsCommand(
        "--db \(database) --api-url http://127.0.0.1:1/api/json/v1/1/",
        environment: "MEALS_LOCALEDIR=\(locales) \(environment)"),
      width: 80, height: 24)
    try tmux.waitFor("Apfelstrudel")
    let screen = try tmux.capture()
    try tmux.press("q")
    return screen
  }

  func testTheBookSpeaksTheLanguageTheEnvironmentAsksFor() throws {
    let german = try firstScreen("LANG=de_DE.UTF-8")
    XCTAssertTrue(german.contains("Meine Gerichte"), german)
    XCTAssertFalse(german.contains("My Meals"), german)
    XCTAssertTrue(german.contains("Apfelstrudel"), german)

    let french = try firstScreen("LANG=de_DE.UTF-8 LANGUAGE=fr")
    XCTAssertTrue(french.contains("Mes plats"), french)

    let japanese = try firstScreen("LANG=ja_JP.UTF-8")
    XCTAssertTrue(japanese.contains("わたしの料理"), japanese)

    let english = try firstScreen("LANG=sv_SE.UTF-8")
    XCTAssertTrue(english.contains("My Meals"), "no Swedish catalog: English\n\(english)")

    try Data("damaged".utf8).write(to: URL(fileURLWithPath: "\(locales)/de/LC_MESSAGES/meals.mo"))
    let damaged = try firstScreen("LANG=de_DE.UTF-8")
    XCTAssertTrue(damaged.contains("My Meals"), damaged)
  }
}
