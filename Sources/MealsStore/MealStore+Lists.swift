import MealsCore

extension MealStore {
  // MARK: - Saved meals

  /// The columns a meal row of a list needs.
  ///
  /// The last two say when the meal was last cooked and how often (the log's index answers
  /// them for the window's rows alone).
  static let summaryColumns =
    "id, name, summary, favourite, rating, total_minutes, difficulty, "
    + "(SELECT last_day FROM meal_cooked WHERE meal_uid = meal.uid), "
    + "(SELECT times FROM meal_cooked WHERE meal_uid = meal.uid)"

  static func summary(_ row: Statement) -> MealSummary {
    MealSummary(
      id: row.int(0), name: row.text(1), summary: row.text(2), favourite: row.int(3) != 0,
      rating: Int(row.int(4)), totalMinutes: row.isNull(5) ? nil : Int(row.int(5)),
      difficulty: row.optionalText(6).flatMap(Difficulty.init(rawValue:)),
      cooked: row.isNull(7)
        ? nil
        : CookedSummary(lastDay: CivilDate(daysSince1970: Int(row.int(7))), times: Int(row.int(8))))
  }

  /// One saved meal as a list shows it, or nil when it is gone.
  public func mealSummary(id: Int64) -> MealSummary? {
    reading(nil) { () throws(StoreError) in
      try db.statement("SELECT \(Self.summaryColumns) FROM meal WHERE id = ?").rows(
        [.integer(id)], Self.summary
      ).first
    }
  }

  /// All saved meals sorted by name, or those matching `filter` (see `FilterQuery`) and the
  /// chosen chips, as a live windowed result.
  ///
  /// With a text filter the count is left for later (`WindowedResults.count` reads it when
  /// asked): the first screen comes from the index in name order and stops after its rows.
  public func meals(matching filter: String = "", chips: ChipSelection = ChipSelection())
    -> WindowedResults<MealSummary>
  {
    let query = MealListQuery(text: filter, chips: chips, rules: nameCollation)
    // No text and no chips: the whole table, counted once per change (unless that read
    // failed: then the list counts it when it can, never passing 0 off as the count).
    let knownCount = query.isEverything ? currentSummary()?.meals : nil
    return live(
      count: query.countSQL, countParameters: query.parameters, knownCount: knownCount,
      offsetSQL: query.offsetSQL, afterSQL: query.afterSQL, beforeSQL: query.beforeSQL,
      parameters: query.parameters, key: query.rowKey, map: Self.summary)
  }

  /// How many meals `filter` and `chips` match, counted up to `limit`: a phone's search does
  /// not wait while 86 000 matches of one letter are counted.
  public func countMeals(
    matching filter: String, chips: ChipSelection = ChipSelection(), upTo limit: Int
  ) throws(StoreError) -> Int {
    let query = MealListQuery(text: filter, chips: chips, rules: nameCollation)
    if query.isEverything, let known = currentSummary()?.meals { return min(known, limit) }
    let count = try db.statement(query.cappedCountSQL).scalar(
      query.parameters + [.integer(Int64(limit))])
    return Int(count ?? 0)
  }

  /// Where meal `id` is in `meals(matching:chips:)`, or nil when it is not in that list (or
  /// the read failed: said).
  public func index(
    ofMeal id: Int64, matching filter: String = "", chips: ChipSelection = ChipSelection()
  ) -> Int? {
    let query = MealListQuery(text: filter, chips: chips, rules: nameCollation)
    return reading(nil) { () throws(StoreError) in
      try db.statement(query.positionSQL).scalar(query.positionParameters(of: id)).map(Int.init)
    }
  }

  // MARK: - Favourites

