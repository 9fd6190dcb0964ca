import Foundation

/// schema.org `Recipe` in JSON-LD, the way recipe sites publish recipes.
///
/// Written: the standard properties, plus `supply` (HowToSupply, from HowTo, which Recipe
/// extends) so that each ingredient's name and quantity come back apart. The user's own
/// notes (favourite, rating, difficulty) have no schema.org property and are not written.
public enum SchemaOrgRecipe {
  // MARK: - Writing

  public static func object(_ meal: Meal) -> JSONText {
    let steps = meal.instructions.split(separator: "\n").map { MealRules.trimmed(String($0)) }
      .filter { !$0.isEmpty }
    return .compactObject([
      ("@context", .string("https://schema.org")),
      ("@type", .string("Recipe")),
      ("name", .string(meal.name)),
      ("identifier", meal.mealDBID.map { .string("themealdb:\($0)") } ?? .null),
      ("recipeCategory", .optional(meal.category)),
      ("recipeCuisine", .optional(meal.area)),
      ("keywords", meal.tags.isEmpty ? .null : .string(meal.tags.joined(separator: ", "))),
      ("image", .optional(meal.thumbnailURL)),
      ("url", .optional(meal.sourceURL)),
      (
        "video",
        meal.videoURL.map {
          .object([
            ("@type", .string("VideoObject")), ("name", .string(meal.name)),
            ("contentUrl", .string($0)),
          ])
        } ?? .null
      ),
      ("recipeYield", meal.servings.map { .string("\($0)") } ?? .null),
      ("totalTime", meal.totalMinutes.map { .string(isoDuration(minutes: $0)) } ?? .null),
      ("recipeIngredient", .array(meal.ingredients.map { .string(IngredientLine.joined($0)) })),
      (
        "supply",
        .array(
          meal.ingredients.map {
            .object([
              ("@type", .string("HowToSupply")), ("name", .string($0.name)),
              ("requiredQuantity", .string($0.quantity)),
            ])
          })
      ),
      (
        "recipeInstructions",
        .array(steps.map { .object([("@type", .string("HowToStep")), ("text", .string($0))]) })
      ),
    ])
  }

  /// One meal as an object, several as an array of them.
  public static func document(_ meals: [Meal]) -> String {
    (meals.count == 1 ? object(meals[0]) : .array(meals.map(object))).serialized() + "\n"
  }

  /// `PT1H30M`.
  static func isoDuration(minutes: Int) -> String {
    let hours = minutes / 60
    let rest = minutes % 60
    return "PT" + (hours > 0 ? "\(hours)H" : "") + (rest > 0 || hours == 0 ? "\(rest)M" : "")
  }

  // MARK: - Reading

  /// True when the value holds a schema.org Recipe anywhere.
  public static func recognises(_ value: Any) -> Bool {
    !recipes(in: value).isEmpty
  }

  /// Every Recipe in a parsed JSON-LD value: the top object, an array, `@graph`, or nested.
  public static func meals(from value: Any) -> [ImportCandidate] {
    recipes(in: value).enumerated().map { index, recipe in
      let name = text(recipe["name"]).map(HTMLText.plain)
      let place = name.map { "recipe “\($0)”" } ?? "recipe \(index + 1)"
      guard let name, !MealRules.isBlank(name) else {
        return ImportCandidate(place: place, problem: "a Recipe without a name")
      }
      return ImportCandidate(place: place, meal: meal(from: recipe, name: name))
    }
  }

  /// The JSON-LD blocks of an HTML page: `<script type="application/ld+json">…</script>`.
  public static func jsonLDBlocks(inHTML html: String) -> [String] {
    var blocks: [String] = []
    var rest = html[...]
    while let open = rest.range(of: "<script", options: .caseInsensitive) {
      guard let tagEnd = rest[open.upperBound...].firstIndex(of: ">") else { break }
      let attributes = rest[open.upperBound..<tagEnd].lowercased()
      guard let close = rest[tagEnd...].range(of: "</script", options: .caseInsensitive) else {
        break
      }
      if attributes.contains("application/ld+json") {
        blocks.append(String(rest[rest.index(after: tagEnd)..<close.lowerBound]))
      }
      rest = rest[close.upperBound...]
    }
    return blocks
  }

