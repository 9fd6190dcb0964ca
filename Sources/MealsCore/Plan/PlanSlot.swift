/// Where in a day a planned meal goes, in the day's order.
public enum PlanSlot: String, CaseIterable, Comparable, Sendable {
  case breakfast, lunch, dinner, other

  public static func < (lhs: PlanSlot, rhs: PlanSlot) -> Bool {
    allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
  }
}
