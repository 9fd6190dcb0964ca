import Foundation
import MealsCore
import XCTest

/// What the app wrote in place of Foundation's string, path, number and JSON calls answers as
/// they did.
///
/// The app links Foundation's essentials only; the tests link all of it, the reference here.
final class TextWithoutFoundationTests: XCTestCase {
  /// Scalars text is made of here: ASCII, accents precomposed and combining, other scripts,
  /// Hangul, emoji, spaces of every kind, line breaks.
  private let pool: [Unicode.Scalar] = Array(
    "aAbBzZ09 -_.:/\\\"'()[]{}*%\t\n\r,;éÉèçñØßæœĳǅﬁİıÅÅ\u{301}\u{308}\u{327}\u{20DD}한글각ひらがな漢字ไทยΩωάῼДжعربي🍅👩‍🍳\u{A0}\u{2003}\u{3000}\u{2028}\u{85}ſK"
      .unicodeScalars)

  private func randomText(_ generator: inout SystemRandomNumberGenerator, length: Int) -> String {
    var scalars = String.UnicodeScalarView()
    for _ in 0..<Int.random(in: 0...length, using: &generator) {
      scalars.append(pool.randomElement(using: &generator) ?? "a")
    }
    return String(scalars)
  }

  // MARK: - Folding

  /// What `TextFolding.key` was when it used Foundation.
  private func foundationKey(_ text: String) -> String {
    var scalars = String.UnicodeScalarView()
    for scalar in text.decomposedStringWithCanonicalMapping.unicodeScalars
    where scalar.properties.generalCategory != .nonspacingMark {
      scalars.append(scalar)
    }
    return String(scalars).lowercased()
  }

  func testEveryScalarFoldsAsFoundationDecomposesIt() {
    var differing: [String] = []
    for value in UInt32(0)...0x2FFFF {
      guard let scalar = Unicode.Scalar(value) else { continue }
      let text = String(Character(scalar))
      if TextFolding.key(text) != foundationKey(text) {
        differing.append(String(value, radix: 16))
      }
    }
    XCTAssertEqual(differing, [], "scalars folded unlike Foundation")
    XCTAssertEqual(TextFolding.key("Crème BRÛLÉE"), "creme brulee")
    XCTAssertEqual(TextFolding.key("한"), "\u{1112}\u{1161}\u{11AB}", "Hangul by arithmetic")
  }

  func testMixedTextFoldsAndComposesAsFoundationDoes() {
    var generator = SystemRandomNumberGenerator()
    for _ in 0..<3_000 {
      let text = randomText(&generator, length: 12)
      XCTAssertEqual(TextFolding.key(text), foundationKey(text), text.debugDescription)
      XCTAssertEqual(
        Array(TextFolding.composed(text).unicodeScalars),
        Array(text.precomposedStringWithCanonicalMapping.unicodeScalars), text.debugDescription)
    }
  }

  // MARK: - Searching, replacing, trimming

  func testSearchAndReplaceAnswerAsFoundationDoes() {
    var generator = SystemRandomNumberGenerator()
    let pieces = ["a", "ab", "--", "**", "\r\n", "\r", "\"", " of ", "<script", "é", "한", "🍅", "/"]
    for _ in 0..<3_000 {
      let text =
        randomText(&generator, length: 20)
        + (pieces.randomElement(using: &generator) ?? "")
        + randomText(&generator, length: 6)
      for piece in pieces {
        let context = "\(piece.debugDescription) in \(text.debugDescription)"
        XCTAssertEqual(
          text.firstRange(ofText: piece), text.range(of: piece, options: .literal), context)
        XCTAssertEqual(
          text.lastRange(ofText: piece), text.range(of: piece, options: [.literal, .backwards]),
          context)
        XCTAssertEqual(
          text.replacingEvery(piece, with: "<\(piece)>"),
          text.replacingOccurrences(of: piece, with: "<\(piece)>", options: .literal), context)
      }
      XCTAssertEqual(
        text.trimmingSpaces(), text.trimmingCharacters(in: .whitespaces), text.debugDescription)
    }
  }

