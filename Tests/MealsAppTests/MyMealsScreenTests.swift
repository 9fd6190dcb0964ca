import MealsCore
import MealsStore
import TerminalUI
import XCTest

@testable import MealsApp

final class MyMealsScreenTests: XCTestCase {
  func testEmptyStateAtTheSmallestSize() throws {
    let app = try AppHarness(size: Size(width: 40, height: 12), catalogue: false)
    XCTAssertEqual(
      app.lines,
      [
        " My Meals",
        "                                0 meals",
        "   Your recipe book in the terminal:",
        "   keep your own meals, find new ones",
        "    on TheMealDB, and cook from the",
        "               keyboard.",
        "        [ a  Search TheMealDB  ]",
        "        [ c  Browse categories ]",
        "        [ r  Browse areas      ]",
        "        [ n  Create a meal     ]",
        " Importing the ingr…       ███     0 KB",
        " Enter press  ←→↑↓ Tab choose  ? help",
      ])
  }

  func testRowsShowNameSummaryAndCount() throws {
    let app = try AppHarness(size: Size(width: 60, height: 12))
    _ = try app.store.storeFound(AppHarness.fixtureMeal("Arrabiata"))
    _ = try app.store.createMeal(name: "Toast", instructions: "Toast the bread until golden.")
    app.navigator.clearStatus()
    XCTAssertEqual(
      Array(app.lines.prefix(5)),
      [
        " My Meals",
        "                                                    2 meals",
        "  ✓ All 2  │  Vegetarian 1  │  Italian 1",
        "▸ Spicy Arrabiata Penne     penne rigate, olive oil, garli…",
        "  Toast                     Toast the bread until golden.",
      ])
  }

  func testOneMealIsSingularAndLongNamesAreTruncatedNotWrapped() throws {
    let app = try AppHarness(size: Size(width: 40, height: 12))
    _ = try app.store.createMeal(
      name: "A very long meal name that keeps going and going", instructions: "Go.")
    XCTAssertTrue(app.lines[1].hasSuffix("1 meal"))
    XCTAssertEqual(app.lines[2], "▸ A very long meal name t…  Go.", "the name takes 3/5")
    XCTAssertEqual(app.lines[3], "")
  }

  func testDeleteAtOnceThenUndo() throws {
    let app = try AppHarness()
    _ = try app.store.createMeal(name: "Apple pie", instructions: "Bake.")
    let toast = try app.store.createMeal(name: "Toast", instructions: "Toast.")
    app.press(.down)
    app.press(.character("d"))
    XCTAssertTrue(app.lines[1].hasSuffix("1 meal"))
    XCTAssertFalse(app.lines[2...20].joined().contains("Toast"))
    XCTAssertEqual(app.lines[22], " Deleted “Toast” — u undoes, T lists Recently Deleted.")
    app.press(.character("u"))
    XCTAssertTrue(app.lines[1].hasSuffix("2 meals"))
    XCTAssertTrue(app.lines[3].hasPrefix("▸ Toast"), "the restored meal is selected")
    XCTAssertEqual(app.store.index(ofMeal: toast), 1)
    app.press(.delete)
    XCTAssertEqual(app.store.mealCount, 1)
  }

  func testManyMatchesShowRowsAtOnceAndTheirCountWhenTypingPauses() throws {
    let app = try AppHarness()
    try app.store.insert(
      contentsOf: (0..<300).map {
        Meal(name: String(format: "Soup %03d", $0), instructions: $0 % 2 == 0 ? "Stir." : "Boil.")
      })
    app.press(.character("/"))
    app.type("s")
    XCTAssertTrue(app.lines[1].hasSuffix("counting… of 300 meals match"), app.lines[1])
    XCTAssertTrue(app.lines[2].hasPrefix("▸ Soup 000"), "the rows come first")
    app.wait(100)
    app.type("t")
    app.wait(100)
    XCTAssertTrue(app.lines[1].hasSuffix("counting… of 300 meals match"), "still typing")
    app.wait(60)
    XCTAssertTrue(app.lines[1].hasSuffix("150 of 300 meals match"), app.lines[1])
    app.press(.enter, .end)
    XCTAssertTrue(app.text.contains("▸ Soup 298"), "End goes to the last match")
    app.press(.escape, .character("/"))
    app.type("soup 29")
    XCTAssertTrue(
      app.lines[1].hasSuffix("10 of 300 meals match"), "a few matches are counted as they are read")
  }

