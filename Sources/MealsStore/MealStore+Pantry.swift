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
    in db: SQLiteConnection, pantry: Pantry, most: Int?, bulk: Int = fewMeals
  ) throws(StoreError) -> CookableRanking {
    // Every read in one snapshot (its locks taken once, not at each lookup), the file mapped
    // (the one pass reads most of it: a third of its time went to a system call a page), and
    // a second connection on the snapshot for the one pass's other core.
    try db.readingWithPartner { partner throws(StoreError) in
      try ranking(in: db, partner: partner, pantry: pantry, most: most, bulk: bulk)
    }
  }

  private static func ranking(
    in db: SQLiteConnection, partner: SQLiteConnection?, pantry: Pantry, most: Int?, bulk: Int
  ) throws(StoreError) -> CookableRanking {
    let names = try db.statement("SELECT key FROM ingredient_key").rows { $0.text(0) }
    let home = Set(names.filter(pantry.has(key:)))
    // Every meal listed: what each has at home is only counted by the ranking.
    let largest =
      most == nil ? 0 : try db.statement("SELECT max(meal_id) FROM meal_key_count").scalar()
    var have = ByMealID<Int32>(
      largestID: largest ?? 0, dense: (largest ?? 0) <= largestCountedInArray, absent: 0)
    let postings = try db.statement(
      "SELECT meal_id FROM ingredient_measurement WHERE name_key = ? ORDER BY meal_id")
    for key in home where most != nil {
      var last: Int64 = -1
      try postings.forEach([.text(key)]) { row in
        let id = row.int(0)
        if id != last { have[id] += 1 }
        last = id
      }
    }
    var qualifying: [Int64] = []
    try db.statement("SELECT meal_id, keys FROM meal_key_count WHERE keys > 0").forEach([]) { row in
      let id = row.int(0)
      let missing = Int(row.int(1)) - Int(have[id])
      if most.map({ missing <= $0 }) ?? true { qualifying.append(id) }
    }
    guard qualifying.count >= bulk else {
      let (meals, keys) = try readEach(in: db, qualifying)
      return CanCook.ranking(
        meals, most: most, atHome: home.contains,
        byName: inNameOrder(ids: meals.map(\.id), keys: keys))
    }
    return try rankAll(in: db, partner: partner, qualifying, most: most, atHome: home.contains)
  }

  private typealias LinedMeal = (id: Int64, name: String, lines: [(name: String, key: String)])

  /// Below this many meals, each is looked up; from it on, each table is read in one pass.
  static let fewMeals = 5_000

  /// The places of `count` meals in the book's name order (as My Meals lists them: its
  /// name-order rules, then the id), from the index that keeps it.
  private static func nameOrder(in db: SQLiteConnection, of places: MealPlaces, count: Int)
    throws(StoreError) -> [Int]
  {
    var order: [Int] = []
    order.reserveCapacity(count)
    try db.statement("SELECT id FROM meal INDEXED BY meal_by_name_order").forEach([]) { row in
      if let place = places.place(of: row.int(0)) { order.append(Int(place)) }
    }
    return order
  }

  /// The places of a few meals in name order, from their name-order keys: as the index
  /// orders them, the keys' bytes, then the id.
  private static func inNameOrder(ids: [Int64], keys: [[UInt8]]) -> [Int] {
    ids.indices.sorted { a, b in
      keys[a] != keys[b] ? keys[a].lexicographicallyPrecedes(keys[b]) : ids[a] < ids[b]
    }
  }

  /// A column's bytes (NULL: none).
  private static func bytes(_ utf8: UnsafeBufferPointer<UInt8>?) -> [UInt8] {
    utf8.map(Array.init) ?? []
  }

  /// The names and lines of a few meals, a lookup each, and each meal's name-order key.
  private static func readEach(in db: SQLiteConnection, _ ids: [Int64]) throws(StoreError)
    -> (meals: [LinedMeal], keys: [[UInt8]])
  {
    let meal = try db.statement("SELECT name, name_order FROM meal WHERE id = ?")
    let lines = try db.statement(
      "SELECT name, name_key FROM ingredient_measurement WHERE meal_id = ? ORDER BY position")
    var meals: [LinedMeal] = []
    var keys: [[UInt8]] = []
    meals.reserveCapacity(ids.count)
    keys.reserveCapacity(ids.count)
    for id in ids {
      guard
        let (name, key) = try meal.rows([.integer(id)], { ($0.text(0), Self.bytes($0.utf8(1))) })
          .first
      else { continue }
      meals.append((id, name, try lines.rows([.integer(id)]) { ($0.text(0), $0.text(1)) }))
      keys.append(key)
    }
    return (meals, keys)
  }

  /// Many meals ranked from one pass over each table, in the order the rows are stored (no
  /// index walked, no row looked up): each line's name and key read as numbers into the
  /// book's distinct texts, the lines put in their meals' order after.
  ///
  /// With a `partner` reading the same snapshot, the later part of the lines is read on the
  /// other core while this one reads the names, their order and the earlier part.
  private static func rankAll(
    in db: SQLiteConnection, partner: SQLiteConnection?, _ ids: [Int64], most: Int?,
    atHome: (String) -> Bool
  ) throws(StoreError) -> CookableRanking {
    let places = MealPlaces(ids)
    // The lines' ids split where the other core, which reads no names, takes more of them.
    var split = Int64.max
    var later: LineReader?
    let reading = DispatchGroup()
    if let partner {
      // Each alone: SQLite reads one end of the table for each, both together the whole table.
      let low = try db.statement("SELECT min(id) FROM ingredient_measurement").scalar()
      let high = try db.statement("SELECT max(id) FROM ingredient_measurement").scalar()
      if let low, let high, high > low {
        split = low + (high - low) / 20 * 9
        let reader = LineReader(places: places, in: partner, from: split + 1, to: Int64.max)
        DispatchQueue.global().async(group: reading) { reader.read() }
        later = reader
      }
    }
    var names = MealNames(count: ids.count)
    // From the names' index, which holds both (4 MB at 100 000 meals; the table, 50).
    try db.statement("SELECT id, name FROM meal INDEXED BY meal_by_name").forEach([]) { row in
      if let at = places.place(of: row.int(0)) { names.set(Int(at), to: row.utf8(1)) }
    }
    let byName = try nameOrder(in: db, of: places, count: ids.count)
    // Every line, as stored: its meal's place, its position and its numbered texts.
    let earlier = LineReader(places: places, in: db, from: Int64.min, to: split)
    earlier.read()
    reading.wait()
    var (read, lineNames, lineKeys) = try earlier.taken()
    if let later {
      let (more, moreNames, moreKeys) = try later.taken()
      // The later part's texts numbered as the earlier part's.
      let nameNumbers = moreNames.numbers(into: &lineNames)
      let keyNumbers = moreKeys.numbers(into: &lineKeys)
      read.reserveCapacity(read.count + more.count)
      for entry in more {
        read.append(
          (
            entry.place, entry.position,
            BookLine(
              name: nameNumbers[Int(entry.line.name)], key: keyNumbers[Int(entry.line.key)])
          ))
      }
    }
    var counts = [Int](repeating: 0, count: ids.count)
    for entry in read { counts[Int(entry.place)] += 1 }
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
    var spans: [Range<Int>] = []
    spans.reserveCapacity(ids.count)
    for place in ids.indices {
      let span = starts[place]..<starts[place + 1]
      // Stored in position order unless edited since: put right only then.
      if zip(positions[span].dropFirst(), positions[span]).contains(where: { $0 < $1 }) {
        let sorted = span.sorted { positions[$0] < positions[$1] }.map { lines[$0] }
        lines.replaceSubrange(span, with: sorted)
      }
      spans.append(span)
    }
    return CanCook.ranking(
      ids: ids, mealNames: names, spans: spans, lines: lines, names: lineNames.texts,
      keys: lineKeys.texts, most: most, atHome: atHome, byName: byName)
  }

  /// Lines read from one connection, between two line ids: each line's meal place, position
  /// and texts numbered (a worker's, taken after `DispatchGroup.wait`).
  private final class LineReader: @unchecked Sendable {
    typealias Lines = [(place: Int32, position: Int32, line: BookLine)]
    let places: MealPlaces
    /// The connection it reads on, used by one thread at a time.
    let db: SQLiteConnection
    let first: Int64
    let last: Int64
    private var result: Result<(Lines, ColumnTexts, ColumnTexts), StoreError>?

    init(places: MealPlaces, in db: SQLiteConnection, from first: Int64, to last: Int64) {
      self.places = places
      self.db = db
      self.first = first
      self.last = last
    }

    func read() {
      var names = ColumnTexts()
      var keys = ColumnTexts()
      var lines: Lines = []
      do {
        try db.statement(
          """
          SELECT meal_id, position, name, name_key FROM ingredient_measurement
          WHERE id BETWEEN ? AND ?
          """
        ).forEach([.integer(first), .integer(last)]) { row in
          guard let at = places.place(of: row.int(0)) else { return }
          lines.append(
            (
              at, Int32(truncatingIfNeeded: row.int(1)),
              BookLine(name: names.number(row.utf8(2)), key: keys.number(row.utf8(3)))
            ))
        }
        result = .success((lines, names, keys))
      } catch {
        result = .failure(error)
      }
    }

    /// What was read, or why not (once: the lines are moved out).
    func taken() throws(StoreError) -> (Lines, ColumnTexts, ColumnTexts) {
      defer { result = nil }
      switch result {
      case .success(let read): return read
      case .failure(let error): throw error
      case nil: return ([], ColumnTexts(), ColumnTexts())
      }
    }
  }

  /// What each meal has at home is counted in an array by id up to this (16 MB of counts; the
  /// postings of salt alone are a third of a big book's meals, and a dictionary's hashing was
  /// a fifth of `meals can-cook`); a larger id, in a dictionary.
  static let largestCountedInArray: Int64 = 1 << 22

  /// A value for each meal id (`absent` for an id given none): in an array by id when `dense`,
  /// up to `largestID`; an id outside it, in a dictionary.
  struct ByMealID<Value> {
    private var byID: [Value] = []
    private var others: [Int64: Value] = [:]
    private let absent: Value

    init(largestID: Int64, dense: Bool, absent: Value) {
      self.absent = absent
      if dense && largestID >= 0 {
        byID = [Value](repeating: absent, count: Int(largestID) + 1)
      }
    }

    subscript(id: Int64) -> Value {
      get { id >= 0 && id < Int64(byID.count) ? byID[Int(id)] : others[id] ?? absent }
      set {
        if id >= 0 && id < Int64(byID.count) {
          byID[Int(id)] = newValue
        } else {
          others[id] = newValue
        }
      }
    }
  }

  /// A meal's place among some ids: by its id in an array when the ids are dense (they are,
  /// but for a book whose meals were mostly deleted), else by a dictionary.
  private struct MealPlaces {
    private var places: ByMealID<Int32>

    init(_ ids: [Int64]) {
      let largest = ids.max() ?? 0
      places = ByMealID(
        largestID: largest, dense: (ids.min() ?? 0) >= 0 && largest < Int64(4 * ids.count + 1024),
        absent: -1)
      for (place, id) in ids.enumerated() { places[id] = Int32(place) }
    }

    func place(of id: Int64) -> Int32? {
      let place = places[id]
      return place < 0 ? nil : place
    }
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
