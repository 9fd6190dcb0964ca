/// An editable copy of a meal (the original's child context): discarding it costs nothing.
public struct MealDraft: Equatable, Sendable {
  /// The meal as it was when the draft was made; a new meal starts from an empty one.
  public let original: Meal
  /// The meal as edited so far.
  public var meal: Meal
  /// A photo chosen in the editor and not saved yet (`.some(nil)`: the photo taken away); its
  /// bytes live here until the draft is saved, not in the kept copy of the draft.
  public var newPhoto: MealPhoto??

  public init(of meal: Meal?) {
    let base = meal ?? Meal(name: "", instructions: "")
    self.original = base
    self.meal = base
    self.newPhoto = nil
  }

  /// Gives the meal `photo` (nil takes its photo away) when the draft is saved.
  public mutating func setPhoto(_ photo: MealPhoto?) {
    newPhoto = .some(photo)
    meal.photo = photo?.label
  }

  /// True for a draft of a meal that is not stored yet.
  public var isNew: Bool { original.id == nil }

  /// Whether anything differs from the original.
  public var hasChanges: Bool { meal != original || newPhoto != nil }

  public var name: String {
    get { meal.name }
    set { meal.name = newValue }
  }

  public var instructions: String {
    get { meal.instructions }
    set { meal.instructions = newValue }
  }

  public var ingredients: [IngredientMeasurement] { meal.ingredients }

  public mutating func addIngredient(_ measurement: IngredientMeasurement) {
    meal.ingredients.append(measurement)
  }

  /// Removes the ingredient row at `index`; out-of-range indexes change nothing.
  public mutating func removeIngredient(at index: Int) {
    guard meal.ingredients.indices.contains(index) else { return }
    meal.ingredients.remove(at: index)
  }

  /// Puts `measurement` in place of the row at `index` (its position in the recipe kept).
  public mutating func replaceIngredient(at index: Int, with measurement: IngredientMeasurement) {
    guard meal.ingredients.indices.contains(index) else { return }
    meal.ingredients[index] = measurement
  }

  /// Moves the row at `index` one place up (`offset` -1) or down (+1).
  ///
  /// Returns its new index, or nil when it cannot move that way. At the edge of a group the
  /// row first crosses the group's heading: it joins the next group in place, as a list with
  /// headings reads.
  @discardableResult
  public mutating func moveIngredient(at index: Int, by offset: Int) -> Int? {
    let target = index + offset
    guard meal.ingredients.indices.contains(index), meal.ingredients.indices.contains(target)
    else { return nil }
    if meal.ingredients[target].group != meal.ingredients[index].group {
      meal.ingredients[index].group = meal.ingredients[target].group
      return index
    }
    meal.ingredients.swapAt(index, target)
    return target
  }

  /// Lists the row at `index` and the rows after it in its group under `group` (empty: in no
  /// group); returns how many rows changed.
  @discardableResult
  public mutating func setGroup(_ group: String, from index: Int) -> Int {
    guard meal.ingredients.indices.contains(index) else { return 0 }
    let old = meal.ingredients[index].group
    let title = MealRules.trimmed(group)
    var end = index
    while end < meal.ingredients.endIndex, meal.ingredients[end].group == old {
      meal.ingredients[end].group = title
      end += 1
    }
    return title == old ? 0 : end - index
  }

  /// Whether a meal must have instructions to be written.
  public enum Steps: Sendable {
    /// A meal made in the editor: a new one needs them; one that came without them (an
    /// import) may be saved so, its steps to be added later.
    case asItCame
    /// A meal brought in (an import, a synced file): nothing a user asked for is dropped, so
    /// one without steps comes in as it is.
    case mayBeMissing
  }

  /// The meal to write, or the rule it breaks.
  public func validated(steps: Steps = .asItCame) -> Result<Meal, MealRuleError> {
    if let error = MealRules.checkName(meal.name) { return .failure(error) }
    let stepsRequired =
      switch steps {
      case .mayBeMissing: false
      case .asItCame: isNew || !MealRules.isBlank(original.instructions)
      }
    if stepsRequired, let error = MealRules.checkInstructions(meal.instructions) {
      return .failure(error)
    }
    for measurement in meal.ingredients {
      if let error = MealRules.checkIngredientName(measurement.name) { return .failure(error) }
    }
    var clean = meal
    clean.name = MealRules.trimmed(meal.name)
    clean.sectionTitles = Self.titles(meal.sectionTitles, in: meal.instructions)
    clean.cookware = Cookware.kept(meal.cookware, in: clean)
    return .success(clean)
  }

  /// The titles still among the instructions' lines (an edit may have taken one out), once
  /// each, in their order there.
  static func titles(_ titles: [String], in instructions: String) -> [String] {
    guard !titles.isEmpty else { return [] }
    let wanted = Set(titles.map(MealRules.trimmed))
    var seen: Set<String> = []
    return instructions.split(whereSeparator: \.isNewline).map { MealRules.trimmed(String($0)) }
      .filter { wanted.contains($0) && seen.insert($0).inserted }
  }
}

extension MealDraft {
  /// A draft kept from an earlier session: `meal` as edited, against `original`.
  public init(original: Meal, meal: Meal) {
    self.original = original
    self.meal = meal
  }
}
