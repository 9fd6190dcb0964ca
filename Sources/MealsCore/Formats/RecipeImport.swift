import FoundationEssentials
import Translation

/// Which format a file to import is in, and its recipes.
public enum RecipeImport {
  /// The recipes in a file's (or a fetched page's) bytes; an error names what is wrong with
  /// the whole of it.
  ///
  /// The name's extension decides when it is one of ours (`.cook`, `.md`, `.html`); else the
  /// content: JSON (ours, or schema.org), an HTML page, Markdown with a `# ` title, Cooklang.
  /// A page (by its type, its name or its first bytes) is read in its own character set, from
  /// `address` when it came from the web.
  public static func candidates(
    from data: Data, fileName: String, contentType: String? = nil, address: String? = nil
  ) throws(FormatError) -> [ImportCandidate] {
    guard data.count <= JSONReading.maximumBytes else {
      throw FormatError(
        tr("it is %1$s MB; a recipe file is at most %2$s MB.").filled(
          String(data.count / 1_048_576), String(JSONReading.maximumBytes / 1_048_576))
      )
    }
    guard !data.isEmpty else { throw FormatError(tr("it is empty (0 bytes).")) }
    let type = contentType?.lowercased() ?? ""
    let lowerName = fileName.lowercased()
    if type.contains("html") || lowerName.hasSuffix(".html") || lowerName.hasSuffix(".htm")
      || looksLikeHTML(data)
    {
      return try fromPage(
        PageText.decode([UInt8](data), contentType: contentType), address: address)
    }
    guard var text = String(validating: data, as: UTF8.self) else {
      throw FormatError(tr("it is not UTF-8 text."))
    }
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    let start = text.drop { $0.isWhitespace }
    let found: [ImportCandidate]
    if lowerName.hasSuffix(".cook") {
      found = [Cooklang.meal(from: text, fileName: fileName)]
    } else if lowerName.hasSuffix(".md") || lowerName.hasSuffix(".markdown") {
      found = MealMarkdown.meals(from: text)
    } else if start.hasPrefix("{") || start.hasPrefix("[") {
      found = try fromJSON(Data(text.utf8))
    } else if start.hasPrefix("# ") {
      found = MealMarkdown.meals(from: text)
    } else if text.contains(">>") || text.contains("@") {
      found = [Cooklang.meal(from: text, fileName: fileName)]
    } else {
      throw FormatError(
        tr(
          "not a format meals reads (its JSON, schema.org JSON-LD or a web page holding it, Markdown with a # title, Cooklang)."
        )
      )
    }
    guard !found.isEmpty else { throw FormatError(tr("it holds no recipe.")) }
    return found
  }

  private static func fromJSON(_ data: Data) throws(FormatError) -> [ImportCandidate] {
    let value = try JSONReading.parse(data, what: "it")
    if MealJSON.recognises(value) { return try MealJSON.meals(from: value) }
    let recipes = SchemaOrgRecipe.meals(from: value)
    guard !recipes.isEmpty else {
      throw FormatError(tr("its JSON is neither meals' format nor a schema.org Recipe."))
    }
    return recipes
  }

  /// Whether bytes start like a web page (`<!DOCTYPE`, `<html`, a comment or any tag), after
  /// a byte-order mark and white space.
  static func looksLikeHTML(_ data: Data) -> Bool {
    var bytes = data.prefix(1024)[...]
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { bytes = bytes.dropFirst(3) }
    return bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) } == UInt8(ascii: "<")
  }

  /// The recipes a page holds (RecipePage: every kind of markup); none is an error that says
  /// what the page is.
  private static func fromPage(_ html: String, address: String?) throws(FormatError)
    -> [ImportCandidate]
  {
    let reading = RecipePage.read(html: html, address: address)
    guard !reading.candidates.isEmpty else {
      throw FormatError(
        tr("it is not a recipe page (%s): no recipe found in it.").filled(reading.description))
    }
    return reading.candidates
  }
}
