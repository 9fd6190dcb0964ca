import FoundationEssentials
import MealsCore
import Translation

/// A meal in the trash, as the Recently Deleted page lists it.
public struct TrashedMeal: Equatable, Sendable {
  public var id: Int64
  public var name: String
  public var summary: String
  /// Seconds since 1970.
  public var deletedAt: Double
  /// Orders the trash: the most recent delete has the highest number.
  var sequence: Int64
}

/// What putting a meal back did.
public struct RestoredMeal: Equatable, Sendable {
  public var id: Int64
  public var name: String
  /// True when TheMealDB's copy of this meal was saved again meanwhile: the restored meal
  /// came back beside it, no longer linked to TheMealDB, so neither overwrites the other.
  public var restoredAsCopy: Bool
}

extension MealStore {
  /// How long deleted meals are kept before `purgeTrash` erases them.
  public static let trashDays = 30.0

  // MARK: - Delete and restore

  /// Moves a meal, its ingredient lines, ids and times to the trash, in one transaction.
  public func deleteMeal(id: Int64) throws(StoreError) {
    try db.transaction { () throws(StoreError) in
      let sequence =
        try db.statement("SELECT coalesce(max(deleted_seq), 0) + 1 FROM trash_meal")
        .scalar() ?? 1
      try db.statement(
        """
        INSERT INTO trash_meal (deleted_seq, deleted_at, \(Schema.mealColumns))
        SELECT ?, ?, \(Schema.mealColumns) FROM meal WHERE id = ?
        """
      ).run([.integer(sequence), .real(clock()), .integer(id)])
      try copyRows(
        Schema.measurementColumns, from: "ingredient_measurement", to: "trash_measurement",
        mealID: id)
      try copyRows(Schema.planEntryColumns, from: "plan_entry", to: "trash_plan_entry", mealID: id)
      try copyRows(Schema.photoColumns, from: "meal_photo", to: "trash_meal_photo", mealID: id)
      if let key = try db.statement("SELECT sort_key FROM meal WHERE id = ?").scalar([
        .integer(id)
      ]) {
        try unindex(key: key)
      }
      try db.statement("DELETE FROM meal WHERE id = ?").run([.integer(id)])
    }
    didCommit()
  }

  /// Puts back the most recently deleted meal; nil when the trash is empty.
  @discardableResult
  public func restoreLastDeleted() throws(StoreError) -> RestoredMeal? {
    guard
      let id = try db.statement("SELECT id FROM trash_meal ORDER BY deleted_seq DESC LIMIT 1")
        .scalar()
    else { return nil }
    return try restoreDeleted(id: id)
  }

  /// Puts a deleted meal back exactly as it was: same id, fields, lines, order and times.
  ///
  /// The same meal back already (another machine put it back, and the sync brought it): the
  /// trash's copy goes and the meal there is the one put back — never the same version twice.
  public func restoreDeleted(id: Int64) throws(StoreError) -> RestoredMeal {
    var alreadyBack: (id: Int64, name: String)?
    let restored: RestoredMeal
    do {
      restored = try restoreFromTrash(id: id, alreadyBack: &alreadyBack)
    } catch {
      guard let back = alreadyBack else { throw error }
      try db.transaction { () throws(StoreError) in
        try db.statement("DELETE FROM trash_meal WHERE id = ?").run([.integer(id)])
      }
      didCommit()
      return RestoredMeal(id: back.id, name: back.name, restoredAsCopy: false)
    }
    didCommit()
    return restored
  }

  private func restoreFromTrash(id: Int64, alreadyBack: inout (id: Int64, name: String)?)
    throws(StoreError) -> RestoredMeal
  {
    try db.transaction { () throws(StoreError) -> RestoredMeal in
      guard
        let (name, mealDBID) = try db.statement(
          "SELECT name, mealdb_id FROM trash_meal WHERE id = ?"
        ).rows([.integer(id)], { ($0.text(0), $0.optionalText(1)) }).first
      else {
        throw StoreError(.notFound, tr("That meal is no longer in Recently Deleted."))
      }
      // Its sync id taken meanwhile (the folder brought the meal back): a new one.
      let live = try db.statement(
        "SELECT meal.id FROM meal JOIN trash_meal ON trash_meal.uid = meal.uid WHERE trash_meal.id = ?"
      ).scalar([.integer(id)])
      try db.statement(
        "UPDATE trash_meal SET uid = ? WHERE id = ? AND uid IN (SELECT uid FROM meal)"
      ).run([.text(SyncPaths.newID()), .integer(id)])
      // TheMealDB's copy saved again meanwhile: restore beside it, unlinked.
      var asCopy = false
      if let mealDBID, try mealID(forMealDBID: mealDBID) != nil { asCopy = true }
      let values =
        asCopy
        ? Schema.mealColumns.replacingEvery("mealdb_id", with: "NULL")
        : Schema.mealColumns
      try db.statement(
        "INSERT INTO meal (\(Schema.mealColumns)) SELECT \(values) FROM trash_meal WHERE id = ?"
      ).run([.integer(id)])
      try copyRows(
        Schema.measurementColumns, from: "trash_measurement", to: "ingredient_measurement",
        mealID: id)
      try countIngredientKeys(mealID: id)
      try copyRows(Schema.planEntryColumns, from: "trash_plan_entry", to: "plan_entry", mealID: id)
      try copyRows(Schema.photoColumns, from: "trash_meal_photo", to: "meal_photo", mealID: id)
      try db.statement("DELETE FROM trash_meal WHERE id = ?").run([.integer(id)])
      guard var meal = try meal(id: id) else {
        throw StoreError(.failure, tr("The restored meal could not be read back; nothing changed."))
      }
      if let live, let there = try self.meal(id: live) {
        if Cooklang.render(there, syncID: "") == Cooklang.render(meal, syncID: "") {
          // Rolled back: the trash's copy is dropped instead (`restoreDeleted`).
          alreadyBack = (live, there.name)
          throw StoreError(.failure, tr("That meal is back already."))
        }
        // Back already in another version: this one beside it, under a name of its own —
        // this machine's, so a version put back on another machine is never named alike.
        let base = "\(meal.name) (put back on \(MachineName.here()))"
        meal.name = base
        var number = 2
        while !mealIDs(named: meal.name).filter({ $0 != id }).isEmpty {
          meal.name = "\(base) \(number)"
          number += 1
        }
        try db.statement("UPDATE meal SET name = ? WHERE id = ?").run([
          .text(meal.name), .integer(id),
        ])
      }
      try index(meal, id: id)
      return RestoredMeal(id: id, name: name, restoredAsCopy: asCopy)
    }
  }

