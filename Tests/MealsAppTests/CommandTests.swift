import Fixtures
import Foundation
import MealsApp
import MealsCore
import MealsLaunch
import MealsNet
import MealsStore
import Programs
import TestSupport
import XCTest

@testable import MealsCLI
@testable import MealsImport

/// `meals list/show/search/export/import` on a small database: what a script reads on
/// standard output (the expected texts are files in CommandOutputs/), what goes to standard
/// error, and the exit statuses.
///
/// `MEALS_RECORD_COMMANDS=1` writes the expected files again, to be read before committing.
final class CommandTests: XCTestCase {
  private var folder: TemporaryFolder!
  private var options: LaunchOptions!

  override func setUpWithError() throws {
    folder = try TemporaryFolder()
    options = try database("meals.sqlite", meals: Self.meals)
  }

  override func tearDown() {
    folder.remove()
    folder = nil
  }

  /// The tests' today: Tuesday 1 December 2026.
  static let today = CivilDate(daysSince1970: 20_788)

  static let meals = [
    Meal(
      mealDBID: "52772", name: "Pancakes", instructions: "Mix the batter.\nFry thin pancakes.",
      category: "Dessert", area: "British", tags: ["Sweet", "Breakfast"],
      ingredients: [
        IngredientMeasurement(name: "Flour", quantity: "100g"),
        IngredientMeasurement(name: "Eggs", quantity: "2"),
        IngredientMeasurement(name: "Milk", quantity: "300ml"),
        IngredientMeasurement(name: "Salt", quantity: ""),
      ],
      favourite: true, favouritedAt: 1_764_000_000, rating: 5, totalMinutes: 20,
      difficulty: .beginner, servings: 4),
    Meal(
      name: "Pan Bagnat", instructions: "Fill the bread.\nPress overnight.", category: "Side",
      area: "French",
      ingredients: [IngredientMeasurement(name: "Bread roll", quantity: "1")]),
    Meal(
      name: "Miso Soup", instructions: "Warm the dashi.\tWhisk in the miso.",
      ingredients: [
        IngredientMeasurement(name: "Dashi", quantity: "500 ml"),
        IngredientMeasurement(name: "White miso", quantity: "2 tbsp"),
      ]),
  ]

  private func database(_ name: String, meals: [Meal]) throws -> LaunchOptions {
    let path = folder.path(name)
    let store = try MealStore(path: path)
    for meal in meals {
      var draft = MealDraft(of: nil)
      draft.meal = meal
      _ = try store.commit(draft)
    }
    guard case .success(.run(let parsed)) = LaunchOptions.parse(["--db", path], environment: [:])
    else { throw XCTSkip("could not parse options") }
    return parsed
  }

  /// Runs `meals ARGUMENTS` in this process: (status, standard output, standard error).
  private func meals(
    _ arguments: String..., options: LaunchOptions? = nil, input: String = "",
    search: ((String) -> Result<[Meal], NetworkSearchError>)? = nil,
    pages: ((String) -> Result<HTTPClient.Response, NetworkError>)? = nil
  ) throws -> (Int32, String, String) {
    try run(arguments, options: options, input: input, search: search, pages: pages)
  }

  private func run(
    _ arguments: [String], options: LaunchOptions? = nil, input: String = "",
    search: ((String) -> Result<[Meal], NetworkSearchError>)? = nil,
    pages: ((String) -> Result<HTTPClient.Response, NetworkError>)? = nil
  ) throws -> (Int32, String, String) {
    let parsed = LaunchOptions.parse(arguments, environment: ["HOME": folder.url.path])
    guard case .success(.subcommand(let command, let rest, _)) = parsed else {
      XCTFail("not a subcommand: \(arguments)")
      return (-1, "", "")
    }
    let io = CommandIO(
      output: CommandOutput(), errors: CommandOutput(), currentDirectory: folder.url.path,
      readInput: { Data(input.utf8) })
    let status = command.run(
      rest, options: options ?? self.options, io: io,
      search: search ?? { _ in .failure(NetworkSearchError(message: "no network in this test")) },
      pages: pages ?? { _ in .failure(.other("no network in this test")) },
      today: Self.today, now: 1_764_581_700)
    return (status, io.output.text, io.errors.text)
  }

  /// Compares with (or records) CommandOutputs/`name`.
  private func expect(
    _ text: String, matches name: String, file: StaticString = #filePath, line: UInt = #line
  ) throws {
    if let difference = try ExpectedFile.difference(
      text, file: "Tests/MealsAppTests/CommandOutputs/\(name)",
      recordVariable: "MEALS_RECORD_COMMANDS")
    {
      XCTFail(difference, file: file, line: line)
    }
  }

  private func json(_ text: String) throws -> Any {
    try JSONSerialization.jsonObject(with: Data(text.utf8))
  }

  // MARK: - list

  func testListPrintsOneTabSeparatedLinePerMealInNameOrder() throws {
    let (status, out, err) = try meals("list")
    XCTAssertEqual(status, 0)
    XCTAssertEqual(err, "")
    try expect(out, matches: "list.txt")
    XCTAssertEqual(
      out.split(separator: "\n").map { $0.filter { $0 == "\t" }.count }, [2, 2, 2],
      "three fields on every line, the last one empty when unknown")
  }

  func testListJSONFilterAndFavourites() throws {
    let (status, out, _) = try meals("list", "--json")
    XCTAssertEqual(status, 0)
    try expect(out, matches: "list-json.txt")
    let rows = try XCTUnwrap(try json(out) as? [[String: Any]])
    XCTAssertEqual(rows.map { $0["name"] as? String }, ["Miso Soup", "Pan Bagnat", "Pancakes"])
    XCTAssertEqual(rows[2]["favourite"] as? Bool, true)
    XCTAssertTrue(rows[0]["category"] is NSNull, "every key is there, null when unknown")

    let filtered = try meals("list", "--filter", "pan", "--json")
    XCTAssertEqual(
      (try json(filtered.1) as? [[String: Any]])?.map { $0["name"] as? String },
      ["Pan Bagnat", "Pancakes"], "the same word search as /")
    XCTAssertEqual(try meals("list", "--filter=miso").1, "3\tMiso Soup\t\n")
    XCTAssertEqual(try meals("list", "--favourites").1, "1\tPancakes\tDessert · British\n")
    XCTAssertEqual(try meals("list", "--filter", "nothing matches", "--json").1, "[]\n")
  }

