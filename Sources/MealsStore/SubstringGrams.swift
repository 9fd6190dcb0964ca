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
      var previous: (scalar: Unicode.Scalar, special: Bool)?
      for raw in field.unicodeScalars {
        // Line breaks join ingredient names: a search (one line) never spans them.
        guard let (scalar, special) = classify(raw) else {
          previous = nil
          continue
        }
        if special { add(token([scalar])) }
        if let previous, special || previous.special { add(token([previous.scalar, scalar])) }
        previous = (scalar, special)
      }
    }
    return tokens.joined(separator: " ")
  }

  /// A scalar as the index keeps it (ASCII letters small) and whether it is special.
  ///
  /// Nil for control characters. ASCII, most of any text, is answered without Unicode tables.
  private static func classify(_ raw: Unicode.Scalar) -> (Unicode.Scalar, Bool)? {
    let value = raw.value
    guard value >= 0x80 else {
      guard value >= 0x20 && value != 0x7F else { return nil }
      let letterOrDigit =
        (0x30...0x39).contains(value) || (0x41...0x5A).contains(value)
        || (0x61...0x7A).contains(value)
      return (FilterQuery.asciiLowercased(raw), !letterOrDigit && value != 0x20)
    }
    if raw.properties.generalCategory == .control { return nil }
    return (raw, FilterQuery.isSpecial(raw))
  }

  /// The token of one or two characters, as `tokens(of:)` writes it.
  static func token(_ scalars: [Unicode.Scalar]) -> String {
    var token = ""
    for scalar in scalars {
      token += "u"
      token += String(scalar.value, radix: 16)
    }
    return token
  }

  /// The token to look up for a search of one or two characters, or nil for longer text.
  static func token(forSearch text: String) -> String? {
    let scalars = text.unicodeScalars.map(FilterQuery.asciiLowercased)
    guard (1...2).contains(scalars.count) else { return nil }
    return token(scalars)
  }
}