  /// The counts run on their worker: the loop hands the job over and goes on; a key that
  /// changes the filter drops the answer under way, and End waits for the count, not the key.
  func testCountsComeFromTheWorkerAndAKeyDropsAStaleOne() throws {
    let app = try AppHarness()
    try app.store.insert(
      contentsOf: (0..<300).map {
        Meal(name: String(format: "Soup %03d", $0), instructions: $0 % 2 == 0 ? "Stir." : "Boil.")
      })
    let worker = app.app.context.counter
    app.press(.character("/"))
    app.type("st")
    app.wait(160)
    // The frame the loop draws right away: the count is still on the worker.
    let header = { app.navigator.render(size: app.size).lines[1] }
    XCTAssertTrue(header().hasSuffix("counting… of 300 meals match"), header())
    XCTAssertTrue(worker.isBusy, "the count was handed to the worker")
    app.type("i")  // `sti`: the answer for `st` must not show
    worker.finishAll()
    XCTAssertTrue(header().hasSuffix("counting… of 300 meals match"), header())
    app.wait(160)
    worker.finishAll()
    XCTAssertTrue(header().hasSuffix("150 of 300 meals match"), header())
    // End before the count: the list goes to the last match when the count is back.
    app.press(.backspace)
    app.press(.enter, .end)
    XCTAssertFalse(app.navigator.render(size: app.size).lines.joined().contains("▸ Soup 298"))
    worker.finishAll()
    XCTAssertTrue(app.text.contains("▸ Soup 298"), "End went to the last match")
  }

