import XCTest

@testable import MealsCore
@testable import Translation

/// A measure shown with the language's decimal comma, the meal's own text unchanged.
final class DecimalTextTests: XCTestCase {
  override func tearDown() {
    Translator.use(MessageCatalog(), language: nil)
  }

  /// A compiled catalog (as msgfmt lays one out: sorted originals, little-endian) whose
  /// decimal separator is `separator`.
  private func catalog(separator: String) throws -> MessageCatalog {
    let entries = [
      ("", "Content-Type: text/plain; charset=UTF-8\n"),
      ("decimal separator\u{4}.", separator),
    ].map { (Array($0.0.utf8), Array($0.1.utf8)) }
    var header: [UInt32] = [0x9504_12DE, 0, UInt32(entries.count), 28, 28 + 16, 0, 0]
    var strings: [UInt8] = []
    var tables: [[UInt32]] = [[], []]
    let start = 28 + 32
    for (original, translated) in entries {
      for (side, text) in [original, translated].enumerated() {
        tables[side] += [UInt32(text.count), UInt32(start + strings.count)]
        strings += text + [0]
      }
    }
    header += tables[0] + tables[1]
    let bytes = header.flatMap { word in (0..<4).map { UInt8(truncatingIfNeeded: word >> ($0 * 8)) }
    }
    return try MessageCatalog(mo: bytes + strings)
  }

  func testADecimalPointIsShownAsTheLanguageWritesIt() throws {
    XCTAssertEqual(DecimalText.shown("1.5 kg"), "1.5 kg", "English: as written")
    Translator.use(try catalog(separator: ","), language: "de")
    XCTAssertEqual(DecimalText.shown("1.5 kg"), "1,5 kg")
    XCTAssertEqual(DecimalText.shown("0.25 l, 2.75 cups"), "0,25 l, 2,75 cups")
    XCTAssertEqual(DecimalText.shown("1.500 g"), "1.500 g", "three digits: left as written")
    XCTAssertEqual(DecimalText.shown("a pinch."), "a pinch.", "a full stop stays")
    XCTAssertEqual(DecimalText.shown(".5 tsp"), ".5 tsp", "no digit before: as written")
    XCTAssertEqual(DecimalText.shown("½ cup"), "½ cup")
  }
}
