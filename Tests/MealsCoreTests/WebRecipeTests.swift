import Fixtures
import Foundation
import TestSupport
import XCTest

@testable import MealsCore

/// Recipe pages of each kind, written by this project (Resources/fixtures/pages): what the
/// reader takes from each.
final class WebRecipeTests: XCTestCase {
  private func read(_ name: String, address: String? = "https://example.org/recipes/x")
    throws -> [ImportCandidate]
  {
    try RecipeImport.candidates(
      from: PackagePaths.fixture("pages/\(name)"), fileName: name, address: address)
  }

  private func meal(_ name: String) throws -> Meal {
    try XCTUnwrap(try read(name).first?.meal, name)
  }

  private func lines(_ meal: Meal) -> [String] { meal.ingredients.map(IngredientLine.joined) }

  func testJSONLDInAGraphWithSectionsEntitiesAndARelativePicture() throws {
    let meal = try meal("jsonld-graph.html")
    XCTAssertEqual(meal.name, "Spiced Lentil Soup & Lemon")
    XCTAssertEqual(
      lines(meal),
      [
        "1 cup red lentils", "1 onion, finely chopped", "2 tbsp olive oil", "½ tsp cumin",
        "Salt, to taste",
      ], "verbatim, tags gone, entities decoded")
    XCTAssertEqual(
      meal.ingredients[0], IngredientMeasurement(name: "red lentils", quantity: "1 cup"))
    XCTAssertEqual(meal.sectionTitles, ["The soup", "To serve"])
    XCTAssertEqual(
      CookSteps.steps(of: meal),
      [
        CookStep("Soften the onion in the oil for 5 minutes.", section: "The soup"),
        CookStep(
          "Add the lentils and 1 litre of water, then simmer for 30 minutes.", section: "The soup"),
        CookStep("Season with the cumin and salt.", section: "To serve"),
      ])
    XCTAssertEqual(meal.servings, 4)
    XCTAssertEqual(meal.totalMinutes, 45, "prep + cook")
    XCTAssertEqual(meal.category, "Soup")
    XCTAssertEqual(meal.area, "Turkish")
    XCTAssertEqual(meal.tags, ["lentils", "soup", "winter"])
    XCTAssertEqual(meal.thumbnailURL, "https://example.org/uploads/lentil-soup.jpg")
    XCTAssertEqual(meal.sourceURL, "https://example.org/recipes/x")
  }

  func testJSONWithRawControlCharactersAndTrailingCommasIsMended() throws {
    let meal = try meal("broken-json.html")
    XCTAssertEqual(meal.name, "Fridge Oats")
    XCTAssertEqual(lines(meal), ["1 cup oats", "1 cup milk"])
    XCTAssertEqual(
      CookSteps.split(meal.instructions),
      ["Stir the oats into the milk.", "Leave them in the fridge overnight."])
    XCTAssertEqual(meal.servings, 2)
    XCTAssertEqual(meal.totalMinutes, 5, "P0DT0H5M")
  }

  func testMicrodataAndRDFa() throws {
    let pancakes = try meal("microdata.html")
    XCTAssertEqual(pancakes.name, "Pancakes for Two")
    XCTAssertEqual(lines(pancakes), ["100 g plain flour", "1 egg", "250 ml milk"])
    XCTAssertEqual(
      CookSteps.split(pancakes.instructions),
      [
        "Whisk the flour, egg and milk into a smooth batter.",
        "Fry ladlefuls in a hot pan, turning once.",
      ], "a line break in HTML is a space")
    XCTAssertEqual(pancakes.servings, 2)
    XCTAssertEqual(pancakes.totalMinutes, 20)
    XCTAssertEqual(pancakes.thumbnailURL, "https://example.org/img/pancakes.jpg")

    let salad = try meal("rdfa.html")
    XCTAssertEqual(salad.name, "Green Salad")
    XCTAssertEqual(lines(salad), ["1 lettuce", "2 tbsp vinaigrette"])
    XCTAssertEqual(
      CookSteps.split(salad.instructions),
      ["Tear the lettuce.", "Toss it with the vinaigrette just before serving."])
    XCTAssertEqual(salad.servings, 3)
  }

  func testARecipeCardWithoutStructuredData() throws {
    let bars = try meal("plugin-only.html")
    XCTAssertEqual(bars.name, "Lemon Bars")
    XCTAssertEqual(lines(bars), ["200 g shortbread crumbs", "3 lemons, juiced"])
    XCTAssertEqual(bars.ingredients.count, 2, "the menu's list is not the recipe's")
    XCTAssertEqual(bars.servings, 16)
    XCTAssertEqual(bars.totalMinutes, 65)
    XCTAssertEqual(bars.thumbnailURL, "https://example.org/lemon-bars.jpg", "OpenGraph's picture")
  }

  func testThePagesOwnHeadingsAndListsWhenNothingElseMarksTheRecipe() throws {
    let flapjacks = try meal("headings-only.html")
    XCTAssertEqual(flapjacks.name, "Grandma's Flapjacks")
    XCTAssertEqual(lines(flapjacks), ["250 g oats", "125 g butter", "3 tbsp golden syrup"])
    XCTAssertEqual(
      CookSteps.split(flapjacks.instructions),
      [
        "Melt the butter with the syrup.",
        "Stir in the oats, press into a tin and bake for 25 minutes.",
      ],
      "the footer's share list is not a step")
    XCTAssertEqual(flapjacks.servings, 12)
    XCTAssertEqual(flapjacks.totalMinutes, 45)
  }

  func testAPageWithoutARecipeSaysWhatItIs() {
    XCTAssertThrowsError(try read("opengraph-only.html")) { error in
      XCTAssertEqual(
        (error as? FormatError)?.message,
        "it is not a recipe page (a page of type “article” titled “Our Summer Menu”): no recipe found in it."
      )
    }
  }

  /// Times no recipe takes are no time, not a crash.
  ///
  /// Found by `make fuzz` (page): a duration past Int.max minutes stopped the import with a
  /// runtime failure.
  func testTimesNoRecipeTakesAreLeftOut() throws {
    for text in [
      "99999999999999999999 hours", "1e300 minutes", "nan minutes", "PT99999999999999999999H",
    ] {
      XCTAssertNil(DurationText.minutes(text), text)
    }
    XCTAssertEqual(DurationText.minutes("1 hour 20 minutes"), 80)
    XCTAssertEqual(SchemaOrgRecipe.minutes("P1DT2H"), 1_560)
    let page = """
      <html><body><article itemscope itemtype="http://schema.org/Recipe">
      <h1 itemprop="name">Pancakes</h1>
      <time itemprop="totalTime">99999999999999999999999 hours</time>
      <ul><li itemprop="recipeIngredient">2 eggs</li></ul>
      <p itemprop="recipeInstructions">Fry them.</p></article></body></html>
      """
    let meal = try XCTUnwrap(
      try RecipeImport.candidates(from: Data(page.utf8), fileName: "p.html").first?.meal)
    XCTAssertEqual(meal.name, "Pancakes")
    XCTAssertNil(meal.totalMinutes)
  }

