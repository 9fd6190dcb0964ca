import MealsCore

/// The local filter compiled to SQL over the three filter indexes, all keyed by `sort_key`
/// (which follows name order), so matches come back in name order without sorting and the
/// first screen stops after its rows.
///
/// - words: `meal_fts` (unicode61, accents removed, prefixes 1–3), each word a prefix query;
/// - one or two characters of CJK or punctuation: `meal_grams`, one exact token;
/// - longer CJK or punctuation: `meal_trigram` narrows to meals holding every trigram of the
///   text, and LIKE on `meal_fts`'s stored fields keeps those that hold the text itself.
struct MealFilter {
  /// What `keys` selects from, and how.
  private enum Source {
    case everything
    case words(query: String)
    case grams(token: String)
    case trigrams(query: String, pattern: String)
  }

  private let source: Source

  init(_ input: String) {
    switch FilterQuery(input) {
    case .everything:
      source = .everything
    case .words(let words) where words.isEmpty:
      source = .everything
    case .words(let words):
      source = .words(
        query: words.map { "\"" + $0.replacingEvery("\"", with: "\"\"") + "\"*" }
          .joined(separator: " AND "))
    case .substring(let text):
      if let token = SubstringGrams.token(forSearch: text) {
        source = .grams(token: token)
      } else {
        let scalars = Array(text.unicodeScalars)
        var trigrams: [String] = []
        for start in 0...(scalars.count - 3) {
          var trigram = String.UnicodeScalarView()
          trigram.append(contentsOf: scalars[start..<(start + 3)])
          let quoted = "\"" + String(trigram).replacingEvery("\"", with: "\"\"") + "\""
          if !trigrams.contains(quoted) { trigrams.append(quoted) }
        }
        source = .trigrams(
          query: trigrams.joined(separator: " AND "),
          pattern: "%" + Self.escapeLike(text) + "%")
      }
    }
  }

  var isEverything: Bool {
    if case .everything = source { return true }
    return false
  }

  /// The parameters of `keys`, in order (before any the caller adds after it).
  var parameters: [SQLValue] {
    switch source {
    case .everything: []
    case .words(let query): [.text(query)]
    case .grams(let token): [.text(token)]
    case .trigrams(let query, let pattern):
      [.text(query), .text(pattern), .text(pattern), .text(pattern)]
    }
  }

  /// `SELECT key …`: the sort keys of matching meals.
  ///
  /// `bound` writes a condition on the key column it is given (`{ "\($0) > ?" }`); `order` is
  /// "ASC" or "DESC" (nil for any order).
  func keys(where bound: ((String) -> String)? = nil, order: String? = nil) -> String {
    let column: String
    var sql: String
    switch source {
    case .everything:
      column = "sort_key"
      sql = "SELECT sort_key AS key FROM meal WHERE sort_key IS NOT NULL"
    case .words:
      column = "rowid"
      sql = "SELECT rowid AS key FROM meal_fts WHERE meal_fts MATCH ?"
    case .grams:
      column = "rowid"
      sql = "SELECT rowid AS key FROM meal_grams WHERE meal_grams MATCH ?"
    case .trigrams:
      column = "t.rowid"
      sql = """
        SELECT t.rowid AS key FROM meal_trigram AS t CROSS JOIN meal_fts AS f ON f.rowid = t.rowid
        WHERE meal_trigram MATCH ? AND (f.name LIKE ? ESCAPE '\\' OR f.ingredients LIKE ? \
        ESCAPE '\\' OR f.instructions LIKE ? ESCAPE '\\')
        """
    }
    if let bound { sql += " AND " + bound(column) }
    if let order { sql += " ORDER BY \(column) \(order)" }
    return sql
  }

  /// A condition on `meal` rows (for lists that also filter by chips), or nil for every meal.
  var mealCondition: String? {
    isEverything ? nil : "sort_key IN (\(keys()))"
  }

  /// The matches, one row each, in no order (for a count that stops at a limit).
  var matchSQL: String {
    switch source {
    case .words: "SELECT 1 FROM meal_fts WHERE meal_fts MATCH ?"
    case .grams: "SELECT 1 FROM meal_grams WHERE meal_grams MATCH ?"
    default: keys()
    }
  }

  /// Counts the matches.
  var countSQL: String {
    switch source {
    case .words: "SELECT count(*) FROM meal_fts WHERE meal_fts MATCH ?"
    case .grams: "SELECT count(*) FROM meal_grams WHERE meal_grams MATCH ?"
    default: "SELECT count(*) FROM (\(keys()))"
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
