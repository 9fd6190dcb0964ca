import Fixtures
import Foundation
import TestSupport
import XCTest

/// How `meals` reads ingredient lines, measured through `meals import` and `meals show --json`
/// on the labelled lines of Tests/IngredientLines (`score.py`, as a person would run it).
final class IngredientLinesEndToEndTests: XCTestCase {
  func testLabelledLinesReadIntoTheirAmountAndFood() throws {
    let script = PackagePaths.root.appendingPathComponent("Tests/IngredientLines/score.py").path
    let (status, output, errors) = try runProcess([
      "/usr/bin/env", "python3", script, Products.meals,
    ])
    XCTAssertEqual(status, 0, errors)
    var sets: [String: [String: Any]] = [:]
    for line in output.split(separator: "\n") {
      let object = try XCTUnwrap(
        try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any], String(line))
      sets[object["set"] as? String ?? ""] = object
    }
    for name in ["dev.tsv", "held-out.tsv", "unseen.tsv"] {
      let set = try XCTUnwrap(sets[name], output)
      XCTAssertGreaterThanOrEqual(set["lines"] as? Int ?? 0, 100, name)
      XCTAssertGreaterThanOrEqual(set["quantity"] as? Double ?? 0, 95, "\(name): \(set)")
      XCTAssertGreaterThanOrEqual(set["name"] as? Double ?? 0, 95, "\(name): \(set)")
    }
    // TheMealDB's own pairs, when ../shared holds them: its measures hold preparation words
    // too, so what is held is the amount and unit read into the amount, the food into the food.
    if let pairs = sets["TheMealDB pairs"], pairs["skipped"] == nil {
      XCTAssertGreaterThanOrEqual(pairs["amount in the amount"] as? Double ?? 0, 90, "\(pairs)")
      XCTAssertGreaterThanOrEqual(pairs["food in the food"] as? Double ?? 0, 99, "\(pairs)")
    }
  }
}