  func testTheCharacterSetOfTheHeaderOrTheMetaTag() throws {
    let latin1 = try PackagePaths.fixture("pages/latin1.html")
    XCTAssertNil(String(validating: latin1, as: UTF8.self), "the fixture is ISO-8859-1 bytes")
    let meal = try XCTUnwrap(
      try RecipeImport.candidates(from: latin1, fileName: "page", address: nil).first?.meal)
    XCTAssertEqual(meal.name, "Crème brûlée")
    XCTAssertEqual(lines(meal), ["500 ml crème fraîche", "5 jaunes d'oeufs"])
    XCTAssertEqual(PageText.decode(Array("caf\u{E9}".utf8)), "café", "valid UTF-8 stays UTF-8")
    XCTAssertEqual(
      PageText.decode([0x63, 0x61, 0x66, 0xE9, 0x20, 0x93, 0x78, 0x94]), "café “x”",
      "not UTF-8, named nothing: Windows-1252")
    XCTAssertEqual(
      PageText.decode(Array("1Â¼ cups".utf8), contentType: "text/html; charset=utf-8"), "1Â¼ cups",
      "as the page says; mended later, in the ingredient line")
    XCTAssertEqual(SchemaOrgRecipe.undoubled("1Â¼ cups"), "1¼ cups")
  }

  func testNamesWithEscapesAreCleanedBeforeTheyGoAnywhere() throws {
    let candidate = try XCTUnwrap(try read("evil-name.html").first)
    XCTAssertEqual(candidate.meal?.name, "Evil Stew")
  }

  func testTheHTMLReaderForgivesWhatBrowsersForgive() {
    let page = HTMLDocument(
      "<ul><li>one<li>two &amp three</ul><p>a<p>b &#x2019; &#146; &nbsp;c<br>d</p><script>if (a < b) {}</script>"
    )
    XCTAssertEqual(page.elements(named: "li").map { page.text(of: $0) }, ["one", "two & three"])
    XCTAssertEqual(page.elements(named: "p").map { page.text(of: $0) }, ["a", "b ’ ’ c d"])
    XCTAssertEqual(page.lines(of: page.elements(named: "p")[1]), ["b ’ ’ c", "d"])
    XCTAssertEqual(page.nodes[page.elements(named: "script")[0]].children.count, 1, "raw text")
  }

  func testEveryKindOfWhiteSpaceFoldsToOneSpace() {
    // Tab, line feed, no-break, en quad, thin, zero-width, line separator, narrow no-break,
    // medium mathematical, ideographic; the letters around them (é, 麻, 😀) are kept whole.
    let spaced =
      "\t é\n\u{00A0}a\u{2000}b\u{2009}\u{200B}c\u{2028}麻\u{202F}d\u{205F}e\u{3000}😀 \r\n"
    XCTAssertEqual(HTMLDocument.fold(spaced), "é a b c 麻 d e 😀")
    // Not white space: the zero-width joiner inside an emoji, a soft hyphen, U+2010.
    XCTAssertEqual(
      HTMLDocument.fold("👩\u{200D}🍳 soft\u{00AD}ly ‐x"), "👩\u{200D}🍳 soft\u{00AD}ly ‐x")
    XCTAssertEqual(HTMLDocument.fold(""), "")
    XCTAssertEqual(HTMLDocument.fold(" \u{00A0} "), "")
  }

  func testIngredientLinesComeBackWhole() {
    for line in [
      "2 cups of flour", "1 (14-ounce) can coconut milk", "Salt, to taste", "½ tsp cumin",
      "100g butter, softened", "2-3 large carrots", "1 1/2 cups water",
    ] {
      XCTAssertEqual(IngredientLine.joined(IngredientLine.split(line)), line)
    }
    XCTAssertEqual(
      IngredientLine.split("2 cups of flour"),
      IngredientMeasurement(name: "flour", quantity: "2 cups of"), "the ingredient is flour")
  }

  // MARK: - Servings in words

  /// Servings as pages write them without a recipe's data: a label and its value on one line
  /// or the next, a number before the word for servings (in several languages), a range.
  func testServingsWrittenInWordsAreRead() {
    func servings(_ html: String) -> Int? { PageFacts.read(HTMLDocument(html)).servings }
    XCTAssertEqual(servings("<p>Serves: 4</p>"), 4)
    XCTAssertEqual(servings("<p>Yield:</p><p>20 to 22</p>"), 22, "the label above its value")
    XCTAssertEqual(servings("<div>Makes</div><div>4 to 6 servings</div>"), 6)
    XCTAssertEqual(servings("<h3>Pour 2 personnes :</h3><li>250 g de tagliatelles</li>"), 2)
    XCTAssertEqual(servings("<p>Ingredients for 5 (small) servings</p>"), 5)
    XCTAssertEqual(servings("<span>6</span> <span>személyre</span>"), 6)
    XCTAssertNil(
      servings("<p>Nutrition per serving</p><p>Calories</p><p>400</p>"), "no number, no servings")
    XCTAssertNil(servings("<p>Bake 2 trays of 12 cookies.</p>"))
    XCTAssertEqual(SchemaOrgRecipe.servings("Serves 4-6"), 6, "a range serves its upper end")
    XCTAssertEqual(SchemaOrgRecipe.servings("8 servings"), 8)
    XCTAssertEqual(SchemaOrgRecipe.servings("6-4"), 6, "no range downwards")
  }

  // MARK: - Recipes in a page's own markup

  /// The meal a page of headings and lists holds, without any structured data.
  private func markedUp(_ body: String) -> Meal? {
    RecipePage.read(html: "<html><body><h1>Test Soup</h1>\(body)</body></html>")
      .candidates.first?.meal
  }

  /// The first meal of a whole page; fails the test when there is none.
  private func page(_ html: String) throws -> Meal {
    try XCTUnwrap(RecipePage.read(html: html).candidates.first?.meal)
  }

  /// A page of a recipe's data in JSON-LD (`fields`: its properties) and `body`.
  private func page(data fields: String, body: String) throws -> Meal {
    try page(
      """
      <html><body><script type="application/ld+json">{"@context": "https://schema.org",
      "@type": "Recipe", "name": "Test Soup", \(fields)}</script>\(body)</body></html>
      """)
  }

  /// A wiki's headings sit in a wrapper with edit links, and its method is a Procedure.
  func testAHeadingInAWrapperAndAProcedure() throws {
    let meal = try XCTUnwrap(
      markedUp(
        """
        <div class="heading"><h2>Ingredients</h2><span>[<a href="#">edit</a>]</span></div>
        <ul><li>2 carrots</li><li>1 l stock</li></ul>
        <div class="heading"><h2>Procedure</h2><span>[<a href="#">edit</a>]</span></div>
        <ol><li>Chop the carrots.</li><li>Simmer them in the stock for 20 minutes.</li></ol>
        """))
    XCTAssertEqual(lines(meal), ["2 carrots", "1 l stock"])
    XCTAssertEqual(
      CookSteps.split(meal.instructions),
      ["Chop the carrots.", "Simmer them in the stock for 20 minutes."])
  }

