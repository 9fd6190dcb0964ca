import Foundation

/// A meal's instructions as the steps of Cook Mode.
///
/// Numbered lines (`1.`, `1)`, `STEP 1`, `Step 1:`) make the steps when there are two or
/// more; else paragraphs or lines; else sentences. No step is empty, and a paragraph longer
/// than `longest` characters is cut between sentences, never inside a word.
public enum CookSteps {
  /// A step over this many characters is cut between sentences when it has any.
  public static let longest = 1_500

  public static func split(_ instructions: String) -> [String] {
    let text = instructions.replacingOccurrences(of: "\r\n", with: "\n")
      .replacingOccurrences(of: "\r", with: "\n")
    let lines = text.components(separatedBy: "\n")
    var steps: [String]
    if lines.filter({ numberMarker(in: $0) != nil }).count >= 2 {
      steps = numbered(lines)
    } else {
      let paragraphs = lines.map(MealRules.trimmed).filter { !$0.isEmpty }
      steps = paragraphs.count >= 2 ? paragraphs : sentences(MealRules.trimmed(text))
    }
    steps = steps.flatMap { $0.count > longest ? grouped(sentences($0)) : [$0] }
    return steps.map(MealRules.trimmed).filter { !$0.isEmpty }
  }

  // MARK: - Numbered lines

  /// Where a line's step number ends (`1.`, `1)`, `STEP 1`, `Step 1:`), or nil.
  static func numberMarker(in line: String) -> String.Index? {
    let trimmed = line.drop { $0 == " " || $0 == "\t" }
    var rest = trimmed[...]
    if rest.lowercased().hasPrefix("step") {
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
      step.components(separatedBy: "\n").map(MealRules.trimmed).filter { !$0.isEmpty }
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
