import MealsCore
import Translation

/// An entry of the cook log as the book reads it: with the meal's id while it is saved.
public struct CookLogRow: Equatable, Sendable {
  public var entry: CookLogEntry
  /// The saved meal's id; nil when the meal is no longer in the book.
  public var mealID: Int64?
}

/// The cook log: "I made this", a dated entry per cooking.
extension MealStore {
  // MARK: - Reading

  static let cookLogColumns =
    "uid, meal_uid, meal_name, day, servings, note, rating, logged_at"

  static func cookLogEntry(_ row: Statement) -> CookLogEntry {
    CookLogEntry(
      uid: row.text(0), mealUID: row.text(1), mealName: row.text(2),
      day: CivilDate(daysSince1970: Int(row.int(3))),
      servings: row.isNull(4) ? nil : Int(row.int(4)), note: row.text(5),
      rating: row.isNull(6) ? nil : Int(row.int(6)), loggedAt: row.double(7))
  }

  /// Every entry of the log (of the meal `mealID` when given), the latest first; the name is
  /// the book's when the meal is still there.
  public func readCookLog(mealID: Int64? = nil, limit: Int? = nil) throws(StoreError)
    -> [CookLogRow]
  {
    // `cookLogColumns`' order, the name the book's while the meal is in it.
    var sql = """
      SELECT cook_log.uid, meal_uid, coalesce(meal.name, meal_name), day, cook_log.servings, note,
        cook_log.rating, logged_at, meal.id
      FROM cook_log LEFT JOIN meal ON meal.uid = cook_log.meal_uid
      """
    var values: [SQLValue] = []
    if let mealID {
      sql += " WHERE cook_log.meal_uid = (SELECT uid FROM meal WHERE id = ?)"
      values.append(.integer(mealID))
    }
    sql += " ORDER BY cook_log.day DESC, cook_log.logged_at DESC, cook_log.id DESC"
    if let limit {
      sql += " LIMIT ?"
      values.append(.integer(Int64(limit)))
    }
    return try db.statement(sql).rows(values) {
      CookLogRow(entry: Self.cookLogEntry($0), mealID: $0.isNull(8) ? nil : $0.int(8))
    }
  }

  /// When a saved meal was last cooked and how often; nil when never (or it is gone).
  public func cookedSummary(mealID: Int64) throws(StoreError) -> CookedSummary? {
    try db.statement(
      """
      SELECT last_day, times FROM meal_cooked
      WHERE meal_uid = (SELECT uid FROM meal WHERE id = ?)
      """
    ).rows([.integer(mealID)]) {
      CookedSummary(lastDay: CivilDate(daysSince1970: Int($0.int(0))), times: Int($0.int(1)))
    }.first
  }

  // MARK: - Changing

  /// Logs a cooking of the saved meal `mealID` on `day`; returns the entry (for an undo).
  @discardableResult
  public func logCooking(
    mealID: Int64, on day: CivilDate, servings: Int? = nil, note: String = "",
    rating: Int? = nil
  ) throws(StoreError) -> CookLogEntry {
    if let servings, !CookLogEntry.servingsRange.contains(servings) {
      throw StoreError(
        .invalid, tr("Servings must be between 1 and 1000, not %s.").filled(String(servings)))
    }
    if let rating, !CookLogEntry.ratingRange.contains(rating) {
      throw StoreError(.invalid, tr("A rating is 1 to 5 stars, not %s.").filled(String(rating)))
    }
    let entry = try db.transaction { () throws(StoreError) -> CookLogEntry in
      guard
        let meal = try db.statement("SELECT uid, name FROM meal WHERE id = ?").rows(
          [.integer(mealID)], { ($0.text(0), $0.text(1)) }
        ).first
      else { throw StoreError(.notFound, tr("That meal is no longer in My Meals.")) }
      let entry = CookLogEntry(
        uid: SyncPaths.newID(), mealUID: meal.0, mealName: meal.1, day: day, servings: servings,
        note: MealRules.trimmed(note), rating: rating, loggedAt: clock())
      try insert(entry)
      return entry
    }
    didCommit()
    return entry
  }

  /// Adds an entry another book logged (a sync); one here already, or taken back here, is
  /// left as it is.
  public func addCookLogEntry(_ entry: CookLogEntry) throws(StoreError) {
    try applyCookLog(adding: [entry], removing: [])
  }

  /// Takes an entry off the log (an undo of "cooked it"); returns it, nil when it was gone.
  ///
  /// Its uid is kept, so the sync folder's log takes it back elsewhere too.
  @discardableResult
  public func removeCookLogEntry(uid: String) throws(StoreError) -> CookLogEntry? {
    let removed = try db.transaction { () throws(StoreError) -> CookLogEntry? in
      let found = try db.statement(
        "SELECT \(Self.cookLogColumns) FROM cook_log WHERE uid = ?"
      ).rows([.text(uid)], Self.cookLogEntry).first
      try remove(uid)
      return found
    }
    if removed != nil { didCommit() }
    return removed
  }

  // MARK: - The sync folder's log

  /// Every entry, as the folder's log writes them (by uid, no join).
  public func allCookLogEntries() throws(StoreError) -> [CookLogEntry] {
    try db.statement("SELECT \(Self.cookLogColumns) FROM cook_log ORDER BY id").rows(
      [], Self.cookLogEntry)
  }

  /// The uids of the entries taken back here.
  public func cookLogRemovals() throws(StoreError) -> Set<String> {
    Set(try db.statement("SELECT uid FROM cook_log_removed").rows([]) { $0.text(0) })
  }

  /// What the folder's log brought, in one transaction: its new entries (none taken back
  /// here) and the entries it takes back.
  public func applyCookLog(adding entries: [CookLogEntry], removing uids: Set<String>)
    throws(StoreError)
  {
    guard !entries.isEmpty || !uids.isEmpty else { return }
    try db.transaction { () throws(StoreError) in
      for uid in uids.sorted() { try remove(uid) }
      for entry in entries {
        guard
          try db.statement("SELECT 1 FROM cook_log_removed WHERE uid = ?").scalar([
            .text(entry.uid)
          ]) == nil
        else { continue }
        try insert(entry)
      }
    }
    didCommit()
  }

  private func remove(_ uid: String) throws(StoreError) {
    try db.statement("DELETE FROM cook_log WHERE uid = ?").run([.text(uid)])
    try db.statement("INSERT OR IGNORE INTO cook_log_removed (uid) VALUES (?)").run([.text(uid)])
  }

  private func insert(_ entry: CookLogEntry) throws(StoreError) {
    try db.statement(
      """
      INSERT OR IGNORE INTO cook_log (\(Self.cookLogColumns)) VALUES (?, ?, ?, ?, ?, ?, ?, ?)
      """
    ).run([
      .text(entry.uid), .text(entry.mealUID), .text(entry.mealName),
      .integer(Int64(entry.day.daysSince1970)),
      entry.servings.map { .integer(Int64($0)) } ?? .null, .text(entry.note),
      entry.rating.map { .integer(Int64($0)) } ?? .null, .real(entry.loggedAt),
    ])
  }
}
