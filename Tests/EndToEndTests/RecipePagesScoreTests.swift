import Fixtures
import Foundation
import TestSupport
import XCTest

/// The real recipe pages beside the checkout (../shared/recipe-pages), measured as the
/// product is judged.
///
/// `score.py` runs `meals import` and `meals show --json` on each page and compares with what
/// a careful reader takes. Skipped, saying why, when the pages are not there.
///
/// The floors are what the reader reaches today on each set (a change that loses a page on a
/// field fails here); the figures are printed for the closing notes.
final class RecipePagesScoreTests: XCTestCase {
  /// One set's figures, from score.py's last two lines.
  struct Score {
    var fields: [String: Int]
    var failed: Int
    var pages: Int

    init?(_ output: String) {
      let lines = output.split(separator: "\n")
      guard let scoreLine = lines.last(where: { $0.hasPrefix("score: ") }),
        let failedLine = lines.last(where: { $0.hasPrefix("failed to import: ") })
      else { return nil }
      // `score: title 96% ingredients 88% … (200 pages)`
      let words = scoreLine.dropFirst("score: ".count).split(separator: " ")
      var fields: [String: Int] = [:]
      for (name, value) in zip(words, words.dropFirst()) where value.hasSuffix("%") {
        fields[String(name)] = Int(value.dropLast())
      }
      // `failed to import: 6 of 200`
      let numbers = failedLine.split(separator: " ").compactMap { Int($0) }
      guard numbers.count == 2, !fields.isEmpty else { return nil }
      self.fields = fields
      failed = numbers[0]
      pages = numbers[1]
    }
  }

  private var shared: URL {
    PackagePaths.root.deletingLastPathComponent().appendingPathComponent("shared/recipe-pages")
  }

  /// The set in `archive`, unpacked into `folder`; the command that scores it with this
  /// build's `meals`.
  private func unpack(_ archive: String, into folder: TemporaryFolder) throws -> [String] {
    let script = shared.appendingPathComponent("score.py").path
    let packed = shared.appendingPathComponent(archive).path
    guard FileManager.default.fileExists(atPath: script),
      FileManager.default.fileExists(atPath: packed)
    else {
      throw XCTSkip(
        "../shared/recipe-pages/\(archive) and score.py are not beside this checkout; the real pages are not measured (our own page fixtures are tested in WebRecipeTests)."
      )
    }
    let (unpacked, _, unpackErrors) = try runProcess([
      "/usr/bin/env", "tar", "-xJf", packed, "-C", folder.url.path,
    ])
    XCTAssertEqual(unpacked, 0, unpackErrors)
    return ["/usr/bin/env", "python3", script, "meals", Products.meals, folder.url.path]
  }

  /// score.py's figures for one set, printed for the notes.
  private func score(_ archive: String, status: Int32, output: String, errors: String) throws
    -> Score
  {
    XCTAssertEqual(status, 0, "\(archive): \(errors)")
    print(
      "Recipe pages, \(archive): "
        + output.split(separator: "\n").suffix(2).joined(separator: " · "))
    return try XCTUnwrap(Score(output), output)
  }

  private func check(_ score: Score, floors: [String: Int], failedAtMost: Int) {
    for (field, floor) in floors {
      XCTAssertGreaterThanOrEqual(score.fields[field] ?? 0, floor, "\(field) of \(score.fields)")
    }
    XCTAssertLessThanOrEqual(score.failed, failedAtMost, "pages that imported nothing")
  }

  /// Both sets at once (score.py runs `meals` three times a page, one page after another:
  /// two sets side by side use both cores).
  func testBothSetsOfPagesAsScoreMeasuresThem() throws {
    let development = try TemporaryFolder()
    let further = try TemporaryFolder()
    defer {
      development.remove()
      further.remove()
    }
    let developmentCommand = try unpack("pages.tar.xz", into: development)
    let furtherCommand = try unpack("pages-more.tar.xz", into: further)
    // The second set in the background (its errors dropped: the status says it failed).
    let background = try ChildProcess(furtherCommand)
    let first = try runProcess(developmentCommand)
    let secondOutput = background.read(until: "\u{0}", timeout: 900)
    let secondStatus = background.wait()

    let developmentScore = try score(
      "pages.tar.xz", status: first.status, output: first.output, errors: first.errors)
    XCTAssertEqual(developmentScore.pages, 200)
    check(
      developmentScore,
      floors: ["title": 96, "ingredients": 88, "steps": 84, "servings": 92, "time": 91],
      failedAtMost: 5)

    let furtherScore = try score(
      "pages-more.tar.xz", status: secondStatus, output: secondOutput, errors: "")
    XCTAssertEqual(furtherScore.pages, 240)
    check(
      furtherScore,
      floors: ["title": 97, "ingredients": 88, "steps": 84, "servings": 96, "time": 97],
      failedAtMost: 3)
  }
}
