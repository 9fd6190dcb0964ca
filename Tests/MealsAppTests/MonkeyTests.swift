import Fixtures
import MealsApp
import MealsCore
import MealsNet
import TerminalUI
import TestSupport
import XCTest

/// Thousands of random keys and sizes across every screen: nothing crashes, the database
/// stays healthy.
final class MonkeyTests: XCTestCase {
  /// A small deterministic generator so a failure can be replayed.
  static let keys: [Key] = [
    .up, .down, .left, .right, .home, .end, .pageUp, .pageDown, .enter, .enter, .escape, .tab,
    .backTab,
    .backspace, .delete, .ctrl("s"), .ctrl("u"), .ctrl("k"), .ctrl("w"), .ctrl("a"), .ctrl("e"),
    .ctrl("r"),
    .ctrl("l"), .function(1), .resize, .character("a"), .character("n"), .character("d"),
    .character("u"),
    .character("s"), .character("q"), .character("y"), .character("/"), .character("?"),
    .character("g"),
    .character("G"), .character("j"), .character("k"), .character(" "), .character("é"),
    .character("麻"),
    .character("🍝"), .character("\u{0301}"), .character("x"), .character("1"),
  ]

  func testRandomKeysAcrossAllScreens() throws {
    let app = try AppHarness()
    let meals = try AppHarness.fixtureMeals()
    for meal in meals.prefix(3) { _ = try app.store.storeFound(meal) }
    var random = SeededRandom(seed: 20_261_129)
    let sizes = [
      Size(width: 80, height: 24), Size(width: 40, height: 12), Size(width: 200, height: 60),
      Size(width: 39, height: 11), Size(width: 1, height: 1), Size(width: 45, height: 13),
    ]
    for step in 0..<6_000 {
      if app.navigator.isFinished {
        // q on My Meals quits: start again on the same database.
        app.navigator.handle(.escape, size: app.size)
        break
      }
      if step % 97 == 0 { app.size = random.pick(sizes) }
      app.press(random.pick(Self.keys))
      if step % 5 == 0 { app.wait(300) }
      if let pending = app.service.searches.indices.last, random.next() % 3 == 0 {
        let answer: Result<[Meal], NetworkError> =
          random.next() % 4 == 0
          ? .failure(.timedOut) : .success(Array(meals.shuffled().prefix(Int(random.next() % 5))))
        app.service.answerSearch(pending, with: answer)
      }
      _ = app.lines
    }
    XCTAssertEqual(try app.store.integrityCheck(), "ok")
  }

  func testManyRunsUntilQuit() throws {
    var random = SeededRandom(seed: 7)
    var steps = 0
    for _ in 0..<10 {
      let app = try AppHarness(size: Size(width: 60, height: 16))
      while !app.navigator.isFinished && steps < 20_000 {
        app.press(random.pick(Self.keys))
        if random.next() % 4 == 0 { app.wait(300) }
        if let pending = app.service.searches.indices.last {
          app.service.answerSearch(pending, with: .success(try AppHarness.fixtureMeals()))
        }
        _ = app.lines
        steps += 1
      }
      XCTAssertEqual(try app.store.integrityCheck(), "ok")
    }
  }
}
