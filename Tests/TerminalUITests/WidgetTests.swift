import Fixtures
import TestSupport
import XCTest

@testable import TerminalUI

final class TextFieldTests: XCTestCase {
  func testLineEditingKeys() {
    var field = TextField("Spicy penne")
    XCTAssertTrue(field.handle(.ctrl("w")))
    XCTAssertEqual(field.text, "Spicy ")
    _ = field.handle(.home)
    _ = field.handle(.character("A"))
    XCTAssertEqual(field.text, "ASpicy ")
    _ = field.handle(.right)
    _ = field.handle(.ctrl("k"))
    XCTAssertEqual(field.text, "AS")
    _ = field.handle(.backspace)
    _ = field.handle(.left)
    _ = field.handle(.delete)
    XCTAssertEqual(field.text, "")
    _ = field.handle(.character("x"))
    _ = field.handle(.ctrl("u"))
    XCTAssertEqual(field.text, "")
    XCTAssertFalse(field.handle(.up))
  }

  func testScrollsToKeepTheCursorVisible() {
    let field = TextField("abcdefghijklmnop")
    var canvas = Canvas(size: Size(width: 10, height: 1))
    let cursor = field.render(into: &canvas, row: 0, column: 0, width: 8)
    XCTAssertEqual(canvas.line(0), "…klmnop")
    XCTAssertEqual(cursor.column, 7)
  }
}

final class TextWrapTests: XCTestCase {
  func testWrapsAtWordsAndBreaksLongWords() {
    XCTAssertEqual(
      TextWrap.wrap("Bring a large pot of water", width: 10), ["Bring a", "large pot", "of water"])
    XCTAssertEqual(TextWrap.wrap("abcdefghij klm", width: 4), ["abcd", "efgh", "ij", "klm"])
    XCTAssertEqual(TextWrap.wrap("one\n\ntwo", width: 10), ["one", "", "two"])
    XCTAssertEqual(TextWrap.wrap("麻婆豆腐 tofu", width: 5), ["麻婆", "豆腐", "tofu"])
  }
}

final class TextAreaTests: XCTestCase {
  func testEditingAcrossLines() {
    var area = TextArea("ab\ncd")
    _ = area.handle(.down, width: 20, height: 5)
    _ = area.handle(.home, width: 20, height: 5)
    _ = area.handle(.backspace, width: 20, height: 5)
    XCTAssertEqual(area.text, "abcd")
    _ = area.handle(.enter, width: 20, height: 5)
    _ = area.handle(.character("X"), width: 20, height: 5)
    XCTAssertEqual(area.text, "ab\nXcd")
    _ = area.handle(.end, width: 20, height: 5)
    _ = area.handle(.delete, width: 20, height: 5)
    XCTAssertEqual(area.text, "ab\nXcd")
    _ = area.handle(.up, width: 20, height: 5)
    _ = area.handle(.end, width: 20, height: 5)
    _ = area.handle(.delete, width: 20, height: 5)
    XCTAssertEqual(area.text, "abXcd")
  }

  func testWrapsAndMovesByScreenRows() {
    var area = TextArea("one two three four")
    var canvas = Canvas(size: Size(width: 10, height: 4))
    area.render(into: &canvas, in: Rect(x: 0, y: 0, width: 10, height: 4))
    XCTAssertEqual(canvas.lines, ["one two", "three", "four", ""])
    _ = area.handle(.up, width: 9, height: 4)
    XCTAssertEqual(area.cursor.line, 0)
    XCTAssertLessThan(area.cursor.column, 18)
  }

  func testScrollsToTheCursorInLongTexts() {
    let text = (1...10_000).map { "line \($0)" }.joined(separator: "\n")
    var area = TextArea(text)
    _ = area.handle(.pageDown, width: 20, height: 5)
    for _ in 0..<3 { _ = area.handle(.pageDown, width: 20, height: 5) }
    var canvas = Canvas(size: Size(width: 20, height: 5))
    let cursor = area.render(into: &canvas, in: Rect(x: 0, y: 0, width: 20, height: 5))
    XCTAssertEqual(area.cursor.line, 16)
    XCTAssertNotNil(cursor)
    XCTAssertTrue(canvas.lines.contains("line 17"))
  }
}

