import Fixtures
import Foundation
import TestSupport
import XCTest

@testable import MealsCore

/// Instructions cut into Cook Mode's steps, and the times written in them.
final class CookStepsTests: XCTestCase {
  func testNumberedLinesParagraphsAndSentences() {
    XCTAssertEqual(
      CookSteps.split("STEP 1\r\nPreheat the oven.\r\n\r\nSTEP 2\r\nBake for 20 minutes."),
      ["Preheat the oven.", "Bake for 20 minutes."])
    XCTAssertEqual(
      CookSteps.split("1. Chop.\n2) Fry.\nStep 3: Serve.\nThen eat."),
      ["Chop.", "Fry.", "Serve.\nThen eat."])
    XCTAssertEqual(
      CookSteps.split("Mix the flour.\n\nAdd 1.5 kg of sugar.\nBake."),
      ["Mix the flour.", "Add 1.5 kg of sugar.", "Bake."], "1.5 is an amount, not a step")
    XCTAssertEqual(
      CookSteps.split("Mix it. Bake it! Is it done? Eat."),
      ["Mix it.", "Bake it!", "Is it done?", "Eat."])
    XCTAssertEqual(CookSteps.split("  \n\n "), [])
    let long = String(repeating: "Stir the pot slowly. ", count: 200)
    let steps = CookSteps.split(long)
    XCTAssertGreaterThan(steps.count, 2)
    XCTAssertTrue(steps.allSatisfy { $0.count <= CookSteps.longest })
    let unbroken = String(repeating: "x", count: 2_000)
    XCTAssertEqual(CookSteps.split(unbroken), [unbroken], "no break: one long step, uncut")
  }

  func testAHeadingLineHeadsTheStepsAfterItAndIsNoStep() {
    XCTAssertEqual(
      CookSteps.steps("FILLING:\nCook the mince.\nAdd the gravy.\nTopping:\nMash the potatoes."),
      [
        CookStep("Cook the mince.", section: "FILLING"),
        CookStep("Add the gravy.", section: "FILLING"),
        CookStep("Mash the potatoes.", section: "Topping"),
      ])
    XCTAssertEqual(
      CookSteps.steps("Glaze:\n1. Mix the sugar.\n2. Brush it on."),
      [CookStep("Mix the sugar.", section: "Glaze"), CookStep("Brush it on.", section: "Glaze")])
    XCTAssertEqual(
      CookSteps.steps("Mix well.\nServe with:"), [CookStep("Mix well."), CookStep("Serve with:")],
      "a colon at the very end heads nothing")
    XCTAssertEqual(
      CookSteps.steps("Preheat the oven. Then do this:\nBake."),
      [CookStep("Preheat the oven. Then do this:"), CookStep("Bake.")], "a sentence, no heading")
  }

  func testDurationsAndTheirSeconds() {
    let table: [(String, Int?, Int?)] = [
      ("Simmer for 10 minutes.", 600, nil),
      ("Bake 1 hr 30 mins until golden.", 5_400, nil),
      ("Roast for 1 hour and 15 minutes.", 4_500, nil),
      ("Cook 30-40 mins.", 1_800, 2_400),
      ("Rest for 2 to 3 hours.", 7_200, 10_800),
      ("Fry for 45 secs each side.", 45, nil),
      ("Boil for an hour.", 3_600, nil),
      ("Leave for 1½ hours.", 5_400, nil),
      ("Chill overnight.", nil, nil),
      ("Cook for a few minutes.", nil, nil),
      ("Whisk for five minutes.", 300, nil),
      ("Microwave 90s.", 90, nil),
      ("Add 2 cups of stock.", nil, nil),
      ("Bake at 180C for 25-30min.", 1_500, 1_800),
      // Not after a letter, a digit or a point, and the search goes on past such a one.
      ("Set the x10 mode, then wait 5 minutes.", 300, nil),
      ("Use v2.5 hours later.", nil, nil),
      ("(10 minutes)", 600, nil),
      // A word's unit comes after a space: "as" is no "a s" (one second).
      ("Garnish as needed, then serve as a side.", nil, nil),
      ("Rest for forty-five minutes.", 2_700, nil),
      ("Whisk for half an hour, then 1/2 hour more.", 1_800, nil),
      ("Bake 10 MINUTES then 2 Hrs.", 600, nil),
      ("Boil one hour, 30 minutes.", 5_400, nil),
      ("Cook 3 - 4 h.", 10_800, 14_400),
    ]
    for (text, seconds, upper) in table {
      let found = StepDuration.find(in: text)
      XCTAssertEqual(found.first?.seconds, seconds, text)
      XCTAssertEqual(found.first?.upperSeconds, upper, text)
    }
    let two = StepDuration.find(in: "Fry 5 minutes, then bake 20 minutes.")
    XCTAssertEqual(two.map(\.seconds), [300, 1_200])
    let text = "Simmer for 10 minutes."
    XCTAssertEqual(
      two.isEmpty ? "" : String(text[StepDuration.find(in: text)[0].range]), "10 minutes")
  }

