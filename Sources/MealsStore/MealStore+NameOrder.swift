import MealsCore

/// The book's name order by a language's rules (`NameCollation`), kept in the book so every
/// process writing it (the app, `meals sync` from cron, the phone server) places a meal alike.
extension MealStore {
  // MARK: - The book's rules

  /// The rules the book's names are in order by (read each time: another process may have
  /// put the book in another order since).
  var nameCollation: NameCollation { nameOrder ?? .standard }

  /// The rules the book's order follows, nil while it is still SQLite's NOCASE order (a book
  /// upgraded and not yet put in order).
  public var nameOrder: NameCollation? {
    NameCollation(rawValue: setting(Schema.nameOrderSetting) ?? "")
  }

  /// `nameCollation` read on any connection (a worker's own).
  static func nameCollation(in db: SQLiteConnection) -> NameCollation {
    let value = try? db.statement("SELECT value FROM setting WHERE key = ?").rows(
      [.text(Schema.nameOrderSetting)], { $0.text(0) }
    ).first
    return value.flatMap(NameCollation.init(rawValue:)) ?? .standard
  }

  // MARK: - Putting the book in order

  /// Puts the book's names in `rules`' order, in one transaction; nothing when they already are.
  ///
  /// Only the meals out of place move: the longest run of meals whose keys already rise in
  /// the new order keeps its keys (a book of plain ASCII names keeps them all), and the rest
  /// are placed again among them, in the filter indexes too; when many are out of place, every
  /// meal gets a new key and the indexes are built again. Each row is written once, and only
  /// when its key or place changes. Returns how many moved.
  @discardableResult
  public func orderNames(by rules: NameCollation) throws(StoreError) -> Int {
    // One read, and no write when nothing changes: every start asks.
    guard !db.openedReadOnly, nameOrder != rules else { return 0 }
    // A big book's rewrite merges in memory what a small page cache would write and read back.
    try db.execute("PRAGMA cache_size = -131072")
    defer { try? db.execute("PRAGMA cache_size = -2000") }
    var moved = 0
    try db.transaction { () throws(StoreError) in
      var meals = try db.statement("SELECT id, name, sort_key, name_order FROM meal").rows {
        (
          id: $0.int(0), key: rules.key($0.text(1)),
          sortKey: $0.isNull(2) ? nil : Optional($0.int(2)),
          stored: $0.optionalText(3)
        )
      }
      meals.sort { Self.inNameOrder(($0.key, $0.id), ($1.key, $1.id)) }
      let staying = Self.longestRisingRun(meals.map(\.sortKey))
      let movers = meals.indices.filter { !staying.contains($0) }
      moved = movers.count
      let rekeying = movers.count > max(100, meals.count / 100)
      // What changes, row by row: its key, and its place when every meal is placed anew.
      let spacing = min(SortKeys.spacing, Int64.max / Int64(meals.count + 2))
      try db.execute(
        "CREATE TEMP TABLE rekey (id INTEGER PRIMARY KEY, old INTEGER, new INTEGER, name_order TEXT)"
      )
      defer { try? db.execute("DROP TABLE IF EXISTS temp.rekey") }
      let change = try db.statement(
        "INSERT INTO temp.rekey (id, old, new, name_order) VALUES (?, ?, ?, ?)")
      var changes = 0
      for (position, meal) in meals.enumerated() where rekeying || meal.stored != meal.key {
        let new = rekeying ? spacing * Int64(position + 1) : meal.sortKey
        changes += 1
        try change.run([
          .integer(meal.id), meal.sortKey.map { .integer($0) } ?? .null,
          new.map { .integer($0) } ?? .null, .text(meal.key),
        ])
      }
      try setNameOrder(rules)
      if rekeying {
        try rekeyAll()
        return
      }
      // Many keys written (every one, after an upgrade): the key's index made again after
      // them, faster than kept up row by row (100 000 meals: 0.62 → 0.32 s).
      let rebuilt =
        changes > max(1_000, meals.count / 10) ? try dropIndexes("name_order") : []
      try db.execute(
        """
        UPDATE meal SET name_order = (SELECT name_order FROM temp.rekey WHERE rekey.id = meal.id)
        WHERE id IN (SELECT id FROM temp.rekey)
        """)
      for sql in rebuilt { try db.execute(sql) }
      var texts: [Int64: IndexedText] = [:]
      let ingredients = try db.statement(
        "SELECT name FROM ingredient_measurement WHERE meal_id = ? ORDER BY position")
      let row = try db.statement("SELECT name, instructions FROM meal WHERE id = ?")
      let clearKey = try db.statement("UPDATE meal SET sort_key = NULL WHERE id = ?")
      for mover in movers.map({ meals[$0] }) {
        guard
          let (name, instructions) = try row.rows(
            [.integer(mover.id)], { ($0.text(0), $0.text(1)) }
          ).first
        else { continue }
        let lines = try ingredients.rows([.integer(mover.id)]) { $0.text(0) }
        texts[mover.id] = IndexedText(
          name: name, ingredients: lines.joined(separator: "\n"), instructions: instructions)
        if let key = mover.sortKey { try unindex(key: key) }
        try clearKey.run([.integer(mover.id)])
      }
      // After the setting: placing reads the book's rules.
      try placeBatch(texts)
    }
    return moved
  }

