import FoundationEssentials
import Translation

/// The units a reader wants a recipe in; the meal keeps exactly what it says.
public enum UnitSystem: String, CaseIterable, Equatable, Sendable {
  /// The recipe's own units.
  case asWritten = "as-written"
  /// Grams, millilitres, degrees Celsius, centimetres (spoons stay spoons: a metric kitchen
  /// has them).
  case metric
  /// US measures: cups and spoons, ounces and pounds, degrees Fahrenheit, inches.
  case us

  /// The system a setting or `--units` names, case ignored (`US`, `as written`).
  public init?(spelling: String) {
    let word = spelling.lowercased().replacingEvery(" ", with: "-")
    guard let system = Self(rawValue: word == "aswritten" ? "as-written" : word) else {
      return nil
    }
    self = system
  }

  /// The next one, for the key that cycles them.
  public var next: UnitSystem {
    let all = Self.allCases
    return all[((all.firstIndex(of: self) ?? 0) + 1) % all.count]
  }

  /// What a footer or status line calls it: `as written`, `metric`, `US`.
  public var label: String {
    switch self {
    case .asWritten: trc("units", "as written")
    case .metric: trc("units", "metric")
    case .us: trc("units", "US")
    }
  }
}

/// What a recipe's `cup` holds: the US cup, the metric cup (Australia, Canada, New Zealand),
/// or the old imperial one.
public enum CupSize: String, CaseIterable, Equatable, Sendable {
  case us
  case metric
  case imperial

  /// Millilitres in one cup.
  public var millilitres: Double {
    switch self {
    case .us: 236.588_236_5
    case .metric: 250
    case .imperial: 284.130_625
    }
  }
}
