import TerminalUI
import XCTest

/// Rows inside items (a text's wrapped lines): the window keeps the wanted row in view,
/// moving as little as it can, and counts only the items near it.
final class ViewportRowTests: XCTestCase {
  typealias Row = Viewport.RowPosition

  func testRowsInsideItemsStayInViewCountingOnlyNearTheWindow() {
    // Items of 3, 1, 4, 2 and 5 rows, and a thousand of 1 after them.
    let heights = [3, 1, 4, 2, 5] + Array(repeating: 1, count: 1_000)
    var asked: Set<Int> = []
    func rows(_ item: Int) -> Int {
      asked.insert(item)
      return heights[item]
    }
    let top = Row(item: 0, row: 0)
    func first(from top: Row, showing wanted: Row, height: Int) -> Row {
      Viewport.first(from: top, showing: wanted, height: height, rows: rows)
    }
    XCTAssertEqual(first(from: top, showing: Row(item: 2, row: 1), height: 6), top, "in view")
    // Below it: the wanted row becomes the last, the window starting inside an item.
    XCTAssertEqual(first(from: top, showing: Row(item: 3, row: 1), height: 6), Row(item: 2, row: 0))
    XCTAssertEqual(first(from: top, showing: Row(item: 4, row: 4), height: 6), Row(item: 3, row: 1))
    // Above it: the wanted row becomes the first.
    XCTAssertEqual(
      first(from: Row(item: 4, row: 2), showing: Row(item: 1, row: 0), height: 6),
      Row(item: 1, row: 0))
    // Far down, only the items around the window are counted.
    asked = []
    XCTAssertEqual(
      first(from: top, showing: Row(item: 900, row: 0), height: 10), Row(item: 891, row: 0))
    XCTAssertLessThan(asked.count, 30, "items counted: \(asked.count)")
  }
}
