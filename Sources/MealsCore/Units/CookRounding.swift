import FoundationEssentials

/// Amounts rounded the way cooks write them once converted: `240 ml` for a cup, not `236.588
/// ml`; `900 g` for 2 lb; `½ cup`, not `0.53 cups`.
enum CookRounding {
  /// Grams or millilitres (`amount`) as an amount and unit of `system`.
  static func written(_ amount: Quantity.Amount, kind: MeasureUnit.Kind, system: UnitSystem)
    -> (Quantity.Amount, MeasureUnit)
  {
    let unit = self.unit(for: amount.low, kind: kind, system: system)
    let round = { (value: Double) in rounded(value / unit.base, unit: unit) }
    let low = round(amount.low)
    let high = amount.high.map(round).flatMap { $0 > low ? $0 : nil }
    return (Quantity.Amount(low, high), unit)
  }

  /// The unit a cook would write `base` grams or millilitres in.
  static func unit(for base: Double, kind: MeasureUnit.Kind, system: UnitSystem) -> MeasureUnit {
    switch (system, kind) {
    case (.us, .weight): return base >= 0.97 * MeasureUnit.pound.base ? .pound : .ounce
    case (.us, .volume):
      if base < MeasureUnit.tablespoon.base - 0.5 { return .teaspoon }
      if base < MeasureUnit.cup.base / 4 - 1 { return .tablespoon }
      return base >= 4 * MeasureUnit.quart.base - 1 ? .gallon : .cup
    case (_, .weight): return base >= 999.5 ? .kilogram : .gram
    case (_, .volume): return base >= 999.5 ? .litre : .millilitre
    }
  }

  /// A value in `unit` to the step a cook measures in: grams and millilitres to 1 below 30,
  /// 5 below 100, 10 below 500, 50 above; kilograms and litres to 0.05; spoons and ounces to
  /// a quarter (an ounce above 4 to a whole); cups to a quarter or a third; pounds to a quarter.
  static func rounded(_ value: Double, unit: MeasureUnit) -> Double {
    func step(_ size: Double) -> Double { max(size, (value / size).rounded() * size) }
    switch unit {
    case .gram, .millilitre:
      if value < 30 { return step(1) }
      if value < 100 { return step(5) }
      if value < 500 { return step(10) }
      return step(50)
    case .kilogram, .litre: return step(0.05)
    case .ounce: return value > 4 ? step(1) : step(0.25)
    case .cup, .gallon:
      let quarter = step(0.25)
      let third = step(1.0 / 3)
      return abs(third - value) < abs(quarter - value) ? third : quarter
    case .teaspoon: return value < 0.25 ? step(0.125) : step(0.25)
    default: return step(0.25)
    }
  }
}
