import Translation

/// A rule a meal or an ingredient line breaks, with the message the user sees.
public enum MealRuleError: Error, Equatable, Sendable {
  case emptyName
  case emptyInstructions
  case emptyIngredientName
  case emptyQuantity

  public var message: String {
    switch self {
    case .emptyQuantity:
      tr("Write how much — for one without an amount, write “to taste” or “a pinch”.")
    case .emptyName: tr("A meal needs a name.")
    case .emptyInstructions: tr("A meal needs instructions.")
    case .emptyIngredientName: tr("An ingredient needs a name.")
    }
  }
}

/// The model's rules, in one place so every screen and the store agree.
public enum MealRules {
  /// Trims spaces and newlines at both ends.
  public static func trimmed(_ text: String) -> String {
    guard let first = text.unicodeScalars.first, let last = text.unicodeScalars.last else {
      return text
    }
    // Most text needs no trimming: check the two ends before walking them.
    if !first.properties.isWhitespace && !last.properties.isWhitespace { return text }
    // By scalars, as the check above: a space carrying a combining mark (` ߲`) is not
    // trimmed, so trimming twice changes nothing.
    var scalars = text.unicodeScalars[...]
    while let first = scalars.first, first.properties.isWhitespace { scalars.removeFirst() }
    while let last = scalars.last, last.properties.isWhitespace { scalars.removeLast() }
    return String(scalars)
  }

  /// True for empty text or text of spaces and line breaks only.
  public static func isBlank(_ text: String) -> Bool {
    text.unicodeScalars.allSatisfy(\.properties.isWhitespace)
  }

  public static func checkName(_ name: String) -> MealRuleError? {
    isBlank(name) ? .emptyName : nil
  }

  public static func checkInstructions(_ instructions: String) -> MealRuleError? {
    isBlank(instructions) ? .emptyInstructions : nil
  }

  public static func checkIngredientName(_ name: String) -> MealRuleError? {
    isBlank(name) ? .emptyIngredientName : nil
  }

  /// What the user types as an ingredient's measurement cannot be empty (the design this book
  /// began from); lines imported from elsewhere without a measure keep it empty as they are.
  public static func checkQuantity(_ quantity: String) -> MealRuleError? {
    isBlank(quantity) ? .emptyQuantity : nil
  }
}
