import Fixtures
import Foundation
import MealsCore
import MealsStore
import XCTest

/// The app and the commands in the user's language, from the project's own catalogs where a
/// build puts them (`.build/share/locale`, two folders up from the built `meals`, as `make`
/// compiles them): German by `LANG` (a de_DE.UTF-8 this machine has not generated), French by
/// `LANGUAGE` before it, Japanese, and English when there is no catalog or it is damaged.
final class TranslationEndToEndTests: XCTestCase {
  var folder: TemporaryFolder!
  var database: String { folder.path("meals.sqlite") }

  override func setUpWithError() throws {
    try Self.compileCatalogs()
    folder = try TemporaryFolder()
    let store = try MealStore(path: database)
    var draft = MealDraft(of: nil)
    draft.meal = Meal(name: "Apfelstrudel", instructions: "Backen.")
    draft.addIngredient(IngredientMeasurement(name: "Apples", quantity: "6"))
    draft.addIngredient(IngredientMeasurement(name: "Flour", quantity: "1.5 kg"))
    try store.commit(draft)
  }

  override func tearDown() {
    folder.remove()
  }

  /// The catalogs beside the built `meals`, compiled as `make locales` does when a run of the
  /// tests did not go through make.
  static func compileCatalogs() throws {
    let sources = PackagePaths.root.appendingPathComponent("Resources/po")
    let locales = URL(fileURLWithPath: Products.meals).resolvingSymlinksInPath()
      .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("share/locale")
    for name in try FileManager.default.contentsOfDirectory(atPath: sources.path)
    where name.hasSuffix(".po") {
      let messages = locales.appendingPathComponent("\(name.dropLast(3))/LC_MESSAGES")
      let compiled = messages.appendingPathComponent("meals.mo")
      let source = sources.appendingPathComponent(name)
      let built = try? compiled.resourceValues(forKeys: [.contentModificationDateKey])
      let written = try source.resourceValues(forKeys: [.contentModificationDateKey])
      if let builtAt = built?.contentModificationDate,
        let writtenAt = written.contentModificationDate,
        builtAt >= writtenAt
      {
        continue
      }
      try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
      let result = try runProcess(["/usr/bin/env", "msgfmt", "-o", compiled.path, source.path])
      XCTAssertEqual(result.status, 0, result.errors)
    }
  }

  /// The app under `environment`, once its first screen is up.
  private func app(_ environment: String, waitingFor text: String) throws -> TmuxSession {
    let tmux = try TmuxSession(
      Products.mealsCommand(
        "--db \(database) --api-url http://127.0.0.1:1/api/json/v1/1/", environment: environment),
      width: 80, height: 24)
    try tmux.waitFor(text)
    return tmux
  }

  func testTheBookSpeaksGermanOnEveryScreenItsHelpAndItsMessages() throws {
    let tmux = try app("LANG=de_DE.UTF-8", waitingFor: "Apfelstrudel")
    let book = try tmux.capture()
    XCTAssertTrue(book.contains("Meine Gerichte"), book)
    XCTAssertTrue(book.contains("1 Gericht"), book)
    XCTAssertTrue(book.contains("Enter bearbeiten"), book)
    XCTAssertTrue(book.contains("? Hilfe"), book)
    XCTAssertFalse(book.contains("My Meals"), book)

    // The keys' help: key names stay keys, what they do is German.
    try tmux.press("?")
    let help = try tmux.waitFor("Tasten — Meine Gerichte")
    XCTAssertTrue(help.contains("Favorit an/aus"), help)
    XCTAssertTrue(help.contains("Ctrl-L"), help)
    try tmux.press("Escape")

    // Cook Mode, a step, its timer.
    try tmux.press("c")
    let cook = try tmux.waitFor("Zutaten · für 4 (angenommen)")
    XCTAssertTrue(cook.contains("beim Zusammensuchen abhaken, → zum Kochen"), cook)
    // German writes the decimal comma; the meal keeps what it says.
    XCTAssertTrue(cook.contains("1,5 kg"), cook)
    XCTAssertEqual(
      try MealStore(path: database).meal(id: 1)?.ingredients.last?.quantity, "1.5 kg")
    try tmux.press("Escape")

    // The week plan: its heading and the days as Germans write them.
    try tmux.press("W")
    let week = try tmux.waitFor("Wochenplan")
    XCTAssertTrue(week.contains("KW "), week)
    // Monday first, as German calendars are.
    let days = week.split(separator: "\n").compactMap { line in
      ["Mo.,", "Di.,", "Mi.,", "Do.,", "Fr.,", "Sa.,", "So.,"].first { line.contains($0) }
    }
    XCTAssertEqual(days, ["Mo.,", "Di.,", "Mi.,", "Do.,", "Fr.,", "Sa.,", "So.,"], week)
    try tmux.press("Escape")

    // A message in the status line.
    try tmux.waitFor("Meine Gerichte")
    try tmux.press("d")
    let deleted = try tmux.waitFor("„Apfelstrudel“ gelöscht")
    XCTAssertTrue(deleted.contains("u macht es rückgängig"), deleted)
    XCTAssertTrue(deleted.contains("0 Gerichte"), deleted)
    try tmux.press("q")
  }

