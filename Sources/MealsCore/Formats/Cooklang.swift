import FoundationEssentials
import TextSafety
import Translation

/// Cooklang (cooklang.org): a recipe as steps in which ingredients are marked up
/// (`@olive oil{2%tbsp}`), with `>> key: value` metadata.
///
/// Written: the metadata, then `= Method` with one step per line of the instructions, each
/// ingredient marked where a step names it (`Whisk the @eggs{3}`); the ingredients no step
/// names (or all, when marking would change the order read back) in an `= Ingredients`
/// section before it, one `@name{quantity}` per line (a group's lines under `= Ingredients:
/// GROUP`). Read: any .cook file; the
/// ingredients are every `@` in order, the instructions the steps with the markup as plain
/// words (the ingredients' sections we write are left out).
public enum Cooklang {
  // MARK: - Writing

  /// The meal as a .cook file; `syncID` (the sync folder's files) is written as `meals-id`.
  public static func render(_ meal: Meal, syncID: String? = nil) -> String {
    // The spec's YAML front matter, its canonical keys where it has them.
    var lines = ["---", "title: \(yaml(meal.name))"]
    if let syncID { lines.append("meals-id: \(yaml(syncID))") }
    func add(_ key: String, _ value: String?) {
      if let value, !value.isEmpty { lines.append("\(key): \(yaml(value))") }
    }
    add("category", meal.category)
    add("cuisine", meal.area)
    if !meal.tags.isEmpty { lines.append("tags: [\(meal.tags.map(yaml).joined(separator: ", "))]") }
    // Numbers and the flag as YAML's own, unquoted.
    func number(_ key: String, _ value: Int?) {
      if let value { lines.append("\(key): \(value)") }
    }
    number("servings", meal.servings)
    add("time", meal.totalMinutes.map { "\($0) minutes" })
    add("difficulty", meal.difficulty?.rawValue)
    number("rating", meal.rating > 0 ? meal.rating : nil)
    if meal.favourite { lines.append("favourite: true") }
    add("themealdb", meal.mealDBID)
    add("source", meal.sourceURL)
    add("video", meal.videoURL)
    add("image", meal.thumbnailURL)
    lines.append("---")
    let titles = sectionTitles(of: meal)
    let steps = Self.lines(of: meal)
    // Ingredients and cookware the steps name are marked where they are named; the other
    // ingredients listed first.
    let (named, utensils) = marks(of: meal, steps: stepLines(steps, titles: titles))
    let runs =
      named.map { [(group: "", lines: ArraySlice($0.listed))] } ?? meal.ingredients.groupRuns
    for run in runs where !run.lines.isEmpty {
      let title = run.group.isEmpty ? "" : ": " + escaped(run.group)
      lines += ["", "= Ingredients" + title, ""]
      lines += run.lines.map { reference($0, note: true) }
    }
    lines += ["", "= Method"]
    for (index, line) in steps.enumerated() {
      // A section's title is a Cooklang section of its own.
      lines += [
        "",
        titles.contains(line)
          ? "= " + escaped(line, atLineStart: false)
          : line.hasPrefix(">")
            ? escaped(line)
            : marking(
              line, named?.marked.filter { $0.line == index } ?? [],
              utensils.filter { $0.line == index }),
      ]
    }
    return lines.joined(separator: "\n") + "\n"
  }

  /// A step's line, escaped, with the ingredients and cookware it names marked (`Whisk the
  /// @eggs{3} in a #bowl{}`) and its times as timers (`Simmer for ~{20%minutes}`).
  private static func marking(_ line: String, _ marks: [Mention], _ utensils: [CookwareMark])
    -> String
  {
    let timers = self.timers(in: line).filter { timer in
      !marks.contains { $0.start < timer.end && timer.start < $0.end }
        && !utensils.contains { $0.start < timer.end && timer.start < $0.end }
    }
    guard !marks.isEmpty || !utensils.isEmpty || !timers.isEmpty else { return escaped(line) }
    let characters = Array(line)
    var spans: [(start: Int, end: Int, text: String)] =
      marks.map { ($0.start, $0.end, reference($0.ingredient, note: $0.noted)) }
    spans += utensils.map { ($0.start, $0.end, reference($0.cookware)) }
    spans += timers.map { ($0.start, $0.end, "~{\($0.amount)%\($0.unit)}") }
    var out = ""
    var at = 0
    for span in spans.sorted(by: { $0.start < $1.start }) {
      out += escaped(String(characters[at..<span.start]), atLineStart: at == 0)
      out += span.text
      at = span.end
    }
    return out + escaped(String(characters[at...]), atLineStart: false)
  }

