import Fixtures
import Foundation
import TestSupport
import XCTest

@testable import MealsCore

/// Measures as people write them: read, scaled and written back.
final class QuantityTests: XCTestCase {
  private func parsed(_ measure: String) -> String? {
    guard let quantity = Quantity(parsing: measure) else { return nil }
    let amount = quantity.amount
    var text = "\(Quantity.decimal(amount.low))"
    if let high = amount.high { text += "-\(Quantity.decimal(high))" }
    if let unit = quantity.unit { text += " [\(unit.rawValue)]" }
    if let equivalent = quantity.equivalent {
      text += " = \(Quantity.decimal(equivalent.amount.low)) [\(equivalent.unit.rawValue)]"
    }
    return quantity.prefix + text + "|" + quantity.rest
  }

  func testTheWaysAmountsAreWritten() {
    let table: [(String, String?)] = [
      ("1", "1|"), ("1.5", "1.5|"), ("1/2", "0.5|"), ("½", "0.5|"), ("1 1/2", "1.5|"),
      ("1½", "1.5|"), ("3⁄4", "0.75|"), ("2-3", "2-3|"), ("2 to 3", "2-3|"),
      ("2–3 cups", "2-3 [cup]|"),
      ("100g", "100 [g]|"), ("1¾oz", "1.75 [oz]|"), ("2 tbs", "2 [tbsp]|"),
      ("1 (12 oz.)", "1| (12 oz.)"), ("1 tin", "1| tin"), ("Pinch", nil), ("to taste", nil),
      ("sprinkling", nil), ("Dash", nil), ("  1/2 teaspoon  ", "0.5 [tsp]|"),
      ("1-⅓ cups", "1.33 [cup]|"), ("1-2tbsp", "1-2 [tbsp]|"), ("2 x 400g", "2| x 400g"),
      ("50g/2oz", "50 [g] = 2 [oz]|"), ("6 tablespoons (85 grams)", "6 [tbsp] = 85 [g]|"),
      ("Juice of 1/2", "Juice of 0.5|"), ("2 cloves chopped", "2| cloves chopped"),
      ("1kg cubed", "1 [kg]| cubed"), ("2 Lbs", "2 [lb]|"), ("250 Grams", "250 [g]|"),
      ("350ml/12fl", "350 [ml] = 12 [fl oz]|"), ("0", nil), ("1/0 cup", nil),
      ("2 large", "2| large"), ("3 Cups", "3 [cup]|"), ("1.25kg", "1.25 [kg]|"),
      ("4 grated", "4| grated"), ("10 fl oz", "10 [fl oz]|"), ("Chopped", nil),
      // A decimal comma (French, German, Dutch, Polish…), not a thousands separator.
      ("1,5 kg", "1.5 [kg]|"), ("0,25 l", "0.25 [l]|"), ("2,75", "2.75|"),
      ("1,5-2 kg", "1.5-2 [kg]|"), ("1,500 g", "1|,500 g"),
    ]
    for (measure, expected) in table {
      XCTAssertEqual(parsed(measure), expected, measure)
    }
  }

  func testScalingWritesKitchenFractionsAndSensibleGrams() {
    func scaled(_ measure: String, _ factor: Double) -> String? {
      Quantity(parsing: measure)?.scaled(by: factor).text
    }
    XCTAssertEqual(scaled("1/2 cup", 1.5), "¾ cup")
    XCTAssertEqual(scaled("1 tbsp", 4.0 / 3.0), "1 ⅓ tbsp")
    XCTAssertEqual(scaled("1 cup", 2), "2 cups")
    XCTAssertEqual(scaled("100g", 2), "200 g")
    XCTAssertEqual(scaled("600g", 2), "1.2 kg")
    XCTAssertEqual(scaled("1.25kg", 0.5), "625 g")
    XCTAssertEqual(scaled("7g", 0.5), "3.5 g")
    XCTAssertEqual(scaled("333g", 1), "335 g")
    XCTAssertEqual(scaled("2-3 tbsp", 2), "4–6 tbsp")
    XCTAssertEqual(scaled("2 cloves chopped", 0.5), "1 cloves chopped")
    XCTAssertEqual(scaled("3", 0.5), "1 ½")
    XCTAssertEqual(scaled("Juice of 1/2", 2), "Juice of 1")
    XCTAssertEqual(scaled("50g/2oz", 2), "100 g/4 oz")
    XCTAssertEqual(scaled("6 tablespoons (85 grams)", 0.5), "3 tbsp (43 g)")
    XCTAssertEqual(scaled("1 (12 oz.)", 2), "2 (12 oz.)", "a can's size is not scaled")
    XCTAssertEqual(scaled("1/8 tsp", 0.25), "⅛ tsp", "never 0")
    XCTAssertEqual(scaled("500ml", 3), "1.5 l")
  }

