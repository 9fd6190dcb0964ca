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

/// One row of `meal_facet`: how many meals have this category, area and difficulty ('' for none).
struct FacetRow: Equatable {
  var category: String
  var area: String
  var difficulty: String
  var meals: Int
}

extension MealStore {
  // MARK: - Chips

  /// `meal_facet`'s rows, read once per change of the database.
  func facets() -> [FacetRow] {
    if let cache = facetCache, cache.generation == generation { return cache.rows }
    let rows =
      (try? db.statement("SELECT category, area, difficulty, meals FROM meal_facet").rows {
        FacetRow(
          category: $0.text(0), area: $0.text(1), difficulty: $0.text(2), meals: Int($0.int(3)))
      }) ?? []
    facetCache = (generation, rows)
    return rows
  }

  /// The chips saved meals give: every category, area and difficulty in use.
  ///
  /// In that order (values sorted; difficulties from Beginner up); read once per change of
  /// the database.
  public func chips() -> [Chip] {
    if let cache = chipCache, cache.generation == generation { return cache.chips }
    let rows = facets()
    // Sorted as SQLite's NOCASE sorts: ASCII letters in either case alike.
    func sorted(_ values: Set<String>) -> [String] {
      values.map { (key: Self.nocase($0), value: $0) }.sorted {
        ($0.key, $0.value) < ($1.key, $1.value)
      }
      .map(\.value)
    }
    var chips = sorted(Set(rows.map(\.category)).subtracting([""])).map { Chip(.category, $0) }
    chips += sorted(Set(rows.map(\.area)).subtracting([""])).map { Chip(.area, $0) }
    let difficulties = Set(rows.map(\.difficulty))
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
    guard MealFilter(filter).mealCondition != nil else {
      return Self.chipCounts(facets(), chips: selection)
    }
    return (try? Self.chipCounts(in: db, matching: filter, chips: selection)) ?? [:]
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
    let text = MealFilter(filter)
    let combinations: [FacetRow]
    let map = { (row: Statement) in
      FacetRow(
        category: row.text(0), area: row.text(1), difficulty: row.text(2), meals: Int(row.int(3)))
    }
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
    return chipCounts(combinations, chips: selection)
  }

  /// The chips' counts from counts per (category, area, difficulty).
  static func chipCounts(_ combinations: [FacetRow], chips selection: ChipSelection) -> [Chip: Int]
  {
    // A chip counts the rows the other facets' chips admit (its own facet's do not matter).
    let categories = Set(selection.values(of: .category))
    let areas = Set(selection.values(of: .area))
    let difficulties = Set(selection.values(of: .difficulty))
    func admits(_ chosen: Set<String>, _ value: String) -> Bool {
      chosen.isEmpty || chosen.contains(value)
    }
    // Summed by value first (a few dozen), then made chips.
    var byCategory: [String: Int] = [:]
    var byArea: [String: Int] = [:]
    var byDifficulty: [String: Int] = [:]
    for row in combinations {
      let category = admits(categories, row.category)
      let area = admits(areas, row.area)
      let difficulty = admits(difficulties, row.difficulty)
      if !row.category.isEmpty && area && difficulty {
        byCategory[row.category, default: 0] += row.meals
      }
      if !row.area.isEmpty && category && difficulty { byArea[row.area, default: 0] += row.meals }
      if !row.difficulty.isEmpty && category && area {
        byDifficulty[row.difficulty, default: 0] += row.meals
      }
    }
    var counts: [Chip: Int] = [:]
    for (facet, sums) in [
      (Facet.category, byCategory), (.area, byArea), (.difficulty, byDifficulty),
    ] {
      for (value, meals) in sums { counts[Chip(facet, value)] = meals }
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
