import MealsCore
import XCTest

/// The config file's reader: statements, words, quotes, comments, and bad lines by number.
final class ConfigFileTests: XCTestCase {
  func testEveryStatement() {
    let file = ConfigFile.parse(
      """
      set mouse = no
      bind my-meals x delete
      unbind my-meals d
      color header white blue bold underline
      colour footer default default
      """)
    XCTAssertEqual(file.problems, [])
    XCTAssertEqual(
      file.lines,
      [
        ConfigLine(number: 1, statement: .set(name: "mouse", value: "no")),
        ConfigLine(number: 2, statement: .bind(screen: "my-meals", key: "x", action: "delete")),
        ConfigLine(number: 3, statement: .unbind(screen: "my-meals", key: "d")),
        ConfigLine(
          number: 4,
          statement: .color(
            area: "header", foreground: "white", background: "blue",
            attributes: ["bold", "underline"])),
        ConfigLine(
          number: 5,
          statement: .color(
            area: "footer", foreground: "default", background: "default", attributes: [])),
      ])
  }

  func testTheWaysToWriteSet() {
    for text in ["set db = /a b", "set db=/a", "set db= /a", "set db =/a", "  set\tdb   =   /a  "] {
      let file = ConfigFile.parse(text)
      if text.contains("/a b") {
        XCTAssertEqual(
          file.problems.map(\.message),
          ["unexpected \"b\" after the value (quote a value with spaces)."], text)
      } else {
        XCTAssertEqual(file.lines.map(\.statement), [.set(name: "db", value: "/a")], text)
      }
    }
    // A value with = inside stays whole.
    XCTAssertEqual(
      ConfigFile.parse("set api-url = http://h/x?a=b").lines.map(\.statement),
      [.set(name: "api-url", value: "http://h/x?a=b")])
  }

  func testQuotesAndComments() {
    let file = ConfigFile.parse(
      """
      # a comment line

      set db = "/my meals/a \\"b\\".sqlite"   # the file with a space
      set api-url = 'http://h/#not-a-comment'
      bind my-meals "#" delete
      color header#red default default
      """)
    XCTAssertEqual(file.problems, [])
    XCTAssertEqual(
      file.lines.map(\.statement),
      [
        .set(name: "db", value: "/my meals/a \"b\".sqlite"),
        .set(name: "api-url", value: "http://h/#not-a-comment"),
        .bind(screen: "my-meals", key: "#", action: "delete"),
        .color(area: "header#red", foreground: "default", background: "default", attributes: []),
      ])
    XCTAssertEqual(file.lines.map(\.number), [3, 4, 5, 6])
  }

  func testBadLinesAreReportedByNumberAndTheRestApplies() {
    let file = ConfigFile.parse(
      """
      set mouse = no
      frobnicate all
      bind my-meals x
      set theme
      set db = "/unclosed
      unbind
      color header white
      "set" mouse = yes
      set animation = no\r
      """)
    XCTAssertEqual(
      file.problems.map { $0.text(file: "config") },
      [
        "config:2: unknown command \"frobnicate\" (set, bind, unbind, color)",
        "config:3: bind takes a screen, a key and an action (bind my-meals x delete).",
        "config:4: set takes a name, = and a value (set mouse = no).",
        "config:5: a quote (\") is not closed.",
        "config:6: unbind takes a screen and a key (unbind my-meals x).",
        "config:7: color takes an area, a foreground and a background, then attributes (color header white blue bold).",
        "config:8: unknown command \"set\" (set, bind, unbind, color)",
      ])
    XCTAssertEqual(
      file.lines.map(\.statement),
      [.set(name: "mouse", value: "no"), .set(name: "animation", value: "no")])
    XCTAssertEqual(file.lines.map(\.number), [1, 9])
  }

  func testWindowsLineEndings() {
    let file = ConfigFile.parse("set mouse = no\r\n# note\r\nbind my-meals x delete\r\n")
    XCTAssertEqual(file.problems, [])
    XCTAssertEqual(
      file.lines,
      [
        ConfigLine(number: 1, statement: .set(name: "mouse", value: "no")),
        ConfigLine(number: 3, statement: .bind(screen: "my-meals", key: "x", action: "delete")),
      ])
  }

  func testWrittenWordsReadBackTheSame() {
    let words = [
      "plain", "two words", "#hash", "a\"quote", "back\\slash", "tab\there", "new\nline", "",
      "ünïcødé 🍲", "=", "a=b", "'single'", "\u{301}accent first", "cr\r\nlf", "e\u{301}\"",
    ]
    for word in words {
      let line = "set db = " + ConfigWords.written(word)
      XCTAssertEqual(
        ConfigFile.parse(line).lines.map(\.statement), [.set(name: "db", value: word)], line)
    }
  }
}
