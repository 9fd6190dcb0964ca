import Foundation

/// Which format a file to import is in, and its recipes.
public enum RecipeImport {
  /// The recipes in a file's bytes; an error names what is wrong with the whole file.
  ///
  /// The name's extension decides when it is one of ours (`.cook`, `.md`, `.html`); else the
  /// content: JSON (ours, or schema.org), an HTML page, Markdown with a `# ` title, Cooklang.
  public static func candidates(from data: Data, fileName: String) throws(FormatError)
    -> [ImportCandidate]
  {
    guard data.count <= JSONReading.maximumBytes else {
      throw FormatError(
        "it is \(data.count / 1_048_576) MB; a recipe file is at most \(JSONReading.maximumBytes / 1_048_576) MB."
      )
    }
    guard var text = String(validating: data, as: UTF8.self) else {
      throw FormatError("it is not UTF-8 text.")
    }
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    let lowerName = fileName.lowercased()
    let start = text.drop { $0.isWhitespace }
    let found: [ImportCandidate]
    if lowerName.hasSuffix(".cook") {
      found = [Cooklang.meal(from: text, fileName: fileName)]
    } else if lowerName.hasSuffix(".md") || lowerName.hasSuffix(".markdown") {
      found = MealMarkdown.meals(from: text)
    } else if lowerName.hasSuffix(".html") || lowerName.hasSuffix(".htm") || start.hasPrefix("<") {
      found = try fromHTML(text)
    } else if start.hasPrefix("{") || start.hasPrefix("[") {
      found = try fromJSON(Data(text.utf8))
    } else if start.hasPrefix("# ") {
      found = MealMarkdown.meals(from: text)
    } else if text.contains(">>") || text.contains("@") {
      found = [Cooklang.meal(from: text, fileName: fileName)]
    } else {
      throw FormatError(
        "not a format meals reads (its JSON, schema.org JSON-LD or a web page holding it, Markdown with a # title, Cooklang)."
      )
    }
    guard !found.isEmpty else { throw FormatError("it holds no recipe.") }
    return found
  }

  private static func fromJSON(_ data: Data) throws(FormatError) -> [ImportCandidate] {
    let value = try JSONReading.parse(data, what: "it")
    if MealJSON.recognises(value) { return try MealJSON.meals(from: value) }
    let recipes = SchemaOrgRecipe.meals(from: value)
    guard !recipes.isEmpty else {
      throw FormatError("its JSON is neither meals' format nor a schema.org Recipe.")
    }
    return recipes
  }

  private static func fromHTML(_ html: String) throws(FormatError) -> [ImportCandidate] {
    let blocks = SchemaOrgRecipe.jsonLDBlocks(inHTML: html)
    guard !blocks.isEmpty else {
      throw FormatError("the page has no schema.org data (<script type=\"application/ld+json\">).")
    }
    var found: [ImportCandidate] = []
    var problems: [String] = []
    for block in blocks {
      do {
        found += SchemaOrgRecipe.meals(
          from: try JSONReading.parse(Data(block.utf8), what: "a JSON-LD block"))
      } catch {
        problems.append(error.message)
      }
    }
    guard !found.isEmpty else {
      throw FormatError(
        "the page has no schema.org Recipe" + (problems.isEmpty ? "." : " (\(problems[0]))"))
    }
    return found
  }
}
