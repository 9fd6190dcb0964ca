import MealsCore
import TextSafety
import XCTest

final class TextSanitizerTests: XCTestCase {
  func testKeepsPlainTextNewlinesAndTabs() {
    XCTAssertEqual(TextSanitizer.clean("Café\tau lait\nnext"), "Café\tau lait\nnext")
  }

  func testNormalisesLineBreaks() {
    XCTAssertEqual(TextSanitizer.clean("a\r\nb\rc\u{2028}d\u{2029}e"), "a\nb\nc\nd\ne")
  }

  func testRemovesEscapeSequences() {
    XCTAssertEqual(TextSanitizer.clean("Evil \u{1B}[31mRed\u{1B}[0m Soup"), "Evil Red Soup")
    XCTAssertEqual(TextSanitizer.clean("Stir\u{1B}]0;pwned\u{07} well"), "Stir well")
    XCTAssertEqual(TextSanitizer.clean("a\u{1B}]8;;http://x\u{1B}\\b"), "ab")
    XCTAssertEqual(TextSanitizer.clean("x\u{9B}2Jy"), "xy")
  }

  func testUnfinishedAndC1TerminatedSequences() {
    XCTAssertEqual(TextSanitizer.clean("tail\u{1B}"), "tail")
    XCTAssertEqual(TextSanitizer.clean("tail\u{1B}[12"), "tail")
    XCTAssertEqual(TextSanitizer.clean("a\u{1B}]title\u{9C}b"), "ab")
    XCTAssertEqual(TextSanitizer.clean("a\u{1B}\u{1B}[0mb"), "ab")
    XCTAssertEqual(TextSanitizer.clean("é\r\n麻\u{1B}(B🍝"), "é\n麻🍝")
  }

  func testRemovesControlsAndBidiOverrides() {
    XCTAssertEqual(TextSanitizer.clean("Ring\u{07} no\u{00} bell\u{7F}\u{85}"), "Ring no bell")
    XCTAssertEqual(
      TextSanitizer.clean("\u{202E}Reversed\u{202C} \u{2066}iso\u{2069}"), "Reversed iso")
  }

  func testKeepsCombiningMarksAndWideCharacters() {
    let text = "saute\u{0301} 郫县豆瓣 🌶️ ½"
    XCTAssertEqual(TextSanitizer.clean(text), text)
  }

  func testSingleLineTurnsBreaksIntoSpaces() {
    XCTAssertEqual(TextSanitizer.singleLine("a\r\nb\tc"), "a b c")
  }
}
