import TerminalUI
import XCTest

final class KeyTests: XCTestCase {
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
