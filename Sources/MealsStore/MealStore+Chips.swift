import FoundationEssentials
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

  /// The meal count and the chips' counts with no chip chosen, read once per change of the
  /// database.
  func summary() -> FacetSummary {
    // On a failed read (said) the last summary read stands — nothing read yet: none — and it
    // is read again next time.
    currentSummary() ?? summaryCache?.summary ?? FacetSummary(meals: 0, counts: [:])
  }

  /// The summary of the database as it is now, or nil (said) when it cannot be read.
  func currentSummary() -> FacetSummary? {
    if let cache = summaryCache, cache.generation == generation { return cache.summary }
    do {
      let summary = try FacetSummary.everyChip(in: db)
      summaryCache = (generation, summary)
      return summary
    } catch {
      readFailed(error)
      return nil
    }
  }

  /// The chips saved meals give: every category, area and difficulty in use.
  ///
  /// In that order (values sorted; difficulties from Beginner up); read once per change of
  /// the database.
  public func chips() -> [Chip] {
    if let cache = chipCache, cache.generation == generation { return cache.chips }
    let inUse = summary().counts.keys
    // Sorted as SQLite's NOCASE sorts: ASCII letters in either case alike.
    func sorted(_ facet: Facet) -> [Chip] {
      inUse.filter { $0.facet == facet }.map { (key: Self.nocase($0.value), chip: $0) }.sorted {
        ($0.key, $0.chip.value) < ($1.key, $1.chip.value)
      }
      .map(\.chip)
    }
    var chips = sorted(.category) + sorted(.area)
    let difficulties = Set(inUse.filter { $0.facet == .difficulty }.map(\.value))
    chips += Difficulty.allCases.filter { difficulties.contains($0.rawValue) }.map {
      Chip(.difficulty, $0.rawValue)
    }
    chipCache = (generation, chips)
    return chips
  }

  /// How many meals each chip would show, with the text filter and the chips of the other
  /// facets (chips of one facet add to each other, so their own facet is left out).
  ///
  /// Without text, `meal_chip` (nothing chosen) or `meal_facet` summed (a few hundred rows,
  /// whatever the number of meals); with text, counted per (category, area, difficulty) over
  /// the meals it matches.
  public func chipCounts(matching filter: String = "", chips selection: ChipSelection)
    -> [Chip: Int]
  {
    if selection.isEmpty && MealFilter(filter, rules: nameCollation).mealCondition == nil {
      return summary().counts
    }
    return reading([:]) { () throws(StoreError) in
      try Self.chipCounts(in: db, matching: filter, chips: selection)
    }
  }

  /// ASCII letters in lower case, others as they are: SQLite's NOCASE.
  static func nocase(_ text: String) -> String {
    String(
      decoding: text.utf8.map { (65...90).contains($0) ? $0 + 32 : $0 }, as: UTF8.self)
  }

  /// The same on any connection (a worker's own); fails when interrupted.
  static func chipCounts(
    in db: SQLiteConnection, matching filter: String, chips selection: ChipSelection
  ) throws(StoreError) -> [Chip: Int] {
    let text = MealFilter(filter, rules: nameCollation(in: db))
    let rows = text.mealCondition.map {
      """
      SELECT coalesce(category, ''), coalesce(area, ''), coalesce(difficulty, ''), count(*)
      FROM meal INDEXED BY meal_by_sort_key WHERE \($0) GROUP BY 1, 2, 3
      """
    }
    return try FacetSummary.read(
      in: db, rows: rows ?? FacetSummary.everyMeal, parameters: text.parameters, chips: selection
    ).counts
  }

  // MARK: - Favourites

  /// Makes a meal a favourite (now, or at `time` when an undo puts one back) or not.
  public func setFavourite(_ favourite: Bool, mealID: Int64, at time: Double? = nil)
    throws(StoreError)
  {
    try db.transaction { () throws(StoreError) in
      try db.statement(
        """
        UPDATE meal SET favourite = ?1, updated_at = ?3,
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
    reading(nil) { () throws(StoreError) in
      try db.statement("SELECT favourited_at FROM meal WHERE id = ? AND favourite = 1")
        .rows([.integer(mealID)]) { $0.isNull(0) ? nil : $0.double(0) }.first ?? nil
    }
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
