import Translation

/// A week planned from the book by rules: fills the empty slots, each with why it was chosen.
///
/// Hard rules: nothing cooked in the last `freshDays` days, nothing twice in the week, a
/// weekday's meal within `weekdayMinutes` (a meal of no stated time passes), and no category
/// or area twice in a row when another meal can follow (variety gives way before a slot
/// stays empty). Weights: a favourite, a high rating, what is at home used, a meal not cooked
/// for long. The choice is random by weight from a seed: the same seed and week give the
/// same plan, another week another one.
public struct PlanRules: Equatable, Sendable {
  /// A meal cooked in the last so many days is not suggested.
  public var freshDays = 14
  /// Monday to Friday, at most so many minutes (nil: no limit).
  public var weekdayMinutes: Int? = 60
  /// Slots that always hold a meal (`friday dinner: Fish Pie`), by the meal's name.
  public var pins: [Pin] = []

  public struct Pin: Equatable, Sendable {
    /// 1 Monday … 7 Sunday.
    public var weekday: Int
    public var slot: PlanSlot
    public var meal: String

    public init(weekday: Int, slot: PlanSlot, meal: String) {
      self.weekday = weekday
      self.slot = slot
      self.meal = meal
    }
  }

  public init(freshDays: Int = 14, weekdayMinutes: Int? = 60, pins: [Pin] = []) {
    self.freshDays = freshDays
    self.weekdayMinutes = weekdayMinutes
    self.pins = pins
  }

  /// Pins as a setting writes them: `friday dinner: Fish Pie; sunday lunch: Roast Chicken`
  /// (the slot may be left out: dinner); nil with the part that is wrong.
  public static func pins(in text: String) -> Result<[Pin], PinError> {
    var pins: [Pin] = []
    for part in text.split(separator: ";") {
      let piece = MealRules.trimmed(String(part))
      guard !piece.isEmpty else { continue }
      guard let colon = piece.firstIndex(of: ":") else { return .failure(PinError(part: piece)) }
      let when = piece[..<colon].split(separator: " ").map { $0.lowercased() }
      let meal = MealRules.trimmed(String(piece[piece.index(after: colon)...]))
      guard (1...2).contains(when.count), !meal.isEmpty,
        let day = CivilDate.weekdayNames.firstIndex(where: {
          $0 == when[0] || (when[0].count >= 3 && $0.hasPrefix(when[0]))
        })
      else { return .failure(PinError(part: piece)) }
      let slot = when.count == 2 ? PlanSlot(rawValue: when[1]) : .dinner
      guard let slot else { return .failure(PinError(part: piece)) }
      pins.append(Pin(weekday: day + 1, slot: slot, meal: meal))
    }
    return .success(pins)
  }

  /// A pin written wrongly, for the config's report.
  public struct PinError: Error, Equatable, Sendable {
    public var part: String
  }
}

/// A saved meal as the planner weighs it.
public struct PlanCandidate: Equatable, Sendable {
  public var id: Int64
  public var name: String
  public var category: String?
  public var area: String?
  public var favourite: Bool
  public var rating: Int
  public var totalMinutes: Int?
  public var lastCooked: CivilDate?
  /// What it uses of what is at home (the pantry's names, staples left out).
  public var atHome: [String]
  /// The slot its kind keeps it to (`breakfast` for pancakes, `other` for a cake); nil for a
  /// main meal, which goes at lunch or dinner.
  public var kind: PlanSlot?

  /// The category and area folded (`TextFolding.key`), compared for variety: folded once,
  /// not at every slot (100 000 meals are weighed seven times a week).
  let categoryKey: String
  let areaKey: String

  /// `folded`: the folding of category and area when the caller has it (a book's few
  /// categories folded once each).
  public init(
    id: Int64, name: String, category: String? = nil, area: String? = nil,
    favourite: Bool = false, rating: Int = 0, totalMinutes: Int? = nil,
    lastCooked: CivilDate? = nil, atHome: [String] = [], kind: PlanSlot? = nil,
    folded: (category: String, area: String)? = nil
  ) {
    self.id = id
    self.name = name
    self.category = category
    self.area = area
    let folded =
      folded
      ?? (
        category.map { MealRules.isBlank($0) ? "" : TextFolding.key($0) } ?? "",
        area.map { MealRules.isBlank($0) ? "" : TextFolding.key($0) } ?? ""
      )
    categoryKey = folded.category
    areaKey = folded.area
    self.favourite = favourite
    self.rating = rating
    self.totalMinutes = totalMinutes
    self.lastCooked = lastCooked
    self.atHome = atHome
    self.kind = kind
  }

