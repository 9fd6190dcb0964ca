/// Tandoor's recipe (`recipe.json` in a per-recipe zip, beside `image.jpeg`): `steps`, each
/// with its `instruction` and its `ingredients` of `food`, `unit` and `amount`.
enum TandoorRecipe {
  /// True for a Tandoor recipe object: a name and steps with instructions.
  static func recognises(_ object: [String: JSONValue]) -> Bool {
    object["name"]?.string != nil
      && (object["steps"]?.array?.contains { $0["instruction"] != nil } ?? false)
  }

  static func recipe(from object: [String: JSONValue]) -> ExportRecipe {
    var recipe = ExportRecipe()
    recipe.fields.name = ExportText.line(object["name"])
    let steps = object["steps"]?.array ?? []
    var lines: [RecipeStep] = []
    for step in steps {
      // A step's name titles it (`Dough`) when it has one of its own, and groups its
      // ingredients; a header among them (its text in `note`) starts a group of its own.
      let name = ExportText.line(step["name"])
      if let name { lines.append(RecipeStep(name, isTitle: true)) }
      lines += ExportText.steps(step["instruction"]?.string ?? "")
      var group = name ?? ""
      for ingredient in step["ingredients"]?.array ?? [] {
        if ingredient["is_header"]?.bool ?? false {
          group =
            ExportText.line(ingredient["note"])
            ?? ExportText.line(ingredient["food"]?["name"] ?? ingredient["food"]) ?? group
          continue
        }
        guard let food = ExportText.line(ingredient["food"]?["name"] ?? ingredient["food"])
        else { continue }
        var name = food
        if let note = ExportText.line(ingredient["note"]) { name += ", \(note)" }
        var quantity = ""
        if !(ingredient["no_amount"]?.bool ?? false) {
          quantity = ExportText.amount(ingredient["amount"]?.number ?? 0)
          if let unit = ExportText.line(ingredient["unit"]?["name"] ?? ingredient["unit"]) {
            quantity = quantity.isEmpty ? unit : "\(quantity) \(unit)"
          }
        }
        recipe.fields.supplies.append(
          IngredientMeasurement(name: name, quantity: quantity, group: group))
      }
    }
    recipe.fields.steps = lines
    recipe.fields.servings = object["servings"]?.int.flatMap { $0 > 0 ? $0 : nil }
    recipe.fields.prepTime = ExportText.minutes(object["working_time"])
    recipe.fields.cookTime = ExportText.minutes(object["waiting_time"])
    recipe.fields.tags = ExportText.names(object["keywords"])
    recipe.fields.url = ExportText.address(object["source_url"]?.string)
    recipe.notes = [object["description"]?.string].compactMap { $0 }
    recipe.photoPath = "image"
    return recipe
  }
}
