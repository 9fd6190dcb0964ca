import MealsCore
import Translation

/// The upgrade of a book of the first schema straight to schema 21, each row written once.
///
/// Step by step, migrations 2, 5, 12, 15 and 21 each rewrite every meal row or line (a copy,
/// then a key, an id, a name key, a name order), and the indexes are built and built again:
/// at 100 000 meals that was most of the upgrade's time. This path moves the first schema's
/// tables aside, makes schema 21 empty with the same migrations a new book runs (so its
/// schema is a new book's, text for text), copies each row once with every later column
/// filled as those migrations fill it, and builds each index and count once, after the rows.
/// One transaction: a failure leaves the book as it was. Migrations after 21 run after it.
extension MealStore {
  // MARK: - Where it leads

  /// The version the upgrade from the first schema makes (later ones run step by step).
  static let firstSchemaUpgradeEnd = 21

  /// The weights of the steps it takes the place of (2 … 21), for the progress line.
  static let firstSchemaUpgradeWeight = Schema.migrations[1..<firstSchemaUpgradeEnd].reduce(0) {
    $0 + $1.weight
  }

  /// The first schema's tables, moved aside while their rows are copied.
  private static let firstTables = [
    ("meal", "first_meal"), ("ingredient_measurement", "first_measurement"),
    ("ingredient", "first_ingredient"), ("meal_fts", "first_fts"),
  ]

  /// The parts of the upgrade, with their share of its time (measured at 100 000 meals) for
  /// the progress line.
  private enum Part: String {
    case order = "names in order"
    case meals = "meals copied"
    case lines = "lines copied"
    case indexes = "indexes"
    case wordIndex = "word index"
    case substringIndexes = "substring indexes"
    /// The last two, built by `SearchIndexWorker`: waited for, then copied in.
    case otherCore = "search indexes built on the other core"
    case copiedIn = "search indexes copied in"
    case tidy = "old tables dropped"

    var share: Double {
      switch self {
      case .order: 0.05
      case .meals: 0.1
      case .lines: 0.15
      case .indexes: 0.2
      case .wordIndex: 0.2
      case .substringIndexes: 0.25
      case .otherCore: 0.3
      case .copiedIn: 0.15
      case .tidy: 0.05
      }
    }
  }

  // MARK: - The upgrade