  /// A paragraph of lines under a heading is a list written without one; a dash before a
  /// line is not part of it.
  func testLinesOfAParagraphAreEntries() throws {
    let meal = try XCTUnwrap(
      markedUp(
        """
        <p>Zutaten</p>
        <p>500 g Kartoffeln<br> 1 Zwiebel<br> Salz</p>
        <p>Zubereitung</p>
        <p>&#8211; Kartoffeln schälen und würfeln<br> &#8211; Mit der Zwiebel weich kochen</p>
        """))
    XCTAssertEqual(lines(meal), ["500 g Kartoffeln", "1 Zwiebel", "Salz"])
    XCTAssertEqual(
      CookSteps.split(meal.instructions),
      ["Kartoffeln schälen und würfeln", "Mit der Zwiebel weich kochen"])
  }

  /// Data that names a word where the page lists the recipe's lines gives way to the list.
  func testAListOnThePageOverDataThatNamesOneWord() throws {
    let html = """
      <html><head><script type="application/ld+json">
      {"@type": "Recipe", "name": "Roast Chicken", "recipeIngredient": "Chicken",
       "recipeInstructions": "Roast the chicken for an hour."}
      </script></head><body><h1>Roast Chicken</h1>
      <h2>Ingredients</h2><ul><li>1 whole chicken</li><li>2 lemons</li>
      <li>4 garlic cloves</li><li>salt</li></ul></body></html>
      """
    let meal = try XCTUnwrap(RecipePage.read(html: html).candidates.first?.meal)
    XCTAssertEqual(lines(meal), ["1 whole chicken", "2 lemons", "4 garlic cloves", "salt"])
  }

  /// A bullet typed before an ingredient is not part of it; a minus sign is.
  func testBulletsBeforeIngredientLinesAreLeftOut() {
    XCTAssertEqual(
      SchemaOrgRecipe.ingredientLines(
        .array([.string("- 300 g cheese"), .string("• 2 eggs"), .string("-5 °C water")])),
      ["300 g cheese", "2 eggs", "-5 °C water"])
  }

  /// A short line between two lists names a group of ingredients; the steps follow the
  /// ingredients under a heading that names no method; a line that begins the steps
  /// (`Here's how to make it:`) is no group.
  func testGroupsOfIngredientsAndStepsUnderAnyHeading() throws {
    let sandwich = try XCTUnwrap(
      markedUp(
        """
        <h4>INGREDIENTS</h4>
        <ul><li><p>Baguette</p></li><li><p>Tomato</p></li><li><p>1 chicken breast</p></li></ul>
        <p><strong>Dressing</strong></p>
        <ul><li><p>1 cup yogurt</p></li><li><p>2 tbsp dill</p></li></ul>
        <p><span>Optional</span><br></p>
        <ul><li>Pickled onions</li></ul>
        <h4>LET'S GET STARTED</h4>
        <ol><li><p>Grill the chicken until cooked through.</p></li>
        <li><p>Mix the yogurt and the dill.</p></li><li><p>Fill the baguette.</p></li></ol>
        """))
    XCTAssertEqual(
      lines(sandwich),
      ["Baguette", "Tomato", "1 chicken breast", "1 cup yogurt", "2 tbsp dill", "Pickled onions"])
    XCTAssertEqual(CookSteps.split(sandwich.instructions).count, 3)
    let stew = try XCTUnwrap(
      markedUp(
        """
        <p><strong>Ingredients</strong></p>
        <ul><li>1 kg beef</li><li>2 onions</li><li>1 bay leaf</li></ul>
        <p><strong>Here's how to make it:</strong></p>
        <ol><li>Brown the beef in batches.</li><li>Add the onions and the bay leaf.</li></ol>
        """))
    XCTAssertEqual(lines(stew), ["1 kg beef", "2 onions", "1 bay leaf"])
    XCTAssertEqual(
      CookSteps.split(stew.instructions),
      ["Brown the beef in batches.", "Add the onions and the bay leaf."])
  }

  // MARK: - Pages nobody tuned for (#38)

  private func groups(_ meal: Meal) -> [String] { meal.ingredients.map(\.group) }

  /// `"@type": "recipe"`, `"HOWTOSTEP"`: a type is read by its word, whatever its case.
  func testASchemaTypeInAnyCaseIsRead() throws {
    let meal = try page(
      """
      <html><body><script type="application/ld+json">{"@context": "http://schema.org/",
      "@type": "recipe", "name": "Quick Dal", "recipeIngredient": ["1 cup lentils",
      "2 cups water"], "recipeInstructions": [{"@type": "HOWTOSTEP", "text": "Simmer."}]}
      </script><ul class="nutrition"><li>Energy 1405kJ</li><li>Fat 10g</li></ul>
      </body></html>
      """)
    XCTAssertEqual(meal.name, "Quick Dal")
    XCTAssertEqual(lines(meal), ["1 cup lentils", "2 cups water"])
    XCTAssertEqual(meal.instructions, "Simmer.")
  }

  /// A page builder's markup: every line a block of its own, empty blocks between, the
  /// groups named by plain short lines before their lists, nutrition after them.
  func testGroupsNamedByPlainLinesBetweenEmptyBlocks() throws {
    let meal = try XCTUnwrap(
      markedUp(
        """
        <div><p><span>INGREDIENTS:</span></p></div><div type="paragraph"></div>
        <div><p><span>Tortillas</span></p></div><div type="paragraph"></div>
        <div><ul><li><div><p>2 cups flour</p></div></li><li><p>3/4 cup warm water</p></li></ul></div>
        <div><div><span><br></span></div></div>
        <div><p><span>Filling</span></p></div><div type="paragraph"></div>
        <div><ul><li><p>1 cup rice</p></li><li><p>2 tbsp butter</p></li><li><p>Salt</p></li></ul></div>
        <div class="recipe-nutrition"><ul><li>Energy 1405kJ</li><li>Fat 10 g</li></ul></div>
        <div><p><span>INSTRUCTIONS:</span></p></div>
        <div><ol><li><p>Knead the flour and the water into a dough.</p></li>
        <li><p>Cook the rice with the butter.</p></li></ol></div>
        """))
    XCTAssertEqual(
      lines(meal), ["2 cups flour", "3/4 cup warm water", "1 cup rice", "2 tbsp butter", "Salt"])
    XCTAssertEqual(groups(meal), ["Tortillas", "Tortillas", "Filling", "Filling", "Filling"])
    XCTAssertEqual(CookSteps.split(meal.instructions).count, 2)
  }

