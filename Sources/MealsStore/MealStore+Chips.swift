import Foundation
import MealsCore

/// The chips as SQL: `category IN (…) AND area IN (…)`, values bound as parameters.
struct ChipCondition {
  var sql: String?
  var parameters: [SQLValue] = []

  /// The condition for `selection`, leaving out the facet `except` (for that facet's counts).
  init(_ selection: ChipSelection, except: Facet? = nil) {
    var parts: [String] = []
    for facet in Facet.allCases where facet != except {
      let values = selection.values(of: facet)
      guard !values.isEmpty else { continue }
      parts.append(
        "\(Self.column(facet)) IN (\(Array(repeating: "?", count: values.count).joined(separator: ", ")))"
      )
      parameters += values.map(SQLValue.text)
    }
    sql = parts.isEmpty ? nil : parts.joined(separator: " AND ")
  }

  static func column(_ facet: Facet) -> String {
    switch facet {
    case .category: "category"
    case .area: "area"
    case .difficulty: "difficulty"
    }
  }
}

extension MealStore {
  // MARK: - Chips

  /// The chips saved meals give: every category, area and difficulty in use.
  ///
  /// In that order (values sorted; difficulties from Beginner up); read once per change of
  /// the database.
  public func chips() -> [Chip] {
    if let cache = chipCache, cache.generation == generation { return cache.chips }
    var chips: [Chip] = []
    for facet in [Facet.category, .area] {
      let column = ChipCondition.column(facet)
      let values =
        (try? db.statement(
          "SELECT DISTINCT \(column) FROM meal_facet WHERE \(column) != '' "
            + "ORDER BY \(column) COLLATE NOCASE"
        ).rows { $0.text(0) }) ?? []
      chips += values.map { Chip(facet, $0) }
    }
    let difficulties = Set(
      (try? db.statement("SELECT DISTINCT difficulty FROM meal_facet WHERE difficulty != ''")
        .rows { $0.text(0) }) ?? [])
    chips += Difficulty.allCases.filter { difficulties.contains($0.rawValue) }.map {
      Chip(.difficulty, $0.rawValue)
    }
    chipCache = (generation, chips)
    return chips
  }

  /// How many meals each chip would show, with the text filter and the chips of the other
  /// facets (chips of one facet add to each other, so their own facet is left out).
  ///
  /// Read as counts per (category, area, difficulty): from the `meal_facet` summary without
  /// text (a few hundred rows, whatever the number of meals), else from the meals the text
  /// matches, found once.
  public func chipCounts(matching filter: String = "", chips selection: ChipSelection)
    -> [Chip: Int]
  {
    (try? Self.chipCounts(in: db, matching: filter, chips: selection)) ?? [:]
  }

  /// The same on any connection (a worker's own); fails when interrupted.
  static func chipCounts(
    in db: SQLiteConnection, matching filter: String, chips selection: ChipSelection
  ) throws(StoreError) -> [Chip: Int] {
    let text = MealFilter(filter)
    let combinations: [(category: String, area: String, difficulty: String, meals: Int)]
    let map = { (row: Statement) in (row.text(0), row.text(1), row.text(2), Int(row.int(3))) }
    if let sql = text.mealCondition {
      combinations = try db.statement(
        """
        SELECT coalesce(category, ''), coalesce(area, ''), coalesce(difficulty, ''), count(*)
        FROM meal INDEXED BY meal_by_sort_key WHERE \(sql) GROUP BY 1, 2, 3
        """
      ).rows(text.parameters, map)
    } else {
      combinations = try db.statement(
        "SELECT category, area, difficulty, meals FROM meal_facet"
      ).rows([], map)
    }
    let wanted = Dictionary(
      uniqueKeysWithValues: Facet.allCases.map { ($0, Set(selection.values(of: $0))) })
    func passes(_ value: String, _ facet: Facet) -> Bool {
      guard let allowed = wanted[facet], !allowed.isEmpty else { return true }
      return allowed.contains(value)
    }
    var counts: [Chip: Int] = [:]
    for (category, area, difficulty, meals) in combinations {
      let values: [(Facet, String)] = [
        (.category, category), (.area, area), (.difficulty, difficulty),
      ]
      for (facet, value) in values where !value.isEmpty {
        // The other facets' chips must admit it; its own facet's do not matter.
        guard values.allSatisfy({ $0.0 == facet || passes($0.1, $0.0) }) else { continue }
        counts[Chip(facet, value), default: 0] += meals
      }
    }
    return counts
  }

  // MARK: - Favourites

  /// Makes a meal a favourite (now, or at `time` when an undo puts one back) or not.
  public func setFavourite(_ favourite: Bool, mealID: Int64, at time: Double? = nil)
    throws(StoreError)
  {
    try db.transaction { () throws(StoreError) in
      try db.statement(
        """
        UPDATE meal SET favourite = ?1,
          favourited_at = CASE WHEN ?1 THEN coalesce(?2, favourited_at, ?3) ELSE NULL END
        WHERE id = ?4
        """
      ).run([
        .integer(favourite ? 1 : 0), time.map(SQLValue.real) ?? .null, .real(clock()),
        .integer(mealID),
      ])
    }
    didCommit()
  }

  /// When meal `id` became a favourite, if it is one.
  public func favouritedAt(mealID: Int64) -> Double? {
    (try? db.statement("SELECT favourited_at FROM meal WHERE id = ? AND favourite = 1")
      .rows([.integer(mealID)]) { $0.isNull(0) ? nil : $0.double(0) })?.first ?? nil
  }

  // MARK: - Settings

  /// A setting the app keeps between runs (the chosen chips), or nil.
  public func setting(_ key: String) -> String? {
    (try? db.statement("SELECT value FROM setting WHERE key = ?").rows([.text(key)]) {
      $0.text(0)
    })?.first
  }

  /// Keeps a setting; not a change of meals, so lists are not told.
  public func setSetting(_ key: String, to value: String) throws(StoreError) {
    try db.transaction { () throws(StoreError) in
      try db.statement("INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)").run([
        .text(key), .text(value),
      ])
    }
  }
}
