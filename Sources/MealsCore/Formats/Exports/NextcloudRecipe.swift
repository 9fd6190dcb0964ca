/// Nextcloud Cookbook's recipe (`<Name>/recipe.json`, a schema.org Recipe, beside `full.jpg`):
/// read as a web page's, with its own id for importing it again.
enum NextcloudRecipe {
  static func recipe(from object: [String: JSONValue]) -> ExportRecipe {
    var recipe = ExportRecipe()
    recipe.fields = SchemaOrgRecipe.fields(from: object)
    // Its `image` is an address on the person's own Nextcloud, behind its login: the photo
    // beside the file is the one to keep.
    recipe.fields.image = nil
    recipe.notes = [object["description"]?.string].compactMap { $0 }
    if let id = SchemaOrgRecipe.text(object["id"]) { recipe.origin = "nextcloud:\(id)" }
    recipe.photoPath = "full.jpg"
    return recipe
  }
}