  /// My Meals in the order of the locale's alphabet: Swedish puts `Ä` and `Ö` after `Z`, German
  /// beside `A` and `O`; a command keeps the order the app left; the filter keeps Swedish's
  /// letters apart.
  func testMyMealsIsInTheOrderOfTheLocalesAlphabet() throws {
    let store = try MealStore(path: database)
    for name in ["Ärtsoppa", "Zucchinisoppa", "Ostkaka", "Ölbröd"] {
      var draft = MealDraft(of: nil)
      draft.meal = Meal(name: name, instructions: "Laga.")
      try store.commit(draft)
    }
    func rows(_ screen: String) -> [String] {
      let names = ["Apfelstrudel", "Ärtsoppa", "Zucchinisoppa", "Ostkaka", "Ölbröd"]
      return screen.split(separator: "\n").compactMap { line in names.first { line.contains($0) } }
    }
    let swedish = try app("LANG=sv_SE.UTF-8", waitingFor: "Ölbröd")
    let sorted = try swedish.capture()
    XCTAssertEqual(
      rows(sorted), ["Apfelstrudel", "Ostkaka", "Zucchinisoppa", "Ärtsoppa", "Ölbröd"], sorted)
    try swedish.press("/")
    try swedish.type("ol")
    var filtered = try swedish.capture()
    for _ in 0..<60 where rows(filtered).contains("Ölbröd") {
      usleep(50_000)
      filtered = try swedish.capture()
    }
    XCTAssertEqual(rows(filtered), [], "ol is not öl in Swedish\n\(filtered)")
    try swedish.press("Escape", "q")

    let list = try runProcess([
      "/usr/bin/env", "LANG=C.UTF-8", Products.meals, "--db", database, "list",
    ])
    XCTAssertEqual(
      list.output.split(separator: "\n").compactMap { $0.split(separator: "\t").dropFirst().first },
      ["Apfelstrudel", "Ostkaka", "Zucchinisoppa", "Ärtsoppa", "Ölbröd"], "the book's order")

    let german = try app("LANG=de_DE.UTF-8", waitingFor: "Ölbröd")
    let resorted = try german.capture()
    XCTAssertEqual(
      rows(resorted), ["Apfelstrudel", "Ärtsoppa", "Ölbröd", "Ostkaka", "Zucchinisoppa"], resorted)
    try german.press("/")
    try german.type("ol")
    try german.waitFor("Ölbröd", timeout: 3)
    try german.press("Escape", "q")
  }

  func testLanguageComesBeforeTheLocaleAndJapaneseNeedsNoInstalledLocale() throws {
    let french = try app("LANG=de_DE.UTF-8 LANGUAGE=fr", waitingFor: "Apfelstrudel")
    let shown = try french.capture()
    XCTAssertTrue(shown.contains("Mes plats"), shown)
    XCTAssertTrue(shown.contains("? aide"), shown)
    try french.press("q")

    let japanese = try app("LANG=ja_JP.UTF-8", waitingFor: "Apfelstrudel")
    let screen = try japanese.capture()
    XCTAssertTrue(screen.contains("わたしの料理"), screen)
    // Japanese calendars start the week on Sunday: so does the Week Plan.
    try japanese.press("W")
    try japanese.waitFor("(土)")
    let week = try japanese.capture()
    let days = week.split(separator: "\n").compactMap { line in
      line.firstMatch(of: /\d日\((.)\)/).map { String($0.1) }
    }
    XCTAssertEqual(days, ["日", "月", "火", "水", "木", "金", "土"], week)
    try japanese.press("Escape", "q")

    let english = try app("LANG=fi_FI.UTF-8", waitingFor: "Apfelstrudel")
    XCTAssertTrue(try english.capture().contains("My Meals"), "no Finnish catalog: English")
    try english.press("q")

    // A damaged catalog where MEALS_LOCALEDIR points: said, and English.
    let damaged = folder.path("locale/fi/LC_MESSAGES")
    try FileManager.default.createDirectory(atPath: damaged, withIntermediateDirectories: true)
    try Data("damaged".utf8).write(to: URL(fileURLWithPath: damaged + "/meals.mo"))
    let run = try runProcess([
      "/usr/bin/env", "LANG=fi_FI.UTF-8", "MEALS_LOCALEDIR=\(folder.path("locale"))",
      Products.meals, "--db", database, "list",
    ])
    XCTAssertEqual(run.status, 0, run.errors)
    XCTAssertTrue(run.errors.contains("meals.mo could not be read"), run.errors)
    XCTAssertTrue(run.errors.contains("English is shown"), run.errors)
  }

  func testTheCommandsSpeakFrenchButTheirListsStayForScripts() throws {
    let help = try runProcess(["/usr/bin/env", "LANG=fr_FR.UTF-8", Products.meals, "--help"])
    XCTAssertEqual(help.status, 0, help.errors)
    XCTAssertTrue(help.output.hasPrefix("Utilisation :\n  meals [--db PATH]"), help.output)
    XCTAssertTrue(help.output.contains("lister les plats enregistrés"), help.output)
    XCTAssertTrue(help.output.contains("  --read-only      ouvrir la base en lecture seule"))

    let english = try runProcess([
      "/usr/bin/env", "LANG=C.UTF-8", Products.meals, "--db", database, "list",
    ])
    let french = try runProcess([
      "/usr/bin/env", "LANG=fr_FR.UTF-8", Products.meals, "--db", database, "list",
    ])
    XCTAssertEqual(french.output, english.output, "tab-separated rows are the same in any language")
    XCTAssertEqual(french.output, "1\tApfelstrudel\t\n")

    let missing = try runProcess([
      "/usr/bin/env", "LANG=fr_FR.UTF-8", Products.meals, "--db", folder.path("none.sqlite"),
      "list",
    ])
    XCTAssertNotEqual(missing.status, 0)
    XCTAssertTrue(
      missing.errors.contains("il n’y a pas de base de données à \(folder.path("none.sqlite"))"),
      missing.errors)
  }
}
