/// A recipe's title as a page gives it, cleaned of what a site adds to every title: the word
/// for "recipe" after a separator (`Mizeria - przepis`, `Arretjescake – recept`) and a rating
/// (`… - (4.8/5)`).
///
/// (The site's own name after `by` was tried as a rule too: it helped one development set
/// and cost the other a page, so it is not one.)
enum PageTitle {
  /// `sites`: the site's own names (its `og:site_name`, its host's name), taken off the end
  /// after a separator (`Green Shakshuka - Farmhouse Delivery`).
  static func cleaned(_ title: String, sites: [String] = []) -> String {
    let siteKeys = Set(sites.map(letters).filter { !$0.isEmpty })
    var text = MealRules.trimmed(title.replacingEvery("\u{00A0}", with: " "))
    var changed = true
    while changed {
      changed = false
      for separator in separators {
        guard let range = text.lastRange(ofText: separator) else { continue }
        let tail = MealRules.trimmed(String(text[range.upperBound...]))
        let head = MealRules.trimmed(String(text[..<range.lowerBound]))
        guard !head.isEmpty, isDecoration(tail) || siteKeys.contains(letters(tail)) else {
          continue
        }
        text = head
        changed = true
        break
      }
    }
    return text
  }

  /// A name's letters and digits, lower case: `Farmhouse Delivery` is the host's
  /// `farmhousedelivery`.
  static func letters(_ name: String) -> String {
    String(name.lowercased().filter { $0.isLetter || $0.isNumber })
  }

  /// The names a site goes by: `og:site_name`, and its host less `www.` and the ending
  /// (`www.swissmilk.ch` is `swissmilk` and `swissmilk.ch`).
  static func siteNames(siteName: String?, address: String?) -> [String] {
    var names = siteName.map { [$0] } ?? []
    if let address, let scheme = address.firstRange(ofText: "://") {
      let rest = address[scheme.upperBound...]
      var host = String(rest.prefix { $0 != "/" && $0 != ":" && $0 != "?" }).lowercased()
      if host.hasPrefix("www.") { host.removeFirst(4) }
      let labels = host.split(separator: ".")
      if labels.count >= 2 {
        names.append(host)
        names.append(String(labels[labels.count - 2]))
      }
    }
    return names
  }

  /// Words a page's landmarks say, never a recipe's title (`navigation` in a hidden `h1`).
  static let landmarks: Set<String> = [
    "navigation", "main navigation", "menu", "main menu", "skip to content", "skip to main content",
    "search", "header", "footer", "breadcrumb", "breadcrumbs", "site navigation",
  ]

  /// Whether a title is only a landmark's word.
  static func isLandmark(_ title: String) -> Bool {
    landmarks.contains(MealRules.trimmed(title).lowercased())
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
