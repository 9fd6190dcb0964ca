import FoundationEssentials
import Translation

/// One recipe as a recipe manager's export holds it, on its way to becoming a meal: the
/// fields a web page has (`RecipeFields`, read by the same rules) and what only a person's own
/// book has — notes, rating, favourite, difficulty, the photo, the export's id for it.
struct ExportRecipe {
  var fields = RecipeFields()
  /// The recipe's description and notes, kept as a last section "Notes" of the steps.
  var notes: [String] = []
  /// What the recipe makes when its yield counts no people (`Makes 1 loaf`): the first note.
  var makes: String?
  var rating: Int?
  var favourite = false
  var difficulty: String?
  var photo: MealPhoto?
  var photoPath: String?
  var origin: String?

  /// The recipe's yield: servings when it counts people (`4`, `4 servings`, `Serves 4-6`);
  /// else what it makes (`1 loaf`, `12 cookies`) stays a yield, said first in the notes
  /// (`makes`: `Makes 1 loaf`) rather than read as `serves 1`.
  mutating func takeYield(_ value: JSONValue?) {
    guard let text = SchemaOrgRecipe.text(value).map(MealRules.trimmed), !text.isEmpty else {
      return
    }
    guard let count = SchemaOrgRecipe.servings(text) else { return }
    if ExportText.countsPeople(text) {
      fields.servings = count
    } else {
      let lower = text.lowercased()
      makes = lower.hasPrefix("makes") || lower.hasPrefix("yield") ? text : "Makes " + text
    }
  }

  /// Ingredient lines from a text (one a line); a line starting `#`, or ending `:` without a
  /// number, titles the group the lines after it make.
  mutating func addIngredients(_ text: String) {
    fields.addIngredients(SchemaOrgRecipe.ingredientLines(.string(text)), hashHeadings: true)
  }

  /// A recipe manager's categories as ours: the first the meal's category, the rest its tags
  /// (the meal has one category; the manager allows several).
  mutating func file(under categories: [String], tags more: [String] = []) {
    fields.category = categories.first
    fields.tags = Array(categories.dropFirst()) + more
  }

  /// The meal, or why the recipe cannot be one (named after the recipe where it has a name).
  func candidate(index: Int) -> ImportCandidate {
    var candidate = fields.candidate(index: index)
    if var meal = candidate.meal {
      let noteLines = (makes.map { [$0] } ?? []) + notes.flatMap(ExportText.lines)
      // Under their own title even with no steps before them: notes are never cooked as steps.
      if !noteLines.isEmpty {
        meal.instructions =
          ((meal.instructions.isEmpty ? [] : [meal.instructions]) + ["Notes"] + noteLines)
          .joined(separator: "\n")
        meal.sectionTitles += ["Notes"]
      }
      meal.rating = rating.map { min(max($0, 0), 5) } ?? 0
      meal.favourite = favourite
      meal.difficulty = difficulty.flatMap(ExportText.difficulty).flatMap(Difficulty.init)
      if meal.ingredients.isEmpty && meal.instructions.isEmpty {
        return ImportCandidate(place: candidate.place, problem: tr("no ingredients or steps"))
      }
      candidate = ImportCandidate(place: candidate.place, meal: meal)
    }
    candidate.photo = photo
    candidate.photoPath = photoPath
    candidate.origin = origin
    return candidate
  }
}

/// Text as exports write it: HTML or plain, CRLF or LF, numbers as text, times in words.
enum ExportText {
  /// A value as one line of plain text (tags gone, entities decoded), nil when empty.
  static func line(_ value: JSONValue?) -> String? {
    guard let text = SchemaOrgRecipe.text(value) else { return nil }
    let line = SchemaOrgRecipe.line(text)
    return line.isEmpty ? nil : line
  }

  /// A text's lines, plain, trimmed, none empty (paragraphs of a note, lines of a list).
  static func lines(_ text: String) -> [String] {
    let plain =
      HTMLText.hasTag(text) || text.contains("&")
      ? HTMLText.plain(text) : text.replacingEvery("\r\n", with: "\n")
    return plain.split(whereSeparator: \.isNewline).map {
      MealRules.trimmed($0.replacingEvery("\t", with: " "))
    }.filter { !$0.isEmpty }
  }