  /// Ingredients as paragraphs with bullets, then `Instructions:` in a paragraph of its own
  /// and a list of steps: the bullets are the ingredients, the list is the method.
  func testBulletedParagraphsAreTheIngredientsNotTheStepsAfterThem() throws {
    let meal = try XCTUnwrap(
      markedUp(
        """
        <p>Ingredients:</p><p> </p>
        <p>• 1 bag cauliflower rice (if fresh, add oil to the pan)</p><p> </p>
        <p>• 1-2 Tbsp olive oil</p><p>• sea salt and pepper to taste</p>
        <p>Instructions:</p>
        <ol><li>Heat a pan on medium heat with the oil.</li>
        <li>Add the cauliflower and cook for about 5 minutes.</li>
        <li>Season and serve.</li></ol>
        """))
    XCTAssertEqual(
      lines(meal),
      [
        "1 bag cauliflower rice (if fresh, add oil to the pan)", "1-2 Tbsp olive oil",
        "sea salt and pepper to taste",
      ])
    XCTAssertEqual(CookSteps.split(meal.instructions).count, 3)
  }

  /// A reader reads what the page shows; a table lists ingredients a row each.
  ///
  /// A units toggle keeps the other units' list hidden (a class, `hidden`, `display: none`).
  /// A cell of icons is no part of a row's line.
  func testHiddenListsAreNotReadAndTablesAreARowEach() throws {
    let roast = try XCTUnwrap(
      markedUp(
        """
        <h3>Ingredients</h3>
        <ul><li class="metric">4 potatoes</li><li class="metric">100ml vegetable oil</li>
        <li class="imperial hide">4 Yukon gold potatoes</li>
        <li class="imperial" hidden>3 1/2fl oz vegetable oil</li>
        <li style="display: none">Plenty of salt</li></ul>
        <h3>Method</h3><ol><li>Boil the potatoes for 10 minutes.</li><li>Roast them.</li></ol>
        """))
    XCTAssertEqual(lines(roast), ["4 potatoes", "100ml vegetable oil"])
    let cookies = try XCTUnwrap(
      markedUp(
        """
        <h2>Ingredients</h2>
        <table><tr><td>1 ½</td><td>cups</td><td><a href="/i/flour">all-purpose flour</a></td></tr>
        <tr><td>2</td><td>large</td><td>eggs<br><small>room temp.</small></td></tr></table>
        <div class="hide"><h2>Ingredients</h2><table><tr><td>355</td><td>ml</td><td>flour</td></tr>
        <tr><td>2</td><td>large</td><td>eggs</td></tr></table></div>
        <h2>Directions</h2><ol><li>Whisk the flour with the eggs.</li><li>Bake them.</li></ol>
        """))
    XCTAssertEqual(lines(cookies), ["1 ½ cups all-purpose flour", "2 large eggs room temp."])
  }

  /// A plugin's class marks the first group's lines; the list under the page's ingredients
  /// heading holds them and the next group's: the whole is the recipe's.
  func testTheWholeListOverItsFirstGroup() throws {
    let meal = try XCTUnwrap(
      markedUp(
        """
        <div class="recipe-ingredients"><h3>Ingredients</h3>
        <ul class="ingredient-list"><li class="ingredient">20 chicken wings</li>
        <li class="ingredient">½ tsp salt</li><li class="ingredient">2 tsp cornflour</li></ul>
        <p>Marinade</p>
        <ul><li>1 tbsp soy sauce</li><li>1½ tbsp sugar</li><li>2 tsp rice wine</li></ul></div>
        <h3>Method</h3><ol><li>Marinate the wings for an hour.</li><li>Fry them.</li></ol>
        """))
    XCTAssertEqual(
      lines(meal),
      [
        "20 chicken wings", "½ tsp salt", "2 tsp cornflour", "1 tbsp soy sauce",
        "1½ tbsp sugar", "2 tsp rice wine",
      ])
  }

  /// The data lists a group's heading as a line (`Yoghurt Dressing`); the page shows it as
  /// a heading over the same lines: a group, not an ingredient.
  func testAHeadingAmongTheDataLinesIsAGroupWhereThePageShowsOne() throws {
    let meal = try page(
      data: """
        "recipeIngredient": ["1 kg calamari", "3 tomatoes", "Yoghurt Dressing", "1 tbsp ouzo",
        "70 g yoghurt"], "recipeInstructions": "Grill the calamari. Dress the salad."
        """,
      body: """
        <h2>Ingredients</h2><ul><li>1 kg calamari</li><li>3 tomatoes</li></ul>
        <h4>Yoghurt Dressing</h4><ul><li>1 tbsp ouzo</li><li>70 g yoghurt</li></ul>
        """)
    XCTAssertEqual(lines(meal), ["1 kg calamari", "3 tomatoes", "1 tbsp ouzo", "70 g yoghurt"])
    XCTAssertEqual(groups(meal), ["", "", "Yoghurt Dressing", "Yoghurt Dressing"])
  }

  /// Headings in more languages: Slovak `Suroviny` over the list, `Postup` over the method.
  func testIngredientAndMethodHeadingsInMoreLanguages() throws {
    let meal = try XCTUnwrap(
      markedUp(
        """
        <h2>Suroviny</h2><ul><li>1,5 kg jahňacieho stehna</li><li>8 strúčikov cesnaku</li></ul>
        <h2>Postup</h2><p>Mäso osolíme a opečieme.</p><p>Pečieme 90 minút.</p>
        """))
    XCTAssertEqual(lines(meal), ["1,5 kg jahňacieho stehna", "8 strúčikov cesnaku"])
    XCTAssertEqual(CookSteps.split(meal.instructions).count, 2)
  }

  /// `Step 1 Preheat…`: the page's own numbering goes (meals numbers steps itself); a bare
  /// `1- ` stays, part of the text as often as not; a first line that only says the method
  /// is a heading over the steps; a lone mark is no step.
  func testAStepsOwnNumberingAndAMethodLine() throws {
    func steps(_ lines: [String]) throws -> Meal {
      let json = lines.map { "{\"@type\": \"HowToStep\", \"text\": \"\($0)\"}" }
        .joined(separator: ", ")
      return try page(
        """
        <script type="application/ld+json">{"@type": "Recipe", "name": "Flan",
        "recipeIngredient": ["4 eggs"], "recipeInstructions": [\(json)]}</script>
        """)
    }
    let worded = try steps([
      "Step 1 Preheat the oven.", "STEP 2: Whisk the eggs.", ",", "Étape 3 - Bake.",
    ])
    XCTAssertEqual(
      CookSteps.split(worded.instructions), ["Preheat the oven.", "Whisk the eggs.", "Bake."])
    let bare = try steps(["1- Whisk the eggs.", "2- Bake."])
    XCTAssertEqual(CookSteps.split(bare.instructions), ["1- Whisk the eggs.", "2- Bake."])
    let uncounted = try steps(["Step 2 Whisk.", "Step 1 Bake."])
    XCTAssertEqual(
      uncounted.instructions, "Step 2 Whisk.\nStep 1 Bake.",
      "numbers that do not count 1, 2, 3 are the text's")
    let method = try steps(["Zubereitung", "Die Eier verquirlen.", "Backen."])
    XCTAssertEqual(method.sectionTitles, ["Zubereitung"])
    XCTAssertEqual(
      CookSteps.steps(of: method).map(\.text), ["Die Eier verquirlen.", "Backen."])
  }