final class ListStateTests: XCTestCase {
  func testMovesClampsAndScrolls() {
    var list = ListState()
    XCTAssertTrue(list.handle(.character("G"), count: 100, pageSize: 10))
    XCTAssertEqual(list.selection, 99)
    XCTAssertEqual(list.visibleTop(height: 10, count: 100), 90)
    _ = list.handle(.pageUp, count: 100, pageSize: 10)
    XCTAssertEqual(list.selection, 90)
    _ = list.handle(.character("g"), count: 100, pageSize: 10)
    _ = list.handle(.up, count: 100, pageSize: 10)
    XCTAssertEqual(list.selection, 0)
    list.select(50, count: 100)
    list.clamp(count: 3)
    XCTAssertEqual(list.selection, 2)
    XCTAssertFalse(list.handle(.character("x"), count: 3, pageSize: 10))
  }

  /// One scroll model: a list of one-row items scrolls exactly as the same list measured item
  /// by item, for every selection, earlier scroll and view height.
  func testOneRowItemsScrollTheSameMeasuredEitherWay() {
    for count in [1, 2, 7, 30] {
      for height in 1...9 {
        for top in 0..<count {
          for selection in 0..<count {
            let list = ListState(selection: selection, top: top)
            XCTAssertEqual(
              list.visibleTop(height: height, count: count),
              list.visibleTop(count: count, viewHeight: height) { _ in 1 },
              "count \(count), height \(height), top \(top), selection \(selection)")
          }
        }
      }
    }
  }

  /// An item of several rows is shown whole with the row above it (its heading), and the
  /// view moves as little as it can.
  func testRowsOfAnItemAreShownWithTheRowAbove() {
    // Rows 10..<14 wanted in 6 rows of 40, from the top: the view ends at the item's end.
    XCTAssertEqual(ListState.top(from: 0, showing: 9..<14, height: 6, count: 40), 8)
    // Already in view: nothing moves.
    XCTAssertEqual(ListState.top(from: 8, showing: 9..<14, height: 6, count: 40), 8)
    // Above the view: it starts at the row above.
    XCTAssertEqual(ListState.top(from: 20, showing: 9..<14, height: 6, count: 40), 9)
    // Near the end: no space left under the last row.
    XCTAssertEqual(ListState.top(from: 0, showing: 38..<40, height: 6, count: 40), 34)
    XCTAssertEqual(ListState.top(from: 0, showing: 0..<1, height: 0, count: 40), 0)
  }
}

final class TextWrapFastPathTests: XCTestCase {
  /// The scalar path wraps exactly as the character path for recipe text in many scripts.
  func testTheScalarPathMatchesTheGeneralOne() {
    var generator = SeededRandom(seed: 11)
    let words = [
      "café", "sauté\u{301}", "½", "3⁄4", "猪肉", "麻婆豆腐", "カレー", "김치", "свинина",
      "لحم", "Gruyère", "—", "“quoted”", "a", "the", "ːɑ", "", "  ", "２",
    ]
    for _ in 0..<300 {
      let count = Int.random(in: 0...30, using: &generator)
      let text = (0..<count).map { _ in words.randomElement(using: &generator) ?? "" }
        .joined(separator: " ")
      let characters = Array(text)
      for width in 1...24 {
        let general = TextWrap.segments(of: characters, width: width).map { range -> String in
          var row = String(characters[range])
          while row.last == " " { row.removeLast() }
          return row
        }
        XCTAssertEqual(
          TextWrap.wrapSimpleScalars(Substring(text), width: width), general,
          "“\(text)” at \(width)")
      }
    }
    XCTAssertNil(TextWrap.wrapSimpleScalars("🍲 👨‍👩‍👧", width: 10), "emoji take the exact path")
    XCTAssertNil(TextWrap.wrapSimpleScalars("ﾊﾝﾊﾞｰｸﾞ", width: 10), "so does halfwidth kana")
    XCTAssertEqual(
      TextWrap.wrap("ﾊﾝﾊﾞｰｸﾞ and 👨‍👩‍👧 and café", width: 8),
      ["ﾊﾝﾊﾞｰｸﾞ", "and", "👨‍👩‍👧", "and café"], "which still wraps the same way")
  }

