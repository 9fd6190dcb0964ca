import Fixtures
import Foundation
import TestSupport
import XCTest

@testable import MealsCore

/// The recipe formats: what is written, and what comes back from files written by us and by
/// others (schema.org pages, Cooklang, Markdown).
final class RecipeFormatsTests: XCTestCase {
  /// Every field set, with text that needs escaping in each format.
  static let fullMeal = Meal(
    mealDBID: "52772", name: "Teriyaki \"Chicken\" Casserole",
    instructions:
      "Preheat the oven to 350° F.\n# Not a heading\n\\ back\\slash\nThe bake\nBake 35 minutes.",
    sectionTitles: ["The bake"], category: "Chicken", area: "Japanese",
    tags: ["Meat", "Casserole"],
    thumbnailURL: "https://example.org/t.jpg", sourceURL: "https://example.org/s",
    videoURL: "https://example.org/v",
    ingredients: [
      IngredientMeasurement(name: "soy sauce", quantity: "3/4 cup"),
      IngredientMeasurement(name: "chicken breasts", quantity: "2"),
      IngredientMeasurement(name: "black pepper", quantity: ""),
      IngredientMeasurement(name: "Stir-fry vegetables", quantity: "1 (12 oz.)"),
    ],
    cookware: [Cookware(name: "oven")],
    favourite: true, favouritedAt: 1_764_000_000.25, rating: 4, totalMinutes: 95,
    difficulty: .intermediate, servings: 6)

  private func only(
    _ candidates: [ImportCandidate], file: StaticString = #filePath, line: UInt = #line
  )
    throws -> Meal
  {
    XCTAssertEqual(candidates.count, 1, file: file, line: line)
    return try XCTUnwrap(
      candidates.first?.meal, candidates.first?.problem ?? "", file: file, line: line)
  }

  private func recipe(_ name: String) throws -> [ImportCandidate] {
    let url = PackagePaths.fixtures.appendingPathComponent("recipes/\(name)")
    return try RecipeImport.candidates(from: Data(contentsOf: url), fileName: name)
  }

  // MARK: - Our JSON

  func testOurJSONGivesBackEveryField() throws {
    let text = MealJSON.document([Self.fullMeal, Meal(name: "Plain", instructions: "Eat.")])
    let parsed = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    XCTAssertEqual(parsed["format"] as? String, "meals")
    XCTAssertEqual(parsed["version"] as? Int, 1)
    let back = try RecipeImport.candidates(from: Data(text.utf8), fileName: "x.json")
    XCTAssertEqual(
      back.compactMap(\.meal), [Self.fullMeal, Meal(name: "Plain", instructions: "Eat.")])
  }

