/// An entry of the ingredient catalogue (TheMealDB's `list.php?i=list`).
public struct Ingredient: Equatable, Sendable {
  public var name: String
  /// Any length, with paragraph breaks; nil when the catalogue has none.
  public var description: String?
  public var type: String?
  public var mealDBID: String?

  public init(
    name: String, description: String? = nil, type: String? = nil, mealDBID: String? = nil
  ) {
    self.name = name
    self.description = description
    self.type = type
    self.mealDBID = mealDBID
  }

  /// Whether the ingredient has a description worth opening.
  public var hasDescription: Bool {
    guard let description else { return false }
    return !description.allSatisfy(\.isWhitespace)
  }
}
