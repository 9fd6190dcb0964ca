import FoundationEssentials
import MealsCore
import Translation

/// What the last sync saw of one meal's file, so the next one can tell who changed what.
public struct SyncRecord: Equatable, Sendable {
  /// The meal's sync id (`meals-id` in its file).
  public var uid: String
  /// The file, relative to the sync folder (`Beef/Beef Stew.cook`).
  public var path: String
  /// The content hash of the file as it was (`ContentHash`).
  public var hash: String
  public var size: Int64
  /// Modification time, seconds since 1970 with the file system's fraction.
  public var mtime: Double
  /// The meal's `updated_at` when the file and the meal agreed.
  public var stamp: Double
  /// The modification time of the photo beside the file when they last agreed; nil when not
  /// known yet (a record written without it keeps the one it had).
  public var photoMtime: Double? = nil

  public init(
    uid: String, path: String, hash: String, size: Int64, mtime: Double, stamp: Double,
    photoMtime: Double? = nil
  ) {
    self.uid = uid
    self.path = path
    self.hash = hash
    self.size = size
    self.mtime = mtime
    self.stamp = stamp
    self.photoMtime = photoMtime
  }

  // MARK: - Racily clean

  /// The size of a record that cannot be trusted to tell a change: never a file's size.
  public static let unsureSize: Int64 = -1

  /// How close to now a file's time is too close to tell a later change of the same size by,
  /// on a file system that keeps times in steps of seconds (FAT's 2 s, a network share's).
  public static let coarseWindow: Double = 3
  /// The same on one that keeps them finely (an older kernel's clock tick at worst: 10 ms).
  public static let fineWindow: Double = 1

  /// Whether the size was smudged: the next sync reads the file to know.
  public var isUnsure: Bool { size == Self.unsureSize }

  /// The record as kept at `now`: one of a file written within the file system's time
  /// granularity of now has its size smudged, as git does with a racily clean index entry —
  /// a change of the same size in the same tick would look like no change.
  public func settled(now: Double, window: Double = coarseWindow) -> SyncRecord {
    guard now - mtime < window else { return self }
    var unsure = self
    unsure.size = Self.unsureSize
    return unsure
  }
}

/// A saved meal as the sync first sees it: without reading its fields.
public struct SyncedMeal: Equatable, Sendable {
  public var id: Int64
  public var uid: String
  public var updatedAt: Double
  /// The size of the meal's own photo, when it has one (to tell a photo changed beside its
  /// file).
  public var photoBytes: Int? = nil
  /// Its TheMealDB id: the natural key two books that saved the same meal share.
  public var mealDBID: String? = nil
  /// The page it was imported from: the natural key of a meal from the web.
  public var sourceURL: String? = nil
}

extension MealStore {
  // MARK: - Reading

  /// Every saved meal's id, sync id and last change, in one query.
  public func syncedMeals() throws(StoreError) -> [SyncedMeal] {
    try db.statement(
      """
      SELECT meal.id, uid, updated_at, length(meal_photo.bytes), mealdb_id, source_url FROM meal
      LEFT JOIN meal_photo ON meal_photo.meal_id = meal.id WHERE uid IS NOT NULL
      """
    ).rows([]) {
      SyncedMeal(
        id: $0.int(0), uid: $0.text(1), updatedAt: $0.double(2),
        photoBytes: $0.isNull(3) ? nil : Int($0.int(3)), mealDBID: $0.optionalText(4),
        sourceURL: $0.optionalText(5))
    }
  }

  /// What the last sync recorded, by sync id.
  public func syncRecords() throws(StoreError) -> [String: SyncRecord] {
    let records = try db.statement(
      "SELECT uid, path, hash, size, mtime, stamp, photo_mtime FROM sync_record"
    ).rows([]) {
      SyncRecord(
        uid: $0.text(0), path: $0.text(1), hash: $0.text(2), size: $0.int(3), mtime: $0.double(4),
        stamp: $0.double(5), photoMtime: $0.isNull(6) ? nil : $0.double(6))
    }
    return Dictionary(records.map { ($0.uid, $0) }, uniquingKeysWith: { first, _ in first })
  }

