import Fixtures
import Foundation
import MealsStore
import TestSupport
import XCTest

/// The built `meals` in tmux against the fixture server, driven as a person would.
final class AppEndToEndTests: XCTestCase {
  nonisolated(unsafe) static var server: FixtureServer?
  var folder: TemporaryFolder!

  override class func setUp() {
    server = try? FixtureServer()
  }

  override class func tearDown() {
    server?.stop()
  }

  override func setUpWithError() throws {
    folder = try TemporaryFolder()
  }

  override func tearDown() {
    folder.remove()
  }

  private func start(
    _ misbehaviour: String? = nil, width: Int = 80, height: Int = 24,
    database: String = "meals.sqlite"
  ) throws -> TmuxSession {
    let server = try XCTUnwrap(Self.server, "the fixture server (python3) did not start")
    let arguments = "--db \(folder.path(database)) --api-url \(server.baseURL(misbehaviour))"
    return try TmuxSession(Products.mealsCommand(arguments), width: width, height: height)
  }

  /// An interactive shell in tmux (prompt `$ `) that has started meals on `database`.
  private func startInShell(database: String) throws -> TmuxSession {
    let server = try XCTUnwrap(Self.server, "the fixture server (python3) did not start")
    let tmux = try TmuxSession(
      "env -u NO_COLOR TERM=screen-256color PS1='$ ' bash --norc --noprofile -i")
    try tmux.waitFor("$")
    try tmux.type("\(Products.meals) --db \(database) --api-url \(server.baseURL())")
    try tmux.press("Enter")
    try tmux.waitFor("0 meals")
    return tmux
  }

  // MARK: - The skeleton

  func testStartsOnMyMealsShowsHelpAndQuitsCleanly() throws {
    let tmux = try start()
    var screen = try tmux.waitFor("[ a  Search TheMealDB  ]  [ c  Browse categories ]")
    XCTAssertTrue(screen.hasPrefix(" My Meals"))
    XCTAssertTrue(screen.contains("0 meals"))
    try tmux.waitFor("Imported 50 ingredients from TheMealDB.")
    try tmux.press("?")
    screen = try tmux.waitFor("Keys — My Meals")
    XCTAssertTrue(screen.contains("undo delete"))
    try tmux.press("Escape")
    try tmux.press("q")
    screen = try tmux.waitFor("EXIT=0")
    XCTAssertFalse(screen.contains("My Meals"), "the full-screen view is gone:\n\(screen)")
  }

  func testTooSmallNoticeAndResizeRedraw() throws {
    let tmux = try start(width: 100, height: 30)
    try tmux.waitFor("0 meals")
    try tmux.resize(width: 39, height: 11)
    try tmux.waitFor("Terminal too small")
    try tmux.resize(width: 40, height: 12)
    let screen = try tmux.waitFor("[ a  Search TheMealDB  ]")
    XCTAssertFalse(screen.contains("too small"))
    XCTAssertEqual(
      screen.split(separator: "\n", omittingEmptySubsequences: false).first, " My Meals")
    try tmux.press("C-c")
    try tmux.waitFor("EXIT=0")
  }

  func testSigtermAndSighupRestoreTheTerminal() throws {
    for (signal, status) in [("TERM", 143), ("HUP", 129)] {
      let database = "signal-\(signal).sqlite"
      let tmux = try start(database: database)
      try tmux.waitFor("0 meals")
      // Only the meals process: its command line starts with the binary (bash's and tmux's don't).
      try runProcess([
        "/usr/bin/env", "pkill", "-\(signal)", "-f",
        "^\(Products.meals) --db \(folder.path(database))",
      ])
      let screen = try tmux.waitFor("EXIT=\(status)")
      XCTAssertFalse(screen.contains("0 meals"))
    }
  }

  func testAFatalSignalStillLeavesAUsableShell() throws {
    let database = folder.path("crash.sqlite")
    let tmux = try startInShell(database: database)
    XCTAssertEqual(try tmux.paneFlags(), "alternate=1 cursor=0", "full screen while running")
    try runProcess(["/usr/bin/env", "pkill", "-SEGV", "-f", "^\(Products.meals) --db \(database)"])
    try tmux.waitFor("Segmentation fault")
    XCTAssertEqual(
      try tmux.paneFlags(), "alternate=0 cursor=1", "the screen and cursor are restored")
    try tmux.type("echo shell-is-fine")
    try tmux.press("Enter")
    try tmux.waitFor("\nshell-is-fine")
  }

