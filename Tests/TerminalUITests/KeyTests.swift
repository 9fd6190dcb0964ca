import TerminalUI
import XCTest

final class KeyTests: XCTestCase {
  func testRawCodesMapToKeys() {
    XCTAssertEqual(Key.fromCodePoint(13), .enter)
    XCTAssertEqual(Key.fromCodePoint(9), .tab)
    XCTAssertEqual(Key.fromCodePoint(27), .escape)
    XCTAssertEqual(Key.fromCodePoint(127), .backspace)
    XCTAssertEqual(Key.fromCodePoint(8), .backspace)
    XCTAssertEqual(Key.fromCodePoint(19), .ctrl("s"))
    XCTAssertEqual(Key.fromCodePoint(3), .ctrl("c"))
    XCTAssertEqual(Key.fromCodePoint(0x61), .character("a"))
    XCTAssertEqual(Key.fromCodePoint(0x9EBB), .character("麻"))
    XCTAssertNil(Key.fromCodePoint(0x9B), "a C1 control is not a character")
    XCTAssertNil(Key.fromCodePoint(0))
  }

  func testLabels() {
    XCTAssertEqual(Key.ctrl("s").label, "Ctrl-S")
    XCTAssertEqual(Key.character(" ").label, "Space")
    XCTAssertEqual(Key.down.label, "↓")
    XCTAssertEqual(Key.function(1).label, "F1")
  }

  func testKeyTableFindsActionsAndHelp() {
    let table = KeyTable<Int>([
      KeyBinding([.character("a")], 1, "search"),
      KeyBinding([.character("d"), .delete], 2, "delete", label: "d"),
      KeyBinding([.escape], 3, "clear", footer: false),
    ])
    XCTAssertEqual(table.action(for: .delete), 2)
    XCTAssertNil(table.action(for: .character("z")))
    XCTAssertEqual(table.help.map(\.keys), ["a", "d", "Esc"])
    XCTAssertEqual(table.help.filter(\.inFooter).map(\.text), ["search", "delete"])
  }
}
