import Fixtures
import MealsCLI
import MealsCore
import MealsLaunch
import MealsNet
import MealsStore
import TerminalUI
import XCTest

@testable import MealsApp

/// The config file as the app applies it: precedence, themes, colours, keys, `meals config`.
final class SettingsTests: XCTestCase {
  override func tearDown() {
    KeyMap.set([:])
    super.tearDown()
  }

  private let home = ["HOME": "/home/cook"]

  /// Launch options with `text` as the config file at its default place.
  private func options(
    _ text: String?, arguments: [String] = [], environment: [String: String] = [:]
  ) throws -> LaunchOptions {
    var asked: [String] = []
    let result = LaunchOptions.parse(arguments, environment: home.merging(environment) { $1 }) {
      asked.append($0)
      return text.map { .text($0) } ?? .missing
    }
    switch result {
    case .success(.run(let options)), .success(.config(_, let options)):
      return options
    default:
      XCTFail("not a run: \(result)")
      throw CancellationError()
    }
  }

  // MARK: - Options

  func testTheFileIsFoundWhereXDGSays() throws {
    var paths: [String] = []
    for environment in [
      home, home.merging(["XDG_CONFIG_HOME": "/xdg"]) { $1 },
      home.merging(["XDG_CONFIG_HOME": "/xdg", "MEALS_CONFIG": "/env/c"]) { $1 },
    ] {
      _ = LaunchOptions.parse([], environment: environment) {
        paths.append($0)
        return .missing
      }
    }
    _ = LaunchOptions.parse(["--config", "/flag/c"], environment: ["MEALS_CONFIG": "/env/c"]) {
      paths.append($0)
      return .missing
    }
    XCTAssertEqual(
      paths, ["/home/cook/.config/meals/config", "/xdg/meals/config", "/env/c", "/flag/c"])
  }

  func testFlagWinsOverEnvironmentOverFileOverDefault() throws {
    let file = "set mouse = no\nset animation = no\nset images = symbols\nset db = ~/x.sqlite\n"
    let fromFile = try options(file)
    XCTAssertFalse(fromFile.mouse)
    XCTAssertFalse(fromFile.animations)
    XCTAssertEqual(fromFile.images, .symbols)
    XCTAssertEqual(fromFile.databasePath, "/home/cook/x.sqlite")
    XCTAssertFalse(fromFile.isDefaultDatabase)
    XCTAssertEqual(fromFile.sources["mouse"], "config:1")
    XCTAssertEqual(fromFile.sources["api-url"], "default")

    let fromEnvironment = try options(
      file, environment: ["MEALS_MOUSE": "1", "MEALS_IMAGES": "off", "MEALS_DB": "/env.sqlite"])
    XCTAssertTrue(fromEnvironment.mouse)
    XCTAssertEqual(fromEnvironment.images, .off)
    XCTAssertEqual(fromEnvironment.databasePath, "/env.sqlite")
    XCTAssertEqual(fromEnvironment.sources["mouse"], "MEALS_MOUSE")

    let fromFlags = try options(
      "set mouse = yes\nset images = off\n", arguments: ["--no-mouse", "--images", "kitty"],
      environment: ["MEALS_MOUSE": "1", "MEALS_IMAGES": "sixel"])
    XCTAssertFalse(fromFlags.mouse)
    XCTAssertEqual(fromFlags.images, .kitty)
    XCTAssertEqual(fromFlags.sources["images"], "--images")

    let defaults = try options(nil)
    XCTAssertTrue(defaults.mouse)
    XCTAssertEqual(defaults.apiURL, MealDBClient.defaultBaseURL)
    XCTAssertEqual(defaults.databasePath, "/home/cook/.local/share/meals/meals.sqlite")
    XCTAssertTrue(defaults.isDefaultDatabase)
    XCTAssertEqual(defaults.config.messages, [])
  }

