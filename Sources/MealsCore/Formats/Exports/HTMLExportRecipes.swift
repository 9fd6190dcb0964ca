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
    let bytes = Array(html.utf8)
    if has(bytes, "class", "recipe-details") && has(bytes, "itemprop", "recipeIngredients") {
      return .recipeKeeper
    }
    // Copy Me That writes `class = "recipe"`, spaces around the `=`, and says its version.
    if html.contains("copymethat_class_id_version")
      || has(bytes, "class", "recipe") && has(bytes, "id", "name")
        && (has(bytes, "class", "recipeIngredient") || has(bytes, "id", "recipeIngredients"))
    {
      return .copyMeThat
    }
    return nil
  }

  /// Whether the markup has `name="value"` (spaces around the `=` allowed, either quote).
  static func has(_ bytes: [UInt8], _ name: String, _ value: String) -> Bool {
    let name = Array(name.utf8)
    let value = Array(value.utf8)
    var start = 0
    while let found = find(name, in: bytes, from: start) {
      start = found + 1
      // A whole attribute name: after a space, then `=` after spaces.
      guard found > 0,
        bytes[found - 1] == 0x20 || bytes[found - 1] == 0x0A || bytes[found - 1] == 0x09
      else { continue }
      var index = found + name.count
      while index < bytes.count, bytes[index] == 0x20 { index += 1 }
      guard index < bytes.count, bytes[index] == UInt8(ascii: "=") else { continue }
      index += 1
      while index < bytes.count, bytes[index] == 0x20 { index += 1 }
      guard index < bytes.count, bytes[index] == 0x22 || bytes[index] == 0x27 else { continue }
      let quote = bytes[index]
      let end = index + 1 + value.count
      if end < bytes.count, Array(bytes[(index + 1)..<end]) == value, bytes[end] == quote {
        return true
      }
    }
    return false
  }

  private static func find(_ needle: [UInt8], in bytes: [UInt8], from start: Int) -> Int? {
    guard !needle.isEmpty, bytes.count >= needle.count, start <= bytes.count - needle.count
    else { return nil }
    for index in start...(bytes.count - needle.count) where bytes[index] == needle[0] {
      if bytes[index..<(index + needle.count)].elementsEqual(needle) { return index }
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
    func listItems(_ className: String, in id: String) -> [Int] {
      if let list = byID(id) { return page.elements(named: "li", under: list) }
      return elements.filter { page.nodes[$0].name == "li" && page.hasClass(className, $0) }
    }
    func items(_ className: String, in id: String) -> [String] {
      listItems(className, in: id).map { page.text(of: $0) }.filter { !$0.isEmpty }
    }
    /// What an item of a list is, by the classes Copy Me That gives them.
    func kind(_ item: Int, _ base: String) -> String {
      if page.hasClass(base + "_subheader", item) { return "heading" }
      if page.hasClass(base + "_spacer", item) { return "spacer" }
      if page.hasClass(base + "_note", item) { return "note" }
      return "item"
    }
    var recipe = ExportRecipe()
    recipe.fields.name = text("name")
    for item in listItems("recipeIngredient", in: "recipeIngredients") {
      let line = page.text(of: item)
      guard !line.isEmpty else { continue }
      switch kind(item, "recipeIngredient") {
      case "heading": recipe.fields.startGroup(line)
      case "spacer": continue
      case "note": recipe.notes.append(line)
      default: recipe.addIngredients(line)
      }
    }
    for item in listItems("instruction", in: "recipeInstructions") {
      let line = page.text(of: item)
      guard !line.isEmpty else { continue }
      if kind(item, "instruction") == "heading" {
        recipe.fields.steps.append(RecipeStep(line, isTitle: true))
      } else {
        recipe.fields.steps += ExportText.steps(line)
      }
    }
    recipe.fields.servings = (text("recipeYield") ?? text("servings")).flatMap(
      SchemaOrgRecipe.servings)
    recipe.favourite = text("starred") != nil
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
