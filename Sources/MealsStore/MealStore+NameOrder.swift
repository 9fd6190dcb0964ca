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
  /// are placed again among them, in the filter indexes too. Returns how many moved.
  @discardableResult
  public func orderNames(by rules: NameCollation) throws(StoreError) -> Int {
    guard !db.openedReadOnly, nameOrder != rules else { return 0 }
    if let current = nameOrder, current.order == rules.order {
      // The same keys (German's are standard's): only the rules the filter reads change.
      try db.statement("INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)").run([
        .text(Schema.nameOrderSetting), .text(rules.rawValue),
      ])
      return 0
    }
    var moved = 0
    try db.transaction { () throws(StoreError) in
      let names = try db.statement("SELECT id, name FROM meal").rows { ($0.int(0), $0.text(1)) }
      let setOrder = try db.statement("UPDATE meal SET name_order = ? WHERE id = ?")
      for (id, name) in names { try setOrder.run([.text(rules.key(name)), .integer(id)]) }
      let order = try db.statement("SELECT id, sort_key FROM meal ORDER BY name_order, id").rows {
        (id: $0.int(0), key: $0.isNull(1) ? nil : Optional($0.int(1)))
      }
      let staying = Self.longestRisingRun(order.map(\.key))
      let movers = order.indices.filter { !staying.contains($0) }.map { order[$0] }
      try db.statement("INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)").run([
        .text(Schema.nameOrderSetting), .text(rules.rawValue),
      ])
      moved = movers.count
      // Many meals out of place (a run of them often shares one gap): every key anew.
      if movers.count > max(100, order.count / 100) { return try rekeyAll() }
      var texts: [Int64: IndexedText] = [:]
      let ingredients = try db.statement(
        "SELECT name FROM ingredient_measurement WHERE meal_id = ? ORDER BY position")
      let row = try db.statement("SELECT name, instructions FROM meal WHERE id = ?")
      let clearKey = try db.statement("UPDATE meal SET sort_key = NULL WHERE id = ?")
      for mover in movers {
        guard
          let (name, instructions) = try row.rows(
            [.integer(mover.id)], { ($0.text(0), $0.text(1)) }
          )
          .first
        else { continue }
        let lines = try ingredients.rows([.integer(mover.id)]) { $0.text(0) }
        texts[mover.id] = IndexedText(
          name: name, ingredients: lines.joined(separator: "\n"), instructions: instructions)
        if let key = mover.key { try unindex(key: key) }
        try clearKey.run([.integer(mover.id)])
      }
      // After the setting: placing reads the book's rules.
      try placeBatch(texts)
    }
    return moved
  }

  /// Gives every meal a new key, evenly spaced in name order, and builds the three filter
  /// indexes again under them (as schema 5 built them: the word index in key order).
  private func rekeyAll() throws(StoreError) {
    try db.execute(
      """
      CREATE TEMP TABLE rekey (old INTEGER PRIMARY KEY, new INTEGER NOT NULL);
      INSERT INTO rekey (old, new)
        SELECT sort_key, row_number() OVER (ORDER BY name_order, id)
          * min(\(SortKeys.spacing), 9223372036854775807 / (count(*) OVER () + 2))
        FROM meal WHERE sort_key IS NOT NULL;
      UPDATE meal SET sort_key = rekey.new FROM rekey WHERE rekey.old = meal.sort_key;
      CREATE VIRTUAL TABLE meal_fts_new USING fts5 (\(Schema.wordIndexColumns));
      \(Schema.bulkHash("meal_fts_new"))
      INSERT INTO meal_fts_new (rowid, name, ingredients, instructions)
        SELECT rekey.new, f.name, f.ingredients, f.instructions
        FROM meal_fts AS f JOIN rekey ON rekey.old = f.rowid ORDER BY rekey.new;
      \(Schema.usualHash("meal_fts_new"))
      DROP TABLE meal_fts;
      ALTER TABLE meal_fts_new RENAME TO meal_fts;
      INSERT INTO meal_trigram (meal_trigram) VALUES ('delete-all');
      \(Schema.bulkHash("meal_trigram"))
      INSERT INTO meal_trigram (rowid, name, ingredients, instructions)
        SELECT rowid, name, ingredients, instructions FROM meal_fts;
      \(Schema.usualHash("meal_trigram"))
      INSERT INTO meal_grams (meal_grams) VALUES ('delete-all');
      \(Schema.bulkHash("meal_grams"))
      INSERT INTO meal_grams (rowid, grams)
        SELECT rowid, \(SubstringGrams.functionName)(name, ingredients, instructions) FROM meal_fts;
      \(Schema.usualHash("meal_grams"))
      DROP TABLE temp.rekey;
      """)
  }

  /// The positions of a longest strictly rising run (not necessarily adjacent) of `keys`;
  /// nil keys are never in it. O(n log n).
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