  func testBadValuesInTheFileAreReportedAndTheDefaultsKept() throws {
    let loaded = try options(
      """
      set mouse = maybe
      set api-url = ftp://nope
      set images = polaroid
      set colour-depth = 3
      set animation = off
      """)
    XCTAssertTrue(loaded.mouse)
    XCTAssertFalse(loaded.animations)
    XCTAssertEqual(loaded.apiURL, MealDBClient.defaultBaseURL)
    XCTAssertEqual(loaded.images, .auto)
    XCTAssertEqual(
      loaded.config.messages,
      [
        "config:1: set mouse: \"maybe\" is not yes or no.",
        "config:2: set api-url: the API URL “ftp://nope” is not an http(s) URL.",
        "config:3: set images: --images takes auto, kitty, sixel, iterm, truecolor, symbols or off, not “polaroid”.",
        "config:4: no setting \"colour-depth\" (db, api-url, images, mouse, animation, escape-delay, theme, sync-folder, serve-port, serve-lan, units, cup, staples, pantry-from-shopping, shop, plan-fresh-days, plan-weekday-minutes, plan-pins).",
      ])
  }

  func testAMissingFileIsNothingAndAnUnreadableOneIsSaid() throws {
    XCTAssertEqual(try options(nil).config.messages, [])
    let result = LaunchOptions.parse([], environment: home) { _ in .unreadable("Permission denied")
    }
    guard case .success(.run(let options)) = result else { return XCTFail("\(result)") }
    XCTAssertEqual(
      options.config.messages,
      ["config: cannot read /home/cook/.config/meals/config: Permission denied."])
    // Asked for by name, a missing file is a mistake worth saying.
    let named = LaunchOptions.parse(["--config", "/no/such/rc"], environment: home) { _ in .missing
    }
    guard case .success(.run(let flagged)) = named else { return XCTFail("\(named)") }
    XCTAssertEqual(flagged.config.messages, ["rc: there is no file /no/such/rc."])
  }

  func testAnUnreadableFileOnDisk() throws {
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let path = folder.path("config")
    try "set mouse = no\n".write(toFile: path, atomically: true, encoding: .utf8)
    XCTAssertEqual(ConfigRead.load(path), .text("set mouse = no\n"))
    XCTAssertEqual(ConfigRead.load(folder.path("none")), .missing)
    // A folder where the file should be cannot be read as one (root can read any mode).
    guard case .unreadable(let reason) = ConfigRead.load(folder.url.path) else {
      return XCTFail("a folder read as a file")
    }
    XCTAssertEqual(reason, "Is a directory")
  }

  // MARK: - Themes and colours

  func testThemesAndColorLines() throws {
    let settings = AppSettings(
      try options(
        """
        set theme = light
        color header "#ff0000" color17 bold italic
        color selected default default reverse
        set theme = no-such-theme
        color nowhere red red
        color header mauve default
        color header red default blinking
        """
      ).config)
    XCTAssertEqual(settings.theme.name, "light")
    XCTAssertEqual(
      settings.theme.look(for: .header), Look(.rgb(255, 0, 0), .palette(17), [.bold, .italic]))
    XCTAssertEqual(
      settings.theme.look(for: .selected), Look(.terminalDefault, .terminalDefault, [.reverse]))
    XCTAssertEqual(settings.theme.look(for: .key), Theme.light.look(for: .key))
    XCTAssertEqual(
      settings.problems,
      [
        "config:4: no theme \"no-such-theme\" (default, light, dark, high-contrast, mono)",
        "config:5: no area \"nowhere\" (header, footer, footer-key, status, error, success, selected, title, key, dim, accent, chip, chip-on, field, bar)",
        "config:6: no colour \"mauve\" (a name such as red or bright-red, color0–color255, #rrggbb, default)",
        "config:7: no attribute \"blinking\" (bold, dim, italic, underline, reverse)",
      ])
  }

