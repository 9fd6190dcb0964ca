import Fixtures
import Foundation
import MealsStore
import TestSupport
import XCTest

/// `meals import` of every recipe manager's export, through the real binary.
///
/// What it says, and what `meals show --json` then holds. The exports are written by
/// Tests/Exports/make_exports.py (of our own making, with the quirks real exports have).
final class ExportImportEndToEndTests: XCTestCase {
  private var folder: TemporaryFolder!
  private var database = ""
  /// The exports, written once for the whole class (the zip bomb takes seconds to deflate).
  nonisolated(unsafe) private static var made: TemporaryFolder?
  private var exports: String { Self.made?.path("exports") ?? "" }

  override class func setUp() {
    super.setUp()
    guard let made = try? TemporaryFolder() else { return }
    let script = PackagePaths.root.appendingPathComponent("Tests/Exports/make_exports.py").path
    let result = try? runProcess(["/usr/bin/env", "python3", script, made.path("exports")])
    if result?.status == 0 { Self.made = made }
  }

  override class func tearDown() {
    made?.remove()
    made = nil
    super.tearDown()
  }

  override func setUpWithError() throws {
    guard Self.made != nil else {
      throw NSError(
        domain: "ExportImportEndToEndTests", code: 1,
        userInfo: [
          NSLocalizedDescriptionKey:
            "Tests/Exports/make_exports.py could not write the exports (is python3 there?)"
        ])
    }
    folder = try TemporaryFolder()
    database = folder.path("meals.sqlite")
  }

  override func tearDown() {
    folder?.remove()
    folder = nil
  }

  @discardableResult
  private func meals(_ arguments: String...) throws -> (
    status: Int32, output: String, errors: String
  ) {
    try runProcess([Products.meals, "--db", database] + arguments)
  }

  private func file(_ name: String) -> String { exports + "/" + name }

  /// The meal called `name` as `meals show --json` gives it.
  private func shown(_ name: String) throws -> [String: Any] {
    let result = try meals("show", name, "--json")
    XCTAssertEqual(result.status, 0, result.errors)
    let object = try JSONSerialization.jsonObject(with: Data(result.output.utf8))
    return try XCTUnwrap(object as? [String: Any], result.output)
  }

  private func ingredients(_ meal: [String: Any]) -> [String] {
    ((meal["ingredients"] as? [[String: String]]) ?? []).map {
      [$0["quantity"] ?? "", $0["name"] ?? ""].filter { !$0.isEmpty }.joined(separator: " ")
    }
  }

  /// The group each ingredient line is listed under ("" for none), in order.
  private func groups(_ meal: [String: Any]) -> [String] {
    ((meal["ingredients"] as? [[String: String]]) ?? []).map { $0["group"] ?? "" }
  }

  private func photo(_ meal: [String: Any]) -> String? {
    (meal["photo"] as? [String: Any])?["type"] as? String
  }

  private func count() throws -> Int {
    let result = try meals("list", "--json")
    let list = try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [Any]
    return list?.count ?? -1
  }

  // MARK: - Every export

