import MealsCore

/// The short-text index behind one- and two-character searches (`鸡`, `&`, `'s`), which a
/// trigram index cannot answer.
///
/// Each special character of a field (see `FilterQuery.isSpecial`) and each pair of
/// neighbours holding one becomes a token of hex digits (`u9e21`, `u27u73`), ASCII letters
/// lower-cased as LIKE compares them; `meal_grams` indexes those tokens, so a one- or
/// two-character search is one exact token lookup.
enum SubstringGrams {
  /// The SQL function computing a meal's tokens from its name, ingredients and instructions.
  static let functionName = "meals_grams"

  /// Every distinct token of the fields, separated by spaces.
  static func tokens(of fields: [String]) -> String {
    var seen = Set<String>()
    var tokens: [String] = []
    func add(_ token: String) {
      if seen.insert(token).inserted { tokens.append(token) }
    }
    for field in fields {
      var previous: Unicode.Scalar?
      for raw in field.unicodeScalars {
        // Line breaks join ingredient names: a search (one line) never spans them.
        if raw.properties.generalCategory == .control {
          previous = nil
          continue
        }
        let scalar = FilterQuery.asciiLowercased(raw)
        let special = FilterQuery.isSpecial(scalar)
        if special { add(token([scalar])) }
        if let previous, special || FilterQuery.isSpecial(previous) {
          add(token([previous, scalar]))
        }
        previous = scalar
      }
    }
    return tokens.joined(separator: " ")
  }

  /// The token of one or two characters, as `tokens(of:)` writes it.
  static func token(_ scalars: [Unicode.Scalar]) -> String {
    scalars.map { "u" + String($0.value, radix: 16) }.joined()
  }

  /// The token to look up for a search of one or two characters, or nil for longer text.
  static func token(forSearch text: String) -> String? {
    let scalars = text.unicodeScalars.map(FilterQuery.asciiLowercased)
    guard (1...2).contains(scalars.count) else { return nil }
    return token(scalars)
  }
}