  /// The favourite meals, the newest favourite first, as a live windowed result.
  public func favouriteMeals() -> WindowedResults<MealSummary> {
    let columns = "SELECT \(Self.summaryColumns), favourited_at FROM meal"
    let favourite = "favourite = 1 AND favourited_at IS NOT NULL"
    return live(
      count: "SELECT count(*) FROM meal WHERE \(favourite)", countParameters: [], knownCount: nil,
      offsetSQL:
        "\(columns) WHERE \(favourite) ORDER BY favourited_at DESC, id DESC LIMIT ? OFFSET ?",
      afterSQL: """
        \(columns) WHERE \(favourite) AND (favourited_at, id) < (SELECT favourited_at, id FROM meal \
        WHERE id = ?) ORDER BY favourited_at DESC, id DESC LIMIT ?
        """,
      beforeSQL: """
        \(columns) WHERE \(favourite) AND (favourited_at, id) > (SELECT favourited_at, id FROM meal \
        WHERE id = ?) ORDER BY favourited_at, id LIMIT ?
        """,
      parameters: [], key: { [.integer($0.id)] }, map: Self.summary)
  }

  // MARK: - Recently cooked

  /// The meals cooked (the cook log), the most recently cooked first, as a live windowed
  /// result: My Meals by last cooked.
  public func recentlyCookedMeals() -> WindowedResults<MealSummary> {
    let columns =
      "SELECT \(Self.summaryColumns) FROM meal_cooked AS c JOIN meal ON meal.uid = c.meal_uid"
    let anchor = """
      (SELECT c2.last_day, m2.id FROM meal_cooked AS c2 JOIN meal AS m2 ON m2.uid = c2.meal_uid \
      WHERE m2.id = ?)
      """
    return live(
      count: "SELECT count(*) FROM meal_cooked AS c JOIN meal ON meal.uid = c.meal_uid",
      countParameters: [], knownCount: nil,
      offsetSQL: "\(columns) ORDER BY c.last_day DESC, meal.id DESC LIMIT ? OFFSET ?",
      afterSQL:
        "\(columns) WHERE (c.last_day, meal.id) < \(anchor) ORDER BY c.last_day DESC, meal.id DESC LIMIT ?",
      beforeSQL:
        "\(columns) WHERE (c.last_day, meal.id) > \(anchor) ORDER BY c.last_day, meal.id LIMIT ?",
      parameters: [], key: { [.integer($0.id)] }, map: Self.summary)
  }

  /// Where meal `id` is among the meals cooked, or nil.
  public func index(ofCooked id: Int64) -> Int? {
    guard
      let before = try? db.statement(
        """
        WITH this (day, id) AS (
          SELECT c.last_day, meal.id FROM meal_cooked AS c JOIN meal ON meal.uid = c.meal_uid
          WHERE meal.id = ?)
        SELECT (SELECT count(*) FROM meal_cooked AS c JOIN meal ON meal.uid = c.meal_uid
          WHERE (c.last_day, meal.id) > (SELECT day, id FROM this)) FROM this
        """
      ).rows([.integer(id)], { $0.int(0) }).first
    else { return nil }
    return Int(before)
  }

  /// Where meal `id` is among the favourites, or nil.
  public func index(ofFavourite id: Int64) -> Int? {
    guard
      let before = try? db.statement(
        """
        SELECT count(*) FROM meal AS other, meal AS this WHERE this.id = ? AND this.favourite = 1
          AND other.favourite = 1 AND (other.favourited_at, other.id) > (this.favourited_at, this.id)
        """
      ).scalar([.integer(id)]),
      (try? db.statement("SELECT favourite FROM meal WHERE id = ?").scalar([.integer(id)])) == 1
    else { return nil }
    return Int(before)
  }

  // MARK: - Ingredient catalogue

