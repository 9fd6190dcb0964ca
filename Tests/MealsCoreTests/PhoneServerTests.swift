import Foundation
import XCTest

@testable import MealsCore

/// The kitchen server's rules without a socket: its routes, its token, its escaping and what
/// its pages and JSON say.
final class PhoneServerTests: XCTestCase {
  // MARK: - Routes

  func testOnlyItsOwnAddressesHaveARoute() {
    let found: [(String, String, PhoneRoute)] = [
      ("GET", "/", .book), ("GET", "/pair", .pair), ("HEAD", "/meal/12", .meal(12)),
      ("GET", "/cook/7", .cook(7)), ("GET", "/plan", .plan), ("GET", "/shopping", .shopping),
      ("GET", "/app.css", .style), ("GET", "/app.js", .script), ("GET", "/photo/3", .photo(3)),
      ("GET", "/api/meals", .apiMeals), ("GET", "/api/meals/9", .apiMeal(9)),
      ("GET", "/api/plan", .apiPlan), ("GET", "/api/shopping", .apiShopping),
      ("POST", "/api/shopping/4", .apiTick(4)), ("GET", "/api/events", .apiEvents),
    ]
    for (method, path, route) in found {
      XCTAssertEqual(PhoneRoute.resolve(method: method, path: path), .success(route), path)
    }
    for path in [
      "", "meal/1", "/meal", "/meal/", "/meal/x", "/meal/+1", "/meal/-1", "/meal/1/", "//",
      "/meal/1e3", "/meal/١٢", "/meal/1234567890123456789", "/../etc/passwd", "/meal/../1",
      "/app.js/..", "/api", "/api/", "/api/meals/", "/api/shopping/1/2", "/index.html",
      "/shopping/", "/Plan", "/photo/../../x",
    ] {
      XCTAssertEqual(PhoneRoute.resolve(method: "GET", path: path), .failure(.notFound), path)
    }
    XCTAssertEqual(
      PhoneRoute.resolve(method: "GET", path: "/api/shopping/4"),
      .failure(.methodNotAllowed(allowed: "POST")))
    XCTAssertEqual(
      PhoneRoute.resolve(method: "POST", path: "/meal/4"),
      .failure(.methodNotAllowed(allowed: "GET, HEAD")))
    XCTAssertEqual(
      PhoneRoute.resolve(method: "DELETE", path: "/"),
      .failure(.methodNotAllowed(allowed: "GET, HEAD")))
  }

  // MARK: - The token

  func testATokenIsNewEachTimeAndMatchesOnlyItself() throws {
    let first = PairingToken.generate()
    let second = PairingToken.generate()
    XCTAssertNotEqual(first, second)
    XCTAssertEqual(first.text.count, 32)
    XCTAssertTrue(first.text.allSatisfy { $0.isHexDigit && !$0.isUppercase }, first.text)
    XCTAssertTrue(first.matches(first.text))
    XCTAssertFalse(first.matches(second.text))
    XCTAssertFalse(first.matches(nil))
    XCTAssertFalse(first.matches(""))
    XCTAssertFalse(first.matches(String(first.text.dropLast())), "a prefix is not the token")
    XCTAssertFalse(first.matches(first.text + "0"), "nor is a longer text")
    XCTAssertFalse(first.matches(first.text.uppercased()))
    let read = try XCTUnwrap(PairingToken(text: first.text + "\n"))
    XCTAssertEqual(read, first, "read back from its file, line break and all")
    XCTAssertNil(PairingToken(text: "not a token"))
    XCTAssertNil(PairingToken(text: "abc"))
  }

  // MARK: - The pairing code

  func testACodeIsTwoRowsOfModulesALineInsideItsQuietZone() {
    // 3 × 3: dark corners and centre.
    let modules = [true, false, true, false, true, false, true, false, true]
    let lines = QRText.lines(modules: modules, width: 3, colour: false)
    XCTAssertEqual(lines, ["       ", "  ▀▄▀  ", "  ▀ ▀  ", "       "])
    let coloured = QRText.lines(modules: modules, width: 3, colour: true)
    XCTAssertEqual(coloured[1], "\u{1B}[30;107m  ▀▄▀  \u{1B}[0m")
    XCTAssertEqual(QRText.lines(modules: [true], width: 2, colour: false), [])
  }

  // MARK: - Escaping