  private static func recipes(in value: Any, depth: Int = 0) -> [[String: Any]] {
    guard depth < 12 else { return [] }
    if let array = value as? [Any] {
      return array.flatMap { recipes(in: $0, depth: depth + 1) }
    }
    guard let object = value as? [String: Any] else { return [] }
    if isRecipe(object) { return [object] }
    var found: [[String: Any]] = []
    for key in ["@graph", "mainEntity", "mainEntityOfPage", "itemListElement", "item"] {
      if let child = object[key] { found += recipes(in: child, depth: depth + 1) }
    }
    return found
  }

  private static func isRecipe(_ object: [String: Any]) -> Bool {
    let types = (object["@type"] as? [Any] ?? [object["@type"] as Any]).compactMap { $0 as? String }
    return types.contains { $0 == "Recipe" || $0.hasSuffix("/Recipe") || $0 == "schema:Recipe" }
  }

  private static func meal(from recipe: [String: Any], name: String) -> Meal {
    var meal = Meal(name: name, instructions: instructions(recipe["recipeInstructions"]))
    if let identifier = texts(recipe["identifier"]).first(where: { $0.hasPrefix("themealdb:") }) {
      meal.mealDBID = String(identifier.dropFirst("themealdb:".count))
    }
    meal.category = texts(recipe["recipeCategory"]).first.map(HTMLText.plain)
    meal.area = texts(recipe["recipeCuisine"]).first.map(HTMLText.plain)
    meal.tags = texts(recipe["keywords"]).flatMap { $0.split(separator: ",") }
      .map { MealRules.trimmed(HTMLText.plain(String($0))) }.filter { !$0.isEmpty }
    meal.thumbnailURL = url(recipe["image"])
    meal.sourceURL = texts(recipe["url"]).first
    meal.videoURL = videoURL(recipe["video"])
    meal.servings = texts(recipe["recipeYield"]).lazy.compactMap(leadingNumber).first
    meal.totalMinutes =
      text(recipe["totalTime"]).flatMap(minutes)
      ?? {
        let parts = [recipe["prepTime"], recipe["cookTime"]].compactMap {
          text($0).flatMap(minutes)
        }
        return parts.isEmpty ? nil : parts.reduce(0, +)
      }()
    let lines = (recipe["recipeIngredient"] ?? recipe["ingredients"]).map(texts) ?? []
    let supplies = (recipe["supply"] as? [Any] ?? []).compactMap {
      entry -> IngredientMeasurement? in
      guard let object = entry as? [String: Any], let name = text(object["name"]) else {
        return nil
      }
      return IngredientMeasurement(name: name, quantity: text(object["requiredQuantity"]) ?? "")
    }
    if !supplies.isEmpty && (supplies.count == lines.count || lines.isEmpty) {
      meal.ingredients = supplies
    } else {
      meal.ingredients = lines.map { IngredientLine.split(HTMLText.plain($0)) }
    }
    return meal
  }

  // MARK: - Values as sites write them

  /// A string, a number written as one, or the `@value`/`name`/`text` of an object.
  private static func text(_ value: Any?) -> String? {
    if let string = value as? String { return string }
    if let number = value as? NSNumber, !(value is Bool) { return number.stringValue }
    if let object = value as? [String: Any] {
      return text(object["@value"] ?? object["text"] ?? object["name"])
    }
    return nil
  }

  /// A value or a list of them, as strings.
  private static func texts(_ value: Any?) -> [String] {
    if let array = value as? [Any] { return array.compactMap(text) }
    return text(value).map { [$0] } ?? []
  }

  private static func url(_ value: Any?) -> String? {
    if let string = value as? String { return string }
    if let array = value as? [Any] { return array.lazy.compactMap(url).first }
    if let object = value as? [String: Any] { return url(object["url"] ?? object["contentUrl"]) }
    return nil
  }

  private static func videoURL(_ value: Any?) -> String? {
    if let array = value as? [Any] { return array.lazy.compactMap(videoURL).first }
    guard let object = value as? [String: Any] else { return value as? String }
    return (object["contentUrl"] ?? object["embedUrl"] ?? object["url"]) as? String
  }