  func testNoColorAndMonoKeepTheAttributesOnly() {
    for theme in Theme.builtIn {
      for area in Style.Area.allCases {
        let look = theme.resolve(Style(area: area), colors: false)
        XCTAssertFalse(look.hasColor, "\(theme.name) \(area.name)")
        XCTAssertEqual(look.attributes, theme.look(for: area).attributes)
      }
      XCTAssertFalse(Theme.mono.resolve(Style(area: .error)).hasColor)
    }
    // Colour only ever adds: every area of the default theme keeps today's attributes.
    XCTAssertEqual(Theme.standard.resolve(.header).attributes, [.reverse, .bold])
    XCTAssertEqual(Theme.standard.resolve(.error), Look(.palette(1), .terminalDefault, [.bold]))
  }

  func testColoursAsTheTerminalCanShowThem() {
    XCTAssertEqual(ThemeColor(name: "#ff0000")?.number(colors: 256), 196)
    XCTAssertEqual(ThemeColor(name: "#ff0000")?.number(colors: 8), 1)
    XCTAssertEqual(ThemeColor(name: "#123456")?.number(colors: 1 << 24), 0x123456)
    XCTAssertEqual(ThemeColor(name: "bright-blue")?.number(colors: 256), 12)
    XCTAssertEqual(ThemeColor(name: "color200")?.number(colors: 16), 13)
    XCTAssertEqual(ThemeColor(name: "default")?.number(colors: 256), -1)
    XCTAssertNil(ThemeColor(name: "color256"))
    XCTAssertNil(ThemeColor(name: "color07"))
    XCTAssertNil(ThemeColor(name: "#12345"))
    for name in ["red", "bright-white", "color99", "#0a0b0c", "default"] {
      XCTAssertEqual(ThemeColor(name: name)?.name, name)
    }
  }

  // MARK: - Keys

  func testBindingsChangeTheKeysAndTheHelp() throws {
    let settings = AppSettings(
      try options(
        """
        bind my-meals x delete
        unbind my-meals d
        bind generic <C-n> down
        bind cook-mode <F5> next
        """
      ).config)
    XCTAssertEqual(settings.problems, [])
    settings.applyKeys()
    let app = try AppHarness(size: Size(width: 100, height: 40))
    for meal in try AppHarness.fixtureMeals() { _ = try app.store.storeFound(meal) }
    let before = app.store.meals().count
    app.press(.character("d"))
    XCTAssertEqual(app.store.meals().count, before, "d no longer deletes")
    app.press(.ctrl("n"), .character("x"))
    XCTAssertEqual(app.store.meals().count, before - 1, "x deletes")
    XCTAssertTrue(app.lines.last?.contains("Del/x delete") ?? false, app.lines.last ?? "")
    app.press(.character("?"))
    XCTAssertTrue(
      app.lines.contains { $0.contains("↓/j/Ctrl-N") }, app.lines.joined(separator: "\n"))
    XCTAssertTrue(app.lines.contains { $0.contains("Del/x ") && $0.contains("delete") })
    XCTAssertEqual(MyMealsScreen.keys.action(for: .character("x")), .delete)
    XCTAssertNil(MyMealsScreen.keys.action(for: .character("d")))
    XCTAssertEqual(CookModeScreen.keys.action(for: .function(5)), .next)
  }

