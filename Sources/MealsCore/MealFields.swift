/// The rules for the user's own fields: what may be typed, and how they read.
public enum MealFields {
  /// Why a value was refused, as the editor shows it.
  public enum Problem: Error, Equatable, Sendable {
    case notAWholeNumber(String)
    case notADuration(String)
    case tooLarge(String)

    public var message: String {
      switch self {
      case .notAWholeNumber(let field): "\(field): a whole number above 0, such as 4."
      case .notADuration(let field): "\(field): minutes (45) or hours and minutes (1h 30m)."
      case .tooLarge(let field): "\(field) is too large."
      }
    }
  }

  /// Servings: a positive whole number ("4"); empty clears it.
  public static func servings(_ text: String) -> Result<Int?, Problem> {
    let trimmed = MealRules.trimmed(text)
    if trimmed.isEmpty { return .success(nil) }
    guard let value = Int(trimmed), value > 0 else { return .failure(.notAWholeNumber("Servings")) }
    guard value <= 1_000 else { return .failure(.tooLarge("Servings")) }
    return .success(value)
  }

  /// The servings a file states before any words (`4`, `4 people`), when they are allowed
  /// (`0` and `5000` are not: the meal is kept without them).
  public static func leadingServings(_ text: String) -> Int? {
    let digits = MealRules.trimmed(text).prefix { $0.isASCII && $0.isNumber }
    guard case .success(let value) = servings(String(digits)) else { return nil }
    return value
  }

  /// Total time in minutes: "45", "45 min", "1h 30m", "1 hr 30 mins", "2 hours"; empty clears.
  public static func minutes(_ text: String) -> Result<Int?, Problem> {
    let trimmed = MealRules.trimmed(text).lowercased()
    if trimmed.isEmpty { return .success(nil) }
    var total = 0
    var number: Int?
    var sawUnit = false
    var index = trimmed.startIndex
    while index < trimmed.endIndex {
      let character = trimmed[index]
      if character.isWholeNumber, let digit = character.wholeNumberValue {
        number = (number ?? 0) * 10 + digit
        guard (number ?? 0) < 100_000 else { return .failure(.tooLarge("Total time")) }
        index = trimmed.index(after: index)
      } else if character == " " {
        index = trimmed.index(after: index)
      } else if character.isLetter {
        let start = index
        while index < trimmed.endIndex && trimmed[index].isLetter {
          index = trimmed.index(after: index)
        }
        let unit = trimmed[start..<index]
        guard let value = number else { return .failure(.notADuration("Total time")) }
        switch unit {
        case "h", "hr", "hrs", "hour", "hours": total += value * 60
        case "m", "min", "mins", "minute", "minutes": total += value
        default: return .failure(.notADuration("Total time"))
        }
        number = nil
        sawUnit = true
      } else {
        return .failure(.notADuration("Total time"))
      }
    }
    if let number {
      // A bare number is minutes; after "1h" it is the minutes too ("1h 30").
      total += number
    } else if !sawUnit {
      return .failure(.notADuration("Total time"))
    }
    guard total > 0 else { return .failure(.notADuration("Total time")) }
    guard total <= 100_000 else { return .failure(.tooLarge("Total time")) }
    return .success(total)
  }

  /// "45 min", "1 h 30 min", "2 h".
  public static func describeMinutes(_ minutes: Int) -> String {
    let hours = minutes / 60
    let rest = minutes % 60
    if hours == 0 { return "\(rest) min" }
    return rest == 0 ? "\(hours) h" : "\(hours) h \(rest) min"
  }

  /// "★★★★☆" for 4 of 5; empty when not rated.
  public static func stars(_ rating: Int) -> String {
    guard rating > 0 else { return "" }
    let filled = min(5, rating)
    return String(repeating: "★", count: filled) + String(repeating: "☆", count: 5 - filled)
  }

  /// Tags typed as "Pasta, Quick,, spicy": trimmed, empty ones dropped, repeats removed.
  public static func tags(_ text: String) -> [String] {
    var seen: Set<String> = []
    return text.split(separator: ",").map { MealRules.trimmed(String($0)) }.filter {
      !$0.isEmpty && seen.insert($0.lowercased()).inserted
    }
  }
}