  func testPaprikaExportComesInWholeAndSaysWhatItCouldNotRead() throws {
    let result = try meals("import", file("My Recipes.paprikarecipes"))
    XCTAssertEqual(result.status, 0, result.errors)
    XCTAssertTrue(
      result.output.hasPrefix(
        "Imported 2 meals from a Paprika export (1 not readable: “Aunt May's pie”: no ingredients or steps)."
      ), result.output)
    let creme = try shown("Crème brûlée")
    XCTAssertEqual(
      ingredients(creme),
      ["500 ml double cream", "5 egg yolks", "100 g caster sugar", "2 tbsp demerara sugar"],
      "CRLF lines, group headings not taken as ingredients")
    XCTAssertEqual(
      groups(creme), ["FOR THE CUSTARD", "FOR THE CUSTARD", "FOR THE CUSTARD", "To finish"],
      "the headings kept as the groups of the lines under them")
    let steps = try XCTUnwrap(creme["instructions"] as? String)
    XCTAssertTrue(
      steps.hasPrefix(
        "Heat the oven to 150°C.\nWarm the cream & whisk with the yolks and sugar.\nBake"),
      "HTML in the text read as text: \(steps)")
    XCTAssertTrue(
      steps.hasSuffix(
        "Notes\nChill overnight.\nCaramelise just before serving.\nSource: Grandmother's notebook"),
      steps)
    XCTAssertEqual(creme["totalMinutes"] as? Int, 90, "1 hr 30 mins")
    XCTAssertEqual(creme["servings"] as? Int, 4)
    XCTAssertEqual(creme["category"] as? String, "Desserts")
    XCTAssertEqual(creme["tags"] as? [String], ["French"])
    XCTAssertEqual(creme["rating"] as? Int, 5)
    XCTAssertEqual(creme["favourite"] as? Bool, true)
    XCTAssertEqual(creme["difficulty"] as? String, "Intermediate")
    XCTAssertEqual(photo(creme), "image/jpeg")
    let dal = try shown("Dal 🍲")
    XCTAssertEqual(
      dal["instructions"] as? String, "Rinse the lentils.\nSimmer with the onion for 25 minutes.",
      "its own numbering dropped")
    XCTAssertEqual(dal["sourceURL"] as? String, "https://example.org/dal")
    XCTAssertEqual(dal["totalMinutes"] as? Int, 25, "PT25M")
    XCTAssertEqual(photo(dal), "image/png", "a photo from the photos list")
    // A single recipe, gzip-compressed, is the same recipe: already there.
    let single = try meals("import", file("Dal.paprikarecipe"))
    XCTAssertEqual(
      single.output, "Imported 0 meals from a Paprika export (1 already in the book, skipped).\n")
  }

  func testTheSameExportImportedAgainAddsNothing() throws {
    for name in ["Recipes.melarecipes", "mealie-v1.zip", "desserts.mmf", "plantoeat.csv"] {
      XCTAssertEqual(try meals("import", file(name)).status, 0)
    }
    let before = try count()
    XCTAssertEqual(before, 7)
    let again = try meals("import", file("Recipes.melarecipes"))
    XCTAssertEqual(
      again.output, "Imported 0 meals from a Mela export (2 already in the book, skipped).\n")
    XCTAssertEqual(
      try meals("import", file("Toast.melarecipe")).output,
      "Imported 0 meals from a Mela export (1 already in the book, skipped).\n",
      "matched by Mela's own id")
    XCTAssertEqual(
      try meals("import", file("desserts.mmf")).output,
      "Imported 0 meals from a Meal-Master file (3 already in the book, skipped).\n",
      "no id: matched by content")
    XCTAssertEqual(
      try meals("import", file("mealie-v1.zip")).output,
      "Imported 0 meals from a Mealie backup (1 already in the book, skipped).\n")
    XCTAssertEqual(try count(), before)
  }

