import MealsCore
import XCTest

/// Names in the order each language sorts them.
final class NameCollationTests: XCTestCase {
  private func sorted(_ names: [String], _ rules: NameCollation) -> [String] {
    // Compared as SQLite's BINARY compares them: byte by byte.
    names.sorted { Array(rules.key($0).utf8).lexicographicallyPrecedes(Array(rules.key($1).utf8)) }
  }

  func testAccentsSortBesideTheirLetterWhereTheLanguageSaysSo() {
    let names = [
      "Zucchini Fritters", "Éclair", "apple pie", "Äpfelstrudel", "Banana Bread", "Œufs",
    ]
    XCTAssertEqual(
      sorted(names, .standard),
      ["Äpfelstrudel", "apple pie", "Banana Bread", "Éclair", "Œufs", "Zucchini Fritters"],
      "German, French, English: ä as a, é as e, œ as oe")
  }

  func testSwedishPutsItsOwnThreeLettersAfterZ() {
    let names = ["Ärtsoppa", "Zucchinisoppa", "Åkerbärspaj", "Ölbröd", "Apelsinkaka", "Ostkaka"]
    XCTAssertEqual(
      sorted(names, .swedish),
      ["Apelsinkaka", "Ostkaka", "Zucchinisoppa", "Åkerbärspaj", "Ärtsoppa", "Ölbröd"])
    XCTAssertEqual(
      sorted(names, .standard),
      ["Åkerbärspaj", "Apelsinkaka", "Ärtsoppa", "Ölbröd", "Ostkaka", "Zucchinisoppa"])
    // Written decomposed (a macOS file name, a pasted page): the same letters.
    XCTAssertEqual(
      NameCollation.swedish.key("A\u{30A}kerba\u{308}rspaj"),
      NameCollation.swedish.key("Åkerbärspaj"))
    XCTAssertEqual(
      sorted(["Ölbröd", "Øllebrød", "Ærter", "Ärtsoppa"], .swedish),
      ["Ærter", "Ärtsoppa", "Ölbröd", "Øllebrød"], "æ with ä, ø with ö")
    XCTAssertEqual(
      sorted(["Åbleskiver", "Æbleskiver", "Øllebrød", "Zwieback"], .danish),
      ["Zwieback", "Æbleskiver", "Øllebrød", "Åbleskiver"], "Danish: æ ø å")
  }

  func testSpanishAndPolishLettersComeAfterTheirBase() {
    XCTAssertEqual(
      sorted(["Ñoquis", "Nueces", "Oca", "Nachos"], .spanish),
      ["Nachos", "Nueces", "Ñoquis", "Oca"])
    XCTAssertEqual(
      sorted(["Ñoquis", "Nueces", "Oca", "Nachos"], .standard),
      ["Nachos", "Ñoquis", "Nueces", "Oca"])
    XCTAssertEqual(
      sorted(
        ["Żurek", "Zupa", "Łosoś", "Lody", "Mus", "Źrebię", "Ćwikła", "Cebula", "Dorsz"], .polish),
      ["Cebula", "Ćwikła", "Dorsz", "Lody", "Łosoś", "Mus", "Zupa", "Źrebię", "Żurek"])
  }

  func testJapaneseKatakanaSortsWithHiragana() {
    XCTAssertEqual(
      sorted(["カレーライス", "かつ丼", "うどん", "おでん"], .japanese),
      ["うどん", "おでん", "かつ丼", "カレーライス"])
  }

  func testPlainNamesKeepSQLitesNocaseOrder() {
    for rules in NameCollation.allCases {
      XCTAssertEqual(rules.key("Beef Wellington"), "beef wellington")
      XCTAssertEqual(rules.key("Pad-Thai 2"), "pad-thai 2")
    }
    XCTAssertEqual(NameCollation.standard.key("Tab\there"), "tabhere", "control characters")
  }

  func testTheLocaleIsReadAsPOSIXReadsIt() {
    XCTAssertEqual(NameCollation(locale: "sv_SE.UTF-8"), .swedish)
    XCTAssertEqual(NameCollation(locale: "fi_FI"), .swedish)
    XCTAssertEqual(NameCollation(locale: "nb_NO.UTF-8"), .danish)
    XCTAssertEqual(NameCollation(locale: "es_MX.UTF-8"), .spanish)
    XCTAssertEqual(NameCollation(locale: "de_DE.UTF-8"), .standard, "DIN 5007-1: ä as a")
    XCTAssertEqual(NameCollation(locale: "fr_FR.UTF-8"), .standard)
    XCTAssertEqual(NameCollation(locale: "C.UTF-8"), .standard)
    XCTAssertEqual(NameCollation(locale: ""), .standard)
    XCTAssertEqual(
      NameCollation(environment: ["LANG": "de_DE.UTF-8", "LC_COLLATE": "sv_SE.UTF-8"]), .swedish)
    XCTAssertEqual(
      NameCollation(environment: ["LC_ALL": "pl_PL.UTF-8", "LC_COLLATE": "sv_SE.UTF-8"]), .polish)
    XCTAssertEqual(
      NameCollation(environment: ["LANGUAGE": "sv", "LANG": "en_GB.UTF-8"]), .standard,
      "LANGUAGE names messages, not the order")
  }
}
