import Fixtures
import Foundation
import MealsCore
import MealsLaunch
import MealsStore
import XCTest

/// No word on screen is left out of the catalogs: every message the template holds is shown in
/// a pseudo-language (`extract.py --pseudo`: `My Meals` as `Ṁý Ṁéáĺš`), the book's own words are
/// Greek, so an English word on a screen can only be one never marked for translation.
///
/// The app is walked through its screens, dialogs and messages as a cook would; key names
/// (`Enter`, `PgDn`) and units stay as they are, by design.
final class TranslationCoverageEndToEndTests: XCTestCase {
  var folder: TemporaryFolder!
  var database: String { folder.path("meals.sqlite") }
  var locales: String { folder.path("locale") }
  /// What was found: the screen, the word and its line.
  var unmarked: [String] = []

  override func setUpWithError() throws {
    folder = try TemporaryFolder()
    let messages = folder.path("locale/xx/LC_MESSAGES")
    try FileManager.default.createDirectory(
      atPath: messages, withIntermediateDirectories: true)
    let script = PackagePaths.root.appendingPathComponent("Resources/po/extract.py").path
    let written = try runProcess([
      "/usr/bin/env", "python3", script, "--pseudo", "\(messages)/meals.po",
    ])
    XCTAssertEqual(written.status, 0, written.errors)
    let compiled = try runProcess([
      "/usr/bin/env", "msgfmt", "-o", "\(messages)/meals.mo", "\(messages)/meals.po",
    ])
    XCTAssertEqual(compiled.status, 0, compiled.errors)
  }

  override func tearDown() {
    folder.remove()
  }

  // MARK: - The book, in Greek

  /// Two meals with every field, one cooked before, a pantry item: what the screens need to
  /// show their rows, previews, counts and suggestions.
  private func writeBook() throws {
    let store = try MealStore(path: database)
    var first = MealDraft(of: nil)
    first.meal = Meal(
      name: "Μουσακάς",
      instructions: "Τηγανίζουμε τις μελιτζάνες.\nΨήνουμε για 40 min στους 180 °C.")
    first.meal.category = "Κυρίως"
    first.meal.area = "Ελληνική"
    first.meal.servings = 4
    first.addIngredient(IngredientMeasurement(name: "μελιτζάνες", quantity: "3"))
    first.addIngredient(IngredientMeasurement(name: "κιμάς", quantity: "500 g"))
    first.addIngredient(IngredientMeasurement(name: "ντομάτες", quantity: "1.5 kg"))
    let id = try store.commit(first)
    // A second version, so the meal has a history.
    var edited = MealDraft(of: try store.meal(id: id))
    edited.meal.instructions += "\nΣερβίρουμε ζεστό."
    try store.commit(edited)
    var second = MealDraft(of: nil)
    second.meal = Meal(name: "Φασολάδα", instructions: "Βράζουμε τα φασόλια.")
    second.addIngredient(IngredientMeasurement(name: "φασόλια", quantity: "500 g"))
    second.addIngredient(IngredientMeasurement(name: "κρεμμύδι", quantity: "1"))
    try store.commit(second)
    try store.addToPantry([Pantry.Item(name: "κιμάς", amount: "1 kg")])
  }

  // MARK: - Walking the app

  /// The app in the pseudo-language at 100×30 (the preview beside the list shown too).
  private func app(waitingFor text: String) throws -> TmuxSession {
    let tmux = try TmuxSession(
      Products.mealsCommand(
        "--db \(database) --api-url http://127.0.0.1:1/api/json/v1/1/",
        environment: "LANG=xx.UTF-8 MEALS_LOCALEDIR=\(locales) HOME=\(folder.path("home"))"),
      width: 100, height: 30)
    try tmux.waitFor(text)
    return tmux
  }