  func testMelaMealieTandoorAndNextcloudKeepSectionsTimesAndPhotosBesideTheRecipe() throws {
    for (name, found) in [
      ("Recipes.melarecipes", "Imported 2 meals from a Mela export."),
      ("mealie-v0.zip", "Imported 1 meal from a Mealie backup."),
      ("mealie-v05.zip", "Imported 1 meal from a Mealie backup."),
      ("mealie-v1.zip", "Imported 1 meal from a Mealie backup."),
      ("tandoor-export.zip", "Imported 1 meal from a Tandoor export."),
      ("nextcloud-cookbook.zip", "Imported 2 meals from a Nextcloud Cookbook export."),
    ] {
      let result = try meals("import", file(name))
      XCTAssertEqual(result.status, 0, result.errors)
      XCTAssertEqual(result.output.split(separator: "\n").first.map(String.init), found, name)
    }
    let shakshuka = try shown("Shakshuka")
    XCTAssertEqual(shakshuka["sectionTitles"] as? [String], ["Sauce", "Eggs", "Notes"])
    XCTAssertEqual(
      ingredients(shakshuka),
      ["2 tbsp olive oil", "1 onion", "400 g tinned tomatoes", "4 eggs", "A handful of parsley"],
      "`#` group titles are no ingredients")
    XCTAssertEqual(groups(shakshuka), ["Sauce", "Sauce", "Sauce", "To finish", "To finish"])
    XCTAssertEqual(shakshuka["servings"] as? Int, 4, "Serves 2-4")
    XCTAssertEqual(shakshuka["totalMinutes"] as? Int, 30, "PT30M")
    XCTAssertEqual(shakshuka["favourite"] as? Bool, true)
    XCTAssertEqual(photo(shakshuka), "image/png")
    let pancakes = try shown("Pancakes")
    XCTAssertEqual(ingredients(pancakes), ["200 g flour, plain", "2 eggs", "300 ml milk"])
    XCTAssertEqual(groups(pancakes), ["Batter", "Batter", "Batter"], "Mealie's title on a line")
    XCTAssertEqual(pancakes["rating"] as? Int, 4)
    XCTAssertEqual(
      pancakes["cookware"] as? [[String: String]], [["name": "pan"]],
      "Mealie's tools: the blender no step names is not kept")
    XCTAssertEqual(photo(pancakes), "image/webp", "images/original.webp beside the recipe")
    // Mealie 0.5's backup as it wrote it: snake case, whole lines in notes with amounts off,
    // a Mac's `._` twins of the files passed over.
    let stew = try shown("Beef & Guinness stew")
    XCTAssertEqual(
      ingredients(stew),
      [
        "1/4 cup plain flour", "1 kg stewing beef, cut into cubes", "440 ml Guinness",
        "2 bay leaves",
      ],
      "the note is the line; its quantity of 1 is no amount")
    XCTAssertEqual(groups(stew), ["", "", "For the pot", "For the pot"])
    XCTAssertEqual(
      stew["instructions"] as? String,
      "Browning\nToss the beef in the flour and brown it in batches.\nAdd the Guinness and the bay leaves; simmer for 2 hours.\nNotes\nA winter stew."
    )
    XCTAssertEqual(stew["totalMinutes"] as? Int, 150, "2 Hours 30 Minutes")
    XCTAssertEqual(stew["servings"] as? Int, 4)
    XCTAssertEqual(stew["category"] as? String, "Dinner")
    XCTAssertEqual(stew["tags"] as? [String], ["Winter"])
    XCTAssertEqual(stew["sourceURL"] as? String, "https://example.org/stew")
    XCTAssertEqual(photo(stew), "image/webp")
    let risotto = try shown("Risotto")
    XCTAssertEqual(ingredients(risotto), ["320 g rice, carnaroli", "½ cup white wine"], "in order")
    XCTAssertEqual(groups(risotto), ["Base", "Base"])
    XCTAssertEqual(
      risotto["instructions"] as? String,
      "Start\nToast the rice in a heavy pan.\nAdd stock a ladle at a time.\nNotes\nStir.")
    XCTAssertEqual(
      risotto["cookware"] as? [[String: String]], [["name": "heavy pan"], ["name": "ladle"]],
      "Mealie's `Ladle` as the steps write it")
    XCTAssertEqual(risotto["category"] as? String, "Dinner")
    XCTAssertEqual(photo(risotto), "image/webp", "data/recipes/ID/images/original.webp")
    let focaccia = try shown("Focaccia")
    XCTAssertEqual(ingredients(focaccia), ["500 g flour", "400 ml water, warm", "salt"])
    XCTAssertEqual(
      groups(focaccia), ["Dough", "Dough", "Topping"], "a step's name, then a header line")
    XCTAssertEqual(focaccia["totalMinutes"] as? Int, 150)
    XCTAssertEqual(focaccia["tags"] as? [String], ["bread", "italian"])
    XCTAssertEqual(photo(focaccia), "image/jpeg", "image.jpeg in the recipe's own zip")
    let soupe = try shown("Soupe à l'oignon")
    XCTAssertEqual(soupe["totalMinutes"] as? Int, 75)
    XCTAssertEqual(photo(soupe), "image/jpeg", "full.jpg beside recipe.json")
    XCTAssertNil(soupe["thumbnailURL"], "not the address behind the Nextcloud's login")
    XCTAssertEqual(
      try shown("Fattoush")["thumbnailURL"] as? String, "https://images.example.org/fattoush.jpg",
      "a picture only addressed is kept as the meal's picture address")
  }

