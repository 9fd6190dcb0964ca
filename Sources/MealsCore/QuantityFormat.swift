import FoundationEssentials

/// Writing quantities back the way a kitchen does: `¾ cup`, `1 ⅓ tbsp`, `425 g`, `1.25 kg`.
extension Quantity {
  /// The same measure for `factor` times the servings.
  public func scaled(by factor: Double) -> Quantity {
    var copy = self
    copy.amount = amount.scaled(by: factor)
    if let equivalent { copy.equivalent?.amount = equivalent.amount.scaled(by: factor) }
    return copy
  }

  /// The measure written out: the words before it, the amount in kitchen style, the unit, the
  /// equivalent and the rest as written.
  public var text: String {
    var text = prefix + Self.written(amount, unit: unit)
    if let equivalent {
      text +=
        equivalent.opening + Self.written(equivalent.amount, unit: equivalent.unit)
        + equivalent.closing
    }
    return text + rest
  }

  /// An amount and its unit: metric amounts move between g and kg (ml and l) to stay readable.
  public static func written(_ amount: Amount, unit: MeasureUnit?) -> String {
    var amount = amount
    var unit = unit
    switch unit {
    case .gram? where amount.low >= 1000: (amount, unit) = (amount.scaled(by: 0.001), .kilogram)
    case .kilogram? where amount.low < 1: (amount, unit) = (amount.scaled(by: 1000), .gram)
    case .millilitre? where amount.low >= 1000: (amount, unit) = (amount.scaled(by: 0.001), .litre)
    case .litre? where amount.low < 1: (amount, unit) = (amount.scaled(by: 1000), .millilitre)
    default: break
    }
    var text = number(amount.low, unit: unit)
    if let high = amount.high { text += "–" + number(high, unit: unit) }
    if let unit {
      let plural = (amount.high ?? amount.low) > 1
      text += " " + unit.written(plural: plural)
    }
    return text
  }

  /// One number, never 0 for an amount above 0.
  ///
  /// Kitchen fractions for spoons, cups, imperial units and counts; sensible decimals for
  /// metric.
  public static func number(_ value: Double, unit: MeasureUnit?) -> String {
    guard value.isFinite, value > 0 else { return "0" }
    switch unit {
    case .gram?, .millilitre?:
      if value < 10 { return decimal(max(0.1, (value * 10).rounded() / 10)) }
      if value < 100 { return decimal(value.rounded()) }
      return decimal((value / 5).rounded() * 5)
    case .kilogram?, .litre?:
      return decimal(max(0.01, (value * 100).rounded() / 100))
    default:
      return kitchenFraction(value)
    }
  }

  static let fractions: [(Double, String)] = [
    (0, ""), (1 / 8, "⅛"), (1 / 4, "¼"), (1 / 3, "⅓"), (3 / 8, "⅜"), (1 / 2, "½"), (5 / 8, "⅝"),
    (2 / 3, "⅔"), (3 / 4, "¾"), (7 / 8, "⅞"), (1, ""),
  ]

  /// The nearest whole number and eighth or third: `1 ⅓`, `¾`, `2`.
  static func kitchenFraction(_ value: Double) -> String {
    var whole = value.rounded(.down)
    let rest = value - whole
    var glyph = ""
    var best = Double.infinity
    var nearest = 0.0
    for (fraction, symbol) in fractions where abs(rest - fraction) < best {
      best = abs(rest - fraction)
      glyph = symbol
      nearest = fraction
    }
    if nearest == 1 { whole += 1 }
    if whole == 0 && glyph.isEmpty { return "⅛" }  // the smallest a kitchen measures
    if whole == 0 { return glyph }
    let wholeText = String(Int(whole))
    return glyph.isEmpty ? wholeText : wholeText + " " + glyph
  }

  /// A decimal without trailing zeros: `1.25`, `7.5`, `425`.
  static func decimal(_ value: Double) -> String {
    if value == value.rounded(), abs(value) < 1e15 { return String(Int(value)) }
    var text = NumberText.fixed(value, places: 2)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }
}
