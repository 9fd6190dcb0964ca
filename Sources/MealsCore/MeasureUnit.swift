/// A unit of measure the app understands well enough to add and scale.
///
/// Weights and volumes, whatever way a recipe spells them; any other unit ("clove", "tin") is
/// kept as written.
public enum MeasureUnit: String, CaseIterable, Equatable, Sendable {
  case gram = "g"
  case kilogram = "kg"
  case ounce = "oz"
  case pound = "lb"
  case millilitre = "ml"
  case litre = "l"
  case teaspoon = "tsp"
  case tablespoon = "tbsp"
  case cup = "cup"
  case fluidOunce = "fl oz"
  case pint = "pint"
  case quart = "quart"
  case gallon = "gallon"

  /// What a unit measures: amounts of one kind can be added together.
  public enum Kind: Sendable { case weight, volume }

  public var kind: Kind {
    switch self {
    case .gram, .kilogram, .ounce, .pound: .weight
    default: .volume
    }
  }

  /// Grams or millilitres in one of this unit.
  public var base: Double {
    switch self {
    case .gram, .millilitre: 1
    case .kilogram, .litre: 1000
    case .ounce: 28.349_523_125
    case .pound: 453.592_37
    case .teaspoon: 4.928_921_6
    case .tablespoon: 14.786_764_8
    case .cup: 236.588_236_5
    case .fluidOunce: 29.573_529_6
    case .pint: 473.176_473
    case .quart: 946.352_946
    case .gallon: 3_785.411_784
    }
  }

  /// Spoons and cups are measured in kitchen fractions (eighths, thirds).
  public var usesFractions: Bool {
    switch self {
    case .teaspoon, .tablespoon, .cup, .ounce, .pound, .fluidOunce, .pint, .quart, .gallon: true
    default: false
    }
  }

  /// The unit a cook writes a sum in (`amount`: grams or millilitres): metric when any part is
  /// (`written` then moves between g and kg, ml and l); otherwise US measures by size — cups
  /// from ¼ cup, tablespoons from one, teaspoons below; pounds from one, ounces below — never
  /// above the largest unit among the parts (pints stay pints, cups don't become quarts).
  public static func forSum(of parts: [MeasureUnit], baseAmount amount: Double) -> MeasureUnit? {
    guard let first = parts.first else { return nil }
    if parts.contains(where: \.isMetric) {
      return first.kind == .weight ? .gram : .millilitre
    }
    let ladder: [(MeasureUnit, Double)] =
      first.kind == .weight
      ? [(.ounce, 0), (.pound, 1)]
      : [(.teaspoon, 0), (.tablespoon, 1), (.cup, 0.25), (.pint, 1), (.quart, 1)]
    let rank = { (unit: MeasureUnit) in
      ladder.firstIndex { $0.0 == unit } ?? (unit == .fluidOunce ? 2 : unit == .gallon ? 4 : 0)
    }
    // Cups are always allowed: six tablespoons are ⅜ cup.
    let highest = max(parts.map(rank).max() ?? 0, first.kind == .weight ? 1 : 2)
    var chosen = ladder[0].0
    for (index, (unit, least)) in ladder.enumerated() where index <= highest {
      if amount >= least * unit.base - 0.000_1 { chosen = unit }
    }
    return chosen
  }

  /// Grams, kilograms, millilitres and litres.
  public var isMetric: Bool {
    switch self {
    case .gram, .kilogram, .millilitre, .litre: true
    default: false
    }
  }

  /// The unit as written after an amount (`2 cups`, `1 cup`, `100 g`).
  public func written(plural: Bool) -> String {
    switch self {
    case .cup: plural ? "cups" : "cup"
    case .pint: plural ? "pints" : "pint"
    case .quart: plural ? "quarts" : "quart"
    case .gallon: plural ? "gallons" : "gallon"
    default: rawValue
    }
  }

  /// The unit a spelling stands for (case ignored, a full stop allowed after it).
  public init?(spelling: String) {
    var word = spelling.lowercased()
    if word.hasSuffix(".") { word.removeLast() }
    guard let unit = Self.spellings[word] else { return nil }
    self = unit
  }

  static let spellings: [String: MeasureUnit] = {
    var table: [String: MeasureUnit] = [:]
    let names: [(MeasureUnit, [String])] = [
      (.gram, ["g", "gr", "grs", "gm", "gms", "gram", "grams", "gramme", "grammes"]),
      (.kilogram, ["kg", "kgs", "kilo", "kilos", "kilogram", "kilograms", "kilogramme"]),
      (.ounce, ["oz", "ozs", "ounce", "ounces"]),
      (.pound, ["lb", "lbs", "pound", "pounds"]),
      (
        .millilitre,
        ["ml", "mls", "millilitre", "millilitres", "milliliter", "milliliters", "mil"]
      ),
      (.litre, ["l", "ltr", "ltrs", "litre", "litres", "liter", "liters"]),
      (.teaspoon, ["tsp", "tsps", "tspn", "teaspoon", "teaspoons", "tea spoon", "tea spoons"]),
      (
        .tablespoon,
        [
          "tbsp", "tbsps", "tbs", "tbls", "tblsp", "tblspn", "tbl", "tablespoon", "tablespoons",
          "table spoon", "table spoons",
        ]
      ),
      (.cup, ["cup", "cups"]),
      (.fluidOunce, ["fl oz", "fl. oz", "floz", "fluid ounce", "fluid ounces", "fl"]),
      (.pint, ["pint", "pints", "pt", "pts"]),
      (.quart, ["quart", "quarts", "qt", "qts"]),
      (.gallon, ["gallon", "gallons", "gal", "gals"]),
    ]
    for (unit, spellings) in names {
      for spelling in spellings { table[spelling] = unit }
    }
    return table
  }()
}
