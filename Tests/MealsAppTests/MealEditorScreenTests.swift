import MealsApp
import MealsCore
import TerminalUI
import XCTest

final class MealEditorScreenTests: XCTestCase {
  private func openArrabiata(_ app: AppHarness) throws -> Int64 {
    let id = try app.store.storeFound(AppHarness.fixtureMeal("Arrabiata")).id
    app.press(.enter)
    return id
  }

  func testSectionsOfAnExistingMeal() throws {
    let app = try AppHarness(size: Size(width: 60, height: 24))
    _ = try openArrabiata(app)
    XCTAssertEqual(
      Array(app.lines.prefix(16)),
      [
        " My Meals › Spicy Arrabiata Penne",
        " NAME",
        " ▸ Spicy Arrabiata Penne",
        "",
        " INSTRUCTIONS",
        "   Bring a large pot of salted water to the boil.",
        "   Add the penne and cook until al dente.",
        "   Meanwhile warm the olive oil, add garlic and chilli",
        "   flakes, then the chopped tomatoes. …",
        "",
        " INGREDIENTS (8)",
        "   penne rigate                       1 pound",
        "   olive oil                          1/4 cup",
        "   garlic                             3 cloves",
        "   chopped tomatoes                   1 tin",
        "   red chilli flakes                  1/2 teaspoon",
      ])
  }

  /// Cookware a .cook file marked is said under the instructions it follows; an edit that takes
  /// a utensil's word out of the steps takes it out of the meal when saved.
  func testTheCookwareFollowsTheInstructions() throws {
    let app = try AppHarness(size: Size(width: 60, height: 24))
    var meal = try AppHarness.fixtureMeal("Arrabiata")
    meal.cookware = [Cookware(name: "pot"), Cookware(name: "pan", quantity: "2")]
    meal.instructions = "Bring a large pot of salted water to the boil.\nWarm the oil in a pan."
    let id = try app.store.storeFound(meal).id
    app.press(.enter)
    XCTAssertEqual(
      Array(app.lines[4...8]),
      [
        " INSTRUCTIONS",
        "   Bring a large pot of salted water to the boil.",
        "   Warm the oil in a pan.",
        "   Cookware: pot, pan (2)",
        "",
      ])
    var draft = try app.store.editableCopy(of: id)
    draft.meal.instructions = "Boil the water in a pot."
    try app.store.commit(draft)
    XCTAssertEqual(try app.store.meal(id: id)?.cookware, [Cookware(name: "pot")])
  }

  func testNewMealTitleAndSaveIsRefusedWithoutNameOrInstructions() throws {
    let app = try AppHarness()
    app.press(.character("n"))
    XCTAssertEqual(app.lines[0], " My Meals › New Meal")
    app.press(.ctrl("s"))
    XCTAssertEqual(app.lines[22], " Error: A meal needs a name.")
    app.press(.enter)
    app.type("Toast")
    app.press(.enter)
    XCTAssertEqual(app.lines[0], " My Meals › Toast")
    app.press(.character("s"))
    XCTAssertEqual(app.lines[22], " Error: A meal needs instructions.")
    XCTAssertEqual(app.store.mealCount, 0, "nothing was written")
  }

  func testDraftChangesStayInTheDraftUntilSave() throws {
    let app = try AppHarness()
    let id = try openArrabiata(app)
    app.press(.down, .down, .character("d"))
    XCTAssertTrue(app.text.contains("INGREDIENTS (7)"))
    XCTAssertEqual(try app.store.meal(id: id)?.ingredients.count, 8, "not written yet")
    app.press(.character("s"))
    XCTAssertEqual(app.navigator.stack.count, 1)
    XCTAssertEqual(try app.store.meal(id: id)?.ingredients.first?.name, "olive oil")
    XCTAssertEqual(app.lines[22], " Saved “Spicy Arrabiata Penne”.")
  }

  func testOnlyIngredientRowsCanBeRemoved() throws {
    let app = try AppHarness()
    _ = try openArrabiata(app)
    app.press(.character("d"))
    XCTAssertEqual(app.lines[22], " Only ingredient rows can be removed.")
    app.press(.character("G"), .character("d"))
    XCTAssertEqual(app.lines[22], " Only ingredient rows can be removed.")
    XCTAssertTrue(app.text.contains("INGREDIENTS (8)"))
  }

  // MARK: - Ingredient rows

