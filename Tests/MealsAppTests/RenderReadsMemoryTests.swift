import MealsCore
import MealsStore
import TerminalUI
import XCTest

/// Drawing a frame reads memory only: what it shows was read in the update step before it.
///
/// Every frame a test of the app looks at is checked (`AppHarness` counts the statements the
/// database connection runs while the navigator draws and fails the test if any ran); this
/// walk scrolls every list over the store far past the rows first read, where a frame that
/// still read its rows would be caught.
final class RenderReadsMemoryTests: XCTestCase {
  /// 300 meals, every third a favourite, the last 90 deleted.
  private func stocked(size: Size) throws -> AppHarness {
    let app = try AppHarness(size: size)
    try app.store.insert(
      contentsOf: (0..<300).map {
        Meal(
          name: String(format: "Stew %03d", $0), instructions: "Simmer.",
          category: $0 % 2 == 0 ? "Beef" : "Lamb")
      })
    for id in stride(from: 1, through: 300, by: 3) {
      try app.store.setFavourite(true, mealID: Int64(id))
    }
    for id in 211...300 { try app.store.deleteMeal(id: Int64(id)) }
    return app
  }

  func testEveryListScrolledFarReadsOnlyBeforeTheFrame() throws {
    for size in [Size(width: 80, height: 24), Size(width: 160, height: 45)] {
      let app = try stocked(size: size)
      XCTAssertTrue(app.lines[1].hasSuffix("210 meals"), app.lines[1])
      app.press(.end)
      XCTAssertTrue(app.text.contains("▸ Stew 209"), app.text)
      app.press(.pageUp, .pageUp, .up)
      XCTAssertTrue(app.text.contains("Stew 1"), app.text)
      app.press(.character("/"))
      app.type("stew 1")
      app.press(.enter, .end)
      XCTAssertTrue(app.text.contains("▸ Stew 199"), app.text)
      app.press(.escape, .tab, .right, .enter, .escape)
      XCTAssertTrue(app.lines[2].contains("Beef 105"), app.lines[2])
      XCTAssertTrue(app.text.contains("Stew 000"), app.text)
      app.press(.tab, .character("x"), .escape)

      app.press(.character("F"))
      XCTAssertTrue(app.lines[1].hasSuffix("70 favourites"), app.lines[1])
      app.press(.end)
      XCTAssertTrue(app.text.contains("▸ Stew 000"), "the oldest favourite last: \(app.text)")
      app.press(.escape, .character("T"))
      XCTAssertTrue(app.lines[1].contains("90 deleted meals"), app.lines[1])
      app.press(.end)
      XCTAssertTrue(app.text.contains("Stew 210"), "the first deleted last: \(app.text)")
      app.press(.escape)

      app.press(.character("W"), .character("a"))
      for _ in 0..<12 { app.press(.pageDown) }
      XCTAssertTrue(app.text.contains("▸ Stew 209"), app.text)
      app.press(.escape, .escape)
    }
  }

  func testTheIngredientListScrolledWithItsPreviewReadsOnlyBeforeTheFrame() throws {
    let app = try AppHarness(size: Size(width: 160, height: 45))
    app.press(.character("b"), .down, .down, .down, .enter)
    XCTAssertEqual(app.lines[0], " My Meals › Browse › Ingredients")
    XCTAssertTrue(app.text.contains("ingredients"), app.text)
    app.press(.end, .pageUp, .up)
    let wide = app.text
    app.type("chick")
    XCTAssertTrue(app.text.contains("Chicken"), app.text)
    XCTAssertNotEqual(app.text, wide)
  }
}
