import Translation

/// The servings a meal is shown for, against those its quantities were written for.
///
/// Those are the meal's own `servings`, or 4 when it does not say. Changing the servings
/// shown never changes the meal.
public struct Servings: Equatable, Sendable {
  /// What the recipe's quantities are for.
  public let base: Int
  /// True when the meal does not say and 4 is assumed.
  public let isAssumed: Bool
  public private(set) var current: Int

  public static let assumed = 4
  public static let range = 1...99

  public init(for meal: Meal) {
    let stated = meal.servings.flatMap { Self.range.contains($0) ? $0 : nil }
    base = stated ?? Self.assumed
    isAssumed = stated == nil
    current = base
  }

  /// The meal shown for `servings` (kept within `range`).
  public init(for meal: Meal, servings: Int) {
    self.init(for: meal)
    current = min(Self.range.upperBound, max(Self.range.lowerBound, servings))
  }

  /// The servings a person chose or the meal states; nil when 4 is only assumed (a log
  /// entry says nothing rather than a number nobody gave).
  public var said: Int? { isAssumed && !isScaled ? nil : current }

  public var factor: Double { Double(current) / Double(base) }
  public var isScaled: Bool { current != base }

  public mutating func increase() { current = min(Self.range.upperBound, current + 1) }
  public mutating func decrease() { current = max(Self.range.lowerBound, current - 1) }

  /// `serves 4 (assumed)`, `serves 6 (recipe: 4)`.
  public var description: String {
    if isScaled {
      return isAssumed
        ? tr("serves %1$d (recipe: %2$d, assumed)").filled(String(current), String(base))
        : tr("serves %1$d (recipe: %2$d)").filled(String(current), String(base))
    }
    return isAssumed
      ? tr("serves %d (assumed)").filled(String(current)) : tr("serves %d").filled(String(current))
  }

  /// `for 6 servings`, `for 4 servings (assumed)`: inside a sentence, no nested brackets.
  public var phrase: String {
    isAssumed && !isScaled
      ? trn("for %d serving (assumed)", "for %d servings (assumed)", current)
      : trn("for %d serving", "for %d servings", current)
  }

  /// A measure for these servings: scaled when it is an amount, else as written.
  ///
  /// `scaled` false lets the screen mark one left as written; no measure at all (salt) has
  /// nothing to mark.
  public func measure(_ written: String) -> (text: String, scaled: Bool) {
    guard isScaled, !MealRules.isBlank(written) else { return (written, true) }
    guard let quantity = Quantity(parsing: written) else { return (written, false) }
    return (quantity.scaled(by: factor).text, true)
  }

  /// The ingredient lines with their measures for these servings.
  public func lines(of meal: Meal) -> [IngredientMeasurement] {
    meal.ingredients.map {
      IngredientMeasurement(name: $0.name, quantity: measure($0.quantity).text, group: $0.group)
    }
  }
}
