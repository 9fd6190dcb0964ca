import TerminalUI
import XCTest

final class KeyTests: XCTestCase {
  func testLabels() {
    XCTAssertEqual(Key.ctrl("s").label, "Ctrl-S")
    XCTAssertEqual(Key.character(" ").label, "Space")
    XCTAssertEqual(Key.down.label, "↓")
    XCTAssertEqual(Key.function(1).label, "F1")
  }

  /// A table's keys are kept between frames, and worked out again when the config's key map
  /// changes (its copies share what was kept).
  func testATablesKeysFollowTheKeyMapWhenItChanges() {
    defer { KeyMap.set([:]) }
    let table = KeyTable<Int>(
      "test-table",
      [
        KeyBinding([.character("a")], 1, "search", name: "search"),
        KeyBinding([.character("d"), .delete], 2, "delete", name: "delete"),
      ])
    let copy = table
    XCTAssertEqual(table.keys(), [.character("a"), .character("d"), .delete])
    KeyMap.set(["test-table": [.character("x"): .action("delete"), .character("d"): .unbound]])
    XCTAssertEqual(copy.keys(), [.character("a"), .character("x"), .delete])
    XCTAssertEqual(table.keys(), [.character("a"), .character("x"), .delete])
    XCTAssertEqual(table.help(after: [.character("a")]).map(\.keys), ["Del/x"])
    KeyMap.set([:])
    XCTAssertEqual(table.keys(), [.character("a"), .character("d"), .delete])
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
