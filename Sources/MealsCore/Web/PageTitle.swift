/// A recipe's title as a page gives it, cleaned of what a site adds to every title: the word
/// for "recipe" after a separator (`Mizeria - przepis`, `Arretjescake – recept`) and a rating
/// (`… - (4.8/5)`).
///
/// (The site's own name after `by` was tried as a rule too: it helped one development set
/// and cost the other a page, so it is not one.)
enum PageTitle {
  static func cleaned(_ title: String) -> String {
    var text = MealRules.trimmed(title.replacingEvery("\u{00A0}", with: " "))
    var changed = true
    while changed {
      changed = false
      for separator in separators {
        guard let range = text.lastRange(ofText: separator) else { continue }
        let tail = MealRules.trimmed(String(text[range.upperBound...]))
        let head = MealRules.trimmed(String(text[..<range.lowerBound]))
        guard !head.isEmpty, isDecoration(tail) else { continue }
        text = head
        changed = true
        break
      }
    }
    return text
  }

  /// What sites put between a title and their additions.
  static let separators = [" - ", " – ", " — ", " | ", " :: ", " · "]

  /// The word for a recipe, in the languages the page reader knows.
  static let recipeWords: Set<String> = [
    "recipe", "recipes", "rezept", "rezepte", "recette", "recettes", "receta", "recetas",
    "ricetta", "ricette", "recept", "recepten", "receita", "receitas", "przepis", "przepisy",
    "opskrift", "oppskrift", "resepti", "レシピ", "食谱", "菜谱", "做法",
  ]

  /// A part a site adds: the word for recipe, or a rating (`(4.8/5)`, `4.5 stars`).
  private static func isDecoration(_ part: String) -> Bool {
    let folded = part.lowercased()
    if recipeWords.contains(folded) { return true }
    let inner = folded.trimming { $0 == "(" || $0 == ")" || $0 == " " }
    let pieces = inner.split(separator: "/")
    if pieces.count == 2, Double(pieces[0]) != nil, Double(pieces[1]) != nil { return true }
    return false
  }
}
