import FoundationEssentials

/// A measure read the way a cook reads it: an amount (maybe a range), a unit the app knows
/// (or none), and whatever else it says, kept as written (`2 cloves chopped`, `1 (12 oz.)`).
///
/// `Quantity(parsing:)` is nil for measures that are not amounts (`Pinch`, `to taste`), which
/// are shown untouched. Scaling multiplies the amount, and an equivalent in another unit
/// written after it (`50g/2oz`, `6 tbsp (85 grams)`).
public struct Quantity: Equatable, Sendable {
  /// Words before the amount, as written (`Juice of `).
  public var prefix: String
  public var amount: Amount
  public var unit: MeasureUnit?
  /// The same amount in another unit, written after the first (`/2oz`, ` (85 grams)`).
  public var equivalent: Equivalent?
  /// The rest as written: an unknown unit and notes (` cloves chopped`, ` (12 oz.)`).
  public var rest: String

  /// A number, or a range of two (`2-3`, `2 to 3`).
  public struct Amount: Equatable, Sendable {
    public var low: Double
    public var high: Double?

    public init(_ low: Double, _ high: Double? = nil) {
      self.low = low
      self.high = high
    }

    public func scaled(by factor: Double) -> Amount {
      Amount(low * factor, high.map { $0 * factor })
    }
  }

  /// An amount in another unit, between an opening (`/`, ` (`) and a closing (`)`) text.
  public struct Equivalent: Equatable, Sendable {
    public var opening: String
    public var amount: Amount
    public var unit: MeasureUnit
    public var closing: String
  }

  public init(
    prefix: String = "", amount: Amount, unit: MeasureUnit? = nil, equivalent: Equivalent? = nil,
    rest: String = ""
  ) {
    self.prefix = prefix
    self.amount = amount
    self.unit = unit
    self.equivalent = equivalent
    self.rest = rest
  }

  // MARK: - Parsing

  /// Reads a measure; nil when it does not start with an amount (after words ending in `of`).
  public init?(parsing measure: String) {
    let text = Array(MealRules.trimmed(measure))
    var position = 0
    var prefix = ""
    if !Self.startsNumber(text, at: 0) {
      // "Juice of 1/2", "Grated Zest of 2": the words stay, the amount scales.
      let string = String(text)
      guard let range = string.firstRange(ofText: " of ", ignoringCase: true) else { return nil }
      prefix = String(string[..<range.upperBound])
      position = prefix.count
      guard Self.startsNumber(text, at: position) else { return nil }
    }
    guard let amount = Self.readAmount(text, at: &position), amount.low > 0, amount.low.isFinite
    else { return nil }
    var unit: MeasureUnit?
    var afterUnit = position
    if let (found, end) = Self.readUnit(text, at: position) {
      unit = found
      afterUnit = end
    }
    var equivalent: Equivalent?
    if unit != nil, let (found, end) = Self.readEquivalent(text, at: afterUnit) {
      equivalent = found
      afterUnit = end
    }
    self.init(
      prefix: prefix, amount: amount, unit: unit, equivalent: equivalent,
      rest: String(text[afterUnit...]))
  }

  static let vulgarFractions: [Character: Double] = [
    "½": 1 / 2, "⅓": 1 / 3, "⅔": 2 / 3, "¼": 1 / 4, "¾": 3 / 4, "⅕": 1 / 5, "⅖": 2 / 5, "⅗": 3 / 5,
    "⅘": 4 / 5, "⅙": 1 / 6, "⅚": 5 / 6, "⅛": 1 / 8, "⅜": 3 / 8, "⅝": 5 / 8, "⅞": 7 / 8,
  ]

  private static func startsNumber(_ text: [Character], at index: Int) -> Bool {
    index < text.count && (isDigit(text[index]) || vulgarFractions[text[index]] != nil)
  }

  /// A number, a mixed number or a range, moving `position` past it.
  private static func readAmount(_ text: [Character], at position: inout Int) -> Amount? {
    guard let low = readNumber(text, at: &position) else { return nil }
    // A range: "2-3", "2 - 3", "2–3", "2 to 3", "2 or 3".
    var look = position
    skipSpaces(text, &look)
    var separator = false
    if look < text.count, "-–—".contains(text[look]) {
      look += 1
      separator = true
    } else {
      for word in ["to", "or"] where matchesWord(text, word, at: look) {
        look += word.count
        separator = true
        break
      }
    }
    if separator {
      skipSpaces(text, &look)
      var end = look
      if startsNumber(text, at: look), let high = readNumber(text, at: &end), high > low {
        position = end
        return Amount(low, high)
      }
    }
    return Amount(low)
  }