  /// Upgrades a book of schema 1 to `firstSchemaUpgradeEnd` in one transaction, its names
  /// put in `rules`' order; `done` is the share of the weights behind it (the backup).
  ///
  /// `backup` is the copy made just before, of the book as it was when its `data_version`
  /// read `unchangedSince`; `order`, a big book's names put in order meanwhile. With both, its
  /// full-text indexes are built on the other core (`SearchIndexWorker`) when no other
  /// connection has changed the book since.
  func upgradeFromFirstSchema(
    rules: NameCollation, reporter: UpgradeReporter?, done: Double,
    backup: (path: String, unchangedSince: Int64)? = nil, order earlyOrder: FirstOrder? = nil
  ) throws(StoreError) {
    let steps = Schema.migrations.prefix(Self.firstSchemaUpgradeEnd)
    let weight = Self.firstSchemaUpgradeWeight
    var behind = done
    func begin(_ part: Part) {
      reporter?.begin(
        step: Self.firstSchemaUpgradeEnd, part: part.rawValue, done: behind, on: db)
      behind += part.share * weight
    }
    // Foreign keys can only be switched outside a transaction; checked before committing.
    try db.execute("PRAGMA foreign_keys = OFF")
    defer { try? db.execute("PRAGMA foreign_keys = ON") }
    // A rollback journal keeps only the pages this changes of what was there, and the new
    // tables go past the file's end: each page is written once, where WAL writes it twice
    // (into the log, then back at the checkpoint, a silent second at the end). A failure
    // leaves the journal for the next open that may write to roll back (a read-only open
    // says so, `MealStore.open`). Another connection on the book keeps it in WAL.
    _ = try? db.statement("PRAGMA journal_mode = TRUNCATE").rows { $0.text(0) }
    defer { _ = try? db.statement("PRAGMA journal_mode = WAL").rows { $0.text(0) } }
    // Attached outside the transaction (SQLite's rule), after the journal's switch (which
    // would switch it too), detached before the switch back; the worker writes it.
    let indexFile = db.path + SearchIndexWorker.suffix
    SearchIndexWorker.remove(indexFile)
    var worker: SearchIndexWorker?
    var otherCore = false
    // A big book (its names put in order beside its backup, `MealStore.init`); a file that
    // cannot be made there: the indexes are built here, as on one core.
    if backup != nil, earlyOrder != nil {
      otherCore =
        (try? db.statement("ATTACH ? AS \(SearchIndexWorker.schema)").run([.text(indexFile)]))
        != nil
    }
    defer {
      if otherCore {
        _ = worker?.wait {}
        try? db.execute("DETACH \(SearchIndexWorker.schema)")
        SearchIndexWorker.remove(indexFile)
      }
    }
    // Its first statement writes, taking the book's write lock; the index file is read only
    // once the worker is done writing it.
    try db.transaction(lockingAll: false) { () throws(StoreError) in
      begin(.order)
      try db.execute(
        "DROP INDEX IF EXISTS main.meal_by_name; DROP INDEX IF EXISTS main.measurement_by_meal")
      for (table, aside) in Self.firstTables {
        try db.execute("ALTER TABLE \"\(table)\" RENAME TO \"\(aside)\"")
      }
      // Schema 21 as a new book has it (a migration a new book skips is skipped here too).
      for migration in steps where migration.neededFrom == 0 { try db.execute(migration.sql) }
      // Indexes and counting triggers are made again after the rows, from their own SQL.
      let later = try db.statement(
        """
        SELECT type, name, sql FROM sqlite_schema
        WHERE type IN ('index', 'trigger') AND sql IS NOT NULL
          AND tbl_name IN ('meal', 'ingredient_measurement')
        """
      ).rows { (type: $0.text(0), name: $0.text(1), sql: $0.text(2)) }
      for object in later {
        try db.execute("DROP \(object.type.uppercased()) \"\(object.name)\"")
      }
      // The names as put in order beside the backup, when they are still the book's.
      let unchanged = try backup.map { backup throws(StoreError) in
        try db.statement("PRAGMA data_version").scalar() == backup.unchangedSince
      }
      let order: FirstOrder
      if unchanged == true, let earlyOrder {
        order = earlyOrder
      } else {
        order = try mealsInOrder(rules: rules)
      }
      if otherCore, unchanged == true, let backup {
        worker = try startedIndexWorker(order: order, backup: backup)
      }
      try writePlaces(order, rules: rules)

      begin(.meals)
      try db.execute(
        """
        INSERT INTO meal (\(Schema.mealColumnsV2), sort_key, uid, name_order)
          SELECT \(Self.firstColumns("m")), o.sort_key, o.uid, o.name_order
          FROM first_meal AS m JOIN temp.first_order AS o ON o.id = m.id
          ORDER BY m.id;
        DROP TABLE temp.first_order;
        INSERT INTO ingredient (id, name, search_key, description, type, mealdb_id)
          SELECT id, name, search_key, description, type, mealdb_id FROM first_ingredient;
        """)

      begin(.lines)
      try db.execute(
        """
        INSERT INTO ingredient_measurement (\(Schema.measurementColumnsV2), name_key)
          SELECT \(Schema.measurementColumnsV2), \(Schema.ingredientKeyFunction)(name)
          FROM first_measurement ORDER BY id;
        """)
      let orphans = try db.statement("PRAGMA foreign_key_check(ingredient_measurement)").rows {
        $0.text(0)
      }
      guard orphans.isEmpty else {
        throw StoreError(
          .corrupt, tr("The database has ingredient lines without a meal; it was left unchanged."))
      }

      begin(.indexes)
      for object in later { try db.execute(object.sql) }
      try db.execute(
        [Schema.facetCounts, Schema.chipCounts, Schema.ingredientKeyCounts, Schema.mealKeyCounts]
          .joined(separator: "\n"))

      // Built on the other core meanwhile (a failure there: built here, as on one core).
      var built = false
      if let worker {
        begin(.otherCore)
        // This part's pages written while the other core finishes (left to the end, they
        // were its longest silence).
        try db.flushCache()
        if worker.wait({ reporter?.tick() }) == nil {
          built = try SearchIndexWorker.matches(on: db)
        }
      }
      if built {
        begin(.copiedIn)
        for table in SearchIndexWorker.tables { try SearchIndexWorker.copy(table, on: db) }
      } else {
        begin(.wordIndex)
        try db.execute(
          """
          \(Schema.bulkHash("meal_fts"))
          INSERT INTO meal_fts (rowid, name, ingredients, instructions)
            SELECT meal.sort_key, f.name, f.ingredients, f.instructions
            FROM first_fts AS f JOIN meal ON meal.id = f.rowid
            ORDER BY meal.sort_key;  -- in key order: three times faster to build
          \(Schema.usualHash("meal_fts"))
          """)
        begin(.substringIndexes)
        try db.execute(Schema.substringIndexFill)
      }
      // The new tables' pages written now, while the progress line has just heard of this
      // part: left to the commit, they were its 0.6 s of silence at 100 000 meals.
      try db.flushCache()
      begin(.tidy)
      for (_, aside) in Self.firstTables.reversed() {
        try db.execute("DROP TABLE \"\(aside)\"")
      }
      try db.execute("PRAGMA user_version = \(Self.firstSchemaUpgradeEnd)")
    }
  }

