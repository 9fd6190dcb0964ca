import FoundationEssentials

/// schema.org `Recipe` in JSON-LD, the way recipe sites publish recipes.
///
/// Written: the standard properties, plus `supply` (HowToSupply, from HowTo, which Recipe
/// extends) so that each ingredient's name and quantity come back apart. The user's own
/// notes (favourite, rating, difficulty) have no schema.org property and are not written.
public enum SchemaOrgRecipe {
  // MARK: - Writing

  public static func object(_ meal: Meal) -> JSONText {
    let lines = meal.instructions.split(separator: "\n").map { MealRules.trimmed(String($0)) }
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
        "tool",
        meal.cookware.isEmpty
          ? .null
          : .array(
            meal.cookware.map {
              .compactObject([
                ("@type", .string("HowToTool")), ("name", .string($0.name)),
                ("requiredQuantity", $0.quantity.isEmpty ? .null : .string($0.quantity)),
              ])
            })
      ),
      (
        "recipeInstructions", .array(instructions(lines, titles: Set(meal.sectionTitles)))
      ),
    ])
  }

  /// Steps as HowToStep objects; each section's title and the steps after it as a
  /// HowToSection (steps before the first title stay at the top).
  private static func instructions(_ lines: [String], titles: Set<String>) -> [JSONText] {
    func step(_ text: String) -> JSONText {
      .object([("@type", .string("HowToStep")), ("text", .string(text))])
    }
    var items: [JSONText] = []
    var section: (name: String, steps: [JSONText])?
    func close() {
      guard let open = section else { return }
      items.append(
        .object([
          ("@type", .string("HowToSection")), ("name", .string(open.name)),
          ("itemListElement", .array(open.steps)),
        ]))
      section = nil
    }
    for line in lines {
      if titles.contains(line) {
        close()
        section = (line, [])
      } else if section != nil {
        section?.steps.append(step(line))
      } else {
        items.append(step(line))
      }
    }
    close()
    return items
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
  public static func recognises(_ value: JSONValue) -> Bool {
    !recipes(in: value).isEmpty
  }

  /// Every Recipe in a parsed JSON-LD value: the top object, an array, `@graph`, or nested.
  public static func meals(from value: JSONValue) -> [ImportCandidate] {
    recipes(in: value).enumerated().map { candidate(from: $1, index: $0) }
  }

  /// One Recipe object as a meal to import, or why it cannot be one.
  static func candidate(from recipe: [String: JSONValue], index: Int) -> ImportCandidate {
    fields(from: recipe).candidate(index: index)
  }

  /// The JSON-LD blocks of an HTML page: `<script type="application/ld+json">…</script>`.
  public static func jsonLDBlocks(inHTML html: String) -> [String] {
    var blocks: [String] = []
    var rest = html[...]
    while let open = rest.firstRange(ofText: "<script", ignoringCase: true) {
      guard let tagEnd = rest[open.upperBound...].firstIndex(of: ">") else { break }
      let attributes = rest[open.upperBound..<tagEnd].lowercased()
      guard let close = rest[tagEnd...].firstRange(ofText: "</script", ignoringCase: true) else {
        break
      }
      if attributes.contains("application/ld+json") {
        blocks.append(String(rest[rest.index(after: tagEnd)..<close.lowerBound]))
      }
      rest = rest[close.upperBound...]
    }
    return blocks
  }

  /// The Recipe objects anywhere in a JSON-LD value (`@graph`, `mainEntity`, an article's
  /// `hasPart`, a list's items…); a recipe's own inner objects are not searched.
  static func recipes(in value: JSONValue, depth: Int = 0) -> [[String: JSONValue]] {
    guard depth < 12 else { return [] }
    if let array = value.array {
      return array.flatMap { recipes(in: $0, depth: depth + 1) }
    }
    guard let object = value.object else { return [] }
    if isRecipe(object) { return [object] }
    return object.keys.sorted().flatMap { key -> [[String: JSONValue]] in
      guard let child = object[key], child.array != nil || child.object != nil else { return [] }
      return recipes(in: child, depth: depth + 1)
    }
  }

  /// The `@type`s an object names (one, or a list), in schema.org's spelling whatever case
  /// the page wrote (`recipe`, `howtostep`: a reader goes by the word).
  private static func types(of object: [String: JSONValue]) -> [String] {
    object["@type"].map { $0.elements.compactMap(\.string).map(canonicalType) } ?? []
  }

  /// A type's name with its prefix (`http://schema.org/`, `schema:`) and case as schema.org
  /// writes it, for the types a recipe is read by.
  static func canonicalType(_ type: String) -> String {
    let name = type.split(whereSeparator: { $0 == "/" || $0 == ":" }).last.map(String.init) ?? type
    return knownTypes.first { $0.lowercased() == name.lowercased() } ?? type
  }

  private static let knownTypes = [
    "Recipe", "HowToStep", "HowToSection", "HowToDirection", "HowToTip", "ItemList",
    "ListItem", "ImageObject", "Person", "Organization", "NutritionInformation",
  ]

  private static func isRecipe(_ object: [String: JSONValue]) -> Bool {
    types(of: object).contains("Recipe")
  }

  /// A Recipe object of the vocabulary (JSON-LD's, or microdata's and RDFa's read into that
  /// shape) as typed fields: where the untyped values end.
  static func fields(from recipe: [String: JSONValue]) -> RecipeFields {
    var fields = RecipeFields()
    fields.name = text(recipe["name"])
    fields.steps = steps(recipe["recipeInstructions"])
    fields.mealDBID = texts(recipe["identifier"]).first { $0.hasPrefix("themealdb:") }
      .map { String($0.dropFirst("themealdb:".count)) }
    fields.category = texts(recipe["recipeCategory"]).first.map(line)
    fields.cuisine = texts(recipe["recipeCuisine"]).first.map(line)
    fields.tags = texts(recipe["keywords"]).flatMap { $0.split(separator: ",") }
      .map { line(String($0)) }.filter { !$0.isEmpty }
    fields.image = url(recipe["image"] ?? recipe["thumbnailUrl"])
    fields.url = texts(recipe["url"]).first
    fields.video = videoURL(recipe["video"])
    fields.servings =
      texts(recipe["recipeYield"] ?? recipe["yield"]).lazy.compactMap(servings)
      .first
    fields.totalTime = text(recipe["totalTime"]).flatMap(duration)
    fields.prepTime = text(recipe["prepTime"]).flatMap(duration)
    fields.cookTime = text(recipe["cookTime"]).flatMap(duration)
    fields.addIngredients(ingredientLines(recipe["recipeIngredient"] ?? recipe["ingredients"]))
    fields.ingredientsAreLegacy = recipe["recipeIngredient"] == nil && !fields.ingredients.isEmpty
    fields.supplies = (recipe["supply"]?.array ?? []).compactMap {
      entry -> IngredientMeasurement? in
      guard entry.object != nil, let name = text(entry["name"]) else { return nil }
      return IngredientMeasurement(name: name, quantity: text(entry["requiredQuantity"]) ?? "")
    }
    // One tool or a list of them; each an object or a name.
    let tools = recipe["tool"].map { $0.array ?? [$0] } ?? []
    fields.tools = tools.compactMap { entry -> Cookware? in
      guard let name = entry.object != nil ? text(entry["name"]) : entry.string.map(line) else {
        return nil
      }
      return Cookware(name: name, quantity: text(entry["requiredQuantity"]) ?? "")
    }
    return fields
  }

  /// One line of text from a value that may hold HTML: tags gone, entities decoded, white
  /// space folded.
  static func line(_ text: String) -> String { HTMLDocument.fold(HTMLText.plain(text)) }

  /// Ingredient lines as the page shows them: strings, or groups of them (lists in a list),
  /// or objects with a text; each one line, none empty; a group's heading among them
  /// (`For the sauce:`) kept for `RecipeFields.addIngredients` to tell.
  static func ingredientLines(_ value: JSONValue?, depth: Int = 0) -> [String] {
    guard depth < 6, let value else { return [] }
    if let array = value.array {
      return array.flatMap { ingredientLines($0, depth: depth + 1) }
    }
    if let object = value.object, object["text"] == nil, object["name"] == nil,
      let list = object["itemListElement"] ?? object["recipeIngredient"]
    {
      return ingredientLines(list, depth: depth + 1)
    }
    guard let text = text(value) else { return [] }
    // A single string holding several lines (`<br>` or line breaks): one ingredient each. Its
    // line breaks part lines even where it holds a tag (HTML would fold them into spaces).
    return text.split(whereSeparator: \.isNewline).flatMap {
      HTMLText.plain(String($0)).split(whereSeparator: \.isNewline)
    }.flatMap {
      commaList(undoubled(withoutBullet(HTMLDocument.fold(String($0)))))
    }.filter { !$0.isEmpty }
  }

  /// A line less the bullet a page typed before it (`- 300 g cheese`, `• 2 eggs`): a dash
  /// or a bullet and a space, never a minus sign before a number.
  static func withoutBullet(_ line: String) -> String {
    guard let first = line.first, "-–—•·*▪".contains(first), line.dropFirst().first == " "
    else { return line }
    return String(line.dropFirst(2))
  }

  /// A line as a careful reader writes it from a plugin's data: a note in doubled brackets,
  /// `((optional))`, in single ones; text in UTF-8 read as Latin-1 (`1Â¼`) mended.
  static func undoubled(_ text: String) -> String {
    var result = Mojibake.mended(text)
    if result.contains("((") {
      var out = ""
      var rest = result[...]
      while let open = rest.firstRange(ofText: "((") {
        let inner = rest[open.upperBound...]
        if let close = inner.firstRange(ofText: "))"),
          !inner[..<close.lowerBound].contains(where: { $0 == "(" || $0 == ")" })
        {
          out += rest[..<open.lowerBound] + "(" + inner[..<close.lowerBound] + ")"
          rest = inner[close.upperBound...]
        } else {
          out += rest[..<open.upperBound]
          rest = inner
        }
      }
      result = out + rest
    }
    return result
  }

  /// A HowToStep's name as a section's title (`Preheat`), when it is a title of its own:
  /// short, not the start of the step's text, not a numbering (`Step 2`, `gazpacho step 1`).
  static func stepTitle(_ name: String, text: String) -> String? {
    // A name that is the text cut short (`Add the oil to the...`) is no title.
    var start = Substring(name)
    while let last = start.last, last == "…" || last == "." { start = start.dropLast() }
    guard !name.isEmpty, name.count <= 58, !text.hasPrefix(start) else { return nil }
    let words = name.lowercased().split(separator: " ")
    // `Step 3`, `Étape 2`, `Trin 1`: a numbering, in the words `PageSteps` knows.
    if words.contains(where: { word in PageSteps.stepWords.contains { word.hasPrefix($0) } }),
      words.last?.allSatisfy(\.isNumber) ?? false
    {
      return nil
    }
    guard !name.allSatisfy({ $0.isNumber || $0 == "." }),
      name.first?.isUppercase ?? false  // `combine`, `blend`: a keyword, not a title
    else { return nil }
    return name
  }

  /// One string listing every ingredient, `125ml milk, 1 tsp vinegar, 60ml oil`: split where
  /// an amount starts (only when there are several and every part starts with one).
  static func commaList(_ line: String) -> [String] {
    guard !line.contains("(") else { return [line] }  // commas inside a note do not count
    let parts = line.components(separatedBy: ", ")
    guard parts.count >= 3,
      parts.allSatisfy({ $0.first.map { $0.isNumber || "½¼¾⅓⅔⅛".contains($0) } ?? false })
    else { return [line] }
    return parts.map(MealRules.trimmed)
  }

  /// Servings in `recipeYield` as sites write it: `6`, `"8 servings"`, `"Serves 4-6"`,
  /// `"Makes 12 cookies"`: the first whole number, or a range's upper end.
  static func servings(_ text: String) -> Int? {
    let start = text.drop { !($0.isASCII && $0.isNumber) }
    var digits = start.prefix { $0.isASCII && $0.isNumber }
    // A range (`4-6`, `4 to 6`, `20–22`): as many as it can serve, its upper end.
    let rest = start.dropFirst(digits.count)
    for joiner in ["-", "–", " - ", " – ", " to ", " or "] where rest.hasPrefix(joiner) {
      let upper = rest.dropFirst(joiner.count).prefix { $0.isASCII && $0.isNumber }
      if let low = Int(digits), let high = Int(upper), high > low { digits = upper }
      break
    }
    return Int(digits).flatMap { $0 > 0 && $0 <= 1_000 ? $0 : nil }
  }

  /// A duration: ISO 8601 (`PT1H30M`, `P0DT0H45M`), else words (`1 hour 20 minutes`).
  static func duration(_ text: String) -> Int? {
    let trimmed = MealRules.trimmed(text)
    return minutes(trimmed) ?? DurationText.minutes(trimmed)
  }

  // MARK: - Values as sites write them

  /// A string, a number written as one, or the `@value`/`name`/`text` of an object.
  static func text(_ value: JSONValue?) -> String? {
    if let string = value?.string { return string }
    if let number = JSONParser.numberText(value) { return number }
    if let object = value?.object {
      return text(object["@value"] ?? object["text"] ?? object["name"])
    }
    return nil
  }

  /// A value or a list of them, as strings.
  private static func texts(_ value: JSONValue?) -> [String] {
    if let array = value?.array { return array.compactMap(text) }
    return text(value).map { [$0] } ?? []
  }

  private static func url(_ value: JSONValue?) -> String? {
    if let string = value?.string { return string }
    if let array = value?.array { return array.lazy.compactMap(url).first }
    if let object = value?.object { return url(object["url"] ?? object["contentUrl"]) }
    return nil
  }

  private static func videoURL(_ value: JSONValue?) -> String? {
    if let array = value?.array { return array.lazy.compactMap(videoURL).first }
    guard let object = value?.object else { return value?.string }
    return (object["contentUrl"] ?? object["embedUrl"] ?? object["url"])?.string
  }

  /// Steps as lines, from any of the ways pages write them.
  ///
  /// A string (its own lines and paragraphs), strings, HowToStep (`text`, else `name`),
  /// HowToSection (its name as a heading line, `Cake:`, then its steps), an ItemList's items.
  /// `inSection`: inside a HowToSection, whose name is the heading; its steps' names are not.
  static func steps(_ value: JSONValue?, depth: Int = 0, inSection: Bool = false) -> [RecipeStep] {
    guard depth < 8, let value else { return [] }
    if let string = value.string {
      // JSON where a page put its steps in an attribute (`content="[{&quot;@type…`).
      let trimmed = MealRules.trimmed(string)
      if trimmed.hasPrefix("[{") || trimmed.hasPrefix("{\""),
        let parsed = LenientJSON.parse(trimmed)
      {
        return steps(parsed, depth: depth + 1)
      }
      // Plain text keeps its spaces as written (meals' own export comes back whole).
      let html = string.contains("<") || string.contains("&")
      let plain =
        html
        ? HTMLText.plain(string)
        : HTMLText.lineBreaks(string).replacingEvery("<br>", with: "\n")
      return plain.split(whereSeparator: \.isNewline)
        .map {
          html
            ? HTMLDocument.fold(String($0))
            : MealRules.trimmed($0.replacingEvery("\t", with: " "))
        }
        .filter { !$0.isEmpty }.map { RecipeStep($0) }
    }
    if let array = value.array {
      return array.flatMap { steps($0, depth: depth + 1, inSection: inSection) }
    }
    guard let object = value.object else {
      return text(value).map { steps(.string($0), depth: depth + 1) } ?? []
    }
    let types = types(of: object)
    let list = object["itemListElement"] ?? object["steps"] ?? object["step"]
    if types.contains("HowToSection") || (list != nil && object["text"] == nil) {
      var lines: [RecipeStep] = []
      // The section's title as the page writes it: Cook Mode shows it over its steps.
      if types.contains("HowToSection"), let name = text(object["name"]).map(line), !name.isEmpty {
        lines.append(RecipeStep(name, isTitle: true))
      }
      return lines + steps(list, depth: depth + 1, inSection: !lines.isEmpty || inSection)
    }
    if let step = text(object["text"]) ?? text(object["description"]) ?? text(object["name"])
      ?? text(object["item"])
    {
      // A step's own title (`Preheat`, WP Recipe Maker's summary): a heading over its text.
      var title: [RecipeStep] = []
      if !inSection, object["text"] != nil, let name = text(object["name"]).map(line),
        let heading = stepTitle(name, text: line(step))
      {
        title = [RecipeStep(heading, isTitle: true)]
      }
      // A step's text is one step but where a line break ends a sentence (`Wash.\nPeel.`).
      return title + steps(.string(step), depth: depth + 1)
    }
    return []
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
    return DurationText.whole(total)
  }
}

