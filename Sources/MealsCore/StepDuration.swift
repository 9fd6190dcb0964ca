import FoundationEssentials

/// A length of time written in a step (`10 minutes`, `1 hr 30 mins`, `30-40 mins`): where it
/// is, and the seconds a timer for it runs (a range's lower bound, the range kept for show).
public struct StepDuration: Equatable, Sendable {
  /// Where the phrase is in the step's text.
  public var range: Range<String.Index>
  public var seconds: Int
  /// The upper bound of a range (`30-40 mins`), in seconds.
  public var upperSeconds: Int?

  /// Every duration in `text`, in order.
  ///
  /// Words like `overnight` or `a few minutes` are not durations a timer can count.
  public static func find(in text: String) -> [StepDuration] {
    guard let pattern else { return [] }
    var found: [StepDuration] = []
    var position = text.startIndex
    while position < text.endIndex, let match = text[position...].firstMatch(of: pattern) {
      // No letter, digit or point just before (Swift's Regex has no lookbehind): `x10 min`
      // is not a duration, and the search goes on inside it, as a lookbehind's would.
      if match.range.lowerBound > text.startIndex,
        let before = text.unicodeScalars[..<match.range.lowerBound].last,
        before == "." || isWordScalar(before)
      {
        position = text.unicodeScalars.index(after: match.range.lowerBound)
        continue
      }
      position =
        match.range.upperBound > match.range.lowerBound
        ? match.range.upperBound : text.unicodeScalars.index(after: match.range.lowerBound)
      if let duration = duration(match) { found.append(duration) }
    }
    return found
  }

  /// A scalar of a word, as ICU's `\w` has it: a letter, a mark, a digit, a joiner or `_`.
  private static func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .decimalNumber, .nonspacingMark, .spacingMark, .enclosingMark, .connectorPunctuation:
      return true
    default:
      return scalar.properties.isAlphabetic || scalar == "\u{200C}" || scalar == "\u{200D}"
    }
  }

  /// The duration a match of `pattern` says, or nil (less than a second, or no unit).
  private static func duration(_ match: Regex<AnyRegexOutput>.Match) -> StepDuration? {
    func group(_ index: Int) -> String? {
      match.output[index].substring.map(String.init)
    }
    guard let first = group(1).flatMap(value), let unit = group(3).flatMap(unitSeconds) else {
      return nil
    }
    var seconds = first * unit
    var upper = group(2).flatMap(value).map { $0 * unit }
    if let more = group(4).flatMap(value), let moreUnit = group(5).flatMap(unitSeconds) {
      seconds += more * moreUnit
      upper = upper.map { $0 + more * moreUnit }
    }
    guard seconds >= 1 else { return nil }
    return StepDuration(
      range: match.range, seconds: Int(seconds.rounded()),
      upperSeconds: upper.map { Int($0.rounded()) })
  }

  private static let numberPattern =
    #"\d+(?:\.\d+)?(?:\s*[½¼¾⅓⅔])?|[½¼¾⅓⅔]|\d+/\d+|an?|one|two|three|four|five|six|seven|eight|nine|ten|fifteen|twenty|thirty|forty|forty-five|sixty|half an?"#
  private static let unitPattern = #"hours?|hrs?|h|minutes?|mins?|m|seconds?|secs?|s"#

  /// The expression, built once; a constant, so the tests prove it compiles.
  ///
  /// Scalars, as ICU's expressions matched them; simple word boundaries (a letter, then not one).
  nonisolated(unsafe) private static let pattern: Regex<AnyRegexOutput>? = {
    let source =
      "(?i)(\(numberPattern))(?:\\s*(?:-|–|to)\\s*(\(numberPattern)))?[\\s-]*(\(unitPattern))\\b"
      + "(?:,?\\s*(?:and\\s+)?(\(numberPattern))[\\s-]*(\(unitPattern))\\b)?"
    return try? Regex(source).matchingSemantics(.unicodeScalar).wordBoundaryKind(.simple)
  }()

  private static let words: [String: Double] = [
    "a": 1, "an": 1, "one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6, "seven": 7,
    "eight": 8, "nine": 9, "ten": 10, "fifteen": 15, "twenty": 20, "thirty": 30, "forty": 40,
    "forty-five": 45, "sixty": 60, "half a": 0.5, "half an": 0.5,
  ]

  static func value(_ text: String) -> Double? {
    let lower = text.lowercased()
    if let word = words[lower] { return word }
    if lower.contains("/") {
      let parts = lower.split(separator: "/").compactMap { Double($0) }
      return parts.count == 2 && parts[1] > 0 ? parts[0] / parts[1] : nil
    }
    var number = lower.trimmingSpaces()
    var fraction = 0.0
    if let last = number.last, let vulgar = Quantity.vulgarFractions[last] {
      fraction = vulgar
      number = String(number.dropLast()).trimmingSpaces()
    }
    if number.isEmpty { return fraction > 0 ? fraction : nil }
    return Double(number).map { $0 + fraction }
  }

  static func unitSeconds(_ text: String) -> Double? {
    switch text.lowercased() {
    case "h", "hr", "hrs", "hour", "hours": 3600
    case "m", "min", "mins", "minute", "minutes": 60
    case "s", "sec", "secs", "second", "seconds": 1
    default: nil
    }
  }
}