  /// The `updated_at` of meal `id` (what a record's stamp is compared with).
  public func updatedAt(mealID: Int64) throws(StoreError) -> Double? {
    try db.statement("SELECT updated_at FROM meal WHERE id = ?").rows([.integer(mealID)]) {
      $0.double(0)
    }.first
  }

  /// The sync id of meal `id`.
  public func uid(mealID: Int64) throws(StoreError) -> String? {
    try db.statement("SELECT uid FROM meal WHERE id = ?").rows([.integer(mealID)]) {
      $0.optionalText(0)
    }.first ?? nil
  }

  // MARK: - Writing

  /// Runs `body` as one transaction and tells the lists once: a sync's changes to the book
  /// land together or not at all.
  public func syncTransaction<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
    let result = try db.transaction(body)
    didCommit()
    return result
  }

  /// Runs `body` within the open transaction so that its failure undoes its own writes
  /// only: one change a sync cannot make is set aside, the others kept.
  public func savepoint<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
    try db.execute("SAVEPOINT one_change")
    do {
      let result = try body()
      try db.execute("RELEASE one_change")
      return result
    } catch {
      try? db.execute("ROLLBACK TO one_change")
      try? db.execute("RELEASE one_change")
      throw error
    }
  }

  /// Keeps (or replaces) the record of one meal's file; a path it leaves is remembered.
  ///
  /// `window`: how near now a file's time makes the record unsure (`SyncRecord.settled`).
  public func setSyncRecord(_ record: SyncRecord, window: Double = SyncRecord.coarseWindow)
    throws(StoreError)
  {
    if let old = try db.statement("SELECT path FROM sync_record WHERE uid = ?").rows(
      [.text(record.uid)], { $0.text(0) }
    ).first, old != record.path {
      try rememberFormerPath(old, uid: record.uid)
    }
    try db.statement(
      """
      INSERT INTO sync_record (uid, path, hash, size, mtime, stamp, photo_mtime)
      VALUES (?, ?, ?, ?, ?, ?, ?)
      ON CONFLICT (uid) DO UPDATE SET path = excluded.path, hash = excluded.hash,
        size = excluded.size, mtime = excluded.mtime, stamp = excluded.stamp,
        photo_mtime = coalesce(excluded.photo_mtime, photo_mtime)
      """
    ).run([
      .text(record.uid), .text(record.path), .text(record.hash),
      .integer(record.settled(now: Date().timeIntervalSince1970, window: window).size),
      .real(record.mtime), .real(record.stamp), record.photoMtime.map(SQLValue.real) ?? .null,
    ])
  }

  // MARK: - Former paths

  /// The setting that keeps the paths meals' files had before they moved (`UID\tPATH` lines).
  static let formerPathsSetting = "sync.former-paths"

  /// How many former paths are kept (the newest): enough for months of renames.
  static let formerPathsKept = 2000

  private func rememberFormerPath(_ path: String, uid: String) throws(StoreError) {
    var lines = (setting(Self.formerPathsSetting) ?? "").split(separator: "\n").map(String.init)
    lines.removeAll { $0.hasSuffix("\t" + path) }
    lines.append(uid + "\t" + path)
    if lines.count > Self.formerPathsKept { lines.removeFirst(lines.count - Self.formerPathsKept) }
    try db.statement("INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)").run([
      .text(Self.formerPathsSetting), .text(lines.joined(separator: "\n")),
    ])
  }

  /// The meals whose files were once at these paths (another machine's menu or list may
  /// still name a file by the path it had before a rename), by the path in lower case.
  public func formerSyncPaths() throws(StoreError) -> [String: Int64] {
    let lines = (setting(Self.formerPathsSetting) ?? "").split(separator: "\n")
    guard !lines.isEmpty else { return [:] }
    let pairs = lines.compactMap { line -> (uid: String, path: String)? in
      let parts = line.split(separator: "\t", maxSplits: 1)
      return parts.count == 2 ? (String(parts[0]), String(parts[1])) : nil
    }
    let uids = Array(Set(pairs.map(\.uid)))
    var ids: [String: Int64] = [:]
    for start in stride(from: 0, to: uids.count, by: 500) {
      let chunk = uids[start..<min(start + 500, uids.count)]
      let marks = Array(repeating: "?", count: chunk.count).joined(separator: ", ")
      for (uid, id) in try db.statement("SELECT uid, id FROM meal WHERE uid IN (\(marks))").rows(
        chunk.map { .text($0) }, { ($0.text(0), $0.int(1)) })
      {
        ids[uid] = id
      }
    }
    var former: [String: Int64] = [:]
    for (uid, path) in pairs { if let id = ids[uid] { former[path.lowercased()] = id } }
    return former
  }

  /// Records the modification time of the photo beside a synced meal's file, as it is now.
  public func setSyncPhotoMtime(_ mtime: Double, uid: String) throws(StoreError) {
    try db.statement("UPDATE sync_record SET photo_mtime = ? WHERE uid = ?").run([
      .real(mtime), .text(uid),
    ])
  }

  /// Forgets the photo beside a synced meal's file (it has none now).
  public func clearSyncPhotoMtime(uid: String) throws(StoreError) {
    try db.statement("UPDATE sync_record SET photo_mtime = NULL WHERE uid = ?").run([.text(uid)])
  }

  /// Drops every record and names the folder the next ones are of, in one transaction.
  public func forgetSyncRecords(folder: String, setting: String) throws(StoreError) {
    try db.transaction { () throws(StoreError) in
      try db.execute("DELETE FROM sync_record")
      try db.statement("INSERT OR REPLACE INTO setting (key, value) VALUES (?, ?)").run([
        .text(setting), .text(folder),
      ])
    }
  }

  public func removeSyncRecord(uid: String) throws(StoreError) {
    try db.statement("DELETE FROM sync_record WHERE uid = ?").run([.text(uid)])
  }

  /// Adds a meal read from the folder under its own sync id; returns its row id.
  ///
  /// Inside a `syncTransaction`.
  public func insertSynced(_ meal: Meal, uid: String) throws(StoreError) -> Int64 {
    var draft = MealDraft(of: nil)
    draft.meal = meal
    draft.meal.id = nil
    switch draft.validated(steps: .mayBeMissing) {
    case .success(let valid):
      let id = try insert(valid, uid: uid)
      // Back from the folder while this book holds it in Recently Deleted (deleted here,
      // changed elsewhere): the shopping list's items of the deleted row are this one's, as
      // on every machine that never deleted it.
      try db.statement(
        "UPDATE shopping_item SET meal_ref = ? WHERE meal_ref IN (SELECT 'id:' || id FROM trash_meal WHERE uid = ?)"
      ).run([.text(MealRef.saved(id).stored), .text(uid)])
      return id
    case .failure(let rule): throw StoreError(.invalid, "\(meal.name): \(rule.message)")
    }
  }

  /// Replaces meal `id`'s fields with those read from its file.
  ///
  /// A hand edit, another machine's change; inside a `syncTransaction`.
  public func replaceSynced(_ meal: Meal, id: Int64) throws(StoreError) {
    var draft = MealDraft(of: nil)
    draft.meal = meal
    draft.meal.id = id
    switch draft.validated(steps: .mayBeMissing) {
    case .success(let valid): try writeKeepingHistory(valid, id: id)
    case .failure(let rule): throw StoreError(.invalid, "\(meal.name): \(rule.message)")
    }
  }
}

