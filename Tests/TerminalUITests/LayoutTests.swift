import TerminalUI
import XCTest

final class LayoutTests: XCTestCase {
  private let row = Rect(x: 5, y: 2, width: 100, height: 1)

  private func widths(_ rect: Rect, _ extents: [Extent]) -> [Int] {
    rect.split(.horizontal, extents).map(\.width)
  }

  func testFixedRatioAndFillShareTheWidth() {
    XCTAssertEqual(widths(row, [.fixed(10), .fill, .fixed(1)]), [10, 89, 1])
    XCTAssertEqual(widths(row, [.ratio(1, 3), .fill]), [33, 67], "rounding goes to the fill")
    XCTAssertEqual(widths(row, [.fill, .fill, .fill]), [33, 33, 34])
    let parts = row.split(.horizontal, [.fixed(10), .fill])
    XCTAssertEqual(parts[1], Rect(x: 15, y: 2, width: 90, height: 1), "positions follow on")
  }

  func testAMinimumIsKeptWhileThereIsRoom() {
    XCTAssertEqual(widths(row, [.minimum(40), .fixed(1), .ratio(2, 5)]), [60, 1, 39])
    XCTAssertEqual(
      widths(Rect(x: 0, y: 0, width: 50, height: 1), [.minimum(40), .fill]), [40, 10])
    XCTAssertEqual(
      widths(Rect(x: 0, y: 0, width: 30, height: 1), [.minimum(40), .fill]), [30, 0],
      "less room than the minimum: it takes what there is")
  }

  func testAskingForMoreThanThereIsShrinksTheLastParts() {
    XCTAssertEqual(
      widths(Rect(x: 0, y: 0, width: 12, height: 1), [.fixed(10), .fixed(10)]), [10, 2])
    XCTAssertEqual(widths(Rect(x: 0, y: 0, width: 0, height: 1), [.fixed(3), .fill]), [0, 0])
  }

  func testRowsOfTheScreenAndTheTwoPaneBreakpoint() {
    let chrome = Navigator.chrome(Size(width: 80, height: 24))
    XCTAssertEqual(chrome.header, Rect(x: 0, y: 0, width: 80, height: 1))
    XCTAssertEqual(chrome.body, Rect(x: 0, y: 1, width: 80, height: 21))
    XCTAssertEqual(chrome.status.y, 22)
    XCTAssertEqual(chrome.footer.y, 23)
    let narrow = Breakpoints.panes(Rect(x: 0, y: 2, width: 99, height: 20))
    XCTAssertNil(narrow.preview, "below 100 columns: one pane")
    XCTAssertEqual(narrow.list.width, 99)
    for width in [100, 120, 200, 300] {
      let panes = Breakpoints.panes(Rect(x: 0, y: 2, width: width, height: 20))
      let list = panes.list.width
      let preview = panes.preview?.width ?? 0
      XCTAssertGreaterThanOrEqual(list, 40)
      XCTAssertEqual(list + 1 + preview, width, "at \(width)")
      XCTAssertEqual(panes.divider?.x, list)
    }
  }
}

final class BarTests: XCTestCase {
  func testEighthsMakeSmoothEndsAndTheFallbackIsPlain() {
    XCTAssertEqual(Bar.text(0.5, width: 4, unicode: true), "██  ")
    XCTAssertEqual(Bar.text(9.0 / 32, width: 4, unicode: true), "█▏  ")
    XCTAssertEqual(Bar.text(1, width: 3, unicode: true), "███")
    XCTAssertEqual(Bar.text(0, width: 3, unicode: true), "   ")
    XCTAssertEqual(Bar.text(.nan, width: 3, unicode: true), "   ")
    XCTAssertEqual(Bar.text(0.5, width: 4, unicode: false), "##--")
    XCTAssertEqual(Bar.moving(phase: 0, width: 8, unicode: false), "##------")
    XCTAssertEqual(Bar.moving(phase: 6, width: 8, unicode: false), "------##")
    XCTAssertEqual(Bar.moving(phase: 7, width: 8, unicode: false), "-----##-", "and back")
  }

  func testAGlideMovesForTheSameItemAndJumpsForAnother() {
    var glide = Glide()
    glide.set(2, key: "a", now: 1_000, animated: true)
    XCTAssertEqual(glide.value(at: 1_000), 2, "the first value is shown at once")
    glide.set(4, key: "a", now: 2_000, animated: true)
    XCTAssertEqual(glide.value(at: 2_000), 2)
    let halfway = glide.value(at: 2_075)
    XCTAssertTrue(halfway > 2 && halfway < 4, "\(halfway)")
    XCTAssertEqual(glide.value(at: 2_150), 4)
    XCTAssertEqual(glide.nextFrame(after: 2_075), 2_091)
    XCTAssertNil(glide.nextFrame(after: 2_150))
    glide.set(1, key: "b", now: 3_000, animated: true)
    XCTAssertEqual(glide.value(at: 3_000), 1, "another item: a jump")
    glide.set(5, key: "b", now: 4_000, animated: false)
    XCTAssertEqual(glide.value(at: 4_000), 5, "no animation: a jump")
  }
}