  func testEnterOnAnIngredientRowEditsItsQuantityInAPrefilledField() throws {
    let app = try AppHarness(size: Size(width: 60, height: 24))
    let id = try openArrabiata(app)
    app.press(.down, .down, .down, .down)  // garlic, 3 cloves
    app.press(.enter)
    XCTAssertTrue(app.text.contains("Quantity of garlic:"), app.text)
    XCTAssertTrue(app.text.contains("3 cloves"), "prefilled with the row's quantity")
    XCTAssertTrue(app.text.contains("Tab: another ingredient"), app.text)
    app.press(.ctrl("u"))
    app.press(.enter)
    XCTAssertTrue(
      app.text.contains("Write how much"), "a quantity is never emptied by hand: \(app.text)")
    app.type("4 cloves")
    app.press(.enter)
    XCTAssertEqual(app.lines[13], " ▸ garlic                             4 cloves")
    XCTAssertEqual(app.lines[22], " garlic: 4 cloves (not saved yet).")
    XCTAssertEqual(
      try app.store.meal(id: id)?.ingredients[2].quantity, "3 cloves", "a draft until saved")
    app.press(.character("s"))
    XCTAssertEqual(try app.store.meal(id: id)?.ingredients[2].quantity, "4 cloves")
  }

  func testTabInTheQuantityPromptChangesTheIngredientAndKeepsTheQuantity() throws {
    let app = try AppHarness(size: Size(width: 60, height: 24))
    let id = try openArrabiata(app)
    app.press(.down, .down, .down, .down, .enter, .tab)
    XCTAssertEqual(app.lines[0], " My Meals › Spicy Arrabiata Penne › Change garlic")
    app.type("onio")
    app.press(.enter)
    XCTAssertEqual(app.lines[0], " My Meals › Spicy Arrabiata Penne")
    XCTAssertEqual(app.lines[13], " ▸ Onion                              3 cloves")
    XCTAssertEqual(app.lines[22], " garlic → Onion (not saved yet).")
    XCTAssertTrue(app.text.contains("INGREDIENTS (8)"), "replaced, not added")
    app.press(.character("s"))
    let saved = try XCTUnwrap(try app.store.meal(id: id)).ingredients
    XCTAssertEqual(saved[2], IngredientMeasurement(name: "Onion", quantity: "3 cloves"))
  }

  func testKAndJAndShiftArrowsMoveIngredientRows() throws {
    let app = try AppHarness(size: Size(width: 60, height: 24))
    let id = try openArrabiata(app)
    app.press(.down, .down)  // penne rigate, the first
    app.press(.character("J"), .character("J"))
    XCTAssertEqual(app.lines[11], "   olive oil                          1/4 cup")
    XCTAssertEqual(app.lines[12], "   garlic                             3 cloves")
    XCTAssertEqual(app.lines[13], " ▸ penne rigate                       1 pound")
    app.press(.shiftUp)
    XCTAssertEqual(app.lines[12], " ▸ penne rigate                       1 pound")
    app.press(.shiftDown, .character("K"), .character("K"), .character("K"))
    XCTAssertEqual(
      app.lines[11], " ▸ penne rigate                       1 pound", "stops at the top")
    app.press(.up, .character("J"))
    XCTAssertEqual(app.lines[22], " K and J move ingredient rows: select one first.")
    app.press(.down, .character("J"), .character("s"))
    XCTAssertEqual(
      try app.store.meal(id: id)?.ingredients.prefix(2).map(\.name), ["olive oil", "penne rigate"])
  }

  func testBackDiscardsAfterAskingWhenThereAreChanges() throws {
    let app = try AppHarness()
    let id = try openArrabiata(app)
    app.press(.escape)
    XCTAssertEqual(app.navigator.stack.count, 1, "no changes: no question")
    app.press(.enter, .down, .down, .character("d"), .escape)
    XCTAssertEqual(app.lines[22], " Discard changes? (y/n)")
    app.press(.character("n"))
    XCTAssertEqual(app.navigator.stack.count, 2)
    app.press(.character("q"), .character("y"))
    XCTAssertEqual(app.navigator.stack.count, 1)
    XCTAssertEqual(try app.store.meal(id: id)?.ingredients.count, 8)
  }

