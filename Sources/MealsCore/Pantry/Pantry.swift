import FoundationEssentials
import Translation

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

  /// Salt, pepper, water and oil as the user's language names them, then as English does
  /// (TheMealDB's meals say `salt`): the first `defaultStaplesShown` are the ones to show.
  public static var defaultStaples: [String] {
    let shown = defaultStaplesShown
    return shown + english.filter { !shown.contains($0) }
  }

  /// The default staples in the user's language, as the pantry shows them.
  public static var defaultStaplesShown: [String] {
    trc("staples every kitchen has", "salt, pepper, water, oil").split(separator: ",").map {
      MealRules.trimmed(String($0))
    }.filter { !$0.isEmpty }
  }

  private static let english = ["salt", "pepper", "water", "oil"]

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

// MARK: - A book's lines as numbers

/// One ingredient line with its name and key as numbers into the book's distinct texts.
public struct BookLine: Equatable, Sendable {
  public var name: Int32
  public var key: Int32

  public init(name: Int32, key: Int32) {
    self.name = name
    self.key = key
  }
}

/// A book's distinct texts, numbered in the order they are first met.
public struct BookTexts: Sendable {
  public private(set) var texts: [String] = []
  private var numbers: [String: Int32] = [:]

  public init() {}

  /// The number of `text`, given it when new.
  public mutating func number(_ text: String) -> Int32 {
    if let known = numbers[text] { return known }
    let number = Int32(texts.count)
    numbers[text] = number
    texts.append(text)
    return number
  }
}