  /// The times in a step a timer can count, where Cooklang writes them as the step shows
  /// them: digits (or a range of them), one space, a unit (`20 minutes`, `30-40 mins`, `2 h`).
  ///
  /// Others (`1 hr 30 mins`, `a minute`, `1½ hours`, `10min`) stay text: a timer would print
  /// them otherwise. Offsets in characters.
  static func timers(in line: String) -> [(start: Int, end: Int, amount: String, unit: String)] {
    guard line.contains(where: \.isNumber) else { return [] }
    return StepDuration.find(in: line).compactMap { duration in
      guard let lower = duration.range.lowerBound.samePosition(in: line),
        let upper = duration.range.upperBound.samePosition(in: line)
      else { return nil }
      let phrase = line[lower..<upper]
      let parts = phrase.split(separator: " ", omittingEmptySubsequences: false)
      guard parts.count == 2, let amount = parts.first, let unit = parts.last,
        unit.allSatisfy({ $0.isASCII && $0.isLetter }),
        amount.split(separator: "-", omittingEmptySubsequences: false).allSatisfy({ number in
          !number.isEmpty && number.allSatisfy { $0.isASCII && $0.isNumber }
        })
      else { return nil }
      let start = line.distance(from: line.startIndex, to: lower)
      return (start, start + phrase.count, String(amount), String(unit))
    }
  }

  /// A value as YAML writes it: plain when nothing in it could read as YAML's own syntax
  /// (`Pad Thai`, `https://…`), else in double quotes with `"` and `\\` escaped.
  static func yaml(_ value: String) -> String {
    if isPlainYAML(value) { return value }
    var quoted = "\""
    for character in value {
      switch character {
      case "\"": quoted += "\\\""
      case "\\": quoted += "\\\\"
      case "\n": quoted += "\\n"
      case "\t": quoted += "\\t"
      default: quoted.append(character)
      }
    }
    return quoted + "\""
  }

