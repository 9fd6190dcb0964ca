import MealsCore
import TextSafety

extension MealStore {
  // MARK: - Saved meals

  /// The columns a meal row of a list needs.
  static let summaryColumns =
    "id, name, summary, favourite, rating, total_minutes, difficulty"

  static func summary(_ row: Statement) -> MealSummary {
    MealSummary(
      id: row.int(0), name: row.text(1), summary: row.text(2), favourite: row.int(3) != 0,
      rating: Int(row.int(4)), totalMinutes: row.isNull(5) ? nil : Int(row.int(5)),
      difficulty: row.optionalText(6).flatMap(Difficulty.init(rawValue:)))
  }

  /// All saved meals sorted by name, or those matching `filter` (names, ingredients,
  /// instructions; prefix and accent-insensitive) and the chosen chips, as a live windowed
  /// result.
  public func meals(matching filter: String = "", chips: ChipSelection = ChipSelection())
    -> WindowedResults<MealSummary>
  {
    var condition = MealFilter(filter)
    // The match count decides how to read rows in name order (see MealFilter.Plan).
    var knownCount: Int?
    if condition.isFullText {
      knownCount = (try? db.statement(condition.countSQL).scalar(condition.parameters)).map {
        Int($0)
      }
      condition.choosePlan(matches: knownCount ?? 0, total: mealCount, sortLimit: filterSortLimit)
    }
    let chipCondition = ChipCondition(chips)
    var table = condition.table
    var countSQL = condition.countSQL
    var countParameters = condition.parameters
    if !chips.isEmpty {
      // The chips' indexes usually serve better than walking every name.
      table = "meal"
      knownCount = nil
      let both = [condition.sql, chipCondition.sql].compactMap { $0 }
      countSQL = "SELECT count(*) FROM meal WHERE " + both.joined(separator: " AND ")
      countParameters = condition.parameters + chipCondition.parameters
    }
    let conditions = [condition.sql, chipCondition.sql].compactMap { $0 }
    let whereClause = conditions.map { " AND \($0)" }.joined()
    let parameters = condition.parameters + chipCondition.parameters
    let columns = "SELECT \(Self.summaryColumns) FROM \(table)"
    return live(
      count: countSQL, countParameters: countParameters, knownCount: knownCount,
      offsetSQL: "\(columns) WHERE 1\(whereClause) ORDER BY name, id LIMIT ? OFFSET ?",
      afterSQL: "\(columns) WHERE (name, id) > (?, ?)\(whereClause) ORDER BY name, id LIMIT ?",
      beforeSQL:
        "\(columns) WHERE (name, id) < (?, ?)\(whereClause) ORDER BY name DESC, id DESC LIMIT ?",
      parameters: parameters, key: { [.text($0.name), .integer($0.id)] }, map: Self.summary)
  }

  /// Where meal `id` is in `meals(matching:chips:)`, or nil when it is not in that list.
  public func index(
    ofMeal id: Int64, matching filter: String = "", chips: ChipSelection = ChipSelection()
  ) -> Int? {
    let condition = MealFilter(filter)
    let chipCondition = ChipCondition(chips)
    let whereClause = [condition.sql, chipCondition.sql].compactMap { $0 }.map { " AND \($0)" }
      .joined()
    let parameters = condition.parameters + chipCondition.parameters
    guard
      let name = try? db.statement("SELECT name FROM meal WHERE id = ?\(whereClause)")
        .rows([.integer(id)] + parameters, { $0.text(0) }).first,
      let before = try? db.statement(
        "SELECT count(*) FROM meal WHERE (name, id) < (?, ?)\(whereClause)"
      )
      .scalar([.text(name), .integer(id)] + parameters)
    else { return nil }
    return Int(before)
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

  /// The catalogue sorted by name, filtered by a case- and accent-insensitive substring.
  public func ingredients(matching filter: String = "") -> WindowedResults<IngredientRow> {
    let key = TextFolding.key(MealRules.trimmed(filter))
    let whereClause = key.isEmpty ? "" : " AND search_key LIKE ? ESCAPE '\\'"
    let parameters: [SQLValue] = key.isEmpty ? [] : [.text("%" + MealFilter.escapeLike(key) + "%")]
    let columns = "SELECT id, name, description IS NOT NULL FROM ingredient"
    let map: (Statement) -> IngredientRow = {
      IngredientRow(id: $0.int(0), name: $0.text(1), hasDescription: $0.int(2) != 0)
    }
    return live(
      count: "SELECT count(*) FROM ingredient WHERE 1\(whereClause)", countParameters: parameters,
      knownCount: nil,
      offsetSQL: "\(columns) WHERE 1\(whereClause) ORDER BY name, id LIMIT ? OFFSET ?",
      afterSQL: "\(columns) WHERE (name, id) > (?, ?)\(whereClause) ORDER BY name, id LIMIT ?",
      beforeSQL:
        "\(columns) WHERE (name, id) < (?, ?)\(whereClause) ORDER BY name DESC, id DESC LIMIT ?",
      parameters: parameters, key: { [.text($0.name), .integer($0.id)] }, map: map)
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
      atOffset: { (offset, limit) throws(StoreError) -> [Row] in
        try db.statement(offsetSQL).rows(
          parameters + [.integer(Int64(limit)), .integer(Int64(offset))], map)
      },
      after: { (row, limit) throws(StoreError) -> [Row] in
        try db.statement(afterSQL).rows(key(row) + parameters + [.integer(Int64(limit))], map)
      },
      before: { (row, limit) throws(StoreError) -> [Row] in
        try db.statement(beforeSQL).rows(key(row) + parameters + [.integer(Int64(limit))], map)
      }
    )
    return WindowedResults(source: source, knownCount: knownCount)
  }
}

