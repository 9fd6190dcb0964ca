import FoundationEssentials

/// What is at home: ingredients with an optional amount, and the staples every kitchen has
/// (salt, pepper, water, oil unless the user says otherwise).
public struct Pantry: Equatable, Sendable {
  public struct Item: Equatable, Sendable {
    public var name: String
    /// As written (`6`, `1 kg`), or empty.
    public var amount: String

    public init(name: String, amount: String = "") {
      self.name = name
      self.amount = amount
    }

    /// An item as a line of text names it: `6 eggs` is eggs with the amount 6, `flour` flour.
    public init(line: String) {
      let split = IngredientLine.split(line)
      self.init(name: split.name, amount: split.quantity)
    }

    public var key: String { IngredientKey.of(name) }

    /// The item as a line (`6 eggs`, `flour`), to say it.
    public var line: String {
      IngredientLine.joined(IngredientMeasurement(name: name, quantity: amount))
    }
  }

  public var items: [Item]
  /// Counted as at home always (`set staples`).
  public var staples: [String]

  public static let defaultStaples = ["salt", "pepper", "water", "oil"]

  public init(items: [Item] = [], staples: [String] = Pantry.defaultStaples) {
    self.items = items
    self.staples = staples
    keys = (items.map(\.name) + staples).map(IngredientKey.of).filter { !$0.isEmpty }
  }

  /// The keys of what is at home, the staples among them.
  public let keys: [String]

  /// Whether an ingredient of a meal is at home.
  public func has(_ ingredient: String) -> Bool {
    has(key: IngredientKey.of(ingredient))
  }

  /// Whether the ingredient whose key is `key` (`IngredientKey.of`) is at home.
  public func has(key: String) -> Bool {
    keys.contains { IngredientKey.matches(key, $0) }
  }
}

/// A saved meal by what it needs that is not at home.
public struct CookableMeal: Equatable, Sendable {
  public var id: Int64
  public var name: String
  /// The ingredients not at home, as the meal names them (a note after a comma left out),
  /// once each.
  public var missing: [String]

  public init(id: Int64, name: String, missing: [String]) {
    self.id = id
    self.name = name
    self.missing = missing
  }

  /// `Shakshuka — missing: paprika`, `Omelette — nothing missing`.
  public var summary: String {
    name
      + (missing.isEmpty ? " — nothing missing" : " — missing: " + missing.joined(separator: ", "))
  }
}

/// What can be cooked from what is at home: meals by how many of their ingredients are
/// missing, none first.
public enum CanCook {
  /// What a meal may lack and still be listed, unless the reader says (`meals can-cook`, the
  /// What can I cook screen as it opens).
  public static let defaultMissing = 3

  /// The meals ranked, fewer missing first.
  ///
  /// A tie goes to more ingredients at home (the fuller use of the pantry), then the name, then
  /// the id. `most`: only the meals missing at most so many.
  public static func ranked(
    _ meals: [(id: Int64, name: String, ingredients: [String])], pantry: Pantry, most: Int? = nil
  ) -> [CookableMeal] {
    ranked(
      meals.map { meal in
        (meal.id, meal.name, meal.ingredients.map { ($0, IngredientKey.of($0)) })
      }, most: most, atHome: pantry.has(key:))
  }

  /// The same for lines whose keys are known (the store keeps them), `atHome` telling
  /// whether a key is in the pantry.
  public static func ranked(
    _ meals: [(id: Int64, name: String, lines: [(name: String, key: String)])], most: Int?,
    atHome: (String) -> Bool
  ) -> [CookableMeal] {
    var scored: [(meal: CookableMeal, have: Int, key: String)] = []
    scored.reserveCapacity(meals.count)
    // A book names the same ingredients again and again: each name shortened once, each key
    // looked up in the pantry once.
    var shortNames: [String: String] = [:]
    var home: [String: Bool] = [:]
    var seen: [String] = []
    for meal in meals {
      var missing: [String] = []
      // A meal's keys are few: a list is quicker to search than a set is to fill.
      seen.removeAll(keepingCapacity: true)
      var have = 0
      for line in meal.lines {
        guard !line.key.isEmpty, !seen.contains(line.key) else { continue }
        seen.append(line.key)
        let isHome: Bool
        if let known = home[line.key] {
          isHome = known
        } else {
          isHome = atHome(line.key)
          home[line.key] = isHome
        }
        if isHome {
          have += 1
        } else if let short = shortNames[line.name] {
          missing.append(short)
        } else {
          let short = IngredientKey.shortName(line.name)
          shortNames[line.name] = short
          missing.append(short)
        }
      }
      guard have + missing.count > 0 else { continue }
      if let most, missing.count > most { continue }
      scored.append(
        (
          CookableMeal(id: meal.id, name: meal.name, missing: missing), have,
          TextFolding.key(meal.name)
        ))
    }
    return scored.sorted {
      ($0.meal.missing.count, -$0.have, $0.key, $0.meal.id)
        < ($1.meal.missing.count, -$1.have, $1.key, $1.meal.id)
    }.map(\.meal)
  }
}
