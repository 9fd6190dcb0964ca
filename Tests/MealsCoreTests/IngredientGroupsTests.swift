import Foundation
import XCTest

@testable import MealsCore

/// Ingredients listed in groups (`For the sauce`): kept from what is read, written by every
/// format so it comes back, and edited as a list with headings reads.
final class IngredientGroupsTests: XCTestCase {
  /// A meal whose ingredients come in two groups, salt in both, after two lines in none.
  static let grouped: Meal = {
    var meal = Meal(name: "Pie", instructions: "Make the pastry.\nFill and bake.")
    meal.ingredients = [
      IngredientMeasurement(name: "butter", quantity: "1 tbsp"),
      IngredientMeasurement(name: "flour", quantity: "250 g", group: "For the pastry"),
      IngredientMeasurement(name: "salt", quantity: "", group: "For the pastry"),
      IngredientMeasurement(name: "apples", quantity: "6", group: "Filling: the fruit"),
      IngredientMeasurement(name: "salt", quantity: "", group: "Filling: the fruit"),
    ]
    return meal
  }()

  private func only(_ candidates: [ImportCandidate]) throws -> Meal {
    XCTAssertEqual(candidates.count, 1)
    return try XCTUnwrap(candidates.first?.meal, "\(candidates)")
  }

  // MARK: - Formats

  func testCooklangWritesAGroupAsASectionOfItsOwnAndReadsItBack() throws {
    let text = Cooklang.render(Self.grouped)
    XCTAssertTrue(
      text.contains(
        """
        = Ingredients

        @butter{1%tbsp}

        = Ingredients: For the pastry

        @flour{250%g}
        @salt{}

        = Ingredients: Filling: the fruit

        @apples{6}
        @salt{}

        = Method
        """), text)
    let back = try only([Cooklang.meal(from: text, fileName: "Pie.cook")])
    XCTAssertEqual(back.ingredients, Self.grouped.ingredients, "salt twice: once in each group")
    XCTAssertEqual(back.instructions, Self.grouped.instructions, "no section read as a step")
    XCTAssertEqual(back.sectionTitles, [])
    XCTAssertEqual(Cooklang.render(back), text, "byte for byte, as the sync folder needs")
  }

  func testCooklangWithoutGroupsIsWrittenAsBefore() {
    var meal = Self.grouped
    meal.ingredients = meal.ingredients.map {
      IngredientMeasurement(name: $0.name, quantity: $0.quantity)
    }
    let text = Cooklang.render(meal)
    XCTAssertFalse(text.contains("= Ingredients:"), text)
    XCTAssertEqual(text.components(separatedBy: "= Ingredients").count, 2, "one section")
  }

  func testASectionNamedForItsIngredientsIsNoGroupUnlessItSaysWhich() throws {
    let text = "= Ingredients for the cake\n\nMix @flour{200%g}.\n"
    let meal = try only([Cooklang.meal(from: text, fileName: "Cake.cook")])
    XCTAssertEqual(meal.ingredients, [IngredientMeasurement(name: "flour", quantity: "200 g")])
    XCTAssertEqual(meal.sectionTitles, ["Ingredients for the cake"])
  }

  func testMarkdownJSONAndPlainTextKeepTheGroups() throws {
    let markdown = MealMarkdown.render(Self.grouped)
    XCTAssertTrue(
      markdown.contains(
        "- 1 tbsp **butter**\n\n### For the pastry\n\n- 250 g **flour**\n- **salt**\n\n"
          + "### Filling: the fruit\n\n- 6 **apples**\n- **salt**\n\n## Instructions"), markdown)
    XCTAssertEqual(
      try only(MealMarkdown.meals(from: markdown)).ingredients, Self.grouped.ingredients)

    let json = MealJSON.document([Self.grouped])
    XCTAssertTrue(json.contains("\"group\": \"For the pastry\""), json)
    XCTAssertFalse(json.contains("\"group\": \"\""), "no key for a line in no group")
    let value = try JSONParser.parse(Array(json.utf8))
    XCTAssertEqual(try only(MealJSON.meals(from: value)).ingredients, Self.grouped.ingredients)

    XCTAssertEqual(
      MealPlainText.render(Self.grouped).components(separatedBy: "\n").dropFirst(2).prefix(7)
        .joined(separator: "\n"),
      """
      Ingredients
          1 tbsp  butter
        For the pastry:
          250 g   flour
                  salt
        Filling: the fruit:
          6       apples
      """)
  }