  func testTheDailyBackupRunsOnItsWorkerAndSaysWhenItIsMade() throws {
    let app = try AppHarness()
    _ = try app.store.createMeal(name: "Toast", instructions: "Toast.")
    let path = app.folder.path("meals.sqlite")
    app.app.backUpIfDue()
    XCTAssertTrue(app.app.isBackingUp, "handed to its worker; the loop goes on")
    app.press(.down)
    app.app.context.backupWorker.finishAll()
    XCTAssertFalse(app.app.isBackingUp)
    XCTAssertEqual(try MealStore.inspectBackup(number: 1, of: path).mealCount, 1)
    XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".bak.new"), "no temporary file")
    XCTAssertEqual(app.lines[22], " Today's backup is made (meals.sqlite.bak.1).")
    app.app.backUpIfDue()
    XCTAssertFalse(app.app.isBackingUp, "one a day")
  }

  /// At 100 columns help takes two columns, and a long line wraps in its column: nothing is
  /// cut, and everything fits without scrolling.
  func testHelpUsesTheWidthThereIs() throws {
    let app = try AppHarness(size: Size(width: 100, height: 30))
    _ = try app.store.storeFound(AppHarness.fixtureMeal("Arrabiata"))
    app.press(.character("?"))
    XCTAssertTrue(
      app.lines.contains { $0.contains("chips (filter by category,") }, app.text)
    XCTAssertTrue(app.lines.contains { $0.contains("  area, difficulty)") }, app.text)
    XCTAssertTrue(app.lines.contains { $0.contains("any key closes") }, "all in view: \(app.text)")
    XCTAssertTrue(app.lines.contains { $0.contains("Ctrl-C            quit") }, app.text)
  }

  /// `?` on the empty book at 100×30 (#58): `q quit` is the first line, the keys that act on
  /// a meal are left out (there is none), and nothing hides below the fold.
  func testHelpOnTheEmptyBookShowsQuitFirstAndOnlyKeysThatWork() throws {
    let app = try AppHarness(size: Size(width: 100, height: 30))
    app.press(.character("?"))
    let top = try XCTUnwrap(app.lines.firstIndex { $0.contains("Keys — My Meals") }, app.text)
    XCTAssertTrue(app.lines[top + 1].contains("│ q         quit  "), app.lines[top + 1])
    XCTAssertTrue(app.text.contains("any key closes"), "no ↓ more: \(app.text)")
    for absent in ["favourite on/off", "copy the meal", "plan the meal", "Cook Mode"] {
      XCTAssertFalse(app.text.contains(absent), "\(absent) does nothing without a meal")
    }
    XCTAssertTrue(app.text.contains("import a recipe"), app.text)
  }

  /// The count's verb agrees with it: one meal matches, none of one meal matches.
  func testTheMatchCountIsGrammatical() throws {
    let app = try AppHarness()
    _ = try app.store.storeFound(AppHarness.fixtureMeal("Arrabiata"))
    app.press(.character("/"))
    app.type("penne")
    XCTAssertTrue(app.lines[1].hasSuffix(" 1 of 1 meal matches"), app.lines[1])
    app.type("x")
    XCTAssertTrue(app.lines[1].hasSuffix(" none of 1 meal matches"), app.lines[1])
    XCTAssertEqual(MyMealsScreen.matchText(0, of: 3), "none of 3 meals match")
    XCTAssertEqual(MyMealsScreen.matchText(2, of: 3), "2 of 3 meals match")
  }

  func testFilterAsYouTypeAndEscClears() throws {
    let app = try AppHarness()
    _ = try app.store.storeFound(AppHarness.fixtureMeal("Arrabiata"))
    _ = try app.store.storeFound(AppHarness.fixtureMeal("Chicken Soup"))
    _ = try app.store.storeFound(AppHarness.fixtureMeal("Gruyère"))
    app.press(.character("/"))
    app.type("gruyere")
    XCTAssertTrue(app.lines[1].hasPrefix(" Filter: gruyere"))
    XCTAssertTrue(app.lines[1].hasSuffix("1 of 3 meals matches"))
    XCTAssertTrue(app.lines[3].hasPrefix("▸ Gruyère Tart"))
    app.press(.backspace, .backspace, .backspace, .backspace, .backspace, .backspace, .backspace)
    app.type("garlic")
    XCTAssertTrue(app.lines[3].hasPrefix("▸ Spicy Arrabiata Penne"), "ingredients are searched too")
    app.press(.enter)
    app.press(.escape)
    XCTAssertTrue(app.lines[1].hasSuffix("3 meals"))
    app.press(.character("/"))
    app.type("zzz")
    XCTAssertTrue(app.text.contains("No saved meal matches “zzz” — Esc clears the filter"))
  }

  /// A page of text pasted into the filter is quoted on one line, shortened, and what to press
  /// stays at its end (#58: it filled the screen).
  func testALongPasteIntoTheFilterSaysSoOnOneLine() throws {
    let app = try AppHarness()
    _ = try app.store.createMeal(name: "Toast", instructions: "Toast.")
    app.press(.character("/"), .paste(String(repeating: "lorem ipsum dolor ", count: 280)))
    let said = app.lines.filter { $0.contains("No saved meal matches") || $0.contains("lorem") }
    XCTAssertEqual(said.count, 2, "the field and one line: \(app.text)")
    XCTAssertTrue(said[1].hasSuffix("…” — Esc clears the filter"), said[1])
  }

  func testSelectionIsKeptWhenAnotherMealArrives() throws {
    let app = try AppHarness()
    _ = try app.store.createMeal(name: "Banana bread", instructions: "Bake.")
    _ = try app.store.createMeal(name: "Cherry tart", instructions: "Bake.")
    app.press(.down)
    XCTAssertTrue(app.lines[3].hasPrefix("▸ Cherry tart"))
    _ = try app.store.createMeal(name: "Apple pie", instructions: "Bake.")
    XCTAssertTrue(app.lines[4].hasPrefix("▸ Cherry tart"), "still on the same meal, one row down")
  }

  func testHelpOverlayComesFromTheKeyTable() throws {
    let app = try AppHarness()
    _ = try app.store.createMeal(name: "Toast", instructions: "Toast.")
    app.press(.character("?"))
    var text = app.text
    XCTAssertTrue(text.contains("Keys — My Meals"), text)
    // The keys in one column (as wide as the widest, the list's moves), what they do in the next.
    let helpLine = { (keys: String, does: String) in
      keys + String(repeating: " ", count: 16 - TextWidth.columns(of: keys) + 2) + does
    }
    for (keys, does) in [
      ("a", "search TheMealDB"), ("u", "undo delete"), ("/", "filter"),
      ("f", "favourite on/off"), ("F", "Favourites"),
    ] {
      XCTAssertTrue(text.contains(helpLine(keys, does)), helpLine(keys, does))
    }
    // The keys that work everywhere come first, where a first look finds them.
    XCTAssertTrue(text.contains(helpLine("q", "quit")), text)
    XCTAssertTrue(text.contains(helpLine("Ctrl-C", "quit")), text)
    app.press(.pageDown, .pageDown, .pageDown)
    text = app.text
    XCTAssertTrue(text.contains(helpLine("↑↓ PgUp PgDn g G", "move")), text)
    app.press(.character("a"))
    XCTAssertEqual(app.navigator.stack.count, 1, "the key that closes help does nothing else")
  }

  func testResizeKeepsTheSelectionVisible() throws {
    let app = try AppHarness(size: Size(width: 80, height: 40))
    for index in 0..<60 {
      _ = try app.store.createMeal(name: String(format: "Meal %02d", index), instructions: "Cook.")
    }
    app.press(.character("G"))
    app.size = Size(width: 40, height: 12)
    XCTAssertTrue(app.lines.contains { $0.hasPrefix("▸ Meal 59") })
    app.size = Size(width: 39, height: 12)
    XCTAssertTrue(app.text.contains("Terminal too small"))
    app.size = Size(width: 120, height: 30)
    XCTAssertTrue(app.lines.contains { $0.hasPrefix("▸ Meal 59") })
  }

  /// A window made wide while another screen is on top opens My Meals' preview pane with the
  /// selected meal in it when My Meals is back, not a pane that waits for a key.
  func testAResizeUnderAnotherScreenShowsThePreviewWhenItIsBack() throws {
    let app = try AppHarness(size: Size(width: 80, height: 24))
    _ = try app.store.createMeal(name: "Wok Noodles", instructions: "Heat the wok until it smokes.")
    app.press(.character("v"))
    XCTAssertTrue(app.text.contains("INSTRUCTIONS"), "Meal Detail is open")
    app.size = Size(width: 150, height: 30)
    XCTAssertTrue(app.text.contains("Heat the wok until it smokes."))
    app.press(.escape)
    XCTAssertTrue(app.lines.contains { $0.hasPrefix("▸ Wok Noodles") })
    XCTAssertTrue(
      app.lines.contains { $0.contains("│   Heat the wok until it smokes.") }, app.text)
  }

  func testCatalogueImportReportsFailureAndSuccess() throws {
    let app = try AppHarness(catalogue: false)
    XCTAssertEqual(
      app.lines[22],
      " Importing the ingredient list from TheMealDB                 ██████       0 KB")
    app.service.answerIngredients(with: .failure(.timedOut))
    XCTAssertTrue(
      app.lines[22].hasPrefix(
        " Error: Ingredient list not imported: TheMealDB did not answer in time."))
    XCTAssertTrue(try app.store.isCatalogueEmpty())
    // Offline again at the next start: said once already, so tried quietly, then again a
    // minute later, until it works (which is said).
    let offline = try AppHarness(catalogue: false, restarting: app)
    XCTAssertEqual(offline.service.ingredientRequests.count, 1, "tried at start")
    XCTAssertEqual(offline.lines[22], "", "quietly")
    offline.service.answerIngredients(with: .failure(.timedOut))
    XCTAssertEqual(offline.lines[22], "", "not said again")
    offline.wait(30_000)
    XCTAssertEqual(offline.service.ingredientRequests.count, 1)
    offline.wait(30_500)
    XCTAssertEqual(offline.service.ingredientRequests.count, 2, "a minute later")
    offline.service.answerIngredients(with: .success([Ingredient(name: "Salt")]))
    XCTAssertEqual(offline.lines[22], " Imported 1 ingredient from TheMealDB.")
    let again = try AppHarness(catalogue: false)
    again.service.answerIngredients(
      with: .success([Ingredient(name: "Salt"), Ingredient(name: "Pepper")]))
    XCTAssertEqual(again.lines[22], " Imported 2 ingredients from TheMealDB.")
    XCTAssertEqual(again.store.ingredientCount, 2)
  }
}