  func testANewerVersionAndBrokenJSONAreRefusedWithAReason() {
    let newer = Data(#"{"format":"meals","version":2,"meals":[]}"#.utf8)
    XCTAssertThrowsError(try RecipeImport.candidates(from: newer, fileName: "x.json")) {
      XCTAssertTrue(
        ($0 as? FormatError)?.message.contains("format version 2, from a newer meals") == true)
    }
    XCTAssertThrowsError(
      try RecipeImport.candidates(from: Data(#"{"format":"meals", "#.utf8), fileName: "x.json")
    ) {
      XCTAssertTrue(($0 as? FormatError)?.message.contains("not valid JSON") == true, "\($0)")
    }
    let deep = String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000)
    XCTAssertThrowsError(try RecipeImport.candidates(from: Data(deep.utf8), fileName: "deep.json"))
    {
      XCTAssertTrue(($0 as? FormatError)?.message.contains("not valid JSON") == true, "\($0)")
    }
    let big = Data(count: JSONReading.maximumBytes + 1)
    XCTAssertThrowsError(try RecipeImport.candidates(from: big, fileName: "big.json")) {
      XCTAssertTrue(($0 as? FormatError)?.message.contains("at most 32 MB") == true, "\($0)")
    }
    XCTAssertThrowsError(
      try RecipeImport.candidates(from: Data([0xFF, 0xFE, 0x00]), fileName: "x.json")
    ) {
      XCTAssertEqual(($0 as? FormatError)?.message, "it is not UTF-8 text.")
    }
  }

  func testControlCharactersInAFileAreCleanedLikeNetworkText() throws {
    let text =
      #"{"format":"meals","version":1,"meals":[{"name":" Bad\u001b[2J name ","instructions":"a\r\nb"}]}"#
    let meal = try only(try RecipeImport.candidates(from: Data(text.utf8), fileName: "x.json"))
    XCTAssertEqual(meal.name, "Bad name", "the escape sequence goes whole")
    XCTAssertEqual(meal.instructions, "a\nb")
  }

  // MARK: - Markdown

  func testMarkdownGivesBackEveryFieldItWrites() throws {
    let text = MealMarkdown.render(Self.fullMeal)
    XCTAssertTrue(text.hasPrefix("# Teriyaki \"Chicken\" Casserole\n\n- **Category:** Chicken\n"))
    XCTAssertTrue(
      text.contains("\n- 3/4 cup **soy sauce**\n- 2 **chicken breasts**\n- **black pepper**\n"))
    XCTAssertTrue(
      text.contains("\n\\# Not a heading\n"), "a line that would be a heading is escaped")
    var expected = Self.fullMeal
    expected.favouritedAt = nil  // Markdown says "yes", not when
    XCTAssertEqual(try only(MealMarkdown.meals(from: text)), expected)
  }

  func testMarkdownWithTwoMeals() throws {
    let meals = try recipe("two-meals.md").compactMap(\.meal)
    XCTAssertEqual(meals.map(\.name), ["Porridge", "Boiled Egg"])
    XCTAssertEqual(
      meals[0].ingredients,
      [
        IngredientMeasurement(name: "Oats", quantity: "50 g"),
        IngredientMeasurement(name: "Milk", quantity: "300 ml"),
        IngredientMeasurement(name: "Honey", quantity: ""),
      ])
    XCTAssertEqual(
      meals[0].instructions, "Simmer the oats in the milk for 5 minutes, stirring.\nTop with honey."
    )
    XCTAssertEqual(meals[0].servings, 1)
    XCTAssertEqual(meals[1].instructions, "Boil for 6 minutes.")
  }

  /// Servings no meal can have are left out, and the meal comes in.
  ///
  /// Found by `make fuzz` (markdown): they were kept, and the import refused the whole meal.
  func testServingsNoMealCanHaveAreLeftOut() throws {
    for (servings, expected) in [("0", nil), ("5000", nil), ("٣", nil), ("4 people", 4)]
      as [(String, Int?)]
    {
      let markdown = "# Porridge\n\n- **Servings:** \(servings)\n\n## Instructions\n\nSimmer.\n"
      let meal = try only(
        try RecipeImport.candidates(from: Data(markdown.utf8), fileName: "porridge.md"))
      XCTAssertEqual(meal.servings, expected, "Markdown, \(servings)")
      let cook = ">> servings: \(servings)\nSimmer the @oats{50%g}.\n"
      let cooked = try only(try RecipeImport.candidates(from: Data(cook.utf8), fileName: "p.cook"))
      XCTAssertEqual(cooked.servings, expected, "Cooklang, \(servings)")
    }
  }

  // MARK: - Cooklang

  func testCooklangWrittenByHandIsRead() throws {
    let meal = try only(try recipe("Pad Thai.cook"))
    XCTAssertEqual(meal.name, "Pad Thai", "the title comes from the file name")
    XCTAssertEqual(meal.servings, 2)
    XCTAssertEqual(meal.tags, ["noodles", "quick"])
    XCTAssertEqual(meal.area, "Thai")
    XCTAssertEqual(meal.totalMinutes, 25)
    XCTAssertEqual(
      meal.ingredients.map { "\($0.quantity)|\($0.name)" },
      [
        "200 g|rice noodles", "2 tbsp|vegetable oil", "2 cloves|garlic", "150 g|prawns", "2|eggs",
        "2 tbsp|fish sauce", "1 tbsp|sugar", "1|lime", "|peanuts",
      ], "every @ingredient once; the second @lime refers back")
    XCTAssertEqual(
      meal.instructions,
      """
      Soak the rice noodles in hot water for 10 minutes, then drain.
      Heat vegetable oil in a wok and fry garlic. Add prawns and eggs, stir until set.
      Toss in the noodles with fish sauce, sugar and lime. Serve with peanuts and more lime.
      """, "markup becomes words; comments and block comments are gone")
  }

  /// The front matter the Cooklang spec puts first (YAML between `---` lines) names the
  /// meal and fills its fields, read leniently: CRLF, a BOM, tabs, quotes, lists in brackets
  /// or as lines, one level of nested keys.
  func testCooklangFrontMatterIsRead() throws {
    let text =
      "\u{FEFF}---\r\ntitle: \"Tomato Soup\"\r\nservings: 4 people\r\ncourse: Starter\r\n"
      + "cuisine: Italian\r\ntags: [soup, 'quick']\r\nprep time: 10 minutes\r\n"
      + "cook time: 1 hour\r\nsource:\r\n\tname: Nonna\r\n\turl: https://example.org/soup\r\n"
      + "images:\r\n- https://example.org/soup.jpg\r\n- https://example.org/bowl.jpg\r\n"
      + "difficulty: Beginner\r\n---\r\n"
      + "Simmer @tomatoes{800%g} with @basil{} for ~{40%minutes}.\r\n"
    let meal = try only([Cooklang.meal(from: text, fileName: "soup-v2.cook")])
    XCTAssertEqual(meal.name, "Tomato Soup", "the front matter's title, not the file's name")
    XCTAssertEqual(meal.servings, 4)
    XCTAssertEqual(meal.category, "Starter")
    XCTAssertEqual(meal.area, "Italian")
    XCTAssertEqual(meal.tags, ["soup", "quick"])
    XCTAssertEqual(meal.totalMinutes, 70, "prep and cook time add up")
    XCTAssertEqual(meal.sourceURL, "https://example.org/soup")
    XCTAssertEqual(meal.thumbnailURL, "https://example.org/soup.jpg")
    XCTAssertEqual(meal.difficulty, .beginner)
    XCTAssertEqual(meal.ingredients.map(\.name), ["tomatoes", "basil"])
    XCTAssertEqual(meal.instructions, "Simmer tomatoes with basil for 40 minutes.")
    // No closing line: no front matter, and nothing of the text is lost.
    let open = try only([Cooklang.meal(from: "---\ntitle: x\nStir @salt{}.", fileName: "y.cook")])
    XCTAssertEqual(open.name, "y")
  }

  /// A file written wrongly by hand is read as well as it can be, and what is wrong is said
  /// by line (#58: it was read silently, a meal named `[unclosed`, an amount swallowing the
  /// next ingredient).
  func testCooklangWrittenWronglySaysWhichLineAndReadsTheRest() throws {
    let text =
      "---\ntitle: [unclosed\nservings 4\ntags: \"quick\n---\n"
      + "Mix @flour{2 cups and @water{1%cup} well.\n\nBake it.\n"
    let candidate = Cooklang.meal(from: text, fileName: "broken.cook")
    let meal = try XCTUnwrap(candidate.meal)
    XCTAssertEqual(
      candidate.notes,
      [
        "line 2: the list of “title” is not closed (no ]), so it was read as text: [unclosed",
        "line 3: “servings 4” is not “key: value”, so it was passed over",
        "line 4: the quote of “tags” is not closed, so it was read as written",
        "line 6: the { after “@flour” is not closed, so it was read as flour, 2 cups and",
      ])
    XCTAssertEqual(meal.ingredients.map(\.name), ["flour", "water"])
    XCTAssertEqual(meal.ingredients.map(\.quantity), ["2 cups and", "1 cup"])
    XCTAssertEqual(meal.instructions, "Mix flour water well.\nBake it.")
    let open = Cooklang.meal(from: "---\ntitle: x\nStir @salt{}.", fileName: "y.cook")
    XCTAssertEqual(
      open.notes,
      ["line 1: the front matter (---) is never closed, so it was read as the recipe's text"])
    XCTAssertEqual(
      Cooklang.meal(from: "Stir @salt{} into @rice{200%g}.", fileName: "z.cook").notes, [],
      "a file written well says nothing")
  }

  /// Numbers as the official parser reads them (#58): `{1 / 2%cup}` is `1/2 cup`, and a
  /// timer's `1.5` shows as `1 1/2`, which Cook Mode's timer counts as 90 seconds.
  func testCooklangNumbersReadAsTheOfficialParserReadsThem() throws {
    let meal = try only([
      Cooklang.meal(
        from: "Whisk @sugar{1 / 2%cup} and rest ~{1.5%minutes}, then ~{0.25%hours}.",
        fileName: "a.cook")
    ])
    XCTAssertEqual(meal.ingredients.first?.quantity, "1/2 cup")
    XCTAssertEqual(meal.instructions, "Whisk sugar and rest 1 1/2 minutes, then 1/4 hours.")
    XCTAssertEqual(StepDuration.find(in: meal.instructions).map(\.seconds), [90, 900])
  }

  /// Names as the Cooklang spec and its official parser read them: any word after `@`, `#`
  /// or `~` (a number, an emoji), up to a space or a punctuation mark; a timer of one word;
  /// a marker followed by a space is text.
  func testCooklangNamesAreReadAsTheSpecReadsThem() throws {
    let text = """
      Crush @5peppers and a pinch of @🧂, then fry in the #7-inch pan{ } with @00 flour{200%g}.
      Let it ~rest, then serve. Write to me @ home, recipe #1.
      """
    let meal = try only([Cooklang.meal(from: text, fileName: "x.cook")])
    XCTAssertEqual(
      meal.ingredients.map { "\($0.quantity)|\($0.name)" },
      ["|5peppers", "|🧂", "200 g|00 flour"])
    XCTAssertEqual(
      meal.instructions,
      "Crush 5peppers and a pinch of 🧂, then fry in the 7-inch pan with 00 flour. "
        + "Let it rest, then serve. Write to me @ home, recipe 1.")
  }

  /// A note after a mark (`@onion{1}(diced)`) is the ingredient's, in brackets after its
  /// name, not the step's text; written back as Cooklang's note where it can be.
  func testCooklangNotesBelongToTheirIngredient() throws {
    let text = """
      Fry @red onion{1}(finely chopped) in @oil{}( olive ), add @salt(to taste) and @chilli{1}().
      Stir in @tomatoes{400%g}(tinned \\) drained) (not fresh).
      """
    let meal = try only([Cooklang.meal(from: text, fileName: "x.cook")])
    XCTAssertEqual(
      meal.ingredients.map { "\($0.quantity)|\($0.name)" },
      [
        "1|red onion (finely chopped)", "|oil (olive)", "|salt (to taste)", "1|chilli",
        "400 g|tomatoes (tinned ) drained)",
      ])
    XCTAssertEqual(
      meal.instructions,
      "Fry red onion in oil, add salt and chilli. Stir in tomatoes (not fresh).")
    let written = Cooklang.render(meal)
    XCTAssertTrue(written.contains("@red onion{1}(finely chopped)"), written)
    XCTAssertTrue(written.contains("@tomatoes (tinned ) drained){400%g}"), written)
    let back = try only([Cooklang.meal(from: written, fileName: "x.cook")])
    XCTAssertEqual(back.ingredients, meal.ingredients)
    XCTAssertEqual(back.instructions, meal.instructions)
    XCTAssertEqual(Cooklang.withNote("beans (tinned) (drained)").1, "drained")
    XCTAssertNil(Cooklang.withNote("(to taste)").1, "a note with no name before it")
    XCTAssertNil(Cooklang.withNote("onion ()").1)
    XCTAssertNil(Cooklang.withNote("onion(diced)").1, "no space: the name as written")
  }

  /// Text that would read as markup, a comment, a section or a note is escaped when written
  /// and comes back as it was.
  func testCooklangEscapesWhatWouldReadAsMarkup() throws {
    var meal = Meal(
      name: "Escapes",
      instructions: """
        Recipe #1 from a@b.com: wait ~5 min -- not a comment [- nor this -].
        = not a section
        > not a note
        A backslash \\ stays.
        """)
    meal.ingredients = [IngredientMeasurement(name: "salt", quantity: "")]
    let text = Cooklang.render(meal)
    XCTAssertTrue(text.contains("Recipe \\#1 from a\\@b.com: wait \\~~{5%min} \\-- not"), text)
    let back = try only([Cooklang.meal(from: text, fileName: "x.cook")])
    XCTAssertEqual(back.instructions, meal.instructions)
    XCTAssertEqual(back.ingredients, meal.ingredients)
  }

  /// What the sync folder relies on: a file meals wrote, read and written again, is the same
  /// file byte for byte (sections, notes, escapes, every field); a note written by hand stays
  /// a note.
  func testCooklangFilesComeBackByteForByte() throws {
    var meal = Self.fullMeal
    meal.instructions += "\n> Serve warm, with rice.\n>> not metadata"
    let first = Cooklang.render(meal, syncID: "0f8c2b1e-3a4d-4c5b-9e6f-7a8b9c0d1e2f")
    XCTAssertTrue(first.contains("\n> Serve warm, with rice.\n"), first)
    XCTAssertTrue(first.contains("\n\\>> not metadata\n"), first)
    let back = try only([Cooklang.meal(from: first, fileName: "x.cook")])
    XCTAssertEqual(Cooklang.syncID(in: first), "0f8c2b1e-3a4d-4c5b-9e6f-7a8b9c0d1e2f")
    XCTAssertEqual(Cooklang.render(back, syncID: Cooklang.syncID(in: first)), first)
    let handWritten = "Mix @flour{100%g}.\n\n> Serve warm.\n\nBake.\n"
    let read = try only([Cooklang.meal(from: handWritten, fileName: "Bread.cook")])
    XCTAssertEqual(read.instructions, "Mix flour.\n> Serve warm.\nBake.")
    XCTAssertTrue(Cooklang.render(read).contains("\n> Serve warm.\n"))
  }

  /// A `meals-id` line added to a file written by hand changes nothing else of it.
  func testAMealsIDIsAddedToAHandWrittenFileAndNothingElse() {
    let id = "0f8c2b1e-3a4d-4c5b-9e6f-7a8b9c0d1e2f"
    XCTAssertEqual(
      Cooklang.addingSyncID(id, to: "Boil @water.\n"),
      "---\nmeals-id: \(id)\n---\nBoil @water.\n")
    XCTAssertEqual(
      Cooklang.addingSyncID(id, to: "\u{FEFF}---\r\ntitle: Tea\r\n---\r\nBoil.\r\n"),
      "\u{FEFF}---\r\ntitle: Tea\r\nmeals-id: \(id)\r\n---\r\nBoil.\r\n")
    // After a list that ends the front matter: a key of its own, not an item of the list.
    let listed = Cooklang.addingSyncID(id, to: "---\ntags:\n- soup\n---\nBoil.\n")
    XCTAssertEqual(listed, "---\ntags:\n- soup\nmeals-id: \(id)\n---\nBoil.\n")
    XCTAssertEqual(Cooklang.syncID(in: listed), id)
    // A first line of dashes that opens no front matter is text: front matter goes before it.
    XCTAssertEqual(
      Cooklang.addingSyncID(id, to: "---\nBoil.\n"), "---\nmeals-id: \(id)\n---\n---\nBoil.\n")
    XCTAssertEqual(Cooklang.syncID(in: Cooklang.addingSyncID(id, to: "Boil.\n")), id)
  }

  /// Values that could read as YAML's own syntax are quoted in the front matter and come
  /// back as they were.
  func testCooklangFrontMatterQuotesWhatYAMLWouldRead() throws {
    var meal = Meal(name: "Chicken: \"the best\" #1", instructions: "Roast it.")
    meal.category = "yes"
    meal.area = "3.5"
    meal.tags = ["Sunday", "Roast: slow", "it's", "quick, easy", "[x]", "quick<]", "\u{0651}mark"]
    meal.sourceURL = "https://example.org/a?b=c#d"
    meal.servings = 4
    meal.favourite = true
    let text = Cooklang.render(meal)
    XCTAssertTrue(text.contains("servings: 4\n") && text.contains("favourite: true\n"), text)
    var back = try only([Cooklang.meal(from: text, fileName: "x.cook")])
    back.favouritedAt = nil
    XCTAssertEqual(back, meal)
  }

  func testCooklangGivesBackNameIngredientsInstructionsAndFields() throws {
    let text = Cooklang.render(Self.fullMeal)
    XCTAssertTrue(
      text.hasPrefix("---\ntitle: \"Teriyaki \\\"Chicken\\\" Casserole\"\ncategory: Chicken\n"),
      "YAML front matter, quoted where the value needs it: \(text)")
    XCTAssertTrue(text.contains("@soy sauce{3/4%cup}\n@chicken breasts{2}\n@black pepper{}\n"))
    var expected = Self.fullMeal
    expected.favouritedAt = nil
    XCTAssertEqual(try only([Cooklang.meal(from: text, fileName: "x.cook")]), expected)
  }

  /// Ingredients the steps name are marked where they are named, as Cooklang is written by
  /// hand; the ones no step names listed before; the file reads back to the same meal and
  /// writes again to the same bytes.
  func testCooklangMarksIngredientsWhereTheStepsNameThem() throws {
    var meal = Meal(
      name: "Pancakes",
      instructions:
        "Whisk the eggs and the milk.\n> eggs at room temperature\nBatter\nAdd the flour (sifted) and the salt.\nFry in butter."
    )
    meal.sectionTitles = ["Batter"]
    meal.ingredients = [
      IngredientMeasurement(name: "vanilla", quantity: "1 tsp"),
      IngredientMeasurement(name: "eggs", quantity: "3"),
      IngredientMeasurement(name: "milk", quantity: "250 ml"),
      IngredientMeasurement(name: "flour", quantity: "125 g"),
      IngredientMeasurement(name: "salt", quantity: ""),
      IngredientMeasurement(name: "butter", quantity: "1 knob"),
    ]
    let text = Cooklang.render(meal)
    XCTAssertTrue(
      text.hasSuffix(
        """
        = Ingredients

        @vanilla{1%tsp}

        = Method

        Whisk the @eggs{3} and the @milk{250%ml}.

        > eggs at room temperature

        = Batter

        Add the @flour{125%g} (sifted) and the @salt{}.

        Fry in @butter{1%knob}.

        """), text)
    let back = try only([Cooklang.meal(from: text, fileName: "Pancakes.cook")])
    XCTAssertEqual(back.ingredients, meal.ingredients)
    XCTAssertEqual(back.instructions, meal.instructions)
    XCTAssertEqual(Cooklang.render(back), text)
  }

  /// Cookware marked in a file (`#wok{}`, `#big pot{2}`, `#bowl{}(warmed)`) is the meal's,
  /// once each in the order the steps name it; written again at its first mention after the
  /// one before, never in a title, a note, a word that runs on (`woks`) or an ingredient's mark.
  func testCooklangCookwareIsKeptAndMarkedAgain() throws {
    let source = """
      = Method

      Heat the #wok{} and a #big pot{2}; add @oil{1%tbsp}.

      > a wok is best

      Serving

      Toss in the woks, pour into a #bowl{}(warmed), then the #wok{1} again.

      """
    var meal = try only([Cooklang.meal(from: source, fileName: "Stir Fry.cook")])
    XCTAssertEqual(
      meal.cookware,
      [
        Cookware(name: "wok", quantity: "1"), Cookware(name: "big pot", quantity: "2"),
        Cookware(name: "bowl (warmed)"),
      ], "once each, the quantity a later mark gives kept")
    XCTAssertEqual(
      meal.instructions,
      "Heat the wok and a big pot; add oil.\n> a wok is best\nServing\n"
        + "Toss in the woks, pour into a bowl, then the wok again.")
    meal.sectionTitles = ["Serving"]
    let text = Cooklang.render(meal)
    XCTAssertTrue(
      text.hasSuffix(
        """
        = Method

        Heat the #wok{1} and a #big pot{2}; add @oil{1%tbsp}.

        > a wok is best

        = Serving

        Toss in the woks, pour into a #bowl{}(warmed), then the wok again.

        """), text)
    XCTAssertEqual(
      try only([Cooklang.meal(from: text, fileName: "Stir Fry.cook")]).cookware, meal.cookware)

    // An edit that takes the bowl out of the steps takes it out of the meal; one that names
    // the pot first puts it first.
    var draft = MealDraft(original: meal, meal: meal)
    draft.meal.instructions = "Fill the big pot, then heat the wok."
    guard case .success(let saved) = draft.validated() else { return XCTFail("refused") }
    XCTAssertEqual(
      saved.cookware,
      [Cookware(name: "big pot", quantity: "2"), Cookware(name: "wok", quantity: "1")])
    // The same name as an ingredient's mark: the cookware waits for a word of its own.
    var pan = Meal(
      name: "Pan", instructions: "Grease the pan with the pan spray, then heat the pan.")
    pan.ingredients = [IngredientMeasurement(name: "pan spray", quantity: "")]
    pan.cookware = [Cookware(name: "pan")]
    XCTAssertTrue(
      Cooklang.render(pan).contains("Grease the #pan{} with the @pan spray{}, then heat the pan."),
      Cooklang.render(pan))
    // Names inside one another: the longer one chooses first, whatever the list's order, and
    // the list is kept in the order the marks come.
    for order in [["pan", "frying pan"], ["frying pan", "pan"]] {
      var fry = Meal(name: "Fry", instructions: "Heat the frying pan.\nWipe the pan.")
      fry.cookware = order.map { Cookware(name: $0) }
      let text = Cooklang.render(fry)
      XCTAssertTrue(text.hasSuffix("Heat the #frying pan{}.\n\nWipe the #pan{}.\n"), text)
      let back = try only([Cooklang.meal(from: text, fileName: "Fry.cook")])
      XCTAssertEqual(back.cookware.map(\.name), ["frying pan", "pan"])
      XCTAssertEqual(Cooklang.render(back), text)
    }
  }

  /// Marking that would change what is read back lists every ingredient instead: one named
  /// only before the one listed above it, one no step names after a marked one, a name listed
  /// twice, a name the text writes otherwise (`Eggs`) or that runs on (`milky`), groups.
  func testCooklangListsIngredientsWhereMarkingWouldChangeThem() throws {
    func listed(_ names: [String], _ instructions: String) -> Bool {
      var meal = Meal(name: "Test", instructions: instructions)
      meal.ingredients = names.map { IngredientMeasurement(name: $0, quantity: "1") }
      let text = Cooklang.render(meal)
      let back = try? only([Cooklang.meal(from: text, fileName: "Test.cook")])
      XCTAssertEqual(back?.ingredients, meal.ingredients, text)
      XCTAssertEqual(back?.instructions, meal.instructions, text)
      return text.contains("= Ingredients")
    }
    XCTAssertTrue(listed(["milk", "eggs"], "Whisk the eggs and the milk."))
    XCTAssertTrue(listed(["eggs", "milk"], "Whisk the eggs."))
    XCTAssertTrue(listed(["salt", "salt"], "Salt the water, then salt the pasta."))
    XCTAssertTrue(listed(["eggs"], "Whisk the Eggs."))
    XCTAssertTrue(listed(["milk"], "Add milky tea."))
    XCTAssertTrue(listed(["milk"], "Add milk(warm) to it."))
    XCTAssertFalse(listed(["eggs", "milk"], "Whisk the eggs, then the milk."))
    XCTAssertFalse(listed(["eggs"], "= Whisk the eggs -- fast @ 10 °C~."))
    XCTAssertTrue(listed(["@eggs", "milk"], "Whisk the @eggs and the milk."))
    // What would end a name or an amount comes back as written, escaped.
    var odd = Meal(name: "Odd", instructions: "Mix.")
    odd.ingredients = [
      IngredientMeasurement(name: "sauce {house}", quantity: "50% of it"),
      IngredientMeasurement(name: "a\\b", quantity: "1 }"),
      IngredientMeasurement(name: "si#lken ~tofu", quantity: "100 g"),
      IngredientMeasurement(name: "tofu -- silken [-firm-]", quantity: "1 -- 2"),
      IngredientMeasurement(name: "+ extra cheese", quantity: ""),
      IngredientMeasurement(name: "&more", quantity: "1"),
    ]
    odd.instructions = "Mix.\nSauce \\@ home\n=\nServe."
    odd.sectionTitles = ["Sauce \\@ home", "="]
    let oddText = Cooklang.render(odd)
    XCTAssertEqual(
      try only([Cooklang.meal(from: oddText, fileName: "Odd.cook")]).ingredients, odd.ingredients,
      oddText)
    let oddBack = try only([Cooklang.meal(from: oddText, fileName: "Odd.cook")])
    XCTAssertEqual(oddBack.instructions, odd.instructions, oddText)
    XCTAssertEqual(
      Cooklang.render(oddBack), oddText, "a title holding \\@, or made of =, comes back")
    // A mark left with no name once control characters are gone is no ingredient.
    let stray = try only(
      RecipeImport.candidates(from: Data("Mix @\u{1}\u{2} and @salt.\n".utf8), fileName: "x.cook"))
    XCTAssertEqual(stray.ingredients.map(\.name), ["salt"])
    var grouped = Meal(name: "Pie", instructions: "Add the flour.")
    grouped.ingredients = [IngredientMeasurement(name: "flour", quantity: "1", group: "Pastry")]
    XCTAssertTrue(Cooklang.render(grouped).contains("= Ingredients: Pastry"))
  }

  // MARK: - schema.org

  func testSchemaOrgWrittenByUsComesBackWithoutTheUsersNotes() throws {
    let text = SchemaOrgRecipe.document([Self.fullMeal])
    let object = try XCTUnwrap(
      JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    XCTAssertEqual(object["@type"] as? String, "Recipe")
    XCTAssertEqual(object["totalTime"] as? String, "PT1H35M")
    XCTAssertEqual(
      object["recipeIngredient"] as? [String],
      ["3/4 cup soy sauce", "2 chicken breasts", "black pepper", "1 (12 oz.) Stir-fry vegetables"])
    var expected = Self.fullMeal
    expected.favourite = false
    expected.favouritedAt = nil
    expected.rating = 0
    expected.difficulty = nil
    XCTAssertEqual(
      try only(try RecipeImport.candidates(from: Data(text.utf8), fileName: "x.json")), expected)
  }

  /// schema.org's `tool`: one or a list, objects or names; kept when the steps name it, in
  /// the steps' own letter case.
  func testSchemaOrgToolsAreTheCookwareTheStepsName() throws {
    let page = """
      {"@context": "https://schema.org", "@type": "Recipe", "name": "Purée",
       "recipeIngredient": ["500 g potatoes"],
       "recipeInstructions": ["Boil the potatoes in a Pot.", "Press them through a sieve."],
       "tool": [{"@type": "HowToTool", "name": "Sieve"}, "pot", {"name": "Blender"}]}
      """
    let meal = try only(try RecipeImport.candidates(from: Data(page.utf8), fileName: "x.json"))
    XCTAssertEqual(meal.cookware, [Cookware(name: "Pot"), Cookware(name: "sieve")])
    let one = page.replacingOccurrences(
      of: #"[{"@type": "HowToTool", "name": "Sieve"}, "pot", {"name": "Blender"}]"#,
      with: #""Sieve""#)
    XCTAssertEqual(
      try only(try RecipeImport.candidates(from: Data(one.utf8), fileName: "x.json")).cookware,
      [Cookware(name: "sieve")])
  }

  func testSchemaOrgWithStringsArraysAndTimesInParts() throws {
    let meal = try only(try recipe("strings-recipe.json"))
    XCTAssertEqual(meal.name, "Lemon Drizzle Traybake")
    XCTAssertEqual(meal.category, "Dessert")
    XCTAssertEqual(meal.tags, ["cake", "lemon", "traybake"])
    XCTAssertEqual(meal.thumbnailURL, "https://example.org/lemon-1x1.jpg")
    XCTAssertEqual(meal.servings, 12)
    XCTAssertEqual(meal.totalMinutes, 55, "prepTime + cookTime")
    XCTAssertEqual(
      meal.ingredients.map { "\($0.quantity)|\($0.name)" },
      [
        "225 g|softened butter", "225g|caster sugar", "4|eggs", "1 1/2 cups|self-raising flour",
        "Zest of 2|lemons", "Pinch of|salt",
      ])
    XCTAssertEqual(
      meal.instructions,
      "Heat the oven to 180C.\nBeat everything together & spread in the tin.\nBake for 35 minutes, then drizzle."
    )
  }

  func testSchemaOrgInAGraphWithSectionsAndObjects() throws {
    let meal = try only(try recipe("graph-howto.jsonld"))
    XCTAssertEqual(meal.name, "Tomato & Bean Stew")
    XCTAssertEqual(meal.servings, 4)
    XCTAssertEqual(meal.totalMinutes, 75)
    XCTAssertEqual(meal.thumbnailURL, "https://example.org/stew.jpg")
    XCTAssertEqual(meal.videoURL, "https://example.org/embed/stew")
    XCTAssertEqual(
      meal.ingredients.first, IngredientMeasurement(name: "olive oil", quantity: "2 tbsp"))
    XCTAssertEqual(
      meal.ingredients[2], IngredientMeasurement(name: "butter beans", quantity: "400 g tin of"))
    XCTAssertEqual(
      meal.instructions,
      """
      Base
      Soften the onion in the oil for 10 minutes.
      Stir in the paprika.
      Stew
      Add the beans and simmer for 45 minutes.
      Season.
      """, "the sections' titles as the recipe writes them, no colon added")
    XCTAssertEqual(meal.sectionTitles, ["Base", "Stew"])
    // The sections head their steps in Cook Mode; they are not steps themselves.
    XCTAssertEqual(
      CookSteps.steps(of: meal),
      [
        CookStep("Soften the onion in the oil for 10 minutes.", section: "Base"),
        CookStep("Stir in the paprika.", section: "Base"),
        CookStep("Add the beans and simmer for 45 minutes.", section: "Stew"),
        CookStep("Season.", section: "Stew"),
      ])
  }

  func testSchemaOrgArraysAndASavedPage() throws {
    let two = try recipe("two-recipes.json").compactMap(\.meal)
    XCTAssertEqual(two.map(\.name), ["Green Salad", "Toast"], "the Person is not a recipe")
    XCTAssertEqual(two[1].ingredients.map(\.name), ["bread", "butter"])
    let page = try only(try recipe("saved-page.html"))
    XCTAssertEqual(page.name, "Miso Soup")
    XCTAssertEqual(page.servings, 2)
    XCTAssertEqual(page.ingredients.count, 4)
  }

  func testFilesWithoutARecipeAreRefused() throws {
    XCTAssertThrowsError(try recipe("no-recipe.json")) {
      XCTAssertEqual(
        ($0 as? FormatError)?.message, "its JSON is neither meals' format nor a schema.org Recipe.")
    }
    let page = Data(
      "<html><head><title>Our shop</title></head><body>No data here</body></html>".utf8)
    XCTAssertThrowsError(try RecipeImport.candidates(from: page, fileName: "p.html")) {
      XCTAssertEqual(
        ($0 as? FormatError)?.message,
        "it is not a recipe page (a web page titled “Our shop”): no recipe found in it.")
    }
    XCTAssertThrowsError(
      try RecipeImport.candidates(from: Data("just some words\n".utf8), fileName: "notes.txt")
    ) {
      XCTAssertTrue(($0 as? FormatError)?.message.contains("not a format meals reads") == true)
    }
    // An empty file (a download cut short, an export that wrote nothing) is said as such.
    XCTAssertThrowsError(try RecipeImport.candidates(from: Data(), fileName: "export.zip")) {
      XCTAssertEqual(($0 as? FormatError)?.message, "it is empty (0 bytes).")
    }
  }

  // MARK: - Ingredient lines

  func testIngredientLinesSplitAtTheMeasure() {
    let cases: [(String, String, String)] = [
      ("2 cups flour", "2 cups", "flour"),
      ("1 1/2 tsp baking powder", "1 1/2 tsp", "baking powder"),
      ("½ tsp salt", "½ tsp", "salt"),
      ("100g butter, softened", "100g", "butter, softened"),
      ("1 (12 oz.) can chickpeas", "1 (12 oz.) can", "chickpeas"),
      ("1 bunch of okra", "1 bunch of", "okra"),
      ("3 cloves garlic, minced", "3 cloves", "garlic, minced"),
      ("1 (28 ounce) can whole peeled tomatoes", "1 (28 ounce) can", "whole peeled tomatoes"),
      ("10g/½oz fresh tarragon, leaves only", "10g/½oz", "fresh tarragon, leaves only"),
      ("a pinch of salt", "a pinch of", "salt"),
      ("2 x 400g tins chopped tomatoes", "2 x 400g tins", "chopped tomatoes"),
      ("6 large eggs", "6 large", "eggs"),
      ("0,5 tl suolaa", "0,5 tl", "suolaa"),
      ("3 gousses d'ail", "3 gousses", "d'ail"),
      ("4-5 tablespoon(s) olive oil", "4-5 tablespoon(s)", "olive oil"),
      ("玉ねぎ 1個", "", "玉ねぎ 1個"),
      ("3 eggs", "3", "eggs"),
      ("2-3 garlic cloves", "2-3", "garlic cloves"),
      ("salt to taste", "", "salt to taste"),
      ("400 g of tomatoes", "400 g of", "tomatoes"),
      ("12", "", "12"),
      ("1/3 cup + 2 tablespoons sugar", "1/3 cup + 2 tablespoons", "sugar"),
    ]
    for (line, quantity, name) in cases {
      XCTAssertEqual(
        IngredientLine.split(line), IngredientMeasurement(name: name, quantity: quantity), line)
    }
  }

  /// Whether a line is only an amount: a page's cell beside its food's.
  func testALineThatIsOnlyAnAmount() {
    for line in ["40 gr", "2 EL", "½", "250 g", "1"] {
      XCTAssertTrue(IngredientLine.isAmountOnly(line), line)
    }
    for line in ["ontbijtspek", "2 eggs", "1 Zwiebel", "salt to taste", "Step 1", ""] {
      XCTAssertFalse(IngredientLine.isAmountOnly(line), line)
    }
  }

  /// What the shopping list and the pantry read a line as: its amount and its food, the
  /// joining words gone, a measure after the food found too.
  func testIngredientLinesReadAsAnAmountAndAFood() {
    let cases: [(String, String, String)] = [
      ("1 bunch of okra", "1 bunch", "okra"),
      ("a pinch of salt", "a pinch", "salt"),
      ("salt and pepper to taste", "to taste", "salt and pepper"),
      ("Salt, to taste", "to taste", "Salt"),
      ("3 gousses d'ail", "3 gousses", "ail"),
      ("2 c. à soupe d'huile d'olive", "2 c. à soupe", "huile d'olive"),
      ("2 colheres de sopa de azeite", "2 colheres de sopa", "azeite"),
      ("sale q.b.", "q.b.", "sale"),
      ("Flour: 200 g", "200 g", "Flour"),
      ("玉ねぎ 1個", "1個", "玉ねぎ"),
      ("砂糖 大さじ1", "大さじ1", "砂糖"),
      ("1zwiebel", "1", "zwiebel"),
      ("Freshly ground black pepper", "", "Freshly ground black pepper"),
    ]
    for (line, amount, food) in cases {
      let reading = IngredientLine.reading(IngredientLine.split(line))
      XCTAssertEqual(reading.amount, amount, line)
      XCTAssertEqual(reading.food, food, line)
    }
    XCTAssertEqual(IngredientKey.of("salt and pepper to taste"), "salt and pepper")
    XCTAssertEqual(IngredientKey.of("d'ail"), "ail")
  }

  // MARK: - Sections

  /// A section's title is kept as the recipe writes it: a step's own name (WP Recipe Maker's
  /// summaries), a HowToSection's; `meals show` writes it as a heading, with a colon.
  func testSectionTitlesAreKeptAsWrittenAndReadAsHeadings() throws {
    let json = """
      {"@type": "Recipe", "name": "Barbacoa", "recipeInstructions": [
        {"@type": "HowToSection", "name": "Barbacoa", "itemListElement": [
          {"@type": "HowToStep", "text": "Brown the beef."}]},
        {"@type": "HowToStep", "name": "Day 2 (morning):", "text": "Shred it."},
        {"@type": "HowToStep", "name": "Step 3", "text": "Serve."}]}
      """
    let meal = try only(try RecipeImport.candidates(from: Data(json.utf8), fileName: "b.json"))
    XCTAssertEqual(
      meal.instructions, "Barbacoa\nBrown the beef.\nDay 2 (morning):\nShred it.\nServe.")
    XCTAssertEqual(meal.sectionTitles, ["Barbacoa", "Day 2 (morning):"], "no colon added")
    XCTAssertEqual(
      CookSteps.steps(of: meal),
      [
        CookStep("Brown the beef.", section: "Barbacoa"),
        CookStep("Shred it.", section: "Day 2 (morning)"),
        CookStep("Serve.", section: "Day 2 (morning)"),
      ])
    XCTAssertTrue(
      MealPlainText.render(meal).contains("\nBarbacoa:\nBrown the beef.\nDay 2 (morning):\n"),
      MealPlainText.render(meal))
    var edited = MealDraft(of: meal)
    edited.instructions = "Brown the beef.\nDay 2 (morning):\nShred it."
    XCTAssertEqual(
      try edited.validated().get().sectionTitles, ["Day 2 (morning):"],
      "a title taken out of the text is no title any more")
  }

  /// Markup escaped twice in a step (`&lt;i&gt;`) reads as its words, not as tags; text that
  /// only mentions a `<` keeps it.
  func testMarkupEscapedTwiceReadsAsItsWords() throws {
    let json = """
      {"@type": "Recipe", "name": "Tart", "recipeInstructions": [
        {"@type": "HowToStep", "text": "Adapted from &lt;i&gt;At Home&lt;/i&gt; (2023)."},
        {"@type": "HowToStep", "text": "Bake until the centre is &lt; 70 °C &amp; set."}]}
      """
    let meal = try only(try RecipeImport.candidates(from: Data(json.utf8), fileName: "t.json"))
    XCTAssertEqual(
      meal.instructions, "Adapted from At Home (2023).\nBake until the centre is < 70 °C & set.")
  }
}
