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
    placed.cookware = once
    return Cooklang.marks(of: placed).cookware.map(\.cookware)
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