  func testCtrlZSuspendsAndFgResumes() throws {
    let tmux = try startInShell(database: folder.path("meals.sqlite"))
    try tmux.press("C-z")
    var screen = try tmux.waitFor("Stopped")
    XCTAssertFalse(screen.contains("0 meals"))
    try tmux.type("fg")
    try tmux.press("Enter")
    screen = try tmux.waitFor("0 meals")
    XCTAssertTrue(screen.hasPrefix(" My Meals"))
    try tmux.press("q")
    try tmux.waitFor("$")
  }

  func testColoursFollowTheTerminalAndNoColorTurnsThemOff() throws {
    let server = try XCTUnwrap(Self.server)
    let arguments = "--db \(folder.path("colour.sqlite")) --api-url \(server.baseURL())"
    let coloured = try TmuxSession(Products.mealsCommand(arguments))
    try coloured.waitFor("0 meals")
    let styled = try coloured.captureWithStyles()
    XCTAssertTrue(
      styled.contains("\u{1B}[36m") || styled.contains(";36m"), "the footer keys are cyan")
    for code in 40...47 {
      XCTAssertFalse(
        styled.contains("[\(code)m") || styled.contains(";\(code)m"),
        "no background \(code) is forced")
    }
    let plain = try TmuxSession(Products.mealsCommand(arguments, environment: "NO_COLOR=1"))
    try plain.waitFor("0 meals")
    let unstyled = try plain.captureWithStyles()
    for code in 31...37 {
      XCTAssertFalse(
        unstyled.contains("[\(code)m") || unstyled.contains(";\(code)m"),
        "colour \(code) with NO_COLOR")
    }
    XCTAssertTrue(
      unstyled.contains("\u{1B}[7m") || unstyled.contains(";7m") || unstyled.contains("[1;7m"),
      "attributes stay")
  }

  // MARK: - The whole flow

  func testImportSearchStoreRenameAddIngredientSaveAndReopen() throws {
    var tmux = try start()
    try tmux.waitFor("Imported 50 ingredients from TheMealDB.")
    try tmux.press("a")
    try tmux.type("arrabiata")
    try tmux.waitFor("1 meal found for “arrabiata”.")
    try tmux.press("Down", "Enter")
    var screen = try tmux.waitFor("Saved “Spicy Arrabiata Penne” to My Meals.")
    XCTAssertTrue(screen.contains("1 meal"))
    try tmux.press("Enter")
    try tmux.waitFor("INGREDIENTS (8)")
    try tmux.press("Enter")
    try tmux.waitFor("Name of the meal:")
    try tmux.press("C-u")
    try tmux.type("Penne all'arrabbiata 🌶")
    try tmux.press("Enter")
    try tmux.waitFor(" My Meals › Penne all'arrabbiata 🌶")
    try tmux.press("i")
    try tmux.waitFor("50 ingredients")
    try tmux.type("gruy")
    try tmux.waitFor("1 ingredient")
    try tmux.press("Enter")
    try tmux.waitFor("Quantity of Gruyère:")
    try tmux.type("50 g")
    try tmux.press("Enter")
    try tmux.waitFor("INGREDIENTS (9)")
    try tmux.press("s")
    try tmux.waitFor("Saved “Penne all'arrabbiata 🌶”.")
    try tmux.press("q")
    try tmux.waitFor("EXIT=0")
    tmux = try start()
    screen = try tmux.waitFor("Penne all'arrabbiata 🌶")
    XCTAssertTrue(screen.contains("1 meal"))
    XCTAssertFalse(screen.contains("Importing"), "the catalogue is imported once")
    try tmux.press("Enter")
    // Until the last row is drawn: a capture can catch the frame half written.
    screen = try tmux.waitUntil("the editor shows its nine rows") {
      $0.contains("INGREDIENTS (9)") && $0.contains("50 g")
    }
    XCTAssertTrue(screen.contains("Gruyère"))
    XCTAssertTrue(screen.contains("50 g"))
  }