  /// A page that wrote its steps' JSON into an attribute without escaping the quotes
  /// (`content="[{"@type":…}]"`): the value runs to the JSON's end, as its author meant.
  func testJSONWrittenUnescapedIntoAnAttribute() throws {
    let meal = try page(
      """
      <div itemscope itemtype="http://schema.org/Recipe"><h1 itemprop="name">Cupcakes</h1>
      <meta itemprop="recipeIngredient" content="125ml milk">
      <meta itemprop="recipeIngredient" content="100g sugar">
      <meta itemprop="recipeInstructions" content="[{"@type":"HowToStep","text":"Preheat the oven to 180C."},{"@type":"HowToStep","text":"Mix, then bake."}]">
      <p>Serves 12</p></div>
      """)
    XCTAssertEqual(lines(meal), ["125ml milk", "100g sugar"])
    XCTAssertEqual(
      CookSteps.split(meal.instructions), ["Preheat the oven to 180C.", "Mix, then bake."])
  }

  /// A whole page as page builders write it (Resources/fixtures/pages/page-builder.html): no
  /// recipe data (its JSON-LD names a web page), lines in blocks of their own, groups named by
  /// plain lines, a units toggle's hidden line, a nutrition block that ends the ingredients,
  /// steps numbered `Step 1`, a stray mark.
  func testAPageBuildersPage() throws {
    let meal = try meal("page-builder.html")
    XCTAssertEqual(meal.name, "Burrito Night")
    XCTAssertEqual(
      lines(meal),
      ["2 cups (300 g) flour", "3/4 cup (180 ml) warm water", "1 cup rice", "Salt to taste"])
    XCTAssertEqual(groups(meal), ["Tortillas", "Tortillas", "Rice", "Rice"])
    XCTAssertEqual(
      meal.instructions, "Knead the flour and the water into a dough.\nCook the rice.")
    XCTAssertEqual(meal.servings, 4)
  }

  /// A form's choices (a product's sizes and prices beside an ingredient) and what the page
  /// hides in print are no part of a line.
  func testFormChoicesAreNoText() throws {
    let fish = try XCTUnwrap(
      markedUp(
        """
        <h3>Ingredients</h3><ul><li><p>2 halibut fillets</p>
        <select><option>1 / 4 oz ∙ $18.95</option><option>6 / 6 oz ∙ $124</option></select></li>
        <li>1 lemon <span class="rk_print_hide">Buy now</span></li></ul>
        <h3>Method</h3><ol><li>Bake the fillets with the lemon.</li><li>Serve them.</li></ol>
        """))
    XCTAssertEqual(lines(fish), ["2 halibut fillets", "1 lemon"])
  }

  /// Data written name first (`Milk, 500 ml`) is read as the page shows it, amount first.
  ///
  /// A note the page adds in brackets comes with its lines. A page that shows the amount after
  /// the name (a table's columns) does not undo data written amount first.
  func testDataWrittenNameFirstIsReadAsThePageShowsIt() throws {
    let pancakes = try page(
      data: """
        "recipeIngredient": ["milk, 500 ml", "plain flour, 10 tbsp", "ravioli 500g",
        "salt, a pinch"], "recipeInstructions": "Whisk everything."
        """,
      body: """
        <h2>Ingredients</h2><ul><li>500 ml milk</li><li>10 tbsp plain flour</li>
        <li>500 g ravioli (filled with ricotta)</li><li>a pinch salt</li></ul>
        """)
    XCTAssertEqual(
      lines(pancakes),
      ["500 ml milk", "10 tbsp plain flour", "500 g ravioli (filled with ricotta)", "a pinch salt"])
    let gratin = try page(
      data: """
        "recipeIngredient": ["50 g cheese", "2 courgettes"], "recipeInstructions": "Bake."
        """,
      body: """
        <h2>Ingredients</h2><table><tr><td>cheese</td><td>50 g</td></tr>
        <tr><td>courgettes</td><td>2</td></tr></table>
        """)
    XCTAssertEqual(lines(gratin), ["50 g cheese", "2 courgettes"])
  }

  /// A page without data that draws its headings with styles (a bold block saying
  /// `Ingredients`) and its list as rows of boxes to tick; a list of times before it is none.
  func testATickListUnderAStyledHeading() throws {
    let meal = try XCTUnwrap(
      markedUp(
        """
        <ul><li>Preparation time: about 30 minutes</li><li>Chilling: 1 hour</li></ul>
        <div class="text-xl font-bold">Ingredients</div>
        <div><h5></h5><div class="row"><input type="checkbox" id="a"><div>2 sticks</div>
        <div class="font-bold">cinnamon</div></div>
        <div class="row"><input type="checkbox" id="b"><div>1 l</div>
        <div class="font-bold">milk</div></div>
        <div class="row"><input type="checkbox" id="c"><div>200 g</div>
        <div class="font-bold">rice</div></div></div>
        <div class="text-xl font-bold">Method</div>
        <article><p>Boil the rice in the milk with the cinnamon until soft.</p></article>
        """))
    XCTAssertEqual(lines(meal), ["2 sticks cinnamon", "1 l milk", "200 g rice"])
    XCTAssertEqual(meal.instructions, "Boil the rice in the milk with the cinnamon until soft.")
  }

  /// The data's ingredients as one string of lines with tags among them: a line each, the
  /// lines the page shows as headings its groups, the one saying "Ingredients" none.
  func testOneStringOfLinesWithHeadingsThePageShows() throws {
    let lines =
      #"Ingredients\n\nSkewers\n\n\t1 kg lamb\n\n\t2 onions\n\t<br>\n\nSalsa\n\t1 cucumber\n\tfresh mint"#
    let meal = try page(
      data: #""recipeIngredient": "\#(lines)", "recipeInstructions": "Grill. Chop the salsa.""#,
      body: """
        <h2>Ingredients</h2><h2>Skewers</h2><ul><li>1 kg lamb</li><li>2 onions</li></ul>
        <p><br></p><h2>Salsa</h2><ul><li>1 cucumber</li><li>fresh mint</li></ul>
        """)
    XCTAssertEqual(self.lines(meal), ["1 kg lamb", "2 onions", "1 cucumber", "fresh mint"])
    XCTAssertEqual(groups(meal), ["Skewers", "Skewers", "Salsa", "Salsa"])
  }

