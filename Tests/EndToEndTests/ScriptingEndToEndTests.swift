import Fixtures
import Foundation
import MealsCore
import MealsStore
import TestSupport
import XCTest

/// The real binary in pipes, `make install`/`uninstall`, the bash completion and the man page.
final class ScriptingEndToEndTests: XCTestCase {
  private var folder: TemporaryFolder!

  override func setUpWithError() throws {
    folder = try TemporaryFolder()
  }

  override func tearDown() {
    folder.remove()
    folder = nil
  }

  private func shell(_ script: String) throws -> (status: Int32, output: String, errors: String) {
    try runProcess(["/bin/sh", "-c", script])
  }

  private func database(meals count: Int) throws -> String {
    let path = folder.path("meals.sqlite")
    let store = try MealStore(path: path)
    try store.insert(
      contentsOf: (0..<count).map { Meal(name: "Meal \($0) with a long name", instructions: "x") })
    return path
  }

  func testCommandsWorkInPipesAndAReaderThatStopsEarlyIsNoError() throws {
    let path = try database(meals: 3_000)
    var result = try shell("'\(Products.meals)' --db '\(path)' list | head -n 2")
    XCTAssertEqual(result.status, 0)
    XCTAssertEqual(result.output.split(separator: "\n").count, 2)
    XCTAssertEqual(result.errors, "", "no complaint when head stops reading")
    result = try shell(
      "'\(Products.meals)' --db '\(path)' list --json | python3 -c 'import json,sys; print(len(json.load(sys.stdin)))'"
    )
    XCTAssertEqual(result.output, "3000\n", result.errors)
    result = try shell("'\(Products.meals)' --db '\(path)' show 'no such meal'; echo status=$?")
    XCTAssertTrue(result.output.hasSuffix("status=1\n"))
    XCTAssertEqual(
      result.errors, "meals: no saved meal is called “no such meal” (see meals list).\n")
    result = try shell("'\(Products.meals)' --db '\(path)' list --jsn; echo status=$?")
    XCTAssertTrue(result.output.hasSuffix("status=2\n"))
    XCTAssertTrue(result.errors.hasPrefix("meals: list: unknown option “--jsn”."), result.errors)
    result = try shell(
      "'\(Products.meals)' --api-url http://127.0.0.1:1/ search soup; echo status=$?")
    XCTAssertTrue(result.output.hasSuffix("status=1\n"))
    XCTAssertEqual(
      result.errors, "meals: Cannot connect to 127.0.0.1: server down or unreachable.\n")
  }

  // MARK: - Installing

  private static let installed = [
    "usr/local/bin/meals",
    "usr/local/share/bash-completion/completions/meals",
    "usr/local/share/fish/vendor_completions.d/meals.fish",
    "usr/local/share/locale/de/LC_MESSAGES/meals.mo",
    "usr/local/share/locale/es/LC_MESSAGES/meals.mo",
    "usr/local/share/locale/fr/LC_MESSAGES/meals.mo",
    "usr/local/share/locale/it/LC_MESSAGES/meals.mo",
    "usr/local/share/locale/ja/LC_MESSAGES/meals.mo",
    "usr/local/share/locale/nl/LC_MESSAGES/meals.mo",
    "usr/local/share/locale/pl/LC_MESSAGES/meals.mo",
    "usr/local/share/locale/pt_BR/LC_MESSAGES/meals.mo",
    "usr/local/share/locale/sv/LC_MESSAGES/meals.mo",
    "usr/local/share/locale/zh_CN/LC_MESSAGES/meals.mo",
    "usr/local/share/man/man1/meals.1",
    "usr/local/share/zsh/site-functions/_meals",
  ]

  private func files(under root: String) -> [String] {
    let enumerator = FileManager.default.enumerator(atPath: root)
    var found: [String] = []
    while let path = enumerator?.nextObject() as? String {
      var isFolder: ObjCBool = false
      if FileManager.default.fileExists(atPath: "\(root)/\(path)", isDirectory: &isFolder),
        !isFolder.boolValue
      {
        found.append(path)
      }
    }
    return found.sorted()
  }

  func testMakeInstallPutsExactlyItsFilesAndUninstallTakesExactlyThose() throws {
    let root = folder.path("root")
    // A make of its own: `make test`'s flags (`make -n test` above all) are not this one's.
    let make =
      "env -u MAKEFLAGS -u MFLAGS -u MAKELEVEL make -s -C '\(PackagePaths.root.path)'"
      + " DESTDIR='\(root)' BINARY='\(Products.meals)'"
    var result = try shell("\(make) install")
    XCTAssertEqual(result.status, 0, result.errors)
    XCTAssertEqual(files(under: root), Self.installed)
    let binary = "\(root)/usr/local/bin/meals"
    XCTAssertTrue(FileManager.default.isExecutableFile(atPath: binary))
    result = try runProcess([binary, "--version"])
    XCTAssertTrue(result.output.hasPrefix("meals "))
    // The installed catalogs are found beside it (share/locale next to its bin).
    result = try runProcess(["/usr/bin/env", "LANG=pl_PL.UTF-8", binary, "--help"])
    XCTAssertTrue(result.output.hasPrefix("Użycie:\n"), result.output)
    // Something of the user's beside them stays.
    try Data("mine".utf8).write(to: URL(fileURLWithPath: "\(root)/usr/local/bin/other-tool"))
    result = try shell("\(make) uninstall")
    XCTAssertEqual(result.status, 0, result.errors)
    XCTAssertEqual(files(under: root), ["usr/local/bin/other-tool"])
  }

