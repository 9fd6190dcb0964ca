import MealsCore

extension MealStore {
  // MARK: - The pantry

  /// What is at home, in the order added (none, said, when it cannot be read).
  public func pantryItems() -> [Pantry.Item] {
    reading([]) { () throws(StoreError) in try readPantryItems() }
  }

  /// The same, or why it could not be read.
  public func readPantryItems() throws(StoreError) -> [Pantry.Item] {
    try db.statement("SELECT name, amount FROM pantry_item ORDER BY added_at, key").rows {
      Pantry.Item(name: $0.text(0), amount: $0.text(1))
    }
  }

  /// Puts items in the pantry, in one transaction; returns how many were new.
  ///
  /// An item already there (the same key: `Eggs` is `egg`) takes the new name and amount.
  @discardableResult
  public func addToPantry(_ items: [Pantry.Item]) throws(StoreError) -> Int {
    let named = items.filter { !$0.key.isEmpty }
    guard !named.isEmpty else { return 0 }
    let added = try db.transaction { () throws(StoreError) -> Int in
      let exists = try db.statement("SELECT count(*) FROM pantry_item WHERE key = ?")
      let upsert = try db.statement(
        """
        INSERT INTO pantry_item (key, name, amount, added_at) VALUES (?, ?, ?, ?)
        ON CONFLICT (key) DO UPDATE SET name = excluded.name, amount = excluded.amount
        """)
      var added = 0
      for item in named {
        if try exists.scalar([.text(item.key)]) == 0 { added += 1 }
        try upsert.run([
          .text(item.key), .text(MealRules.trimmed(item.name)),
          .text(MealRules.trimmed(item.amount)), .real(clock()),
        ])
      }
      return added
    }
    didCommit()
    return added
  }

  /// Takes items out of the pantry by name (`eggs` takes `Egg`), in one transaction; returns
  /// the names as the pantry held them, of those that were there.
  @discardableResult
  public func removeFromPantry(_ names: [String]) throws(StoreError) -> [String] {
    let removed = try db.transaction { () throws(StoreError) -> [String] in
      let find = try db.statement("SELECT name FROM pantry_item WHERE key = ?")
      let delete = try db.statement("DELETE FROM pantry_item WHERE key = ?")
      var removed: [String] = []
      for name in names {
        let key = IngredientKey.of(name)
        guard !key.isEmpty, let held = try find.rows([.text(key)], { $0.text(0) }).first
        else { continue }
        try delete.run([.text(key)])
        removed.append(held)
      }
      return removed
    }
    if !removed.isEmpty { didCommit() }
    return removed
  }

  // MARK: - What can I cook

  /// The saved meals missing at most `most` of their ingredients from `pantry` (nil: every
  /// meal with ingredients), ranked as `CanCook` ranks them.
  ///
  /// Reads the index of ingredient names: the book's distinct names are matched against the
  /// pantry, the meals of those at home counted, and only the meals that qualify are read.
  public func canCook(pantry: Pantry, most: Int?) throws(StoreError) -> [CookableMeal] {
    try Self.canCook(in: db, pantry: pantry, most: most)
  }

  /// The same on any connection (a worker's: `StoreReader.canCook`); from `bulk` qualifying
  /// meals on, every line is read in one pass rather than a lookup per meal.
  static func canCook(
    in db: SQLiteConnection, pantry: Pantry, most: Int?, bulk: Int = 5_000
  ) throws(StoreError) -> [CookableMeal] {
    let names = try db.statement("SELECT key FROM ingredient_key").rows { $0.text(0) }
    let home = Set(names.filter(pantry.has(key:)))
    var have: [Int64: Int] = [:]
    let postings = try db.statement(
      "SELECT meal_id FROM ingredient_measurement WHERE name_key = ? ORDER BY meal_id")
    for key in home {
      var last: Int64 = -1
      try postings.forEach([.text(key)]) { row in
        let id = row.int(0)
        if id != last { have[id, default: 0] += 1 }
        last = id
      }
    }
    var qualifying: [Int64] = []
    try db.statement("SELECT meal_id, keys FROM meal_key_count WHERE keys > 0").forEach([]) { row in
      let id = row.int(0)
      let missing = Int(row.int(1)) - have[id, default: 0]
      if most.map({ missing <= $0 }) ?? true { qualifying.append(id) }
    }
    let meals =
      qualifying.count >= bulk
      ? try readAll(in: db, qualifying) : try readEach(in: db, qualifying)
    return CanCook.ranked(meals, most: most, atHome: home.contains)
  }

  private typealias LinedMeal = (id: Int64, name: String, lines: [(name: String, key: String)])

  /// The names and lines of a few meals, a lookup each.
  private static func readEach(in db: SQLiteConnection, _ ids: [Int64]) throws(StoreError)
    -> [LinedMeal]
  {
    let mealName = try db.statement("SELECT name FROM meal WHERE id = ?")
    let lines = try db.statement(
      "SELECT name, name_key FROM ingredient_measurement WHERE meal_id = ? ORDER BY position")
    var meals: [LinedMeal] = []
    meals.reserveCapacity(ids.count)
    for id in ids {
      guard let name = try mealName.rows([.integer(id)], { $0.text(0) }).first else { continue }
      meals.append((id, name, try lines.rows([.integer(id)]) { ($0.text(0), $0.text(1)) }))
    }
    return meals
  }

  /// The names and lines of many meals, in one pass over each table.
  private static func readAll(in db: SQLiteConnection, _ ids: [Int64]) throws(StoreError)
    -> [LinedMeal]
  {
    var index: [Int64: Int] = [:]
    index.reserveCapacity(ids.count)
    var meals: [LinedMeal] = []
    meals.reserveCapacity(ids.count)
    for id in ids {
      index[id] = meals.count
      meals.append((id, "", []))
    }
    try db.statement("SELECT id, name FROM meal").forEach([]) { row in
      if let at = index[row.int(0)] { meals[at].name = row.text(1) }
    }
    try db.statement(
      "SELECT meal_id, name, name_key FROM ingredient_measurement ORDER BY meal_id, position"
    ).forEach([]) { row in
      if let at = index[row.int(0)] { meals[at].lines.append((row.text(1), row.text(2))) }
    }
    return meals
  }

  /// Counts the distinct ingredient keys of meal `id` (after its lines were written), for
  /// `canCook`.
  func countIngredientKeys(mealID id: Int64) throws(StoreError) {
    try db.statement(
      """
      INSERT OR REPLACE INTO meal_key_count (meal_id, keys)
      SELECT ?1, count(DISTINCT name_key) FROM ingredient_measurement
      WHERE meal_id = ?1 AND name_key != ''
      """
    ).run([.integer(id)])
  }
}
