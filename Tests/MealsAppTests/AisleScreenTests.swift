import Files
import Fixtures
import Foundation
import MealsCore
import TerminalUI
import TestSupport
import XCTest

@testable import MealsApp

/// The Shopping List in the shop's own order, as a person uses it: `aisle.conf` read, each
/// aisle over its rows, `a` puts a food in an aisle and writes the file, which CookCLI's own
/// parser (cooklang-rs, through cooklang-bindings in the tests' virtual environment) reads
/// back.
final class AisleScreenTests: XCTestCase {
  func testTheListFollowsTheAislesAndAPutsAFoodInOne() throws {
    let app = try AppHarness(size: Size(width: 60, height: 20))
    let id = try app.save(
      Meal(
        name: "Omelette", instructions: "Cook.",
        ingredients: ["3 eggs", "20 g butter", "1 onion", "salt"].map {
          IngredientLine.split($0)
        }))
    let meal = try XCTUnwrap(try app.store.meal(id: id))
    try app.store.addToShoppingList(
      mealRef: .saved(id), mealName: "Omelette", ingredients: meal.ingredients)
    let path = app.folder.path(AisleFile.name)
    try "// the corner shop\n[produce]\nonion|onions\n\n[dairy]\nbutter\neggs|egg\n"
      .write(toFile: path, atomically: true, encoding: .utf8)
    app.app.context.aisleFile = AisleFile(path: path)
    app.navigator.clearStatus()
    app.press(.character("L"))
    XCTAssertEqual(
      Array(app.lines[2...8]),
      [
        "produce", "▸ [ ] 1     onion   for Omelette", "dairy",
        "  [ ] 20 g  butter  for Omelette", "  [ ] 3     eggs    for Omelette", "Other",
        "  [ ]       salt    for Omelette",
      ],
      app.lines.joined(separator: "\n"))
    // Salt into a new aisle: the file keeps its comment and blank line.
    app.press(.down, .down, .down, .character("a"))
    app.type("spices")
    app.press(.enter)
    let written = try String(contentsOfFile: path, encoding: .utf8)
    XCTAssertEqual(
      written,
      "// the corner shop\n[produce]\nonion|onions\n\n[dairy]\nbutter\neggs|egg\n\n[spices]\nsalt\n"
    )
    XCTAssertEqual(app.lines[7], "spices", app.lines.joined(separator: "\n"))
    XCTAssertEqual(app.lines[8], "▸ [ ]       salt    for Omelette", "the bar stays on its row")
    // CookCLI's parser reads the file meals wrote.
    let python = PackagePaths.root.appendingPathComponent(".build/venv/bin/python").path
    guard FileManager.default.isExecutableFile(atPath: python) else {
      throw XCTSkip(
        "The official Cooklang parser's virtual environment (.build/venv) is not there: `make test` makes it."
      )
    }
    let script = """
      import sys
      from cooklang.aisle import parse_aisle_config
      conf = parse_aisle_config(open(sys.argv[1]).read())
      print(",".join(c.name for c in conf.categories))
      print(conf.category_for("salt"), conf.category_for("onions"), conf.category_for("egg"))
      """
    let (status, output, errors) = try runProcess([python, "-c", script, path])
    XCTAssertEqual(status, 0, errors)
    XCTAssertEqual(output, "produce,dairy,spices\nspices produce dairy\n")
  }

  /// Two shops, two orders: `s` goes to the next shop's file (`aisle-Lidl.conf` beside
  /// `aisle.conf`), the headline names it, and back to the usual one after the last.
  func testEachShopHasItsOwnOrder() throws {
    let app = try AppHarness(size: Size(width: 60, height: 16))
    let id = try app.save(
      Meal(
        name: "Omelette", instructions: "Cook.",
        ingredients: ["3 eggs", "1 onion"].map { IngredientLine.split($0) }))
    let meal = try XCTUnwrap(try app.store.meal(id: id))
    try app.store.addToShoppingList(
      mealRef: .saved(id), mealName: "Omelette", ingredients: meal.ingredients)
    let usual = app.folder.path(AisleFile.name)
    try "[produce]\nonion\n[dairy]\neggs\n".write(toFile: usual, atomically: true, encoding: .utf8)
    app.app.context.aisleFile = AisleFile(path: usual)
    app.navigator.clearStatus()
    app.press(.character("L"), .character("s"))
    XCTAssertTrue(app.lines.contains { $0.contains("One shop") }, app.lines.joined(separator: "\n"))
    try "[dairy]\neggs\n[produce]\nonion\n".write(
      toFile: app.folder.path("aisle-Lidl.conf"), atomically: true, encoding: .utf8)
    XCTAssertEqual(app.lines[2], "produce")
    app.press(.character("s"))
    XCTAssertTrue(app.lines[1].hasSuffix("2 rows · Lidl"), app.lines[1])
    XCTAssertEqual(app.lines[2], "dairy", "Lidl's order: dairy first")
    XCTAssertEqual(app.lines[4], "produce")
    app.press(.character("s"))
    XCTAssertEqual(app.lines[2], "produce", "back to the usual shop")
  }
}
