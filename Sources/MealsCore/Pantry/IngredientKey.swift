import FoundationEssentials

/// An ingredient's name as a key, so the shopping list and the pantry match what a cook
/// would: case and accents aside, `of flour` as flour, and a plural as its singular (`eggs`
/// is `egg`, `tomatoes` is `tomato`, `berries` is `berry`).
public enum IngredientKey {
  /// The key of `name`: folded, trimmed, each word singular.
  public static func of(_ name: String) -> String {
    var key = TextFolding.key(MealRules.trimmed(name))
    if key.hasPrefix("of ") { key.removeFirst(3) }
    return key.split(separator: " ").map { singular(String($0)) }.joined(separator: " ")
  }

  /// Whether `ingredient` is what `wanted` names: the same key, or one that ends in its words
  /// (`plain flour` is flour, `olive oil` is oil; `chicken stock` is no chicken).
  public static func matches(_ ingredient: String, _ wanted: String) -> Bool {
    guard !wanted.isEmpty, ingredient.hasSuffix(wanted) else { return false }
    return ingredient.count == wanted.count
      || ingredient.dropLast(wanted.count).last == " "
  }

  /// An English plural's singular, by the rules that hold for kitchen words; words it does not
  /// know to be plural stay (`asparagus`, `hummus`, `couscous`, `molasses`, `swiss`).
  static func singular(_ word: String) -> String {
    guard word.count > 3, word.hasSuffix("s"), word.allSatisfy(\.isLetter) else { return word }
    if unchanged.contains(word) { return word }
    if let irregular = irregular[word] { return irregular }
    if word.hasSuffix("ies") { return String(word.dropLast(3)) + "y" }
    if word.hasSuffix("oes") || word.hasSuffix("ches") || word.hasSuffix("shes")
      || word.hasSuffix("xes") || word.hasSuffix("sses")
    {
      return String(word.dropLast(2))
    }
    if word.hasSuffix("ss") || word.hasSuffix("us") || word.hasSuffix("is") { return word }
    return String(word.dropLast())
  }

  /// Words ending in s that are no plural.
  private static let unchanged: Set<String> = [
    "molasses", "couscous", "hummus", "asparagus", "swiss", "gras", "series", "species",
  ]

  /// Plurals the rules would get wrong.
  private static let irregular: [String: String] = [
    "leaves": "leaf", "loaves": "loaf", "halves": "half", "knives": "knife", "shelves": "shelf",
    "cookies": "cookie", "anchovies": "anchovy", "chives": "chive",
  ]
}
