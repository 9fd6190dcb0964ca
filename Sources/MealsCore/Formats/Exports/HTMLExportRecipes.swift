/// The recipe managers that export one HTML file of recipes beside an `images/` folder: Copy
/// Me That (`<div class="recipe">`, parts named by id) and Recipe Keeper (`<div
/// class="recipe-details">`, parts named by `itemprop`).
enum HTMLExportRecipes {
  enum Layout: Sendable {
    case copyMeThat, recipeKeeper

    var exportName: String {
      switch self {
      case .copyMeThat: "a Copy Me That export"
      case .recipeKeeper: "a Recipe Keeper export"
      }
    }
  }

  /// Which export's page this is, if any (read cheaply from its markup's names).
  ///
  /// Strict, since recipe web pages use the same words (`class="recipe"`, schema.org's
  /// `recipeIngredient`): an export's page has its own attributes and no JSON-LD.
  static func layout(of html: String) -> Layout? {
    guard !html.contains("application/ld+json") else { return nil }
    if html.contains("class=\"recipe-details\"") && html.contains("itemprop=\"recipeIngredients\"")
    {
      return .recipeKeeper
    }
    if html.contains("class=\"recipe\"") && html.contains("id=\"name\"")
      && (html.contains("class=\"recipeIngredient\"") || html.contains("id=\"recipeIngredients\""))
    {
      return .copyMeThat
    }
    return nil
  }

  static func recipes(from html: String, layout: Layout) -> [ExportRecipe] {
    let page = HTMLDocument(html)
    let recipeClass = layout == .copyMeThat ? "recipe" : "recipe-details"
    let roots = page.elements(named: "div").filter { page.hasClass(recipeClass, $0) }
    return roots.map { root in
      layout == .copyMeThat ? copyMeThat(page, root) : recipeKeeper(page, root)
    }
  }

  // MARK: - Copy Me That

  private static func copyMeThat(_ page: HTMLDocument, _ root: Int) -> ExportRecipe {
    let elements = page.elements(under: root)
    func byID(_ id: String) -> Int? { elements.first { page.attribute("id", of: $0) == id } }
    func text(_ id: String) -> String? {
      byID(id).map { page.text(of: $0) }.flatMap { $0.isEmpty ? nil : $0 }
    }
    /// The list items of the list with `id` (`recipeIngredients`), else every item with the
    /// class `className` (`recipeIngredient`): the export has written both ways.
    func items(_ className: String, in id: String) -> [String] {
      let found: [Int]
      if let list = byID(id) {
        found = page.elements(named: "li", under: list)
      } else {
        found = elements.filter { page.nodes[$0].name == "li" && page.hasClass(className, $0) }
      }
      return found.map { page.text(of: $0) }.filter { !$0.isEmpty }
    }
    var recipe = ExportRecipe()
    recipe.fields.name = text("name")
    for text in items("recipeIngredient", in: "recipeIngredients") { recipe.addIngredients(text) }
    recipe.fields.steps = items("instruction", in: "recipeInstructions").flatMap(ExportText.steps)
    recipe.fields.servings = text("servings").flatMap(SchemaOrgRecipe.servings)
    recipe.fields.tags = elements.filter {
      page.nodes[$0].name == "span" && page.hasClass("recipeCategory", $0)
    }.map { page.text(of: $0) }.filter { !$0.isEmpty && !$0.contains("Tags:") }
    let link = byID("original_link").flatMap { page.attribute("href", of: $0) }
    recipe.fields.url = ExportText.address(link) ?? ExportText.address(text("original_link"))
    recipe.notes = items("recipeNote", in: "recipeNotes") + [text("description")].compactMap { $0 }
    recipe.rating = text("ratingValue").flatMap { ExportText.rating(.string($0)) }
    recipe.photoPath = elements.first {
      page.nodes[$0].name == "img" && page.hasClass("recipeImage", $0)
    }.flatMap { page.attribute("src", of: $0) }.map { "/" + $0 }
    return recipe
  }

  // MARK: - Recipe Keeper

  private static func recipeKeeper(_ page: HTMLDocument, _ root: Int) -> ExportRecipe {
    var properties: [String: [Int]] = [:]
    for element in page.elements(under: root) {
      if let name = page.attribute("itemprop", of: element) {
        properties[name, default: []].append(element)
      }
    }
    func value(_ name: String) -> String? {
      guard let element = properties[name]?.first else { return nil }
      let text =
        page.nodes[element].name == "meta"
        ? page.attribute("content", of: element) ?? "" : page.text(of: element)
      let trimmed = MealRules.trimmed(text)
      return trimmed.isEmpty ? nil : trimmed
    }
    func lines(_ name: String) -> [String] {
      properties[name]?.first.map { page.lines(of: $0) } ?? []
    }
    var recipe = ExportRecipe()
    recipe.fields.name = value("name")
    for text in lines("recipeIngredients") { recipe.addIngredients(text) }
    recipe.fields.steps = lines("recipeDirections").map(withoutNumber).flatMap(ExportText.steps)
    recipe.fields.servings = value("recipeYield").flatMap(SchemaOrgRecipe.servings)
    recipe.fields.prepTime = value("prepTime").flatMap { ExportText.minutes(.string($0)) }
    recipe.fields.cookTime = value("cookTime").flatMap { ExportText.minutes(.string($0)) }
    recipe.fields.category = (properties["recipeCategory"] ?? []).lazy.compactMap {
      page.attribute("content", of: $0) ?? page.text(of: $0)
    }.first { !$0.isEmpty }
    recipe.fields.tags = (properties["recipeCourse"] ?? []).map { page.text(of: $0) }.filter {
      !$0.isEmpty
    }
    let source = value("recipeSource")
    recipe.fields.url = ExportText.address(source)
    recipe.notes =
      lines("recipeNotes").isEmpty ? [] : [lines("recipeNotes").joined(separator: "\n")]
    if let source, recipe.fields.url == nil { recipe.notes.append("Source: \(source)") }
    recipe.rating = value("recipeRating").flatMap { ExportText.rating(.string($0)) }
    recipe.favourite = value("recipeIsFavourite")?.lowercased() == "true"
    recipe.photoPath = properties["photo0"]?.first.flatMap { page.attribute("src", of: $0) }
      .map { "/" + $0 }
    return recipe
  }

  /// A step less the number Recipe Keeper wrote before it (`2. Stir`).
  private static func withoutNumber(_ line: String) -> String {
    let digits = line.prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, line.dropFirst(digits.count).hasPrefix(". ") else { return line }
    return String(line.dropFirst(digits.count + 2))
  }
}