  /// Steps from a text, one a line; a line starting `#` (Mela's) titles a section; the
  /// numbers a writer typed before every step (`1. Rinse`, `2) Simmer`) dropped, as meals
  /// numbers steps itself.
  static func steps(_ text: String) -> [RecipeStep] {
    var steps: [RecipeStep] = []
    var chunk: [Substring] = []
    func endChunk() {
      if !chunk.isEmpty { steps += SchemaOrgRecipe.steps(.string(chunk.joined(separator: "\n"))) }
      chunk = []
    }
    for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      let trimmed = MealRules.trimmed(String(line))
      let title = MealRules.trimmed(String(trimmed.drop { $0 == "#" }))
      if trimmed.hasPrefix("#"), !title.isEmpty, !HTMLText.hasTag(trimmed) {
        endChunk()
        steps.append(RecipeStep(title, isTitle: true))
      } else {
        chunk.append(line)
      }
    }
    endChunk()
    return withoutNumbers(steps)
  }

  /// Steps less their own numbering, when every step has it and it counts 1, 2, 3.
  static func withoutNumbers(_ steps: [RecipeStep]) -> [RecipeStep] {
    var number = 0
    var stripped: [RecipeStep] = []
    for step in steps {
      if step.isTitle {
        stripped.append(step)
        continue
      }
      number += 1
      let digits = step.text.prefix { $0.isASCII && $0.isNumber }
      let rest = step.text.dropFirst(digits.count)
      guard Int(digits) == number, rest.hasPrefix(". ") || rest.hasPrefix(") ") else {
        return steps
      }
      stripped.append(RecipeStep(MealRules.trimmed(String(rest.dropFirst(2)))))
    }
    return number > 1 ? stripped : steps
  }

  /// Minutes from `PT1H30M`, `1 hr 30 mins`, `90`, `1:30`; nil for none.
  static func minutes(_ value: JSONValue?) -> Int? {
    if let number = value?.number { return DurationText.whole(number) }
    guard let text = value?.string.map(MealRules.trimmed), !text.isEmpty else { return nil }
    let parts = text.split(separator: ":")
    if parts.count == 2, let hours = Int(parts[0]), let minutes = Int(parts[1]) {
      return DurationText.whole(Double(hours * 60 + minutes))
    }
    if let plain = Double(text) { return DurationText.whole(plain) }
    return SchemaOrgRecipe.duration(text)
  }

  /// Whether a yield counts people: a number alone, or with a word for people or portions.
  static func countsPeople(_ text: String) -> Bool {
    let words = text.lowercased().split { !$0.isLetter }.map(String.init)
    let people: Set<String> = [
      "serves", "serving", "servings", "people", "persons", "person", "portions", "portion",
      "pax", "guests", "adults", "personen", "portionen", "personnes", "porciones", "persone",
      "porzioni", "pessoas", "porções",
    ]
    return words.isEmpty || words.contains(where: people.contains)
  }

  /// A rating 0–5 from a number or its text (`"4"`, `4.5`: rounded), nil for none.
  ///
  /// Ratings out of ten (Mealie's, some CSVs') are halved. A number past the top (`3e62`) is
  /// the top, never a conversion that cannot be made.
  static func rating(_ value: JSONValue?, outOf scale: Double = 5) -> Int? {
    guard let number = value?.number ?? SchemaOrgRecipe.text(value).flatMap(Double.init),
      number.isFinite, number > 0
    else { return nil }
    return Int(min(5, (number * 5 / scale).rounded()))
  }

  /// A difficulty as ours (`Beginner`, `Intermediate`, `Advanced`) from the words exports
  /// use (`Easy`, `Medium`, `Hard`…).
  static func difficulty(_ text: String) -> String? {
    let lower = text.lowercased()
    let words: [(String, [String])] = [
      ("Beginner", ["easy", "simple", "beginner"]),
      ("Intermediate", ["medium", "moderate", "intermediate"]),
      ("Advanced", ["hard", "difficult", "advanced", "expert"]),
    ]
    return words.first { $0.1.contains(where: lower.contains) }?.0
  }

  /// An amount as cooks write it: `2`, `½`, `1 ⅓`, `0.15`; empty for none.
  static func amount(_ value: Double) -> String {
    guard value.isFinite, value > 0 else { return "" }
    if value == value.rounded() && value < 1e9 { return String(Int(value)) }
    let whole = value.rounded(.down)
    let part = value - whole
    if let fraction = Quantity.fractions.first(where: { abs($0.0 - part) < 0.002 }),
      !fraction.1.isEmpty
    {
      return whole > 0 ? "\(Int(whole)) \(fraction.1)" : fraction.1
    }
    return Quantity.decimal(value)
  }

  /// An address, when the text is one (`http://` or `https://`).
  static func address(_ text: String?) -> String? {
    guard let text = text.map(MealRules.trimmed) else { return nil }
    let lower = text.lowercased()
    return lower.hasPrefix("http://") || lower.hasPrefix("https://") ? text : nil
  }

  /// Names from a list of strings, of `{"name": …}` objects, or a comma-separated text.
  static func names(_ value: JSONValue?) -> [String] {
    if let array = value?.array {
      return array.compactMap { line($0) }
    }
    guard let text = value?.string else { return [] }
    return list(text)
  }

  /// The items of a text list (`soup, quick`, `Baking;Cake`): trimmed, none empty.
  static func list(_ text: String, separator: Character = ",") -> [String] {
    text.split(separator: separator).map { MealRules.trimmed(String($0)) }.filter { !$0.isEmpty }
  }
}
