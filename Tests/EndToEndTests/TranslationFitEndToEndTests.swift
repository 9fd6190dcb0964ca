import Fixtures
import Foundation
import MealsCore
import MealsStore
import XCTest

/// Translations run longer (German by a third): each screen a cook passes through is shown at
/// 80×24 in English and in every translated language, and no language cuts a line (`…`) more
/// often than English does there; at 40×12 German still shows its title and footer.
final class TranslationFitEndToEndTests: XCTestCase {
  var folder: TemporaryFolder!
  var database: String { folder.path("meals.sqlite") }

  override func setUpWithError() throws {
    try TranslationEndToEndTests.compileCatalogs()
    folder = try TemporaryFolder()
    let store = try MealStore(path: database)
    var draft = MealDraft(of: nil)
    draft.meal = Meal(
      name: "Apple crumble", instructions: "Rub the butter into the flour.\nBake for 40 minutes.")
    draft.meal.servings = 4
    draft.addIngredient(IngredientMeasurement(name: "Apples", quantity: "6"))
    draft.addIngredient(IngredientMeasurement(name: "Butter", quantity: "125 g"))
    draft.addIngredient(IngredientMeasurement(name: "Flour", quantity: "250 g"))
    let id = try store.commit(draft)
    try store.addToShoppingList(
      mealRef: .saved(id), mealName: "Apple crumble", ingredients: draft.ingredients)
  }

  override func tearDown() {
    folder.remove()
  }

  /// The pane once it has stopped changing after a key.
  private func settled(_ tmux: TmuxSession, after previous: String) throws -> String {
    var last = try tmux.capture()
    let deadline = Date().addingTimeInterval(5)
    while Date() < deadline {
      usleep(80_000)
      let now = try tmux.capture()
      if now == last && now != previous { return now }
      last = now
    }
    return last
  }

  /// My Meals, `?` help, the editor, Cook Mode's checklist and a step, the shopping list and
  /// the week plan, as `language` shows them at `width`×`height`.
  private func screens(_ language: String, width: Int = 80, height: Int = 24) throws -> [String] {
    let tmux = try TmuxSession(
      Products.mealsCommand(
        "--db \(database) --api-url http://127.0.0.1:1/api/json/v1/1/",
        environment: language.isEmpty ? "" : "LANG=\(language).UTF-8"),
      width: width, height: height)
    var shown = [try tmux.waitFor("Apple crumble")]
    for keys in [
      ["?"], ["Escape", "Enter"], ["Escape", "c"], ["Right"], ["Escape", "L"], ["Escape", "W"],
    ] {
      for key in keys { try tmux.press(key) }
      shown.append(try settled(tmux, after: shown[shown.count - 1]))
    }
    try tmux.press("Escape", "q")
    return shown
  }

  // MARK: - Goldens

  /// The screens that hold no date (all but the week plan), each as the language shows it
  /// at 80×24, written once and read back: a translation that changes what a screen says,
  /// or a layout that changes how it fits, shows here line by line.
  ///
  /// `MEALS_WRITE_GOLDENS=1` writes them anew (then look at them before committing).
  private func compareWithGolden(_ screens: [String], language: String) throws {
    let shown = screens.prefix(6).enumerated().map { index, screen in
      "── screen \(index + 1) ──\n" + Self.steady(screen)
    }.joined(separator: "\n")
    let file = PackagePaths.root.appendingPathComponent(
      "Tests/EndToEndTests/Goldens/\(language).txt")
    if ProcessInfo.processInfo.environment["MEALS_WRITE_GOLDENS"] == "1" {
      try Data((shown + "\n").utf8).write(to: file)
      return
    }
    let golden = try String(contentsOf: file, encoding: .utf8)
    XCTAssertEqual(shown + "\n", golden, "\(language): the screens differ from \(file.path)")
  }

  /// A screen without what changes from run to run: the status line a failed network read
  /// fills (the ingredient list from TheMealDB, unreachable here) when it arrives.
  static func steady(_ screen: String) -> String {
    let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map {
      String($0).replacingOccurrences(of: #"\s+$"#, with: "", options: .regularExpression)
    }
    // The footer is the last line written; the status line is the one above it.
    let footer = lines.lastIndex { !$0.isEmpty } ?? lines.count
    return lines.enumerated().map { $0.offset == footer - 1 ? "" : $0.element }
      .joined(separator: "\n")
  }

  /// The lines of a screen cut short with `…`.
  private func cuts(_ screen: String) -> Int {
    screen.split(separator: "\n").filter {
      $0.trimmingCharacters(in: .whitespaces).hasSuffix("…")
        || $0.contains("…│") || $0.contains("… │")
    }.count
  }

  func testNoLanguageCutsALineEnglishShowsWhole() throws {
    let english = try screens("")
    XCTAssertTrue(english[0].contains("My Meals"), english[0])
    try compareWithGolden(english, language: "en")
    for language in [
      "de_DE", "es_ES", "fr_FR", "it_IT", "ja_JP", "nl_NL", "pl_PL", "pt_BR", "sv_SE", "zh_CN",
    ] {
      let translated = try screens(language)
      XCTAssertFalse(translated[0].contains("My Meals"), "\(language)\n\(translated[0])")
      try compareWithGolden(translated, language: language)
      for (index, screen) in translated.enumerated() {
        XCTAssertLessThanOrEqual(
          cuts(screen), cuts(english[index]),
          "\(language), screen \(index):\n\(screen)\nEnglish:\n\(english[index])")
      }
    }
  }

  func testGermanAtFortyByTwelveKeepsItsTitleAndHelp() throws {
    let shown = try screens("de_DE", width: 40, height: 12)
    XCTAssertTrue(shown[0].contains("Meine Gerichte"), shown[0])
    XCTAssertTrue(shown[0].contains("? Hilfe"), shown[0])
  }
}