  /// One number: `1`, `1.5`, `1,5`, `1/2`, `3⁄4`, `½`, `1 1/2`, `1½`, `1-½`.
  private static func readNumber(_ text: [Character], at position: inout Int) -> Double? {
    if position < text.count, let fraction = vulgarFractions[text[position]] {
      position += 1
      return fraction
    }
    var index = position
    guard let whole = readDigits(text, at: &index) else { return nil }
    // A decimal: "1.5", "0.25".
    if index + 1 < text.count, text[index] == ".", isDigit(text[index + 1]) {
      var end = index + 1
      while end < text.count, isDigit(text[end]) { end += 1 }
      guard let value = Double(String(text[position..<end])) else { return nil }
      position = end
      return value
    }
    // A decimal comma, as most of Europe writes one: "1,5", "0,25". One or two digits after
    // it only: "1,500" is English's thousand and five hundred, and stays as written.
    if index + 1 < text.count, text[index] == ",", isDigit(text[index + 1]) {
      var end = index + 1
      while end < text.count, isDigit(text[end]) { end += 1 }
      if end - index - 1 <= 2,
        let value = Double(String(text[position..<index]) + "." + String(text[(index + 1)..<end]))
      {
        position = end
        return value
      }
    }
    // A fraction: "1/2", "3⁄4" ("1/0" is no amount at all).
    if index < text.count, "/⁄".contains(text[index]) {
      var end = index + 1
      if let denominator = readDigits(text, at: &end) {
        guard denominator > 0 else { return nil }
        position = end
        return whole / denominator
      }
    }
    // A mixed number: "1½", "1 ½", "1-½", "1 1/2".
    var look = index
    if look < text.count, text[look] == " " || text[look] == "-" { look += 1 }
    if look < text.count, let fraction = vulgarFractions[text[look]] {
      position = look + 1
      return whole + fraction
    }
    if look > index {
      var end = look
      if let numerator = readDigits(text, at: &end), end < text.count, "/⁄".contains(text[end]) {
        end += 1
        if let denominator = readDigits(text, at: &end), numerator < denominator {
          position = end
          return whole + numerator / denominator
        }
      }
    }
    position = index
    return whole
  }

  private static func isDigit(_ character: Character) -> Bool {
    character.isASCII && character.isNumber
  }

  private static func readDigits(_ text: [Character], at index: inout Int) -> Double? {
    let start = index
    while index < text.count, isDigit(text[index]) { index += 1 }
    guard index > start, index - start <= 9 else {
      index = start
      return nil
    }
    return Double(String(text[start..<index]))
  }

  /// A known unit right after the amount (spaces allowed before it): its end.
  private static func readUnit(_ text: [Character], at start: Int) -> (MeasureUnit, Int)? {
    var index = start
    skipSpaces(text, &index)
    // Two words first ("fl oz", "table spoons"), then one.
    for words in [2, 1] {
      var end = index
      var spelling = ""
      for word in 0..<words {
        if word > 0 {
          guard end < text.count, text[end] == " " else { break }
          end += 1
          spelling.append(" ")
        }
        let wordStart = end
        while end < text.count, text[end].isLetter || text[end] == "." { end += 1 }
        guard end > wordStart else { break }
        spelling += String(text[wordStart..<end])
      }
      // The unit must end the word: "100g" yes, "100grated" no.
      if end <= text.count, end == text.count || !text[end].isLetter,
        let unit = MeasureUnit(spelling: spelling)
      {
        return (unit, end)
      }
    }
    return nil
  }

  /// `/2oz` or ` (85 grams)` right after a known unit.
  private static func readEquivalent(_ text: [Character], at start: Int) -> (Equivalent, Int)? {
    var index = start
    skipSpaces(text, &index)
    guard index < text.count, text[index] == "/" || text[index] == "(" else { return nil }
    let paren = text[index] == "("
    index += 1
    skipSpaces(text, &index)
    let opening = String(text[start..<index])
    var position = index
    guard startsNumber(text, at: position), let amount = readAmount(text, at: &position),
      amount.low > 0, let (unit, end) = readUnit(text, at: position)
    else { return nil }
    var after = end
    if paren {
      guard after < text.count, text[after] == ")" else { return nil }
      after += 1
    }
    let closing = paren ? ")" : ""
    return (Equivalent(opening: opening, amount: amount, unit: unit, closing: closing), after)
  }

  private static func skipSpaces(_ text: [Character], _ index: inout Int) {
    while index < text.count, text[index] == " " { index += 1 }
  }

  private static func matchesWord(_ text: [Character], _ word: String, at index: Int) -> Bool {
    let end = index + word.count
    guard end <= text.count, String(text[index..<end]).lowercased() == word else { return false }
    return end == text.count || text[end] == " " || text[end].isNumber
  }
}

// MARK: - A measure written before its ingredient

extension Quantity {
  /// How many characters at the start of `line` are a measure: `2 cups flour` → 6, `1 (12 oz.)
  /// can beans` → 10; nil when the line does not start with an amount.
  public static func measureLength(atStartOf line: String) -> Int? {
    let text = Array(line)
    var position = 0
    guard startsNumber(text, at: 0), let amount = readAmount(text, at: &position), amount.low > 0
    else { return nil }
    if let (_, end) = readUnit(text, at: position) {
      position = end
      if let (_, after) = readEquivalent(text, at: position) { position = after }
    } else {
      // A can's size: "1 (12 oz.) can".
      var index = position
      skipSpaces(text, &index)
      if index < text.count, text[index] == "(", let close = text[index...].firstIndex(of: ")") {
        position = close + 1
      }
    }
    return position
  }
}