  // MARK: - Completion and manual

  /// What bash completes after `line` (which ends where the cursor is).
  private func complete(_ line: String, database: String? = nil) throws -> [String] {
    let script = PackagePaths.root.appendingPathComponent("Resources/completions/meals.bash").path
    let products = PackagePaths.products.path
    let result = try shell(
      """
      cd '\(folder.url.path)'
      PATH='\(products)':$PATH bash -c '. "\(script)"
      read -ra COMP_WORDS <<< "$1"
      case "$1" in *" ") COMP_WORDS+=("") ;; esac
      COMP_CWORD=$((${#COMP_WORDS[@]} - 1))
      _meals
      printf "%s\\n" "${COMPREPLY[@]}"' bash '\(line)'
      """)
    XCTAssertEqual(result.errors, "")
    return result.output.split(separator: "\n").map(String.init)
  }

  func testBashCompletesCommandsFlagsFormatsAndMealNames() throws {
    XCTAssertEqual(try complete("meals ex"), ["export"])
    XCTAssertEqual(
      try complete("meals "),
      [
        "list", "show", "search", "export", "import", "plan", "pantry", "can-cook", "cooked",
        "log", "history", "sync", "serve", "config",
      ])
    XCTAssertEqual(try complete("meals sy"), ["sync"])
    XCTAssertEqual(
      try complete("meals serve --"),
      ["--port", "--lan", "--new-token", "--new-certificate", "--help"])
    XCTAssertEqual(try complete("meals config --"), ["--check"])
    XCTAssertEqual(try complete("meals --im"), ["--images"])
    XCTAssertEqual(try complete("meals --rea"), ["--read-only"])
    XCTAssertEqual(try complete("meals --images s"), ["sixel", "symbols"])
    XCTAssertEqual(
      try complete("meals plan "), ["list", "add", "remove", "export", "shop", "suggest"])
    XCTAssertEqual(try complete("meals plan add --slot b"), ["breakfast"])
    XCTAssertEqual(try complete("meals plan export --format "), ["ical"])
    XCTAssertEqual(try complete("meals list --f"), ["--filter", "--favourites"])
    XCTAssertEqual(try complete("meals export --format s"), ["schema-org"])
    let store = try MealStore(path: folder.path("names.sqlite"))
    try store.insert(contentsOf: [
      Meal(name: "Pad Thai", instructions: "x"), Meal(name: "Pancakes", instructions: "x"),
      Meal(name: "Soup", instructions: "x"),
    ])
    XCTAssertEqual(
      try complete("meals --db names.sqlite show Pa"), ["Pad\\ Thai", "Pancakes"],
      "names from meals list, quoted for the shell")
  }

  func testTheManPageRendersWithoutWarningsAndCoversTheCommandLine() throws {
    let page = PackagePaths.root.appendingPathComponent("docs/meals.1").path
    let result = try shell("groff -ww -z -man '\(page)' 2>&1; echo status=$?")
    XCTAssertEqual(result.output, "status=0\n", "groff warns: \(result.output)")
    let text = try String(contentsOfFile: page, encoding: .utf8)
    for word in [
      "list", "show", "search", "export", "import", "\\-\\-json", "\\-\\-markdown",
      "\\-\\-filter", "\\-\\-favourites", "\\-\\-format", "\\-\\-output", "schema\\-org",
      "cooklang", "\\-\\-db", "\\-\\-api\\-url", "\\-\\-no\\-mouse", "\\-\\-no\\-animation",
      "\\-\\-restore\\-backup", "MEALS_DB", "MEALS_API_URL", "NO_COLOR", "XDG_DATA_HOME",
      ".SH FILES", ".SH ENVIRONMENT", ".SH EXIT STATUS", ".SS Cook Mode", ".SS Shopping List",
      "plan", "\\-\\-week", "\\-\\-from", "\\-\\-days", "\\-\\-slot", "\\-\\-servings", "ical",
      "\\-\\-config", "\\-\\-check", "MEALS_CONFIG", "XDG_CONFIG_HOME", ".SH CONFIGURATION", "bind",
      "unbind", "high\\-contrast", "\\-\\-read\\-only",
    ] {
      XCTAssertTrue(text.contains(word), "the man page lacks \(word)")
    }
  }
}