  // MARK: - Reading what others wrote

  func testHeadingsInAnExportsTextStartGroups() throws {
    let paprika = """
      {"name": "Tart", "uid": "T1", "directions": "Bake.",
       "ingredients": "#10 can peaches\\nFOR THE BASE:\\n200 g flour\\n# Glaze\\n2 tbsp jam\\nTo serve:"}
      """
    let reading = try XCTUnwrap(
      try ExportFiles.read(path: "Tart.paprikarecipe", bytes: Array(paprika.utf8)))
    let meal = try only(reading.candidates)
    XCTAssertEqual(
      meal.ingredients.map {
        "\($0.group)|" + [$0.quantity, $0.name].filter { !$0.isEmpty }.joined(separator: " ")
      },
      ["|#10 can peaches", "FOR THE BASE|200 g flour", "Glaze|2 tbsp jam"],
      "a can size is no heading; a heading with nothing under it titles nothing")
  }

  func testAPagesHeadingsAmongItsIngredientLinesStartGroups() throws {
    let page = """
      <html><script type="application/ld+json">
      {"@context": "https://schema.org", "@type": "Recipe", "name": "Noodles",
       "recipeIngredient": ["200 g noodles", "For the sauce:", "2 tbsp soy sauce", "1 tsp sugar"],
       "recipeInstructions": "Boil. Toss."}
      </script></html>
      """
    let meal = try only(
      RecipeImport.candidates(from: Data(page.utf8), fileName: "noodles.html"))
    XCTAssertEqual(meal.ingredients.map(\.group), ["", "For the sauce", "For the sauce"])
    XCTAssertEqual(meal.ingredients.map(\.name), ["noodles", "soy sauce", "sugar"])
  }

  // MARK: - Editing

  func testMovingARowAcrossAHeadingJoinsTheGroupFirst() {
    var draft = MealDraft(of: Self.grouped)
    // Flour, first of the pastry's, moved up: it joins the lines in no group, in place.
    XCTAssertEqual(draft.moveIngredient(at: 1, by: -1), 1)
    XCTAssertEqual(draft.ingredients[1], IngredientMeasurement(name: "flour", quantity: "250 g"))
    // Then it passes butter.
    XCTAssertEqual(draft.moveIngredient(at: 1, by: -1), 0)
    XCTAssertEqual(draft.ingredients.map(\.name).prefix(2), ["flour", "butter"])
    // The pastry's salt, last of its group, moved down: it joins the filling.
    XCTAssertEqual(draft.moveIngredient(at: 2, by: 1), 2)
    XCTAssertEqual(draft.ingredients[2].group, "Filling: the fruit")
  }

  func testAHeadingIsSetFromARowToTheEndOfItsGroup() {
    var draft = MealDraft(of: Self.grouped)
    XCTAssertEqual(draft.setGroup("  Pastry ", from: 2), 1, "from salt to the end of its group")
    XCTAssertEqual(
      draft.ingredients.map(\.group),
      ["", "For the pastry", "Pastry", "Filling: the fruit", "Filling: the fruit"])
    XCTAssertEqual(draft.setGroup("", from: 3), 2)
    XCTAssertEqual(draft.ingredients.map(\.group).suffix(2), ["", ""])
    XCTAssertEqual(draft.setGroup("", from: 3), 0, "nothing changed")
    XCTAssertEqual(draft.ingredients.groupRuns.map(\.group), ["", "For the pastry", "Pastry", ""])
  }

  func testADraftKeptBeforeGroupsExistedStillReads() throws {
    let kept = #"{"name": "salt", "quantity": "1 tsp"}"#
    let line = try JSONDecoder().decode(IngredientMeasurement.self, from: Data(kept.utf8))
    XCTAssertEqual(line, IngredientMeasurement(name: "salt", quantity: "1 tsp"))
    let encoded = String(decoding: try JSONEncoder().encode(line), as: UTF8.self)
    XCTAssertFalse(encoded.contains("group"), encoded)
  }
}
