import MealsCore
import Translation

extension MealStore {
  // MARK: - Reading

  /// The entries of `days` days from `first`, by day, slot (breakfast first) and position.
  public func planEntries(from first: CivilDate, days: Int) -> [PlanEntry] {
    reading([]) { () throws(StoreError) in try readPlanEntries(from: first, days: days) }
  }

  /// The same, or why it could not be read (a screen keeps what it showed).
  public func readPlanEntries(from first: CivilDate, days: Int) throws(StoreError) -> [PlanEntry] {
    let slotOrder = PlanSlot.allCases.enumerated().map { "WHEN '\($1.rawValue)' THEN \($0)" }
      .joined(separator: " ")
    return
      try db.statement(
        """
        SELECT plan_entry.id, day, slot, meal_id, meal.name, plan_entry.servings, note, position
        FROM plan_entry JOIN meal ON meal.id = plan_entry.meal_id
        WHERE day >= ? AND day < ?
        ORDER BY day, CASE slot \(slotOrder) END, position, plan_entry.id
        """
      ).rows([.integer(Int64(first.daysSince1970)), .integer(Int64(first.daysSince1970 + days))]) {
        PlanEntry(
          id: $0.int(0), day: CivilDate(daysSince1970: Int($0.int(1))),
          slot: PlanSlot(rawValue: $0.text(2)) ?? .other, mealID: $0.int(3), mealName: $0.text(4),
          servings: Int($0.int(5)), note: $0.text(6), position: Int($0.int(7)))
      }
  }

  // MARK: - Changing

  /// Plans a saved meal on `day` in `slot`, after what the day has there; returns the entry's id.
  @discardableResult
  public func plan(
    mealID: Int64, on day: CivilDate, slot: PlanSlot, servings: Int, note: String = ""
  ) throws(StoreError) -> Int64 {
    guard (1...1000).contains(servings) else {
      throw StoreError(
        .invalid, tr("Servings must be between 1 and 1000, not %s.").filled(String(servings)))
    }
    let id = try db.transaction { () throws(StoreError) -> Int64 in
      guard try db.statement("SELECT 1 FROM meal WHERE id = ?").scalar([.integer(mealID)]) != nil
      else { throw StoreError(.notFound, tr("That meal is no longer in My Meals.")) }
      try db.statement(
        """
        INSERT INTO plan_entry (day, slot, servings, note, position, meal_id)
        VALUES (?1, ?2, ?3, ?4,
          (SELECT coalesce(max(position), -1) + 1 FROM plan_entry WHERE day = ?1 AND slot = ?2), ?5)
        """
      ).run([
        .integer(Int64(day.daysSince1970)), .text(slot.rawValue), .integer(Int64(servings)),
        .text(note), .integer(mealID),
      ])
      return db.lastInsertRowID
    }
    didCommit()
    return id
  }

  /// Plans a meal found on TheMealDB, saving it to My Meals first unless it is there already;
  /// both in one transaction, so a plan that fails saves nothing.
  public func plan(
    found: Meal, on day: CivilDate, slot: PlanSlot, servings: Int
  ) throws(StoreError) -> StoredMeal {
    let stored = try db.transaction { () throws(StoreError) -> StoredMeal in
      let stored = try storeFound(found)
      try plan(mealID: stored.id, on: day, slot: slot, servings: servings)
      return stored
    }
    didCommit()
    return stored
  }

  /// Takes an entry off the plan; returns it, for an undo to put back (nil when it was gone).
  @discardableResult
  public func removePlanEntry(id: Int64) throws(StoreError) -> PlanEntry? {
    guard let entry = try planEntry(id: id) else { return nil }
    try db.transaction { () throws(StoreError) in
      try db.statement("DELETE FROM plan_entry WHERE id = ?").run([.integer(id)])
    }
    didCommit()
    return entry
  }

  /// Puts back an entry `removePlanEntry` took off: same id, day, slot and place.
  public func restorePlanEntry(_ entry: PlanEntry) throws(StoreError) {
    try db.transaction { () throws(StoreError) in
      guard
        try db.statement("SELECT 1 FROM meal WHERE id = ?").scalar([.integer(entry.mealID)])
          != nil
      else {
        throw StoreError(.notFound, tr("“%s” is no longer in My Meals.").filled(entry.mealName))
      }
      try db.statement(
        "INSERT INTO plan_entry (\(Schema.planEntryColumns)) VALUES (?, ?, ?, ?, ?, ?, ?)"
      ).run([
        .integer(entry.id), .integer(Int64(entry.day.daysSince1970)), .text(entry.slot.rawValue),
        .integer(Int64(entry.servings)), .text(entry.note), .integer(Int64(entry.position)),
        .integer(entry.mealID),
      ])
    }
    didCommit()
  }

  /// Moves an entry to another day (and slot), at the end of what is there.
  public func movePlanEntry(id: Int64, to day: CivilDate, slot: PlanSlot) throws(StoreError) {
    try db.transaction { () throws(StoreError) in
      try db.statement(
        """
        UPDATE plan_entry SET day = ?1, slot = ?2,
          position = (SELECT coalesce(max(position), -1) + 1 FROM plan_entry
            WHERE day = ?1 AND slot = ?2 AND id != ?3)
        WHERE id = ?3
        """
      ).run([.integer(Int64(day.daysSince1970)), .text(slot.rawValue), .integer(id)])
    }
    didCommit()
  }

  /// Sets an entry's servings (1–1000).
  public func setPlanServings(id: Int64, to servings: Int) throws(StoreError) {
    guard (1...1000).contains(servings) else {
      throw StoreError(
        .invalid, tr("Servings must be between 1 and 1000, not %s.").filled(String(servings)))
    }
    try db.transaction { () throws(StoreError) in
      try db.statement("UPDATE plan_entry SET servings = ? WHERE id = ?").run([
        .integer(Int64(servings)), .integer(id),
      ])
    }
    didCommit()
  }

  /// The entry, nil when it is gone; a file that cannot be read is an error, not "gone".
  private func planEntry(id: Int64) throws(StoreError) -> PlanEntry? {
    guard
      let day = try db.statement("SELECT day FROM plan_entry WHERE id = ?").scalar([.integer(id)])
    else { return nil }
    return try readPlanEntries(from: CivilDate(daysSince1970: Int(day)), days: 1).first {
      $0.id == id
    }
  }

  // MARK: - As iCalendar

  /// The entries as all-day events: the meal's name, then the slot and servings, the note and
  /// the ingredients at those servings (`meals plan export`, `e` on the Week Plan).
  public func calendarEvents(for entries: [PlanEntry]) -> [ICalendar.Event] {
    var meals: [Int64: Meal] = [:]  // a meal planned often is read once
    return entries.map { entry in
      if meals[entry.mealID] == nil, let read = try? meal(id: entry.mealID) {
        meals[entry.mealID] = read
      }
      let lines =
        meals[entry.mealID].map { Servings(for: $0, servings: entry.servings).lines(of: $0) }
        ?? []
      let heading =
        "\(entry.slot.rawValue) · \(entry.servings) serving\(entry.servings == 1 ? "" : "s")"
      let description =
        ([heading] + (entry.note.isEmpty ? [] : [entry.note])
        + lines.map { $0.quantity.isEmpty ? $0.name : "\($0.quantity) \($0.name)" })
        .joined(separator: "\n")
      return ICalendar.Event(
        uid: "plan-\(entry.id)@meals", date: entry.day, summary: entry.mealName,
        description: description)
    }
  }
}
