import MealsCore
import TextSafety

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
    /// `ownLetters`: the words as the language keeps its own letters (`ä` is not `a` in
    /// Swedish), one per line, which each match must also begin (nil: the index's folding is
    /// the language's).
    case words(query: String, rules: NameCollation, ownLetters: String?)
    case grams(token: String)
    case trigrams(query: String, pattern: String)
  }

  private let source: Source

  /// The SQL function checking a match's words by a language's own letters.
  static let ownLettersFunction = "meals_own_letters"

  /// The filter `input` by the book's `rules` (its language's letters and spellings).
  init(_ input: String, rules: NameCollation = .standard) {
    switch FilterQuery(input) {
    case .everything:
      source = .everything
    case .words(let words) where words.isEmpty:
      source = .everything
    case .words(let words):
      let query = words.map { word in
        let terms = ([word] + rules.otherSpellings(word)).map {
          "\"" + $0.replacingEvery("\"", with: "\"\"") + "\"*"
        }
        return terms.count == 1 ? terms[0] : "(" + terms.joined(separator: " OR ") + ")"
      }.joined(separator: " AND ")
      var ownLetters: String?
      if words.contains(where: rules.needsOwnLetters) {
        ownLetters = TextFolding.composed(TextSanitizer.singleLine(input))
          .split(whereSeparator: \.isWhitespace).map { rules.filterKey(String($0)) }
          .filter { !$0.isEmpty }.joined(separator: "\n")
      }
      source = .words(query: query, rules: rules, ownLetters: ownLetters)
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
    case .words(let query, let rules, let ownLetters?):
      [.text(query), .text(rules.rawValue), .text(ownLetters)]
    case .words(let query, _, nil): [.text(query)]
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
      sql = "SELECT rowid AS key FROM meal_fts WHERE meal_fts MATCH ?\(ownLettersCondition)"
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

  /// The check of the language's own letters on a word match (none when not needed).
  private var ownLettersCondition: String {
    guard case .words(_, _, _?) = source else { return "" }
    return " AND \(Self.ownLettersFunction)(?, ?, name, ingredients, instructions) = '1'"
  }

  /// The matches, one row each, in no order (for a count that stops at a limit).
  var matchSQL: String {
    switch source {
    case .words: "SELECT 1 FROM meal_fts WHERE meal_fts MATCH ?\(ownLettersCondition)"
    case .grams: "SELECT 1 FROM meal_grams WHERE meal_grams MATCH ?"
    default: keys()
    }
  }

  /// Counts the matches.
  var countSQL: String {
    switch source {
    case .words: "SELECT count(*) FROM meal_fts WHERE meal_fts MATCH ?\(ownLettersCondition)"
    case .grams: "SELECT count(*) FROM meal_grams WHERE meal_grams MATCH ?"
    default: "SELECT count(*) FROM (\(keys()))"
    }
  }

  /// Registers `ownLettersFunction` (rules, words one per line, then the three fields: "1"
  /// when each word begins a word of a field by the rules' own letters) on a connection.
  static func addOwnLettersFunction(to db: SQLiteConnection) throws(StoreError) {
    try db.addFunction(ownLettersFunction, arguments: 5) { arguments in
      guard arguments.count == 5, let rules = NameCollation(rawValue: arguments[0]) else {
        return "1"
      }
      let words = arguments[1].split(separator: "\n").map(String.init)
      return rules.wordsBegin(words, in: Array(arguments[2...])) ? "1" : "0"
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