/// A local filter compiled to SQL: an FTS5 prefix query, or a substring scan for text the
/// tokenizer cannot split (CJK, punctuation only).
struct MealFilter {
  /// How rows are read in name order once the number of matches is known.
  enum Plan {
    /// Read every match from the index and sort them: best for few matches.
    case sortMatches
    /// Walk the name index, testing each meal against the set of matches: a middling share.
    case walkNamesAgainstSet
    /// Walk the name index, asking the index about each meal: most meals match.
    case walkNamesAskingEach
  }

  var sql: String?
  var parameters: [SQLValue]
  var countSQL: String
  var table = "meal"
  private(set) var isFullText = false

  init(_ input: String) {
    let trimmed = MealRules.trimmed(TextSanitizer.singleLine(input))
    let words = trimmed.split(whereSeparator: { $0.isWhitespace }).map(String.init)
    let searchable = words.filter { $0.contains(where: { $0.isLetter || $0.isNumber }) }
    if trimmed.isEmpty {
      sql = nil
      parameters = []
      countSQL = "SELECT count(*) FROM meal"
    } else if TextFolding.hasUnspacedScript(trimmed) || searchable.isEmpty {
      let pattern = "%" + Self.escapeLike(trimmed) + "%"
      sql =
        "id IN (SELECT rowid FROM meal_fts WHERE name LIKE ? ESCAPE '\\' "
        + "OR ingredients LIKE ? ESCAPE '\\' OR instructions LIKE ? ESCAPE '\\')"
      parameters = [.text(pattern), .text(pattern), .text(pattern)]
      countSQL = "SELECT count(*) FROM meal WHERE \(sql ?? "1")"
    } else {
      let query = searchable.map { "\"" + $0.replacingOccurrences(of: "\"", with: "\"\"") + "\"*" }
        .joined(separator: " AND ")
      isFullText = true
      parameters = [.text(query)]
      countSQL = "SELECT count(*) FROM meal_fts WHERE meal_fts MATCH ?"
      choosePlan(matches: 0, total: 0)
    }
  }

  /// Picks the cheapest way to read a window of matches in name order.
  ///
  /// Measured at 100 000 meals: sorting costs about 0.4–1.8 µs a match (reading each meal's
  /// row); walking the names costs as far as the first matches lie in name order, which for a
  /// word clustered in names (every "Zesty …") is nearly the whole index. So: sort up to
  /// `sortLimit` matches, walk the names against the set below half the meals, and ask the
  /// index per meal when most meals match.
  mutating func choosePlan(matches: Int, total: Int, sortLimit: Int = 10_000) {
    guard isFullText else { return }
    let plan: Plan
    if matches <= sortLimit {
      plan = .sortMatches
    } else if matches * 2 < total {
      plan = .walkNamesAgainstSet
    } else {
      plan = .walkNamesAskingEach
    }
    switch plan {
    case .sortMatches:
      table = "meal"
      sql = "id IN (SELECT rowid FROM meal_fts WHERE meal_fts MATCH ?)"
    case .walkNamesAgainstSet:
      table = "meal INDEXED BY meal_by_name"
      sql = "id IN (SELECT rowid FROM meal_fts WHERE meal_fts MATCH ?)"
    case .walkNamesAskingEach:
      table = "meal INDEXED BY meal_by_name"
      sql = "EXISTS (SELECT 1 FROM meal_fts WHERE meal_fts MATCH ? AND rowid = meal.id)"
    }
  }

  /// Escapes LIKE's wildcards with a backslash.
  static func escapeLike(_ text: String) -> String {
    var escaped = ""
    for character in text {
      if character == "%" || character == "_" || character == "\\" { escaped.append("\\") }
      escaped.append(character)
    }
    return escaped
  }
}