  func testEditNameThroughTheDelegate() throws {
    let app = try AppHarness()
    let id = try openArrabiata(app)
    app.press(.enter)
    XCTAssertEqual(app.lines[0], " My Meals › Spicy Arrabiata Penne › Edit Name")
    app.press(.ctrl("u"), .enter)
    XCTAssertEqual(app.lines[5], "  A meal needs a name.")
    app.type("   ")
    app.press(.enter)
    XCTAssertEqual(app.lines[5], "  A meal needs a name.")
    app.press(.ctrl("u"))
    app.type("Penne all'arrabbiata 🌶 ")
    app.press(.enter)
    XCTAssertEqual(app.lines[0], " My Meals › Penne all'arrabbiata 🌶")
    app.press(.character("s"))
    XCTAssertEqual(try app.store.meal(id: id)?.name, "Penne all'arrabbiata 🌶")
  }

  func testEditNameEscCancels() throws {
    let app = try AppHarness()
    _ = try openArrabiata(app)
    app.press(.enter)
    app.type(" extra")
    app.press(.escape)
    XCTAssertEqual(app.lines[0], " My Meals › Spicy Arrabiata Penne")
  }

  func testEditInstructionsSaveRefusesEmptyAndCancelAsks() throws {
    let app = try AppHarness()
    let id = try openArrabiata(app)
    app.press(.down, .enter)
    XCTAssertEqual(app.lines[0], " My Meals › Spicy Arrabiata Penne › Edit Instructions")
    XCTAssertEqual(app.lines[2], "  Bring a large pot of salted water to the boil.")
    app.press(.escape)
    XCTAssertEqual(app.navigator.stack.count, 2, "unchanged: Esc leaves at once")
    app.press(.enter)
    for _ in 0..<40 { app.press(.ctrl("k")) }
    XCTAssertEqual(app.lines[2], "")
    app.press(.ctrl("s"))
    XCTAssertEqual(app.lines[21], "  A meal needs instructions.")
    app.type("Boil.")
    app.press(.enter)
    app.type("Serve.")
    app.press(.escape)
    XCTAssertEqual(app.lines[22], " Discard changes to the instructions? (y/n)")
    app.press(.character("n"), .ctrl("s"))
    XCTAssertEqual(app.navigator.stack.count, 2)
    XCTAssertTrue(app.text.contains(" ▸ Boil.\n   Serve."), "one marker per item")
    app.press(.character("s"))
    XCTAssertEqual(try app.store.meal(id: id)?.instructions, "Boil.\nServe.")
  }

  /// `--read-only`: the editor shows the meal and refuses each change as it is tried, so
  /// nothing is typed that could not be kept; a new meal is refused at once.
  func testAReadOnlyDatabaseOpensTheMealToReadAndRefusesEveryChange() throws {
    let first = try AppHarness()
    let id = try first.store.storeFound(AppHarness.fixtureMeal("Arrabiata")).id
    let app = try AppHarness(restarting: first, readOnly: true)
    app.press(.enter)
    XCTAssertEqual(app.lines[0].prefix(33), " My Meals › Spicy Arrabiata Penne")
    XCTAssertEqual(
      app.lines[22], " The database is open read-only: this meal can be read, not changed.")
    XCTAssertEqual(app.lines[23], " Esc back  ? help")
    for key: Key in [.enter, .character("i"), .character("f"), .character("s")] {
      app.navigator.clearStatus()
      app.press(key)
      XCTAssertEqual(app.lines[0].prefix(33), " My Meals › Spicy Arrabiata Penne", "\(key)")
      XCTAssertEqual(
        app.lines[22],
        " Error: The database is open read-only: this meal can be read, not changed.",
        "\(key)")
    }
    app.press(.down, .down, .down, .character("d"))
    XCTAssertEqual(try app.store.meal(id: id)?.ingredients.count, 8)
    app.press(.escape)
    XCTAssertEqual(app.lines[0].prefix(9), " My Meals", "no changes, no question")
    app.press(.character("n"))
    XCTAssertEqual(
      app.lines[22], " Error: The database is open read-only: no meal can be created.")
  }

