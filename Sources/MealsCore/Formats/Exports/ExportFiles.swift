import FoundationEssentials

/// One file of an export read: which export it belongs to and its recipes.
public struct ExportFileReading: Sendable {
  public var format: ExportFormat
  public var candidates: [ImportCandidate]
}

/// Reading the files an export is made of, whatever they are named: a recipe's JSON, a
/// Markdown page, a CSV, an HTML page of recipes, a Meal-Master text.
public enum ExportFiles {
  /// Files above this are not a recipe's (Mealie's whole database is the largest).
  public static let maximumBytes = 48 * 1_048_576

  /// The recipes of one file of an export (its bytes as stored, gzip already undone); nil when
  /// it is no export's recipe file (a photo, a readme, a recipe format of meals' own).
  public static func read(path: String, bytes: [UInt8]) throws(FormatError) -> ExportFileReading? {
    guard bytes.count <= maximumBytes else {
      throw FormatError("it is \(bytes.count / 1_048_576) MB: too big for a recipe file.")
    }
    var body = bytes[...]
    if body.starts(with: [0xEF, 0xBB, 0xBF]) { body = body.dropFirst(3) }
    guard let first = body.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) else {
      return nil
    }
    if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
      return try json(Array(body), path: path)
    }
    if MealPhoto.type(of: body) != nil { return nil }
    let text = PageText.decode(Array(body))
    let lowerPath = path.lowercased()
    if first == UInt8(ascii: "<") {
      guard let layout = HTMLExportRecipes.layout(of: text) else { return nil }
      let format: ExportFormat = layout == .copyMeThat ? .copyMeThat : .recipeKeeper
      return reading(format, HTMLExportRecipes.recipes(from: text, layout: layout))
    }
    if MealMaster.recognises(text) { return reading(.mealMaster, MealMaster.recipes(from: text)) }
    if ChowdownRecipe.recognises(text) {
      return reading(.chowdown, [ChowdownRecipe.recipe(from: text)])
    }
    if lowerPath.hasSuffix(".csv") || CSVRecipes.layout(ofHeader: CSVText.header(text)) != nil {
      guard CSVRecipes.layout(ofHeader: CSVText.header(text)) != nil else {
        throw FormatError(
          "its columns are not a recipe export's (a Plan to Eat or My Recipe Box CSV has Title, Ingredients and Directions or Instructions)."
        )
      }
      let (layout, recipes) = try CSVRecipes.recipes(from: text)
      return reading(layout == .planToEat ? .planToEat : .myRecipeBox, recipes)
    }
    return nil
  }

  /// A JSON file: one of the exports' recipe objects, or Mealie's database.
  private static func json(_ bytes: [UInt8], path: String) throws(FormatError) -> ExportFileReading?
  {
    let value: JSONValue
    do {
      value = try JSONParser.parse(bytes)
    } catch {
      throw FormatError("its JSON is broken (\(error.message)).")
    }
    guard let object = value.object else { return nil }
    let name = path.split(separator: "/").last?.lowercased() ?? ""
    // schema.org JSON-LD (a page's, or a file of it) is the recipe reader's, not an export's;
    // Nextcloud Cookbook's own `recipe.json` is one.
    if object["@type"] != nil || object["@context"] != nil {
      guard name == "recipe.json", SchemaOrgRecipe.recognises(value) else { return nil }
      return reading(.nextcloud, [NextcloudRecipe.recipe(from: object)])
    }
    if MealieRecipe.recognisesDatabase(object) {
      return reading(.mealie, MealieRecipe.recipes(fromDatabase: object))
    }
    if CroutonRecipe.recognises(object) {
      return reading(.crouton, [CroutonRecipe.recipe(from: object)])
    }
    if TandoorRecipe.recognises(object) {
      return reading(.tandoor, [TandoorRecipe.recipe(from: object)])
    }
    if MealieRecipe.recognises(object) {
      return reading(.mealie, [MealieRecipe.recipe(from: object)])
    }
    if PaprikaRecipe.recognises(object) {
      return reading(.paprika, [PaprikaRecipe.recipe(from: object)])
    }
    if MelaRecipe.recognises(object) { return reading(.mela, [MelaRecipe.recipe(from: object)]) }
    return nil
  }

  /// A recipe file of meals' own formats inside a folder or an archive (by its extension), its
  /// photo the file beside it with the same name; nil for any other file.
  public static func ownRecipes(path: String, bytes: [UInt8]) -> ExportFileReading? {
    let name = PathText.name(path)
    guard let kind = PathText.fileExtension(name), let dot = name.lastIndex(of: "."),
      ["cook", "md", "markdown", "json", "jsonld"].contains(kind),
      var candidates = try? RecipeImport.candidates(from: Data(bytes), fileName: name)
    else { return nil }
    // Markdown in a folder is a recipe only with an ingredient list (a README is none).
    if kind == "md" || kind == "markdown" {
      candidates = candidates.filter { !($0.meal?.ingredients.isEmpty ?? true) }
      guard !candidates.isEmpty else { return nil }
    }
    if candidates.count == 1 { candidates[0].photoPath = String(name[..<dot]) }
    return ExportFileReading(format: .recipeFiles, candidates: candidates)
  }

  private static func reading(_ format: ExportFormat, _ recipes: [ExportRecipe])
    -> ExportFileReading
  {
    ExportFileReading(
      format: format, candidates: recipes.enumerated().map { $1.candidate(index: $0) })
  }
}