  /// Two books save the same TheMealDB meal in the app, as a person does, before they ever
  /// synced: after the syncs each holds it once, and no sync says a database constraint (#59:
  /// the second book's every sync failed on `UNIQUE constraint failed: meal.mealdb_id`).
  func testTheSameTheMealDBMealSavedInTwoBooksIsOneMealThroughTheAppsSync() throws {
    let server = try XCTUnwrap(Self.server, "the fixture server (python3) did not start")
    let recipes = folder.path("Recipes")
    // Each book saves it before it ever synced (no sync folder yet), then syncs in the app.
    for book in ["a.sqlite", "b.sqlite"] {
      var tmux = try TmuxSession(
        Products.mealsCommand("--db \(folder.path(book)) --api-url \(server.baseURL())"))
      try tmux.waitFor("Imported 50 ingredients from TheMealDB.")
      try tmux.press("a")
      try tmux.type("arrabiata")
      try tmux.waitFor("1 meal found for “arrabiata”.")
      try tmux.press("Down", "Enter")
      try tmux.waitFor("Saved “Spicy Arrabiata Penne” to My Meals.")
      try tmux.press("q")
      try tmux.waitFor("EXIT=0")
      tmux = try TmuxSession(
        Products.mealsCommand(
          "--db \(folder.path(book)) --api-url \(server.baseURL())",
          environment: "MEALS_SYNC_FOLDER=\(recipes)"))
      try tmux.waitFor("1 meal")
      // Pressed at once: the app's own sync at start is likely under way (`S` is answered
      // after it, never left saying "Syncing…").
      try tmux.press("S")
      let screen = try tmux.waitUntil("the sync said what it did") { $0.contains("Synced with") }
      XCTAssertFalse(screen.contains("constraint"), screen)
      XCTAssertFalse(screen.contains("Sync:"), "no sync failed: \(screen)")
      XCTAssertTrue(screen.contains("1 meal"), screen)
      try tmux.press("q")
      try tmux.waitFor("EXIT=0")
    }
    for book in ["a.sqlite", "b.sqlite"] {
      let (status, output, errors) = try runProcess([
        Products.meals, "--db", folder.path(book), "sync", recipes,
      ])
      XCTAssertEqual(status, 0, errors)
      XCTAssertEqual(errors, "")
      XCTAssertTrue(output.contains("nothing changed"), output)
      let store = try MealStore(path: folder.path(book))
      let names = try store.syncedMeals().compactMap { try store.meal(id: $0.id)?.name }
      XCTAssertEqual(names, ["Spicy Arrabiata Penne"], book)
    }
    let files = try FileManager.default.subpathsOfDirectory(atPath: recipes)
      .filter { $0.hasSuffix(".cook") }
    XCTAssertEqual(files.count, 1, "\(files)")
  }

  func testBackFromTheEditorDiscardsAndDeleteCanBeUndone() throws {
    let tmux = try start()
    try tmux.waitFor("Imported 50 ingredients")
    try tmux.press("a")
    try tmux.type("chicken so")
    try tmux.waitFor("1 meal found")
    try tmux.press("Tab", "Enter")
    try tmux.waitFor("Saved “Chicken Soup”")
    try tmux.press("Enter")
    try tmux.waitFor("INGREDIENTS (6)")
    try tmux.press("Down", "Down", "d")
    try tmux.waitFor("INGREDIENTS (5)")
    try tmux.press("Escape")
    try tmux.waitFor("Discard changes? (y/n)")
    try tmux.press("y")
    try tmux.waitFor("Changes discarded.")
    try tmux.press("Enter")
    try tmux.waitFor("INGREDIENTS (6)")
    try tmux.press("Escape")
    try tmux.waitFor("1 meal")
    try tmux.press("d")
    var screen = try tmux.waitFor("Deleted “Chicken Soup” — u undoes, T lists Recently Deleted.")
    XCTAssertTrue(screen.contains("0 meals"))
    try tmux.press("u")
    screen = try tmux.waitFor("Restored “Chicken Soup”.")
    XCTAssertTrue(screen.contains("1 meal"))
  }

  func testAFailingServerShowsAnErrorAndLosesNothing() throws {
    var tmux = try start()
    try tmux.waitFor("Imported 50 ingredients")
    try tmux.press("n", "Enter")
    try tmux.type("Toast")
    try tmux.press("Enter", "Down", "Enter")
    try tmux.type("Toast the bread.")
    try tmux.press("C-s", "s")
    try tmux.waitFor("Saved “Toast”.")
    try tmux.press("q")
    try tmux.waitFor("EXIT=0")
    tmux = try start("status/500")
    try tmux.waitFor("Toast")
    try tmux.press("a")
    try tmux.type("soup")
    var screen = try tmux.waitFor(
      "Search failed — Enter retries: TheMealDB answered with HTTP status 500.")
    XCTAssertFalse(screen.contains("Error:"), "said once:\n\(screen)")
    try tmux.press("Escape")
    screen = try tmux.waitFor("1 meal")
    XCTAssertTrue(screen.contains("Toast"))
    try tmux.press("q")
    try tmux.waitFor("EXIT=0")
  }

  func testFirstLaunchOfflineSaysSoAndRetriesNextTime() throws {
    var tmux = try start("reset")
    try tmux.waitFor(
      "Error: Ingredient list not imported: The connection to TheMealDB was cut off.")
    try tmux.press("n", "i")
    try tmux.waitFor("Ctrl-R imports it from TheMealDB.")
    try tmux.press("C-c")
    try tmux.waitFor("EXIT=0")
    tmux = try start()
    try tmux.waitFor("Imported 50 ingredients from TheMealDB.")
  }

