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
    var names = BookTexts()
    var keys = BookTexts()
    var lines: [BookLine] = []
    var spans: [(id: Int64, name: String, lines: Range<Int>)] = []
    spans.reserveCapacity(meals.count)
    for meal in meals {
      let start = lines.count
      for line in meal.lines {
        lines.append(BookLine(name: names.number(line.name), key: keys.number(line.key)))
      }
      spans.append((meal.id, meal.name, start..<lines.count))
    }
    return ranked(
      spans, lines: lines, names: names.texts, keys: keys.texts, most: most, atHome: atHome)
  }

  /// The rule itself, over lines whose names and keys are numbers into the book's distinct
  /// `names` and `keys`.
  ///
  /// A book of 100 000 meals names some 1 500 ingredients in 900 000 lines: each name and key
  /// is looked at once, not at every line. Each meal's lines are `lines[meal.lines]`.
  public static func ranked(
    _ meals: [(id: Int64, name: String, lines: Range<Int>)], lines: [BookLine], names: [String],
    keys: [String], most: Int?, atHome: (String) -> Bool
  ) -> [CookableMeal] {
    // Per key: at home, missing, or no key (a line that names no food); per name: its short
    // form, made when first missing.
    let noKey: Int8 = 0
    let home: Int8 = 1
    let away: Int8 = 2
    var keyState = [Int8](repeating: -1, count: keys.count)
    var shortNames = [String?](repeating: nil, count: names.count)
    var scored: [(meal: CookableMeal, have: Int)] = []
    scored.reserveCapacity(meals.count)
    var seen: [Int32] = []
    for meal in meals {
      var missing: [String] = []
      // A meal's keys are few: a list is quicker to search than a set is to fill.
      seen.removeAll(keepingCapacity: true)
      var have = 0
      for index in meal.lines {
        let line = lines[index]
        var state = keyState[Int(line.key)]
        if state < 0 {
          let key = keys[Int(line.key)]
          state = key.isEmpty ? noKey : atHome(key) ? home : away
          keyState[Int(line.key)] = state
        }
        guard state != noKey, !seen.contains(line.key) else { continue }
        seen.append(line.key)
        if state == home {
          have += 1
        } else if let short = shortNames[Int(line.name)] {
          missing.append(short)
        } else {
          let short = IngredientKey.shortName(names[Int(line.name)])
          shortNames[Int(line.name)] = short
          missing.append(short)
        }
      }
      guard have + missing.count > 0 else { continue }
      if let most, missing.count > most { continue }
      scored.append((CookableMeal(id: meal.id, name: meal.name, missing: missing), have))
    }
    // The name's folded key only for the order; made once per meal listed.
    // Compared as plain numbers and keys (a meal's value is not copied at each comparison).
    let folded = scored.map { TextFolding.key($0.meal.name) }
    let missingCounts = scored.map(\.meal.missing.count)
    let haves = scored.map(\.have)
    let ids = scored.map(\.meal.id)
    let order = scored.indices.sorted { a, b in
      if missingCounts[a] != missingCounts[b] { return missingCounts[a] < missingCounts[b] }
      if haves[a] != haves[b] { return haves[a] > haves[b] }
      if folded[a] != folded[b] { return folded[a] < folded[b] }
      return ids[a] < ids[b]
    }
    return order.map { scored[$0].meal }
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