  func testTextIsEscapedForHTMLAndLinks() {
    XCTAssertEqual(
      HTMLEscaping.escaped("<script>alert(\"x\") & 'y'</script>"),
      "&lt;script&gt;alert(&quot;x&quot;) &amp; &#39;y&#39;&lt;/script&gt;")
    XCTAssertEqual(HTMLEscaping.escaped("Crème brûlée 🍮"), "Crème brûlée 🍮")
    XCTAssertEqual(HTMLEscaping.queryValue("fish & chips/é"), "fish%20%26%20chips%2F%C3%A9")
  }

  // MARK: - Pages

  private var pie: Meal {
    var meal = Meal(
      name: "<img src=x onerror=alert(1)> Pie",
      instructions: "Pastry\nRub the butter into the flour for 5 minutes.\nBake for 1 hr 10 mins.",
      ingredients: [
        IngredientMeasurement(name: "Butter", quantity: "100 g", group: "Pastry"),
        IngredientMeasurement(name: "flour", quantity: "200 g", group: "Pastry"),
        IngredientMeasurement(name: "Apples", quantity: "4"),
      ], servings: 4)
    meal.sectionTitles = ["Pastry"]
    meal.sourceURL = "javascript:alert(1)"
    meal.cookware = [Cookware(name: "<b>dish</b>", quantity: "1")]
    return meal
  }

  func testAMealPageEscapesEverythingAndLinksOnlyToTheWeb() {
    let meal = pie
    let servings = Servings(for: meal, servings: 8)
    let page = PhonePages.meal(
      meal, id: 5, servings: servings, lines: servings.lines(of: meal), hasPhoto: true)
    XCTAssertFalse(page.contains("<img src=x"), page)
    XCTAssertTrue(
      page.contains("<h1 dir=\"auto\">&lt;img src=x onerror=alert(1)&gt; Pie</h1>"), page)
    XCTAssertFalse(page.contains("javascript:"), "a source that is not http(s) is no link")
    XCTAssertTrue(page.contains("<img class=\"photo\" src=\"/photo/5\""), page)
    XCTAssertTrue(page.contains("<span class=\"measure\">200 g</span>"), "100 g for 8: 200 g")
    XCTAssertTrue(page.contains("<h3 dir=\"auto\">Pastry</h3>"), page)
    XCTAssertTrue(page.contains("written for 4"), page)
    XCTAssertTrue(
      page.contains("<h2>Cookware</h2>\n<p class=\"cookware\">&lt;b&gt;dish&lt;/b&gt; (1)</p>"),
      page)
    XCTAssertFalse(page.contains("<script>"), "no inline script")
    XCTAssertTrue(page.contains("<script src=\"/app.js\" defer></script>"), page)
  }

  func testCookModeGivesEachStepItsIngredientsAndTimers() {
    let meal = pie
    let servings = Servings(for: meal)
    let page = PhonePages.cook(meal, id: 5, servings: servings, lines: servings.lines(of: meal))
    XCTAssertTrue(page.contains("Step 1 of 2 · Pastry"), page)
    // Each can be ticked off as it goes in.
    XCTAssertTrue(
      page.contains(
        "<li dir=\"auto\"><label><input type=\"checkbox\" class=\"added\"> 100 g Butter</label></li>\n"
          + "<li dir=\"auto\"><label><input type=\"checkbox\" class=\"added\"> 200 g flour</label></li>"
      ),
      page)
    XCTAssertTrue(
      page.contains("data-seconds=\"300\" data-label=\"5 minutes\">Timer: 5 minutes</button>"), page
    )
    XCTAssertTrue(
      page.contains(
        "data-seconds=\"4200\" data-label=\"1 hr 10 mins\">Timer: 1 hr 10 mins</button>"), page)
    XCTAssertFalse(page.contains("> 4 Apples</label>"), "no step names the apples")
    XCTAssertTrue(
      page.contains(
        "<p class=\"cookware\">Cookware: &lt;b&gt;dish&lt;/b&gt; (1)</p>\n</section>\n<section class=\"step\" data-step=\"1\">"
      ), "the cookware with what to gather: \(page)")
  }

