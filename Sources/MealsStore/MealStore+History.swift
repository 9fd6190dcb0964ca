import MealsCore
import Translation

/// One saved version of a meal, as its history lists it.
public struct MealVersion: Equatable, Sendable {
  /// 1 for the oldest kept.
  public var number: Int
  /// Seconds since 1970.
  public var savedAt: Double
  public var meal: Meal
}

/// A meal's history: every version saved (the editor's, a sync's, a restore's), listed,
/// read and put back as a new version.
extension MealStore {
  // MARK: - Reading

  /// The versions of meal `mealID`, the oldest first; a meal never changed has one, itself.
  public func mealVersions(mealID: Int64) throws(StoreError) -> [MealVersion] {
    guard let current = try meal(id: mealID) else {
      throw StoreError(.notFound, tr("That meal is no longer in My Meals."))
    }
    let kept = try db.statement(
      """
      SELECT saved_at, meal FROM meal_version
      WHERE meal_uid = (SELECT uid FROM meal WHERE id = ?) ORDER BY id
      """
    ).rows([.integer(mealID)]) { ($0.double(0), $0.text(1)) }
    guard !kept.isEmpty else {
      let updated =
        try db.statement("SELECT updated_at FROM meal WHERE id = ?").rows([.integer(mealID)]) {
          $0.double(0)
        }.first ?? 0
      return [MealVersion(number: 1, savedAt: updated, meal: current)]
    }
    return kept.enumerated().map { index, row in
      var meal = Self.decodeVersion(row.1) ?? current
      meal.id = mealID
      return MealVersion(number: index + 1, savedAt: row.0, meal: meal)
    }
  }

  /// Puts version `number` back as the meal's newest version (the others are kept: restoring
  /// the one before undoes it); returns the new version's number.
  @discardableResult
  public func restoreVersion(_ number: Int, mealID: Int64) throws(StoreError) -> Int {
    let versions = try mealVersions(mealID: mealID)
    guard let version = versions.first(where: { $0.number == number }) else {
      throw StoreError(
        .notFound,
        tr("“%1$s” has no version %2$s (1 to %3$s).").filled(
          versions.last?.meal.name ?? "", String(number), String(versions.count)))
    }
    var draft = MealDraft(of: nil)
    draft.meal = version.meal
    draft.meal.id = mealID
    // Being a favourite is not part of a version: it stays as it is now.
    if let now = try meal(id: mealID) {
      draft.meal.favourite = now.favourite
      draft.meal.favouritedAt = now.favouritedAt
    }
    try commit(draft)
    return try mealVersions(mealID: mealID).count
  }

  // MARK: - Keeping them

  /// Writes `meal` over meal `id`, keeping the meal as it was first (when nothing of it is
  /// kept yet) and then as it is now: its history.
  func writeKeepingHistory(_ meal: Meal, id: Int64) throws(StoreError) {
    let uid = try db.statement("SELECT uid FROM meal WHERE id = ?").rows([.integer(id)]) {
      $0.text(0)
    }.first
    if let uid,
      try db.statement("SELECT 1 FROM meal_version WHERE meal_uid = ? LIMIT 1").scalar([.text(uid)])
        == nil, let before = try self.meal(id: id)
    {
      let updated =
        try db.statement("SELECT updated_at FROM meal WHERE id = ?").rows([.integer(id)]) {
          $0.double(0)
        }.first ?? clock()
      try keepVersion(before, uid: uid, at: updated)
    }
    try write(meal, id: id)
    if let uid, let after = try self.meal(id: id) { try keepVersion(after, uid: uid, at: clock()) }
  }

  /// Adds a version unless it is the last one kept again (a save that changed nothing).
  private func keepVersion(_ meal: Meal, uid: String, at time: Double) throws(StoreError) {
    let text = Self.encodeVersion(meal)
    let last = try db.statement(
      "SELECT meal FROM meal_version WHERE meal_uid = ? ORDER BY id DESC LIMIT 1"
    ).rows([.text(uid)]) { $0.text(0) }.first
    guard last != text else { return }
    try db.statement("INSERT INTO meal_version (meal_uid, saved_at, meal) VALUES (?, ?, ?)").run([
      .text(uid), .real(time), .text(text),
    ])
  }

  static func encodeVersion(_ meal: Meal) -> String {
    var plain = meal
    plain.favourite = false  // a favourite is not an edit of the recipe
    plain.favouritedAt = nil
    return MealJSON.object(plain).serialized()
  }

  static func decodeVersion(_ text: String) -> Meal? {
    guard let value = try? JSONParser.parse(Array(text.utf8)),
      let meal = (try? MealJSON.meals(from: value))?.first?.meal
    else { return nil }
    return meal
  }
}
