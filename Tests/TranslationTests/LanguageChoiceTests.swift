import XCTest

@testable import Translation

/// Which catalogs are read, from the environment as gettext reads it.
final class LanguageChoiceTests: XCTestCase {
  func testTheLocaleAndTheLanguageListInGettextsOrder() {
    func catalogs(_ environment: [String: String]) -> [String] {
      LanguageChoice.catalogs(environment: environment)
    }
    XCTAssertEqual(catalogs(["LANG": "de_DE.UTF-8"]), ["de_DE", "de"])
    XCTAssertEqual(catalogs(["LANG": "pt_BR.UTF-8"]), ["pt_BR", "pt"])
    XCTAssertEqual(catalogs(["LANG": "de_DE.UTF-8", "LC_ALL": "fr_FR.UTF-8"]), ["fr_FR", "fr"])
    XCTAssertEqual(
      catalogs(["LANG": "de_DE.UTF-8", "LC_MESSAGES": "ja_JP.UTF-8"]), ["ja_JP", "ja"],
      "LC_MESSAGES before LANG")
    XCTAssertEqual(
      catalogs(["LANG": "de_DE.UTF-8", "LC_ALL": ""]), ["de_DE", "de"], "an empty one is unset")
    XCTAssertEqual(
      catalogs(["LANG": "de_DE.UTF-8", "LANGUAGE": "fr:sv"]), ["fr", "sv", "de_DE", "de"],
      "LANGUAGE's list first")
    XCTAssertEqual(catalogs(["LANG": "C", "LANGUAGE": "fr"]), [], "LANGUAGE is not read in C")
    XCTAssertEqual(catalogs(["LC_ALL": "POSIX", "LANGUAGE": "fr"]), [])
    XCTAssertEqual(catalogs([:]), [])
    XCTAssertEqual(catalogs(["LANG": "en_GB.UTF-8", "LANGUAGE": "de"]), ["de"])
    XCTAssertEqual(catalogs(["LANG": "de_DE.UTF-8", "LANGUAGE": "en:de"]), [], "English first")
    XCTAssertEqual(catalogs(["LANG": "sr_RS.UTF-8@latin"]), ["sr_RS", "sr"])
    XCTAssertEqual(
      catalogs(["LANG": "de_DE.UTF-8", "LANGUAGE": "../../etc:fr"]), ["fr", "de_DE", "de"],
      "a name that is no name is passed over")
  }
}
