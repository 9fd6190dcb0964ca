/// Mealie's backups: before 1.0 a JSON file per recipe (`recipes/<slug>/<slug>.json`, photo in
/// `images/original.webp` beside it); from 1.0 on one `database.json` holding its tables.
enum MealieRecipe {
  // MARK: - Before 1.0

  /// True for a recipe of an old Mealie backup: a slug with schema.org-like lists.
  ///
  /// Its keys in camel case (`recipeIngredient`, up to 0.4) or in snake case
  /// (`recipe_ingredient`, 0.5's backups).
  static func recognises(_ object: [String: JSONValue]) -> Bool {
    object["slug"]?.string != nil && object["name"]?.string != nil
      && (object["recipeIngredient"] != nil || object["recipeInstructions"] != nil
        || object["recipe_ingredient"] != nil || object["recipe_instructions"] != nil)
  }

  static func recipe(from object: [String: JSONValue]) -> ExportRecipe {
    var recipe = ExportRecipe()
    recipe.fields.name = ExportText.line(object["name"])
    for entry in (object["recipeIngredient"] ?? object["recipe_ingredient"])?.array ?? [] {
      if let line = entry.string {
        recipe.addIngredients(line)
        continue
      }
      // A title on an ingredient starts a group with it.
      if let title = ExportText.line(entry["title"]) { recipe.fields.startGroup(title) }
      if let line = ingredientLine(entry) { recipe.fields.ingredients.append(line) }
    }
    for step in (object["recipeInstructions"] ?? object["recipe_instructions"])?.array ?? [] {
      if let title = ExportText.line(step["title"]) {
        recipe.fields.steps.append(RecipeStep(title, isTitle: true))
      }
      recipe.fields.steps += ExportText.steps(step.string ?? step["text"]?.string ?? "")
    }
    recipe.takeYield(object["recipeYield"] ?? object["recipe_yield"])
    recipe.fields.totalTime = ExportText.minutes(object["totalTime"] ?? object["total_time"])
    recipe.fields.prepTime = ExportText.minutes(object["prepTime"] ?? object["prep_time"])
    recipe.fields.cookTime = ExportText.minutes(
      object["performTime"] ?? object["cookTime"] ?? object["perform_time"])
    recipe.fields.category =
      ExportText.names(
        object["recipeCategory"] ?? object["recipe_category"]
      ).first
    recipe.fields.tags = ExportText.names(object["tags"])
    recipe.fields.tools = ExportText.names(object["tools"]).map { Cookware(name: $0) }
    recipe.fields.url = ExportText.address((object["orgURL"] ?? object["org_url"])?.string)
    recipe.notes = [object["description"]?.string].compactMap { $0 }
    for note in object["notes"]?.array ?? [] {
      let text = [ExportText.line(note["title"]), note["text"]?.string].compactMap { $0 }
      recipe.notes.append(text.joined(separator: ": "))
    }
    recipe.rating = ExportText.rating(object["rating"])
    recipe.origin = object["slug"]?.string.map { "mealie:\($0)" }
    recipe.photoPath = "images/original"
    return recipe
  }

  /// A parsed ingredient (`quantity`, `unit`, `food`, `note`) as the line Mealie shows; its
  /// own text where it kept the line as written.
  static func ingredientLine(_ entry: JSONValue) -> String? {
    let title = ExportText.line(entry["title"])
    if let original = ExportText.line(entry["originalText"] ?? entry["original_text"]) {
      // A group's heading alone: its title is no ingredient.
      return original == title ? nil : original
    }
    var parts: [String] = []
    // With amounts off (`disable_amount`, 0.5's default), the note is the whole line and the
    // quantity a meaningless 1.
    let amountsOff = (entry["disableAmount"] ?? entry["disable_amount"])?.bool ?? false
    if let quantity = entry["quantity"]?.number, quantity > 0, !amountsOff {
      parts.append(ExportText.amount(quantity))
    }
    if let unit = ExportText.line(entry["unit"]?["name"] ?? entry["unit"]) { parts.append(unit) }
    if let food = ExportText.line(entry["food"]?["name"] ?? entry["food"]) { parts.append(food) }
    if let note = ExportText.line(entry["note"]) {
      parts.append(parts.isEmpty ? note : ", \(note)")
    }
    let line = parts.joined(separator: " ").replacingEvery(" , ", with: ", ")
    return line.isEmpty ? nil : line
  }

  // MARK: - From 1.0 on

  /// True for the database of a Mealie 1.x backup.
  static func recognisesDatabase(_ object: [String: JSONValue]) -> Bool {
    object["recipes"]?.array != nil
      && (object["recipes_ingredients"] != nil || object["recipe_instructions"] != nil)
  }

