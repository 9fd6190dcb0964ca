import FoundationEssentials

/// Where a meal's steps name its ingredients, so a .cook file marks them there (`Whisk the
/// @eggs{3}`) as Cooklang means, rather than in a list the official parser reads as a step.
extension Cooklang {
  /// One ingredient marked in a step: its line, where its name starts and ends in the line
  /// (in characters), and the ingredient.
  struct Mention {
    var line: Int
    var start: Int
    var end: Int
    var ingredient: IngredientMeasurement
    /// Whether the step names it without its note, written as Cooklang's note after the mark.
    var noted = false
  }

  /// The ingredients no step names (listed before the method, in order) and where the others
  /// are named; nil when marking them in the steps would change what is read back.
  ///
  /// Read back, the list comes first and then the steps' marks in the text's order: so each
  /// ingredient is marked at its first mention after the one before it, and one no step names
  /// may only come before every marked one. Groups (read from their sections), names that are
  /// not plain words, and a name listed twice (a second bare mention refers to the first) keep
  /// the whole list. A mention matches the name as written, between word boundaries.
  static func mentions(of ingredients: [IngredientMeasurement], in lines: [String])
    -> (listed: [IngredientMeasurement], marked: [Mention])?
  {
    guard !ingredients.isEmpty, !ingredients.hasGroups else { return nil }
    // A name with a note (`onion (diced)`) is named by the step without it: `@onion{1}(diced)`.
    let names = ingredients.map { withNote($0.name) }
    let keys = names.map { $0.0.lowercased() }
    guard Set(keys).count == keys.count, names.allSatisfy({ isPlainName($0.0) }) else {
      return nil
    }
    let texts = lines.map(Array.init)
    var listed: [IngredientMeasurement] = []
    var marked: [Mention] = []
    var line = 0
    var offset = 0
    for (ingredient, (name, note)) in zip(ingredients, names) {
      if let found = firstMention(Array(name), in: texts, line: line, offset: offset) {
        marked.append(
          Mention(
            line: found.line, start: found.start, end: found.start + name.count,
            ingredient: ingredient, noted: note != nil))
        line = found.line
        offset = found.start + name.count
      } else if marked.isEmpty {
        listed.append(ingredient)
      } else {
        return nil
      }
    }
    return marked.isEmpty ? nil : (listed, marked)
  }

  /// A name Cooklang reads the same between `@` and `{`: a letter first (or, as the spec reads
  /// `#7-inch pan{}`, a digit where `digitFirst`), then letters, digits, spaces, hyphens and
  /// apostrophes, no space at either end.
  private static func isPlainName(_ name: String, digitFirst: Bool = false) -> Bool {
    guard let first = name.first, first.isLetter || (digitFirst && first.isNumber),
      name.last.map({ $0 != " " }) ?? false
    else {
      return false
    }
    return name.allSatisfy { $0.isLetter || $0.isNumber || " -'’".contains($0) }
      && !name.contains("  ")
  }

  /// The first place at or after (`line`, `offset`) where `name` stands as a word of its own
  /// and `free` (line, start) holds; never before `(`, which would read as a note.
  private static func firstMention(
    _ name: [Character], in texts: [[Character]], line: Int = 0, offset: Int = 0,
    where free: (Int, Int) -> Bool = { _, _ in true }
  ) -> (line: Int, start: Int)? {
    for index in line..<texts.count {
      let text = texts[index]
      var from = index == line ? offset : 0
      while let start = wordStart(name, in: text, from: from) {
        let end = start + name.count
        if end == text.count || text[end] != "(", free(index, start) { return (index, start) }
        from = start + 1
      }
    }
    return nil
  }

