import FoundationEssentials

/// Temperatures and lengths inside a recipe's sentences, in the reader's units: `350°F` ↔
/// `175 °C`, `gas mark 4` → `180 °C`, `a 9×13-inch dish` ↔ `a 23×33 cm dish`.
enum SentenceUnits {
  /// The text with every temperature and length it states in `system`'s units; the rest of it
  /// as written.
  static func converted(_ text: String, to system: UnitSystem) -> String {
    guard system != .asWritten, text.contains(where: \.isNumber) else { return text }
    let characters = Array(text)
    var out = ""
    var index = 0
    while index < characters.count {
      let character = characters[index]
      // Only a digit or a `g` (gas mark) can start what is converted.
      guard character.isASCII, character.isNumber || character == "g" || character == "G" else {
        out.append(character)
        index += 1
        continue
      }
      if let (replacement, end) = bothWays(characters, at: index, to: system)
        ?? gasMark(characters, at: index, to: system)
        ?? measurement(characters, at: index, to: system)
      {
        out += replacement
        index = end
      } else {
        out.append(characters[index])
        index += 1
      }
    }
    return out
  }

  // MARK: - Temperatures

  /// Oven temperatures of each gas mark, in °C and °F.
  static let gasMarks: [Int: (celsius: Int, fahrenheit: Int)] = [
    1: (140, 275), 2: (150, 300), 3: (170, 325), 4: (180, 350), 5: (190, 375),
    6: (200, 400), 7: (220, 425), 8: (230, 450), 9: (240, 475),
  ]

  /// `gas mark 4` (any case) as degrees.
  private static func gasMark(_ text: [Character], at index: Int, to system: UnitSystem)
    -> (String, Int)?
  {
    let words = "gas mark "
    guard text[index] == "g" || text[index] == "G", index + words.count < text.count,
      startsWord(text, at: index),
      String(text[index..<index + words.count]).lowercased() == words
    else { return nil }
    var end = index + words.count
    let start = end
    while end < text.count, text[end].isASCII, text[end].isNumber { end += 1 }
    guard end > start, end - start <= 1, endsWord(text, at: end),
      let mark = Int(String(text[start..<end])), let degrees = gasMarks[mark]
    else { return nil }
    return (system == .us ? "\(degrees.fahrenheit) °F" : "\(degrees.celsius) °C", end)
  }

  // MARK: - Written both ways

  /// `220°C (425°F)`, `425 °F / 220 °C`, `9 inch (23 cm)`: a measure the recipe already gives
  /// in both systems is shown once, as it is written in the one asked for (converting the
  /// other too would say it twice: `220°C (220 °C)`).
  private static func bothWays(_ text: [Character], at index: Int, to system: UnitSystem)
    -> (String, Int)?
  {
    guard text[index].isASCII, text[index].isNumber, startsWord(text, at: index) else {
      return nil
    }
    var end = index
    guard number(text, at: &end) != nil, let (first, firstEnd) = unit(text, at: end) else {
      return nil
    }
    var look = firstEnd
    while look < text.count, text[look] == " " { look += 1 }
    guard look < text.count, text[look] == "(" || text[look] == "/" else { return nil }
    let bracket = text[look] == "("
    look += 1
    while look < text.count, text[look] == " " { look += 1 }
    let secondStart = look
    guard number(text, at: &look) != nil, let (second, secondEnd) = unit(text, at: look),
      first.kind == second.kind, first.isMetric != second.isMetric
    else { return nil }
    var close = secondEnd
    if bracket {
      guard close < text.count, text[close] == ")" else { return nil }
      close += 1
    }
    let wantsMetric = system == .metric
    let kept =
      first.isMetric == wantsMetric
      ? text[index..<firstEnd] : text[secondStart..<secondEnd]
    return (String(kept), close)
  }

  // MARK: - Numbers with units

