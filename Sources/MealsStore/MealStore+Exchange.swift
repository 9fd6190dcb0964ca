import FoundationEssentials
import MealsCore

/// One row of `meals list` as SQLite holds it, valid only inside `forEachListing`.
///
/// No Strings are made: at 100 000 meals they cost more than the reading.
public struct SavedMealListing {
  fileprivate let row: Statement

  public enum Text: Int32 {
    case name = 1
    case mealDBID, category, area
    /// Comma-separated.
    case tags
    case difficulty = 9
  }

  public enum Number: Int32 {
    case favourite = 6
    case rating, totalMinutes
    case servings = 10
  }

  public var id: Int64 { row.int(0) }

  /// The UTF-8 bytes of a text field, nil when it is not set.
  public func utf8(_ field: Text) -> UnsafeBufferPointer<UInt8>? { row.utf8(field.rawValue) }

  public func number(_ field: Number) -> Int64? {
    row.isNull(field.rawValue) ? nil : row.int(field.rawValue)
  }
}

/// What a lookup by id or name found.
public enum MealLookup: Equatable, Sendable {
  case found(Int64)
  case none
  /// Several meals have that name, or start with it: (id, name) in name order.
  case ambiguous([(Int64, String)])

  public static func == (lhs: MealLookup, rhs: MealLookup) -> Bool {
    switch (lhs, rhs) {
    case (.found(let a), .found(let b)): a == b
    case (.none, .none): true
    case (.ambiguous(let a), .ambiguous(let b)): a.map(\.0) == b.map(\.0)
    default: false
    }
  }
}

/// What `importMeals` did with each candidate.
public struct ImportReport: Equatable, Sendable {
  public struct Imported: Equatable, Sendable {
    public var id: Int64
    public var name: String
    public var place: String
    /// Brought in without a step to cook by: said, so the user adds them in the editor.
    public var hasNoSteps = false
    /// Brought in without an ingredient (a page whose list was not found): said the same way.
    public var hasNoIngredients = false
  }

  public struct Skipped: Equatable, Sendable {
    public var place: String
    public var reason: String
    /// True when the meal is there already (a quiet skip); false when it could not be kept
    /// (unreadable, or breaking a rule).
    public var isDuplicate = false
  }

  public var imported: [Imported] = []
  public var skipped: [Skipped] = []

  /// `1 recipe has no steps — add them in the editor.`, or nil when every meal has some.
  public static func withoutStepsNote(_ imported: [Imported]) -> String? {
    missingNote(imported.filter(\.hasNoSteps).count, what: "steps")
  }

  /// `1 recipe has no ingredients — add them in the editor.`, or nil when every meal has some.
  public static func withoutIngredientsNote(_ imported: [Imported]) -> String? {
    missingNote(imported.filter(\.hasNoIngredients).count, what: "ingredients")
  }

  /// How many recipes came in without a part (`steps`), or nil for none.
  private static func missingNote(_ count: Int, what: String) -> String? {
    guard count > 0 else { return nil }
    return count == 1
      ? "1 recipe has no \(what) — add them in the editor."
      : "\(count) recipes have no \(what) — add them in the editor."
  }
}

extension MealStore {
  // MARK: - Lists for scripts

  /// Saved meals in name order, those matching `filter` (the same search as `/`), and only
  /// favourites when asked; read from the `meal_listing` index alone.
  public func forEachListing(
    filter: String = "", favouritesOnly: Bool = false, _ body: (SavedMealListing) -> Void
  ) throws(StoreError) {
    let columns = """
      meal.id, name, mealdb_id, category, area, tags, favourite, rating, total_minutes,
      difficulty, servings
      """
    let favourites = favouritesOnly ? " AND favourite = 1" : ""
    let text = MealFilter(filter, rules: nameCollation)
    let sql: String
    if text.isEverything {
      sql = "SELECT \(columns) FROM meal WHERE 1\(favourites) ORDER BY sort_key"
    } else {
      sql = """
        SELECT \(columns) FROM (\(text.keys(order: "ASC"))) AS k JOIN meal ON meal.sort_key = k.key
        WHERE 1\(favourites) ORDER BY k.key
        """
    }
    try db.statement(sql).forEach(text.parameters) { body(SavedMealListing(row: $0)) }
  }

  /// Every saved meal in name order, whole, one at a time (100 000 meals never sit in memory
  /// together), read in one snapshot: a meal saved meanwhile by another process is not half
  /// in it, and the file is locked once rather than once per meal.
  public func forEachMeal(_ body: (Meal) throws -> Void) throws {
    try db.execute("BEGIN")
    defer { try? db.execute("COMMIT") }
    let ids = try db.statement("SELECT id FROM meal ORDER BY sort_key").rows { $0.int(0) }
    for id in ids {
      if let meal = try meal(id: id) { try body(meal) }
    }
  }

  // MARK: - Finding a meal the user named

  /// `text` as a database id, else an exact name, else a name that starts with it.
  ///
  /// Exact means the same characters first, then the same ignoring case; a prefix must be
  /// unique. Several matches at one step are `.ambiguous`.
  public func lookUpMeal(_ text: String) throws(StoreError) -> MealLookup {
    let wanted = MealRules.trimmed(text)
    guard !wanted.isEmpty else { return .none }
    if let id = Int64(wanted), try meal(id: id) != nil { return .found(id) }
    let steps = [
      ("SELECT id, name FROM meal WHERE name = ? ORDER BY sort_key, id LIMIT 20", wanted),
      (
        "SELECT id, name FROM meal WHERE lower(name) = lower(?) ORDER BY sort_key, id LIMIT 20",
        wanted
      ),
      (
        "SELECT id, name FROM meal WHERE name LIKE ? ESCAPE '\\' ORDER BY sort_key, id LIMIT 20",
        MealFilter.escapeLike(wanted) + "%"
      ),
    ]
    for (sql, value) in steps {
      var found = try db.statement(sql).rows([.text(value)]) { ($0.int(0), $0.text(1)) }
      if sql.contains("LIKE") {
        // LIKE ignores case for ASCII only; check the prefix in Swift for the rest.
        found = found.filter { $0.1.lowercased().hasPrefix(wanted.lowercased()) }
      }
      if found.count == 1 { return .found(found[0].0) }
      if found.count > 1 { return .ambiguous(found) }
    }
    // Accents and case folded as the app's filter folds them: "creme" is "Crème brûlée".
    let key = TextFolding.key(wanted)
    let named = try db.statement("SELECT id, name FROM meal ORDER BY sort_key, id").rows([]) {
      ($0.int(0), $0.text(1))
    }
    let folded = named.map { (meal: $0, key: TextFolding.key($0.1)) }
    for matches in [{ $0 == key }, { $0.hasPrefix(key) }] as [(String) -> Bool] {
      let found = folded.filter { matches($0.key) }.map(\.meal)
      if found.count == 1 { return .found(found[0].0) }
      if found.count > 1 { return .ambiguous(Array(found.prefix(20))) }
    }
    return .none
  }
}
