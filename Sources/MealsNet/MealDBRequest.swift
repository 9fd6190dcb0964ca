/// A TheMealDB request the browse screens make, as a value: where it goes, and the key its
/// answer is cached under (the path and query, whatever the base URL).
public enum MealDBRequest: Hashable, Sendable {
  /// `categories.php`: every category with its picture and description.
  case categories
  /// `list.php?a=list`: the areas (cuisines).
  case areas
  /// `filter.php?c=|a=|i=`: the meals of a category, from an area, or with an ingredient.
  case filter(MealFilterKind, String)
  /// `lookup.php?i=`: one whole meal.
  case lookup(String)
  /// `random.php`: a whole meal picked by TheMealDB; never cached.
  case random

  public var endpoint: String {
    switch self {
    case .categories: "categories.php"
    case .areas: "list.php"
    case .filter: "filter.php"
    case .lookup: "lookup.php"
    case .random: "random.php"
    }
  }

  public var query: [String: String] {
    switch self {
    case .categories, .random: [:]
    case .areas: ["a": "list"]
    case .filter(let kind, let value): [kind.rawValue: value]
    case .lookup(let id): ["i": id]
    }
  }

  /// `filter.php?c=Beef`: the same text for the same request, for the answer cache.
  public var cacheKey: String {
    let pairs = query.sorted { $0.key < $1.key }.map {
      "\($0.key)=\(MealDBClient.percentEncoded($0.value))"
    }
    return endpoint + (pairs.isEmpty ? "" : "?" + pairs.joined(separator: "&"))
  }

  /// A random meal must be asked for each time.
  public var isCacheable: Bool { self != .random }
}
