import FoundationEssentials

/// The recipe formats `meals export` writes and `meals import` reads (docs/formats.md).
public enum RecipeFormat: String, CaseIterable, Sendable {
  /// Our own, versioned: every field, a perfect round trip.
  case json
  case markdown
  /// A schema.org `Recipe` in JSON-LD, as recipe sites publish them.
  case schemaOrg = "schema-org"
  /// A `.cook` file (cooklang.org): ingredients marked up inside the steps.
  case cooklang

  /// The file name extension of one exported meal.
  public var fileExtension: String {
    switch self {
    case .json: "json"
    case .markdown: "md"
    case .schemaOrg: "jsonld"
    case .cooklang: "cook"
    }
  }

  /// True when one file can hold several meals.
  public var holdsSeveralMeals: Bool { self != .cooklang }
}

/// Why a file could not be read as recipes; the message names what was wrong.
public struct FormatError: Error, Equatable, Sendable {
  public var message: String

  public init(_ message: String) {
    self.message = message
  }
}

/// Said as its message wherever errors are turned into words (`ErrorText`).
extension FormatError: LocalizedError {
  public var errorDescription: String? { message }
}
