/// A length of time written in a step (`10 minutes`, `1 hr 30 mins`, `30-40 mins`): where it
/// is, and the seconds a timer for it runs (a range's lower bound, the range kept for show).
///
/// Read by a scanner written for the one grammar (Cook Mode asks at every frame: an
/// expression engine took ~1 ms a step, this takes microseconds):
///
///     AMOUNT [ (- | – | to) AMOUNT ] UNIT [ [,] [and] AMOUNT UNIT ]
///
/// An amount is digits (`1.5`, `1½`, `1/2`), a fraction sign, or a word (`a`, `an`, `one` …
/// `sixty`, `forty-five`, `half a`); a unit is `h`/`hr`/`hour`, `m`/`min`/`minute`,
/// `s`/`sec`/`second` (plurals too), in any case. A phrase starts where no letter, digit or
/// point comes just before, and its unit ends a word; after a word, a unit comes after a space
/// (`as` or `am` is no `a s`).
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
    let scanner = Scanner(text)
    var found: [StepDuration] = []
    var position = 0
    while position < scanner.scalars.count {
      if let (duration, end) = scanner.duration(at: position) {
        found.append(duration)
        position = end
      } else {
        position += 1
      }
    }
    return found
  }

  // MARK: - Words

  private static let words: [(word: [Unicode.Scalar], value: Double)] = [
    // Longer words first where one starts another (`forty-five` before `forty`, `an` before `a`).
    ("half an", 0.5), ("half a", 0.5), ("forty-five", 45), ("fifteen", 15), ("an", 1), ("a", 1),
    ("one", 1), ("two", 2), ("three", 3), ("four", 4), ("five", 5), ("six", 6), ("seven", 7),
    ("eight", 8), ("nine", 9), ("ten", 10), ("twenty", 20), ("thirty", 30), ("forty", 40),
    ("sixty", 60),
  ].map { (Array($0.0.unicodeScalars), $0.1) }

  private static let units: [(word: [Unicode.Scalar], seconds: Double)] = [
    ("hours", 3600), ("hour", 3600), ("hrs", 3600), ("hr", 3600), ("h", 3600),
    ("minutes", 60), ("minute", 60), ("mins", 60), ("min", 60), ("m", 60),
    ("seconds", 1), ("second", 1), ("secs", 1), ("sec", 1), ("s", 1),
  ].map { (Array($0.0.unicodeScalars), $0.1) }

  private static let fractions: [Unicode.Scalar: Double] = [
    "½": 0.5, "¼": 0.25, "¾": 0.75, "⅓": 1.0 / 3, "⅔": 2.0 / 3,
  ]

  // MARK: - Scanning

  /// The longest time read as a timer, in seconds: a month.
  static let longest = 31.0 * 24 * 3_600

  /// The text as scalars, read at offsets; each reader returns what it read and where it ends.
  private struct Scanner {
    let text: String
    let scalars: [Unicode.Scalar]

    init(_ text: String) {
      self.text = text
      scalars = Array(text.unicodeScalars)
    }

    /// The duration starting at `start`, and the offset after it; nil when none starts there.
    func duration(at start: Int) -> (StepDuration, Int)? {
      if start > 0, scalars[start - 1] == "." || isWordScalar(scalars[start - 1]) { return nil }
      guard let first = amount(at: start) else { return nil }
      var lower = first.value
      var upper: Double?
      var end = first.end
      // A range: `30-40`, `2 to 3`.
      var amountIsWord = first.isWord
      if let separator = rangeSeparator(at: skipSpaces(from: end)),
        let second = amount(at: skipSpaces(from: separator)),
        unit(after: second) != nil
      {
        upper = second.value
        end = second.end
        amountIsWord = second.isWord
      }
      guard let unit = unit(after: (first.value, end, amountIsWord)) else { return nil }
      lower *= unit.seconds
      upper = upper.map { $0 * unit.seconds }
      end = unit.end
      // More of it: `1 hr 30 mins`, `1 hour and 15 minutes`.
      if let (more, moreEnd) = addition(at: end) {
        lower += more
        upper = upper.map { $0 + more }
        end = moreEnd
      }
      // No timer under a second, nor over a month (a number of 30 digits is no cooking time).
      guard lower >= 1, lower <= StepDuration.longest, (upper ?? 0) <= StepDuration.longest
      else { return nil }
      let indices = text.unicodeScalars
      let from = indices.index(indices.startIndex, offsetBy: start)
      let duration = StepDuration(
        range: from..<indices.index(from, offsetBy: end - start),
        seconds: Int(lower.rounded()), upperSeconds: upper.map { Int($0.rounded()) })
      return (duration, end)
    }

    /// `[,] [and] AMOUNT UNIT` after a unit: its seconds and where it ends.
    private func addition(at start: Int) -> (Double, Int)? {
      var position = start
      if position < scalars.count, scalars[position] == "," { position += 1 }
      position = skipSpaces(from: position)
      if let and = word("and", at: position), and < scalars.count,
        scalars[and].properties.isWhitespace
      {
        position = skipSpaces(from: and)
      }
      guard let more = amount(at: position), let unit = unit(after: more) else { return nil }
      return (more.value * unit.seconds, unit.end)
    }

    /// A number (`10`, `1.5`, `1½`, `½`, `1/2`) or a number's word.
    private func amount(at start: Int) -> (value: Double, end: Int, isWord: Bool)? {
      guard start < scalars.count else { return nil }
      let first = scalars[start]
      if let fraction = fractions[first] { return (fraction, start + 1, false) }
      if isDigit(first) {
        var end = digits(from: start)
        var value = Double(String(String.UnicodeScalarView(scalars[start..<end]))) ?? 0
        if end < scalars.count, scalars[end] == "/", digits(from: end + 1) > end + 1 {
          let denominatorEnd = digits(from: end + 1)
          let denominator =
            Double(String(String.UnicodeScalarView(scalars[(end + 1)..<denominatorEnd]))) ?? 0
          guard denominator > 0 else { return nil }
          return (value / denominator, denominatorEnd, false)
        }
        if end + 1 < scalars.count, scalars[end] == ".", isDigit(scalars[end + 1]) {
          let fractionEnd = digits(from: end + 1)
          value = Double(String(String.UnicodeScalarView(scalars[start..<fractionEnd]))) ?? value
          end = fractionEnd
        }
        let afterSpaces = skipSpaces(from: end)
        if afterSpaces < scalars.count, let fraction = fractions[scalars[afterSpaces]] {
          return (value + fraction, afterSpaces + 1, false)
        }
        // `1 1/2 hours`: a whole number, a space, then a fraction under one.
        if afterSpaces > end, afterSpaces < scalars.count, isDigit(scalars[afterSpaces]) {
          let numeratorEnd = digits(from: afterSpaces)
          if numeratorEnd < scalars.count, scalars[numeratorEnd] == "/",
            digits(from: numeratorEnd + 1) > numeratorEnd + 1
          {
            let denominatorEnd = digits(from: numeratorEnd + 1)
            let numerator =
              Double(String(String.UnicodeScalarView(scalars[afterSpaces..<numeratorEnd]))) ?? 0
            let denominator =
              Double(
                String(String.UnicodeScalarView(scalars[(numeratorEnd + 1)..<denominatorEnd])))
              ?? 0
            if denominator > numerator, numerator > 0 {
              return (value + numerator / denominator, denominatorEnd, false)
            }
          }
        }
        return (value, end, false)
      }
      for (text, value) in StepDuration.words {
        if let end = word(text, at: start) { return (value, end, true) }
      }
      return nil
    }

    /// The unit after an amount, past spaces and dashes (at least one after a word).
    private func unit(after amount: (value: Double, end: Int, isWord: Bool)) -> (
      seconds: Double, end: Int
    )? {
      let start = skipSpacesAndDashes(from: amount.end)
      guard start > amount.end || !amount.isWord else { return nil }
      return unit(at: start)
    }

    /// A unit that ends a word, and its seconds.
    private func unit(at start: Int) -> (seconds: Double, end: Int)? {
      for (text, seconds) in StepDuration.units {
        if let end = word(text, at: start), end == scalars.count || !isWordScalar(scalars[end]) {
          return (seconds, end)
        }
      }
      return nil
    }

    /// `-`, `–` or `to` (a word) at `start`: where it ends.
    private func rangeSeparator(at start: Int) -> Int? {
      guard start < scalars.count else { return nil }
      if scalars[start] == "-" || scalars[start] == "–" { return start + 1 }
      guard let end = word("to", at: start), end == scalars.count || !isWordScalar(scalars[end])
      else { return nil }
      return end
    }

    /// Where `text` ends when it is at `start` (ASCII letters in either case), else nil.
    private func word(_ text: some Collection<Unicode.Scalar>, at start: Int) -> Int? {
      var position = start
      for wanted in text {
        guard position < scalars.count else { return nil }
        let scalar = scalars[position]
        guard scalar == wanted || (scalar.isASCII && scalar.value | 0x20 == wanted.value) else {
          return nil
        }
        position += 1
      }
      return position
    }

    private func word(_ text: String, at start: Int) -> Int? {
      word(text.unicodeScalars, at: start)
    }

    private func digits(from start: Int) -> Int {
      var end = start
      while end < scalars.count, isDigit(scalars[end]) { end += 1 }
      return end
    }

    private func skipSpaces(from start: Int) -> Int {
      var end = start
      while end < scalars.count, scalars[end].properties.isWhitespace { end += 1 }
      return end
    }

    private func skipSpacesAndDashes(from start: Int) -> Int {
      var end = start
      while end < scalars.count, scalars[end].properties.isWhitespace || scalars[end] == "-" {
        end += 1
      }
      return end
    }

    private func isDigit(_ scalar: Unicode.Scalar) -> Bool {
      ("0"..."9").contains(scalar)
    }

    /// A scalar of a word: a letter, a mark, a digit, a joiner or `_`.
    private func isWordScalar(_ scalar: Unicode.Scalar) -> Bool {
      switch scalar.properties.generalCategory {
      case .decimalNumber, .nonspacingMark, .spacingMark, .enclosingMark, .connectorPunctuation:
        return true
      default:
        return scalar.properties.isAlphabetic || scalar == "\u{200C}" || scalar == "\u{200D}"
      }
    }
  }
}