final class ImportProgressTests: XCTestCase {
  func testAnUnknownSizeMovesTheBarAndAKnownOneGlidesToItsPercentage() throws {
    let app = try AppHarness(catalogue: false)
    app.navigator.animations = true
    app.service.bytesSoFar = 48 * 1024
    app.wait(100)
    XCTAssertEqual(
      app.lines[22],
      " Importing the ingredient list from TheMealDB              ██████         48 KB")
    app.wait(120)
    XCTAssertEqual(
      app.lines[22],
      " Importing the ingredient list from TheMealDB            ██████           48 KB",
      "no size known: the bar moves")
    app.service.expected = 96 * 1024
    app.wait(100)
    XCTAssertEqual(
      app.lines[22],
      " Importing the ingredient list from TheMealDB    █████████████              50%",
      "a size known: half full, with its percentage")
    app.service.bytesSoFar = 72 * 1024
    app.wait(100)
    app.wait(30)
    let gliding = app.lines[22].filter { $0 == "█" }.count
    XCTAssertTrue(app.lines[22].hasSuffix("75%"))
    XCTAssertTrue((14..<19).contains(gliding), "on its way from 13 to 19½ cells: \(gliding)")
    app.wait(200)
    XCTAssertEqual(
      app.lines[22],
      " Importing the ingredient list from TheMealDB    ███████████████████▌       75%")
    app.service.answerIngredients(with: .success([Ingredient(name: "Salt")]))
    XCTAssertEqual(app.lines[22], " Imported 1 ingredient from TheMealDB.")
  }
}
