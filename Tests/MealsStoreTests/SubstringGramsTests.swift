import XCTest

@testable import MealsStore

/// The tokens `meal_grams` indexes: each special character and each pair holding one, once,
/// in the order first met.
final class SubstringGramsTests: XCTestCase {
  func testEachSpecialCharacterAndEachPairHoldingOneIsATokenOnce() {
    XCTAssertEqual(
      SubstringGrams.tokens(of: ["Fry & serve.", "Beef\nOnion", "鸡肉 'S"]),
      "u26 u20u26 u26u20 u2e u65u2e u9e21 u8089 u9e21u8089 u8089u20 u27 u20u27 u27u73")
    // Repeated, a token is still written once; a line break ends a pair.
    XCTAssertEqual(
      SubstringGrams.tokens(of: ["a.b.a.", ".\n."]), "u2e u61u2e u2eu62 u62u2e u2eu61")
    XCTAssertEqual(SubstringGrams.tokens(of: ["plain words", "", "\n"]), "")
    XCTAssertEqual(SubstringGrams.token(forSearch: "鸡肉"), "u9e21u8089")
    XCTAssertEqual(SubstringGrams.token(forSearch: "'S"), "u27u73")
  }
}