  /// The first place at or after `from` where `name` stands as a word of its own in `text` (no
  /// letter or digit either side), in characters; in any letter case with `ignoringCase`.
  static func wordStart(
    _ name: [Character], in text: [Character], from: Int = 0, ignoringCase: Bool = false
  ) -> Int? {
    guard !name.isEmpty, from >= 0 else { return nil }
    let same: (Character, Character) -> Bool =
      ignoringCase ? { $0 == $1 || $0.lowercased() == $1.lowercased() } : { $0 == $1 }
    let bounded = { (character: Character?) in
      character.map { !$0.isLetter && !$0.isNumber } ?? true
    }
    var start = from
    while start + name.count <= text.count {
      if same(text[start], name[0]),
        zip(text[start..<start + name.count], name).allSatisfy(same),
        bounded(start == 0 ? nil : text[start - 1]),
        bounded(start + name.count < text.count ? text[start + name.count] : nil)
      {
        return start
      }
      start += 1
    }
    return nil
  }

  /// Cookware marked in a step: its line, where its name starts and ends (in characters).
  struct CookwareMark {
    var line: Int
    var start: Int
    var end: Int
    var cookware: Cookware
  }

  /// Where each utensil is marked: at its first mention that no other mark takes.
  ///
  /// The longest names choose first (`frying pan` before `pan`), then by name, so the places
  /// do not hang on the list's order; the marks come back in the text's order, and that is
  /// the order the meal keeps. Never inside an ingredient's mark nor before `(` (that would
  /// read as a note); one the steps do not name so is not marked.
  static func cookwareMarks(of cookware: [Cookware], in lines: [String], avoiding: [Mention])
    -> [CookwareMark]
  {
    guard !cookware.isEmpty else { return [] }
    let texts = lines.map(Array.init)
    var taken = avoiding.map { (line: $0.line, start: $0.start, end: $0.end) }
    var marks: [CookwareMark] = []
    let choosing = cookware.map { (item: $0, name: Array(withNote($0.name).0)) }
      .sorted { ($0.name.count, String($1.name)) > ($1.name.count, String($0.name)) }
    for (item, name) in choosing where isPlainName(String(name), digitFirst: true) {
      let found = firstMention(name, in: texts) { line, start in
        !taken.contains { $0.line == line && $0.start < start + name.count && start < $0.end }
      }
      guard let found else { continue }
      let end = found.start + name.count
      marks.append(CookwareMark(line: found.line, start: found.start, end: end, cookware: item))
      taken.append((found.line, found.start, end))
    }
    return marks.sorted { ($0.line, $0.start) < ($1.line, $1.start) }
  }

  /// The lines of a meal's steps as a .cook file writes them (blank lines out), a section's
  /// title or a note as "" (no mark goes there).
  static func stepLines(of meal: Meal) -> [String] {
    stepLines(lines(of: meal), titles: sectionTitles(of: meal))
  }

  /// `lines` with a section's title or a note as "".
  static func stepLines(_ lines: [String], titles: Set<String>) -> [String] {
    lines.map { titles.contains($0) || $0.hasPrefix(">") ? "" : $0 }
  }

  /// The instructions' lines as a .cook file writes them: trimmed, blank lines out.
  static func lines(of meal: Meal) -> [String] {
    meal.instructions.split(separator: "\n").map { MealRules.trimmed(String($0)) }
      .filter { !$0.isEmpty }
  }

  /// The titles written as Cooklang sections; one a section line cannot hold (`=`, `= Sauce
  /// =`: the reader trims the marks) stays a line of text.
  static func sectionTitles(of meal: Meal) -> Set<String> {
    Set(meal.sectionTitles.filter { !$0.isEmpty && $0.first != "=" && $0.last != "=" })
  }

  /// Where a meal's ingredients and cookware are marked in its `steps` (its `stepLines`), and
  /// the ingredients listed apart (nil: all of them).
  static func marks(of meal: Meal, steps: [String]) -> (
    named: (listed: [IngredientMeasurement], marked: [Mention])?, cookware: [CookwareMark]
  ) {
    let named = mentions(of: meal.ingredients, in: steps)
    return (named, cookwareMarks(of: meal.cookware, in: steps, avoiding: named?.marked ?? []))
  }
}