  // MARK: - Every real measure

  /// Measures of the real captures when ../shared is there, else of the project's fixtures.
  static func realMeasures() throws -> (measures: [String], source: String) {
    let shared = PackagePaths.sharedMealDB
    var measures: [String] = []
    var source = "../shared/mealdb"
    var files =
      ((try? FileManager.default.contentsOfDirectory(atPath: shared.path)) ?? [])
      .filter { $0.hasSuffix(".json") }.map { shared.appendingPathComponent($0) }
    if files.isEmpty {
      source = "Resources/fixtures (../shared is absent)"
      let fixtures = PackagePaths.root.appendingPathComponent("Resources/fixtures")
      files = ((try? FileManager.default.contentsOfDirectory(atPath: fixtures.path)) ?? [])
        .filter { $0.hasSuffix(".json") }.map { fixtures.appendingPathComponent($0) }
    }
    func walk(_ value: Any) {
      if let object = value as? [String: Any] {
        for index in 1...20 {
          if let measure = object["strMeasure\(index)"] as? String,
            !MealRules.isBlank(measure)
          {
            measures.append(measure)
          }
        }
        for child in object.values { walk(child) }
      } else if let array = value as? [Any] {
        for child in array { walk(child) }
      }
    }
    for file in files {
      walk(try JSONSerialization.jsonObject(with: Data(contentsOf: file)))
    }
    return (measures, source)
  }

  func testEveryRealMeasureParsesAndScalesOrIsLeftAsWritten() throws {
    let (measures, source) = try Self.realMeasures()
    XCTAssertFalse(measures.isEmpty)
    var leftAlone = Set<String>()
    var parsedCount = 0
    for measure in measures {
      guard let quantity = Quantity(parsing: measure) else {
        leftAlone.insert(measure)
        continue
      }
      parsedCount += 1
      // Written back, it reads as the same amount and unit.
      let again = try XCTUnwrap(Quantity(parsing: quantity.text), "\(measure) → \(quantity.text)")
      XCTAssertEqual(again.unit?.kind, quantity.unit?.kind, "\(measure) → \(quantity.text)")
      let grams = { (amount: Double, unit: MeasureUnit?) in amount * (unit?.base ?? 1) }
      let before = grams(quantity.amount.low, quantity.unit)
      let after = grams(again.amount.low, again.unit)
      XCTAssertEqual(after / before, 1, accuracy: 0.1, "\(measure) → \(quantity.text)")
      for factor in [2.0, 0.5] {
        let text = quantity.scaled(by: factor).text
        XCTAssertFalse(text.contains("nan") || text.contains("inf"), "\(measure) ×\(factor)")
        let scaled = try XCTUnwrap(Quantity(parsing: text), "\(measure) ×\(factor) → \(text)")
        XCTAssertGreaterThan(scaled.amount.low, 0, "\(measure) ×\(factor) → \(text)")
        let ratio = grams(scaled.amount.low, scaled.unit) / before
        // Below an eighth of a spoon or cup, the kitchen's smallest measure stays.
        let floor = quantity.unit?.usesFractions != false && quantity.amount.low * factor < 1 / 8
        if !floor {
          XCTAssertEqual(ratio, factor, accuracy: factor * 0.35, "\(measure) ×\(factor) → \(text)")
        }
      }
    }
    print(
      """
      Quantities in \(source): \(parsedCount) of \(measures.count) measures parse; \
      \(measures.count - parsedCount) are left as written (\(leftAlone.count) different): \
      \(leftAlone.sorted().map { "“\($0)”" }.joined(separator: ", "))
      """)
    XCTAssertGreaterThan(Double(parsedCount) / Double(measures.count), 0.9)
  }
}
