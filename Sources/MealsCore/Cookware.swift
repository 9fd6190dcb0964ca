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

  /// The cookware the meal's steps still name, once each, in the order a .cook file marks
  /// it (so the file reads back the same list).
  ///
  /// An edit may have taken a word out. A second entry of one name refers to the first (its
  /// quantity kept when only the second says one). Section titles and notes are no steps.
  public static func kept(_ cookware: [Cookware], in meal: Meal) -> [Cookware] {
    guard !cookware.isEmpty else { return [] }
    var once: [Cookware] = []
    for item in cookware {
      if let index = once.firstIndex(where: { $0.name.lowercased() == item.name.lowercased() }) {
        if once[index].quantity.isEmpty { once[index].quantity = item.quantity }
      } else {
        once.append(item)
      }
    }
    var placed = meal
    let lines = Cooklang.stepLines(of: meal).map(Array.init)
    placed.cookware = once.map { $0.spelled(as: lines) }
    return Cooklang.marks(of: placed).cookware.map(\.cookware)
  }

  /// The name as the steps write it, when they write it only in other letter case (an
  /// export's `Blender`, the steps' "blender"): a mark names the steps' own word.
  func spelled(as lines: [[Character]]) -> Cookware {
    let (base, note) = Cooklang.withNote(name)
    let wanted = Array(base)
    guard !lines.contains(where: { Self.firstWord(wanted, in: $0) != nil }) else { return self }
    for line in lines {
      if let start = Self.firstWord(wanted, in: line, ignoringCase: true) {
        let written = String(line[start..<start + wanted.count])
        return Cookware(name: note.map { "\(written) (\($0))" } ?? written, quantity: quantity)
      }
    }
    return self
  }

  /// The first place `name` stands as a word of its own in `text` (no letter or digit either
  /// side), in characters; in any letter case with `ignoringCase`.
  public static func firstWord(
    _ name: [Character], in text: [Character], from: Int = 0, ignoringCase: Bool = false
  ) -> Int? {
    guard !name.isEmpty, from >= 0 else { return nil }
    let same: (Character, Character) -> Bool =
      ignoringCase ? { $0 == $1 || $0.lowercased() == $1.lowercased() } : { $0 == $1 }
    var start = from
    while start + name.count <= text.count {
      if same(text[start], name[0]),
        zip(text[start..<start + name.count], name).allSatisfy(same)
      {
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