  /// The phone's Cook Mode reads an export's notes while gathering and counts only steps.
  func testCookModeOnThePhoneReadsTheNotesWhileGathering() throws {
    let meal = Meal(
      name: "Tikka", instructions: "1. Grill.\n2. Simmer.\nNotes\nA classic.\nSource: BBC",
      sectionTitles: ["Notes"])
    let servings = Servings(for: meal)
    let page = PhonePages.cook(meal, id: 5, servings: servings, lines: servings.lines(of: meal))
    XCTAssertTrue(page.contains("Step 2 of 2</p>"), page)
    XCTAssertFalse(page.contains("Step 3"), page)
    XCTAssertTrue(
      page.contains(
        "<p class=\"note\" dir=\"auto\">A classic.</p>\n<p class=\"note\" dir=\"auto\">Source: BBC</p>\n</section>"
      ),
      page)
    let mealPage = PhonePages.meal(meal, id: 5, servings: servings, lines: [], hasPhoto: false)
    XCTAssertTrue(
      mealPage.contains(
        "<h2>Notes</h2>\n<p class=\"note\" dir=\"auto\">A classic.</p>\n<p class=\"note\" dir=\"auto\">Source: BBC</p>\n"
      ),
      "notes on the meal's page are paragraphs, not numbered steps: \(mealPage)")
    XCTAssertFalse(mealPage.contains("<h3>Notes</h3>"), mealPage)
    let json = PhoneJSON.meal(meal, id: 5, servings: servings, lines: []).serialized(
      pretty: false)
    XCTAssertTrue(json.contains(#""notes":["A classic.","Source: BBC"]"#), json)
  }

  func testAStepNamesAnIngredientAsAWordNotInsideOne() {
    XCTAssertTrue(PhonePages.mentions("Add the eggs and stir.", "Egg"))
    XCTAssertTrue(PhonePages.mentions("Sprinkle with CRÈME fraîche.", "creme fraiche"))
    XCTAssertFalse(PhonePages.mentions("Add the eggplant.", "Egg"))
    XCTAssertFalse(PhonePages.mentions("Stir in the oil.", "il"), "too short to tell")
  }

  func testTheBookSaysHowManyAndKeepsTheSearch() {
    let meals = [
      MealSummary(id: 1, name: "Tarte <Tatin>", summary: "apples, butter", favourite: true),
      MealSummary(id: 2, name: "Shakshuka", summary: "eggs"),
    ]
    let page = PhonePages.book(
      meals: meals, total: 250, query: "\"><script>", favouritesOnly: true,
      categories: ["Dessert", "Side & Starter"], category: "Dessert")
    XCTAssertTrue(page.contains("value=\"&quot;&gt;&lt;script&gt;\""), page)
    XCTAssertTrue(page.contains("250 meals; the first 2 shown"), page)
    let counted = PhonePages.book(
      meals: meals, total: PhonePages.countLimit, more: true, query: "a", favouritesOnly: false,
      categories: [], category: nil)
    XCTAssertTrue(counted.contains("More than 1000 meals; the first 2 shown"), counted)
    XCTAssertEqual(
      PhonePages.countText(shown: 200, total: 100_000),
      "100000 meals; the first 200 shown: search to find the others.", "the whole book, exactly")
    let json = PhoneJSON.meals(meals, total: PhonePages.countLimit, more: true).serialized()
    XCTAssertEqual(
      json.filter { !$0.isWhitespace }.prefix(26), "{\"total\":1000,\"more\":true,", json)
    XCTAssertTrue(
      page.contains("<span class=\"name\" dir=\"auto\">Tarte &lt;Tatin&gt;</span>"), page)
    XCTAssertTrue(page.contains("<option value=\"Dessert\" selected>Dessert</option>"), page)
    XCTAssertTrue(page.contains("Side &amp; Starter"), page)
    XCTAssertTrue(page.contains("name=\"favourites\" value=\"1\" checked"), page)
  }

  func testTheShoppingListReadsWithoutTheScriptAndTicksWithIt() {
    let page = PhonePages.shopping(
      ShoppingList.rows([
        ShoppingItem(id: 3, mealName: "Pie", ingredient: "Butter", measure: "100 g", ticked: true),
        ShoppingItem(id: 4, mealName: "Pie", ingredient: "Flour", measure: "", ticked: false),
        ShoppingItem(id: 5, mealName: "Cake", ingredient: "flour", measure: "200 g", ticked: false),
        ShoppingItem(id: 6, mealName: "Cake", ingredient: "Butter", measure: "50 g", ticked: false),
      ]))
    // As the terminal's list: one ingredient's items added up in one row (its box ticks each),
    // in name order, a row ticked when all its items are.
    XCTAssertTrue(
      page.contains(
        "<li dir=\"auto\"><label><input type=\"checkbox\" data-id=\"3\" data-ids=\"3,6\" disabled> <span class=\"measure\">150 g</span> <span class=\"ingredient\">Butter</span> <span class=\"from\" dir=\"auto\">Pie, Cake</span></label></li>"
      ), page)
    XCTAssertTrue(page.contains("data-id=\"4\" data-ids=\"4,5\" disabled"), page)
    XCTAssertLessThan(
      page.range(of: ">Butter<")?.lowerBound ?? page.endIndex,
      page.range(of: ">Flour<")?.lowerBound ?? page.startIndex)
    let ticked = PhonePages.shopping(
      ShoppingList.rows([
        ShoppingItem(id: 3, mealName: "Pie", ingredient: "Butter", measure: "100 g", ticked: true)
      ]))
    XCTAssertTrue(ticked.contains("<li dir=\"auto\" class=\"ticked\">"), ticked)
    XCTAssertTrue(ticked.contains("data-ids=\"3\" checked disabled"), ticked)
    XCTAssertTrue(PhonePages.shopping([]).contains("The list is empty"))
  }

  // MARK: - JSON

  func testTheAPIsJSON() throws {
    let meal = pie
    let servings = Servings(for: meal, servings: 2)
    let text = PhoneJSON.meal(meal, id: 5, servings: servings, lines: servings.lines(of: meal))
      .serialized(pretty: false)
    let object = try XCTUnwrap(
      try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
    XCTAssertEqual(object["servings"] as? Int, 2)
    XCTAssertEqual(object["writtenFor"] as? Int, 4)
    let lines = try XCTUnwrap(object["ingredients"] as? [[String: Any]])
    XCTAssertEqual(lines.map { $0["measure"] as? String }, ["50 g", "100 g", "2"])
    XCTAssertEqual(lines.map { $0["group"] as? String }, ["Pastry", "Pastry", nil])
    let steps = try XCTUnwrap(object["steps"] as? [[String: Any]])
    XCTAssertEqual(steps.count, 2)
    XCTAssertEqual(steps.first?["section"] as? String, "Pastry")
    XCTAssertEqual(object["cookware"] as? [String], ["<b>dish</b> (1)"])

    XCTAssertEqual(PhoneJSON.ticked(fromBody: Array("{\"ticked\": true}".utf8)), true)
    XCTAssertEqual(PhoneJSON.ticked(fromBody: Array("{\"ticked\":false}".utf8)), false)
    for bad in ["", "{", "{\"ticked\": 1}", "[true]", "{\"tick\": true}", "null"] {
      XCTAssertNil(PhoneJSON.ticked(fromBody: Array(bad.utf8)), bad)
    }
    XCTAssertNil(PhoneJSON.ticked(fromBody: [UInt8](repeating: 0x20, count: 2_000)))
    // Nesting: what a phone sends is read; deeper is refused before it is parsed, brackets
    // inside strings (escaped quotes too) are text.
    XCTAssertEqual(
      PhoneJSON.ticked(
        fromBody: Array("{\"ticked\": true, \"x\": [[1]], \"s\": \"[[[[\\\"[[\"}".utf8)),
      true)
    XCTAssertNil(PhoneJSON.ticked(fromBody: Array("{\"ticked\": true, \"x\": [[[1]]]}".utf8)))
    XCTAssertNil(PhoneJSON.cooked(fromBody: Array((String(repeating: "[", count: 500)).utf8)))
    XCTAssertEqual(PhoneJSON.cooked(fromBody: Array("{\"servings\": 4}".utf8))?.servings, 4)
  }

  func testThePlanIsAWeekFromMonday() throws {
    let monday = try XCTUnwrap(CivilDate(year: 2026, month: 11, day: 30))
    let entry = PlanEntry(
      id: 1, day: monday.adding(days: 2), slot: .dinner, mealID: 5, mealName: "Pie & <b>",
      servings: 6, note: "guests", position: 0)
    let page = PhonePages.plan(monday: monday, entries: [entry])
    XCTAssertTrue(page.contains("<h1>Week 2026-W49</h1>"), page)
    XCTAssertTrue(page.contains("Wednesday 2 December"), page)
    XCTAssertTrue(
      page.contains("<a href=\"/meal/5?servings=6\"><bdi>Pie &amp; &lt;b&gt;</bdi></a>"), page)
    XCTAssertTrue(page.contains("href=\"/plan?week=2026-W48\""), page)
    XCTAssertEqual(page.components(separatedBy: "Nothing planned.").count - 1, 6)
    let json = PhoneJSON.plan(monday: monday, entries: [entry]).serialized(pretty: false)
    XCTAssertTrue(json.hasPrefix("{\"week\":\"2026-W49\",\"days\":[{\"date\":\"2026-11-30\""), json)
  }
}
