import Dispatch
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
    try Self.canCook(in: db, pantry: pantry, most: most).meals
  }

  /// The same kept as numbers, for a listing of the whole book (`meals can-cook`).
  public func canCookRanking(pantry: Pantry, most: Int?) throws(StoreError) -> CookableRanking {
    try Self.canCook(in: db, pantry: pantry, most: most)
  }

  /// The same on any connection (a worker's: `StoreReader.canCook`); from `bulk` qualifying
  /// meals on, every line is read in one pass rather than a lookup per meal.
  static func canCook(
    in db: SQLiteConnection, pantry: Pantry, most: Int?, bulk: Int = 5_000
  ) throws(StoreError) -> CookableRanking {
    let names = try db.statement("SELECT key FROM ingredient_key").rows { $0.text(0) }
    let home = Set(names.filter(pantry.has(key:)))
    var have: [Int64: Int] = [:]
    let postings = try db.statement(
      "SELECT meal_id FROM ingredient_measurement WHERE name_key = ? ORDER BY meal_id")
    // Every meal listed: what each has at home is only counted by the ranking.
    for key in home where most != nil {
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
    guard qualifying.count >= bulk else {
      return CanCook.ranking(try readEach(in: db, qualifying), most: most, atHome: home.contains)
    }
    // The one pass reads most of the file: mapped, its pages come without a system call each
    // (a third of the time at 100 000 meals).
    try db.execute("PRAGMA mmap_size = \(1 << 40)")
    defer { try? db.execute("PRAGMA mmap_size = 0") }
    return try rankAll(in: db, qualifying, most: most, atHome: home.contains)
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

  /// Many meals ranked from one pass over each table, in the order the rows are stored (no
  /// index walked, no row looked up): each line's name and key read as numbers into the
  /// book's distinct texts, the lines put in their meals' order after.
  private static func rankAll(
    in db: SQLiteConnection, _ ids: [Int64], most: Int?, atHome: (String) -> Bool
  ) throws(StoreError) -> CookableRanking {
    // A meal's place among `ids`: by its id in an array when ids are dense (they are, but for
    // a book whose meals were mostly deleted), else by a dictionary.
    let largest = ids.max() ?? 0
    let dense = largest < Int64(4 * ids.count + 1024)
    var placeByID = dense ? [Int32](repeating: -1, count: Int(largest) + 1) : []
    var placeInBook: [Int64: Int32] = [:]
    for (place, id) in ids.enumerated() {
      if dense { placeByID[Int(id)] = Int32(place) } else { placeInBook[id] = Int32(place) }
    }
    func place(of id: Int64) -> Int32? {
      guard dense else { return placeInBook[id] }
      guard id >= 0, id < Int64(placeByID.count) else { return nil }
      let place = placeByID[Int(id)]
      return place < 0 ? nil : place
    }
    var names = [String](repeating: "", count: ids.count)
    // From the names' index, which holds both (4 MB at 100 000 meals; the table, 50).
    try db.statement("SELECT id, name FROM meal INDEXED BY meal_by_name").forEach([]) { row in
      if let at = place(of: row.int(0)) { names[Int(at)] = row.text(1) }
    }
    // The names' order (folding 100 000 names and sorting them) is worked out on the other
    // core while this one reads the lines.
    let byName = NameOrder()
    let sorting = DispatchGroup()
    let named = zip(ids, names).map { (id: $0, name: $1) }
    DispatchQueue.global().async(group: sorting) { byName.places = CanCook.nameOrder(named) }
    // Every line, as stored: its meal's place, its position and its numbered texts.
    var lineNames = ColumnTexts()
    var lineKeys = ColumnTexts()
    var read: [(place: Int32, position: Int32, line: BookLine)] = []
    var counts = [Int](repeating: 0, count: ids.count)
    try db.statement("SELECT meal_id, position, name, name_key FROM ingredient_measurement")
      .forEach([]) { row in
        guard let at = place(of: row.int(0)) else { return }
        counts[Int(at)] += 1
        read.append(
          (
            at, Int32(truncatingIfNeeded: row.int(1)),
            BookLine(name: lineNames.number(row.utf8(2)), key: lineKeys.number(row.utf8(3)))
          ))
      }
    // The lines in their meals' order (counted into place), each meal's by position.
    var starts = [Int](repeating: 0, count: ids.count + 1)
    for place in ids.indices { starts[place + 1] = starts[place] + counts[place] }
    var next = starts
    var positions = [Int32](repeating: 0, count: read.count)
    var lines = [BookLine](repeating: BookLine(name: 0, key: 0), count: read.count)
    for entry in read {
      let at = next[Int(entry.place)]
      next[Int(entry.place)] += 1
      positions[at] = entry.position
      lines[at] = entry.line
    }
    read = []
    var meals: [(id: Int64, name: String, lines: Range<Int>)] = []
    meals.reserveCapacity(ids.count)
    for (place, id) in ids.enumerated() {
      let span = starts[place]..<starts[place + 1]
      // Stored in position order unless edited since: put right only then.
      if zip(positions[span].dropFirst(), positions[span]).contains(where: { $0 < $1 }) {
        let sorted = span.sorted { positions[$0] < positions[$1] }.map { lines[$0] }
        lines.replaceSubrange(span, with: sorted)
      }
      meals.append((id, names[place], span))
    }
    sorting.wait()
    return CanCook.ranking(
      meals, lines: lines, names: lineNames.texts, keys: lineKeys.texts, most: most,
      atHome: atHome, byName: byName.places)
  }

  /// The names' order, written by the worker that works it out and read after it is done
  /// (`DispatchGroup.wait` orders the two).
  private final class NameOrder: @unchecked Sendable {
    var places: [Int]?
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
