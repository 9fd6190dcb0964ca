/// Mela's recipe (`.melarecipe` JSON; `.melarecipes` zips them): `title`, `ingredients` and
/// `instructions` as text with `#` group titles, `yield`, times as text, `images` in base64.
enum MelaRecipe {
  /// True for a Mela recipe object: a title with instructions or ingredients as text.
  static func recognises(_ object: [String: JSONValue]) -> Bool {
    object["title"]?.string != nil
      && (object["instructions"]?.string != nil || object["ingredients"]?.string != nil)
  }

  static func recipe(from object: [String: JSONValue]) -> ExportRecipe {
    var recipe = ExportRecipe()
    recipe.fields.name = ExportText.line(object["title"])
    recipe.addIngredients(object["ingredients"]?.string ?? "")
    recipe.fields.steps = ExportText.steps(object["instructions"]?.string ?? "")
    recipe.takeYield(object["yield"])
    recipe.fields.totalTime = ExportText.minutes(object["totalTime"])
    recipe.fields.prepTime = ExportText.minutes(object["prepTime"])
    recipe.fields.cookTime = ExportText.minutes(object["cookTime"])
    recipe.file(under: ExportText.names(object["categories"]))
    recipe.fields.url = ExportText.address(object["link"]?.string)
    recipe.notes = [object["text"], object["notes"]].compactMap { $0?.string }
    if let link = ExportText.line(object["link"]), recipe.fields.url == nil {
      recipe.notes.append("Source: \(link)")
    }
    recipe.favourite = object["favorite"]?.bool ?? false
    recipe.photo =
      object["images"]?.array?.lazy.compactMap { $0.string }
      .compactMap(MealPhoto.init(base64:)).first
    recipe.origin = object["id"]?.string.map { "mela:\($0)" }
    return recipe
  }
}
