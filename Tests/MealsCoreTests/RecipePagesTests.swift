import Fixtures
import Foundation
import TestSupport
import XCTest

@testable import MealsCore

/// The 200 real recipe pages beside the checkout (../shared/recipe-pages): what the reader
/// takes from each against what a careful reader takes, field by field; skipped with a message
/// when they are not there.
final class RecipePagesTests: XCTestCase {
  /// One page's expected fields, as the pages' JSON gives them (a list may come as one string
  /// of lines).
  struct Expected {
    var title: String
    var ingredients: [String]
    var steps: [String]
    var yields: String?
    var totalTime: Int?
    var address: String?

    init(_ data: Data) throws {
      let object = try XCTUnwrap(try JSONSerialization.jsonObject(with: data) as? [String: Any])
      func list(_ value: Any?) -> [String] {
        if let strings = value as? [String] { return strings }
        return (value as? String)?.split(separator: "\n").map(String.init) ?? []
      }
      title = object["title"] as? String ?? ""
      ingredients = list(object["ingredients"])
      steps = list(object["instructions_list"])
      yields = object["yields"] as? String
      totalTime = object["total_time"] as? Int
      address = object["canonical_url"] as? String
    }
  }

  /// What the comparison sees: entities decoded, white space folded.
  static func folded(_ text: String) -> String {
    HTMLDocument.fold(HTMLText.plain(text))
  }

  /// A step as compared: folded, without a step number the site wrote (`1.`, `Step 1:`, which
  /// Cook Mode shows as `Step 1 of 6`) or a heading's colon.
  static func step(_ text: String) -> String {
    var step = folded(text)
    if let end = CookSteps.numberMarker(in: step) { step = folded(String(step[end...])) }
    while step.hasSuffix(":") { step.removeLast() }
    return step
  }

  /// Cook Mode's steps as a list, each section's heading once before its first step (as the
  /// pages' readers list a HowToSection's name).
  static func steps(_ instructions: String) -> [String] {
    var list: [String] = []
    var section: String?
    for step in CookSteps.steps(instructions) {
      if let heading = step.section, heading != section { list.append(heading) }
      section = step.section
      list.append(step.text)
    }
    return list.map(step)
  }

  func testThe200PagesAgainstWhatACarefulReaderTakes() throws {
    let archive = PackagePaths.root.deletingLastPathComponent()
      .appendingPathComponent("shared/recipe-pages/pages.tar.xz")
    guard FileManager.default.fileExists(atPath: archive.path) else {
      throw XCTSkip(
        "../shared/recipe-pages is not beside this checkout; the real pages' table is skipped (our own page fixtures are tested in WebRecipeTests)."
      )
    }
    let folder = try TemporaryFolder()
    defer { folder.remove() }
    let (status, _, errors) = try runProcess([
      "/usr/bin/env", "tar", "-xJf", archive.path, "-C", folder.url.path,
    ])
    XCTAssertEqual(status, 0, errors)
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.url.path)
      .filter { $0.hasSuffix(".html") }.sorted()
    XCTAssertEqual(files.count, 200)

