/// One row of the ingredient picker.
public struct IngredientRow: Equatable, Sendable {
  public var id: Int64
  public var name: String
  public var hasDescription: Bool
  /// Typed in by the user (the picker's `Use “…” (new)`), not from TheMealDB.
  public var isOwn = false
  /// Where a filter put it: 0 its name starts with the text, 1 a word does, 2 elsewhere.
  var rank = 0
}

/// The result of storing a meal found on TheMealDB.
public struct StoredMeal: Equatable, Sendable {
  public var id: Int64
  /// True when a meal with that TheMealDB id was stored before; nothing was written.
  public var wasAlreadyStored: Bool
}