  /// Presses `keys`, waits for the pane to settle and notes the English words it shows.
  @discardableResult
  private func visit(_ tmux: TmuxSession, _ name: String, _ keys: String...) throws -> String {
    let before = try tmux.capture()
    for key in keys { try tmux.press(key) }
    var last = try tmux.capture()
    let deadline = Date().addingTimeInterval(5)
    while Date() < deadline {
      usleep(120_000)
      let now = try tmux.capture()
      if now == last && (now != before || keys.isEmpty) { break }
      last = now
    }
    if last.contains("EXIT=") {
      unmarked.append("\(name): the app had quit")
      return last
    }
    // Keys that change nothing mean the walk is not on the screen it names.
    if !keys.isEmpty && last == before {
      unmarked.append("\(name): \(keys.joined(separator: " ")) changed nothing on the screen")
    }
    // The welcome panel's logo says the program's name.
    for line in last.split(separator: "\n") where !line.contains("\\  meals  /") {
      for word in Self.englishWords(in: String(line)) {
        unmarked.append("\(name): “\(word)” in │\(line.trimmingCharacters(in: .whitespaces))│")
      }
    }
    return last
  }

  /// Key names a footer or `?` shows as keys, and the units measures keep.
  static let kept: Set<String> = [
    "Enter", "Esc", "Tab", "Shift", "Space", "PgUp", "PgDn", "Home", "End", "Del", "Ins",
    "Insert", "Backspace", "Ctrl", "Alt", "min",
  ]

  /// Runs of three or more ASCII letters that are not a key name, outside paths and addresses.
  static func englishWords(in line: String) -> [String] {
    var words: [String] = []
    for token in line.split(whereSeparator: { $0 == " " }) where !token.contains("/") {
      var run = ""
      for scalar in token.unicodeScalars {
        if scalar.isASCII && scalar.properties.isAlphabetic {
          run.unicodeScalars.append(scalar)
          continue
        }
        if run.count >= 3 && !kept.contains(run) { words.append(run) }
        run = ""
      }
      if run.count >= 3 && !kept.contains(run) { words.append(run) }
    }
    return words
  }

  /// The found words, one line each, or nothing.
  private func report() -> String {
    var seen = Set<String>()
    return unmarked.filter { seen.insert($0).inserted }.joined(separator: "\n")
  }

  // MARK: - Tests

  func testTheWelcomePanelAndItsScreensHaveNoUnmarkedWord() throws {
    _ = try MealStore(path: database)
    let tmux = try app(waitingFor: "Ṁý Ṁéáĺš")
    XCTAssertTrue(try visit(tmux, "welcome").contains("Ṁý Ṁéáĺš"), "the pseudo-language is shown")
    try visit(tmux, "welcome ?", "?")
    try visit(tmux, "welcome, Tab", "Escape", "Tab")
    try visit(tmux, "search (no network)", "a")
    try tmux.type("μου")
    try visit(tmux, "search, a word typed", "Enter")
    try visit(tmux, "browse (no network)", "Escape", "Escape", "b")
    try visit(tmux, "import a link", "Escape", "i")
    try visit(tmux, "import a link, a bad address", "x", "y", "Enter")
    try visit(tmux, "new meal", "Escape", "Escape", "n")
    try visit(tmux, "new meal ?", "?")
    try tmux.press("Escape")
    try tmux.press("C-c")
    XCTAssertEqual(report(), "")
  }

