import Dispatch
import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// The full-text indexes of a big first-schema book, built on the other core while the
/// upgrade copies the rows on this one: from the backup made just before it (the same rows),
/// into a file of their own beside the book, then copied in as their tables' rows.
///
/// At 100 000 meals building them was 1.8 s of the upgrade's 4.9; copying them in is 0.3 s.
final class SearchIndexWorker: @unchecked Sendable {
  // MARK: - What it builds

  /// From this many meals; below, the indexes take less time than the thread and file save.
  static let fromMeals = 2_000

  /// The file it builds in, the book's path with this after it; removed when done, and
  /// before an upgrade starts (one stopped by a kill leaves it).
  static let suffix = ".upgrade-index"

  /// The name the upgrade's connection gives that file while it reads it.
  static let schema = "upgrade_index"

  /// The indexes it builds: the word index first (the other two read its text).
  static let tables = ["meal_fts", "meal_trigram", "meal_grams"]

  /// The tables SQLite's FTS5 keeps an index in, by their name after the index's.
  static let shadowSuffixes = ["_config", "_content", "_data", "_docsize", "_idx"]

  // MARK: - State

  /// The file it builds in.
  let path: String
  private let backup: String
  private let creates: [String]
  private let ids: [Int64]
  private let sortKeys: [Int64]
  private let finished = DispatchSemaphore(value: 0)
  /// What stopped it, written before `finished` is signalled and read only after.
  private var failure: StoreError?
  private var isDone = false

  /// A build of the indexes `creates` (their SQL, as the book has it) from the first-schema
  /// `backup`, each meal's text under its sort key (`ids[i]` → `sortKeys[i]`).
  init(book: String, backup: String, creates: [String], ids: [Int64], sortKeys: [Int64]) {
    path = book + Self.suffix
    self.backup = backup
    self.creates = creates
    self.ids = ids
    self.sortKeys = sortKeys
  }

  /// Removes the file at `path` and what SQLite may have left beside it.
  static func remove(_ path: String) {
    for end in ["", "-journal", "-wal", "-shm"] { unlink(path + end) }
  }

  // MARK: - On the other core

  /// Starts the build on another thread.
  func start() {
    DispatchQueue.global().async { self.build() }
  }

  /// Waits for the build, calling `waiting` every 100 ms meanwhile; nil when it is whole.
  func wait(_ waiting: () -> Void) -> StoreError? {
    if !isDone {
      while finished.wait(timeout: .now() + .milliseconds(100)) == .timedOut { waiting() }
      isDone = true
    }
    return failure
  }

  private func build() {
    defer { finished.signal() }
    do {
      let db = try SQLiteConnection(path: path)
      defer { db.close() }
      // A scratch file: nothing to roll back or keep through a crash.
      _ = try db.statement("PRAGMA journal_mode = OFF").rows { $0.text(0) }
      try db.execute("PRAGMA synchronous = OFF; PRAGMA cache_size = -65536")
      try db.addFunction(SubstringGrams.functionName, arguments: 3) {
        SubstringGrams.tokens(of: $0)
      }
      try db.statement("ATTACH ? AS book_v1").run([.text(backup)])
      try db.transaction { () throws(StoreError) in
        try db.execute(
          "CREATE TEMP TABLE first_order (id INTEGER PRIMARY KEY, sort_key INTEGER NOT NULL)")
        let row = try db.statement("INSERT INTO temp.first_order (id, sort_key) VALUES (?, ?)")
        for (id, key) in zip(ids, sortKeys) { try row.run([.integer(id), .integer(key)]) }
        for sql in creates { try db.execute(sql) }
        // As `upgradeFromFirstSchema` builds them on one core, statement for statement.
        try db.execute(
          """
          \(Schema.bulkHash("meal_fts"))
          INSERT INTO meal_fts (rowid, name, ingredients, instructions)
            SELECT o.sort_key, f.name, f.ingredients, f.instructions
            FROM book_v1.meal_fts AS f JOIN temp.first_order AS o ON o.id = f.rowid
            ORDER BY o.sort_key;  -- the index read whole, then sorted: a lookup in it by
                                  -- rowid for each meal in order took three times as long
          \(Schema.usualHash("meal_fts"))
          \(Schema.substringIndexFill)
          """)
      }
    } catch {
      failure = error
    }
  }

  // MARK: - Copied in

  /// True when the book (`db`, which has the file attached as `schema`) and the file have
  /// the same shadow tables for every index, made by the same SQL (quotes aside: a table
  /// renamed since says so in them); else the caller builds the indexes itself.
  static func matches(on db: SQLiteConnection) throws(StoreError) -> Bool {
    for table in tables {
      let here = try shadows(of: table, in: "main", on: db)
      guard !here.isEmpty, unquoted(here) == unquoted(try shadows(of: table, in: schema, on: db))
      else { return false }
    }
    return true
  }

  /// Replaces the rows of `table`'s shadow tables in the book with the file's.
  static func copy(_ table: String, on db: SQLiteConnection) throws(StoreError) {
    for row in try shadows(of: table, in: "main", on: db) {
      let name = String(row.prefix { $0 != ":" })
      try db.execute(
        """
        DELETE FROM main."\(name)";
        INSERT INTO main."\(name)" SELECT * FROM \(schema)."\(name)";
        """)
    }
  }

  /// `table`'s shadow tables in `schema`, each as its name, a colon and its SQL.
  private static func shadows(of table: String, in schema: String, on db: SQLiteConnection)
    throws(StoreError) -> [String]
  {
    let names = shadowSuffixes.map { table + $0 }
    return try db.statement(
      """
      SELECT name || ':' || sql FROM \(schema).sqlite_schema
      WHERE type = 'table' AND name IN (\(names.map { _ in "?" }.joined(separator: ", ")))
      ORDER BY name
      """
    ).rows(names.map(SQLValue.text)) { $0.text(0) }
  }

  private static func unquoted(_ rows: [String]) -> [String] {
    rows.map { $0.filter { $0 != "'" && $0 != "\"" } }
  }
}
