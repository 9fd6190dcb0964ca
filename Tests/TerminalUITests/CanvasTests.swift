import TerminalUI
import XCTest

final class CanvasTests: XCTestCase {
  func testWidthsInTerminalCells() {
    XCTAssertEqual(TextWidth.columns(of: "Penne"), 5)
    XCTAssertEqual(TextWidth.columns(of: "麻婆豆腐"), 8)
    XCTAssertEqual(TextWidth.columns(of: "🍝"), 2)
    XCTAssertEqual(TextWidth.columns(of: "🌶"), 1, "text-presentation by default, as wcwidth says")
    XCTAssertEqual(TextWidth.columns(of: "sauté\u{0301}"), 5, "a combining mark takes no cell")
    XCTAssertEqual(TextWidth.columns(of: "a\u{1B}b"), 3, "a control is shown as one visible cell")
    XCTAssertEqual(TextWidth.columns(of: "\u{202E}ab"), 2, "a bidi override is dropped")
  }

  func testWritesAsciiAndClipsAtTheEdge() {
    var canvas = Canvas(size: Size(width: 10, height: 2))
    XCTAssertEqual(canvas.write("Hello, world", row: 0, column: 3), 7)
    XCTAssertEqual(canvas.lines, ["   Hello,", ""])
  }

  func testWideCharactersTakeTwoCellsAndNeverHalfFit() {
    var canvas = Canvas(size: Size(width: 7, height: 1))
    XCTAssertEqual(canvas.write("麻婆豆腐", row: 0, column: 0), 6)
    XCTAssertEqual(canvas.line(0), "麻婆豆")
    XCTAssertEqual(canvas[0, 0].width, 2)
    XCTAssertEqual(canvas[0, 1].width, 0)
    var emoji = Canvas(size: Size(width: 5, height: 1))
    emoji.write("a🍝🍝", row: 0, column: 0)
    XCTAssertEqual(emoji.line(0), "a🍝🍝")
    emoji.write("x", row: 0, column: 2)
    XCTAssertEqual(emoji.line(0), "a x🍝", "overwriting half a wide character blanks the other half")
  }

  /// Emoji sequences are drawn in a form every terminal gives the same width: joiners and
  /// style selectors not sent, a skin tone after its base left out, a flag as its letters.
  func testEmojiSequencesAreDrawnInAFormOfCertainWidth() {
    let name = "👨\u{200D}👩\u{200D}👧 Family 🇯🇵 pancakes 🥞"
    XCTAssertEqual(TextWidth.columns(of: name), 6 + 8 + 3 + 9 + 2)
    var canvas = Canvas(size: Size(width: 40, height: 1))
    XCTAssertEqual(canvas.write(name + "|", row: 0, column: 0), 29)
    XCTAssertEqual(canvas.line(0), "👨👩👧 Family JP pancakes 🥞|")
    XCTAssertEqual(TextWidth.columns(of: "👍🏽ok"), 4, "the skin tone joins its base")
    XCTAssertEqual(TextWidth.columns(of: "🏽"), 2, "a lone skin tone is drawn")
    XCTAssertEqual(TextWidth.columns(of: "❤\u{FE0F}!"), 2, "no emoji style is asked")
    XCTAssertEqual(
      TextWidth.columns(of: "🏴\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}"), 2)
    var cut = Canvas(size: Size(width: 5, height: 1))
    cut.writeTruncated("👨\u{200D}👩\u{200D}👧 Family", row: 0, column: 0, width: 5)
    XCTAssertEqual(cut.line(0), "👨👩…", "cut by the cells drawn")
    XCTAssertEqual(
      TextWidth.prefix(of: Substring("👍🏽👍🏽x"), fitting: 4).1, 4,
      "a prefix measures the same way")
  }

  func testCombiningMarksJoinTheirBaseCell() {
    var canvas = Canvas(size: Size(width: 8, height: 1))
    canvas.write("saute\u{0301}!", row: 0, column: 0)
    XCTAssertEqual(canvas.text(row: 0, column: 4), "e\u{0301}")
    XCTAssertEqual(canvas.line(0), "saute\u{0301}!")
    canvas.write("x", row: 0, column: 4)
    XCTAssertEqual(canvas.text(row: 0, column: 4), "x", "a new cell drops the old marks")
    XCTAssertEqual(
      canvas,
      {
        var fresh = Canvas(size: Size(width: 8, height: 1))
        fresh.write("sautx!", row: 0, column: 0)
        return fresh
      }(), "and leaves nothing behind that would make two equal screens differ")
  }