  func testEveryScreenOfABookHasNoUnmarkedWord() throws {
    try writeBook()
    let tmux = try app(waitingFor: "Μουσακάς")
    XCTAssertTrue(try visit(tmux, "My Meals").contains("Ṁý Ṁéáĺš"), "the pseudo-language is shown")
    try tmux.resize(width: 18, height: 5)
    try visit(tmux, "too small")
    try tmux.resize(width: 100, height: 30)
    try visit(tmux, "My Meals ?", "?")
    try tmux.press("Escape", "/")
    try tmux.type("μ")
    try visit(tmux, "filter")
    try tmux.type("ζζζ")
    try visit(tmux, "filter, nothing found")
    try visit(tmux, "chips", "Escape", "Tab")
    try visit(tmux, "chips ?", "?")
    try visit(tmux, "favourite", "Escape", "Escape", "f")
    try visit(tmux, "Favourites", "F")
    try visit(tmux, "Favourites ?", "?")
    try visit(tmux, "units", "Escape", "Escape", "U")
    try visit(tmux, "cooked it", "M")
    try visit(tmux, "Recently Cooked", "R")
    try visit(tmux, "Recently Cooked ?", "?")
    try visit(tmux, "plan prompt", "Escape", "Escape", "p")
    try visit(tmux, "plan prompt, a day later", "Right")
    try visit(tmux, "plan prompt, the slot", "Tab")
    try visit(tmux, "plan prompt ?", "?")
    try visit(tmux, "plan prompt again", "Escape")
    try visit(tmux, "planned", "Enter")
    try visit(tmux, "shopping list added", "l")
    try visit(tmux, "shopping list", "L")
    try visit(tmux, "shopping list ?", "?")
    try visit(tmux, "week plan", "Escape", "Escape", "W")
    try visit(tmux, "week plan ?", "?")
    try visit(tmux, "week plan suggestions", "Escape", "s")
    try visit(tmux, "week plan suggestions ?", "?")
    try visit(tmux, "pantry", "Escape", "Escape", "Escape", "H")
    try visit(tmux, "pantry ?", "?")
    try visit(tmux, "pantry add", "Escape", "a")
    try visit(tmux, "can cook", "Escape", "Escape", "Escape", "C")
    try visit(tmux, "can cook ?", "?")
    try visit(tmux, "Meal Detail", "Escape", "Escape", "v")
    try visit(tmux, "Meal Detail ?", "?")
    try visit(tmux, "history", "Escape", "h")
    try visit(tmux, "history ?", "?")
    try visit(tmux, "a version", "Escape", "Enter")
    try visit(tmux, "Cook Mode", "Escape", "Escape", "Escape", "c")
    try visit(tmux, "Cook Mode ?", "?")
    try visit(tmux, "Cook Mode, a step", "Escape", "Right")
    try visit(tmux, "Cook Mode, the next step", "Right")
    try visit(tmux, "Cook Mode ? on a step", "?")
    try visit(tmux, "editor", "Escape", "Escape", "Enter")
    try visit(tmux, "editor ?", "?")
    try visit(tmux, "Edit Name", "Escape", "Enter")
    try visit(tmux, "Edit Name F1", "F1")
    try visit(tmux, "Add Ingredient", "Escape", "Escape", "i")
    try visit(tmux, "Add Ingredient ?", "F1")
    try tmux.press("Escape")
    try tmux.type("ρίγανη")
    try visit(tmux, "Add Ingredient, a new name")
    try visit(tmux, "Add Ingredient, its quantity", "Enter")
    try visit(tmux, "Add Ingredient, no quantity", "Enter")
    try tmux.type("2")
    try visit(tmux, "editor, an ingredient added", "Enter")
    try visit(tmux, "editor, the rows below", "PageDown", "PageDown")
    try visit(tmux, "editor, a detail set", "Enter")
    try visit(tmux, "editor, removing", "g", "Down", "Down", "d")
    try visit(tmux, "editor, undo", "u")
    try visit(tmux, "editor, discard?", "Escape")
    try visit(tmux, "editor, kept", "n")
    try visit(tmux, "editor, saved", "s")
    try visit(tmux, "sync, no folder", "S")
    try visit(tmux, "copy", "y")
    try visit(tmux, "delete", "d")
    try visit(tmux, "Recently Deleted", "T")
    try visit(tmux, "Recently Deleted ?", "?")
    try visit(tmux, "undo", "Escape", "Escape", "u")
    try visit(tmux, "search", "a")
    try visit(tmux, "search F1", "F1")
    try visit(tmux, "browse", "Escape", "Escape", "b")
    try visit(tmux, "browse ?", "?")
    try tmux.press("Escape")
    try tmux.press("C-c")
    XCTAssertEqual(report(), "")
  }

  // MARK: - The commands