  /// A key bound in a screen's own table wins over the list's or the pager's key on that
  /// screen, and the footer and `?` say so.
  func testABindingInAScreensTableWinsOverItsWidgets() throws {
    let settings = AppSettings(
      try options(
        """
        bind my-meals g favourite
        bind favourites g unfavourite
        bind week-plan g this-week
        bind meal-detail j cook
        bind shopping-list j tick
        """
      ).config)
    XCTAssertEqual(settings.problems, [])
    settings.applyKeys()
    let app = try AppHarness(size: Size(width: 100, height: 30))
    for meal in try AppHarness.fixtureMeals().prefix(3) { _ = try app.store.storeFound(meal) }
    app.press(.down, .character("g"))
    XCTAssertTrue(app.lines[28].hasPrefix(" ★ Added"), "g made a favourite: \(app.text)")
    app.press(.character("?"))
    XCTAssertTrue(app.lines.contains { $0.contains("f/g") && $0.contains("favourite on/off") })
    app.press(.escape, .character("F"), .character("g"))
    XCTAssertTrue(app.text.contains("No favourites"), app.text)
    app.press(.escape, .character("l"), .character("L"), .character("j"))
    XCTAssertTrue(app.text.contains("1 ticked"), "j ticked: \(app.text)")
    app.press(.escape, .character("W"), .right, .character("g"))
    // This week as the test runs (its number was once written here, and the weeks moved on).
    let thisWeek = "Week \(CivilDate.today().isoWeek.week) "
    XCTAssertTrue(app.lines[1].contains(thisWeek), "g went back to this week: \(app.lines[1])")
    XCTAssertTrue(app.lines[29].contains("←/[ previous week"), app.lines[29])
  }

  /// A binding something earlier in every chain of its table would take first is refused,
  /// naming what takes the key.
  func testABindingThatCouldNeverBeReachedIsRefused() throws {
    let settings = AppSettings(
      try options(
        """
        bind cook-mode-scroll t line-down
        bind my-meals-chips <Left> clear-all
        bind list d first
        """
      ).config)
    XCTAssertEqual(
      settings.problems,
      [
        "config:1: \"t\" on cook-mode-scroll would never be reached: cook-mode takes it first (timer) in Cook Mode, a step; bind another key.",
        "config:2: \"<Left>\" on my-meals-chips would never be reached: chips takes it first (left) in My Meals, in the chips (`Tab`); bind another key.",
      ], "d on a list is taken by My Meals first, but Browse reaches it")
  }

  func testBindingsThatWouldShadowTypingOrGlobalKeysAreRefused() throws {
    let settings = AppSettings(
      try options(
        """
        bind search x results
        bind search <C-r> results
        bind my-meals <C-c> delete
        bind nowhere x delete
        bind my-meals x explode
        bind my-meals <Hyper-x> delete
        bind generic q clear
        bind generic <C-u> clear
        """
      ).config)
    XCTAssertEqual(
      settings.problems,
      [
        "config:1: \"x\" would type into the field on search; bind a key that does not type (<C-x>, <F5>, <Esc>…).",
        "config:3: Ctrl-C is taken everywhere first (quit) and cannot be bound.",
        "config:4: no screen \"nowhere\" (generic, my-meals, my-meals-filter, my-meals-chips, welcome, favourites, recently-cooked, browse, categories, meal-groups, ingredients, meal-detail, saved-meal, meal-history, cook-mode-checklist, cook-mode, cook-mode-scroll, cook-mode-timers, shopping-list, week-plan, week-plan-suggestions, pantry, can-cook, serve, plan-prompt, meal-picker, import-link, import-link-loading, import-link-found, search, search-results, meal-editor, recently-deleted, edit-name, edit-instructions, add-ingredient, value-picker, confirm, text-prompt, list, pager, chips, text-field, text-area)",
        "config:5: no action \"explode\" on my-meals (open, search, browse, new, view, delete, undo, filter, favourite, favourites, cook, add-to-list, open-list, copy, import-link, chips, trash, plan, cooked, recently-cooked, week-plan, pantry, can-cook, sync, serve, units, clear-filter)",
        "config:6: no key \"<Hyper-x>\" (one character, or <C-x>, <F5>, <Enter>, <Space>, <Esc>, <Tab>, <Up>, <PgDn>…)",
        "config:7: \"q\" would type into the field on my-meals-filter; bind a key that does not type (<C-x>, <F5>, <Esc>…).",
      ])
    XCTAssertEqual(settings.keyChanges["search"], [.ctrl("r"): .action("results")])
    XCTAssertEqual(settings.keyChanges["my-meals-filter"], [.ctrl("u"): .action("clear")])
  }