  /// The terminal puts again only rows that changed: a row with other marks on the same letters
  /// has changed, and so has every row of a frame of another size.
  func testSameRowSeesMarksAndSize() {
    var first = Canvas(size: Size(width: 10, height: 2))
    first.write("Cafe\u{0301}", row: 0, column: 0)
    first.write("Pie", row: 1, column: 0)
    var second = first
    XCTAssertTrue(second.sameRow(0, as: first))
    second.write("Cafe\u{0300}", row: 0, column: 0)
    XCTAssertFalse(second.sameRow(0, as: first), "another mark on the same e")
    XCTAssertTrue(second.sameRow(1, as: first))
    second.write("Pie", row: 1, column: 0, style: Style(area: .selected))
    XCTAssertFalse(second.sameRow(1, as: first), "the same text in another style")
    var wider = Canvas(size: Size(width: 11, height: 2))
    wider.write("Pie", row: 1, column: 0)
    XCTAssertFalse(wider.sameRow(1, as: first))
  }

  func testRowHasInkOnlyWherePictureColoursAre() {
    var canvas = Canvas(size: Size(width: 4, height: 2))
    var ink = Style.plain
    ink.ink = Style.Ink(foreground: 196, background: nil)
    canvas.write("▀", row: 1, column: 2, style: ink)
    XCTAssertFalse(canvas.rowHasInk(0))
    XCTAssertTrue(canvas.rowHasInk(1))
  }

  func testControlCharactersAreMadeVisibleNeverSent() {
    var canvas = Canvas(size: Size(width: 20, height: 1))
    canvas.write("Red\u{1B}[31m\u{07}\u{85}", row: 0, column: 0)
    let line = canvas.line(0)
    XCTAssertEqual(line, "Red␛[31m␇\u{FFFD}")
    XCTAssertFalse(
      line.unicodeScalars.contains { $0.value < 0x20 || ($0.value >= 0x7F && $0.value < 0xA0) })
  }

  func testTruncationEndsWithEllipsis() {
    XCTAssertEqual(TextWidth.truncate("Spicy Arrabiata Penne", to: 10), "Spicy Arr…")
    XCTAssertEqual(TextWidth.truncate("麻婆豆腐", to: 5), "麻婆…")
    XCTAssertEqual(TextWidth.truncate("short", to: 10), "short")
    var canvas = Canvas(size: Size(width: 12, height: 1))
    canvas.writeTruncated("Chakchouka with eggs", row: 0, column: 1, width: 8)
    XCTAssertEqual(canvas.line(0), " Chakcho…")
  }

  func testStylesAndFill() {
    var canvas = Canvas(size: Size(width: 4, height: 1))
    canvas.write("ab", row: 0, column: 0, style: .error)
    canvas.applyStyle(.selected, to: Rect(x: 1, y: 0, width: 3, height: 1))
    XCTAssertEqual(canvas[0, 0].style, .error)
    XCTAssertEqual(canvas[0, 1].style, .selected)
    XCTAssertEqual(canvas[0, 3].style, .selected)
  }

  func testFitShortensTheMarkedNameBeforeThePoint() {
    let name = TextWidth.shrinkable("A Very Long Meal Name Indeed")
    let line = "Deleted “\(name)” — u undoes."
    XCTAssertEqual(TextWidth.columns(of: line), 50, "the marks take no cells")
    XCTAssertEqual(TextWidth.columns(of: TextWidth.fit(line, to: 60)), 50, "room: untouched")
    XCTAssertEqual(TextWidth.fit(line, to: 34), "Deleted “A Very Long…” — u undoes.")
    XCTAssertEqual(
      TextWidth.fit(line, to: 20), "Deleted “A Very…” —…",
      "the name keeps 8 cells, then the end goes")
    XCTAssertEqual(TextWidth.fit("no marks at all here", to: 10), "no marks…")
  }
}
