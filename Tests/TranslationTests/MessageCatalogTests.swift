import Fixtures
import Foundation
import XCTest

@testable import Translation

/// Catalogs as translators make them (a `.po` compiled by gettext's own `msgfmt`), read back:
/// messages, contexts, plural forms by the catalog's own rule, and files that are not
/// catalogs refused with a reason.
final class MessageCatalogTests: XCTestCase {
  /// A Polish catalog written here: three plural forms, a context, one message left
  /// untranslated and one marked fuzzy (which `msgfmt` leaves out).
  static let polish = #"""
    msgid ""
    msgstr ""
    "Language: pl\n"
    "MIME-Version: 1.0\n"
    "Content-Type: text/plain; charset=UTF-8\n"
    "Content-Transfer-Encoding: 8bit\n"
    "Plural-Forms: nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);\n"

    msgid "My Meals"
    msgstr "Moje posiłki"

    msgctxt "a key's name"
    msgid "Back"
    msgstr "Wstecz"

    msgid "Back"
    msgstr "Powrót"

    msgid "%d meal"
    msgid_plural "%d meals"
    msgstr[0] "%d posiłek"
    msgstr[1] "%d posiłki"
    msgstr[2] "%d posiłków"

    msgid "Shopping List"
    msgstr ""

    #, fuzzy
    msgid "Week Plan"
    msgstr "Plan tygodnia"
    """#

  private var folder: URL!

  override func setUpWithError() throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("meals-translation-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
  }

  override func tearDownWithError() throws {
    try? FileManager.default.removeItem(at: folder)
  }

  /// `source` compiled by `msgfmt` (with `options`), as bytes.
  private func compiled(_ source: String, options: [String] = []) throws -> [UInt8] {
    let po = folder.appendingPathComponent("test.po")
    let mo = folder.appendingPathComponent("test.mo")
    try source.write(to: po, atomically: true, encoding: .utf8)
    let result = try runProcess(["/usr/bin/env", "msgfmt"] + options + ["-o", mo.path, po.path])
    XCTAssertEqual(result.status, 0, "msgfmt: \(result.errors)")
    return Array(try Data(contentsOf: mo))
  }

  func testMessagesContextsAndWhatIsLeftInEnglish() throws {
    let catalog = try MessageCatalog(mo: try compiled(Self.polish))
    XCTAssertEqual(catalog.text("My Meals"), "Moje posiłki")
    XCTAssertEqual(catalog.text("Back"), "Powrót")
    XCTAssertEqual(catalog.text("Back", context: "a key's name"), "Wstecz")
    XCTAssertEqual(catalog.text("Shopping List"), "Shopping List", "untranslated: the English")
    XCTAssertEqual(catalog.text("Week Plan"), "Week Plan", "fuzzy: not in the compiled file")
    XCTAssertEqual(catalog.text("Not in the catalog"), "Not in the catalog")
    XCTAssertEqual(catalog.header["Language"], "pl")
    XCTAssertEqual(catalog.pluralRule.count, 3)
  }

  /// Polish says 1 posiłek, 2 posiłki, 5 posiłków, and 21 posiłków but 22 posiłki.
  func testPluralFormsFollowTheCatalogsOwnRule() throws {
    for options in [[], ["--endianness=big"]] {
      let catalog = try MessageCatalog(mo: try compiled(Self.polish, options: options))
      let forms = [0, 1, 2, 5, 21, 22, 25, 112, 122, 1_000_001].map {
        catalog.text("%d meal", plural: "%d meals", count: $0)
      }
      XCTAssertEqual(
        forms,
        [
          "%d posiłków", "%d posiłek", "%d posiłki", "%d posiłków", "%d posiłków", "%d posiłki",
          "%d posiłków", "%d posiłków", "%d posiłki", "%d posiłków",
        ], "written \(options.first ?? "in this machine's byte order")")
    }
    let english = MessageCatalog()
    XCTAssertEqual(english.text("%d meal", plural: "%d meals", count: 1), "%d meal")
    XCTAssertEqual(english.text("%d meal", plural: "%d meals", count: 0), "%d meals")
  }

  /// A writer that does not sort its messages (msgfmt does; a lookup searches them in order):
  /// the catalog still finds each one.
  func testACatalogOutOfOrderIsStillReadWhole() throws {
    var bytes = try compiled(Self.polish)
    func word(_ at: Int) -> Int {
      Int(bytes[at]) | Int(bytes[at + 1]) << 8 | Int(bytes[at + 2]) << 16 | Int(bytes[at + 3]) << 24
    }
    XCTAssertEqual(bytes[0], 0xDE, "this machine writes little-endian catalogs")
    // The last entry and the second change places in both tables: originals out of order.
    let last = word(8) - 1
    for table in [word(12), word(16)] {
      for offset in 0..<8 {
        bytes.swapAt(table + 8 + offset, table + 8 * last + offset)
      }
    }
    let catalog = try MessageCatalog(mo: bytes)
    XCTAssertEqual(catalog.text("My Meals"), "Moje posiłki")
    XCTAssertEqual(catalog.text("Back"), "Powrót")
    XCTAssertEqual(catalog.text("Back", context: "a key's name"), "Wstecz")
    XCTAssertEqual(catalog.text("%d meal", plural: "%d meals", count: 5), "%d posiłków")
    XCTAssertEqual(catalog.header["Language"], "pl")
  }

  /// Every length a real catalog could be cut to, and bytes that are no catalog: an error with
  /// a reason each time, never a crash.
  func testAFileThatIsNoCatalogIsRefusedWithAReason() throws {
    let whole = try compiled(Self.polish)
    for length in 0..<whole.count {
      do {
        let catalog = try MessageCatalog(mo: Array(whole[..<length]))
        // Cut after the tables and strings it needs, a shorter file may still read; it
        // never says more than the whole file does.
        XCTAssertLessThanOrEqual(catalog.count, 4)
      } catch {
        XCTAssertFalse(error.reason.isEmpty)
      }
    }
    XCTAssertThrowsError(try MessageCatalog(mo: Array("# a .po, not compiled\n".utf8)))
    var huge = whole
    huge[8] = 0xFF
    huge[9] = 0xFF
    huge[10] = 0xFF
    huge[11] = 0x7F
    XCTAssertThrowsError(try MessageCatalog(mo: huge), "a count past the file")
  }
}
