/// Chowdown's recipe (a Jekyll site's `_recipes/NAME.md`): YAML front matter with `title`,
/// `image`, `tags`, `ingredients` and `directions` as lists, the body a note in Markdown.
enum ChowdownRecipe {
  /// True for a Markdown file whose front matter holds ingredients or directions.
  static func recognises(_ text: String) -> Bool {
    guard text.hasPrefix("---") else { return false }
    let (keys, _) = FrontMatter.read(text)
    return keys["title"] != nil && (keys["ingredients"] != nil || keys["directions"] != nil)
  }

  static func recipe(from text: String) -> ExportRecipe {
    let (keys, body) = FrontMatter.read(text)
    var recipe = ExportRecipe()
    recipe.fields.name = keys["title"]?.first.map(SchemaOrgRecipe.line)
    for text in keys["ingredients"] ?? [] { recipe.addIngredients(text) }
    recipe.fields.steps = (keys["directions"] ?? []).flatMap(ExportText.steps)
    recipe.fields.servings = keys["yield"]?.first.flatMap(SchemaOrgRecipe.servings)
    recipe.fields.prepTime = keys["prep"]?.first.flatMap { ExportText.minutes(.string($0)) }
    recipe.fields.cookTime = keys["cook"]?.first.flatMap { ExportText.minutes(.string($0)) }
    recipe.fields.tags = (keys["tags"] ?? []).flatMap { ExportText.list($0) }
    let note = MealRules.trimmed(String(body))
    if !note.isEmpty { recipe.notes = [note] }
    if let image = keys["image"]?.first, !image.isEmpty {
      if let address = ExportText.address(image) {
        recipe.fields.image = address
      } else {
        recipe.photoPath = "/images/" + image
      }
    }
    return recipe
  }
}

/// YAML front matter as a Jekyll recipe writes it: `key: value` and `key:` over `- item` lines,
/// each key's values as a list (quotes taken off); anything else passed over.
enum FrontMatter {
  static func read(_ text: String) -> (keys: [String: [String]], body: Substring) {
    let lines = text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline)
    guard lines.first.map({ MealRules.trimmed(String($0)) }) == "---" else {
      return ([:], text[...])
    }
    guard let end = lines.dropFirst().firstIndex(where: { MealRules.trimmed(String($0)) == "---" })
    else { return ([:], text[...]) }
    var keys: [String: [String]] = [:]
    var current: String?
    for line in lines[1..<end] {
      let trimmed = MealRules.trimmed(String(line))
      if trimmed.hasPrefix("- ") || trimmed == "-", let key = current {
        keys[key, default: []].append(unquoted(MealRules.trimmed(String(trimmed.dropFirst()))))
        continue
      }
      guard !(line.first?.isWhitespace ?? true), let colon = line.firstIndex(of: ":") else {
        continue
      }
      let key = MealRules.trimmed(String(line[..<colon])).lowercased()
      let value = MealRules.trimmed(String(line[line.index(after: colon)...]))
      current = key
      if value.hasPrefix("[") && value.hasSuffix("]") {
        keys[key] = value.dropFirst().dropLast().split(separator: ",").map {
          unquoted(MealRules.trimmed(String($0)))
        }
      } else {
        keys[key] = value.isEmpty ? [] : [unquoted(value)]
      }
    }
    let body = end + 1 < lines.count ? text[lines[end + 1].startIndex...] : ""[...]
    return (keys, body)
  }

  private static func unquoted(_ value: String) -> String {
    if value.count >= 2, let first = value.first, first == value.last, first == "\"" || first == "'"
    {
      return String(value.dropFirst().dropLast())
    }
    return value
  }
}