  /// A list that bolds the names in its lines (`2 tbsp **olive oil**`) bolds a whole line for
  /// the same reason: `**Salt, pepper**` there is an ingredient, not a group's name.
  func testAWholeBoldLineAmongPartlyBoldLinesIsAnIngredient() throws {
    let meal = try XCTUnwrap(
      markedUp(
        """
        <h2>Ingredients</h2><ul><li>2 tbsp <strong>olive oil</strong>, plus more</li>
        <li>1 pound <strong>sausage</strong></li><li>1 <strong>onion</strong>, sliced</li>
        <li><strong>Kosher salt, black pepper</strong></li><li>1 pound <b>pasta</b></li></ul>
        <h2>Method</h2><ol><li>Brown the sausage in the oil.</li><li>Cook the pasta.</li></ol>
        """))
    XCTAssertEqual(
      lines(meal),
      [
        "2 tbsp olive oil, plus more", "1 pound sausage", "1 onion, sliced",
        "Kosher salt, black pepper", "1 pound pasta",
      ])
  }

  /// A blog's page with no markup and no heading naming a part: `Recipe: …` over the list of
  /// ingredients, the steps as paragraphs (or a second list) after it, an aside after those.
  func testAHeadingNamingTheRecipeOverItsListAndSteps() throws {
    let paragraphs = try XCTUnwrap(
      markedUp(
        """
        <p>Another carrot recipe? They keep so well.</p><h3>Recipe: Glazed Carrots</h3>
        <ul><li>3 large carrots</li><li>Orange juice, to cover</li><li>1/4 tsp. salt</li>
        <li>1 Tbs. soy sauce</li></ul>
        <p>Peel the carrots and cut them into thick rounds.</p>
        <p>Cover them with juice, add the salt and boil until tender, about 10 minutes.</p>
        <h3>Variation</h3><p>Use stock instead of the soy sauce.</p>
        """))
    XCTAssertEqual(
      lines(paragraphs),
      ["3 large carrots", "Orange juice, to cover", "1/4 tsp. salt", "1 Tbs. soy sauce"])
    XCTAssertEqual(
      CookSteps.split(paragraphs.instructions),
      [
        "Peel the carrots and cut them into thick rounds.",
        "Cover them with juice, add the salt and boil until tender, about 10 minutes.",
      ])
    let lists = try XCTUnwrap(
      markedUp(
        """
        <h2>The Recipe</h2><ul><li>2 slices rye bread</li><li>6 ounces cheddar</li>
        <li>Kosher salt</li></ul><p><strong>1. Assemble:</strong></p>
        <ul><li>Lay the cheese on each slice of bread and season it well.</li>
        <li>Grill the slices in a hot pan until the cheese has melted.</li></ul>
        """))
    XCTAssertEqual(lines(lists), ["2 slices rye bread", "6 ounces cheddar", "Kosher salt"])
    XCTAssertEqual(
      CookSteps.split(lists.instructions),
      [
        "Lay the cheese on each slice of bread and season it well.",
        "Grill the slices in a hot pan until the cheese has melted.",
      ])
    // A page that names its ingredients is read by that heading, not by the recipe's.
    let named = try XCTUnwrap(
      markedUp(
        """
        <h2>Recipe notes</h2><ul><li>Keeps 3 days in the fridge.</li><li>Freezes well.</li></ul>
        <h2>Ingredients</h2><ul><li>2 eggs</li><li>100 g flour</li></ul>
        <h2>Method</h2><p>Whisk the eggs into the flour until smooth.</p>
        """))
    XCTAssertEqual(lines(named), ["2 eggs", "100 g flour"])
  }

  /// A page with no data that offers its ingredients in two tabs (only the chosen one shows),
  /// a note the page hides, and a list of tag links after the method's paragraphs.
  func testTabsNotChosenHiddenNotesAndTagLinksAreNoPartOfTheRecipe() throws {
    let meal = try XCTUnwrap(
      markedUp(
        """
        <h3>Ingredients</h3>
        <ul class="nav" role="tablist"><li><a href="#us">US</a></li>
        <li><a href="#metric">Metric</a></li></ul>
        <div class="tab-content"><div class="tab-pane fade" id="us">
        <p>8.8 oz plain flour</p><p>6.7 fl oz buttermilk</p></div>
        <div class="tab-pane fade show active" id="metric">
        <p>250 g plain flour</p><p>200 ml buttermilk</p><p hidden>Printed only</p></div></div>
        <h3>Method</h3>
        <p>Whisk the buttermilk into the flour until smooth.</p>
        <p>Fry spoonfuls in a hot pan for 2 minutes a side.</p>
        <ul class="tags"><li><a href="/tag/breakfast">Breakfast</a></li>
        <li><a href="/tag/pancakes">Pancakes</a></li><li><a href="/tag/winter">Winter</a></li></ul>
        """))
    XCTAssertEqual(lines(meal), ["250 g plain flour", "200 ml buttermilk"])
    XCTAssertEqual(
      CookSteps.split(meal.instructions),
      [
        "Whisk the buttermilk into the flour until smooth.",
        "Fry spoonfuls in a hot pan for 2 minutes a side.",
      ])
  }
}

extension WebRecipeTests {
  /// What sites add to every title goes: the word for recipe after a separator, a rating.
  func testATitleLosesWhatTheSiteAddsToEveryTitle() {
    XCTAssertEqual(PageTitle.cleaned("Arretjescake – Recept"), "Arretjescake")
    XCTAssertEqual(PageTitle.cleaned("Mizeria - przepis"), "Mizeria")
    XCTAssertEqual(PageTitle.cleaned("Green Shakshuka Recipe - (4.8/5)"), "Green Shakshuka Recipe")
    XCTAssertEqual(PageTitle.cleaned("Tomatenrisotto - Rezept"), "Tomatenrisotto")
    XCTAssertEqual(PageTitle.cleaned("Recipe"), "Recipe", "a title that is all the word stays")
    XCTAssertEqual(PageTitle.cleaned("Fish - Chips"), "Fish - Chips")
  }

  // MARK: - Pages nobody tuned for

  /// A page without structured data whose parts sit in an accordion (`<div class="card-header">
  /// <a>Method</a></div>`) and whose ingredients are a grid the reader cannot tell apart: the
  /// recipe comes in with its steps, one a line where the page numbers them between line
  /// breaks — not refused as "not a recipe page", nor its steps taken for ingredients.
  func testARecipeInAnAccordionComesInWithWhatItShows() throws {
    let meal = try XCTUnwrap(
      markedUp(
        """
        <div class="card"><div class="card-header">
              <a href="#" data-toggle="collapse">
                  Ingredients   </a>
            </div>
          <div class="collapse show"><div class="row">
            <div class="col-8">Plain flour</div><div class="col-4">0.500</div>
            <div class="col-8">Water</div><div class="col-4">0.300</div>
          </div></div></div>
        <div class="card"><div class="card-header"><button>Method</button></div>
          <div class="collapse"><p>1. Mix the flour and water.<br>2. Rest it for an hour.<br>
          3. Bake it at 220 °C.</p></div></div>
        """))
    XCTAssertEqual(meal.name, "Test Soup")
    XCTAssertEqual(
      meal.instructions,
      "1. Mix the flour and water.\n2. Rest it for an hour.\n3. Bake it at 220 °C.")
    XCTAssertEqual(meal.ingredients, [], "the method is no list of ingredients")
    // Unnumbered lines in one paragraph stay one step (a list of what to serve it with).
    let served = try XCTUnwrap(
      markedUp(
        """
        <h2>Method</h2><p>Fry the onions until soft and golden brown.</p>
        <p>Serve with:<br>rice<br>flatbreads</p>
        """))
    XCTAssertEqual(
      served.instructions,
      "Fry the onions until soft and golden brown.\nServe with: rice flatbreads")
  }