  /// A page whose method is found and whose ingredients are not comes in with what it shows,
  /// and the import says what is missing (it was refused as "not a recipe page").
  func testAPageWithStepsAndNoIngredientListComesInSaid() throws {
    let page = folder.path("rolls.html")
    try """
    <html><head><title>Soft rolls</title></head><body><h1>Soft rolls</h1>
    <div class="card-header"><a href="#">Method</a></div>
    <div><ol><li>Mix everything in a bowl until smooth.</li>
    <li>Shape the dough into rolls and bake them for 12 minutes.</li></ol></div>
    </body></html>
    """.write(toFile: page, atomically: true, encoding: .utf8)
    let result = try meals("import", page)
    XCTAssertEqual(result.status, 0, result.errors)
    let lines = result.output.split(separator: "\n").map(String.init)
    XCTAssertEqual(lines.first, "Imported 1 meal.")
    XCTAssertTrue(lines.contains { $0.hasSuffix("\tno ingredients") && $0.contains("Soft rolls") })
    XCTAssertEqual(lines.last, "1 recipe has no ingredients — add them in the editor.")
    let rolls = try shown("Soft rolls")
    XCTAssertEqual(
      rolls["instructions"] as? String,
      "Mix everything in a bowl until smooth.\nShape the dough into rolls and bake them for 12 minutes."
    )
  }