  func testEveryConfigurableActionHasAName() {
    let tables = ConfigurableKeys.tables
    XCTAssertEqual(Set(tables.map(\.name)).count, tables.count, "two tables share a name")
    for table in tables {
      XCTAssertFalse(table.name.isEmpty)
      for entry in table.actions {
        XCTAssertTrue(
          entry.name.allSatisfy { $0.isLowercase || $0 == "-" } && !entry.name.isEmpty,
          "\(table.name): “\(entry.name)”")
      }
    }
    XCTAssertEqual(KeyMap.kebab("toggleFavourite"), "toggle-favourite")
  }

  func testKeyNamesReadBack() {
    let keys: [Key] = [
      .character("x"), .character("<"), .character("#"), .character(" "), .character("é"),
      .ctrl("x"), .function(5), .enter, .escape, .tab, .backTab, .up, .down, .left, .right,
      .shiftUp, .shiftDown, .home, .end, .pageUp, .pageDown, .insert, .delete, .backspace,
    ]
    for key in keys { XCTAssertEqual(KeyName.parse(KeyName.format(key)), key, KeyName.format(key)) }
    XCTAssertEqual(KeyName.parse("<c-X>"), .ctrl("x"))
    XCTAssertEqual(KeyName.parse("<pagedown>"), .pageDown)
    XCTAssertNil(KeyName.parse("xy"))
    XCTAssertNil(KeyName.parse("<F25>"))
    XCTAssertNil(KeyName.parse("\u{7}"))
  }

  // MARK: - meals config

  /// `meals config` takes the flags that set what it prints after its name, as every other
  /// command does (`meals config --db PATH`), and still refuses anything else.
  func testMealsConfigTakesTheSettingFlagsAfterItsName() throws {
    guard
      case .success(.config(let check, let parsed)) = LaunchOptions.parse(
        ["config", "--db", "/tmp/other.sqlite", "--check"], environment: home)
    else { return XCTFail("meals config --db did not parse") }
    XCTAssertTrue(check)
    XCTAssertEqual(parsed.databasePath, "/tmp/other.sqlite")
    guard case .failure(let error) = LaunchOptions.parse(["config", "--bogus"], environment: home)
    else { return XCTFail("an unknown flag was taken") }
    XCTAssertTrue(
      error.message.hasPrefix("meals config takes --check and the flags"), error.message)
    // --help is help, as for every other command (#58: it was a usage error, exit 2).
    XCTAssertEqual(
      LaunchOptions.parse(["config", "--help"], environment: home), .success(.configHelp))
    XCTAssertTrue(
      LaunchOptions.configUsage.hasPrefix("Usage:\n  meals [--config PATH] config [--check]"))
  }

  /// `set escape-delay = MS` (or MEALS_ESCAPE_DELAY) sets how long a lone Esc waits; a value
  /// that is no delay is reported, the default kept.
  func testEscapeDelayIsASetting() throws {
    XCTAssertEqual(LaunchOptions.defaultEscapeDelay, KeyDecoder.defaultEscapeDelay)
    XCTAssertEqual(try options("set escape-delay = 100").escapeDelay, 100)
    XCTAssertEqual(
      try options(nil, environment: ["MEALS_ESCAPE_DELAY": "60"]).escapeDelay, 60)
    let wrong = try options("set escape-delay = soon")
    XCTAssertEqual(wrong.escapeDelay, 25)
    XCTAssertTrue(
      wrong.config.messages.contains { $0.contains("escape delay “soon”") },
      "\(wrong.config.messages)")
  }