  /// The catalogue sorted by name, or filtered by a case- and accent-insensitive substring.
  ///
  /// Ranked: names that start with it, then names with a word that does, then the rest (`gar`
  /// lists Garlic before Balsamic Vinegar, and both before Sugar), each group by name.
  /// `own: false` leaves out the user's own ingredients (TheMealDB knows nothing of them).
  public func ingredients(matching filter: String = "", own: Bool = true)
    -> WindowedResults<IngredientRow>
  {
    let key = TextFolding.key(MealRules.trimmed(filter))
    let map: (Statement) -> IngredientRow = {
      IngredientRow(
        id: $0.int(0), name: $0.text(1), hasDescription: $0.int(2) != 0, isOwn: $0.int(4) != 0,
        rank: Int($0.int(3)))
    }
    let which = own ? "" : " AND own = 0"
    guard !key.isEmpty else {
      let columns = "SELECT id, name, description IS NOT NULL, 0, own FROM ingredient"
      return live(
        count: "SELECT count(*) FROM ingredient WHERE 1\(which)", countParameters: [],
        knownCount: nil,
        offsetSQL: "\(columns) WHERE 1\(which) ORDER BY name, id LIMIT ? OFFSET ?",
        afterSQL: "\(columns) WHERE (name, id) > (?, ?)\(which) ORDER BY name, id LIMIT ?",
        beforeSQL:
          "\(columns) WHERE (name, id) < (?, ?)\(which) ORDER BY name DESC, id DESC LIMIT ?",
        parameters: [], key: { [.text($0.name), .integer($0.id)] }, map: map)
    }
    // Words begin after a space, a hyphen, a bracket or a slash.
    let words = "' ' || replace(replace(replace(search_key, '-', ' '), '(', ' '), '/', ' ')"
    let matched = """
      matched AS (
        SELECT id, name, description IS NOT NULL AS described,
          CASE WHEN instr(search_key, ?) = 1 THEN 0 WHEN instr(\(words), ' ' || ?) > 0 THEN 1
            ELSE 2 END AS rank, own
        FROM ingredient WHERE instr(search_key, ?) > 0\(which)
      )
      """
    let parameters: [SQLValue] = [.text(key), .text(key), .text(key)]
    let columns = "SELECT id, name, described, rank, own FROM matched"
    // The anchor row comes first, as the windowed reads bind it before the filter's values.
    let anchor = "WITH anchor (r, n, i) AS (SELECT ?, ?, ?), \(matched)"
    return live(
      count: "WITH \(matched) SELECT count(*) FROM matched", countParameters: parameters,
      knownCount: nil,
      offsetSQL: "WITH \(matched) \(columns) ORDER BY rank, name, id LIMIT ? OFFSET ?",
      afterSQL: """
        \(anchor) \(columns) WHERE (rank, name, id) > (SELECT r, n, i FROM anchor)
        ORDER BY rank, name, id LIMIT ?
        """,
      beforeSQL: """
        \(anchor) \(columns) WHERE (rank, name, id) < (SELECT r, n, i FROM anchor)
        ORDER BY rank DESC, name DESC, id DESC LIMIT ?
        """,
      parameters: parameters,
      key: { [.integer(Int64($0.rank)), .text($0.name), .integer($0.id)] }, map: map)
  }

  // MARK: - Plumbing

  // swift-format-ignore: FunctionParameterCount
  func live<Row>(
    count: String,
    countParameters: [SQLValue],
    knownCount: Int?,
    offsetSQL: String,
    afterSQL: String,
    beforeSQL: String,
    parameters: [SQLValue],
    key: @escaping (Row) -> [SQLValue],
    map: @escaping (Statement) -> Row
  ) -> WindowedResults<Row> {
    let db = self.db
    let source = WindowedResults<Row>.Source(
      generation: { [weak self] in self?.generation ?? 0 },
      count: { () throws(StoreError) -> Int in
        Int(try db.statement(count).scalar(countParameters) ?? 0)
      },
      countQuery: CountQuery(sql: count, parameters: countParameters),
      atOffset: { (offset, limit) throws(StoreError) -> [Row] in
        try db.statement(offsetSQL).rows(
          parameters + [.integer(Int64(limit)), .integer(Int64(offset))], map)
      },
      after: { (row, limit) throws(StoreError) -> [Row] in
        try db.statement(afterSQL).rows(key(row) + parameters + [.integer(Int64(limit))], map)
      },
      before: { (row, limit) throws(StoreError) -> [Row] in
        try db.statement(beforeSQL).rows(key(row) + parameters + [.integer(Int64(limit))], map)
      },
      failed: { [weak self] in self?.readFailed($0) }
    )
    return WindowedResults(source: source, knownCount: knownCount)
  }
}
