import Fixtures
import Foundation

/// The real TheMealDB answers beside this checkout (../shared/mealdb), for the tests that take
/// every real meal through the product.
public enum SharedCaptures {
  /// Every `{"meals": [...]}` answer in the captures (the bulk file holds several), in the
  /// files' name order; nil when ../shared/mealdb is not there.
  public static func mealAnswers() throws -> [Data]? {
    let shared = PackagePaths.sharedMealDB
    guard FileManager.default.fileExists(atPath: shared.path) else { return nil }
    var found: [Data] = []
    for file in try FileManager.default.contentsOfDirectory(atPath: shared.path).sorted()
    where file.hasSuffix(".json") {
      found += answers(
        in: try JSONSerialization.jsonObject(
          with: Data(contentsOf: shared.appendingPathComponent(file))))
    }
    return found
  }

  private static func answers(in value: Any) -> [Data] {
    if let object = value as? [String: Any] {
      if let meals = object["meals"] as? [Any], meals.first is [String: Any],
        let data = try? JSONSerialization.data(withJSONObject: ["meals": meals])
      {
        return [data]
      }
      return object.values.flatMap(answers)
    }
    if let array = value as? [Any] { return array.flatMap(answers) }
    return []
  }
}