  func testCaseIsIgnoredForLettersOfASCII() {
    XCTAssertEqual(
      "Juice OF 1 lemon".firstRange(ofText: " of ", ignoringCase: true).map {
        "Juice OF 1 lemon"[$0]
      }, " OF ")
    let page = "<p>x</p><SCRIPT type=x>{}</Script>"
    XCTAssertEqual(
      page.firstRange(ofText: "<script", ignoringCase: true),
      page.range(of: "<script", options: .caseInsensitive))
    XCTAssertNil("<scrïpt".firstRange(ofText: "<script", ignoringCase: true))
    XCTAssertNil("[\\]^_`".firstRange(ofText: "{|}~\u{7F}", ignoringCase: true), "not letters")
  }

  // MARK: - Paths, numbers

  func testPathsSplitAndJoinAsNSStringDid() {
    let paths = [
      "/", "/a", "/a/", "/a/b", "/a/b/", "a/b/c.sqlite", "./x", "../x/y",
      "/home/ann/.local/share/meals/meals.sqlite", "~/x", "é/ñ.json",
    ]
    for path in paths {
      XCTAssertEqual(PathText.name(path), (path as NSString).lastPathComponent, path)
      XCTAssertEqual(PathText.folder(path), (path as NSString).deletingLastPathComponent, path)
      for name in ["b", "c.json", ".x.XXXXXX"] where !path.isEmpty {
        XCTAssertEqual(
          PathText.joined(path, name), (path as NSString).appendingPathComponent(name), path)
      }
    }
    // A bare name, and doubled slashes: Foundation 6.3's `deletingLastPathComponent` traps on
    // "a", "a/" and "/a//b", so these are said here as NSString's documentation gives them.
    XCTAssertEqual(PathText.folder("a"), "")
    XCTAssertEqual(PathText.folder("a/"), "")
    XCTAssertEqual(PathText.name("a/"), "a")
    XCTAssertEqual(PathText.name("a"), "a")
    XCTAssertEqual(PathText.folder(""), "")
    XCTAssertEqual(PathText.joined("a", "b"), "a/b")
    XCTAssertEqual(PathText.joined("", "b"), "b")
    XCTAssertEqual(PathText.folder("//"), "/")
    XCTAssertEqual(PathText.name("/a//b"), "b")
    XCTAssertEqual(PathText.folder("/a//b"), "/a")
    XCTAssertEqual(PathText.expandingTilde("~/list.txt", home: "/home/ann"), "/home/ann/list.txt")
    XCTAssertEqual(PathText.expandingTilde("~", home: "/home/ann"), "/home/ann")
    XCTAssertEqual(PathText.expandingTilde("x/~", home: "/home/ann"), "x/~")
  }

  func testNumbersAreWrittenAsPrintfWritesThem() {
    for value in [0, 0.125, 0.135, 1.005, 2.5, -3.14159, 1e20, 123_456.789, -0.0001, 7] {
      XCTAssertEqual(NumberText.fixed(value, places: 2), String(format: "%.2f", value))
      XCTAssertEqual(NumberText.fixed(value, places: 1), String(format: "%.1f", value))
    }
    XCTAssertEqual(NumberText.fixed(1e300, places: 2), String(format: "%.2f", 1e300))
    XCTAssertEqual(
      (0...255).map { NumberText.hex(UInt8($0)) },
      (0...255).map {
        String(format: "%02X", $0)
      })
  }

  // MARK: - JSON

