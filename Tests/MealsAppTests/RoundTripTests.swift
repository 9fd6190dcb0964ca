import Fixtures
import Foundation
import MealsApp
import MealsCore
import MealsLaunch
import MealsStore
import TestSupport
import XCTest

@testable import MealsCLI

/// Meals stored, exported by `meals export` and imported again: the same meals come back.
///
/// Each format goes from a database to an empty one. Our JSON gives back every field; the other
/// formats the name, the ingredients with their quantities, the instruction text (its lines;
/// blank lines between them are not kept by Cooklang and schema.org) and the fields they have.
final class RoundTripTests: XCTestCase {
  private var folder: TemporaryFolder!

  override func setUpWithError() throws {
    folder = try TemporaryFolder()
  }

  override func tearDown() {
    folder.remove()
    folder = nil
  }

  func testEveryMealOfOurFixturesSurvivesEveryFormat() throws {
    let data = try PackagePaths.fixture("meals.json")
    let meals = try MealDBDecoder.meals(from: data)
    XCTAssertGreaterThan(meals.count, 5)
    try roundTrip(meals)
  }

  func testEveryMealOfTheRealCapturesSurvivesEveryFormat() throws {
    guard let answers = try SharedCaptures.mealAnswers() else {
      throw XCTSkip(
        "../shared/mealdb is not beside this checkout; the round trip of the real captures is skipped (our fixtures' round trip still runs)."
      )
    }
    var byID: [String: Meal] = [:]
    for answer in answers {
      for meal in (try? MealDBDecoder.meals(from: answer)) ?? [] where !meal.instructions.isEmpty {
        byID[meal.mealDBID ?? meal.name] = meal
      }
    }
    XCTAssertGreaterThan(byID.count, 250, "the captures hold about 290 whole meals")
    try roundTrip(Array(byID.values))
  }

  // MARK: - The round trip

  private func roundTrip(_ meals: [Meal], file: StaticString = #filePath, line: UInt = #line)
    throws
  {
    let source = try MealStore(path: folder.path("source.sqlite"))
    for meal in meals { _ = try source.storeFound(meal) }
    var stored: [Meal] = []
    try source.forEachMeal { stored.append($0) }
    XCTAssertEqual(stored.count, meals.count, file: file, line: line)

    for format in RecipeFormat.allCases {
      let target = folder.path("target-\(format.rawValue).sqlite")
      let output = format == .cooklang ? "export-cook/" : "export.\(format.fileExtension)"
      XCTAssertEqual(
        try run(
          "export", "--format", format.rawValue, "--output", output, database: "source.sqlite"),
        0, "\(format) export", file: file, line: line)
      var files = [folder.path(output)]
      if format == .cooklang {
        files = try FileManager.default.contentsOfDirectory(atPath: folder.path("export-cook"))
          .map { folder.path("export-cook/\($0)") }
      }
      let status = try run(["import"] + files, database: (target as NSString).lastPathComponent)
      XCTAssertEqual(status, 0, "\(format) import", file: file, line: line)
      var back: [Meal] = []
      try MealStore(path: target).forEachMeal { back.append($0) }
      XCTAssertEqual(
        back.count, stored.count, "\(format): every meal came back", file: file, line: line)
      for (original, imported) in zip(stored, back) {
        var want = original
        var got = imported
        want.id = nil
        got.id = nil
        if format != .json {
          want.instructions = Self.lines(want.instructions)
          got.instructions = Self.lines(got.instructions)
        }
        XCTAssertEqual(got, want, "\(format): \(original.name)", file: file, line: line)
        if got != want { break }
      }
    }
  }

  /// The instruction text's lines, trimmed, without blank ones.
  private static func lines(_ text: String) -> String {
    text.split(separator: "\n").map { MealRules.trimmed(String($0)) }.filter { !$0.isEmpty }
      .joined(separator: "\n")
  }

  private func run(_ arguments: String..., database: String) throws -> Int32 {
    try run(arguments, database: database)
  }

  private func run(_ arguments: [String], database: String) throws -> Int32 {
    let parsed = LaunchOptions.parse(
      ["--db", folder.path(database)] + arguments, environment: [:])
    guard case .success(.subcommand(let command, let rest, let options)) = parsed else {
      XCTFail("not a subcommand: \(arguments)")
      return -1
    }
    let io = CommandIO(
      output: CommandOutput(), errors: CommandOutput(), currentDirectory: folder.url.path)
    let status = command.run(rest, options: options, io: io)
    if status != 0 { XCTFail("meals \(arguments.joined(separator: " ")): \(io.errors.text)") }
    return status
  }
}