  /// The kind of a meal of `category` and `tags`, as the plan prompt reads it.
  public static func kind(category: String?, tags: [String]) -> PlanSlot? {
    let meal = Meal(name: "", instructions: "", category: category, tags: tags)
    let slot = PlanSlot.first(for: meal, hour: 18)
    return slot == .breakfast || slot == .other ? slot : nil
  }
}

/// One slot filled: the meal and why.
public struct PlanSuggestion: Equatable, Sendable {
  public var day: CivilDate
  public var slot: PlanSlot
  public var meal: PlanCandidate
  /// `not cooked for 5 weeks`, `uses the spinach at home`, `favourite`, `pinned`.
  public var reasons: [String]

  public var why: String { reasons.joined(separator: " · ") }
}

public enum PlanSuggester {
  /// The week from `monday` suggested for the `slots` not `taken` (day and slot already
  /// planned), from `candidates`, by `rules`, with `seed`; `planned` are the ids the week
  /// holds already (not suggested again); `today` measures "not cooked for", and a day before
  /// it is left alone (this week's past).
  public static func suggest(
    week monday: CivilDate, slots: [PlanSlot], taken: Set<PlanSlotKey>, planned: Set<Int64>,
    candidates: [PlanCandidate], rules: PlanRules, today: CivilDate, seed: UInt64
  ) -> [PlanSuggestion] {
    var random = SplitMix64(seed: seed ^ UInt64(bitPattern: Int64(monday.daysSince1970)) &* 0x9E37)
    // The open slots in order, and the meals pinned to them (kept for their slots alone).
    let open = (0..<7).map { monday.adding(days: $0) }.filter { $0 >= today }.flatMap { day in
      slots.sorted().map { PlanSlotKey(day: day, slot: $0) }.filter { !taken.contains($0) }
    }
    var pinned: [PlanSlotKey: PlanCandidate] = [:]
    for key in open {
      guard
        let pin = rules.pins.first(where: { $0.weekday == key.day.weekday && $0.slot == key.slot }),
        let meal = candidates.first(where: {
          TextFolding.key($0.name) == TextFolding.key(pin.meal)
        })
      else { continue }
      pinned[key] = meal
    }
    var used = planned.union(pinned.values.map(\.id))
    var suggestions: [PlanSuggestion] = []
    var previous: PlanCandidate?
    for (index, key) in open.enumerated() {
      let (day, slot) = (key.day, key.slot)
      if let meal = pinned[key] {
        suggestions.append(
          PlanSuggestion(day: day, slot: slot, meal: meal, reasons: [tr("pinned")]))
        previous = meal
        continue
      }
      // A pinned meal next is a neighbour too: no category or area twice around it either.
      let next = index + 1 < open.count ? pinned[open[index + 1]] : nil
      guard
        let chosen = choose(
          on: day, slot: slot, from: candidates, used: used, after: previous, before: next,
          rules: rules, today: today, random: &random)
      else { continue }
      suggestions.append(
        PlanSuggestion(
          day: day, slot: slot, meal: chosen,
          reasons: reasons(for: chosen, today: today, rules: rules)))
      used.insert(chosen.id)
      previous = chosen
    }
    return suggestions
  }

  /// The same for a week whose planned `entries` are known: their slots are taken and their
  /// meals not suggested again.
  public static func suggest(
    week monday: CivilDate, slots: [PlanSlot], entries: [PlanEntry],
    candidates: [PlanCandidate], rules: PlanRules, today: CivilDate, seed: UInt64
  ) -> [PlanSuggestion] {
    suggest(
      week: monday, slots: slots,
      taken: Set(entries.map { PlanSlotKey(day: $0.day, slot: $0.slot) }),
      planned: Set(entries.map(\.mealID)), candidates: candidates, rules: rules, today: today,
      seed: seed)
  }

  /// Another meal for one slot (re-rolled), the others of the week kept: none of `used`.
  public static func another(
    for suggestion: PlanSuggestion, candidates: [PlanCandidate], used: Set<Int64>,
    after previous: PlanCandidate?, rules: PlanRules, today: CivilDate, seed: UInt64
  ) -> PlanSuggestion? {
    var random = SplitMix64(seed: seed)
    guard
      let chosen = choose(
        on: suggestion.day, slot: suggestion.slot, from: candidates,
        used: used.union([suggestion.meal.id]),
        after: previous, rules: rules, today: today, random: &random)
    else { return nil }
    return PlanSuggestion(
      day: suggestion.day, slot: suggestion.slot, meal: chosen,
      reasons: reasons(for: chosen, today: today, rules: rules))
  }

