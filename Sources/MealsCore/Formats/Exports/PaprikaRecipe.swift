/// Paprika's recipe (`.paprikarecipe`: gzip-compressed JSON; `.paprikarecipes` zips them):
/// `name`, `ingredients` and `directions` as text, times as text, `photo_data` in base64.
enum PaprikaRecipe {
  /// True for a Paprika recipe object: a name with directions or ingredients as text.
  static func recognises(_ object: [String: JSONValue]) -> Bool {
    object["name"]?.string != nil
      && (object["directions"]?.string != nil || object["ingredients"]?.string != nil)
      && object["title"] == nil
  }

  static func recipe(from object: [String: JSONValue]) -> ExportRecipe {
    var recipe = ExportRecipe()
    recipe.fields.name = ExportText.line(object["name"])
    recipe.addIngredients(object["ingredients"]?.string ?? "")
    recipe.fields.steps = ExportText.steps(object["directions"]?.string ?? "")
    recipe.takeYield(object["servings"])
    recipe.fields.totalTime = ExportText.minutes(object["total_time"])
    recipe.fields.prepTime = ExportText.minutes(object["prep_time"])
    recipe.fields.cookTime = ExportText.minutes(object["cook_time"])
    recipe.file(under: ExportText.names(object["categories"]))
    recipe.fields.url =
      ExportText.address(object["source_url"]?.string)
      ?? ExportText.address(object["source"]?.string)
    recipe.notes = [object["description"], object["notes"]].compactMap { $0?.string }
    if let source = ExportText.line(object["source"]), ExportText.address(source) == nil {
      recipe.notes.append("Source: \(source)")
    }
    recipe.rating = ExportText.rating(object["rating"])
    recipe.favourite = object["on_favorites"]?.bool ?? (object["on_favorites"]?.int == 1)
    recipe.difficulty = object["difficulty"]?.string
    recipe.photo =
      object["photo_data"]?.string.flatMap(MealPhoto.init(base64:))
      ?? object["photos"]?.array?.lazy.compactMap { $0["data"]?.string }
      .compactMap(MealPhoto.init(base64:)).first
    if recipe.photo == nil { recipe.fields.image = ExportText.address(object["image_url"]?.string) }
    recipe.origin = object["uid"]?.string.map { "paprika:\($0)" }
    return recipe
  }
}
