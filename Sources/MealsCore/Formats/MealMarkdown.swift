import FoundationEssentials
import Translation

/// A meal as Markdown, for reading, pasting and printing; `meals import` reads it back
/// (name, fields, ingredients with their quantities, cookware, instructions).
///
/// ```
/// # Pancakes
///
/// - **Category:** Dessert
/// - **Servings:** 4
///
/// ## Ingredients
///
/// - 100 g **Flour**
/// - **Salt**
///
/// ### For the syrup
///
/// - 50 g **Sugar**
///
/// ## Cookware
///
/// - **Frying pan**
///
/// ## Instructions
///
/// ### The batter
/// Mix.
/// ```
///
/// A group of the ingredients and a section's title among the instructions are `###` headings.
public enum MealMarkdown {
  // MARK: - Writing

  public static func render(_ meal: Meal) -> String {
    var lines = ["# \(meal.name)", ""]
    let fields = fieldLines(meal)
    if !fields.isEmpty { lines += fields + [""] }
    lines += ["## Ingredients", ""]
    if meal.ingredients.isEmpty { lines.append("_None._") }
    for run in meal.ingredients.groupRuns {
      if !run.group.isEmpty {
        if lines.last != "" { lines.append("") }
        lines += ["### \(run.group)", ""]
      }
      for line in run.lines {
        let quantity = MealRules.trimmed(line.quantity)
        lines.append(item(line.name, quantity))
      }
    }
    if !meal.cookware.isEmpty {
      lines += ["", "## Cookware", ""]
      lines += meal.cookware.map { item($0.name, $0.quantity) }
    }
    lines += ["", "## Instructions", ""]
    let titles = Set(meal.sectionTitles)
    for line in meal.instructions.split(separator: "\n", omittingEmptySubsequences: false) {
      if titles.contains(MealRules.trimmed(String(line))) {
        lines.append("### " + MealRules.trimmed(String(line)))
        continue
      }
      // A line that would read as a heading (or an escape) gets a backslash.
      lines.append(line.hasPrefix("#") || line.hasPrefix("\\") ? "\\" + line : String(line))
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A list item: the quantity as written, then the name in bold (`- 100 g **Flour**`).
  private static func item(_ name: String, _ quantity: String) -> String {
    quantity.isEmpty ? "- **\(name)**" : "- \(quantity) **\(name)**"
  }

  /// Several meals, one after the other.
  public static func render(_ meals: [Meal]) -> String {
    meals.map(render).joined(separator: "\n")
  }

  private static func fieldLines(_ meal: Meal) -> [String] {
    var fields: [(String, String)] = []
    if let category = meal.category { fields.append(("Category", category)) }
    if let area = meal.area { fields.append(("Area", area)) }
    if !meal.tags.isEmpty { fields.append(("Tags", meal.tags.joined(separator: ", "))) }
    if let servings = meal.servings { fields.append(("Servings", "\(servings)")) }
    if let minutes = meal.totalMinutes {
      fields.append(("Total time", MealFields.describeMinutes(minutes)))
    }
    if let difficulty = meal.difficulty { fields.append(("Difficulty", difficulty.rawValue)) }
    if meal.rating > 0 {
      fields.append(("Rating", "\(MealFields.stars(meal.rating)) (\(meal.rating) of 5)"))
    }
    if meal.favourite { fields.append(("Favourite", "yes")) }
    if let id = meal.mealDBID { fields.append(("TheMealDB id", id)) }
    if let url = meal.sourceURL { fields.append(("Source", url)) }
    if let url = meal.videoURL { fields.append(("Video", url)) }
    if let url = meal.thumbnailURL { fields.append(("Picture", url)) }
    return fields.map { "- **\($0.0):** \($0.1)" }
  }

  // MARK: - Reading

  /// Every meal in `text` (each starts with a `# ` heading).
  public static func meals(from text: String) -> [ImportCandidate] {
    var candidates: [ImportCandidate] = []
    var current: [Substring] = []
    func finish() {
      guard let first = current.first else { return }
      let name = MealRules.trimmed(String(first.dropFirst(2)))
      let place = tr("recipe “%s”").filled(name)
      if name.isEmpty {
        candidates.append(ImportCandidate(place: place, problem: tr("a heading without a name")))
      } else {
        candidates.append(ImportCandidate(place: place, meal: meal(named: name, body: current)))
      }
      current = []
    }
    let lines = text.replacingCRLF().split(separator: "\n", omittingEmptySubsequences: false)
    for line in lines {
      if line.hasPrefix("# ") { finish() }
      if !current.isEmpty || line.hasPrefix("# ") { current.append(line) }
    }
    finish()
    return candidates
  }

  private static func meal(named name: String, body: [Substring]) -> Meal {
    var meal = Meal(name: name, instructions: "")
    var section = ""
    var group = ""
    var instructions: [Substring] = []
    for line in body.dropFirst() {
      if line.hasPrefix("## ") {
        section = MealRules.trimmed(String(line.dropFirst(3))).lowercased()
        continue
      }
      switch section {
      case "": readField(line, into: &meal)
      case "ingredients":
        if line.hasPrefix("### ") {
          group = MealRules.trimmed(String(line.dropFirst(4)))
        } else if var measurement = ingredient(line) {
          measurement.group = group
          meal.ingredients.append(measurement)
        }
      case "cookware", "equipment":
        if let item = ingredient(line) {
          meal.cookware.append(Cookware(name: item.name, quantity: item.quantity))
        }
      case "instructions", "method", "steps", "directions":
        if line.hasPrefix("### ") {
          // A section's title (`### For the glaze`): a heading over the steps after it.
          let title = MealRules.trimmed(String(line.dropFirst(4)))
          guard !title.isEmpty else { continue }
          meal.sectionTitles.append(title)
          instructions.append(Substring(title))
        } else if line.hasPrefix("\\#") || line.hasPrefix("\\\\") {
          instructions.append(line.dropFirst())
        } else {
          instructions.append(line)
        }
      default: break
      }
    }
    meal.instructions = MealRules.trimmed(instructions.joined(separator: "\n"))
    meal.sectionTitles = MealDraft.titles(meal.sectionTitles, in: meal.instructions)
    return meal
  }

  /// `- 100 g **Flour**`, `- **Salt**`, or a plain `- 2 eggs` (all of it the name).
  private static func ingredient(_ line: Substring) -> IngredientMeasurement? {
    let trimmed = MealRules.trimmed(String(line))
    guard trimmed.hasPrefix("- ") || trimmed.hasPrefix("* ") else { return nil }
    let item = String(trimmed.dropFirst(2))
    if item.hasSuffix("**"), let open = item.dropLast(2).lastRange(ofText: "**") {
      let name = String(item[open.upperBound..<item.index(item.endIndex, offsetBy: -2)])
      let quantity = MealRules.trimmed(String(item[..<open.lowerBound]))
      return IngredientMeasurement(name: name, quantity: quantity)
    }
    return IngredientLine.split(item)
  }

  private static func readField(_ line: Substring, into meal: inout Meal) {
    guard line.hasPrefix("- **"), let end = line.firstRange(ofText: ":**") else { return }
    let key = line[line.index(line.startIndex, offsetBy: 4)..<end.lowerBound].lowercased()
    let value = MealRules.trimmed(String(line[end.upperBound...]))
    guard !value.isEmpty else { return }
    switch key {
    case "category": meal.category = value
    case "area": meal.area = value
    case "tags":
      meal.tags = value.split(separator: ",").map { MealRules.trimmed(String($0)) }
    case "servings": meal.servings = MealFields.leadingServings(value)
    case "total time":
      if case .success(let minutes) = MealFields.minutes(value) { meal.totalMinutes = minutes }
    case "difficulty": meal.difficulty = Difficulty(rawValue: value)
    case "rating":
      if let open = value.firstRange(ofText: "("),
        let digit = value[open.upperBound...].first?.wholeNumberValue
      {
        meal.rating = min(5, digit)
      }
    case "favourite": meal.favourite = value.lowercased() == "yes"
    case "themealdb id": meal.mealDBID = value
    case "source": meal.sourceURL = value
    case "video": meal.videoURL = value
    case "picture": meal.thumbnailURL = value
    default: break
    }
  }
}

extension String {
  /// `\r\n` and lone `\r` as `\n`.
  func replacingCRLF() -> String {
    guard utf8.contains(13) else { return self }
    return replacingEvery("\r\n", with: "\n").replacingEvery("\r", with: "\n")
  }
}
