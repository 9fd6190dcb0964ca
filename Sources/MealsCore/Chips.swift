/// What a chip filters My Meals by.
public enum Facet: String, CaseIterable, Codable, Sendable {
  case category, area, difficulty
}

/// One filter chip: a facet and one of its values ("Beef", "Italian", "Beginner").
public struct Chip: Hashable, Codable, Sendable {
  public var facet: Facet
  public var value: String

  public init(_ facet: Facet, _ value: String) {
    self.facet = facet
    self.value = value
  }
}

/// The chips chosen on My Meals, and what they mean: chips of one facet combine with OR,
/// different facets with AND ((Beef or Chicken) and Italian).
public struct ChipSelection: Equatable, Codable, Sendable {
  public private(set) var chips: Set<Chip> = []

  public init(_ chips: Set<Chip> = []) { self.chips = chips }

  public var isEmpty: Bool { chips.isEmpty }

  public func contains(_ chip: Chip) -> Bool { chips.contains(chip) }

  public mutating func toggle(_ chip: Chip) {
    if chips.remove(chip) == nil { chips.insert(chip) }
  }

  public mutating func clear() { chips = [] }

  /// The chosen values of one facet, sorted (so the same choice gives the same query).
  public func values(of facet: Facet) -> [String] {
    chips.filter { $0.facet == facet }.map(\.value).sorted()
  }

  /// Whether a meal with these values passes the chips.
  public func admits(category: String?, area: String?, difficulty: Difficulty?) -> Bool {
    let given: [Facet: String?] = [
      .category: category, .area: area, .difficulty: difficulty?.rawValue,
    ]
    for facet in Facet.allCases {
      let wanted = values(of: facet)
      guard !wanted.isEmpty else { continue }
      guard let value = given[facet] ?? nil, wanted.contains(value) else { return false }
    }
    return true
  }
}
