import Translation

/// One recipe as one source of a page read it (JSON-LD, microdata, RDFa, a plugin's markup,
/// the page's headings, its OpenGraph tags, its text), every field typed.
///
/// The sources meet here and nowhere else: the best one's fields are kept and the others fill
/// what it lacks, field by field (`filled(from:)`).
struct RecipeFields: Sendable, Equatable {
  var name: String?
  /// Ingredient lines as the page shows them, one line each (group headings apart, in
  /// `ingredientGroups`; lines replaced, not added to, drop the groups of the old ones).
  var ingredients: [String] = [] {
    didSet {
      if !ingredientGroups.isEmpty && !ingredients.starts(with: oldValue) { ingredientGroups = [:] }
    }
  }
  /// The title of each group by the index in `ingredients` of its first line.
  var ingredientGroups: [Int: String] = [:]
  /// The lines came from the vocabulary's old `ingredients` property: lines from any other
  /// source (`recipeIngredient`, the page's own list) are taken over them.
  var ingredientsAreLegacy = false
  /// HowToSupply entries: names and amounts given apart (used when they match the lines).
  var supplies: [IngredientMeasurement] = []
  /// HowToTool entries: the cookware (kept when the steps name it).
  var tools: [Cookware] = []
  /// The steps, one line each, section titles among them.
  var steps: [RecipeStep] = []
  var servings: Int?
  /// Minutes, as the page states them.
  var totalTime: Int?
  var prepTime: Int?
  var cookTime: Int?
  var image: String?
  var category: String?
  var cuisine: String?
  var tags: [String] = []
  /// The recipe's own address, when the data states one.
  var url: String?
  var video: String?
  var mealDBID: String?

  /// Ingredient lines and steps as a page's markup shows them (one element's text each),
  /// read as the structured data's are.
  init(lines ingredients: [String], steps: [String]) {
    addIngredients(SchemaOrgRecipe.ingredientLines(.array(ingredients.map(JSONValue.string))))
    self.steps = SchemaOrgRecipe.steps(.array(steps.map(JSONValue.string)))
  }

  init() {}

  /// True when it holds no part of a recipe a source could add to another.
  var isEmpty: Bool { self == RecipeFields() }

  /// These fields, with each one they lack taken from `other`.
  func filled(from other: RecipeFields) -> RecipeFields {
    var fields = self
    if fields.name.map(MealRules.isBlank) ?? true { fields.name = other.name }
    if fields.ingredients.isEmpty
      || (fields.ingredientsAreLegacy && !other.ingredientsAreLegacy && !other.ingredients.isEmpty)
    {
      fields.takeIngredients(of: other)
      fields.ingredientsAreLegacy = other.ingredientsAreLegacy
    }
    if fields.steps.isEmpty { fields.steps = other.steps }
    fields.servings = fields.servings ?? other.servings
    fields.totalTime = fields.totalTime ?? other.totalTime
    fields.prepTime = fields.prepTime ?? other.prepTime
    fields.cookTime = fields.cookTime ?? other.cookTime
    fields.image = fields.image ?? other.image
    fields.category = fields.category ?? other.category
    fields.cuisine = fields.cuisine ?? other.cuisine
    if fields.tags.isEmpty { fields.tags = other.tags }
    return fields
  }

  // MARK: - Groups

  /// Appends a list's lines; a heading among them (`For the sauce:`, and `# Sauce` where
  /// `hashHeadings`, as Mela and Paprika users write them) starts a group, no line of its own.
  mutating func addIngredients(_ lines: [String], hashHeadings: Bool = false) {
    for line in lines {
      if let title = Self.groupTitle(line, hashHeadings: hashHeadings) {
        startGroup(title)
      } else {
        ingredients.append(line)
      }
    }
  }

  /// The lines added next are listed under `title` (a heading after the last line titles
  /// nothing: the meal takes no group from it).
  mutating func startGroup(_ title: String) {
    ingredientGroups[ingredients.count] = title
  }

  /// The lines and groups of `other`, in place of these.
  mutating func takeIngredients(of other: RecipeFields) {
    ingredients = other.ingredients
    ingredientGroups = other.ingredientGroups
  }

  /// The title a heading line gives its group, nil for an ingredient: a line ending `:` with
  /// no number in it, or (`hashHeadings`) one starting `#` and no number (`#10 can` is a can).
  static func groupTitle(_ line: String, hashHeadings: Bool = false) -> String? {
    var title = Substring(line)
    if hashHeadings, title.hasPrefix("#"), let next = title.drop(while: { $0 == "#" }).first,
      !next.isNumber
    {
      title = title.drop { $0 == "#" }
      if title.hasSuffix(":") { title = title.dropLast() }
    } else if title.hasSuffix(":"), !title.contains(where: \.isNumber) {
      title = title.dropLast()
    } else {
      return nil
    }
    let trimmed = MealRules.trimmed(String(title))
    return trimmed.isEmpty ? nil : trimmed
  }

  /// The whole time: the stated total, else preparation and cooking added.
  var totalMinutes: Int? {
    if let totalTime { return totalTime }
    let parts = [prepTime, cookTime].compactMap { $0 }
    return parts.isEmpty ? nil : parts.reduce(0, +)
  }

  /// The meal these fields make, or why they cannot make one (no name).
  func candidate(index: Int) -> ImportCandidate {
    let name = self.name.map(SchemaOrgRecipe.line)
    let place =
      name.map { tr("recipe “%s”").filled($0) } ?? tr("recipe %d").filled(String(index + 1))
    guard let name, !MealRules.isBlank(name) else {
      return ImportCandidate(place: place, problem: tr("a Recipe without a name"))
    }
    var meal = Meal(name: name, instructions: steps.map(\.text).joined(separator: "\n"))
    meal.sectionTitles = MealDraft.titles(
      steps.filter(\.isTitle).map(\.text), in: meal.instructions)
    meal.mealDBID = mealDBID
    meal.category = category
    meal.area = cuisine
    meal.tags = tags
    meal.thumbnailURL = image
    meal.sourceURL = url
    meal.videoURL = video
    meal.servings = servings
    meal.totalMinutes = totalMinutes
    meal.cookware = tools
    if !supplies.isEmpty && (supplies.count == ingredients.count || ingredients.isEmpty) {
      meal.ingredients = supplies
    } else {
      var group = ""
      meal.ingredients = ingredients.enumerated().map { index, line in
        group = ingredientGroups[index] ?? group
        var measurement = IngredientLine.split(line)
        measurement.group = group
        return measurement
      }
    }
    return ImportCandidate(place: place, meal: meal)
  }
}

/// A line of a recipe's method: a step, or the title of the part the steps after it make.
struct RecipeStep: Sendable, Equatable {
  var text: String
  var isTitle = false

  init(_ text: String, isTitle: Bool = false) {
    self.text = text
    self.isTitle = isTitle
  }
}
