import Foundation
import MealsCore
import MealsStore
import TestSupport
import XCTest

/// Browsing TheMealDB in the real app: welcome → categories → a meal → saved; then offline
/// from the cache; and each list asked for once.
final class BrowseEndToEndTests: ServerTestCase {
  private func start(apiURL: String) throws -> TmuxSession {
    try TmuxSession(Products.mealsCommand("--db \(database) --api-url \(apiURL)"))
  }

  func testWelcomeToCategoriesToAMealThenOfflineFromTheCache() throws {
    var tmux = try start(apiURL: server.baseURL())
    try tmux.waitFor("[ c  Browse categories ]")
    try tmux.waitFor("Imported 50 ingredients")
    try tmux.press("c")
    try tmux.waitFor("9 categories")
    try tmux.press("Enter")
    try tmux.waitFor("My Meals › Browse › Categories › Beef")
    try tmux.waitFor("Beef and Stout Stew")
    try tmux.press("Down", "Enter")
    try tmux.waitFor("Beef · Korean · #90011")
    try tmux.press("s")
    try tmux.waitFor("Saved “Beef Bulgogi” to My Meals.")
    for _ in 0..<4 { try tmux.press("Escape") }
    var screen = try tmux.waitFor("1 meal")
    XCTAssertTrue(screen.contains("▸ Beef Bulgogi"), screen)
    try tmux.press("Enter")
    screen = try tmux.waitFor("INGREDIENTS (6)")
    XCTAssertTrue(screen.contains("Sesame Oil"), screen)
    try tmux.press("Escape", "q")
    try tmux.waitFor("EXIT=0")
    XCTAssertEqual(try server.requestCounts()["categories.php"], 1)

    // The server is gone: the cached list still opens, with its age in the header.
    let closed = server.baseURL().replacingOccurrences(of: ":\(server.port)/", with: ":1/")
    tmux = try start(apiURL: closed)
    try tmux.waitFor("1 meal")
    try tmux.press("b", "Down", "Enter")
    screen = try tmux.waitFor("Categories (cached just now)")
    XCTAssertTrue(screen.contains("▸ Beef"), screen)
    try tmux.press("Enter")
    screen = try tmux.waitFor("3 meals · ✓ 1 in My Meals")
    XCTAssertTrue(screen.contains("✓ Beef Bulgogi"), screen)
    try tmux.press("r")
    try tmux.waitFor("Error: Could not refresh: Cannot connect to 127.0.0.1")
    XCTAssertTrue(try tmux.capture().contains("Cottage Pie"), "the cached rows stay")
  }

  func testOpeningAListAgainMakesNoNewRequest() throws {
    let tmux = try start(apiURL: server.baseURL())
    try tmux.waitFor("Browse categories")
    try tmux.press("r")
    try tmux.waitFor("9 areas")
    try tmux.press("Escape", "Enter")
    try tmux.waitFor("9 areas")
    try tmux.press("Escape", "Enter")
    try tmux.waitFor("9 areas")
    XCTAssertEqual(try server.requestCounts()["list.php?a=list"], 1)
  }
}