  func testTheOtherExportsAndAFolderComeIn() throws {
    for (name, found) in [
      ("chowdown.zip", "Imported 1 meal from a Chowdown site."),
      ("copymethat.zip", "Imported 2 meals from a Copy Me That export."),
      ("recipekeeper.zip", "Imported 1 meal from a Recipe Keeper export."),
      ("plantoeat.csv", "Imported 1 meal from a Plan to Eat export."),
      ("myrecipebox.csv", "Imported 2 meals from a My Recipe Box export."),
      ("Pad thai.crumb", "Imported 1 meal from a Crouton export."),
      (
        "desserts.mmf",
        "Imported 3 meals from a Meal-Master file. 1 recipe has no steps — add them in the editor."
      ),
      ("Nextcloud Recipes", "Imported 2 meals from a Nextcloud Cookbook export."),
    ] {
      let result = try meals("import", file(name))
      XCTAssertEqual(result.status, 0, result.errors)
      XCTAssertEqual(result.output.split(separator: "\n").first.map(String.init), found, name)
    }
    // My Recipe Box: a recipe with no source is written one cell along; read where it is.
    let banana = try shown("Banana bread")
    XCTAssertEqual(banana["sourceURL"] as? String, "https://example.org/banana")
    XCTAssertEqual(banana["thumbnailURL"] as? String, "https://example.org/banana.jpg")
    XCTAssertEqual(banana["totalMinutes"] as? Int, 70)
    XCTAssertEqual(banana["favourite"] as? Bool, true)
    let salad = try shown("Apple salad")
    XCTAssertEqual(salad["sourceURL"] as? String, "https://example.org/apple-salad/")
    XCTAssertEqual(salad["thumbnailURL"] as? String, "https://example.org/apple-salad.jpg")
    let guacamole = try shown("Guacamole")
    XCTAssertEqual(
      ingredients(guacamole), ["3 avocados", "1 lime", "salt", "1 bunch of coriander"])
    XCTAssertEqual(
      (guacamole["ingredients"] as? [[String: Any]])?.last?["name"] as? String, "coriander",
      "the bunch is its quantity")
    XCTAssertEqual(guacamole["tags"] as? [String], ["mexican", "dip"])
    XCTAssertEqual(photo(guacamole), "image/jpeg", "images/ in a folder around the site")
    // Copy Me That's export as it writes it (spaces around `=`, its own classes).
    let chicken = try shown("Lemon & herb chicken")
    XCTAssertEqual(chicken["servings"] as? Int, 4)
    XCTAssertEqual(chicken["tags"] as? [String], ["Dinner", "roast"])
    XCTAssertEqual(chicken["favourite"] as? Bool, true, "starred")
    XCTAssertEqual(chicken["rating"] as? Int, 4)
    XCTAssertEqual(chicken["sourceURL"] as? String, "https://example.org/chicken")
    XCTAssertEqual(
      ingredients(chicken),
      ["1 chicken (about 1.5 kg)", "2 lemons", "50 g butter, soft", "1 small bunch of thyme"],
      "no spacer, no heading among them")
    XCTAssertEqual(groups(chicken), ["", "", "For the herb butter", "For the herb butter"])
    XCTAssertEqual(
      chicken["instructions"] as? String,
      "Rub the chicken with lemon.\nRoasting\nRoast for 1 hour at 200'C & rest.\nNotes\nRest 10 minutes."
    )
    XCTAssertEqual(photo(chicken), "image/jpeg")
    let tea = try shown("Iced tea")
    XCTAssertEqual(ingredients(tea), ["4 tea bags", "1 l water"], "list items without a class")
    XCTAssertEqual(tea["instructions"] as? String, "Brew and chill.")
    let minestrone = try shown("Minestrone")
    XCTAssertEqual(
      minestrone["instructions"] as? String,
      "Chop the vegetables.\nSimmer everything.\nNotes\nBetter the next day.")
    XCTAssertEqual(minestrone["totalMinutes"] as? Int, 80)
    XCTAssertEqual(minestrone["favourite"] as? Bool, true)
    XCTAssertEqual(photo(minestrone), "image/jpeg")
    let chilli = try shown("Chilli, \"the\" best")
    XCTAssertEqual(ingredients(chilli), ["500 g beef mince", "2 tins kidney beans", "1 tsp cumin"])
    XCTAssertEqual(
      groups(chilli), ["", "", "To serve"], "Plan to Eat's `, To serve` heads a group")
    XCTAssertEqual(chilli["area"] as? String, "Tex-Mex")
    XCTAssertEqual(chilli["totalMinutes"] as? Int, 135)
    let padThai = try shown("Pad thai")
    XCTAssertEqual(
      ingredients(padThai), ["2 eggs", "200 g rice noodles", "1 ½ tbsp fish sauce", "1 lime"])
    XCTAssertEqual(
      groups(padThai), ["", "", "", "To serve"], "Crouton's SECTION entry heads a group")
    XCTAssertEqual(padThai["sectionTitles"] as? [String], ["Wok", "Notes"])
    let crumble = try shown("Apple crumble")
    XCTAssertEqual(
      ingredients(crumble),
      [
        "6 Bramley apples; peeled and sliced", "1/2 cup Sugar", "2 cups Flour",
        "1 tsp Cinnamon ground",
        "1/2 cup Butter", "1/4 cup Brown sugar packed",
      ], "two columns, continuation lines, groups")
    XCTAssertEqual(
      groups(crumble), ["FILLING", "FILLING", "TOPPING", "TOPPING", "TOPPING", "TOPPING"])
    XCTAssertTrue(
      (crumble["instructions"] as? String ?? "").hasSuffix("Crème fraîche on the side."), "CP1252")
    XCTAssertEqual(try shown("Café au lait")["servings"] as? Int, 1)
    // No directions: it comes in with what it has; hundredths read as a cook's fractions, a
    // continuation further left, a `=====` heading.
    let soup = try shown("Squash soup")
    XCTAssertEqual(
      ingredients(soup),
      ["1 Acorn squash peeled and cubed", "1/2 cup Stock (or water)", "1/3 cup Parmesan", "Salt"])
    XCTAssertEqual(groups(soup), ["", "", "for the top", "for the top"])
    XCTAssertEqual(soup["instructions"] as? String, "")
  }

  func testPhotosGoOutAndComeBackWithMealsOwnExports() throws {
    XCTAssertEqual(try meals("import", file("My Recipes.paprikarecipes")).status, 0)
    let pictures = PackagePaths.root.appendingPathComponent("Resources/fixtures/pictures").path
    let jpeg = try Data(contentsOf: URL(fileURLWithPath: pictures + "/meal.jpg"))
    // Our JSON carries the photo; a folder holds it beside each meal's file.
    XCTAssertEqual(try meals("export", "--output", folder.path("book.json")).status, 0)
    XCTAssertEqual(
      try meals("export", "--format", "cooklang", "--output", folder.path("book") + "/").status, 0)
    XCTAssertEqual(FileManager.default.contents(atPath: folder.path("book/Crème brûlée.jpg")), jpeg)
    for source in ["book.json", "book"] {
      database = folder.path("from-\(source).sqlite")
      let result = try meals("import", folder.path(source))
      XCTAssertEqual(result.status, 0, result.errors)
      XCTAssertEqual(photo(try shown("Crème brûlée")), "image/jpeg", source)
      XCTAssertEqual(photo(try shown("Dal 🍲")), "image/png", source)
      let store = try MealStore(path: database)
      let id = try XCTUnwrap(store.mealIDs(named: "Crème brûlée").first)
      XCTAssertEqual(try store.photo(mealID: id)?.bytes, [UInt8](jpeg), "byte for byte")
    }
  }

