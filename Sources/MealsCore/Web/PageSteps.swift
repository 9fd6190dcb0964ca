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
    // `Zubereitung`, `Instructions:` over the steps, read with them: a heading, not a step.
    if let first = steps.first, saysMethod(first.text), steps.count > 1 {
      steps[0].isTitle = true
    }
    return withoutNumbers(steps)
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
