import Fixtures
import Foundation
import TestSupport
import XCTest

/// Pictures in the real app, in tmux (symbols: tmux 3.3 has no sixel): Meal Detail shows the
/// photo the fixture server sends, a resize draws it again, leaving leaves no trace, and the
/// next launch takes it from the disk cache.
final class PicturesEndToEndTests: ServerTestCase {
  private func start() throws -> TmuxSession {
    try TmuxSession(
      Products.mealsCommand(
        "--db \(folder.path("meals.sqlite")) --api-url \(server.baseURL())",
        environment: "MEALS_IMAGES=symbols XDG_CACHE_HOME=\(folder.path("cache"))"),
      width: 100, height: 34)
  }

  /// The 256-colour backgrounds on screen (`48;5;N`).
  private func backgrounds(_ styled: String) -> Set<String> {
    var found = Set<String>()
    for part in styled.components(separatedBy: "48;5;").dropFirst() {
      found.insert(String(part.prefix { $0.isNumber }))
    }
    return found
  }

  private func openIrishStew(_ tmux: TmuxSession) throws {
    try tmux.waitFor("[ r  Browse areas")
    try tmux.press("r")
    try tmux.waitFor("Irish")
    try tmux.press("G", "Up", "Up", "Up", "Up", "Enter")
    try tmux.waitFor("Beef and Stout Stew")
    try tmux.press("Enter")
    try tmux.waitFor("INGREDIENTS (7)")
  }

  func testMealDetailShowsThePictureRedrawsItOnResizeAndLeavesNoTrace() throws {
    var tmux = try start()
    try openIrishStew(tmux)
    var screen = try tmux.waitFor("▀")
    XCTAssertFalse(screen.contains("Loading the picture"), screen)
    let colours = backgrounds(try tmux.captureWithStyles())
    XCTAssertTrue(
      colours.isSuperset(of: ["160", "34"]), "red and green quadrants on screen: \(colours)")

    try tmux.resize(width: 60, height: 30)
    screen = try tmux.waitUntil("a redraw at 60 columns") {
      $0.contains("▀") && $0.contains("INGREDIENTS")
    }
    XCTAssertTrue(backgrounds(try tmux.captureWithStyles()).contains("160"), "drawn again")

    try tmux.press("Escape")
    // The list, not the detail still on screen (its title has the meal's name too).
    screen = try tmux.waitUntil("back on the list") {
      $0.contains("Beef and Stout Stew") && !$0.contains("INGREDIENTS")
    }
    XCTAssertFalse(screen.contains("▀"), "no half blocks left behind:\n\(screen)")
    XCTAssertFalse(backgrounds(try tmux.captureWithStyles()).contains("160"), "no picture colours")
    try tmux.press("Escape", "Escape", "Escape", "q")
    try tmux.waitFor("EXIT=0")
    XCTAssertEqual(try server.requestCounts()["/images/media/meals/90010.jpg/small"], 1)

    // The next launch draws it from the cache in $XDG_CACHE_HOME: no request.
    tmux = try start()
    try openIrishStew(tmux)
    try tmux.waitFor("▀")
    XCTAssertEqual(try server.requestCounts()["/images/media/meals/90010.jpg/small"], 1)
    let cached = try FileManager.default.contentsOfDirectory(
      atPath: folder.path("cache/meals/images"))
    XCTAssertEqual(cached.count, 1, "\(cached)")
  }

  /// `meals import` keeps the imported meals' pictures for the app; a host that cannot be
  /// reached is asked once, not once a meal (offline, an import of hundreds of meals waited
  /// out a failure for each), and the pictures of another host still come.
  func testAnImportAsksAHostThatCannotBeReachedOnce() throws {
    let port = try XCTUnwrap(URL(string: server.baseURL())?.port)
    let down = "http://127.0.0.1:\(port)/reset/images/media/meals"
    let up = "http://localhost:\(port)/images/media/meals"
    let meals = (1...6).map { number in
      let picture = number <= 4 ? "\(down)/down\(number).jpg" : "\(up)/up\(number).jpg"
      return
        "{\"name\": \"Meal \(number)\", \"instructions\": \"Cook.\", \"thumbnailURL\": \"\(picture)\"}"
    }
    let json = folder.path("meals.json")
    try "{\"format\": \"meals\", \"version\": 1, \"meals\": [\(meals.joined(separator: ", "))]}"
      .write(toFile: json, atomically: true, encoding: .utf8)
    let cache = folder.path("cache")
    let result = try runProcess([
      "/usr/bin/env", "XDG_CACHE_HOME=\(cache)", Products.meals, "--db", database,
      "--api-url", server.baseURL(), "import", json,
    ])
    XCTAssertEqual(result.status, 0, result.errors)
    XCTAssertTrue(result.output.hasPrefix("Imported 6 meals."), result.output)
    let counts = try server.requestCounts()
    let asked = counts.filter { $0.key.contains("/down") }.values.reduce(0, +)
    XCTAssertEqual(asked, 1, "the host that resets is asked once: \(counts)")
    XCTAssertEqual(counts["/images/media/meals/up5.jpg"], 1, "\(counts)")
    XCTAssertEqual(counts["/images/media/meals/up6.jpg"], 1, "\(counts)")
    let kept = try FileManager.default.contentsOfDirectory(atPath: cache + "/meals/images")
    XCTAssertEqual(kept.count, 2, "the two pictures that came are kept: \(kept)")
  }
}
