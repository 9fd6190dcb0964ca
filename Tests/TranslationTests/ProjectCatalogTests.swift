import Fixtures
import Foundation
import XCTest

@testable import Translation

/// The project's own catalogs (Resources/po), compiled by gettext's msgfmt as `make` compiles
/// them and read as `meals` reads them: each language's plural forms for the counts a cook
/// meets, and every catalog complete.
final class ProjectCatalogTests: XCTestCase {
  var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("meals-catalogs-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDown() {
    Translator.use(MessageCatalog(), language: nil)
    try? FileManager.default.removeItem(at: folder)
  }

  /// The languages there are catalogs for (`de`, `pl`, `pt_BR`).
  private var languages: [String] {
    let po = PackagePaths.root.appendingPathComponent("Resources/po")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: po.path)) ?? []
    return names.filter { $0.hasSuffix(".po") }.map { String($0.dropLast(3)) }.sorted()
  }

  /// `language`'s catalog compiled and made the program's language.
  private func use(_ language: String) throws {
    let messages = folder.appendingPathComponent("\(language)/LC_MESSAGES")
    try FileManager.default.createDirectory(at: messages, withIntermediateDirectories: true)
    let source = PackagePaths.root.appendingPathComponent("Resources/po/\(language).po").path
    let compiled = try runProcess([
      "/usr/bin/env", "msgfmt", "--check", "-o", messages.appendingPathComponent("meals.mo").path,
      source,
    ])
    XCTAssertEqual(compiled.status, 0, compiled.errors)
    XCTAssertNil(
      Translator.load(environment: ["LANG": "\(language).UTF-8"], folders: [folder.path]))
    XCTAssertEqual(Translator.language, language)
  }

  func testPolishCountsTakeTheirThreeForms() throws {
    try use("pl")
    let meals = [0, 1, 2, 5, 12, 21, 22, 25, 102, 112].map { trn("%d meal", "%d meals", $0) }
    XCTAssertEqual(
      meals,
      [
        "0 dań", "1 danie", "2 dania", "5 dań", "12 dań", "21 dań", "22 dania", "25 dań",
        "102 dania", "112 dań",
      ])
    XCTAssertEqual(trn("%d row", "%d rows", 3), "3 wiersze")
    XCTAssertEqual(trn("%d row", "%d rows", 21), "21 wierszy")
  }

  func testEachLanguageSaysOneAndManyItsOwnWay() throws {
    try use("de")
    XCTAssertEqual(trn("%d meal", "%d meals", 1), "1 Gericht")
    XCTAssertEqual(trn("%d meal", "%d meals", 0), "0 Gerichte")
    try use("fr")
    // French counts 0 as one, as French does.
    XCTAssertEqual(trn("%d meal", "%d meals", 0), "0 plat")
    XCTAssertEqual(trn("%d meal", "%d meals", 2), "2 plats")
    try use("ja")
    XCTAssertEqual(trn("%d meal", "%d meals", 1), "1品")
    XCTAssertEqual(trn("%d meal", "%d meals", 21), "21品")
  }

  func testEveryCatalogTranslatesEveryWordTheAppShows() throws {
    XCTAssertFalse(languages.isEmpty)
    for language in languages {
      try use(language)
      // A title, a footer's word and a day's name: none left in English.
      for (context, english) in [(nil, "My Meals"), (nil, "quit"), ("weekday", "Mon")] {
        let said = context.map { trc($0, english) } ?? tr(english)
        XCTAssertNotEqual(said, english, "\(language): \(english)")
      }
      let statistics = try runProcess([
        "/usr/bin/env", "msgfmt", "--check", "--statistics", "-o", "/dev/null",
        PackagePaths.root.appendingPathComponent("Resources/po/\(language).po").path,
      ])
      XCTAssertFalse(
        statistics.errors.contains("untranslated"), "\(language): \(statistics.errors)")
      XCTAssertFalse(statistics.errors.contains("fuzzy"), "\(language): \(statistics.errors)")
    }
  }
}
