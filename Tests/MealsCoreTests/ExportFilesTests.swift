import Fixtures
import Foundation
import XCTest

@testable import MealsCore

/// The readers of recipe managers' files, on texts of our own that show each rule.
final class ExportFilesTests: XCTestCase {
  private func read(_ text: String, path: String = "x") throws -> ExportFileReading? {
    try ExportFiles.read(path: path, bytes: Array(text.utf8))
  }

  func testCSVCellsKeepQuotesCommasAndLineBreaks() {
    let rows = CSVText.rows("a,\"b, \"\"c\"\"\",\"d\r\ne\"\r\n1,2,3\n")
    XCTAssertEqual(rows, [["a", "b, \"c\"", "d\r\ne"], ["1", "2", "3"]])
    XCTAssertEqual(CSVText.rows("x;y\n1;2"), [["x", "y"], ["1", "2"]], "semicolons")
  }

  func testACSVWithOtherColumnsIsRefusedWithItsReason() {
    XCTAssertThrowsError(try read("name,price\nbread,2\n", path: "list.csv")) {
      XCTAssertTrue(
        ($0 as? FormatError)?.message.hasPrefix("its columns are not a recipe export's") ?? false)
    }
  }

  /// A CSV whose rating is a number of sixty digits is the top rating, not a crash.
  ///
  /// Found by `make fuzz` (csv); the fuzzer's input is kept in Tests/Fuzz/Regressions/csv.
  func testARatingPastTheTopIsTheTop() throws {
    XCTAssertEqual(ExportText.rating(.string("3" + String(repeating: "0", count: 60))), 5)
    XCTAssertEqual(ExportText.rating(.double(-1e300)), nil)
    XCTAssertEqual(ExportText.rating(.double(1e300), outOf: 10), 5)
    let input = try Data(
      contentsOf: PackagePaths.root.appendingPathComponent(
        "Tests/Fuzz/Regressions/csv/huge-rating.csv"))
    let reading = try ExportFiles.read(path: "export.csv", bytes: [UInt8](input))
    XCTAssertNotNil(reading)
    XCTAssertEqual(DurationText.whole(-1e300), nil, "a time below zero is none")
  }

  func testStepsLoseTheirOwnNumbersOnlyWhenEveryStepCounts() {
    let numbered = ExportText.steps("1. Rinse.\n2) Boil.\n3. Serve.")
    XCTAssertEqual(numbered.map(\.text), ["Rinse.", "Boil.", "Serve."])
    let years = ExportText.steps("1. Rinse.\n1999 was a good year.")
    XCTAssertEqual(years.map(\.text), ["1. Rinse.", "1999 was a good year."], "left as written")
    let titled = ExportText.steps("# Dough\nMix.\n#Bake\nBake it.")
    XCTAssertEqual(titled.map(\.text), ["Dough", "Mix.", "Bake", "Bake it."])
    XCTAssertEqual(titled.map(\.isTitle), [true, false, true, false])
  }

  func testTimesAsExportsWriteThem() {
    XCTAssertEqual(ExportText.minutes(.string("1 hr 30 mins")), 90)
    XCTAssertEqual(ExportText.minutes(.string("PT1H30M")), 90)
    XCTAssertEqual(ExportText.minutes(.string("1:15")), 75)
    XCTAssertEqual(ExportText.minutes(.int(45)), 45)
    XCTAssertNil(ExportText.minutes(.string("")))
    XCTAssertEqual(ExportText.amount(1.5), "1 ½")
    XCTAssertEqual(ExportText.amount(0.125), "⅛")
    XCTAssertEqual(ExportText.amount(2.37), "2.37")
  }

  func testMealMasterReadsBothLayoutsContinuationsGroupsAndEveryRecipe() throws {
    func line(_ left: (String, String, String), _ right: (String, String, String)? = nil) -> String
    {
      func column(_ c: (String, String, String)) -> String {
        String(repeating: " ", count: 7 - c.0.count) + c.0 + " "
          + c.1.padding(toLength: 2, withPad: " ", startingAt: 0) + " " + c.2
      }
      guard let right else { return column(left) }
      return column(left).padding(toLength: 41, withPad: " ", startingAt: 0) + column(right)
    }
    let text = [
      "---------- Recipe via Meal-Master (tm) v8.02", "", "      Title: Two soups",
      " Categories: Soups, Quick", "   Servings: 2", "",
      line(("1", "c", "Stock"), ("2", "T", "Butter")),
      line(("", "", "-hot"), ("", "", "-soft")),
      "-----------------------------GARNISH-----------------------------",
      line(("1", "", "Chive sprig")),
      "", "  Warm the stock", "  with the butter.", "", "  Serve.", "-----",
      "MMMMM----- Recipe via Meal-Master (tm) v8.05", "      Title: Tea", "",
      line(("1", "", "Tea bag")), "", "  Brew.", "MMMMM",
    ].joined(separator: "\n")
    let reading = try XCTUnwrap(try read(text))
    XCTAssertEqual(reading.format, .mealMaster)
    let meals = reading.candidates.compactMap(\.meal)
    XCTAssertEqual(meals.map(\.name), ["Two soups", "Tea"])
    XCTAssertEqual(
      meals[0].ingredients.map { "\($0.quantity)|\($0.name)" },
      ["1 cup|Stock hot", "2 tbsp|Butter soft", "1|Chive sprig"])
    XCTAssertEqual(meals[0].instructions, "Warm the stock with the butter.\nServe.")
    XCTAssertEqual(meals[0].category, "Soups")
    XCTAssertEqual(meals[0].tags, ["Quick"])
    XCTAssertEqual(meals[0].servings, 2)
  }

