import MealsCore

/// What a list of saved meals shows: a text filter and chosen chips, in name order.
///
/// One value writes every statement the list runs — its rows (by offset, after a row, before
/// a row), their count, and where one meal stands in them — so the three can never filter or
/// order differently.
struct MealListQuery {
  private let text: MealFilter
  private let chips: ChipCondition

  init(text: String, chips: ChipSelection, rules: NameCollation = .standard) {
    self.text = MealFilter(text, rules: rules)
    self.chips = ChipCondition(chips)
  }

  /// No filter and no chips: the whole table (whose count the store's summary knows).
  var isEverything: Bool { text.isEverything && chips.sql == nil }

  /// Text alone is read in key order straight from its index; chips (alone or with text)
  /// filter the meal table in key order (`sort_key` follows the book's name order).
  private var readsIndex: Bool { chips.sql == nil && !text.isEverything }

  /// The conditions on `meal` rows, each after an AND.
  private var mealConditions: String {
    // Two optional texts joined by hand: the generic algorithms over `[String?]` had their
    // types made at run time before the first frame (0.2 ms of every start).
    var conditions = ""
    if let condition = text.mealCondition { conditions += " AND " + condition }
    if let condition = chips.sql { conditions += " AND " + condition }
    return conditions
  }

  /// The parameters of every statement below, after those each names first.
  var parameters: [SQLValue] { readsIndex ? text.parameters : text.parameters + chips.parameters }

  // MARK: - Statements

  private static let columns = "SELECT \(MealStore.summaryColumns) FROM"
  /// Index keys, then their meals, in key order.
  private static let join = "AS k JOIN meal ON meal.sort_key = k.key ORDER BY k.key"
  /// The sort key of the row read from (`after`, `before`), by its id.
  private static let anchor = "WITH anchor (at) AS (SELECT sort_key FROM meal WHERE id = ?)"

  /// Counts the rows.
  var countSQL: String {
    readsIndex ? text.countSQL : "SELECT count(*) FROM meal WHERE 1\(mealConditions)"
  }

  /// Counts the rows up to a limit (parameters, then the limit): as many as there are, or the
  /// limit when there are more, without reading past it.
  var cappedCountSQL: String {
    readsIndex
      ? "SELECT count(*) FROM (\(text.matchSQL) LIMIT ?)"
      : "SELECT count(*) FROM (SELECT 1 FROM meal WHERE 1\(mealConditions) LIMIT ?)"
  }

  /// `limit` rows from `offset` (parameters, then the limit and the offset).
  var offsetSQL: String {
    readsIndex
      ? "\(Self.columns) (\(text.keys(order: "ASC")) LIMIT ? OFFSET ?) \(Self.join)"
      : "\(Self.columns) meal WHERE 1\(mealConditions) ORDER BY sort_key LIMIT ? OFFSET ?"
  }

  /// `limit` rows after a row (its `rowKey`, the parameters, then the limit).
  var afterSQL: String {
    readsIndex
      ? """
      \(Self.anchor) \(Self.columns) (\(text.keys(where: { "\($0) > (SELECT at FROM anchor)" }, order: "ASC")) \
      LIMIT ?) \(Self.join)
      """
      : """
      \(Self.anchor) \(Self.columns) meal WHERE sort_key > (SELECT at FROM anchor)\(mealConditions) \
      ORDER BY sort_key LIMIT ?
      """
  }

  /// `limit` rows before a row, nearest first (its `rowKey`, the parameters, then the limit).
  var beforeSQL: String {
    readsIndex
      ? """
      \(Self.anchor) \(Self.columns) (\(text.keys(where: { "\($0) < (SELECT at FROM anchor)" }, order: "DESC")) \
      LIMIT ?) \(Self.join) DESC
      """
      : """
      \(Self.anchor) \(Self.columns) meal WHERE sort_key < (SELECT at FROM anchor)\(mealConditions) \
      ORDER BY sort_key DESC LIMIT ?
      """
  }

  /// What `afterSQL` and `beforeSQL` read from.
  func rowKey(_ row: MealSummary) -> [SQLValue] {
    [.integer(row.id)]
  }

  /// How many rows come before meal `id`: one row when it is in the list, none when not.
  var positionSQL: String {
    readsIndex
      ? """
      \(Self.anchor) SELECT (SELECT count(*) FROM (\(text.keys(where: { "\($0) < (SELECT at FROM anchor)" })))) \
      WHERE EXISTS (\(text.keys(where: { "\($0) = (SELECT at FROM anchor)" })))
      """
      : """
      WITH this (at) AS (SELECT sort_key FROM meal WHERE id = ?\(mealConditions)) \
      SELECT (SELECT count(*) FROM meal WHERE sort_key < (SELECT at FROM this)\(mealConditions)) \
      FROM this
      """
  }

  /// The parameters of `positionSQL` for meal `id`.
  func positionParameters(of id: Int64) -> [SQLValue] {
    [.integer(id)] + parameters + parameters
  }
}
