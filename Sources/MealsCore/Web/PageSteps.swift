/// A page's steps as a cook reads them: without the page's own numbering (meals numbers
/// steps itself), a first line that only says "Method" a heading over them, marks that are
/// no step (a lone `,`) left out.
enum PageSteps {
  /// Words that number a step before its number (`Step 1`, `Étape 2`, `Schritt 3`).
  static let stepWords = [
    "step", "étape", "etape", "schritt", "passo", "paso", "stap", "krok", "trin", "steg",
    "lépés", "korak", "adım", "bước", "langkah",
  ]

  /// The recipe with its steps cleaned.
  static func cleaned(_ recipe: RecipeFields) -> RecipeFields {
    var recipe = recipe
    recipe.steps = cleaned(recipe.steps)
    return recipe
  }

  static func cleaned(_ steps: [RecipeStep]) -> [RecipeStep] {
    var steps = steps.filter { step in step.text.contains { $0.isLetter || $0.isNumber } }
      .flatMap { step in step.isTitle ? [step] : inlineNumbered(step.text).map { RecipeStep($0) } }
    // `Zubereitung`, `Instructions:` over the steps, read with them: a heading, not a step.
    if let first = steps.first, saysMethod(first.text), steps.count > 1 {
      steps[0].isTitle = true
    }
    return withoutNumbers(steps)
  }

  /// A step that numbers the steps it holds (`1.Chop the onion 2.Fry it 3.Serve`), a step
  /// each without the numbers; the step itself when it does not count 1, 2, 3 from its start.
  static func inlineNumbered(_ text: String) -> [String] {
    let characters = Array(text)
    var starts: [(marker: Int, text: Int)] = []
    var index = 0
    while index < characters.count {
      let expected = String(starts.count + 1)
      let atBoundary = index == 0 || characters[index - 1].isWhitespace
      let end = index + expected.count
      if atBoundary, end < characters.count, String(characters[index..<end]) == expected,
        ".)、".contains(characters[end]),
        end + 1 < characters.count, !characters[end + 1].isNumber
      {
        starts.append((index, end + 1))
        index = end + 1
        continue
      }
      if starts.isEmpty && !characters[index].isWhitespace { return [text] }
      index += 1
    }
    guard starts.count >= 3 else { return [text] }
    return starts.indices.map { number in
      let end = number + 1 < starts.count ? starts[number + 1].marker : characters.count
      return MealRules.trimmed(String(characters[starts[number].text..<end]))
    }
  }

  /// True for a line that only names the method (`Modo de preparo`, `Directions:`).
  static func saysMethod(_ line: String) -> Bool {
    let bare = line.lowercased().trimming { " :.-–—".unicodeScalars.contains($0) }
    return PageSections.methodWords.contains(bare)
  }

  /// The steps less their own numbering, when every step has one and they count 1, 2, 3
  /// (again from 1 after a section's title is allowed).
  static func withoutNumbers(_ steps: [RecipeStep]) -> [RecipeStep] {
    var expected = 1
    var stripped: [RecipeStep] = []
    var counted = 0
    for step in steps {
      if step.isTitle {
        stripped.append(step)
        continue
      }
      guard let (number, rest) = numbering(step.text),
        number == expected || (number == 1 && stripped.last?.isTitle == true)
      else { return steps }
      expected = number + 1
      counted += 1
      stripped.append(RecipeStep(rest))
    }
    return counted > 1 ? stripped : steps
  }

  /// A step's own number and its text after it; nil when it starts with none.
  ///
  /// `Step 5 Mix`, `Step 6 | Mix`, `STEP 7: Mix`, `Étape 2 - Mix`.
  ///
  /// A bare number (`1. Mix`, `2- Mix`) stays: measured on the recipe pages, sites that
  /// write one mean it as part of the step's text as often as not.
  static func numbering(_ text: String) -> (Int, String)? {
    let lower = text.lowercased()
    guard let word = stepWords.first(where: { lower.hasPrefix($0 + " ") }) else { return nil }
    var rest = Substring(text).dropFirst(word.count + 1)
    let digits = rest.prefix { $0.isASCII && $0.isNumber }
    guard !digits.isEmpty, digits.count <= 3, let number = Int(digits) else { return nil }
    rest = rest.dropFirst(digits.count)
    let separator = rest.prefix { " .):|-–—/".contains($0) }
    guard !separator.isEmpty, separator.count <= 4 else { return nil }
    let after = MealRules.trimmed(String(rest.dropFirst(separator.count)))
    return after.isEmpty ? nil : (number, after)
  }
}