extension MealStore {
  /// Gives meal `id` the sync id `uid`: the same meal known by another book's id.
  ///
  /// What refers to its id goes with it. Inside a `syncTransaction`.
  public func rekeySynced(mealID id: Int64, to uid: String) throws(StoreError) {
    let old = try self.uid(mealID: id)
    try db.statement("UPDATE meal SET uid = ? WHERE id = ?").run([.text(uid), .integer(id)])
    if let old {
      try db.statement("UPDATE meal_origin SET meal_uid = ? WHERE meal_uid = ?").run([
        .text(uid), .text(old),
      ])
      try db.statement("DELETE FROM sync_record WHERE uid = ?").run([.text(old)])
    }
  }

  /// The saved meal with this sync id, if any.
  public func syncedMeal(uid: String) throws(StoreError) -> SyncedMeal? {
    try db.statement("SELECT id, uid, updated_at FROM meal WHERE uid = ?").rows([.text(uid)]) {
      SyncedMeal(id: $0.int(0), uid: $0.text(1), updatedAt: $0.double(2))
    }.first
  }
}

extension MealStore {
  /// The database file, for a worker's connection of its own (the sync's).
  public var filePath: String { db.path }
}

// MARK: - The shopping list in the folder

/// A shopping list item with the meal it is for, as the sync writes and reads it.
public struct SyncedShoppingItem: Equatable, Sendable {
  /// `id:12`, `mealdb:52771`, `name:Toast` (`MealRef.stored`).
  public var ref: String
  public var mealName: String
  public var ingredient: String
  public var measure: String
  public var ticked: Bool