  /// The ASCII fast path wraps exactly as the general one, for every width and many texts.
  func testTheASCIIPathMatchesTheGeneralOne() {
    var generator = SeededRandom(seed: 2_026)
    let words = ["a", "to", "the", "simmer", "", "supercalifragilistic", "x-y", "1/2", "  "]
    for _ in 0..<300 {
      let count = Int.random(in: 0...40, using: &generator)
      let text = (0..<count).map { _ in words.randomElement(using: &generator) ?? "" }
        .joined(separator: Bool.random(using: &generator) ? " " : "  ")
      for width in 1...30 {
        let general = TextWrap.segments(of: Array(text), width: width).map { range -> String in
          var row = String(Array(text)[range])
          while row.last == " " { row.removeLast() }
          return row
        }
        XCTAssertEqual(TextWrap.wrap(text, width: width), general, "“\(text)” at \(width)")
      }
    }
  }
}

final class ViewportTests: XCTestCase {
  /// 10 rows in a window of 4: a page keeps one row in view, and nothing moves past the ends.
  func testMovesStopAtTheEndsAndAPageKeepsARow() {
    var view = Viewport()
    view.move(.lineUp, count: 10, height: 4)
    XCTAssertEqual(view.offset, 0)
    view.move(.pageDown, count: 10, height: 4)
    XCTAssertEqual(view.offset, 3, "the page's last row is the next page's first")
    view.move(.pageDown, count: 10, height: 4)
    view.move(.pageDown, count: 10, height: 4)
    XCTAssertEqual(view.offset, 6, "the last row at the window's bottom")
    view.move(.lineDown, count: 10, height: 4)
    XCTAssertEqual(view.offset, 6)
    view.move(.top, count: 10, height: 4)
    XCTAssertEqual(view.offset, 0)
    view.move(.bottom, count: 10, height: 4)
    XCTAssertEqual(view.offset, 6)
    view.move(.pageUp, count: 10, height: 4)
    XCTAssertEqual(view.offset, 3)
    // A window of one row still moves by one.
    view.move(.pageDown, count: 10, height: 1)
    XCTAssertEqual(view.offset, 4)
  }

  /// Rows that became fewer, or a window that grew, show from where they still fill it.
  func testTheFirstRowFollowsWhatIsThereNow() {
    var view = Viewport()
    view.move(.bottom, count: 10, height: 4)
    XCTAssertEqual(view.first(count: 10, height: 4), 6)
    XCTAssertEqual(view.first(count: 7, height: 4), 3)
    XCTAssertEqual(view.first(count: 10, height: 20), 0)
    view.reset()
    XCTAssertEqual(view.first(count: 10, height: 4), 0)
  }

  /// Items of many heights (1, 3, 1, 2, 1 rows) in a window of 4: the wanted item whole in
  /// view, moving as little as possible, no empty rows under the last; a page moves by as many
  /// items as fit, at least one.
  func testItemsOfManyHeightsKeepTheWantedOneWholeInView() {
    let heights = [1, 3, 1, 2, 1]
    func first(from top: Int, showing item: Int) -> Int {
      Viewport.first(from: top, showing: item, rows: 4, count: 5) { heights[$0] }
    }
    XCTAssertEqual(first(from: 0, showing: 1), 0, "rows 0–3 hold items 0 and 1")
    XCTAssertEqual(first(from: 0, showing: 2), 1, "item 2 needs item 0 out")
    XCTAssertEqual(first(from: 0, showing: 4), 2, "the last three fit together")
    XCTAssertEqual(first(from: 4, showing: 4), 2, "earlier items pulled in: no empty rows")
    XCTAssertEqual(first(from: 3, showing: 0), 0)
    XCTAssertEqual(Viewport.page(from: 0, by: 1, rows: 4, count: 5) { heights[$0] }, 2)
    XCTAssertEqual(Viewport.page(from: 1, by: 1, rows: 4, count: 5) { heights[$0] }, 4)
    XCTAssertEqual(Viewport.page(from: 4, by: -1, rows: 4, count: 5) { heights[$0] }, 2)
    XCTAssertEqual(
      Viewport.page(from: 0, by: 1, rows: 2, count: 5) { heights[$0] }, 1,
      "an item taller than the window is still one page on")
  }
}