/// Text from HTML-ish sources: entities decoded, tags dropped, a line per paragraph, list item
/// or `<br>` (and per line break of its own), white space folded within lines.
enum HTMLText {
  static func plain(_ text: String) -> String {
    guard text.contains("&") || text.contains("<") else { return text }
    let once = HTMLDocument(lineBreaks(text)).lines(of: 0).joined(separator: "\n")
    // Markup escaped twice (`&lt;i&gt;`, as some editors store it) shows its tags after one
    // decoding: they go too.
    guard text.contains("&lt;"), hasTag(once) else { return once }
    return HTMLDocument(once).lines(of: 0).joined(separator: "\n")
  }

  /// True when `text` holds something that reads as a tag (`<i>`, `</b>`, `<br/>`).
  static func hasTag(_ text: String) -> Bool {
    var rest = text[...]
    while let open = rest.firstIndex(of: "<") {
      let after = rest[rest.index(after: open)...]
      if let first = after.first, first.isLetter || first == "/",
        let close = after.firstIndex(of: ">"), !after[..<close].contains("<")
      {
        return true
      }
      rest = after
    }
    return false
  }

  /// A JSON string's line breaks as HTML ones where they end a sentence (`Stir.\nBake.`); one
  /// inside a sentence (`the\nplate`, wrapped by the site's editor) is a space, as in HTML.
  static func lineBreaks(_ text: String) -> String {
    guard text.contains(where: \.isNewline) else { return text }
    var result = ""
    var last: Character = " "
    for character in text {
      if character.isNewline {
        result += ".!?:;)".contains(last) ? "<br>" : " "
      } else {
        result.append(character)
      }
      if !character.isWhitespace { last = character }
    }
    return result
  }
}