  /// Amount and food in cells of their own (a list item each), and in two spans side by side
  /// with no space between: one line each, as the page shows them.
  func testAmountsAndFoodsInCellsOfTheirOwnAreOneLineEach() throws {
    let cells = try XCTUnwrap(
      markedUp(
        """
        <h2>Ingrediënten</h2><ul><li>40 gr</li><li>ontbijtspek</li><li>250 gr</li>
        <li>gehakt</li><li>1</li><li>ui, gesnipperd</li></ul>
        <h2>Bereiding</h2><ol><li>Bak het spek uit in een koekenpan.</li>
        <li>Voeg het gehakt toe en bak het rul.</li></ol>
        """))
    XCTAssertEqual(lines(cells), ["40 gr ontbijtspek", "250 gr gehakt", "1 ui, gesnipperd"])
    XCTAssertEqual(
      cells.ingredients.map(\.quantity), ["40 gr", "250 gr", "1"], "each amount is its food's")
    let glued = try XCTUnwrap(
      markedUp(
        """
        <h2>Zutaten</h2><ul><li><span class="amount">1</span><span class="name">Zwiebel</span></li>
        <li><span class="amount">200 g</span><span class="name">Reis</span></li>
        <li><span>2</span><span>EL</span> <span>Öl</span></li></ul>
        <h2>Zubereitung</h2><ol><li>Die Zwiebel in dem Öl glasig dünsten.</li>
        <li>Den Reis dazugeben und garen.</li></ol>
        """))
    XCTAssertEqual(lines(glued), ["1 Zwiebel", "200 g Reis", "2 EL Öl"])
    // A list whose foods come first, each followed by its amount's cell, is left as it is.
    XCTAssertEqual(
      PageSections.pairedCells(["Wheat flour", "5.000", "Water", "2.500"]),
      ["Wheat flour", "5.000", "Water", "2.500"])
  }

  /// A step that numbers the steps it holds, inline: a step each, without their numbers; a
  /// step that only starts with a number, or counts otherwise, stays whole.
  func testAStepThatNumbersItsStepsInlineIsSplit() {
    XCTAssertEqual(
      PageSteps.inlineNumbered("1.番茄切丁，洋葱切丝备用 2.土豆切丁 3.鸡肉切块，腌制15分钟"),
      ["番茄切丁，洋葱切丝备用", "土豆切丁", "鸡肉切块，腌制15分钟"])
    XCTAssertEqual(
      PageSteps.inlineNumbered("1) Chop the onion. 2) Fry it in 2 tbsp oil. 3) Serve."),
      ["Chop the onion.", "Fry it in 2 tbsp oil.", "Serve."])
    for whole in [
      "1. Mix the flour with 2. 5 cups of water.", "Bake for 1. 5 hours, then 2. cool.",
      "1. Mix. 3. Bake. 4. Cool.", "Add 1. Then 2. Then 3.",
    ] {
      XCTAssertEqual(PageSteps.inlineNumbered(whole), [whole], whole)
    }
  }

  /// A page whose data holds its related recipes too: the one named as the page is comes in;
  /// a page of several recipes, none its title, brings them all.
  func testAPageWithSeveralRecipesReadsTheOneItIsAbout() throws {
    func recipe(_ name: String) -> String {
      """
      <script type="application/ld+json">{"@context": "https://schema.org", "@type": "Recipe",
      "name": "\(name)", "recipeIngredient": ["2 eggs"], "recipeInstructions": "Mix."}</script>
      """
    }
    let own = RecipePage.read(
      html: """
        <html><head><title>Lemon cake | Example Kitchen</title></head><body>
        \(recipe("Chocolate brownies"))<h1>Lemon Cake</h1>\(recipe("Lemon cake"))
        \(recipe("Carrot cake"))</body></html>
        """)
    XCTAssertEqual(own.candidates.compactMap(\.meal?.name), ["Lemon cake"])
    let roundup = RecipePage.read(
      html: """
        <html><head><title>Three cakes for Sunday</title></head><body>
        <h1>Three cakes for Sunday</h1>\(recipe("Lemon cake"))\(recipe("Carrot cake"))
        </body></html>
        """)
    XCTAssertEqual(roundup.candidates.compactMap(\.meal?.name), ["Lemon cake", "Carrot cake"])
  }

  /// A blog's recipe without markup and a baker's table drawn as rows of blocks.
  ///
  /// A bold label opens a paragraph of lines (`<b>Ingredients:</b><br>…`), the method after a
  /// label of its own. The ingredients are those lines, never the method's paragraphs.
  func testABoldLabelOverLinesAndRowsOfBlocksAreTheIngredients() throws {
    let blog = try XCTUnwrap(
      markedUp(
        """
        <p>Our favourite spring breakfast.</p>
        <p><strong>Ingredients:</strong><br>2 tablespoons olive oil<br>1 onion, diced<br>
        1 bunch chard, chopped<br>- 6 eggs<br>Salt and pepper</p>
        <p><strong>Directions:</strong></p>
        <p>Heat the oil in a large skillet and cook the onion for 5 minutes.</p>
        <p>Add the chard and cook until wilted, about 4 minutes.</p>
        <p>Crack the eggs in, cover and cook for 6 minutes.</p>
        """))
    XCTAssertEqual(
      lines(blog),
      [
        "2 tablespoons olive oil", "1 onion, diced", "1 bunch chard, chopped", "6 eggs",
        "Salt and pepper",
      ])
    XCTAssertEqual(
      CookSteps.steps(of: blog).map(\.text).first,
      "Heat the oil in a large skillet and cook the onion for 5 minutes.")
    let bakery = try XCTUnwrap(
      markedUp(
        """
        <div class="ingredients"><h2>Ingredients</h2>
        <div class="row"><div>Wholemeal flour</div><div>1.000 kg</div></div>
        <div class="row"><div>Yeast</div><div>0.030 kg</div></div>
        <div class="row"><div>Water</div><div>0.600 kg</div></div></div>
        <div class="method"><h2>Method</h2>
        <p>Mix all the ingredients for 8 minutes.</p><p>Bake at 220 °C for 30 minutes.</p></div>
        """))
    XCTAssertEqual(
      lines(bakery), ["1.000 kg Wholemeal flour", "0.030 kg Yeast", "0.600 kg Water"])
    XCTAssertEqual(bakery.ingredients.first?.quantity, "1.000 kg")
    // With no rows to read, the method's paragraphs are still no ingredients.
    let unreadable = try XCTUnwrap(
      markedUp(
        """
        <div class="ingredients"><h2>Ingredients</h2><img src="card.png" alt=""></div>
        <div class="method"><h2>Method</h2>
        <p>Mix all the ingredients for 8 minutes.</p><p>Bake at 220 °C for 30 minutes.</p></div>
        """))
    XCTAssertEqual(unreadable.ingredients, [])
    XCTAssertEqual(CookSteps.steps(of: unreadable).count, 2)
  }

