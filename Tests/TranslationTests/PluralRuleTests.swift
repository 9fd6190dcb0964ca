import Fixtures
import XCTest

@testable import Translation

/// The plural rules gettext's manual gives for the languages meals speaks (and a few harder
/// ones), evaluated for 0…1 000 and checked against Python's own reader of the same rules
/// (`gettext.c2py`), an implementation written apart from this one.
final class PluralRuleTests: XCTestCase {
  static let rules = [
    "nplurals=2; plural=(n != 1);",  // German, Dutch, Swedish, Spanish, Italian, English
    "nplurals=2; plural=(n > 1);",  // French, Portuguese (Brazil)
    "nplurals=1; plural=0;",  // Japanese, Chinese
    "nplurals=3; plural=(n==1 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
    "nplurals=3; plural=(n%10==1 && n%100!=11 ? 0 : n%10>=2 && n%10<=4 && (n%100<10 || n%100>=20) ? 1 : 2);",
    "nplurals=4; plural=(n%100==1 ? 0 : n%100==2 ? 1 : n%100==3 || n%100==4 ? 2 : 3);",
    "nplurals=6; plural=(n==0 ? 0 : n==1 ? 1 : n==2 ? 2 : n%100>=3 && n%100<=10 ? 3 : n%100>=11 ? 4 : 5);",
    "nplurals=3; plural=(n==1) ? 0 : (n>=2 && n<=4) ? 1 : 2;",
    "nplurals=2; plural=!(n==1);",
  ]

  func testTheRulesOfGettextsManualAsPythonReadsThem() throws {
    let script = """
      import gettext, sys
      for rule in sys.argv[1:]:
          expression = rule.split("plural=", 1)[1].rstrip().rstrip(";")
          f = gettext.c2py(expression)
          print(" ".join(str(f(n)) for n in range(1001)))
      """
    let result = try runProcess(["/usr/bin/env", "python3", "-c", script] + Self.rules)
    XCTAssertEqual(result.status, 0, result.errors)
    let expected = result.output.split(separator: "\n")
    XCTAssertEqual(expected.count, Self.rules.count)
    for (rule, line) in zip(Self.rules, expected) {
      let parsed = try XCTUnwrap(PluralRule(header: rule), rule)
      let forms = (0...1000).map { String(parsed.form(for: $0)) }.joined(separator: " ")
      XCTAssertEqual(forms, String(line), rule)
    }
  }

  func testARuleThatCannotBeReadIsNoRule() {
    for broken in [
      "", "nplurals=2;", "plural=(n != 1);", "nplurals=2; plural=(n != 1;",
      "nplurals=2; plural=n ? 1;",
      "nplurals=0; plural=0;", "nplurals=2; plural=x;",
      "nplurals=2; plural=99999999999999999999999;",
      "nplurals=2; plural=" + String(repeating: "(", count: 10_000) + "n",
      "nplurals=2; plural=" + String(repeating: "!", count: 10_000) + "n",
    ] {
      XCTAssertNil(PluralRule(header: broken), broken.prefix(60).description)
    }
    // Read, but naming a form the catalog lacks, or dividing by zero: the first form.
    XCTAssertEqual(PluralRule(header: "nplurals=2; plural=n+5;")?.form(for: 1), 0)
    XCTAssertEqual(PluralRule(header: "nplurals=2; plural=n/0;")?.form(for: 3), 0)
  }
}
