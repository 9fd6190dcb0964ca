/// A utensil a step names (`#wok{}`, `#pot{2}`), as a .cook file marks it: kept so a file
/// written by hand keeps its marks when the book writes it again.
public struct Cookware: Equatable, Hashable, Sendable, Codable {
  public var name: String
  /// As the mark says it (`2`, `large`); empty for none.
  public var quantity: String

  public init(name: String, quantity: String = "") {
    self.name = name
    self.quantity = quantity
  }

  /// `wok`, or `pot (2)` with a quantity: how the meal's page lists it.
  public var label: String { quantity.isEmpty ? name : "\(name) (\(quantity))" }

  // MARK: - Keeping it with the steps

  /// The cookware the steps still name, once each, in the order they first name it.
  ///
  /// An edit may have taken a word out; in this order a .cook file marks each where it is
  /// first named and reads back the same list. Section titles and notes (`> …`) are no steps.
  public static func kept(_ cookware: [Cookware], in instructions: String, titles: [String])
    -> [Cookware]
  {
    guard !cookware.isEmpty else { return [] }
    let steps = stepLines(instructions, titles: titles).map(Array.init)
    // Once each: a second mark of the same name refers to the first (its quantity kept when
    // only the second says one).
    var once: [Cookware] = []
    for item in cookware {
      if let index = once.firstIndex(where: { $0.name.lowercased() == item.name.lowercased() }) {
        if once[index].quantity.isEmpty { once[index].quantity = item.quantity }
      } else {
        once.append(item)
      }
    }
    return
      once
      .compactMap { item -> (Cookware, Int, Int)? in
        // A note (`pan (large)`) is no word of the step: the name before it is.
        let name = Array(Cooklang.withNote(item.name).0)
        for (line, text) in steps.enumerated() {
          if let start = firstWord(name, in: text) { return (item, line, start) }
        }
        return nil
      }
      .sorted { ($0.1, $0.2) < ($1.1, $1.2) }
      .map(\.0)
  }

  /// The instructions' lines, trimmed, with a section title or a note as an empty line (no
  /// mark goes there), blank lines left out: the steps as a .cook file writes them.
  public static func stepLines(_ instructions: String, titles: [String]) -> [String] {
    let titles = Set(titles)
    return instructions.split(separator: "\n").map { MealRules.trimmed(String($0)) }
      .filter { !$0.isEmpty }
      .map { titles.contains($0) || $0.hasPrefix(">") ? "" : $0 }
  }

  /// The first place `name` stands as a word of its own in `text` (no letter or digit either
  /// side), in characters.
  public static func firstWord(_ name: [Character], in text: [Character], from: Int = 0) -> Int? {
    guard !name.isEmpty, from >= 0 else { return nil }
    var start = from
    while start + name.count <= text.count {
      if text[start] == name[0], Array(text[start..<start + name.count]) == name {
        let before = start == 0 ? nil : text[start - 1]
        let after = start + name.count < text.count ? text[start + name.count] : nil
        if isBoundary(before), isBoundary(after) { return start }
      }
      start += 1
    }
    return nil
  }

  private static func isBoundary(_ character: Character?) -> Bool {
    character.map { !$0.isLetter && !$0.isNumber } ?? true
  }

  // MARK: - Stored

  /// The list as the database holds it: one a line, a tab before a quantity.
  public static func stored(_ cookware: [Cookware]) -> String {
    cookware.map { $0.quantity.isEmpty ? $0.name : $0.name + "\t" + $0.quantity }
      .joined(separator: "\n")
  }

  /// The list from the database's text.
  public static func list(stored text: String) -> [Cookware] {
    text.split(separator: "\n").map { line in
      let parts = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
      return Cookware(name: String(parts[0]), quantity: parts.count > 1 ? String(parts[1]) : "")
    }
  }
}