  // MARK: - Rules

  /// Whether `meal` may go on `day` at all (the hard rules but variety).
  static func allowed(
    _ meal: PlanCandidate, on day: CivilDate, slot: PlanSlot, used: Set<Int64>, rules: PlanRules,
    today: CivilDate
  ) -> Bool {
    if used.contains(meal.id) { return false }
    // Pancakes are for breakfast, a cake for `other`; a main meal for lunch or dinner.
    switch meal.kind {
    case nil: if slot == .breakfast || slot == .other { return false }
    case let kind?: if kind != slot { return false }
    }
    if let last = meal.lastCooked, last.days(to: today) < rules.freshDays { return false }
    if day.weekday <= 5, let limit = rules.weekdayMinutes, let minutes = meal.totalMinutes,
      minutes > limit
    {
      return false
    }
    return true
  }

  /// Whether `meal` repeats the category or area of the meal before it.
  static func repeats(_ meal: PlanCandidate, after previous: PlanCandidate?) -> Bool {
    guard let previous else { return false }
    return (!meal.categoryKey.isEmpty && meal.categoryKey == previous.categoryKey)
      || (!meal.areaKey.isEmpty && meal.areaKey == previous.areaKey)
  }

  /// The weight of a meal: favourites, high ratings, what is at home and a long wait first.
  static func weight(_ meal: PlanCandidate, today: CivilDate) -> Double {
    var weight = 1.0
    if meal.favourite { weight += 2 }
    if meal.rating >= 4 { weight += Double(meal.rating - 3) }
    weight += Double(min(meal.atHome.count, 3))
    if let last = meal.lastCooked {
      weight += min(2, Double(last.days(to: today)) / 30)
    } else {
      weight += 0.5
    }
    return weight
  }

  private static func choose(
    on day: CivilDate, slot: PlanSlot, from candidates: [PlanCandidate], used: Set<Int64>,
    after previous: PlanCandidate?, before next: PlanCandidate? = nil, rules: PlanRules,
    today: CivilDate, random: inout SplitMix64
  ) -> PlanCandidate? {
    // Places in `candidates`, not copies: a book of 100 000 meals is filtered at every slot.
    let open = candidates.indices.filter {
      allowed(candidates[$0], on: day, slot: slot, used: used, rules: rules, today: today)
    }
    let varied = open.filter {
      !repeats(candidates[$0], after: previous) && !repeats(candidates[$0], after: next)
    }
    let pool = varied.isEmpty ? open : varied
    guard let last = pool.last else { return nil }
    let weights = pool.map { weight(candidates[$0], today: today) }
    var target = random.nextUnit() * weights.reduce(0, +)
    for (index, weight) in weights.enumerated() {
      target -= weight
      if target < 0 { return candidates[pool[index]] }
    }
    return candidates[last]
  }

  /// Why a meal was chosen, in the words a row shows.
  public static func reasons(for meal: PlanCandidate, today: CivilDate, rules: PlanRules)
    -> [String]
  {
    var reasons: [String] = []
    if let last = meal.lastCooked {
      let days = last.days(to: today)
      reasons.append(
        days < 2
          ? tr("cooked lately") : tr("not cooked for %s").filled(CookedSummary.span(days: days)))
    } else {
      reasons.append(tr("never cooked"))
    }
    if !meal.atHome.isEmpty {
      let things = Array(meal.atHome.prefix(2))
      reasons.append(
        things.count == 2
          ? tr("uses the %1$s and %2$s at home").filled(things[0], things[1])
          : tr("uses the %s at home").filled(things[0]))
    }
    if meal.favourite { reasons.append(tr("favourite")) }
    if meal.rating >= 4 { reasons.append(MealFields.stars(meal.rating)) }
    return reasons
  }
}

/// A day and a slot of the plan.
public struct PlanSlotKey: Hashable, Sendable {
  public var day: CivilDate
  public var slot: PlanSlot

  public init(day: CivilDate, slot: PlanSlot) {
    self.day = day
    self.slot = slot
  }
}

/// A small, fast generator whose numbers depend only on its seed (the same plan from the same
/// seed, on every machine).
struct SplitMix64 {
  private var state: UInt64

  init(seed: UInt64) { state = seed }

  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }

  /// A number in [0, 1).
  mutating func nextUnit() -> Double { Double(next() >> 11) / Double(1 << 53) }
}
