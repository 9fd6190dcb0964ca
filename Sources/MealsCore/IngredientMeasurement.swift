/// One ingredient line of a meal: an ingredient name, its free-text quantity, and the group
/// it belongs to (`For the sauce`), as a recipe writes its ingredients in parts.
public struct IngredientMeasurement: Equatable, Hashable, Codable, Sendable {
  public var name: String
  /// Free text such as "1 tin " trimmed to "1 tin", "½ tsp" or empty.
  public var quantity: String
  /// The title of the part of the recipe the line is listed under; empty when the recipe
  /// lists its ingredients as one list.
  public var group: String

  public init(name: String, quantity: String, group: String = "") {
    self.name = name
    self.quantity = quantity
    self.group = group
  }

  // MARK: - Codable

  private enum CodingKeys: String, CodingKey {
    case name, quantity, group
  }

  /// Drafts kept before groups existed have none.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    quantity = try container.decode(String.self, forKey: .quantity)
    group = try container.decodeIfPresent(String.self, forKey: .group) ?? ""
  }

  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(name, forKey: .name)
    try container.encode(quantity, forKey: .quantity)
    if !group.isEmpty { try container.encode(group, forKey: .group) }
  }
}

extension [IngredientMeasurement] {
  /// The lines in runs of one group each, in order (a group named twice apart is two runs),
  /// for showing a heading above each run that has a title.
  public var groupRuns: [(group: String, lines: ArraySlice<IngredientMeasurement>)] {
    var runs: [(group: String, lines: ArraySlice<IngredientMeasurement>)] = []
    var start = startIndex
    while start < endIndex {
      let group = self[start].group
      var end = start + 1
      while end < endIndex, self[end].group == group { end += 1 }
      runs.append((group, self[start..<end]))
      start = end
    }
    return runs
  }

  /// Whether any line is listed under a group's title.
  public var hasGroups: Bool { contains { !$0.group.isEmpty } }
}
