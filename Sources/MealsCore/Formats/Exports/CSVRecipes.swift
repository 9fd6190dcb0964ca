/// Recipes in a CSV file, a row each, as Plan to Eat and My Recipe Box export them: known by
/// their header row.
enum CSVRecipes {
  enum Layout: Sendable {
    case planToEat, myRecipeBox

    var exportName: String {
      switch self {
      case .planToEat: "a Plan to Eat export"
      case .myRecipeBox: "a My Recipe Box export"
      }
    }
  }

  /// Which export's header the first row is, if any.
  static func layout(ofHeader header: [String]) -> Layout? {
    let names = Set(header.map { $0.lowercased() })
    if names.isSuperset(of: ["title", "ingredients", "directions"]) { return .planToEat }
    if names.isSuperset(of: ["title", "ingredients", "instructions"]) { return .myRecipeBox }
    return nil
  }

  /// The recipes of a CSV text; the header must be one of the layouts.
  static func recipes(from text: String) throws(FormatError) -> (Layout, [ExportRecipe]) {
    let rows = CSVText.rows(text)
    guard let header = rows.first?.map(MealRules.trimmed), let layout = layout(ofHeader: header)
    else {
      throw FormatError(
        "its columns are not a recipe export's (a Plan to Eat or My Recipe Box CSV has Title, Ingredients and Directions or Instructions)."
      )
    }
    let columns = Dictionary(
      header.enumerated().map { ($1.lowercased(), $0) }, uniquingKeysWith: { first, _ in first })
    let recipes = rows.dropFirst().filter { !$0.allSatisfy(MealRules.isBlank) }.map { row in
      func cell(_ name: String) -> String? {
        guard let index = columns[name], index < row.count else { return nil }
        let value = MealRules.trimmed(row[index])
        return value.isEmpty ? nil : value
      }
      return layout == .planToEat ? planToEat(cell) : myRecipeBox(cell)
    }
    return (layout, recipes)
  }

  private static func planToEat(_ cell: (String) -> String?) -> ExportRecipe {
    var recipe = ExportRecipe()
    recipe.fields.name = cell("title").map(SchemaOrgRecipe.line)
    // Plan to Eat writes a heading among the ingredients as a line starting `, `.
    let lines = (cell("ingredients") ?? "").split(separator: "\n", omittingEmptySubsequences: false)
      .map { $0.hasPrefix(", ") ? "# " + $0.dropFirst(2) : String($0) }
    recipe.addIngredients(lines.joined(separator: "\n"))
    recipe.fields.steps = ExportText.steps(cell("directions") ?? "")
    recipe.fields.servings = cell("servings").flatMap(SchemaOrgRecipe.servings)
    recipe.fields.prepTime = ExportText.minutes(cell("prep time").map(JSONValue.string))
    recipe.fields.cookTime = ExportText.minutes(cell("cook time").map(JSONValue.string))
    recipe.fields.totalTime = ExportText.minutes(cell("total time").map(JSONValue.string))
    recipe.fields.category = cell("course")
    recipe.fields.cuisine = cell("cuisine")
    recipe.fields.tags = ExportText.names(cell("tags").map(JSONValue.string))
    recipe.fields.url = ExportText.address(cell("url"))
    recipe.fields.image = ExportText.address(cell("photo url"))
    recipe.notes = [cell("description"), cell("notes")].compactMap { $0 }
    if let source = cell("source") { recipe.notes.append("Source: \(source)") }
    recipe.rating = ExportText.rating(cell("rating").map(JSONValue.string))
    return recipe
  }

  private static func myRecipeBox(_ cell: (String) -> String?) -> ExportRecipe {
    var recipe = ExportRecipe()
    recipe.fields.name = cell("title").map(SchemaOrgRecipe.line)
    recipe.addIngredients(cell("ingredients") ?? "")
    recipe.fields.steps = ExportText.steps(cell("instructions") ?? "")
    recipe.fields.servings = cell("quantity").flatMap(SchemaOrgRecipe.servings)
    recipe.fields.prepTime = ExportText.minutes(cell("preparationtime").map(JSONValue.string))
    recipe.fields.cookTime = ExportText.minutes(cell("cookingtime").map(JSONValue.string))
    recipe.fields.totalTime = ExportText.minutes(cell("totaltime").map(JSONValue.string))
    recipe.file(
      under: ExportText.list(cell("categories") ?? "", separator: ";"),
      tags: ExportText.list(cell("tags") ?? "", separator: ";"))
    // A recipe with no source of its own is written one cell along: its page's address under
    // `originalPicture`, its picture under the last column, which has no name.
    let shifted = cell("source") == nil && ExportText.address(cell("")) != nil
    let source = shifted ? cell("originalpicture") : cell("source")
    let picture = shifted ? cell("") : cell("originalpicture")
    recipe.fields.url = ExportText.address(source) ?? ExportText.address(cell("video"))
    recipe.fields.image = ExportText.address(picture)
    recipe.notes = [cell("description"), cell("notes")].compactMap { $0 }
    if let video = ExportText.address(cell("video")), recipe.fields.url != video {
      recipe.notes.append("Video: \(video)")
    }
    recipe.favourite = ["1", "true", "yes"].contains(cell("favorite")?.lowercased() ?? "")
    return recipe
  }
}

/// CSV as spreadsheets write it (RFC 4180): commas, quotes doubled inside quoted cells, line
/// breaks inside them, CRLF or LF; a semicolon-separated file when its header has no comma.
enum CSVText {
  static func rows(_ text: String) -> [[String]] {
    let firstLine = text.prefix { $0 != "\n" && $0 != "\r\n" }
    let separator: Character =
      !firstLine.contains(",") && firstLine.contains(";") ? ";" : ","
    var rows: [[String]] = []
    var row: [String] = []
    var cell = ""
    var quoted = false
    var iterator = text.makeIterator()
    var pending: Character? = nil
    while let character = pending ?? iterator.next() {
      pending = nil
      if quoted {
        if character == "\"" {
          if let next = iterator.next() {
            if next == "\"" {
              cell.append("\"")
            } else {
              quoted = false
              pending = next
            }
          } else {
            quoted = false
          }
        } else {
          cell.append(character)
        }
        continue
      }
      switch character {
      case "\"" where cell.isEmpty: quoted = true
      case separator:
        row.append(cell)
        cell = ""
      case "\n", "\r\n", "\r":
        row.append(cell)
        rows.append(row)
        row = []
        cell = ""
      default: cell.append(character)
      }
    }
    if !cell.isEmpty || !row.isEmpty {
      row.append(cell)
      rows.append(row)
    }
    return rows
  }
}

extension CSVText {
  /// The first row's cells (a CSV's header), read without the rest.
  static func header(_ text: String) -> [String] {
    let end = text.firstIndex { $0 == "\n" || $0 == "\r\n" || $0 == "\r" } ?? text.endIndex
    return (rows(String(text[..<end])).first ?? []).map(MealRules.trimmed)
  }
}
