/// A meal planned for a day: its slot, servings and note, and where it stands in the day.
public struct PlanEntry: Equatable, Sendable {
  public var id: Int64
  public var day: CivilDate
  public var slot: PlanSlot
  public var mealID: Int64
  /// The meal's name now (the entry follows the meal, renamed or not).
  public var mealName: String
  public var servings: Int
  public var note: String
  /// Its order in the day (entries are shown by slot, then by this).
  public var position: Int

  public init(
    id: Int64, day: CivilDate, slot: PlanSlot, mealID: Int64, mealName: String, servings: Int,
    note: String, position: Int
  ) {
    self.id = id
    self.day = day
    self.slot = slot
    self.mealID = mealID
    self.mealName = mealName
    self.servings = servings
    self.note = note
    self.position = position
  }
}
