/// One ingredient line of a meal: an ingredient name and its free-text quantity.
public struct IngredientMeasurement: Equatable, Hashable, Codable, Sendable {
  public var name: String
  /// Free text such as "1 tin " trimmed to "1 tin", "½ tsp" or empty.
  public var quantity: String

  public init(name: String, quantity: String) {
    self.name = name
    self.quantity = quantity
  }
}
