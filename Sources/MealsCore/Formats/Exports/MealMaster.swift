/// Meal-Master's text files (`.mmf`, `.txt`): several recipes a file, each between a
/// `MMMMM----- Recipe via Meal-Master` (or `-----`) line and `MMMMM` (or `-----`); a header of
/// `Title:`, `Categories:` and `Yield:`/`Servings:`; ingredients in fixed columns (amount,
/// two-letter unit, name), one or two to a line, `-` lines continuing the one above,
/// `MMMMM---FILLING---` lines titling groups; then the directions as wrapped paragraphs.
enum MealMaster {
  /// True for text holding a Meal-Master recipe's first line.
  static func recognises(_ text: String) -> Bool {
    text.prefix(4096).split(whereSeparator: \.isNewline).contains(where: isStart)
  }

  static func recipes(from text: String) -> [ExportRecipe] {
    var recipes: [ExportRecipe] = []
    var current: [Substring]?
    for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
      if isStart(line) {
        if let lines = current { recipes.append(recipe(from: lines)) }
        current = []
        continue
      }
      guard current != nil else { continue }
      if isEnd(line) {
        if let lines = current { recipes.append(recipe(from: lines)) }
        current = nil
        continue
      }
      current?.append(line)
    }
    if let lines = current, !lines.allSatisfy({ MealRules.isBlank(String($0)) }) {
      recipes.append(recipe(from: lines))
    }
    return recipes
  }

  // MARK: - Lines

  private static func isStart(_ line: Substring) -> Bool {
    (line.hasPrefix("MMMMM") || line.hasPrefix("-----"))
      && line.lowercased().contains("meal-master")
  }

  private static func isEnd(_ line: Substring) -> Bool {
    let trimmed = MealRules.trimmed(String(line))
    return trimmed == "MMMMM" || trimmed == "-----"
  }

  /// A group's title line (`MMMMM--------FILLING--------`): the title, else nil.
  private static func groupTitle(_ line: Substring) -> String? {
    let trimmed = MealRules.trimmed(String(line))
    guard trimmed.hasPrefix("MMMMM") || trimmed.hasPrefix("-----") || trimmed.hasPrefix("=====")
    else { return nil }
    let title = trimmed.trimmingCharacters(in: "M-= ")
    return title.isEmpty ? nil : title
  }

  /// Meal-Master's two-letter units, as a cook writes them.
  private static let units: [String: String] = [
    "x": "", "sm": "small", "md": "medium", "lg": "large", "cn": "can", "pk": "package",
    "pn": "pinch", "dr": "drop", "ds": "dash", "ct": "carton", "bn": "bunch", "sl": "slice",
    "ea": "", "t": "tsp", "ts": "tsp", "T": "tbsp", "tb": "tbsp", "fl": "fl oz", "c": "cup",
    "pt": "pint", "qt": "quart", "ga": "gallon", "oz": "oz", "lb": "lb", "ml": "ml",
    "cb": "cubic cm", "cl": "cl", "dl": "dl", "l": "l", "mg": "mg", "cg": "cg", "dg": "dg",
    "g": "g", "kg": "kg", "": "",
  ]

  /// An ingredient in a column of fixed width: amount (7), unit (2), name; nil when the text
  /// is not one.
  private static func ingredient(_ column: Substring) -> (
    amount: String, unit: String, name: String
  )? {
    let characters = Array(column)
    guard characters.count > 11, characters[7] == " ", characters[10] == " " else { return nil }
    let amount = String(characters[0..<7])
    guard amount.allSatisfy({ $0 == " " || $0.isNumber || "/.-".contains($0) }) else { return nil }
    let unit = MealRules.trimmed(String(characters[8..<10]))
    guard units[unit] != nil, characters[11] != " " else { return nil }
    return (
      kitchenAmount(MealRules.trimmed(amount)), unit, MealRules.trimmed(String(characters[11...]))
    )
  }

  /// Hundredths as Meal-Master writes them (`1.00`, `0.33`, `1.50`) in a cook's fractions
  /// (`1`, `1/3`, `1 1/2`); any other amount as written.
  static func kitchenAmount(_ amount: String) -> String {
    let parts = amount.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, parts[1].count == 2, let whole = Int(parts[0]),
      let hundredths = Int(parts[1]), parts[1].allSatisfy(\.isNumber)
    else { return amount }
    let fractions: [Int: String] = [
      0: "", 12: "1/8", 13: "1/8", 25: "1/4", 33: "1/3", 37: "3/8", 38: "3/8", 50: "1/2",
      62: "5/8", 63: "5/8", 66: "2/3", 67: "2/3", 75: "3/4", 87: "7/8", 88: "7/8",
    ]
    guard let fraction = fractions[hundredths] else { return amount }
    if fraction.isEmpty { return String(whole) }
    return whole == 0 ? fraction : "\(whole) \(fraction)"
  }

  /// True for an amount over one (`2`, `1 1/2`), which takes a unit's plural.
  private static func plural(_ amount: String) -> Bool {
    let parts = amount.split(separator: " ")
    guard let first = parts.first, let whole = Int(first) else { return false }
    return whole > 1 || (whole == 1 && parts.count > 1)
  }

  // MARK: - One recipe

  private static func recipe(from lines: [Substring]) -> ExportRecipe {
    var recipe = ExportRecipe()
    var index = 0
    // The header: `Title:`, `Categories:`, `Yield:` up to the ingredients.
    while index < lines.count {
      let line = MealRules.trimmed(String(lines[index]))
      guard let colon = line.firstIndex(of: ":"), ingredient(lines[index]) == nil else {
        if line.isEmpty {
          index += 1
          continue
        }
        break
      }
      let key = line[..<colon].lowercased()
      let value = MealRules.trimmed(String(line[line.index(after: colon)...]))
      switch key {
      case "title": recipe.fields.name = value
      case "categories":
        recipe.file(under: ExportText.list(value).filter { $0.lowercased() != "none" })
      case "yield", "servings": recipe.fields.servings = SchemaOrgRecipe.servings(value)
      default: break
      }
      index += 1
    }
    // The ingredients, one or two columns, until a line that is none of theirs.
    var left: [IngredientMeasurement] = []
    var right: [IngredientMeasurement] = []
    /// The group the lines belong to: a group title line's, once one has come.
    var group = ""
    func add(
      _ found: (amount: String, unit: String, name: String), to list: inout [IngredientMeasurement]
    ) {
      if found.amount.isEmpty && found.unit.isEmpty && found.name.hasPrefix("-"),
        let last = list.indices.last
      {
        list[last].name += " " + MealRules.trimmed(String(found.name.dropFirst()))
        return
      }
      var unit = units[found.unit] ?? found.unit
      if plural(found.amount),
        ["cup", "can", "package", "drop", "carton", "slice", "pint", "quart", "gallon"].contains(
          unit)
      {
        unit += "s"
      } else if plural(found.amount), ["pinch", "dash", "bunch"].contains(unit) {
        unit += "es"
      }
      let quantity = [found.amount, unit].filter { !$0.isEmpty }.joined(separator: " ")
      list.append(IngredientMeasurement(name: found.name, quantity: quantity, group: group))
    }
    var directions: [Substring] = []
    while index < lines.count {
      let line = lines[index]
      if MealRules.isBlank(String(line)) || groupTitle(line) != nil {
        if !left.isEmpty || !right.isEmpty, groupTitle(line) == nil,
          index + 1 < lines.count, !MealRules.isBlank(String(lines[index + 1])),
          ingredient(lines[index + 1]) == nil, groupTitle(lines[index + 1]) == nil
        {
          index += 1
          break
        }
        // A group's title closes the group before it: its right column follows its left.
        recipe.fields.supplies += left + right
        left = []
        right = []
        if let title = groupTitle(line) { group = title }
        index += 1
        continue
      }
      // A continuation written further left than its column (`  -peeled and cubed`).
      let trimmedLine = MealRules.trimmed(String(line))
      if ingredient(line) == nil, trimmedLine.hasPrefix("-"), trimmedLine.count > 1,
        !left.isEmpty
      {
        add(("", "", trimmedLine), to: &left)
        index += 1
        continue
      }
      guard let first = ingredient(line) else { break }
      // Two columns: a column is 39 wide and the second starts one space after it, at 41
      // (Meal-Master's own layout); some programs left two spaces.
      let characters = Array(line)
      if let start = [40, 41].first(where: {
        characters.count > $0 + 11 && ingredient(Substring(String(characters[$0...]))) != nil
          && characters[$0 - 1] == " "
      }), let second = ingredient(Substring(String(characters[start...]))) {
        add(
          (first.amount, first.unit, MealRules.trimmed(String(characters[11..<start]))), to: &left)
        add(second, to: &right)
      } else {
        add(first, to: &left)
      }
      index += 1
    }
    recipe.fields.supplies += left + right
    directions = Array(lines[index...])
    // The directions: paragraphs of wrapped lines; a group title line titles a section.
    var paragraph: [String] = []
    func endParagraph() {
      if !paragraph.isEmpty {
        recipe.fields.steps.append(RecipeStep(paragraph.joined(separator: " ")))
      }
      paragraph = []
    }
    for line in directions {
      if let title = groupTitle(line) {
        endParagraph()
        recipe.fields.steps.append(RecipeStep(title, isTitle: true))
        continue
      }
      let text = MealRules.trimmed(String(line))
      if text.isEmpty {
        endParagraph()
      } else {
        paragraph.append(text)
      }
    }
    endParagraph()
    return recipe
  }
}

extension String {
  /// The string less the given characters at both ends.
  fileprivate func trimmingCharacters(in set: String) -> String {
    String(self.drop { set.contains($0) }.reversed().drop { set.contains($0) }.reversed())
  }
}
