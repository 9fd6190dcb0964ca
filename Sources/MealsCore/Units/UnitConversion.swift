import FoundationEssentials

/// A recipe read in the units the reader wants, for reading only.
///
/// Its measures, and the temperatures and lengths in its steps; what a meal says is never
/// changed.
public struct UnitConversion: Equatable, Sendable {
  public var system: UnitSystem
  /// What the recipe's `cup` means (`set cup`).
  public var cup: CupSize

  public init(_ system: UnitSystem, cup: CupSize = .us) {
    self.system = system
    self.cup = cup
  }

  /// The recipe's own units: nothing converted.
  public static let asWritten = UnitConversion(.asWritten)

  // MARK: - Measures

  /// A measure of `ingredient` in these units (`1 cup` of flour → `≈ 120 g`), as written
  /// when it is in them already or is no amount of a known unit (`1 (12 oz.) can`, `2
  /// cloves`, `a pinch`).
  public func measure(_ written: String, of ingredient: String) -> String {
    guard system != .asWritten, let quantity = Quantity(parsing: written),
      let converted = self.quantity(quantity, of: ingredient)
    else { return written }
    return converted.text
  }

  /// A parsed measure in these units, nil when it is in them already (or has no unit); `≈`
  /// before it when a volume became a weight or back.
  public func quantity(_ quantity: Quantity, of ingredient: String) -> ConvertedQuantity? {
    guard system != .asWritten, let unit = quantity.unit, !fits(unit) else { return nil }
    // The recipe's own equivalent in the wanted units (`175g/6oz`) is the best reading.
    if let equivalent = quantity.equivalent, fits(equivalent.unit) {
      var copy = quantity
      copy.amount = equivalent.amount
      copy.unit = equivalent.unit
      copy.equivalent = nil
      return ConvertedQuantity(quantity: copy, approximate: false)
    }
    let base = { (value: Double) in value * (unit == .cup ? cup.millilitres : unit.base) }
    var amount = Quantity.Amount(base(quantity.amount.low), quantity.amount.high.map(base))
    var kind = unit.kind
    var approximate = false
    let crosses = (system == .metric && kind == .volume) || (system == .us && kind == .weight)
    if crosses, let grams = Densities.gramsPerCup(of: ingredient) {
      // Metric kitchens weigh flour and butter; American ones measure them in cups.
      let perMillilitre = grams / MeasureUnit.cup.base
      if system == .metric, kind == .volume {
        amount = amount.scaled(by: perMillilitre)
        kind = .weight
        approximate = true
      } else if system == .us, kind == .weight {
        amount = amount.scaled(by: 1 / perMillilitre)
        kind = .volume
        approximate = true
      }
    }
    var copy = quantity
    (copy.amount, copy.unit) = CookRounding.written(amount, kind: kind, system: system)
    copy.equivalent = nil
    return ConvertedQuantity(quantity: copy, approximate: approximate)
  }

  /// Whether a unit is already one of these units: metric units and spoons for metric; US
  /// measures for US.
  private func fits(_ unit: MeasureUnit) -> Bool {
    switch system {
    case .asWritten: true
    case .metric: unit.isMetric || unit == .teaspoon || unit == .tablespoon
    case .us: !unit.isMetric
    }
  }

  // MARK: - Meals

  /// The meal as these units show it, a copy for reading: nothing of it is saved.
  ///
  /// Its measures, and the temperatures and lengths in its steps.
  public func meal(_ meal: Meal) -> Meal {
    guard system != .asWritten else { return meal }
    var copy = meal
    copy.ingredients = meal.ingredients.map {
      IngredientMeasurement(
        name: $0.name, quantity: measure($0.quantity, of: $0.name), group: $0.group)
    }
    copy.instructions = SentenceUnits.converted(meal.instructions, to: system)
    return copy
  }

  /// A step's text in these units (`350°F` → `175 °C`).
  public func text(_ text: String) -> String { SentenceUnits.converted(text, to: system) }
}

/// A measure converted, and whether it is only about that (a cup of flour as grams).
public struct ConvertedQuantity: Equatable, Sendable {
  public var quantity: Quantity
  public var approximate: Bool

  /// `≈ 120 g`, `240 ml`.
  public var text: String { (approximate ? "≈ " : "") + quantity.text }
}