  /// A parsed value in one comparable form (numbers as Double, whatever type holds them).
  private func plain(_ value: Any) -> String {
    switch value {
    case let object as [String: Any]:
      return "{"
        + object.keys.sorted().map { "\($0.debugDescription):\(plain(object[$0]!))" }
        .joined(separator: ",") + "}"
    case let array as [Any]: return "[" + array.map(plain).joined(separator: ",") + "]"
    case let string as String: return string.debugDescription
    case let flag as Bool where type(of: value) == Bool.self:
      return flag ? "true" : "false"
    case let number as NSNumber where type(of: value) != Int.self && type(of: value) != Double.self:
      // JSONSerialization's: `true` and `false` are numbers of C's type `char`.
      return String(cString: number.objCType) == "c"
        ? (number.boolValue ? "true" : "false") : "\(number.doubleValue)"
    case is NSNull: return "null"
    case let number as Int: return "\(Double(number))"
    case let number as Double: return "\(number)"
    default: return "?\(value)"
    }
  }

  /// Ours in the same form.
  private func plain(_ value: JSONValue) -> String {
    switch value {
    case .object(let object):
      return "{"
        + object.keys.sorted().map { "\($0.debugDescription):\(plain(object[$0] ?? .null))" }
        .joined(separator: ",") + "}"
    case .array(let array): return "[" + array.map { plain($0) }.joined(separator: ",") + "]"
    case .string(let string): return string.debugDescription
    case .bool(let flag): return flag ? "true" : "false"
    case .null: return "null"
    case .int, .double: return value.number.map { "\($0)" } ?? "?"
    }
  }

  func testJSONReadsAsJSONSerializationDid() throws {
    let documents = [
      #"{"meals":null}"#,
      #"{"meals":[{"idMeal":"52772","strMeal":"Teriyaki \u00e9 \ud83c\udf45","n":12,"#
        + #""x":1.5e2,"neg":-0.25,"ok":true,"no":false,"nil":null}]}"#,
      "  [1, 2 ,[3,[4]], {}, [], \"\\\"\\\\\\/\\b\\f\\n\\r\\t\"]\n", "\"just a string\"", "42",
      "-0", "1E-3", "\u{FEFF}{\"bom\":1}", #"{"a":1,"a":2}"#, "9007199254740993",
    ]
    for document in documents {
      let ours = try JSONParser.parse(Array(document.utf8))
      let theirs = try JSONSerialization.jsonObject(
        with: Data(document.utf8), options: [.fragmentsAllowed])
      XCTAssertEqual(plain(ours), plain(theirs as Any), document)
    }
    let broken = [
      "", "{", "[1,]", "{\"a\" 1}", "01", "1.", "-", "tru", "\"a", "[1] x", "{'a':1}", "\"\u{1}\"",
      "[" + String(repeating: "[", count: 600) + String(repeating: "]", count: 601),
    ]
    for document in broken {
      XCTAssertThrowsError(try JSONParser.parse(Array(document.utf8)), document)
    }
    XCTAssertEqual(
      (try? JSONParser.parse(Array("{\n  \"a\": x}".utf8))).map { plain($0) }, nil)
    do {
      _ = try JSONParser.parse(Array("{\n  \"a\": x}".utf8))
    } catch {
      XCTAssertEqual(error.message, "unexpected character at line 2, column 8")
    }
    XCTAssertEqual(JSONParser.numberText(.int(12)), "12")
    XCTAssertEqual(JSONParser.numberText(.double(12.0)), "12")
    XCTAssertEqual(JSONParser.numberText(.double(1.5)), "1.5")
    XCTAssertNil(JSONParser.numberText(.bool(true)))
    XCTAssertNil(JSONParser.numberText(.string("12")))
  }

  func testALoneSurrogateReadsAsTheReplacementCharacter() throws {
    XCTAssertEqual(try JSONParser.parse(Array(#""a\ud83cb""#.utf8)).string, "a\u{FFFD}b")
    XCTAssertEqual(try JSONParser.parse(Array(#""\udf45""#.utf8)).string, "\u{FFFD}")
  }
}