  /// Copies a meal's rows of one kind between a table and its trash twin.
  private func copyRows(_ columns: String, from source: String, to target: String, mealID id: Int64)
    throws(StoreError)
  {
    try db.statement(
      "INSERT INTO \(target) (\(columns)) SELECT \(columns) FROM \(source) WHERE meal_id = ?"
    ).run([.integer(id)])
  }

  // MARK: - Erase

  /// Erases a deleted meal for good.
  public func eraseDeleted(id: Int64) throws(StoreError) {
    try db.transaction { () throws(StoreError) in
      try db.statement("DELETE FROM trash_meal WHERE id = ?").run([.integer(id)])
    }
    didCommit()
  }

  /// Erases meals deleted more than `days` ago; returns how many.
  @discardableResult
  public func purgeTrash(olderThan days: Double = MealStore.trashDays) throws(StoreError) -> Int {
    if isReadOnly { return 0 }  // the trash waits for a start that may write
    let cutoff = clock() - days * 86_400
    let count = Int(
      try db.statement("SELECT count(*) FROM trash_meal WHERE deleted_at < ?")
        .scalar([.real(cutoff)]) ?? 0)
    guard count > 0 else { return 0 }
    try db.transaction { () throws(StoreError) in
      try db.statement("DELETE FROM trash_meal WHERE deleted_at < ?").run([.real(cutoff)])
    }
    didCommit()
    return count
  }

  // MARK: - Reading

  /// Meals in the trash.
  public var trashCount: Int {
    reading(0) { () throws(StoreError) in
      Int(try db.statement("SELECT count(*) FROM trash_meal").scalar() ?? 0)
    }
  }

  /// Where deleted meal `id` is in Recently Deleted (newest first), or nil when it is not there.
  public func index(ofTrashed id: Int64) -> Int? {
    reading(nil) { () throws(StoreError) -> Int? in
      let sequence = try db.statement("SELECT deleted_seq FROM trash_meal WHERE id = ?").scalar([
        .integer(id)
      ])
      guard let sequence else { return nil }
      let newer = try db.statement("SELECT count(*) FROM trash_meal WHERE deleted_seq > ?")
        .scalar([.integer(sequence)])
      return Int(newer ?? 0)
    }
  }

  /// The meals in Recently Deleted named exactly `name`.
  public func trashedMealIDs(named name: String) -> [Int64] {
    reading([]) { () throws(StoreError) in
      try db.statement("SELECT id FROM trash_meal WHERE name = ? ORDER BY id LIMIT 50")
        .rows([.text(name)]) { $0.int(0) }
    }
  }

  /// The trash, most recently deleted first, as a live windowed result.
  public func trashedMeals() -> WindowedResults<TrashedMeal> {
    let columns = "SELECT id, name, summary, deleted_at, deleted_seq FROM trash_meal"
    return live(
      count: "SELECT count(*) FROM trash_meal", countParameters: [], knownCount: nil,
      offsetSQL: "\(columns) ORDER BY deleted_seq DESC LIMIT ? OFFSET ?",
      afterSQL: "\(columns) WHERE deleted_seq < ? ORDER BY deleted_seq DESC LIMIT ?",
      beforeSQL: "\(columns) WHERE deleted_seq > ? ORDER BY deleted_seq LIMIT ?",
      parameters: [], key: { [.integer($0.sequence)] },
      map: {
        TrashedMeal(
          id: $0.int(0), name: $0.text(1), summary: $0.text(2), deletedAt: $0.double(3),
          sequence: $0.int(4))
      })
  }
}
