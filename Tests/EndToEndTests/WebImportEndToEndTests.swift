import Foundation
import MealsCore
import MealsStore
import TestSupport
import XCTest

/// Import from a link in the real app: `i`, the address pasted, the recipe shown, `s`; the
/// meal is in My Meals with its address.
final class WebImportEndToEndTests: ServerTestCase {
  func testPasteAnAddressLookThenSave() throws {
    let tmux = try TmuxSession(
      Products.mealsCommand("--db \(database) --api-url \(server.baseURL())"), width: 90)
    try tmux.waitFor("Imported 50 ingredients")
    try tmux.press("i")
    try tmux.waitFor("My Meals › Import from a Link")
    let address =
      server.baseURL().replacingOccurrences(of: "/api/json/v1/1/", with: "")
      + "/redirect/2/pages/microdata.html"
    try tmux.paste(address)
    try tmux.waitFor("Address: \(address)")
    try tmux.press("Enter")
    var screen = try tmux.waitFor("Found a recipe — s saves it to My Meals.")
    XCTAssertTrue(screen.contains("My Meals › Import from a Link › Pancakes for Two"), screen)
    XCTAssertTrue(screen.contains("100 g"), screen)
    XCTAssertTrue(screen.contains("Whisk the flour, egg and milk into a smooth batter."), screen)
    try tmux.press("s")
    screen = try tmux.waitFor("Saved “Pancakes for Two” to My Meals.")
    XCTAssertTrue(screen.contains("▸ Pancakes for Two"), screen)
    try tmux.press("q")
    try tmux.waitFor("EXIT=0")
    let store = try MealStore(path: database)
    let meal = try XCTUnwrap(try store.meal(id: 1))
    XCTAssertEqual(
      meal.sourceURL,
      address.replacingOccurrences(of: "/redirect/2/pages/", with: "/pages/"),
      "the address the page ended at")
    XCTAssertEqual(meal.ingredients.count, 3)
  }
}
