/// Recipes marked up in a page's elements rather than in a script: microdata
/// (`itemscope itemtype="https://schema.org/Recipe"`, `itemprop=…`) and RDFa
/// (`typeof="Recipe"`, `property=…`), read into the same shape as JSON-LD so one mapping
/// serves them all.
enum PageProperties {
  /// The two vocabularies' attribute names.
  struct Markup {
    var scope: String
    var type: String
    var property: String

    static let microdata = Markup(scope: "itemscope", type: "itemtype", property: "itemprop")
    static let rdfa = Markup(scope: "typeof", type: "typeof", property: "property")
  }

  /// Every item typed Recipe, read as the vocabulary's JSON-LD object is.
  static func recipes(in page: HTMLDocument, markup: Markup) -> [RecipeFields] {
    page.elements().filter { isRecipe(page, $0, markup) }
      .map { SchemaOrgRecipe.fields(from: item(page, $0, markup)) }
  }

  private static func isRecipe(_ page: HTMLDocument, _ node: Int, _ markup: Markup) -> Bool {
    guard page.attribute(markup.scope, of: node) != nil,
      let type = page.attribute(markup.type, of: node)
    else { return false }
    return type.split(whereSeparator: \.isWhitespace).contains {
      SchemaOrgRecipe.canonicalType(String($0)) == "Recipe"
    }
  }

  /// The item's properties: each element under it with a property name (not reaching into a
  /// nested item, whose own properties are its value).
  private static func item(_ page: HTMLDocument, _ node: Int, _ markup: Markup, depth: Int = 0)
    -> [String: JSONValue]
  {
    var object: [String: JSONValue] = [:]
    if let type = page.attribute(markup.type, of: node) {
      object["@type"] = .string(String(type.split(separator: "/").last ?? Substring(type)))
    }
    guard depth < 6 else { return object }
    var stack = Array(page.nodes[node].children.reversed())
    while let next = stack.popLast() {
      guard !page.nodes[next].isText else { continue }
      let nested = page.attribute(markup.scope, of: next) != nil
      if let names = page.attribute(markup.property, of: next) {
        for name in names.split(whereSeparator: \.isWhitespace) {
          // `schema:recipeIngredient` and `https://schema.org/recipeIngredient` alike.
          let key = String(name.split(whereSeparator: { $0 == ":" || $0 == "/" }).last ?? name)
          let value: JSONValue =
            nested
            ? .object(item(page, next, markup, depth: depth + 1))
            : self.value(page, next, list: listProperties.contains(key))
          if let existing = object[key] {
            object[key] = .array(existing.elements + [value])
          } else {
            object[key] = value
          }
        }
      }
      if !nested { stack.append(contentsOf: page.nodes[next].children.reversed()) }
    }
    return object
  }

  /// Properties whose one element may hold several entries, a line each.
  static let listProperties: Set<String> = [
    "recipeInstructions", "recipeIngredient", "ingredients",
  ]

  /// A property's value as microdata and RDFa define it: `content`, a link's or a picture's
  /// address, a time's `datetime`, else the element's text (for a `list` property, its lines:
  /// steps written in one element).
  private static func value(_ page: HTMLDocument, _ node: Int, list: Bool) -> JSONValue {
    if let content = page.attribute("content", of: node) { return .string(content) }
    switch page.nodes[node].name {
    case "a", "link": return .string(page.attribute("href", of: node) ?? "")
    case "img", "source", "video", "audio":
      return .string(page.attribute("src", of: node) ?? page.attribute("data-src", of: node) ?? "")
    case "time": return .string(page.attribute("datetime", of: node) ?? page.text(of: node))
    case "meta": return .string(page.attribute("content", of: node) ?? "")
    default:
      let lines = list ? page.lines(of: node) : []
      return lines.count > 1 ? .array(lines.map(JSONValue.string)) : .string(page.text(of: node))
    }
  }
}