  func testTwoProcessesOnOneDatabaseSeeEachOther() throws {
    let watcher = try start()
    try watcher.waitFor("0 meals")
    let editor = try start()
    try editor.waitFor("0 meals")
    try editor.press("n", "Enter")
    try editor.type("Shared soup")
    try editor.press("Enter", "Down", "Enter")
    try editor.type("Stir.")
    try editor.press("C-s", "C-s")
    try editor.waitFor("Saved “Shared soup”.")
    let screen = try watcher.waitFor("Shared soup", timeout: 3)
    XCTAssertTrue(screen.contains("1 meal"))
  }

  // MARK: - Command line

  func testUsageHelpVersionAndStartupErrors() throws {
    var (status, out, err) = try runProcess([Products.meals, "--bogus"])
    XCTAssertEqual(status, 2)
    XCTAssertEqual(
      err,
      "meals: unknown argument “--bogus”.\n"
        + "Usage: meals [--db PATH] [--api-url URL] [OPTIONS] [COMMAND [ARGUMENTS]]\n"
        + "meals --help says more.\n", "one usage line, not the whole help")
    (status, _, err) = try runProcess([Products.meals, "--db"])
    XCTAssertEqual(status, 2)
    XCTAssertTrue(err.contains("--db needs a value"))
    (status, _, err) = try runProcess([Products.meals, "--api-url", "ftp://x"])
    XCTAssertEqual(status, 2)
    (status, out, _) = try runProcess([Products.meals, "--help"])
    XCTAssertEqual(status, 0)
    XCTAssertTrue(out.contains("--api-url URL"))
    (status, out, _) = try runProcess([Products.meals, "--version"])
    XCTAssertEqual(status, 0)
    XCTAssertTrue(out.hasPrefix("meals "))
    (status, _, err) = try runProcess([Products.meals, "--db", folder.path("x.sqlite")])
    XCTAssertEqual(status, 1)
    XCTAssertTrue(err.contains("meals: standard output is not a terminal"), err)
    XCTAssertTrue(err.contains("meals list"), "it points to the commands for scripts: \(err)")
    XCTAssertFalse(
      FileManager.default.fileExists(atPath: folder.path("x.sqlite")),
      "nothing is created before the terminal check")
    let notADatabase = folder.path("notes.txt")
    try Data("my notes\n".utf8).write(to: URL(fileURLWithPath: notADatabase))
    let tmux = try TmuxSession(Products.mealsCommand("--db \(notADatabase)"), width: 200)
    let screen = try tmux.waitFor("EXIT=1")
    XCTAssertTrue(screen.contains("is not a meals database"))
    XCTAssertEqual(try String(contentsOfFile: notADatabase, encoding: .utf8), "my notes\n")
  }

  func testRestoreBackupChecksAsksAndKeepsWhatWasThere() throws {
    let path = folder.path("restore.sqlite")
    do {
      let store = try MealStore(path: path)
      _ = try store.createMeal(name: "Backed up", instructions: "x")
      try store.backUpIfDue()
      _ = try store.createMeal(name: "Added later", instructions: "x")
    }
    var (status, out, err) = try runProcess([Products.meals, "--db", path, "--restore-backup", "3"])
    XCTAssertEqual(status, 1)
    XCTAssertTrue(out.contains("There is no backup 3"), out + err)
    (status, _, err) = try runProcess([Products.meals, "--db", path, "--restore-backup", "7"])
    XCTAssertEqual(status, 2)
    XCTAssertTrue(err.contains("--restore-backup takes 1, 2 or 3"), err)

    for answer in ["n", "y"] {
      let restore = try ChildProcess([Products.meals, "--db", path, "--restore-backup", "1"])
      XCTAssertTrue(restore.read(until: "(y/n)").contains("1 meal, checked: ok"))
      restore.write(answer + "\n")
      restore.closeInput()
      let rest = restore.read(until: "\u{0}", timeout: 10)
      XCTAssertEqual(restore.wait(), 0)
      XCTAssertTrue(
        rest.contains(answer == "y" ? "Restored backup 1." : "Nothing was changed."), rest)
    }
    XCTAssertEqual(try MealStore(path: path).mealCount, 1)
    XCTAssertEqual(try MealStore(path: path + ".before-restore").mealCount, 2)
  }

  func testDefaultDatabaseUnderXDGDataHome() throws {
    let tmux = try TmuxSession(
      Products.mealsCommand(
        "--api-url \(try XCTUnwrap(Self.server).baseURL())",
        environment: "XDG_DATA_HOME=\(folder.url.path)"))
    try tmux.waitFor("0 meals")
    try tmux.press("q")
    try tmux.waitFor("EXIT=0")
    XCTAssertTrue(FileManager.default.fileExists(atPath: folder.path("meals/meals.sqlite")))
  }
}
