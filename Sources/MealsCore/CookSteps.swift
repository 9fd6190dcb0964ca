import FoundationEssentials

/// One step of Cook Mode, with the heading of the part of the recipe it belongs to.
public struct CookStep: Equatable, Sendable {
  public var text: String
  /// `Glaze`, from a heading line (`Glaze:`) or a schema.org HowToSection; nil before any.
  public var section: String?

  public init(_ text: String, section: String? = nil) {
    self.text = text
    self.section = section
  }
}

/// A meal's instructions as the steps of Cook Mode.
///
/// Numbered lines (`1.`, `1)`, `STEP 1`, `Step 1:`) make the steps when there are two or
/// more; else paragraphs or lines; else sentences. No step is empty, and a paragraph longer
/// than `longest` characters is cut between sentences, never inside a word. A short line
/// ending in a colon (`FILLING:`, `To make the glaze:`) heads the steps after it: it is not a
/// step of its own; so does a line the meal keeps as a section's title (`titles`).
public enum CookSteps {
  /// A step over this many characters is cut between sentences when it has any.
  public static let longest = 1_500
  /// A heading line is at most this many characters.
  static let longestHeading = 60

  /// The steps' texts.
  public static func split(_ instructions: String, titles: [String] = []) -> [String] {
    steps(instructions, titles: titles).map(\.text)
  }

  /// The steps of a meal, its section titles heading them.
  public static func steps(of meal: Meal) -> [CookStep] {
    steps(meal.instructions, titles: meal.sectionTitles)
  }

  public static func steps(_ instructions: String, titles: [String] = []) -> [CookStep] {
    let titles = Set(titles.map(MealRules.trimmed))
    let text =
      instructions.utf8.contains(UInt8(ascii: "\r"))
      ? instructions.replacingEvery("\r\n", with: "\n").replacingEvery("\r", with: "\n")
      : instructions
    let lines = self.lines(text)
    // How the text is cut is decided for the whole of it, then applied to each section.
    let numbered = lines.filter { numberMarker(in: $0) != nil }.count >= 2
    var sections: [(heading: String?, lines: [String])] = [(nil, [])]
    for (index, line) in lines.enumerated() {
      if !(numbered && numberMarker(in: line) != nil),
        let heading = titles.contains(MealRules.trimmed(line))
          ? MealRules.trimmed(line).trimming({ $0 == ":" || $0 == " " }) : heading(line),
        lines[(index + 1)...].contains(where: { !MealRules.isBlank($0) })
      {
        sections.append((heading, []))
      } else {
        sections[sections.count - 1].lines.append(line)
      }
    }
    let paragraphs =
      sections.flatMap(\.lines).filter { !MealRules.isBlank($0) }.count >= 2
    return sections.flatMap { section -> [CookStep] in
      var steps: [String]
      if numbered {
        steps = self.numbered(section.lines)
      } else if paragraphs {
        steps = section.lines.map(MealRules.trimmed).filter { !$0.isEmpty }
      } else {
        steps = sentences(MealRules.trimmed(section.lines.joined(separator: "\n")))
      }
      steps = steps.flatMap { $0.count > longest ? grouped(sentences($0)) : [$0] }
      return steps.map(MealRules.trimmed).filter { !$0.isEmpty }.map {
        CookStep($0, section: section.heading)
      }
    }
  }

  /// `text`'s lines, cut at each line feed (always a character's end, so cut as bytes: a page
  /// of the phone's splits each meal's steps as it is asked for).
  static func lines(_ text: String) -> [String] {
    text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false).map {
      String(Substring($0))
    }
  }

  /// The heading a line is (`FILLING:` → `FILLING`), or nil.
  static func heading(_ line: String) -> String? {
    let trimmed = MealRules.trimmed(line)
    guard trimmed.count >= 2, trimmed.count <= longestHeading, trimmed.hasSuffix(":") else {
      return nil
    }
    let name = MealRules.trimmed(String(trimmed.dropLast()))
    // A sentence that happens to end in a colon is no heading: a heading has no full stop.
    guard !name.isEmpty, !name.contains(". ") else { return nil }
    return name
  }

  // MARK: - Numbered lines

  /// Where a line's step number ends (`1.`, `1)`, `STEP 1`, `Step 1:`), or nil.
  static func numberMarker(in line: String) -> String.Index? {
    let trimmed = line.drop { $0 == " " || $0 == "\t" }
    var rest = trimmed[...]
    if rest.prefix(4).lowercased() == "step" {
      rest = rest.dropFirst(4).drop { $0 == " " }
      let digits = rest.prefix { $0.isASCII && $0.isNumber }
      guard !digits.isEmpty else { return nil }
      rest = rest.dropFirst(digits.count)
      if let first = rest.first, ":.)-".contains(first) { rest = rest.dropFirst() }
      guard rest.first.map({ $0 == " " }) ?? true else { return nil }
      return rest.startIndex
    }
    let digits = rest.prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, digits.count <= 2 else { return nil }
    rest = rest.dropFirst(digits.count)
    guard let first = rest.first, first == "." || first == ")" else { return nil }
    rest = rest.dropFirst()
    // "1.5 kg" is an amount, not a step: the marker is followed by a space or the line's end.
    guard rest.first.map({ $0 == " " || $0 == "\t" }) ?? true else { return nil }
    return rest.startIndex
  }

  /// Each numbered line starts a step, and the lines after it belong to it.
  ///
  /// Text before the first number is a step of its own. The number itself is left out (Cook
  /// Mode counts the steps).
  private static func numbered(_ lines: [String]) -> [String] {
    var steps: [String] = []
    var current: [String] = []
    for line in lines {
      if let end = numberMarker(in: line) {
        steps.append(current.joined(separator: "\n"))
        current = [String(line[end...])]
      } else {
        current.append(line)
      }
    }
    steps.append(current.joined(separator: "\n"))
    return steps.map { step in
      Self.lines(step).map(MealRules.trimmed).filter { !$0.isEmpty }
        .joined(separator: "\n")
    }
  }

  // MARK: - Sentences

  /// Sentences: each ends at `.`, `!` or `?` followed by a space (and the next begins there).
  static func sentences(_ text: String) -> [String] {
    var sentences: [String] = []
    var current = ""
    var previous: Character?
    for character in text {
      if character.isWhitespace, let previous, ".!?".contains(previous), !current.isEmpty {
        sentences.append(MealRules.trimmed(current))
        current = ""
        continue
      }
      current.append(character)
      previous = character
    }
    sentences.append(MealRules.trimmed(current))
    return sentences.filter { !$0.isEmpty }
  }

  /// Sentences joined back into steps of at most `longest` characters (a longer sentence is a
  /// step of its own: it has no break to cut at).
  private static func grouped(_ sentences: [String]) -> [String] {
    var steps: [String] = []
    var current = ""
    for sentence in sentences {
      if !current.isEmpty && current.count + 1 + sentence.count > longest {
        steps.append(current)
        current = ""
      }
      current += current.isEmpty ? sentence : " " + sentence
    }
    if !current.isEmpty { steps.append(current) }
    return steps
  }
}