  /// Every recipe of the database, its rows joined; the photo of each in `data/recipes/<id>/`.
  static func recipes(fromDatabase object: [String: JSONValue]) -> [ExportRecipe] {
    func rows(_ table: String) -> [[String: JSONValue]] {
      (object[table]?.array ?? []).compactMap(\.object)
    }
    func grouped(_ table: String) -> [String: [[String: JSONValue]]] {
      var groups: [String: [[String: JSONValue]]] = [:]
      for row in rows(table) {
        guard let id = key(row["recipe_id"]) else { continue }
        groups[id, default: []].append(row)
      }
      for (id, list) in groups {
        groups[id] = list.sorted { ($0["position"]?.int ?? 0) < ($1["position"]?.int ?? 0) }
      }
      return groups
    }
    func names(_ table: String) -> [String: String] {
      var names: [String: String] = [:]
      for row in rows(table) {
        if let id = key(row["id"]), let name = ExportText.line(row["name"]) { names[id] = name }
      }
      return names
    }
    let foods = names("ingredient_foods")
    let units = names("ingredient_units")
    let ingredients = grouped("recipes_ingredients")
    let instructions = grouped("recipe_instructions")
    let notes = grouped("notes")
    /// Each recipe's names in `table` (`categories`), through the table linking them to recipes
    /// by `column` (`category_id`).
    func linked(_ table: String, through links: String, _ column: String) -> [String: [String]] {
      let named = names(table)
      var linked: [String: [String]] = [:]
      for row in rows(links) {
        if let recipe = key(row["recipe_id"]), let name = key(row[column]).flatMap({ named[$0] }) {
          linked[recipe, default: []].append(name)
        }
      }
      return linked
    }
    let categoryLinks = linked("categories", through: "recipes_to_categories", "category_id")
    let tagLinks = linked("tags", through: "recipes_to_tags", "tag_id")
    // Tools (a pan, a blender): the cookware, kept where the steps name it.
    let toolLinks = linked("tools", through: "recipes_to_tools", "tool_id")
    return rows("recipes").map { row in
      let id = key(row["id"]) ?? ""
      var recipe = ExportRecipe()
      recipe.fields.name = ExportText.line(row["name"])
      for entry in ingredients[id] ?? [] {
        var line = entry
        line["food"] = key(entry["food_id"]).flatMap { foods[$0] }.map(JSONValue.string)
        line["unit"] = key(entry["unit_id"]).flatMap { units[$0] }.map(JSONValue.string)
        if let title = ExportText.line(entry["title"]) { recipe.fields.startGroup(title) }
        if let text = ingredientLine(.object(line)) { recipe.fields.ingredients.append(text) }
      }
      for step in instructions[id] ?? [] {
        if let title = ExportText.line(step["title"]) {
          recipe.fields.steps.append(RecipeStep(title, isTitle: true))
        }
        recipe.fields.steps += ExportText.steps(step["text"]?.string ?? "")
      }
      recipe.takeYield(row["recipe_yield"] ?? row["recipe_servings"])
      recipe.fields.totalTime = ExportText.minutes(row["total_time"])
      recipe.fields.prepTime = ExportText.minutes(row["prep_time"])
      recipe.fields.cookTime = ExportText.minutes(row["perform_time"] ?? row["cook_time"])
      recipe.fields.category = categoryLinks[id]?.first
      recipe.fields.tags = tagLinks[id] ?? []
      recipe.fields.tools = (toolLinks[id] ?? []).map { Cookware(name: $0) }
      recipe.fields.url = ExportText.address(row["org_url"]?.string)
      recipe.notes = [row["description"]?.string].compactMap { $0 }
      for note in notes[id] ?? [] {
        let text = [ExportText.line(note["title"]), note["text"]?.string].compactMap { $0 }
        recipe.notes.append(text.joined(separator: ": "))
      }
      recipe.rating = ExportText.rating(row["rating"])
      recipe.origin = "mealie:\(row["slug"]?.string ?? id)"
      // The photo's folder is named by the id as written (with its dashes).
      let folder = SchemaOrgRecipe.text(row["id"]) ?? id
      recipe.photoPath = "/data/recipes/\(folder)/images/original"
      return recipe
    }
  }

  /// An id as text, lower case, without dashes (Mealie writes UUIDs either way).
  static func key(_ value: JSONValue?) -> String? {
    guard let text = SchemaOrgRecipe.text(value), !text.isEmpty else { return nil }
    return text.lowercased().replacingEvery("-", with: "")
  }
}