  /// Whether YAML reads `value` back as written without quotes (by bytes: a sync writes
  /// 10 000 files' front matter at once).
  private static func isPlainYAML(_ value: String) -> Bool {
    guard let first = value.first, first.isLetter || first.isNumber, value.last != " " else {
      return false
    }
    var ascii = true
    for byte in value.utf8 {
      switch byte {
      case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: " "), UInt8(ascii: "."),
        UInt8(ascii: "'"), UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: "&"),
        UInt8(ascii: "-"), UInt8(ascii: "/"), UInt8(ascii: "!"), UInt8(ascii: "?"),
        UInt8(ascii: "+"), UInt8(ascii: "_"), UInt8(ascii: "%"):
        continue
      case 0x80...:
        ascii = false
      default:
        return false
      }
    }
    // Beyond ASCII, letters and numbers only (a name in any script, not an emoji).
    if !ascii && !value.allSatisfy({ $0.isASCII || $0.isLetter || $0.isNumber }) {
      return false
    }
    return !["yes", "no", "true", "false", "null", "on", "off"].contains(value.lowercased())
      && Double(value) == nil
  }

  /// A line of a meal's text as Cooklang text, escaped where it would read as something else.
  ///
  /// What would read as markup, a comment, a section or metadata gets a backslash (`\@`,
  /// `\--`, `\=`, `\>>`), as the spec allows. A line starting `>` stays a note, as it was read.
  static func escaped(_ line: String, atLineStart: Bool = true) -> String {
    // Most lines hold nothing to escape: said by their bytes, at once.
    let marks: Set<UInt8> = Self.escapeBytes
    guard line.utf8.contains(where: { marks.contains($0) }) else { return line }
    let characters = Array(line)
    var out = ""
    for (index, character) in characters.enumerated() {
      let next = index + 1 < characters.count ? characters[index + 1] : nil
      if "@#~\\".contains(character) || (character == "-" && next == "-")
        || (character == "[" && next == "-")
        || (atLineStart && index == 0 && (character == "=" || (character == ">" && next == ">")))
      {
        out.append("\\")
      }
      out.append(character)
    }
    return out
  }

  /// The bytes that may need a backslash in front: `@ # ~ \ - [ = >`.
  private static let escapeBytes = Set("@#~\\-[=>".utf8)

  /// What a backslash escapes, each held as a private-use character while a text is read
  /// (so no stage takes it for markup, a comment or a section), then put back.
  private static let escapable: [Character] = [
    "@", "#", "~", "-", "=", ">", "\\", "{", "}", "[", "]", "%", "&", "?", "+", "(", ")",
  ]
  private static let placeholders: [Character] = [
    "\u{E000}", "\u{E001}", "\u{E002}", "\u{E003}", "\u{E004}", "\u{E005}", "\u{E006}",
    "\u{E007}", "\u{E008}", "\u{E009}", "\u{E00A}", "\u{E00B}", "\u{E00C}", "\u{E00D}",
    "\u{E00E}", "\u{E00F}", "\u{E010}",
  ]

  private static func hidingEscapes(_ text: String) -> String {
    var out = ""
    var escaping = false
    for character in text {
      if escaping, let index = escapable.firstIndex(of: character) {
        out.append(placeholders[index])
      } else {
        if escaping { out.append("\\") }
        if character != "\\" { out.append(character) }
      }
      escaping = !escaping && character == "\\"
    }
    if escaping { out.append("\\") }
    return out
  }

  private static func restoringEscapes(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: { (0xE000...0xE010).contains($0.value) }) else {
      return text
    }
    return String(text.map { placeholders.firstIndex(of: $0).map { escapable[$0] } ?? $0 })
  }

  /// `@name{quantity}`; `@name{2%tbsp}` when the quantity is an amount and one word; with
  /// `note`, a name ending in a note in brackets writes it as Cooklang's note,
  /// `@onion{1}(diced)` (in a step the name stays whole: the note is no text of the step).
  static func reference(_ measurement: IngredientMeasurement, note: Bool = false) -> String {
    let (base, written) = note ? withNote(measurement.name) : (measurement.name, nil)
    let amount = reference(name: base, quantity: measurement.quantity)
    guard let written else { return amount }
    return amount + "(" + escapedMarkup(written, ["\\", ")"]) + ")"
  }

  /// A name and the note in brackets at its end (`onion (diced)`: `onion`, `diced`); the name
  /// whole and nil when it ends otherwise.
  static func withNote(_ name: String) -> (String, String?) {
    guard name.hasSuffix(")") else { return (name, nil) }
    var depth = 0
    var index = name.endIndex
    while index > name.startIndex {
      index = name.index(before: index)
      if name[index] == ")" { depth += 1 }
      if name[index] == "(" { depth -= 1 }
      if depth == 0 { break }
    }
    guard depth == 0, index > name.startIndex, name[name.index(before: index)] == " " else {
      return (name, nil)
    }
    let base = String(name[..<name.index(before: index)])
    let note = String(name[name.index(after: index)..<name.index(before: name.endIndex)])
    guard !MealRules.isBlank(base), base == MealRules.trimmed(base), !note.isEmpty,
      note == MealRules.trimmed(note), !note.contains("\n")
    else { return (name, nil) }
    return (base, note)
  }

  /// `#name{}`, `#pot{2}`, a note in brackets at the name's end as Cooklang's note
  /// (`#pan{}(large)`).
  static func reference(_ cookware: Cookware) -> String {
    let (base, note) = withNote(cookware.name)
    let name = escapedMarkup(base, ["\\", "@", "#", "~", "{", "}"])
    let quantity = escapedMarkup(MealRules.trimmed(cookware.quantity), ["\\", "}", "%"])
    return "#\(name){\(quantity)}"
      + (note.map { "(" + escapedMarkup($0, ["\\", ")"]) + ")" } ?? "")
  }

  private static func reference(name written: String, quantity: String) -> String {
    // What would end the name or the amount is escaped, as the spec allows (`@\@home mix{}`,
    // `{\}}`): the text comes back as it was.
    var name = escapedMarkup(written, ["\\", "@", "#", "~", "{", "}"])
    // A first `?`, `-`, `&` or `+` would read as a modifier of newer Cooklang.
    if let first = name.first, "?-&+".contains(first) { name = "\\" + name }
    let quantity = escapedMarkup(MealRules.trimmed(quantity), ["\\", "}", "%"])
    // An amount (a number, a fraction, a mixed number, a range) and a one-word unit keep the
    // unit apart, as the spec writes them: `{1 1/2%cups}`, `{2-3%tbsp}`, `{100%g}`.
    let parts = quantity.split(separator: " ")
    if parts.count >= 2, parts.count <= 3, parts.joined(separator: " ") == quantity,
      !quantity.contains("%"), let unit = parts.last, unit.allSatisfy(\.isLetter),
      parts.dropLast().allSatisfy({ part in
        part.first.map { $0.isNumber || "½⅓⅔¼¾⅛".contains($0) } == true
          && part.allSatisfy { $0.isNumber || "/.,-–½⅓⅔¼¾⅛".contains($0) }
      })
    {
      return "@\(name){\(parts.dropLast().joined(separator: " "))%\(unit)}"
    }
    return "@\(name){\(quantity)}"
  }

  /// `text` with a backslash before each of `marks`, and before what would open a comment
  /// (`--`, `[-`).
  private static func escapedMarkup(_ text: String, _ marks: Set<Character>) -> String {
    guard text.contains(where: { marks.contains($0) || $0 == "-" }) else { return text }
    var out = ""
    var previous: Character?
    for character in text {
      if marks.contains(character) || (character == "-" && (previous == "-" || previous == "[")) {
        out.append("\\")
      }
      out.append(character)
      previous = character
    }
    return out
  }

  // MARK: - Reading

  /// The meal in a .cook text; the title from the front matter's `title:` or `>> title:`,
  /// else `fileName` without `.cook`.
  public static func meal(from source: String, fileName: String) -> ImportCandidate {
    var text = source.replacingCRLF()
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    let (front, lists, body, frontProblems, bodyLine) = CooklangFrontMatter.read(text)
    var metadata = front
    /// What could not be read as written, by line: said, the rest read.
    var notes = frontProblems
    /// The file's line number of the paragraph read now (from 1).
    var paragraphLine = 0
    var steps: [(section: String, text: String, onlyReferences: Bool)] = []
    /// Sections other than the ones we write (`= Ingredients`, `= Ingredients: GROUP`,
    /// `= Method`): titles of the recipe's parts, kept as lines of the instructions.
    var titles: [String] = []
    var ingredients: [IngredientMeasurement] = []
    var cookware: [Cookware] = []
    var seen = Set<String>()
    var section = ""
    /// The group of an ingredients' section (`= Ingredients: For the sauce`), nil elsewhere.
    var group: String?
    var paragraph: [String] = []

    func finishParagraph() {
      guard !paragraph.isEmpty else { return }
      let (text, found, onlyReferences, marked, unclosed) = readStep(
        paragraph.joined(separator: " "))
      notes += unclosed.map { "line \(paragraphLine): " + restoringEscapes($0) }
      cookware += marked.map {
        Cookware(name: restoringEscapes($0.name), quantity: restoringEscapes($0.quantity))
      }
      for measurement in found {
        let key = measurement.name.lowercased()
        // A second mention in a step without a quantity refers back to the first; in a list
        // of ingredients each line is one (salt in the dough and in the filling).
        if group == nil && seen.contains(key) && measurement.quantity.isEmpty { continue }
        seen.insert(key)
        ingredients.append(
          IngredientMeasurement(
            name: restoringEscapes(measurement.name),
            quantity: restoringEscapes(measurement.quantity), group: group ?? ""))
      }
      steps.append(
        (
          group == nil ? section : "ingredients", restoringEscapes(MealRules.trimmed(text)),
          onlyReferences
        ))
      paragraph = []
    }

    for (number, rawLine) in withoutBlockComments(hidingEscapes(String(body))).split(
      separator: "\n", omittingEmptySubsequences: false
    ).enumerated() {
      var line = String(rawLine)
      if line.hasPrefix(">>") {
        finishParagraph()
        let entry = line.dropFirst(2)
        if let colon = entry.firstIndex(of: ":") {
          let key = MealRules.trimmed(String(entry[..<colon])).lowercased()
          metadata[key] = restoringEscapes(
            MealRules.trimmed(String(entry[entry.index(after: colon)...])))
        }
        continue
      }
      if let comment = line.firstRange(ofText: "--") { line = String(line[..<comment.lowerBound]) }
      let trimmed = MealRules.trimmed(line)
      if trimmed.hasPrefix("=") {
        finishParagraph()
        let name = MealRules.trimmed(
          String(trimmed.drop { $0 == "=" }.reversed().drop { $0 == "=" }.reversed()))
        section = name.lowercased()
        group = ingredientsGroup(name).map(restoringEscapes)
        if !name.isEmpty, group == nil, section != "method" {
          titles.append(restoringEscapes(name))
          steps.append((section, restoringEscapes(name), false))
        }
        continue
      }
      if trimmed.isEmpty {
        finishParagraph()
      } else {
        if paragraph.isEmpty { paragraphLine = bodyLine + number + 1 }
        paragraph.append(trimmed)
      }
    }
    finishParagraph()

    let title = metadata["title"].flatMap { $0.isEmpty ? nil : $0 } ?? titleFromFileName(fileName)
    let place = tr("recipe “%s”").filled(title)
    let method = steps.filter { !($0.section == "ingredients" && $0.onlyReferences) }
    var meal = Meal(name: title, instructions: method.map(\.text).joined(separator: "\n"))
    meal.sectionTitles = MealDraft.titles(titles, in: meal.instructions)
    meal.ingredients = ingredients
    // Every mark; the import's cleaning keeps each once, in the order a file marks them.
    meal.cookware = cookware
    meal.category = metadata["category"] ?? metadata["course"]
    meal.area = metadata["cuisine"]
    if let items = lists["tags"], metadata["tags"] == front["tags"] {
      // The front matter's own list, each item whole (`"quick, easy"`).
      meal.tags = items
    } else if let tags = metadata["tags"] {
      meal.tags = tags.trimming { $0 == "[" || $0 == "]" }.split(
        separator: ","
      )
      .map { MealRules.trimmed(String($0)) }.filter { !$0.isEmpty }
    }
    meal.servings = (metadata["servings"] ?? metadata["serves"]).flatMap(
      MealFields.leadingServings)
    if let time = metadata["time"] ?? metadata["total time"] ?? metadata["time.total"]
      ?? metadata["duration"],
      case .success(let minutes) = MealFields.minutes(time)
    {
      meal.totalMinutes = minutes
    } else {
      // Only the parts: the whole is their sum.
      let parts = [
        metadata["prep time"] ?? metadata["time.prep"],
        metadata["cook time"] ?? metadata["time.cook"],
      ].compactMap { part -> Int? in
        guard let part, case .success(let minutes) = MealFields.minutes(part) else { return nil }
        return minutes
      }
      if !parts.isEmpty { meal.totalMinutes = parts.reduce(0, +) }
    }
    meal.difficulty = metadata["difficulty"].flatMap(Difficulty.init(rawValue:))
    meal.rating = metadata["rating"].flatMap { Int($0) }.map { min(5, max(0, $0)) } ?? 0
    meal.favourite = ["yes", "true"].contains(metadata["favourite"]?.lowercased() ?? "")
    meal.mealDBID = metadata["themealdb"]
    meal.sourceURL = metadata["source.url"] ?? metadata["source"]
    meal.videoURL = metadata["video"]
    // `images` may list several: the first is the meal's picture.
    meal.thumbnailURL =
      metadata["image"]
      ?? metadata["images"].flatMap {
        $0.split(separator: ",").first.map { MealRules.trimmed(String($0)) }
      }
    var candidate = ImportCandidate(place: place, meal: meal)
    candidate.notes = notes
    return candidate
  }

  /// The `meals-id` in a file's front matter (or `>> meals-id:`), without reading the rest.
  public static func syncID(in source: String) -> String? {
    var text = source.replacingCRLF()
    if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
    if let id = CooklangFrontMatter.split(text).metadata["meals-id"], !id.isEmpty { return id }
    for line in text.split(separator: "\n") where line.hasPrefix(">>") {
      let entry = line.dropFirst(2)
      guard let colon = entry.firstIndex(of: ":"),
        MealRules.trimmed(String(entry[..<colon])).lowercased() == "meals-id"
      else { continue }
      let id = MealRules.trimmed(String(entry[entry.index(after: colon)...]))
      return id.isEmpty ? nil : id
    }
    return nil
  }

  /// `text` with `meals-id: ID` added at the end of its front matter (front matter made when
  /// it has none), every other byte as it was.
  public static func addingSyncID(_ id: String, to text: String) -> String {
    let bom = text.hasPrefix("\u{FEFF}") ? "\u{FEFF}" : ""
    let body = bom.isEmpty ? String(text) : String(text.dropFirst())
    let newline = text.contains("\r\n") ? "\r\n" : "\n"
    let line = "meals-id: \(yaml(id))" + newline
    // At the end of the front matter: after any list or nested key, a key of its own.
    // Lines as the front matter's reader cuts them: at each line feed or carriage return (a
    // line that can hold `---` starts between characters).
    let lines = body.unicodeScalars.split(
      omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r" })
    if let first = lines.first, MealRules.trimmed(String(first)) == "---",
      let close = lines.dropFirst().first(where: { MealRules.trimmed(String($0)) == "---" })
    {
      return bom + body[..<close.startIndex] + line + body[close.startIndex...]
    }
    return bom + "---" + newline + line + "---" + newline + body
  }

  /// The group a section's name gives its ingredients: `Ingredients` → "", `Ingredients: For
  /// the sauce` → "For the sauce"; nil for any other section.
  private static func ingredientsGroup(_ name: String) -> String? {
    let lower = name.lowercased()
    guard lower.hasPrefix("ingredients") else { return nil }
    let rest = MealRules.trimmed(String(name.dropFirst("ingredients".count)))
    if rest.isEmpty { return "" }
    guard rest.hasPrefix(":") else { return nil }
    return MealRules.trimmed(String(rest.dropFirst()))
  }

  /// `Pad Thai.cook` → `Pad Thai`.
  static func titleFromFileName(_ fileName: String) -> String {
    let base = PathText.name(fileName)
    return base.hasSuffix(".cook") ? String(base.dropLast(5)) : base
  }

  /// The text without Cooklang's `[- block comments -]` (an unclosed one runs to the end);
  /// the shopping list's files use them too.
  static func withoutBlockComments(_ text: String) -> String {
    guard text.contains("[-") else { return text }
    var result = ""
    var rest = text[...]
    while let open = rest.firstRange(ofText: "[-") {
      result += rest[..<open.lowerBound]
      guard let close = rest[open.upperBound...].firstRange(ofText: "-]") else { return result }
      rest = rest[close.upperBound...]
    }
    return result + rest
  }

  /// The step as plain text, the ingredients it names (with `qty%unit` as `qty unit`), and
  /// whether it holds nothing but ingredients (the `= Ingredients` section we write); the
  /// cookware it marks.
  private static func readStep(_ step: String) -> (
    String, [IngredientMeasurement], Bool, cookware: [Cookware], unclosed: [String]
  ) {
    var text = ""
    var found: [IngredientMeasurement] = []
    var cookware: [Cookware] = []
    var unclosed: [String] = []
    var other = false
    let characters = Array(step)
    var index = 0
    while index < characters.count {
      let character = characters[index]
      guard "@#~".contains(character), let mark = markup(characters, at: index)
      else {
        text.append(character)
        other = other || !character.isWhitespace
        index += 1
        continue
      }
      let (name, amount, end) = (mark.name, mark.amount, mark.end)
      if mark.unclosed {
        unclosed.append(
          "the { after “\(character)\(name)” is not closed, so it was read as \(name)"
            + (amount.isEmpty ? "" : ", \(amount)"))
      }
      var next = end
      var whole = name
      // A note right after (`@onion{1}(diced)`, `#pan{}(large)`) is the ingredient's or the
      // cookware's, not the step's text.
      if character != "~", end < characters.count, characters[end] == "(",
        let close = characters[(end + 1)...].firstIndex(of: ")")
      {
        let note = MealRules.trimmed(String(characters[(end + 1)..<close]))
        if !note.isEmpty { whole += " (" + note + ")" }
        next = close + 1
      }
      if character == "@" {
        found.append(IngredientMeasurement(name: whole, quantity: amount))
        // An unclosed amount ran to the next mark: a space keeps the two names apart.
        text += mark.unclosed ? name + " " : name
      } else {
        other = true
        text += character == "#" || amount.isEmpty ? name : amount
        if character == "#" { cookware.append(Cookware(name: whole, quantity: amount)) }
      }
      index = next
    }
    return (text, found, !found.isEmpty && !other, cookware, unclosed)
  }

  /// The name, the amount (`qty unit`) and where the markup ends, for `@`, `#` or `~` at
  /// `start`; nil when it is not markup (`#` in `#1`, an e-mail's `@`).
  private static func markup(_ characters: [Character], at start: Int) -> Mark? {
    var index = start + 1
    // Modifiers of newer Cooklang: optional `?`, hidden `-`, recipe reference `&`, `+`.
    while index < characters.count, "?-&+".contains(characters[index]) { index += 1 }
    // Marks that are all there is (`@+{}`, `@- x{}`) are the name itself.
    if index > start + 1, let found = markup(characters, at: start, nameStart: index) {
      return found
    }
    return markup(characters, at: start, nameStart: start + 1)
  }

  /// The same, the name read from `nameStart`.
  private static func markup(_ characters: [Character], at start: Int, nameStart: Int)
    -> Mark?
  {
    let index = nameStart
    // A name with spaces runs to `{` when no other marker comes first.
    var brace: Int?
    var scan = index
    while scan < characters.count, !"@#~".contains(characters[scan]) {
      if characters[scan] == "{" {
        brace = scan
        break
      }
      scan += 1
    }
    var name: String
    var end: Int
    var amount = ""
    var braced = false
    var unclosed = false
    if let brace {
      braced = true
      name = MealRules.trimmed(String(characters[nameStart..<brace]))
      // Closed by the first `}`, unless another mark or brace comes first: then the amount
      // runs to that mark, and the file is said to be wrong there.
      let close = characters[(brace + 1)...].firstIndex(of: "}")
      let interruption = characters[(brace + 1)...].firstIndex { "{@".contains($0) }
      let stop: Int
      if let close, interruption.map({ close < $0 }) ?? true {
        stop = close
        end = close + 1
      } else {
        stop = interruption ?? characters.count
        end = stop
        unclosed = true
      }
      let inside = String(characters[(brace + 1)..<stop])
      var parts = inside.split(separator: "%", maxSplits: 1).map {
        MealRules.trimmed(String($0))
      }
      // As the official parser reads them: `1 / 2` is `1/2`, and a timer's `1.5` is `1 1/2`.
      if let quantity = parts.first {
        parts[0] = officialNumber(quantity, fractions: characters[start] == "~")
      }
      amount = parts.filter { !$0.isEmpty }.joined(separator: " ")
    } else {
      // One word: to a space or a punctuation mark (`@salt,` `@5peppers` `@🧂`).
      end = nameStart
      while end < characters.count, isWordCharacter(characters[end]) { end += 1 }
      name = String(characters[nameStart..<end])
    }
    // `@ salt` and `# 10{}` are text: a name starts right after its marker.
    guard nameStart < characters.count, !characters[nameStart].isWhitespace else { return nil }
    if characters[start] == "~" {
      // `~{10%minutes}`, `~eggs{3%minutes}`, or one word alone (`~rest`, read as the word).
      guard !name.contains(" "), braced || !name.isEmpty else { return nil }
      return Mark(name: name, amount: amount, end: end, unclosed: unclosed)
    }
    // A name that cleaning empties (control characters, an escape sequence) is none: nothing
    // would be left to write.
    guard !MealRules.isBlank(TextSanitizer.singleLine(name)) else { return nil }
    return Mark(name: name, amount: amount, end: end, unclosed: unclosed)
  }

  /// A mark read: its name, its amount (`qty unit`), where it ends, and whether its `{` was
  /// never closed (the amount then runs to the next mark).
  struct Mark {
    var name: String
    var amount: String
    var end: Int
    var unclosed = false
  }

  /// A quantity as the official parser shows it: spaces around a fraction's `/` gone; with
  /// `fractions`, a decimal of halves, quarters or eighths as a fraction (`1.5` → `1 1/2`).
  static func officialNumber(_ quantity: String, fractions: Bool) -> String {
    var text = quantity
    if text.contains("/") {
      let pieces = text.split(separator: "/", omittingEmptySubsequences: false).map {
        MealRules.trimmed(String($0))
      }
      if pieces.count == 2, pieces.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isNumber) }) {
        text = pieces.joined(separator: "/")
      }
    }
    guard fractions, text.contains("."), let value = Double(text), value > 0, value < 10_000
    else { return text }
    let whole = value.rounded(.down)
    for denominator in [2.0, 4, 8] {
      let numerator = (value - whole) * denominator
      guard abs(numerator - numerator.rounded()) < 1e-9, numerator.rounded() > 0 else { continue }
      let fraction = "\(Int(numerator.rounded()))/\(Int(denominator))"
      return whole == 0 ? fraction : "\(Int(whole)) \(fraction)"
    }
    return text
  }

  /// A character of a one-word name: not a space, a punctuation mark or an ASCII symbol.
  private static func isWordCharacter(_ character: Character) -> Bool {
    !character.isWhitespace && !character.isPunctuation
      && !(character.isASCII && character.isSymbol)
  }
}