  public init(ref: String, mealName: String, ingredient: String, measure: String, ticked: Bool) {
    self.ref = ref
    self.mealName = mealName
    self.ingredient = ingredient
    self.measure = measure
    self.ticked = ticked
  }
}

extension MealStore {
  /// The whole shopping list, in the order added.
  public func syncedShoppingItems() throws(StoreError) -> [SyncedShoppingItem] {
    try db.statement(
      "SELECT meal_ref, meal_name, ingredient, measure, ticked FROM shopping_item ORDER BY id"
    ).rows([]) {
      SyncedShoppingItem(
        ref: $0.text(0), mealName: $0.text(1), ingredient: $0.text(2), measure: $0.text(3),
        ticked: $0.int(4) != 0)
    }
  }

  /// Each synced meal's file in the folder, by the meal's row id.
  public func syncedPaths() throws(StoreError) -> [Int64: String] {
    let pairs = try db.statement(
      "SELECT meal.id, sync_record.path FROM meal JOIN sync_record ON sync_record.uid = meal.uid"
    ).rows([]) { ($0.int(0), $0.text(1)) }
    return Dictionary(pairs, uniquingKeysWith: { first, _ in first })
  }

  /// Puts `items` in place of the whole shopping list, in one transaction.
  public func replaceShoppingList(with items: [SyncedShoppingItem]) throws(StoreError) {
    try db.transaction { () throws(StoreError) in
      try db.execute("DELETE FROM shopping_item")
      let insert = try db.statement(
        """
        INSERT INTO shopping_item (meal_ref, meal_name, ingredient, measure, ticked, added_at)
        VALUES (?, ?, ?, ?, ?, ?)
        """)
      for item in items {
        try insert.run([
          .text(item.ref), .text(item.mealName), .text(item.ingredient), .text(item.measure),
          .integer(item.ticked ? 1 : 0), .real(clock()),
        ])
      }
    }
    didCommit()
  }
}

// MARK: - The plan in the folder

extension MealStore {
  /// Every plan entry, by day, slot and position.
  public func allPlanEntries() throws(StoreError) -> [PlanEntry] {
    try readPlanEntries(from: CivilDate(daysSince1970: -1_000_000), days: 2_000_000)
  }

  /// Puts `entries` in place of the plan of the 7 days from `monday`, in one transaction.
  public func replacePlanWeek(
    from monday: CivilDate,
    with entries: [(day: CivilDate, slot: PlanSlot, mealID: Int64, servings: Int, note: String)]
  ) throws(StoreError) {
    try db.transaction { () throws(StoreError) in
      try db.statement("DELETE FROM plan_entry WHERE day >= ? AND day < ?").run([
        .integer(Int64(monday.daysSince1970)), .integer(Int64(monday.daysSince1970 + 7)),
      ])
      for entry in entries {
        try plan(
          mealID: entry.mealID, on: entry.day, slot: entry.slot, servings: entry.servings,
          note: entry.note)
      }
    }
    didCommit()
  }
}