    var counts: [String: (matched: Int, of: Int)] = [:]
    var misses: [String: [String]] = [:]
    func score(_ field: String, _ matched: Bool, _ page: String) {
      var count = counts[field] ?? (0, 0)
      count.of += 1
      if matched { count.matched += 1 } else { misses[field, default: []].append(page) }
      counts[field] = count
    }
    var nothing: [String] = []
    for file in files {
      let site = String(file.dropLast(".html".count))
      let expected = try Expected(
        Data(contentsOf: folder.url.appendingPathComponent(site + ".json")))
      let bytes = [UInt8](try Data(contentsOf: folder.url.appendingPathComponent(file)))
      let reading = RecipePage.read(
        html: PageText.decode(bytes), address: expected.address)
      guard let meal = reading.candidates.lazy.compactMap(\.meal).first else {
        nothing.append(site)
        for field in ["title", "ingredients", "steps"] { score(field, false, site) }
        if expected.yields != nil { score("servings", false, site) }
        if let minutes = expected.totalTime, minutes > 0 { score("total time", false, site) }
        continue
      }
      if let shown = ProcessInfo.processInfo.environment["MEALS_PAGES_SHOW"],
        shown.split(separator: ",").contains(Substring(site))
      {
        print("== \(site)\n title: \(meal.name) | \(expected.title)")
        print(" servings: \(meal.servings ?? -1) | \(expected.yields ?? "-")")
        print(" time: \(meal.totalMinutes ?? -1) | \(expected.totalTime ?? -1)")
        let ours = meal.ingredients.map { Self.folded(IngredientLine.joined($0)) }
        for index in 0..<max(ours.count, expected.ingredients.count) {
          let a = index < ours.count ? ours[index] : "-"
          let b =
            index < expected.ingredients.count ? Self.folded(expected.ingredients[index]) : "-"
          print(a == b ? "  = \(a)" : "  ≠ \(a)\n    \(b)")
        }
        let steps = Self.steps(meal.instructions)
        for index in 0..<max(steps.count, expected.steps.count) {
          let a = index < steps.count ? steps[index] : "-"
          let b = index < expected.steps.count ? Self.folded(expected.steps[index]) : "-"
          print(a == b ? "  s= \(a.prefix(60))" : "  s≠ \(a.suffix(150))\n     \(b.suffix(150))")
        }
      }
      if ProcessInfo.processInfo.environment["MEALS_PAGES_FIRST"] == "1" {
        let ours = meal.ingredients.map { Self.folded(IngredientLine.joined($0)) }
        let theirs = expected.ingredients.map(Self.folded).filter { !$0.isEmpty }
        if ours != theirs {
          let index =
            Array(zip(ours, theirs)).firstIndex { $0 != $1 } ?? min(ours.count, theirs.count)
          print(
            "I \(site) [\(ours.count)/\(theirs.count)] \(index < ours.count ? ours[index] : "-") ‖ \(index < theirs.count ? theirs[index] : "-")"
          )
        }
        let steps = Self.steps(meal.instructions)
        let wanted = expected.steps.map(Self.step).filter { !$0.isEmpty }
        if steps != wanted {
          let index =
            Array(zip(steps, wanted)).firstIndex { $0 != $1 } ?? min(steps.count, wanted.count)
          print(
            "S \(site) [\(steps.count)/\(wanted.count)] \(index < steps.count ? String(steps[index].prefix(90)) : "-") ‖ \(index < wanted.count ? String(wanted[index].prefix(90)) : "-")"
          )
        }
      }
      score("title", Self.folded(meal.name) == Self.folded(expected.title), site)
      score(
        "ingredients",
        meal.ingredients.map { Self.folded(IngredientLine.joined($0)) }
          == expected.ingredients.map(Self.folded).filter { !$0.isEmpty }, site)
      score(
        "steps",
        Self.steps(meal.instructions) == expected.steps.map(Self.step).filter { !$0.isEmpty },
        site)
      if let yields = expected.yields {
        score("servings", meal.servings == SchemaOrgRecipe.servings(yields), site)
        if ProcessInfo.processInfo.environment["MEALS_PAGES_FIRST"] == "1",
          meal.servings != SchemaOrgRecipe.servings(yields)
        {
          print("Y \(site) \(meal.servings.map(String.init) ?? "-") ‖ \(yields)")
        }
      }
      if let minutes = expected.totalTime, minutes > 0,
        ProcessInfo.processInfo.environment["MEALS_PAGES_FIRST"] == "1",
        meal.totalMinutes != minutes
      {
        print("T \(site) \(meal.totalMinutes.map(String.init) ?? "-") ‖ \(minutes)")
      }
      if let minutes = expected.totalTime, minutes > 0 {
        score("total time", meal.totalMinutes == minutes, site)
      }
    }
    let goals: [(String, Double)] = [
      ("title", 0.95), ("ingredients", 0.90), ("steps", 0.85), ("servings", 0.90),
      ("total time", 0.90),
    ]
    var report = "Recipe pages: \(files.count - nothing.count) of \(files.count) read a recipe"
    report += " (nothing from \(nothing.count): \(nothing.joined(separator: ", ")))\n"
    for (field, goal) in goals {
      let count = counts[field] ?? (0, 0)
      let share = Double(count.matched) / Double(max(1, count.of))
      report +=
        "  \(field): \(count.matched) of \(count.of) exact (\(Int((share * 100).rounded())) %, goal \(Int(goal * 100)) %)\n"
      if ProcessInfo.processInfo.environment["MEALS_PAGES_MISSES"] == "1" {
        report += "    missed: \((misses[field] ?? []).joined(separator: " "))\n"
      }
    }
    print(report)
    XCTAssertLessThanOrEqual(Double(nothing.count) / Double(files.count), 0.03, report)
    for (field, goal) in goals {
      let count = counts[field] ?? (0, 0)
      XCTAssertGreaterThanOrEqual(
        Double(count.matched) / Double(max(1, count.of)), goal, "\(field)\n\(report)")
    }
  }
}
