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

  /// A meal's cookware as one line: `wok, pot (2)`.
  public static func line(_ cookware: [Cookware]) -> String {
    cookware.map(\.label).joined(separator: ", ")
  }

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
    let steps = Cooklang.stepLines(of: meal)
    let texts = steps.map(Array.init)
    placed.cookware = once.map { $0.spelled(as: texts) }
    return Cooklang.marks(of: placed, steps: steps).cookware.map(\.cookware)
  }

  /// The name as the steps write it, when they write it only in other letter case (an
  /// export's `Blender`, the steps' "blender"): a mark names the steps' own word.
  func spelled(as lines: [[Character]]) -> Cookware {
    let (base, note) = Cooklang.withNote(name)
    let wanted = Array(base)
    guard !lines.contains(where: { Cooklang.wordStart(wanted, in: $0) != nil }) else {
      return self
    }
    for line in lines {
      if let start = Cooklang.wordStart(wanted, in: line, ignoringCase: true) {
        let written = String(line[start..<start + wanted.count])
        return Cookware(name: note.map { "\(written) (\($0))" } ?? written, quantity: quantity)
      }
    }
    return self
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