  /// A title the page gives (its `<title>`, `og:title`) loses the site's name — from
  /// `og:site_name` or the address's host — while a name the recipe's data gives is the site's
  /// own and stays; a landmark's word (`navigation`) is never the title.
  func testAPageTitleLosesTheSitesNameAndALandmarkIsNoTitle() throws {
    XCTAssertEqual(
      PageTitle.cleaned("Tomatenrisotto - Rezept | Swissmilk", sites: ["Swissmilk"]),
      "Tomatenrisotto")
    let steps = "<h2>Method</h2><ol><li>Fry the greens in the oil.</li><li>Add the eggs.</li></ol>"
    let list = "<h2>Ingredients</h2><ul><li>6 eggs</li><li>1 bunch chard</li></ul>"
    let byHost = RecipePage.read(
      html: """
        <html><head><title>Green Shakshuka - Farmhouse Delivery</title></head><body>
        <header><h1 class="sr-only">navigation</h1></header>\(list)\(steps)</body></html>
        """, address: "https://www.farmhousedelivery.com/recipes/green-shakshuka")
    XCTAssertEqual(byHost.candidates.first?.meal?.name, "Green Shakshuka")
    let landmark = RecipePage.read(
      html: """
        <html><head><meta property="og:site_name" content="Swissmilk">
        <title>Tomatenrisotto - Rezept | Swissmilk</title></head><body>
        <h1>navigation</h1>\(list)\(steps)</body></html>
        """)
    XCTAssertEqual(landmark.candidates.first?.meal?.name, "Tomatenrisotto")
    let data = RecipePage.read(
      html: """
        <html><head><meta property="og:site_name" content="Culy"></head><body>
        <script type="application/ld+json">{"@type": "Recipe", "name": "Jam in 15 minutes - Culy",
        "recipeIngredient": ["1 kg plums"], "recipeInstructions": "Cook."}</script></body></html>
        """)
    XCTAssertEqual(data.candidates.first?.meal?.name, "Jam in 15 minutes - Culy")
  }

  /// A page whose heading names its recipe with words around it (`The best …`): the recipe of
  /// its data that the heading holds comes in, not its related ones.
  func testTheRecipeAPagesHeadingHoldsIsTheOneItIsAbout() {
    func recipe(_ name: String) -> String {
      """
      <script type="application/ld+json">{"@type": "Recipe", "name": "\(name)",
      "recipeIngredient": ["2 eggs"], "recipeInstructions": "Mix."}</script>
      """
    }
    let reading = RecipePage.read(
      html: """
        <html><body>\(recipe("Garlic naan"))<h1>The best chicken tikka masala</h1>
        \(recipe("Chicken Tikka Masala"))\(recipe("Mango lassi"))</body></html>
        """)
    XCTAssertEqual(reading.candidates.compactMap(\.meal?.name), ["Chicken Tikka Masala"])
  }

  /// The other shapes a page without markup writes its parts in: lines in a block set apart by
  /// line breaks (a sentence a line is a step each), a table whose first row says
  /// "Ingredients", a list of terms (`<dt>2</dt><dd>eggs</dd>`).
  func testLinesInABlockATableHeadedInItsRowAndTermsAreTheRecipesParts() throws {
    let method = "<h2>Method</h2><p>Beat the eggs with the sugar.</p><p>Fold in the flour.</p>"
    let block = try XCTUnwrap(
      markedUp(
        """
        <h2>Ingredients</h2><div>2 eggs<br>1 cup flour<br>100 g sugar</div>
        <h2>Method</h2><div>Beat the eggs with the sugar until pale.<br>Fold in the flour gently.
        <br>Bake at 180 C for 25 minutes.</div>
        """))
    XCTAssertEqual(lines(block), ["2 eggs", "1 cup flour", "100 g sugar"])
    XCTAssertEqual(
      CookSteps.steps(of: block).map(\.text),
      [
        "Beat the eggs with the sugar until pale.", "Fold in the flour gently.",
        "Bake at 180 C for 25 minutes.",
      ])
    let table = try XCTUnwrap(
      markedUp(
        """
        <table><tr><th colspan="2">Ingredients</th></tr><tr><td>2</td><td>eggs</td></tr>
        <tr><td>1 cup</td><td>flour</td></tr></table>\(method)
        """))
    XCTAssertEqual(lines(table), ["2 eggs", "1 cup flour"])
    let terms = try XCTUnwrap(
      markedUp(
        """
        <h2>Ingredients</h2><dl><dt>2</dt><dd>eggs</dd><dt>1 cup</dt><dd>flour</dd></dl>\(method)
        """))
    XCTAssertEqual(lines(terms), ["2 eggs", "1 cup flour"])
    XCTAssertEqual(CookSteps.steps(of: terms).count, 2)
  }

  /// A recipe no heading names: a list of measured lines with steps right after it comes in;
  /// a list of figures followed by prose does not make a recipe of a page.
  func testAListOfMeasuresFollowedByStepsIsARecipeWithoutAHeading() throws {
    let unnamed = try XCTUnwrap(
      markedUp(
        """
        <p>My grandmother made this every Sunday.</p>
        <ul><li>2 eggs</li><li>1 cup flour</li><li>100 g sugar</li><li>1 tsp baking powder</li></ul>
        <ol><li>Beat the eggs with the sugar until pale.</li>
        <li>Fold in the flour and bake for 25 minutes.</li></ol>
        <div class="nutrition"><ul><li>calories 522</li><li>total fat 39g</li><li>protein 33g</li>
        </ul></div>
        """))
    XCTAssertEqual(lines(unnamed), ["2 eggs", "1 cup flour", "100 g sugar", "1 tsp baking powder"])
    XCTAssertEqual(CookSteps.steps(of: unnamed).count, 2)
    let figures = RecipePage.read(
      html: """
        <html><head><title>Best phones</title></head><body><h1>Best phones of 2026</h1>
        <ul><li>iPhone 15 - $799</li><li>Pixel 9 - $699</li><li>Galaxy S25 - $899</li></ul>
        <p>We tested every phone for three weeks in daily use.</p>
        <p>The battery life of each phone was measured twice.</p></body></html>
        """)
    XCTAssertEqual(figures.candidates.count, 0)
  }
}
