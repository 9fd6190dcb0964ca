import Fixtures
import Foundation
import XCTest

@testable import Translation

/// The program's language as `meals` starts: the catalog found where `make install` puts it,
/// the words and numbers filled in, English whenever there is nothing better.
final class TranslatorTests: XCTestCase {
  override func tearDown() {
    Translator.use(MessageCatalog(), language: nil)
  }

  func testPlaceholdersInOrderByNumberAndAsWritten() {
    XCTAssertEqual("%d of %d meals".filled("3", "10"), "3 of 10 meals")
    XCTAssertEqual("%2$s: %1$s".filled("Sugar", "Missing"), "Missing: Sugar")
    XCTAssertEqual("100%% done, %s".filled("é"), "100% done, é")
    XCTAssertEqual("50% off %x".filled("a"), "50% off %x", "not ours: kept as written")
    XCTAssertEqual("%s and %s".filled("one"), "one and ", "a value missing: nothing")
    XCTAssertEqual("ends with %".filled("a"), "ends with %")
    XCTAssertEqual("no placeholders".filled("a"), "no placeholders")
  }

  func testTextsJoinedAsTheStandardLibraryJoinsThem() {
    let lists: [[String]] = [
      [], [""], ["My Meals"], ["My Meals", "Search", "Edit Meal"], ["", "", ""],
      ["Crème brûlée", "麻婆豆腐", "👩‍🍳"],
    ]
    for parts in lists {
      for separator in ["", " › ", "/", ", "] {
        XCTAssertEqual(
          parts.joinedText(separator: separator), parts.joined(separator: separator),
          "\(parts) joined by “\(separator)”")
      }
    }
    XCTAssertEqual(["a", "b", "c"].joinedText(separator: " · "), "a · b · c")
  }

  func testTheCatalogIsFoundWhereInstallPutsItAndEnglishOtherwise() throws {
    let root = FileManager.default.temporaryDirectory
      .appendingPathComponent("meals-translator-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: root) }
    let messages = root.appendingPathComponent("share/locale/de/LC_MESSAGES")
    try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
    let po = root.appendingPathComponent("de.po")
    try #"""
    msgid ""
    msgstr ""
    "Content-Type: text/plain; charset=UTF-8\n"
    "Plural-Forms: nplurals=2; plural=(n != 1);\n"

    msgid "My Meals"
    msgstr "Meine Gerichte"

    msgid "%d meal"
    msgid_plural "%d meals"
    msgstr[0] "%d Gericht"
    msgstr[1] "%d Gerichte"
    """#.write(to: po, atomically: true, encoding: .utf8)
    let compiled = try runProcess([
      "/usr/bin/env", "msgfmt", "-o", messages.appendingPathComponent("meals.mo").path, po.path,
    ])
    XCTAssertEqual(compiled.status, 0, compiled.errors)
    let executable = root.appendingPathComponent("bin/meals").path
    let folders = Translator.folders(environment: [:], executable: executable)
    XCTAssertEqual(
      folders,
      [
        root.appendingPathComponent("share/locale").path,
        root.deletingLastPathComponent().appendingPathComponent("share/locale").path,
      ])

    // A de_DE.UTF-8 this machine has not generated still means German.
    XCTAssertNil(Translator.load(environment: ["LANG": "de_DE.UTF-8"], folders: folders))
    XCTAssertEqual(Translator.language, "de")
    XCTAssertEqual(tr("My Meals"), "Meine Gerichte")
    XCTAssertEqual(trn("%d meal", "%d meals", 1), "1 Gericht")
    XCTAssertEqual(trn("%d meal", "%d meals", 21), "21 Gerichte")
    XCTAssertEqual(tr("Not translated"), "Not translated")

    XCTAssertNil(Translator.load(environment: ["LANG": "fr_FR.UTF-8"], folders: folders))
    XCTAssertNil(Translator.language, "no French catalog: English")
    XCTAssertEqual(tr("My Meals"), "My Meals")

    // A damaged catalog: said, and English (not the language read before).
    XCTAssertNil(Translator.load(environment: ["LANG": "de_DE.UTF-8"], folders: folders))
    try Data("not a catalog".utf8).write(to: messages.appendingPathComponent("meals.mo"))
    let problem = Translator.load(environment: ["LANG": "de_DE.UTF-8"], folders: folders)
    XCTAssertEqual(problem?.reason.contains("meals.mo could not be read"), true)
    XCTAssertNil(Translator.language)
    XCTAssertEqual(tr("My Meals"), "My Meals")
  }
}