  /// Drops the meal table's indexes whose definition names `column`; returns their SQL, to
  /// make them again.
  private func dropIndexes(_ column: String) throws(StoreError) -> [String] {
    let indexes = try db.statement(
      """
      SELECT name, sql FROM sqlite_schema WHERE type = 'index' AND tbl_name = 'meal'
        AND sql IS NOT NULL AND sql LIKE '%' || ? || '%'
      """
    ).rows([.text(column)]) { ($0.text(0), $0.text(1)) }
    for (name, _) in indexes { try db.execute("DROP INDEX \"\(name)\"") }
    return indexes.map(\.1)
  }

  /// Says in the book that its names are in `rules`' order.
  func setNameOrder(_ rules: NameCollation) throws(StoreError) {
    try db.statement("INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)").run([
      .text(Schema.nameOrderSetting), .text(rules.rawValue),
    ])
  }

  /// Gives every meal its key and place from `temp.rekey` (every meal is in it).
  ///
  /// The three filter indexes are built again under the new places (the word index in key
  /// order, as schema 5 built it); the indexes on the two columns are made again after the
  /// rows are written, faster than keeping them up row by row.
  private func rekeyAll() throws(StoreError) {
    let indexes = try dropIndexes("sort_key") + dropIndexes("name_order")
    try db.execute(
      """
      UPDATE meal SET (name_order, sort_key) = (
        SELECT name_order, new FROM temp.rekey WHERE rekey.id = meal.id)
      WHERE id IN (SELECT id FROM temp.rekey);
      """)
    for sql in indexes { try db.execute(sql) }
    try db.execute(
      """
      CREATE VIRTUAL TABLE meal_fts_new USING fts5 (\(Schema.wordIndexColumns));
      \(Schema.bulkHash("meal_fts_new"))
      INSERT INTO meal_fts_new (rowid, name, ingredients, instructions)
        SELECT rekey.new, f.name, f.ingredients, f.instructions
        FROM temp.rekey AS rekey CROSS JOIN meal_fts AS f ON f.rowid = rekey.old
        ORDER BY rekey.new;
      \(Schema.usualHash("meal_fts_new"))
      DROP TABLE meal_fts;
      ALTER TABLE meal_fts_new RENAME TO meal_fts;
      INSERT INTO meal_trigram (meal_trigram) VALUES ('delete-all');
      INSERT INTO meal_grams (meal_grams) VALUES ('delete-all');
      \(Schema.substringIndexFill)
      """)
  }

  /// The positions of a longest strictly rising run (not necessarily adjacent) of `keys`.
  ///
  /// Nil keys are never in it. O(n log n).
  static func longestRisingRun(_ keys: [Int64?]) -> Set<Int> {
    // tails[k]: the position ending the best run of length k + 1 found so far.
    var tails: [Int] = []
    var previous = [Int](repeating: -1, count: keys.count)
    for (position, key) in keys.enumerated() {
      guard let key else { continue }
      var low = 0
      var high = tails.count
      while low < high {
        let middle = (low + high) / 2
        if let tail = keys[tails[middle]], tail < key { low = middle + 1 } else { high = middle }
      }
      if low > 0 { previous[position] = tails[low - 1] }
      if low == tails.count { tails.append(position) } else { tails[low] = position }
    }
    var run = Set<Int>()
    var position = tails.last ?? -1
    while position >= 0 {
      run.insert(position)
      position = previous[position]
    }
    return run
  }
}
