/// Nextcloud Cookbook's recipe (`<Name>/recipe.json`, a schema.org Recipe, beside `full.jpg`):
/// read as a web page's, with its own id for importing it again.
enum NextcloudRecipe {
  static func recipe(from object: [String: JSONValue]) -> ExportRecipe {
    var recipe = ExportRecipe()
    recipe.fields = SchemaOrgRecipe.fields(from: object)
    // Its `image` is the picture's address on the web it came from, kept as the meal's
    // picture address (fetched when shown, as TheMealDB's are) beside any `full.jpg`; one on
    // the person's own Nextcloud (`…/apps/cookbook/…`) is behind its login, so not kept.
    if let image = recipe.fields.image, image.contains("/apps/cookbook/") || image.hasPrefix("/") {
      recipe.fields.image = nil
    }
    recipe.notes = [object["description"]?.string].compactMap { $0 }
    if let id = SchemaOrgRecipe.text(object["id"]) { recipe.origin = "nextcloud:\(id)" }
    recipe.photoPath = "full.jpg"
    return recipe
  }
}