  /// A number no cooking time has is no timer (found by `make fuzz`: 32 digits of minutes
  /// overflowed the seconds); two days of proving still is one.
  func testATimeBeyondAMonthIsNoTimer() {
    XCTAssertEqual(StepDuration.find(in: "Prove for 48 hours.").first?.seconds, 172_800)
    XCTAssertTrue(StepDuration.find(in: "Wait \(String(repeating: "2", count: 32))-m").isEmpty)
    XCTAssertTrue(StepDuration.find(in: "Rest 1e300 minutes.").isEmpty)
    XCTAssertTrue(StepDuration.find(in: "Age it 2 to 99999999 years.").isEmpty)
    XCTAssertTrue(StepDuration.find(in: "Leave for 40 days.").isEmpty)
  }

  // MARK: - Every real instruction text

  func testEveryRealInstructionKeepsItsWordsInOrder() throws {
    let shared = PackagePaths.sharedMealDB
    var files = ((try? FileManager.default.contentsOfDirectory(atPath: shared.path)) ?? [])
      .filter { $0.hasSuffix(".json") }.map { shared.appendingPathComponent($0) }
    if files.isEmpty {
      let fixtures = PackagePaths.root.appendingPathComponent("Resources/fixtures")
      files = ((try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? [])
        .filter { $0.hasSuffix(".json") }.map { fixtures.appendingPathComponent($0) }
    }
    var texts: [String] = []
    func walk(_ value: Any) {
      if let object = value as? [String: Any] {
        if let text = object["strInstructions"] as? String { texts.append(text) }
        for child in object.values { walk(child) }
      } else if let array = value as? [Any] {
        for child in array { walk(child) }
      }
    }
    for file in files { walk(try JSONSerialization.jsonObject(with: Data(contentsOf: file))) }
    XCTAssertFalse(texts.isEmpty)
    var stepCount = 0
    for text in Set(texts) {
      let parts = CookSteps.steps(text)
      stepCount += parts.count
      // A heading (`FILLING:`) is said once, before the first step under it.
      let steps = parts.enumerated().map { index, step in
        guard let section = step.section, index == 0 || parts[index - 1].section != section
        else { return step.text }
        return "\(section): \(step.text)"
      }
      XCTAssertFalse(steps.contains { MealRules.isBlank($0) }, "no empty step")
      for step in steps where step.count > CookSteps.longest {
        XCTAssertFalse(
          step.contains(". ") || step.contains("\n"), "a step over 1 500 characters had a break")
      }
      // Every word, in order; numbered steps lose only their numbers.
      let numbered =
        text.replacingOccurrences(of: "\r", with: "\n").components(separatedBy: "\n")
        .filter { CookSteps.numberMarker(in: $0) != nil }.count >= 2
      let expected = text.replacingOccurrences(of: "\r", with: "\n").components(separatedBy: "\n")
        .map { line -> String in
          guard numbered, let end = CookSteps.numberMarker(in: line) else { return line }
          return String(line[end...])
        }
        .joined(separator: " ").split(whereSeparator: \.isWhitespace)
      XCTAssertEqual(
        steps.joined(separator: " ").split(whereSeparator: \.isWhitespace), expected,
        String(text.prefix(80)))
    }
    print("Steps: \(Set(texts).count) real instruction texts give \(stepCount) steps.")
  }
}

/// Notes are read, not done: a section titled as notes (in the languages pages come in) is
/// kept apart from the steps.
final class CookMethodTests: XCTestCase {
  func testNotesSectionsAreNotSteps() {
    let method = CookMethod(
      CookSteps.steps(
        "Mix.\n\nBake.\n\nTips:\nUse cold butter.\n\nQuelle:\nOma",
        titles: []))
    XCTAssertEqual(method.steps.map(\.text), ["Mix.", "Bake."])
    XCTAssertEqual(method.notes, ["Tips: Use cold butter.", "Quelle: Oma"])
  }

  func testASingleNotesSectionIsNotTitledAgainAndOtherSectionsStaySteps() {
    let method = CookMethod(
      CookSteps.steps(
        "Glaze:\nWhisk the sugar.\n\nCook’s Notes:\nKeeps 3 days.", titles: []))
    XCTAssertEqual(method.steps, [CookStep("Whisk the sugar.", section: "Glaze")])
    XCTAssertEqual(method.notes, ["Keeps 3 days."])
  }
}