  /// `set serve-port` and `set serve-lan` (or MEALS_SERVE_PORT, MEALS_SERVE_LAN) are where the
  /// book is served; a port that is none is reported and the default kept.
  func testWhereTheBookIsServedIsASetting() throws {
    let defaults = try options(nil)
    XCTAssertEqual(defaults.servePort, 9080)
    XCTAssertFalse(defaults.serveOnLAN)
    let set = try options("set serve-port = 8123\nset serve-lan = yes")
    XCTAssertEqual(set.servePort, 8123)
    XCTAssertTrue(set.serveOnLAN)
    let environment = try options(
      nil, environment: ["MEALS_SERVE_PORT": "0", "MEALS_SERVE_LAN": "1"])
    XCTAssertEqual(environment.servePort, 0)
    XCTAssertTrue(environment.serveOnLAN)
    let wrong = try options("set serve-port = 70000")
    XCTAssertEqual(wrong.servePort, 9080)
    XCTAssertTrue(
      wrong.config.messages.contains { $0.contains("the port “70000” is not a number") },
      "\(wrong.config.messages)")
  }

  func testMealsConfigReadsBackToTheSameSettings() throws {
    let first = try options(
      """
      set theme = dark
      set mouse = no
      set db = "/a folder/meals.sqlite"
      color header "#102030" default bold
      bind my-meals x delete
      unbind my-meals d
      bind generic <C-n> down
      unbind cook-mode <Space>
      """, environment: ["MEALS_IMAGES": "symbols"])
    let firstSettings = AppSettings(first.config)
    XCTAssertEqual(firstSettings.problems, [])
    let report = ConfigCommand.text(options: first, settings: look(firstSettings))
    XCTAssertTrue(report.contains("set mouse = no  # config:2"), report)
    XCTAssertTrue(report.contains("set images = symbols  # MEALS_IMAGES"), report)
    XCTAssertTrue(report.contains("set theme = dark  # config:1"), report)
    XCTAssertTrue(report.contains("unbind my-meals d"), report)

    let second = try options(report)
    let secondSettings = AppSettings(second.config)
    XCTAssertEqual(secondSettings.problems, [])
    XCTAssertEqual(second.databasePath, "/a folder/meals.sqlite")
    XCTAssertFalse(second.mouse)
    XCTAssertEqual(second.images, .symbols)
    XCTAssertEqual(secondSettings.theme.name, "dark")
    XCTAssertEqual(secondSettings.theme.looks, firstSettings.theme.looks)
    for table in ConfigurableKeys.tables {
      for entry in table.actions {
        XCTAssertEqual(
          ConfigCommand.keys(of: entry, changes: secondSettings.keyChanges[table.name] ?? [:]),
          ConfigCommand.keys(of: entry, changes: firstSettings.keyChanges[table.name] ?? [:]),
          "\(table.name) \(entry.name)")
      }
    }
    // Read back a third time, the report is the same but for where values came from.
    let third = ConfigCommand.text(options: second, settings: look(secondSettings))
    func withoutSources(_ text: String) -> [Substring] {
      text.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: "#")[0] }
    }
    XCTAssertEqual(withoutSources(third), withoutSources(report))
  }

  func testConfigCheckExitsOneOnProblems() throws {
    var output: [String] = []
    let bad = try options("set theme = plaid\n")
    let status = ConfigCommand.run(
      check: true, options: bad, settings: look(AppSettings(bad.config)),
      output: { output.append($0) },
      errors: { _ in })
    XCTAssertEqual(status, 1)
    XCTAssertEqual(
      output,
      [
        "config:1: no theme \"plaid\" (default, light, dark, high-contrast, mono)",
        "/home/cook/.config/meals/config: 1 problem.",
      ])
    output = []
    let good = try options("set theme = mono\n")
    XCTAssertEqual(
      ConfigCommand.run(
        check: true, options: good, settings: look(AppSettings(good.config)),
        output: { output.append($0) }, errors: { _ in }), 0)
    XCTAssertEqual(output, ["/home/cook/.config/meals/config: no problems."])
  }

  /// The look and keys as `meals` hands them to `meals config`.
  private func look(_ settings: AppSettings) -> ConfigLook {
    ConfigLook(
      theme: settings.theme, keyChanges: settings.keyChanges, problems: settings.problems,
      tables: ConfigurableKeys.tables)
  }
}