  /// Steps as lines: a string, strings, HowToStep (`text`, else `name`) and HowToSection
  /// (its name as a heading line, `Cake:`, then its steps).
  private static func instructions(_ value: Any?, depth: Int = 0) -> String {
    guard depth < 8, let value else { return "" }
    var lines: [String] = []
    if let string = value as? String {
      lines.append(HTMLText.plain(string))
    } else if let array = value as? [Any] {
      lines += array.map { instructions($0, depth: depth + 1) }
    } else if let object = value as? [String: Any] {
      let types = (object["@type"] as? [Any] ?? [object["@type"] as Any]).compactMap {
        $0 as? String
      }
      if types.contains("HowToSection") {
        // A heading line (`Cake:`): Cook Mode shows it over the section's steps.
        if let name = text(object["name"]) {
          let heading = MealRules.trimmed(HTMLText.plain(name))
          if !heading.isEmpty { lines.append(heading.hasSuffix(":") ? heading : heading + ":") }
        }
        lines.append(
          instructions(object["itemListElement"] ?? object["steps"], depth: depth + 1))
      } else if let step = text(object["text"]) ?? text(object["name"]) {
        lines.append(HTMLText.plain(step))
      } else if let list = object["itemListElement"] {
        lines.append(instructions(list, depth: depth + 1))
      }
    }
    return lines.map { MealRules.trimmed($0) }.filter { !$0.isEmpty }.joined(separator: "\n")
  }

  /// `PT1H30M` (also with days or seconds) in whole minutes.
  static func minutes(_ text: String) -> Int? {
    let upper = text.uppercased()
    guard upper.hasPrefix("P") else { return nil }
    var total = 0.0
    var number = ""
    var inTime = false
    for character in upper.dropFirst() {
      if character.isNumber || character == "." {
        number.append(character)
        continue
      }
      let value = Double(number) ?? 0
      number = ""
      switch character {
      case "T": inTime = true
      case "D": total += value * 1440
      case "H": total += value * 60
      case "M": total += inTime ? value : value * 43_200
      case "S": total += value / 60
      default: return nil
      }
    }
    let rounded = Int(total.rounded())
    return rounded > 0 ? rounded : nil
  }

  private static func leadingNumber(_ text: String) -> Int? {
    let digits = MealRules.trimmed(text).prefix { $0.isASCII && $0.isNumber }
    return Int(digits).flatMap { $0 > 0 && $0 <= 1_000 ? $0 : nil }
  }
}

/// Text from HTML-ish sources: entities decoded, tags dropped (`<br>` is a line break).
enum HTMLText {
  static func plain(_ text: String) -> String {
    guard text.contains("&") || text.contains("<") else { return text }
    var result = ""
    var index = text.startIndex
    while index < text.endIndex {
      let character = text[index]
      if character == "<", let close = text[index...].firstIndex(of: ">") {
        let tag = text[text.index(after: index)..<close].lowercased()
        if tag.hasPrefix("br") || tag.hasPrefix("/p") || tag.hasPrefix("/li") { result += "\n" }
        index = text.index(after: close)
      } else if character == "&", let semicolon = text[index...].prefix(10).firstIndex(of: ";"),
        let decoded = entity(String(text[text.index(after: index)..<semicolon]))
      {
        result.append(decoded)
        index = text.index(after: semicolon)
      } else {
        result.append(character)
        index = text.index(after: index)
      }
    }
    return result
  }

  private static let named: [String: Character] = [
    "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": " ", "frac12": "½",
    "frac14": "¼", "frac34": "¾", "deg": "°", "eacute": "é", "egrave": "è", "ndash": "–",
    "mdash": "—", "rsquo": "’", "lsquo": "‘", "rdquo": "”", "ldquo": "“", "hellip": "…",
  ]

  private static func entity(_ name: String) -> Character? {
    if name.hasPrefix("#x") || name.hasPrefix("#X") {
      return UInt32(name.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init).map(Character.init)
    }
    if name.hasPrefix("#") {
      return UInt32(name.dropFirst()).flatMap(Unicode.Scalar.init).map(Character.init)
    }
    return named[name]
  }
}