  // MARK: - The search indexes on the other core

  /// A `SearchIndexWorker` building the full-text indexes from `backup`, started (the caller
  /// has checked the backup is still the book: no other connection has written since).
  private func startedIndexWorker(
    order: FirstOrder, backup: (path: String, unchangedSince: Int64)
  ) throws(StoreError) -> SearchIndexWorker? {
    let read = try db.statement("SELECT sql FROM main.sqlite_schema WHERE name = ?")
    var creates: [String] = []
    for table in SearchIndexWorker.tables {
      guard let sql = try read.rows([.text(table)], { $0.text(0) }).first else { return nil }
      creates.append(sql)
    }
    let worker = SearchIndexWorker(
      book: db.path, backup: backup.path, creates: creates, ids: order.ids,
      sortKeys: order.sortKeys)
    worker.start()
    return worker
  }

  // MARK: - Names in order, ids for the sync folder

  /// The first-schema meals in `rules`' order (then by id): each one's id, key and sort key,
  /// as schemas 5 and 12 and `orderNames` give them.
  typealias FirstOrder = (ids: [Int64], keys: [String], sortKeys: [Int64])

  func mealsInOrder(rules: NameCollation, table: String = "first_meal") throws(StoreError)
    -> FirstOrder
  {
    var meals = try db.statement("SELECT id, name FROM \(table)").rows {
      (id: $0.int(0), key: rules.key($0.text(1)))
    }
    meals.sort { Self.inNameOrder(($0.key, $0.id), ($1.key, $1.id)) }
    let spacing = min(SortKeys.spacing, Int64.max / Int64(meals.count + 2))
    var order: FirstOrder = ([], [], [])
    order.ids.reserveCapacity(meals.count)
    order.keys.reserveCapacity(meals.count)
    order.sortKeys.reserveCapacity(meals.count)
    for (position, meal) in meals.enumerated() {
      order.ids.append(meal.id)
      order.keys.append(meal.key)
      order.sortKeys.append(spacing * Int64(position + 1))
    }
    return order
  }

  /// Each meal's place, key and uid (`temp.first_order`); the book then says it is in
  /// `rules`' order. (The uids made at once here rather than by SQLite's `randomblob`, five
  /// calls a row, each under SQLite's lock: 0.4 s at 100 000 meals.)
  private func writePlaces(_ order: FirstOrder, rules: NameCollation) throws(StoreError) {
    try db.execute(
      """
      CREATE TEMP TABLE first_order (
        id INTEGER PRIMARY KEY, sort_key INTEGER, name_order TEXT, uid TEXT)
      """)
    let row = try db.statement(
      "INSERT INTO temp.first_order (id, sort_key, name_order, uid) VALUES (?, ?, ?, ?)")
    let uids = RandomIDs.make(order.ids.count)
    for place in order.ids.indices {
      try row.run([
        .integer(order.ids[place]), .integer(order.sortKeys[place]), .text(order.keys[place]),
        .text(uids[place]),
      ])
    }
    try setNameOrder(rules)
  }

  /// SQLite's BINARY order of two names' keys (their bytes), then their ids: the order
  /// `sort_key` follows.
  static func inNameOrder(_ a: (key: String, id: Int64), _ b: (key: String, id: Int64)) -> Bool {
    a.key.utf8.elementsEqual(b.key.utf8)
      ? a.id < b.id : a.key.utf8.lexicographicallyPrecedes(b.key.utf8)
  }

  /// Schema 2's meal columns, read from the first schema's row `alias`.
  private static func firstColumns(_ alias: String) -> String {
    Schema.mealColumnsV2.split(separator: ",").map { "\(alias).\($0.filter { $0 != " " })" }
      .joined(separator: ", ")
  }
}
