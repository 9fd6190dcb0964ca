import FoundationEssentials
import MealsCore
import Translation

#if canImport(Glibc)
  import Glibc
#endif

/// A Meal Editor draft kept in the database, so a crash, a signal or Ctrl-C loses nothing.
public struct KeptDraft: Equatable, Sendable {
  /// The row that holds it; the editor that resumes the draft keeps writing to it.
  public var slot: Int64
  public var draft: MealDraft
  /// True when the meal it edits was deleted meanwhile: the draft is now a new meal.
  public var mealWasDeleted: Bool
}

/// How a draft is written: versioned JSON of the original and the edited meal.
private struct DraftBody: Codable {
  var version = 1
  var original: Meal
  var meal: Meal
}

extension MealStore {
  /// Writes (or rewrites) the kept copy of a draft; returns its slot.
  ///
  /// Not a change of meals: lists are not told, and no other process needs to re-read.
  @discardableResult
  public func keepDraft(_ draft: MealDraft, slot: Int64?) throws(StoreError) -> Int64 {
    let body: String
    do {
      let encoder = JSONEncoder()
      encoder.outputFormatting = .sortedKeys  // the same draft, the same bytes
      let data = try encoder.encode(DraftBody(original: draft.original, meal: draft.meal))
      body = String(decoding: data, as: UTF8.self)
    } catch {
      throw StoreError(
        .failure, tr("The draft could not be written: %s.").filled(ErrorText.message(error)))
    }
    let values: [SQLValue] = [
      draft.original.id.map(SQLValue.integer) ?? .null, .integer(Int64(getpid())), .real(clock()),
      .text(body),
    ]
    return try db.transaction { () throws(StoreError) -> Int64 in
      if let slot,
        try db.statement("SELECT EXISTS (SELECT 1 FROM draft WHERE id = ?)").scalar([
          .integer(slot)
        ]) == 1
      {
        try db.statement(
          "UPDATE draft SET meal_id = ?, owner_pid = ?, updated_at = ?, body = ? WHERE id = ?"
        ).run(values + [.integer(slot)])
        return slot
      }
      try db.statement(
        "INSERT INTO draft (meal_id, owner_pid, updated_at, body) VALUES (?, ?, ?, ?)"
      ).run(values)
      return db.lastInsertRowID
    }
  }

  /// Forgets a kept draft (saved or discarded).
  public func discardDraft(slot: Int64) throws(StoreError) {
    try db.transaction { () throws(StoreError) in try removeDraftRow(slot) }
  }

  /// Inside a transaction: removes the draft row, if any.
  func removeDraftRow(_ slot: Int64?) throws(StoreError) {
    guard let slot else { return }
    try db.statement("DELETE FROM draft WHERE id = ?").run([.integer(slot)])
  }

  /// Drafts left unsaved by an earlier session, newest first.
  ///
  /// A draft held by another `meals` that is still running is left to it. A draft of a meal
  /// deleted meanwhile comes back as a new meal. A row that cannot be read is skipped and kept.
  public func unsavedDrafts() throws(StoreError) -> [KeptDraft] {
    let rows = try db.statement(
      "SELECT id, owner_pid, body FROM draft ORDER BY updated_at DESC, id DESC"
    ).rows { ($0.int(0), Int32(truncatingIfNeeded: $0.int(1)), $0.text(2)) }
    var drafts: [KeptDraft] = []
    for (slot, owner, body) in rows where !Self.isOtherLiveProcess(owner) {
      guard let kept = try? JSONDecoder().decode(DraftBody.self, from: Data(body.utf8)) else {
        continue
      }
      var draft = MealDraft(original: kept.original, meal: kept.meal)
      var deleted = false
      if let id = kept.original.id,
        try db.statement("SELECT EXISTS (SELECT 1 FROM meal WHERE id = ?)").scalar([.integer(id)])
          != 1
      {
        var meal = kept.meal
        meal.id = nil
        draft = MealDraft(original: Meal(name: "", instructions: ""), meal: meal)
        deleted = true
      }
      drafts.append(KeptDraft(slot: slot, draft: draft, mealWasDeleted: deleted))
    }
    return drafts
  }

  /// Whether `pid` is another `meals` that is still running (a reused pid is not).
  private static func isOtherLiveProcess(_ pid: Int32) -> Bool {
    guard pid > 0, pid != getpid() else { return false }
    guard kill(pid, 0) == 0 || errno == EPERM else { return false }
    guard let name = try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8) else {
      return true
    }
    return name.hasPrefix("meals")
  }
}
