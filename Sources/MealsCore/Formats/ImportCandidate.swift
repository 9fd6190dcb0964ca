import TextSafety

/// One recipe read from a file: the meal, or why it could not be read.
public struct ImportCandidate: Equatable, Sendable {
  /// Where it came from, for the report: `meal 3`, `recipe “Pancakes”`.
  public var place: String
  public var meal: Meal?
  public var problem: String?
  /// The recipe's own photo, when its export holds it inline.
  public var photo: MealPhoto?
  /// Where in its export the photo is (`recipes/soup/images/original.webp`), for the reader
  /// of the export to find; nil when there is none or it came inline.
  public var photoPath: String?
  /// The export's own id for the recipe (`paprika:1A2B…`), so the same export imported again
  /// adds nothing.
  public var origin: String?
  /// What the reader could not read as written and read as well as it could (`line 3: the
  /// list of “tags” is not closed…`): said beside the meal, which comes in all the same.
  public var notes: [String] = []

  public init(place: String, meal: Meal) {
    self.place = place
    self.meal = ImportCandidate.cleaned(meal)
  }

  public init(place: String, problem: String) {
    self.place = place
    self.problem = problem
  }

  /// The same cleaning TheMealDB's answers get: no control characters, no stray spaces,
  /// one line where one line belongs.
  static func cleaned(_ meal: Meal) -> Meal {
    func line(_ text: String) -> String { MealRules.trimmed(TextSanitizer.singleLine(text)) }
    func optionalLine(_ text: String?) -> String? {
      guard let text else { return nil }
      let cleaned = line(text)
      return cleaned.isEmpty ? nil : cleaned
    }
    var clean = meal
    clean.id = nil
    clean.name = line(meal.name)
    clean.mealDBID = optionalLine(meal.mealDBID)
    clean.instructions = MealRules.trimmed(TextSanitizer.clean(meal.instructions))
    clean.sectionTitles = MealDraft.titles(meal.sectionTitles.map(line), in: clean.instructions)
    clean.category = optionalLine(meal.category)
    clean.area = optionalLine(meal.area)
    clean.tags = meal.tags.map(line).filter { !$0.isEmpty }
    clean.thumbnailURL = optionalLine(meal.thumbnailURL)
    clean.sourceURL = optionalLine(meal.sourceURL)
    clean.videoURL = optionalLine(meal.videoURL)
    // A line left with neither a name nor a quantity (`@` and control characters) is none.
    clean.ingredients = meal.ingredients.map {
      IngredientMeasurement(
        name: line($0.name), quantity: line($0.quantity), group: line($0.group))
    }.filter { !$0.name.isEmpty || !$0.quantity.isEmpty }
    clean.cookware = Cookware.kept(
      meal.cookware.map { Cookware(name: line($0.name), quantity: line($0.quantity)) }, in: clean)
    return clean
  }
}
