import Translation

/// Where in a day a planned meal goes, in the day's order.
public enum PlanSlot: String, CaseIterable, Comparable, Sendable {
  case breakfast, lunch, dinner, other

  /// `dinner`, in the user's language (the raw value is what files and commands say).
  public var label: String {
    switch self {
    case .breakfast: trc("meal slot", "breakfast")
    case .lunch: trc("meal slot", "lunch")
    case .dinner: trc("meal slot", "dinner")
    case .other: trc("meal slot", "other")
    }
  }

  public static func < (lhs: PlanSlot, rhs: PlanSlot) -> Bool {
    allCases.firstIndex(of: lhs) ?? 0 < allCases.firstIndex(of: rhs) ?? 0
  }
}

extension PlanSlot {
  /// The slot a plan prompt offers first for `meal` at `hour` (0–23, local): the meal's own
  /// kind when it says one (Pancakes is breakfast, a crumble a dessert: `other`), else the
  /// next meal of the day — breakfast in the morning, lunch until mid-afternoon, then dinner.
  public static func first(for meal: Meal?, hour: Int) -> PlanSlot {
    let words = ([meal?.category ?? ""] + (meal?.tags ?? [])).map { TextFolding.key($0) }
    func says(_ kinds: [String]) -> Bool {
      words.contains { word in kinds.contains { word.contains($0) } }
    }
    if says(["breakfast", "brunch", "frühstück", "petit-déjeuner", "desayuno", "colazione"]) {
      return .breakfast
    }
    if says(["dessert", "desert", "snack", "cake", "baking", "nachtisch", "postre", "dolce"]) {
      return .other
    }
    if says(["lunch", "sandwich", "salad"]) { return .lunch }
    switch hour {
    case ..<10: return .breakfast
    case ..<15: return .lunch
    default: return .dinner
    }
  }
}
