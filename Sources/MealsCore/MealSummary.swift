import TextSafety
import Translation

/// One row of a meal list: what My Meals shows without loading the whole meal.
public struct MealSummary: Equatable, Sendable {
  public var id: Int64
  public var name: String
  /// The first ingredients, or the start of the instructions when there are none.
  public var summary: String
  public var favourite: Bool
  public var rating: Int
  public var totalMinutes: Int?
  public var difficulty: Difficulty?
  /// When it was last cooked and how often (the cook log); nil when never.
  public var cooked: CookedSummary?

  public init(
    id: Int64, name: String, summary: String, favourite: Bool = false, rating: Int = 0,
    totalMinutes: Int? = nil, difficulty: Difficulty? = nil, cooked: CookedSummary? = nil
  ) {
    self.id = id
    self.name = name
    self.summary = summary
    self.favourite = favourite
    self.rating = rating
    self.totalMinutes = totalMinutes
    self.difficulty = difficulty
    self.cooked = cooked
  }

  /// The user's fields as a row shows them, most important first.
  ///
  /// "★", "★★★★☆", "45 min", "Beginner", and with `today` "cooked 3 weeks ago · 5×"; a
  /// narrow row drops them from the end.
  public func fieldParts(today: CivilDate? = nil) -> [String] {
    var parts: [String] = []
    if favourite { parts.append("★") }
    if rating > 0 { parts.append(MealFields.stars(rating)) }
    if let totalMinutes { parts.append(MealFields.describeMinutes(totalMinutes)) }
    if let difficulty { parts.append(difficulty.label) }
    if let today, let cooked { parts.append(cooked.agoWithCount(today: today)) }
    return parts
  }

  /// "★ ★★★★☆ · 45 min · Beginner" with as many parts as fit in `width` cells (measured by
  /// `columns`); the favourite star and the rating go together without a dot.
  public func fields(
    fitting width: Int, today: CivilDate? = nil, columns: (String) -> Int
  ) -> String {
    var parts = fieldParts(today: today)
    while !parts.isEmpty {
      let text = Self.join(parts, favourite: favourite)
      if columns(text) <= width { return text }
      parts.removeLast()
    }
    return ""
  }

  private static func join(_ parts: [String], favourite: Bool) -> String {
    guard favourite, parts.count > 1, parts[1].hasPrefix("★") || parts[1].hasPrefix("☆")
    else { return parts.joinedText(separator: " · ") }
    return ([parts[0] + " " + parts[1]] + parts.dropFirst(2)).joinedText(separator: " · ")
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
