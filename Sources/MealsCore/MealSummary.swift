/// One row of a meal list: what My Meals shows without loading the whole meal.
public struct MealSummary: Equatable, Sendable {
  public var id: Int64
  public var name: String
  /// The first ingredients, or the start of the instructions when there are none.
  public var summary: String

  public init(id: Int64, name: String, summary: String) {
    self.id = id
    self.name = name
    self.summary = summary
  }
}

extension MealSummary {
  /// The summary text for a meal: its first ingredients, else the start of its instructions.
  public static func summaryText(for meal: Meal) -> String {
    if !meal.ingredients.isEmpty {
      return meal.ingredients.prefix(6).map(\.name).joined(separator: ", ")
    }
    let start = meal.instructions.prefix(160)
    return MealRules.trimmed(TextSanitizer.singleLine(String(start)))
  }
}