  /// A number (or `N×M`) and a unit of temperature or length at `index`, converted.
  private static func measurement(_ text: [Character], at index: Int, to system: UnitSystem)
    -> (String, Int)?
  {
    guard text[index].isASCII, text[index].isNumber, startsWord(text, at: index) else {
      return nil
    }
    var end = index
    guard let first = number(text, at: &end) else { return nil }
    var numbers = [first]
    // Dimensions: `9×13`, `9 x 13`, `20 x 30 x 5`.
    var separator = ""
    while numbers.count < 3 {
      var look = end
      var spaced = false
      while look < text.count, text[look] == " " {
        look += 1
        spaced = true
      }
      guard look < text.count, "x×X".contains(text[look]) else { break }
      let mark = text[look]
      look += 1
      while look < text.count, text[look] == " " { look += 1 }
      guard let next = number(text, at: &look) else { break }
      separator = spaced ? " \(mark) " : String(mark)
      numbers.append(next)
      end = look
    }
    guard let (unit, unitEnd) = self.unit(text, at: end) else { return nil }
    switch (unit, system) {
    case (.fahrenheit, .metric) where numbers.count == 1:
      let celsius = (numbers[0] - 32) * 5 / 9
      return ("\(Int((celsius / 5).rounded() * 5)) °C", unitEnd)
    case (.celsius, .us) where numbers.count == 1:
      let fahrenheit = numbers[0] * 9 / 5 + 32
      // Ovens are set in 25 °F steps; a thermometer's reading to 5.
      let step: Double = fahrenheit >= 250 ? 25 : 5
      return ("\(Int((fahrenheit / step).rounded() * step)) °F", unitEnd)
    case (.inch, .metric):
      return (lengths(numbers.map { $0 * 2.54 }, separator, unit: "cm"), unitEnd)
    case (.centimetre, .us):
      return (lengths(numbers.map { $0 / 2.54 }, separator, unit: "inch"), unitEnd)
    case (.millimetre, .us):
      return (lengths(numbers.map { $0 / 25.4 }, separator, unit: "inch"), unitEnd)
    default:
      return nil
    }
  }

  /// Lengths as a cook writes them: centimetres to a half below 5, else whole; inches to a
  /// quarter below 1, a half below 10, else whole (as fractions).
  private static func lengths(_ values: [Double], _ separator: String, unit: String) -> String {
    let written = values.map { value -> String in
      if unit == "cm" {
        let rounded = value < 5 ? max(0.5, (value * 2).rounded() / 2) : value.rounded()
        return Quantity.decimal(rounded)
      }
      let step = value < 1 ? 0.25 : value < 10 ? 0.5 : 1
      return Quantity.kitchenFraction(max(step, (value / step).rounded() * step))
    }
    return written.joined(separator: separator) + " " + unit
  }

  /// A plain number: `350`, `2.5`, `1,5`.
  private static func number(_ text: [Character], at index: inout Int) -> Double? {
    let start = index
    while index < text.count, text[index].isASCII, text[index].isNumber { index += 1 }
    guard index > start, index - start <= 5 else {
      index = start
      return nil
    }
    var end = index
    if end + 1 < text.count, text[end] == "." || text[end] == ",", text[end + 1].isASCII,
      text[end + 1].isNumber
    {
      end += 1
      while end < text.count, text[end].isASCII, text[end].isNumber { end += 1 }
      index = end
      return Double(String(text[start..<end]).replacingEvery(",", with: "."))
    }
    return Double(String(text[start..<index]))
  }

  enum Unit {
    case fahrenheit, celsius, inch, centimetre, millimetre

    /// Temperature or length: what a measure written both ways must share.
    var kind: Int {
      switch self {
      case .fahrenheit, .celsius: 0
      case .inch, .centimetre, .millimetre: 1
      }
    }

    var isMetric: Bool { self == .celsius || self == .centimetre || self == .millimetre }
  }

  /// The unit after a number (a space or a hyphen before it allowed), and its end.
  private static func unit(_ text: [Character], at start: Int) -> (Unit, Int)? {
    var index = start
    if index < text.count, text[index] == " " || text[index] == "-" || text[index] == "\u{00A0}" {
      index += 1
    }
    let rest = String(text[index..<min(text.count, index + 12)]).lowercased()
    let spellings: [(String, Unit)] = [
      ("°f", .fahrenheit), ("º f", .fahrenheit), ("° f", .fahrenheit), ("ºf", .fahrenheit),
      ("degrees fahrenheit", .fahrenheit), ("degrees f", .fahrenheit), ("f", .fahrenheit),
      ("°c", .celsius), ("º c", .celsius), ("° c", .celsius), ("ºc", .celsius),
      ("degrees celsius", .celsius), ("degrees c", .celsius), ("c", .celsius),
      ("inches", .inch), ("inch", .inch), ("in.", .inch), ("cm", .centimetre),
      ("mm", .millimetre),
    ]
    for (spelling, unit) in spellings where rest.hasPrefix(spelling) {
      let end = index + spelling.count
      // Each must end a word: `350F`, not `2 cups` or `5 carrots`.
      guard spelling.last == "." || endsWord(text, at: end) else { continue }
      // A bare `F` or `C` only straight after the number (`350F`: `5 C` may be cups), `in.`
      // only after a hyphen (`1-in. cubes`: `put 2 in.` is no length).
      if spelling.count == 1 && index != start { continue }
      if spelling == "in." && (index == start || text[start] != "-") { continue }
      return (unit, end)
    }
    return nil
  }

  private static func startsWord(_ text: [Character], at index: Int) -> Bool {
    index == 0 || !(text[index - 1].isLetter || text[index - 1].isNumber || text[index - 1] == ".")
  }

  private static func endsWord(_ text: [Character], at index: Int) -> Bool {
    index >= text.count || !(text[index].isLetter || text[index].isNumber)
  }
}