  func testPhotosAreKnownByTheirBytesNotTheirNames() {
    XCTAssertEqual(
      MealPhoto(bytes: [0xFF, 0xD8, 0xFF] + Array(repeating: 0, count: 20))?.type, "image/jpeg")
    XCTAssertEqual(
      MealPhoto(bytes: Array("RIFF\0\0\0\0WEBPVP8 ".utf8) + [1, 2])?.type, "image/webp")
    XCTAssertNil(MealPhoto(bytes: Array("<html>not a photo at all</html>".utf8)))
    XCTAssertNil(MealPhoto(base64: "not base64 !!"))
  }

  func testARecipeWithoutIngredientsOrStepsIsNamedAndNotKept() throws {
    let reading = try XCTUnwrap(
      try read(#"{"name": "Empty", "ingredients": "", "directions": ""}"#))
    XCTAssertEqual(reading.format, .paprika)
    XCTAssertEqual(reading.candidates.first?.problem, "no ingredients or steps")
    XCTAssertEqual(reading.candidates.first?.place, "recipe “Empty”")
  }

  /// A yield that counts people is servings; one that counts what the recipe makes stays a
  /// yield, said in the notes, never `serves 1` (#58: Paprika's `"1 loaf"`).
  func testAYieldThatIsNotPeopleStaysAYield() throws {
    func meal(_ servings: String) throws -> Meal {
      let reading = try XCTUnwrap(
        try read(
          #"{"name": "Bread", "ingredients": "500 g flour", "directions": "Bake.", "servings": "\#(servings)"}"#
        ))
      XCTAssertEqual(reading.format, .paprika)
      return try XCTUnwrap(reading.candidates.first?.meal)
    }
    let loaf = try meal("1 loaf")
    XCTAssertNil(loaf.servings)
    XCTAssertEqual(CookMethod(of: loaf).notes, ["Makes 1 loaf"])
    XCTAssertEqual(try meal("Makes 12 cookies").instructions, "Bake.\nNotes\nMakes 12 cookies")
    XCTAssertEqual(try meal("4 servings").servings, 4)
    XCTAssertEqual(try meal("Serves 4-6").servings, 6)
    XCTAssertEqual(try meal("4").servings, 4)
    XCTAssertEqual(try meal("4 Personen").servings, 4)
  }

  func testMealsOwnJSONAndAnyOtherFileAreNoExports() throws {
    XCTAssertNil(try read(#"{"format": "meals", "version": 1, "meals": []}"#))
    XCTAssertNil(try read("# Soup\n\nJust text."))
    XCTAssertNil(try read("<html><body><h1>A page</h1></body></html>"))
  }

  /// Recipe web pages use an export's words (`class="recipe"`, schema.org's `recipeIngredient`,
  /// the legacy `ingredients` text): they stay the page reader's.
  func testRecipePagesAndSchemaOrgFilesAreNotTakenForExports() throws {
    let page = """
      <html><head><script type="application/ld+json">{"@type": "Recipe", "name": "A",
      "recipeIngredient": ["1 egg"]}</script></head><body><div class="recipe"><div id="name">A
      </div><ul><li class="recipeIngredient">1 egg</li></ul></div></body></html>
      """
    XCTAssertNil(try read(page))
    XCTAssertNil(
      try read(
        #"{"@context": "https://schema.org", "@type": "Recipe", "name": "A", "ingredients": "1 egg"}"#
      ))
    XCTAssertEqual(
      try read(
        #"{"@type": "Recipe", "name": "A", "recipeIngredient": ["1 egg"]}"#, path: "A/recipe.json")?
        .format, .nextcloud, "Nextcloud Cookbook's own file")
  }

  /// In a folder or an archive, meals' own files are recipes; a README in Markdown is not.
  func testMealsOwnFilesInAFolderAndAReadmeThatIsNone() {
    XCTAssertNil(
      ExportFiles.ownRecipes(path: "site/README.md", bytes: Array("# Site\n\nHello.\n".utf8)))
    XCTAssertNil(ExportFiles.ownRecipes(path: "notes.txt", bytes: Array("Soup".utf8)))
    let cook = ExportFiles.ownRecipes(
      path: "Soups/Leek soup.cook", bytes: Array("Simmer @leeks{2}.\n".utf8))
    XCTAssertEqual(cook?.format, .recipeFiles)
    XCTAssertEqual(cook?.candidates.first?.meal?.name, "Leek soup")
    XCTAssertEqual(cook?.candidates.first?.photoPath, "Leek soup", "its photo: the file beside it")
  }
}