  /// `meals ARGUMENTS` in the pseudo-language: what it says on standard error, and on
  /// standard output unless that is data for scripts (`tabs`: tab-separated lines, JSON).
  @discardableResult
  private func command(_ arguments: [String], data: Bool = false) throws -> Int32 {
    let result = try runProcess(
      [
        "/usr/bin/env", "-i", "LANG=xx.UTF-8", "MEALS_LOCALEDIR=\(locales)",
        "MEALS_CONFIG=/dev/null",
        "HOME=\(folder.path("home"))", Products.meals, "--db", database,
        "--api-url", "http://127.0.0.1:1/api/json/v1/1/",
      ] + arguments)
    let name = "meals " + arguments.joined(separator: " ")
    for (stream, text) in [("stderr", result.errors), ("stdout", data ? "" : result.output)] {
      for line in text.split(separator: "\n") {
        // The forms of a command (`meals plan add MEAL DATE …`) are typed, never translated,
        // alone under a heading or after one (`Usage: meals show MEAL …`).
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        let afterHeading = trimmed.firstRange(of: ": ").map { String(trimmed[$0.upperBound...]) }
        if Self.forms.contains(trimmed) || afterHeading.map(Self.forms.contains) == true {
          continue
        }
        // What the user typed comes back quoted (“--yaml”, “lots”), options as typed, and an
        // error names the command it is about first (`meals: plan add: …`).
        let about = trimmed.firstMatch(of: #/^meals: [a-z-]+( [a-z]+)?: /#).map {
          String(trimmed[$0.range.upperBound...])
        }
        let said = Self.withoutQuotes(about ?? trimmed).split(separator: " ").filter {
          !$0.hasPrefix("-")
        }
        let words = Self.englishWords(in: said.joined(separator: " "))
        for word in words where !Self.typed.contains(word) && !Self.commandNames.contains(word) {
          unmarked.append("\(name) (\(stream)): “\(word)” in │\(trimmed)│")
        }
      }
    }
    return result.status
  }

  /// The program's name, which messages quote as typed (`meals list`, `meals --help`),
  /// and the formats an option takes, named as typed (`--format json`).
  static let typed: Set<String> = ["meals", "json", "markdown", "schema", "org", "cooklang"]

  /// Every form of every command, as the product prints them.
  static let forms = Set(
    (Subcommand.allCases.flatMap(\.synopsis) + LaunchOptions.synopsis + [
      "meals [--db PATH] [--api-url URL] [OPTIONS] [COMMAND [ARGUMENTS]]",
      "meals [--config PATH] config [--check]",
    ]).map { $0.trimmingCharacters(in: .whitespaces) })

  /// The commands' names (`meals show`, `meals: show: …`, the list of them), typed as they are.
  static let commandNames = Set(Subcommand.allCases.map(\.rawValue) + ["config", "can", "cook"])

  /// `text` without what it quotes between “ and ”.
  static func withoutQuotes(_ text: String) -> String {
    var kept = ""
    var depth = 0
    for character in text {
      if character == "“" { depth += 1 }
      if depth == 0 { kept.append(character) }
      if character == "”" { depth = max(0, depth - 1) }
    }
    return kept
  }