  /// `d` on an ingredient can be undone with `u`, and so can each change before it.
  func testUndoPutsBackWhatWasRemovedAndEachChangeBefore() throws {
    let app = try AppHarness(size: Size(width: 60, height: 24))
    let id = try openArrabiata(app)
    let before = try XCTUnwrap(app.store.meal(id: id))
    app.press(.character("u"))
    XCTAssertEqual(app.lines[22], " Nothing to undo in this meal.")
    app.press(.down, .down, .down, .down)  // garlic
    app.press(.character("d"))
    XCTAssertEqual(app.lines[22], " Removed garlic (not saved yet) — u puts it back.")
    let garlicRow = {
      app.lines.contains { $0.hasPrefix("   garlic ") || $0.hasPrefix(" ▸ garlic ") }
    }
    XCTAssertFalse(garlicRow(), app.text)
    app.press(.character("f"), .character("d"))  // a favourite, and another row gone
    app.press(.character("u"))
    XCTAssertEqual(app.lines[22], " Undid the last change (not saved yet).")
    app.press(.character("u"), .character("u"))
    XCTAssertTrue(garlicRow(), app.text)
    let editor = try XCTUnwrap(app.navigator.top as? MealEditorScreen)
    XCTAssertFalse(editor.draft.hasChanges, "back to the meal as it was")
    app.press(.character("s"))
    XCTAssertEqual(try app.store.meal(id: id)?.ingredients, before.ingredients)
    XCTAssertEqual(try app.store.meal(id: id)?.favourite, false)
  }

  func testTheExternalEditorReplacesTheText() throws {
    let app = try AppHarness()
    _ = try openArrabiata(app)
    setenv("VISUAL", "printf 'From the editor\\n' >", 1)
    defer { unsetenv("VISUAL") }
    app.press(.down, .enter, .ctrl("o"))
    XCTAssertEqual(app.lines[2], "  From the editor")
    setenv("VISUAL", "false", 1)
    app.press(.ctrl("o"))
    XCTAssertEqual(
      app.lines[22], " Error: The editor (false) did not finish normally; the text is unchanged.")
    XCTAssertEqual(app.lines[2], "  From the editor")
  }

  /// The file ends with a newline, so a line appended by a script or an editor is a step of
  /// its own, and reading it back makes no empty step.
  func testTheEditorsFileEndsWithANewline() throws {
    let app = try AppHarness()
    let id = try openArrabiata(app)
    let before = try XCTUnwrap(app.store.meal(id: id)?.instructions)
    setenv("VISUAL", "echo 'Appended.' >>", 1)
    defer { unsetenv("VISUAL") }
    app.press(.down, .enter, .ctrl("o"), .ctrl("s"), .character("s"))
    XCTAssertEqual(try app.store.meal(id: id)?.instructions, before + "\nAppended.")
    setenv("VISUAL", "true", 1)
    app.press(.enter, .down, .enter, .ctrl("o"), .ctrl("s"), .character("s"))
    XCTAssertEqual(
      try app.store.meal(id: id)?.instructions, before + "\nAppended.", "unchanged by a round trip")
  }
}

final class LargeMealTests: XCTestCase {
  func testTenThousandLineInstructionsAndAThousandIngredients() throws {
    let app = try AppHarness(size: Size(width: 40, height: 12))
    let meal = Meal(
      name: "Banquet 🍝 with a name far too long for forty columns",
      instructions: (1...10_000).map { "Step \($0): stir." }.joined(separator: "\n"),
      ingredients: (1...1_000).map {
        IngredientMeasurement(name: "Ingredient \($0)", quantity: "\($0) g")
      })
    var draft = MealDraft(of: nil)
    draft.meal = meal
    try app.store.commit(draft)
    app.press(.enter)
    XCTAssertEqual(app.lines[0], " … › Banquet 🍝 with a name far too lon…")
    XCTAssertEqual(app.lines[8], "   Step 4: stir. …", "a preview of the first rows")
    app.press(.character("G"))
    XCTAssertTrue(app.lines.contains(" ▸ Rating       — Enter or 1–5 rates it"), app.text)
    for _ in Array(repeating: 0, count: 8) { app.press(.up) }
    XCTAssertTrue(app.lines.contains("   Ingredient 1000       1000 g"))
    XCTAssertTrue(app.lines.contains(" ▸ + Add ingredient"))
    app.press(.character("g"), .down)
    XCTAssertTrue(app.lines.contains(" ▸ Step 1: stir."))
    app.press(.enter, .pageDown, .pageDown)
    XCTAssertEqual(app.lines[0], " … › Edit Instructions")
    XCTAssertTrue(app.lines.contains("  Step 11: stir."))
    XCTAssertTrue(app.lines.contains("                       line 11 of 10000"))
    app.press(.ctrl("s"))
    app.press(.character("s"))
    XCTAssertEqual(
      try app.store.meal(id: XCTUnwrap(app.app.root.selectedMeal?.id))?.ingredients.count, 1_000)
  }
}
