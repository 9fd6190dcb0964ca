import Foundation
import TerminalUI
import XCTest

@testable import MealsApp

/// `docs/keys.md` holds the key tables the screens use, word for word: a change to a table
/// that is not carried to the document fails here (`make keys-doc` writes it).
final class KeysReferenceTests: XCTestCase {
  private var documentURL: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().appendingPathComponent("docs/keys.md")
  }

  func testKeysDocumentHoldsTheTablesTheScreensUse() throws {
    let document = try String(contentsOf: documentURL, encoding: .utf8)
    let filled = KeysReference.fill(document)
    if ProcessInfo.processInfo.environment["MEALS_WRITE_KEYS_DOC"] == "1" {
      try filled.write(to: documentURL, atomically: true, encoding: .utf8)
      return
    }
    XCTAssertEqual(KeysReference.missing(in: document), [], "sections with no block in keys.md")
    let expected = filled.split(separator: "\n", omittingEmptySubsequences: false)
    let actual = document.split(separator: "\n", omittingEmptySubsequences: false)
    for (index, line) in expected.enumerated() where index >= actual.count || actual[index] != line
    {
      XCTFail("docs/keys.md:\(index + 1) should be “\(line)” — run make keys-doc")
      break
    }
    XCTAssertEqual(expected.count, actual.count, "docs/keys.md differs from the key tables")
  }

  func testEveryBindingOfAScreenIsInItsSection() throws {
    let myMeals = try XCTUnwrap(KeysReference.sections.first { $0.id == "my-meals" })
    for binding in MyMealsScreen.keys.bindings {
      XCTAssertTrue(
        myMeals.help.contains { $0.keys == binding.help.keys }, "\(binding.help.keys) missing")
    }
    let table = KeysReference.table(myMeals)
    XCTAssertTrue(
      table.hasPrefix(
        "| My Meals | | `bind` |\n| --- | --- | --- |\n| `Enter` | edit the meal | `my-meals open` |"
      ),
      table)
    XCTAssertTrue(
      table.contains(
        "| `d`, `Del` | delete at once (the meal goes to Recently Deleted) | `my-meals delete` |"),
      table)
  }

  func testATableCellEscapesItsBars() {
    let section = KeysReference.Section("x", "X", [KeyHelp(keys: "|", text: "a | b")])
    XCTAssertEqual(
      KeysReference.table(section), "| X | | `bind` |\n| --- | --- | --- |\n| `\\|` | a \\| b |  |")
  }

  func testAnUnknownBlockIsLeftAsItIs() {
    let text = "intro\n<!-- keys: nothing-such -->\nkept\n<!-- end keys -->\nend"
    XCTAssertEqual(KeysReference.fill(text), text)
    XCTAssertTrue(KeysReference.missing(in: text).contains("my-meals"))
  }
}