  func testAMistypedDatabaseIsRefusedNotMadeEmpty() throws {
    let typo = folder.path("typo.sqlite")
    let options = try XCTUnwrap(
      { () -> LaunchOptions? in
        guard
          case .success(.run(let parsed)) = LaunchOptions.parse(["--db", typo], environment: [:])
        else { return nil }
        return parsed
      }())
    for command in [["list"], ["show", "1"], ["export"]] {
      let (status, out, err) = try run(command, options: options)
      XCTAssertEqual(status, 1, "\(command)")
      XCTAssertEqual(out, "")
      XCTAssertTrue(err.hasPrefix("meals: there is no database at \(typo)"), err)
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: typo), "no empty database left behind")
    let file = folder.path("one.json")
    try Data(MealJSON.document([Self.meals[1]]).utf8).write(to: URL(fileURLWithPath: file))
    let (status, _, err) = try meals("import", file, options: options)
    XCTAssertEqual(status, 0, "import makes the database: \(err)")
    XCTAssertTrue(FileManager.default.fileExists(atPath: typo))
    // A folder that is not there is said, not offered to be made by an import that would fail.
    let lost = folder.path("no/such/dir/x.sqlite")
    guard
      case .success(.run(let elsewhere)) = LaunchOptions.parse(["--db", lost], environment: [:])
    else { return XCTFail("--db did not parse") }
    let (missing, _, said) = try run(["list"], options: elsewhere)
    XCTAssertEqual(missing, 1)
    XCTAssertEqual(
      said,
      "meals: there is no database at \(lost): its folder \(folder.path("no/such/dir")) does not exist (check --db or MEALS_DB).\n"
    )
  }

  // MARK: - show

  func testShowByIdNameAndPrefixInEachForm() throws {
    let text = try meals("show", "Pancakes")
    XCTAssertEqual(text.0, 0)
    try expect(text.1, matches: "show.txt")
    XCTAssertEqual(try meals("show", "1").1, text.1, "the id finds the same meal")
    XCTAssertEqual(try meals("show", "pancakes").1, text.1, "exact, ignoring case")
    XCTAssertEqual(try meals("show", "Miso").1, try meals("show", "3").1, "a unique prefix")

    let markdown = try meals("show", "Pancakes", "--markdown")
    try expect(markdown.1, matches: "show-markdown.txt")
    let json = try meals("show", "Pancakes", "--json")
    try expect(json.1, matches: "show-json.txt")
    let object = try XCTUnwrap(try self.json(json.1) as? [String: Any])
    XCTAssertEqual(object["id"] as? Int, 1)
    XCTAssertEqual((object["ingredients"] as? [Any])?.count, 4)
  }

  /// `show` folds accents and case as `/` in the app does.
  func testShowFindsANameWrittenWithoutItsAccents() throws {
    let creme = try database(
      "creme.sqlite",
      meals: [
        Meal(name: "Crème brûlée", instructions: "Bake."),
        Meal(name: "Crêpes Suzette", instructions: "Flip."),
      ])
    var (status, out, err) = try meals("show", "creme", options: creme)
    XCTAssertEqual(status, 0, err)
    XCTAssertTrue(out.hasPrefix("Crème brûlée\n"), out)
    (status, out, err) = try meals("show", "CREPES SUZETTE", options: creme)
    XCTAssertEqual(status, 0, err)
    XCTAssertTrue(out.hasPrefix("Crêpes Suzette\n"), out)
    (status, _, err) = try meals("show", "cr", options: creme)
    XCTAssertEqual(status, 1)
    XCTAssertTrue(err.contains("could be any of these"), err)
  }

  func testShowFailuresSayWhyWithTheRightStatus() throws {
    var (status, out, err) = try meals("show", "Pan")
    XCTAssertEqual(status, 1, "ambiguous")
    XCTAssertEqual(out, "")
    XCTAssertEqual(
      err,
      "meals: “Pan” could be any of these; give the id or the whole name:\n  2\tPan Bagnat\n  1\tPancakes\n"
    )
    // Two meals with one name: the whole name was given, so say they share it.
    let twins = try database(
      "twins.sqlite", meals: [Self.meals[1], Self.meals[1], Self.meals[0]])
    (status, out, err) = try meals("show", "Pan Bagnat", options: twins)
    XCTAssertEqual(status, 1)
    XCTAssertEqual(
      err,
      "meals: 2 saved meals are called “Pan Bagnat”; give the id of the one you mean:\n  1\tPan Bagnat\n  2\tPan Bagnat\n"
    )
    (status, _, err) = try meals("show", "Lasagne")
    XCTAssertEqual(status, 1)
    XCTAssertEqual(err, "meals: no saved meal is called “Lasagne” (see meals list).\n")
    (status, _, err) = try meals("show", "99")
    XCTAssertEqual(status, 1)
    XCTAssertEqual(err, "meals: no saved meal has the id 99 (see meals list).\n")
    (status, _, err) = try meals("show")
    XCTAssertEqual(status, 2)
    XCTAssertTrue(err.hasPrefix("meals: show: which meal?"), err)
    (status, _, err) = try meals("show", "1", "--json", "--markdown")
    XCTAssertEqual(status, 2)
    XCTAssertTrue(err.contains("cannot be used together"))
    (status, _, err) = try meals("show", "1", "--yaml")
    XCTAssertEqual(status, 2)
    XCTAssertEqual(
      err,
      "meals: show: unknown option “--yaml”.\n"
        + "Usage: meals show MEAL [--json | --markdown] [--units as-written|metric|us]\n"
        + "meals show --help says more.\n", "the usage line, not the whole help")
    (status, out, _) = try meals("show", "--help")
    XCTAssertEqual(status, 0)
    XCTAssertTrue(out.hasPrefix("Usage:\n  meals show MEAL"), out)
  }

  // MARK: - export

  func testExportInEveryFormatToStandardOutput() throws {
    for format in RecipeFormat.allCases where format != .cooklang {
      let (status, out, err) = try meals("export", "--format", format.rawValue)
      XCTAssertEqual(status, 0, err)
      try expect(out, matches: "export-\(format.rawValue).txt")
    }
    let cook = try meals("export", "Pancakes", "--format", "cooklang")
    XCTAssertEqual(cook.0, 0)
    try expect(cook.1, matches: "export-cooklang.txt")
    let all = try XCTUnwrap(try json(try meals("export").1) as? [String: Any])
    XCTAssertEqual((all["meals"] as? [Any])?.count, 3, "json is the default format")
    let schema = try XCTUnwrap(try json(try meals("export", "--format", "schema-org").1) as? [Any])
    XCTAssertEqual(schema.count, 3)
  }

  func testExportToAFileAndToAFolder() throws {
    var (status, _, err) = try meals("export", "--format", "markdown", "--output", "book.md")
    XCTAssertEqual(status, 0)
    XCTAssertEqual(err, "Exported 3 meals to \(folder.path("book.md")).\n")
    XCTAssertEqual(
      try String(contentsOfFile: folder.path("book.md"), encoding: .utf8),
      try meals("export", "--format", "markdown").1)
    (status, _, err) = try meals("export", "--format", "cooklang", "--output", "cook/")
    XCTAssertEqual(status, 0, err)
    XCTAssertEqual(err, "Exported 3 meals to \(folder.path("cook"))/.\n", "one slash")
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: folder.path("cook")).sorted(),
      ["Miso Soup.cook", "Pan Bagnat.cook", "Pancakes.cook"])
    (status, _, err) = try meals("export", "--format", "cooklang")
    XCTAssertEqual(status, 2)
    XCTAssertTrue(err.contains("Cooklang holds one recipe per file"), err)
    (status, _, err) = try meals("export", "--format", "yaml")
    XCTAssertEqual(status, 2)
    XCTAssertTrue(err.contains("--format takes json, markdown, schema-org, cooklang, not “yaml”"))
    (status, _, err) = try meals("export", "Lasagne")
    XCTAssertEqual(status, 1)
    (status, _, err) = try meals("export", "--output", "/nonexistent/folder/x.json")
    XCTAssertEqual(status, 1)
    XCTAssertTrue(err.hasPrefix("meals: cannot write the export: /nonexistent/folder/x.json:"), err)
  }

  func testSafeFileNamesForAwkwardMealNames() throws {
    let awkward = try database(
      "awkward.sqlite",
      meals: [
        Meal(name: "../etc/passwd", instructions: "x"),
        Meal(name: ".hidden", instructions: "x"),
        Meal(name: "Soup", instructions: "one"),
        Meal(name: "soup", instructions: "two"),
        Meal(name: "鸡肉 Curry: \"hot\"?", instructions: "x"),
      ])
    let (status, _, err) = try meals(
      "export", "--format", "markdown", "--output", "out/", options: awkward)
    XCTAssertEqual(status, 0, err)
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: folder.path("out")).sorted(),
      ["-etc-passwd.md", "hidden.md", "soup (2).md", "Soup.md", "鸡肉 Curry- -hot--.md"].sorted())
  }

  // MARK: - import

  func testImportReportsWhatCameInAndWhatWasSkipped() throws {
    let empty = try database("empty.sqlite", meals: [])
    let exported = try meals("export", "--output", "all.json")
    XCTAssertEqual(exported.0, 0)
    let recipes = PackagePaths.fixtures.appendingPathComponent("recipes").path
    var (status, out, err) = try meals(
      "import", "all.json", "\(recipes)/Pad Thai.cook", "\(recipes)/two-recipes.json",
      options: empty)
    XCTAssertEqual(status, 0, err)
    try expect(out.replacingOccurrences(of: recipes, with: "RECIPES"), matches: "import.txt")
    (status, out, _) = try meals("import", "all.json", options: empty)
    XCTAssertEqual(status, 0)
    XCTAssertTrue(out.hasPrefix("Imported 0 meals.\nSkipped 3:\n"), out)
    XCTAssertTrue(
      out.contains("all.json, meal 1: already in My Meals as “Miso Soup” (same content)"))
    XCTAssertTrue(
      out.contains("all.json, meal 3: already in My Meals as “Pancakes” (TheMealDB id 52772)"))
    let store = try MealStore(path: empty.databasePath)
    XCTAssertEqual(store.mealCount, 6)
  }

  /// A Meal-Master recipe with no directions and a JSON recipe with only ingredients come in,
  /// said; nothing asked for is dropped.
  func testARecipeWithoutStepsIsImportedAndSaid() throws {
    let empty = try database("empty.sqlite", meals: [])
    try Data(
      """
      MMMMM----- Recipe via Meal-Master (tm) v8.05

            Title: Spiced Nuts
       Categories: Snacks
            Yield: 4 servings

            1 c  Walnuts
            2 tb Sugar

      MMMMM

      """.utf8
    ).write(to: URL(fileURLWithPath: folder.path("nuts.mmf")))
    try Data(#"{"name":"Flour bag","ingredients":[{"name":"Flour","measure":"1 kg"}]}"#.utf8)
      .write(to: URL(fileURLWithPath: folder.path("flour.json")))
    let (status, out, err) = try meals("import", "nuts.mmf", "flour.json", options: empty)
    XCTAssertEqual(status, 0, err)
    XCTAssertTrue(
      out.contains(
        "Imported 1 meal from a Meal-Master file. 1 recipe has no steps — add them in the editor."),
      out)
    XCTAssertTrue(out.contains("Spiced Nuts\t(recipe “Spiced Nuts”)\tno steps"), out)
    XCTAssertTrue(out.hasSuffix("1 recipe has no steps — add them in the editor.\n"), out)
    XCTAssertEqual(try MealStore(path: empty.databasePath).mealCount, 2)
  }

  func testImportReadsStandardInputForADash() throws {
    let empty = try database("empty.sqlite", meals: [])
    let cook = ">> title: Toast\n\nToast @bread{2%slices}, then butter it.\n"
    let (status, out, err) = try meals("import", "-", options: empty, input: cook)
    XCTAssertEqual(status, 0, err)
    XCTAssertEqual(out, "Imported 1 meal.\n  1\tToast\t(-, recipe “Toast”)\n")
    let meal = try MealStore(path: empty.databasePath).meal(id: 1)
    XCTAssertEqual(meal?.ingredients, [IngredientMeasurement(name: "bread", quantity: "2 slices")])
  }

  /// A fresh install: the default database's folder does not exist until the first import.
  func testTheFirstImportIntoTheDefaultDatabaseMakesItsFolder() throws {
    let home = folder.url.appendingPathComponent("fresh-home").path
    guard
      case .success(.subcommand(_, _, let defaults)) = LaunchOptions.parse(
        ["list"], environment: ["HOME": home])
    else { return XCTFail("meals list did not parse") }
    XCTAssertTrue(defaults.isDefaultDatabase)
    // Before it: an empty book, as a new user's first command expects.
    XCTAssertEqual(try meals("list", options: defaults).0, 0)
    XCTAssertEqual(try meals("list", options: defaults).1, "")
    XCTAssertEqual(try meals("list", "--json", options: defaults).1, "[]\n")
    XCTAssertEqual(try meals("plan", options: defaults).1, "")
    let shown = try meals("show", "Toast", options: defaults)
    XCTAssertEqual(shown.0, 1)
    XCTAssertEqual(shown.2, "meals: no saved meal is called “Toast” (see meals list).\n")
    XCTAssertFalse(FileManager.default.fileExists(atPath: home), "list must create nothing")

    let cook = ">> title: Toast\n\nToast @bread{2%slices}, then butter it.\n"
    let (status, out, err) = try meals("import", "-", options: defaults, input: cook)
    XCTAssertEqual(status, 0, err)
    XCTAssertEqual(out, "Imported 1 meal.\n  1\tToast\t(-, recipe “Toast”)\n")
    XCTAssertEqual(defaults.databasePath, home + "/.local/share/meals/meals.sqlite")
    XCTAssertEqual(try MealStore(path: defaults.databasePath).mealCount, 1)
  }

  func testABadFileImportsNothingAtAll() throws {
    let empty = try database("empty.sqlite", meals: [])
    try Data("{ not json".utf8).write(to: folder.url.appendingPathComponent("broken.json"))
    _ = try meals("export", "--output", "good.json")
    var (status, out, err) = try meals("import", "good.json", "broken.json", options: empty)
    XCTAssertEqual(status, 1)
    XCTAssertEqual(out, "")
    XCTAssertTrue(err.hasPrefix("meals: broken.json: it is not valid JSON"), err)
    XCTAssertTrue(err.hasSuffix("Nothing was imported.\n"), err)
    (status, _, err) = try meals("import", "missing.cook", options: empty)
    XCTAssertEqual(status, 1)
    XCTAssertEqual(err, "meals: missing.cook: there is no such file. Nothing was imported.\n")
    // A 50 MB file is refused before it is read.
    let big = folder.path("big.json")
    XCTAssertTrue(FileManager.default.createFile(atPath: big, contents: nil))
    let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: big))
    try handle.truncate(atOffset: 50 * 1_048_576)
    try handle.close()
    (status, _, err) = try meals("import", "big.json", options: empty)
    XCTAssertEqual(status, 1)
    XCTAssertEqual(
      err, "meals: big.json: it is 50 MB; a recipe file is at most 32 MB. Nothing was imported.\n")
    XCTAssertEqual(try MealStore(path: empty.databasePath).mealCount, 0)
    (status, _, err) = try meals("import", options: empty)
    XCTAssertEqual(status, 2)
  }

  // MARK: - import by address

  /// The test's database, opened again (as another process would see it).
  private func store() throws -> MealStore { try MealStore(path: options.databasePath) }

  func testImportByAddressAgainstALocalServer() throws {
    let server = try FixtureServer()
    defer { server.stop() }
    let site = server.baseURL().replacingOccurrences(of: "/api/json/v1/1/", with: "")
    let pages = Subcommand.networkPages(apiURL: server.baseURL())
    func page(_ path: String) throws -> (Int32, String, String) {
      try meals("import", "\(site)/\(path)", pages: pages)
    }
    // A redirect chain of 5 and a gzip-compressed page; the address kept is where it ended.
    var (status, out, err) = try page("redirect/5/pages/microdata.html")
    XCTAssertEqual(status, 0, err)
    XCTAssertTrue(out.hasPrefix("Imported 1 meal.\n  4\tPancakes for Two\t("), out)
    XCTAssertEqual(try store().meal(id: 4)?.sourceURL, "\(site)/pages/microdata.html")
    (status, out, err) = try page("gzip/pages/rdfa.html")
    XCTAssertEqual(status, 0, err)
    XCTAssertTrue(out.contains("Green Salad"), out)
    // ISO-8859-1, as the header says.
    (status, out, err) = try page("pages/latin1.html")
    XCTAssertEqual(status, 0, err)
    XCTAssertTrue(out.contains("\tCrème brûlée\t"), out)
    // Every failure in words, nothing imported.
    let failures: [(String, String)] = [
      ("redirect/6/pages/rdfa.html", "more than 5 redirects"),
      ("status/404/pages/rdfa.html", "the site refused the page (HTTP 404: no such page)."),
      ("huge/pages/big.html", "the page is over 10 MB: too big for a recipe page."),
      ("pages/menu.pdf", "it is not a web page but application/pdf"),
      (
        "pages/opengraph-only.html",
        "it is not a recipe page (a page of type “article” titled “Our Summer Menu”)"
      ),
    ]
    let before = try store().mealCount
    for (path, reason) in failures {
      (status, out, err) = try page(path)
      XCTAssertEqual(status, 1, path)
      XCTAssertTrue(
        err.contains(reason) && err.hasSuffix("Nothing was imported.\n"), "\(path): \(err)")
    }
    XCTAssertEqual(try store().mealCount, before)
    // A recipe whose page gives no steps comes in, said (#58: nothing asked for is dropped);
    // one already saved: a quiet 0.
    (status, out, _) = try page("pages/no-steps.html")
    XCTAssertEqual(status, 0)
    XCTAssertTrue(out.contains("1 recipe has no steps — add them in the editor."), out)
    (status, out, _) = try page("pages/microdata.html")
    XCTAssertEqual(status, 0, "already saved: skipped, not a failure")
    XCTAssertTrue(out.contains("already in My Meals"), out)
  }

  func testTextFromAPageIsCleanedOnItsWayToTheTerminal() throws {
    let html = try PackagePaths.fixture("pages/evil-name.html")
    let (status, out, err) = try meals(
      "import", "https://example.org/evil",
      pages: { _ in
        .success(
          HTTPClient.Response(
            body: html, contentType: "text/html", address: "https://example.org/evil"))
      })
    XCTAssertEqual(status, 0, err)
    XCTAssertFalse(
      out.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{7}" || $0 == "\u{202E}" }, out)
    XCTAssertTrue(out.contains("\tEvil Stew\t(https://example.org/evil, recipe “Evil Stew”)"), out)
  }

  // MARK: - search

  func testSearchPrintsTheMealsOrSaysWhyNot() throws {
    let found = [Self.meals[0]]
    var asked: [String] = []
    var (status, out, err) = try meals(
      "search", "pan", "cakes",
      search: {
        asked.append($0)
        return .success(found)
      })
    XCTAssertEqual(status, 0)
    XCTAssertEqual(asked, ["pan cakes"])
    XCTAssertEqual(out, "52772\tPancakes\tDessert · British\n")
    (status, out, _) = try meals("search", "pan", "--json", search: { _ in .success(found) })
    XCTAssertEqual((try json(out) as? [[String: Any]])?.first?["name"] as? String, "Pancakes")
    (status, out, err) = try meals(
      "search", "pan", search: { _ in .failure(NetworkSearchError(message: "Cannot connect.")) })
    XCTAssertEqual(status, 1)
    XCTAssertEqual(err, "meals: Cannot connect.\n")
    (status, out, err) = try meals("search", "zzzz", search: { _ in .success([]) })
    XCTAssertEqual(status, 0, "nothing found is not a failure")
    XCTAssertEqual(out, "")
    XCTAssertEqual(err, "TheMealDB found no meal called “zzzz”.\n")
    (status, out, _) = try meals("search", "zzzz", "--json", search: { _ in .success([]) })
    XCTAssertEqual(out, "[]\n")
    (status, _, err) = try meals("search")
    XCTAssertEqual(status, 2)
  }

  func testSearchThroughTheRealClient() throws {
    let server = try FixtureServer()
    defer { server.stop() }
    var (status, out, err) = try meals(
      "search", "arrabiata", search: Subcommand.networkSearch(apiURL: server.baseURL()))
    XCTAssertEqual(status, 0, err)
    XCTAssertTrue(out.hasPrefix("90001\tSpicy Arrabiata Penne\tVegetarian · Italian\n"), out)
    (status, _, err) = try meals(
      "search", "arrabiata", search: Subcommand.networkSearch(apiURL: "http://127.0.0.1:1/"))
    XCTAssertEqual(status, 1)
    XCTAssertEqual(err, "meals: Cannot connect to 127.0.0.1: server down or unreachable.\n")
  }

  // MARK: - The week plan

  func testCookedWritesTheLogAndLogPrintsItLatestFirst() throws {
    // Tuesday 1 December 2026: "friday" is the last one, 27 November.
    var result = try meals("cooked", "Pancakes", "--note", "less sugar", "--rating", "4")
    XCTAssertEqual(result.0, 0, result.2)
    XCTAssertEqual(result.1, "Cooked “Pancakes” on Tue 1 Dec 2026.\n")
    result = try meals("cooked", "Pancakes", "--date", "friday", "--servings", "2")
    XCTAssertEqual(result.1, "Cooked “Pancakes” on Fri 27 Nov 2026 (2nd time).\n")
    result = try meals("cooked", "Miso Soup", "--date", "yesterday")
    XCTAssertEqual(result.0, 0, result.2)
    result = try meals("log")
    XCTAssertEqual(
      result.1,
      """
      2026-12-01\t1\tPancakes\t4\t4\tless sugar
      2026-11-30\t3\tMiso Soup\t\t\t
      2026-11-27\t1\tPancakes\t2\t\t

      """)
    result = try meals("log", "miso", "--json")
    let rows = try XCTUnwrap(try json(result.1) as? [[String: Any]])
    XCTAssertEqual(rows.count, 1)
    XCTAssertEqual(rows[0]["date"] as? String, "2026-11-30")
    XCTAssertEqual(rows[0]["id"] as? Int, 3)
    XCTAssertTrue(rows[0]["rating"] is NSNull)
    // Mistakes are usage errors, and nothing is written for them.
    for bad in [
      ["--rating", "6"], ["--servings", "0"], ["--date", "tomorrow"], ["--date", "2026-02-30"],
    ] {
      result = try run(["cooked", "Pancakes"] + bad)
      XCTAssertEqual(result.0, 2, "\(bad)")
      XCTAssertTrue(result.2.hasSuffix("meals cooked --help says more.\n"), result.2)
    }
    result = try meals("cooked", "Nothing Like It")
    XCTAssertEqual(result.0, 1)
    XCTAssertEqual(try meals("log").1.split(separator: "\n").count, 3)
    // A meal deleted keeps its entries, without an id; put back, they are its own again.
    let store = try MealStore(path: options.databasePath)
    try store.deleteMeal(id: 3)
    XCTAssertTrue(try meals("log").1.contains("2026-11-30\t\tMiso Soup\t"))
    try store.restoreLastDeleted()
    XCTAssertTrue(try meals("log").1.contains("2026-11-30\t3\tMiso Soup\t"))
  }

  func testPlanSuggestShowsTheWeekThenSavesItOnlyWhenAsked() throws {
    XCTAssertEqual(try meals("cooked", "Pan Bagnat", "--date", "2026-11-28").0, 0)
    var result = try meals("plan", "suggest", "--week", "2026-W50")
    XCTAssertEqual(result.0, 0, result.2)
    var lines = result.1.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
    // Pan Bagnat was cooked 3 days ago: left out; Pancakes are a breakfast, not a dinner.
    XCTAssertEqual(lines, [["2026-12-07", "dinner", "3", "Miso Soup", "never cooked"]])
    XCTAssertEqual(result.2, "Nothing is saved: --save plans these; --seed N suggests others.\n")
    XCTAssertEqual(try meals("plan", "--week", "2026-W50").1, "", "nothing was planned")
    XCTAssertEqual(try meals("plan", "suggest", "--week", "2026-W50").1, result.1, "same seed")
    // Breakfasts too: the Pancakes there, saying why.
    result = try meals("plan", "suggest", "--week", "2026-W50", "--slots", "dinner,breakfast")
    lines = result.1.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
    XCTAssertEqual(
      lines,
      [
        ["2026-12-07", "breakfast", "1", "Pancakes", "never cooked · favourite · ★★★★★"],
        ["2026-12-07", "dinner", "3", "Miso Soup", "never cooked"],
      ])

    result = try meals(
      "plan", "suggest", "--week", "2026-W50", "--slots", "breakfast,dinner", "--save")
    XCTAssertEqual(result.2, "Planned 2 meals in 2026-W50.\n")
    XCTAssertEqual(try meals("plan", "--week", "2026-W50").1.split(separator: "\n").count, 2)
    // The week's meals are planned: nothing more to suggest, and said why.
    result = try meals("plan", "suggest", "--week", "2026-W50")
    XCTAssertEqual(result.1, "")
    XCTAssertTrue(result.2.hasPrefix("Nothing to suggest for 2026-W50"), result.2)
    for bad in [["--slots", "brunch"], ["--seed", "-1"], ["--from", "today"]] {
      result = try run(["plan", "suggest"] + bad)
      XCTAssertEqual(result.0, 2, "\(bad): \(result.2)")
    }
  }

  func testHistoryListsShowsAndPutsBackAVersion() throws {
    let store = try MealStore(path: options.databasePath)
    var draft = try store.editableCopy(of: 3)
    draft.meal.instructions = "Warm the dashi gently.\tWhisk in the miso."
    try store.commit(draft)
    var result = try meals("history", "Miso Soup")
    XCTAssertEqual(result.0, 0, result.2)
    let lines = result.1.split(separator: "\n").map { $0.split(separator: "\t").map(String.init) }
    XCTAssertEqual(lines.map { $0[0] }, ["2", "1"])
    XCTAssertEqual(lines.map { $0[2] }, ["steps", "first kept"])
    result = try meals("history", "3", "--show", "2")
    XCTAssertTrue(result.1.hasPrefix("Version 2 of 2, saved "), result.1)
    XCTAssertTrue(result.1.contains("  steps: 1 word out, 2 words in\n"), result.1)
    XCTAssertTrue(
      result.1.contains(
        "  steps, word by word: Warm the [-dashi.-] {+dashi gently.+} Whisk in the miso."),
      result.1)
    result = try meals("history", "Miso Soup", "--restore", "1")
    XCTAssertEqual(
      result.1,
      "Put version 1 of “Miso Soup” back as version 3 (meals history 3 --restore 2 undoes it).\n")
    XCTAssertEqual(
      try MealStore(path: options.databasePath).meal(id: 3)?.instructions,
      Self.meals[2].instructions)
    for bad in [["--show", "0"], ["--show", "1", "--restore", "1"]] {
      XCTAssertEqual(try run(["history", "Miso Soup"] + bad).0, 2, "\(bad)")
    }
    result = try meals("history", "Miso Soup", "--show", "7")
    XCTAssertEqual(result.0, 1)
    XCTAssertEqual(result.2, "meals: “Miso Soup” has no version 7 (1 to 3).\n")
  }

  func testPlanAddListRemoveAndTheirMistakes() throws {
    XCTAssertEqual(Self.today.description, "2026-12-01")
    // Nothing planned: no line for a script, and a person is told why (#58).
    var result = try meals("plan")
    XCTAssertEqual(result.0, 0)
    XCTAssertEqual(result.1, "")
    XCTAssertEqual(
      result.2,
      "Nothing is planned from 2026-11-30 to 2026-12-06. meals plan add MEAL DATE plans a meal.\n")
    result = try meals("plan", "add", "Pancakes", "friday", "--slot", "breakfast")
    XCTAssertEqual(result.0, 0, result.2)
    XCTAssertEqual(result.1, "Planned “Pancakes” on Fri 4 Dec 2026 (breakfast, 4 servings).\n")
    result = try meals("plan", "add", "Miso Soup", "2026-12-01", "--servings", "2")
    XCTAssertEqual(result.0, 0, result.2)
    result = try meals("plan", "add", "pan", "today")
    XCTAssertEqual(result.0, 1)
    XCTAssertTrue(result.2.contains("could be any of these"), result.2)
    // A date or a slot that is none is bad usage, said with plan add's own usage line.
    let addUsage =
      "Usage: meals plan add MEAL DATE [--slot breakfast|lunch|dinner|other] [--servings N]\n"
      + "meals plan --help says more.\n"
    result = try meals("plan", "add", "Pancakes", "2026-02-30")
    XCTAssertEqual(result.0, 2)
    XCTAssertTrue(result.2.contains("no such date “2026-02-30”"), result.2)
    XCTAssertTrue(result.2.hasSuffix(addUsage), result.2)
    result = try meals("plan", "add", "shak", "funday")
    XCTAssertEqual(result.0, 2, "the date is checked before the meal")
    result = try meals("plan", "add", "Pancakes", "today", "--slot", "brunch")
    XCTAssertEqual(result.0, 2)
    XCTAssertTrue(result.2.hasSuffix(addUsage), result.2)
    result = try meals("plan")
    XCTAssertEqual(
      result.1, "2026-12-01\tdinner\t2\t3\tMiso Soup\n2026-12-04\tbreakfast\t4\t1\tPancakes\n")
    result = try meals("plan", "--week", "2026-W50")
    XCTAssertEqual(result.1, "", "next week is empty")
    result = try meals("plan", "--from", "friday", "--days", "1", "--json")
    XCTAssertEqual(
      result.1,
      "[\n  {\"date\":\"2026-12-04\",\"slot\":\"breakfast\",\"servings\":4,\"meal_id\":1,\"meal\":\"Pancakes\",\"note\":null}\n]\n"
    )
    result = try meals("plan", "--week", "2026-W49", "--days", "3")
    XCTAssertEqual(result.0, 2, "--week and --days exclude each other")
    result = try meals("plan", "remove", "Pancakes", "thursday")
    XCTAssertEqual(result.0, 1)
    XCTAssertEqual(result.2, "meals: that meal is not planned on Thu 3 Dec 2026.\n")
    result = try meals("plan", "remove", "Pancakes", "fri")
    XCTAssertEqual(result.0, 0, result.2)
    XCTAssertEqual(try meals("plan").1, "2026-12-01\tdinner\t2\t3\tMiso Soup\n")
    XCTAssertEqual(try meals("plan", "tomorrow").0, 2, "an unknown plan command")
  }

  func testPlanExportIsICalendarAndShopScalesToThePlannedServings() throws {
    _ = try meals("plan", "add", "Pancakes", "today", "--servings", "8")
    _ = try meals("plan", "add", "Miso Soup", "2026-12-07")
    var result = try meals("plan", "export")
    XCTAssertEqual(result.0, 0, result.2)
    XCTAssertTrue(result.1.hasPrefix("BEGIN:VCALENDAR\r\n"), result.1)
    XCTAssertTrue(result.1.contains("DTSTART;VALUE=DATE:20261201\r\n"), result.1)
    XCTAssertTrue(result.1.contains("SUMMARY:Pancakes\r\n"), result.1)
    XCTAssertTrue(
      result.1.contains("DESCRIPTION:dinner · 8 servings\\n200 g Flour\\n4 Eggs"), result.1)
    XCTAssertFalse(result.1.contains("Miso"), "next week's meal is not in this week")
    result = try meals("plan", "export", "--from", "2026-12-07", "--output", "week.ics")
    XCTAssertEqual(result.2, "Exported 1 planned meal to week.ics.\n")
    let file = try String(
      contentsOf: folder.url.appendingPathComponent("week.ics"), encoding: .utf8)
    XCTAssertTrue(file.contains("SUMMARY:Miso Soup\r\n"), file)
    XCTAssertTrue(file.contains("UID:plan-2@meals\r\n"), file)
    XCTAssertEqual(try meals("plan", "export", "--format", "csv").0, 2)
    result = try meals("plan", "shop")
    XCTAssertEqual(result.2, "Added the ingredients of 1 planned meal to the shopping list.\n")
    // The list, in the shop's order (meals' own aisles: no aisle.conf here), for the shop.
    XCTAssertEqual(
      result.1,
      """
      # Shopping list

      ## Dairy and eggs

      - [ ] 4 Eggs (Pancakes)
      - [ ] 600 ml Milk (Pancakes)

      ## Baking

      - [ ] 200 g Flour (Pancakes)

      ## Spices and seasonings

      - [ ] Salt (Pancakes)

      """)
    let store = try MealStore(path: options.databasePath)
    let flour = store.shoppingItems().first { $0.ingredient == "Flour" }
    XCTAssertEqual(flour?.measure, "200 g", "8 servings of a recipe for 4")
  }

  /// The import's progress line never wraps (so `\r` clears it), wide characters counted as
  /// two cells; it is only drawn on a terminal, after a second.
  func testTheProgressLineFitsTheTerminal() {
    XCTAssertEqual(
      ImportProgress.fitting("Importing x: 12 meals — Soup", columns: 20), "Importing x: 12 mea")
    XCTAssertEqual(ImportProgress.fitting("寿司寿司寿司", columns: 6), "寿司")
    XCTAssertEqual(ImportProgress.fitting("Dal 🍲 é", columns: 80), "Dal 🍲 é")
    XCTAssertNil(ImportProgress(label: "x", write: { _ in }, isTerminal: false))
    var written: [String] = []
    let progress = ImportProgress(label: "x", write: { written.append($0) }, isTerminal: true)
    progress?.show(done: 1, name: "Soup")
    XCTAssertEqual(written, [], "nothing in the first second")
  }

  /// A program that runs past its time (git waiting on a network or a password) is stopped
  /// with everything it started, and the run says why.
  func testAProgramPastItsTimeIsStoppedWithWhatItStarted() {
    let run = ProgramRun.run("sh", ["-c", "echo started; sleep 30 & sleep 30"], timeout: 1)
    XCTAssertEqual(run.status, -1)
    XCTAssertEqual(
      run.firstComplaint,
      "sh did not finish within 1 s (waiting for the network, or for a password?)")
    XCTAssertEqual(run.output, "started\n")
    XCTAssertEqual(ProgramRun.run("sh", ["-c", "exit 3"]).status, 3, "in time: its own status")
  }

  func testAProgramGetsItsInputWholeOrAsMuchAsItReads() {
    // More than a pipe holds, while the program writes as much back: neither side stalls.
    let text = Array(String(repeating: "käse\n", count: 60_000).utf8)
    let echoed = ProgramRun.run("cat", [], input: text, timeout: 20)
    XCTAssertEqual(echoed.status, 0)
    XCTAssertEqual(echoed.bytes, text)
    // One that stops reading early (tmux gone) ends the run; meals goes on.
    let early = ProgramRun.run("head", ["-c", "5"], input: text, timeout: 20)
    XCTAssertEqual(early.status, 0)
    XCTAssertEqual(early.output, "käse")
    XCTAssertEqual(ProgramRun.run("cat", [], input: [], timeout: 5).output, "")
    XCTAssertEqual(ProgramRun.run("no-such-program-here", [], input: text).status, 127)
  }

  /// `--units` and `set units` show a meal in the reader's units; the meal is unchanged, and
  /// an export converts only when asked.
  func testShowInTheReadersUnits() throws {
    let json = folder.path("brownies.json")
    try """
    {"format": "meals", "version": 1, "meals": [{"name": "Brownies",
     "instructions": "Preheat the oven to 350°F.", "ingredients": [
       {"name": "all-purpose flour", "quantity": "1 cup"}, {"name": "milk", "quantity": "1 cup"},
       {"name": "tomatoes", "quantity": "1 (12 oz.) can"}]}]}
    """.write(toFile: json, atomically: true, encoding: .utf8)
    var (status, out, err) = try meals("import", json)
    XCTAssertEqual(status, 0, err)
    (status, out, err) = try meals("show", "Brownies", "--units", "metric")
    XCTAssertEqual(status, 0, err)
    XCTAssertTrue(out.contains("≈ 120 g         all-purpose flour\n"), out)
    XCTAssertTrue(out.contains("240 ml          milk\n"), out)
    XCTAssertTrue(out.contains("1 (12 oz.) can  tomatoes\n"), out)
    XCTAssertTrue(out.contains("Preheat the oven to 175 °C."), out)
    (status, out, _) = try meals("show", "Brownies")
    XCTAssertTrue(out.contains("1 cup           milk\n") && out.contains("350°F"), out)
    (status, out, _) = try meals("export", "Brownies", "--format", "cooklang")
    XCTAssertTrue(out.contains("@milk{1%cup}"), out)
    (status, out, _) = try meals("export", "Brownies", "--format", "cooklang", "--units", "metric")
    XCTAssertTrue(out.contains("@milk{240%ml}"), out)
    (status, _, err) = try meals("show", "Brownies", "--units", "kelvin")
    XCTAssertEqual(status, 2)
    XCTAssertTrue(err.hasPrefix("meals: show: --units takes as-written, metric or us"), err)
  }

  func testThePantryAndWhatCanBeCookedFromIt() throws {
    options = try database("pantry.sqlite", meals: [])
    let json = folder.path("meals.json")
    try """
    {"format": "meals", "version": 1, "meals": [
     {"name": "Omelette", "instructions": "Whisk, fry.", "ingredients": [
       {"name": "Eggs", "quantity": "3"}, {"name": "butter", "quantity": "1 knob"},
       {"name": "salt", "quantity": "a pinch"}]},
     {"name": "Shakshuka", "instructions": "Simmer.", "ingredients": [
       {"name": "eggs", "quantity": "4"}, {"name": "tomatoes, chopped", "quantity": "400 g"},
       {"name": "paprika", "quantity": "1 tsp"}, {"name": "red pepper", "quantity": "1"}]},
     {"name": "Pad Thai", "instructions": "Fry.", "ingredients": [
       {"name": "rice noodles", "quantity": "200 g"}, {"name": "prawns", "quantity": "200 g"},
       {"name": "fish sauce", "quantity": "2 tbsp"}, {"name": "lime", "quantity": "1"},
       {"name": "peanuts", "quantity": "50 g"}]}]}
    """.write(toFile: json, atomically: true, encoding: .utf8)
    var (status, out, err) = try meals("import", json)
    XCTAssertEqual(status, 0, err)
    (status, out, err) = try meals("pantry", "add", "6 eggs", "Butter", "tomato")
    XCTAssertEqual(status, 0, err)
    XCTAssertEqual(out, "Added to the pantry: 6 eggs, Butter, tomato.\n")
    (status, out, _) = try meals("pantry")
    XCTAssertEqual(out, "eggs\t6\nButter\t\ntomato\t\n")
    (status, out, _) = try meals("can-cook")
    XCTAssertEqual(
      out, "1\t0\tOmelette\t\n2\t2\tShakshuka\tpaprika, red pepper\n",
      "salt is a staple; a red pepper is no pepper; Pad Thai misses five")
    (status, out, _) = try meals("can-cook", "--missing", "all", "--json")
    let listed = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(out.utf8)) as? [[String: Any]])
    XCTAssertEqual(listed.map { $0["name"] as? String }, ["Omelette", "Shakshuka", "Pad Thai"])
    XCTAssertEqual(
      listed.last?["missing"] as? [String],
      [
        "rice noodles", "prawns", "fish sauce", "lime", "peanuts",
      ])
    (status, out, err) = try meals("pantry", "remove", "Egg", "caviar")
    XCTAssertEqual(out, "Taken out of the pantry: eggs (1 not in it).\n")
    (status, out, err) = try meals("can-cook", "--missing", "0")
    XCTAssertEqual(status, 0)
    XCTAssertEqual(out, "")
    XCTAssertTrue(err.hasPrefix("No saved meal has all it needs at home"), err)
    (status, _, err) = try meals("pantry", "remove", "caviar")
    XCTAssertEqual(status, 1)
    XCTAssertTrue(err.contains("none of these is in the pantry"), err)
    (status, _, err) = try meals("can-cook", "--missing", "-1")
    XCTAssertEqual(status, 2)
    XCTAssertTrue(err.hasPrefix("meals: can-cook: --missing takes"), err)
  }

  /// A long listing is made on two cores, its later half on the other: the same bytes as made
  /// on one, in rank order, names that need it made safe.
  func testALongCanCookListingMadeOnTwoCoresIsTheListingMadeOnOne() {
    let foods = ["Egg", "milk", "flour", "Crème fraîche, softened", "香菜", "salt"]
    var meals: [(id: Int64, name: String, lines: [(name: String, key: String)])] = []
    for id in 1...5_001 {
      let name =
        id % 7 == 0 ? "Soupe à l'oignon \(id)" : id % 11 == 0 ? "Bad\u{1B}[31m \(id)" : "Stew \(id)"
      let lines = (0..<(id % 5)).map { foods[(id + $0) % foods.count] }
      meals.append((Int64(id), name, lines.map { ($0, IngredientKey.of($0)) }))
    }
    let ranking = CanCook.ranking(meals, most: nil, atHome: { $0 == "egg" })
    let alone = CommandOutput()
    CanCookCommand.writeLines(ranking, to: alone, apartFrom: .max)
    let apart = CommandOutput()
    CanCookCommand.writeLines(ranking, to: apart, apartFrom: 2)
    XCTAssertGreaterThan(ranking.count, 3_000)
    XCTAssertEqual(apart.captured, alone.captured)
    let lines = alone.text.split(separator: "\n")
    XCTAssertEqual(lines.count, ranking.count)
    XCTAssertEqual(lines.map { Int64($0.split(separator: "\t")[0]) }, ranking.ids.map { $0 })
    XCTAssertFalse(alone.captured.contains(0x1B), "an escape in a name is not written")
  }
}