  func testAnImportKilledHalfWayStoresNothing() throws {
    let script = PackagePaths.root.appendingPathComponent("Tests/Exports/make_exports.py").path
    let big = folder.path("big")
    XCTAssertEqual(
      try runProcess(["/usr/bin/env", "python3", script, big, "--paprika", "300"]).status, 0)
    let export = big + "/bench-300.paprikarecipes"
    for round in 0..<3 {
      let child = try ChildProcess([Products.meals, "--db", database, "import", export])
      // Killed once the transaction has written part of it (the write-ahead log grows).
      var size = 0
      let deadline = Date().addingTimeInterval(30)
      while size < (round + 1) * 4_000_000, Date() < deadline {
        size =
          (try? FileManager.default.attributesOfItem(atPath: database + "-wal")[.size] as? Int) ?? 0
        usleep(2_000)
      }
      child.kill(SIGKILL)
      XCTAssertEqual(child.wait(), 128 + SIGKILL, "killed while it ran (round \(round))")
      XCTAssertEqual(try count(), 0, "none of it stored (round \(round), WAL \(size) bytes)")
    }
    XCTAssertEqual(
      try meals("import", export).output.split(separator: "\n").first,
      "Imported 300 meals from a Paprika export.")
  }

  // MARK: - Bad input

  func testBadExportsSayWhatIsWrongAndStoreNothing() throws {
    let cases: [(String, String)] = [
      ("bad/bomb.paprikarecipes", "bomb.paprikarecipe: it inflates to more than 32 MB."),
      ("bad/bombs.zip", "3 of its files inflate past 32 MB each (a zip bomb?)."),
      ("bad/truncated.paprikarecipes", "the archive is cut short (truncated)"),
      ("bad/bad-gzip.paprikarecipe", "the archive cannot be read: gzip decompression failed."),
      ("bad/broken.melarecipe", "broken.melarecipe: its JSON is broken"),
      ("wrong-columns.csv", "its columns are not a recipe export's"),
      ("bad/empty.zip", "no recipe of a known export is in it"),
      ("bad/nothing-known.zip", "no recipe of a known export is in it"),
    ]
    for (name, message) in cases {
      let result = try runProcess([
        "/usr/bin/env", "python3", "-c",
        "import resource,subprocess,sys; r=subprocess.run(sys.argv[1:]); "
          + "print(r.returncode, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)",
        Products.meals, "--db", database, "import", file(name),
      ])
      let figures = result.output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
      XCTAssertEqual(figures.first, 1, "\(name): exit 1")
      XCTAssertLessThan(figures.last ?? .max, 100 * 1024, "\(name): peak memory in KB")
      XCTAssertTrue(
        result.errors.hasPrefix("meals: \(file(name)): "), "\(name) named: \(result.errors)")
      XCTAssertTrue(result.errors.contains(message), "\(name): \(result.errors)")
      XCTAssertTrue(result.errors.hasSuffix("Nothing was imported.\n"), result.errors)
      XCTAssertEqual(try count(), 0, name)
    }
  }

  func testMembersClimbingOutOfTheArchiveAreNotRead() throws {
    let result = try meals("import", file("bad/climbing.paprikarecipes"))
    XCTAssertEqual(result.status, 0, result.errors)
    XCTAssertEqual(
      result.output.split(separator: "\n").first, "Imported 1 meal from a Paprika export.")
    let archive = file("bad/climbing.paprikarecipes")
    XCTAssertEqual(
      result.errors,
      "\(archive): ../../escape.paprikarecipe: its path leads out of the export; not read\n"
        + "\(archive): /etc/abs.paprikarecipe: its path leads out of the export; not read\n")
    XCTAssertEqual(try count(), 1)
  }
}