  func testEveryCommandSaysItsWordsInTheLanguage() throws {
    try writeBook()
    let source = folder.path("plats.json")
    try command(["export", "Φασολάδα", "--output", source])
    try command(["--help"])
    for name in Subcommand.allCases.map(\.rawValue) + ["config"] {
      try command([name, "--help"])
    }
    try command(["show", "Μουσακάς"])
    try command(["show", "Μ"])
    try command(["show", "Ω"])
    try command(["show", "1", "--yaml"])
    try command(["list"], data: true)
    try command(["search", "μου"])
    try command(["plan", "add", "Μουσακάς", "today"])
    try command(["plan", "add", "Μουσακάς", "2026-02-30"])
    try command(["plan", "remove", "Μουσακάς", "today"])
    try command(["plan", "shop"])
    try command(["plan"], data: true)
    try command(["pantry", "add", "6 αυγά"])
    try command(["pantry", "remove", "αυγά"])
    try command(["pantry", "remove", "ψωμί"])
    try command(["can-cook", "--missing", "0"], data: true)
    try command(["can-cook", "--missing", "lots"], data: true)
    try command(["cooked", "Μουσακάς", "--note", "λιγότερο αλάτι"])
    try command(["log"], data: true)
    try command(["history", "Μουσακάς"], data: true)
    try command(["history", "Μουσακάς", "--show", "1"])
    try command(["history", "Μουσακάς", "--show", "9"])
    try command(["import", source])
    let broken = folder.path("σπασμένο.json")
    try Data("{\"format\": \"meals\", \"version\": 1, \"meals\": [{\"ingredients\": []}]}".utf8)
      .write(to: URL(fileURLWithPath: broken))
    try command(["import", broken])
    try command(["plan", "add", "Φασολάδα", "tomorrow", "--slot", "lunch", "--servings", "1"])
    try command(["plan", "shop", "--from", "tomorrow", "--days", "1"])
    try command(["plan", "export", "--from", "tomorrow", "--output", folder.path("εβδομάδα.ics")])
    try command(["plan", "suggest", "--seed", "1"], data: true)
    try command(["cooked", "Μουσακάς"])
    try command(["history", "Μουσακάς", "--restore", "1"])
    try command(["export", "--format", "yaml"])
    try command(["show", "Μουσακάς", "--units", "imperial"])
    try command(["pantry", "add", "6 αυγά", "αυγά"])
    try command(["import", folder.path("nowhere.json")])
    try command(["export", "Ω"])
    try command(["sync"])
    try command(["config", "--check"])
    try command(["frobnicate"])
    try command(["--frobnicate"])
    XCTAssertEqual(report(), "")
  }

  // MARK: - The phone's pages

  /// What a page shows and says aloud: its text outside tags, scripts and the language menu
  /// (each language named in itself), with its `aria-label`s.
  static func visibleText(_ html: String) -> String {
    var text = html.replacing(#/<script[\s\S]*?</script>/#, with: " ")
      .replacing(#/<select[\s\S]*?</select>/#, with: " ")
    let labels = text.matches(of: #/aria-label="([^"]*)"/#).map { String($0.1) }
    text = text.replacing(#/<[^>]*>/#, with: "\n")
    return ([text] + labels).joined(separator: "\n")
      .replacingOccurrences(of: "&amp;", with: "&").replacingOccurrences(of: "&#39;", with: "'")
      .replacingOccurrences(of: "&quot;", with: "\"")
  }

  func testEveryPhonePageSaysItsWordsInTheLanguage() throws {
    try writeBook()
    try command(["plan", "add", "Μουσακάς", "today"])
    try command(["plan", "shop", "--from", "today", "--days", "1"])
    let server = try ChildProcess([
      "/usr/bin/env", "MEALS_LOCALEDIR=\(locales)", "MEALS_CONFIG=/dev/null", Products.meals,
      "--db", database, "serve", "--port", "0",
    ])
    defer {
      server.kill(SIGINT)
      _ = server.wait()
    }
    let line = server.read(until: "\n", timeout: 20)
    let address = try XCTUnwrap(
      line.firstMatch(of: #/127\.0\.0\.1:([0-9]+)/pair\?token=([0-9a-f]{32})/#), line)
    let http = RawHTTP(port: try XCTUnwrap(Int(address.1)))
    let paired = ["Cookie": "meals_token=\(address.2)", "Accept-Language": "xx"]
    var pages = [
      "/", "/?favourites=1", "/meal/1", "/meal/1?servings=8&units=metric", "/cook/1", "/plan",
      "/shopping", "/offline", "/trust", "/meal/999", "/nowhere",
    ].map { ($0, paired) }
    pages.append(("/plan (not paired)", ["Accept-Language": "xx"]))
    for (path, headers) in pages {
      let answer = try http.request(
        "GET", String(path.split(separator: " ")[0]), headers: headers)
      XCTAssertTrue(answer.body.contains("<html lang=\"xx\">"), "\(path)\n\(answer.body)")
      for line in Self.visibleText(answer.body).split(separator: "\n") {
        // A command as typed (`meals serve --lan`) stays as typed.
        for word in Self.englishWords(in: String(line))
        where !Self.typed.contains(word) && !Self.commandNames.contains(word) && word != "lan" {
          unmarked.append("\(path): “\(word)” in │\(line)│")
        }
      }
    }
    XCTAssertEqual(report(), "")
  }
}
