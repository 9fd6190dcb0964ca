import FoundationEssentials

/// An ingredient's name as a key, so the shopping list and the pantry match what a cook
/// would: case and accents aside, `of flour` as flour, and a plural as its singular (`eggs`
/// is `egg`, `tomatoes` is `tomato`, `berries` is `berry`).
public enum IngredientKey {
  /// The key of `name`: folded, trimmed, each word singular.
  ///
  /// What only describes it goes: a note after a comma or in brackets (`onion, chopped`,
  /// `butter (softened)`), and a first word that counts or measures it, in any language the
  /// reader knows (`slices bread`, `tin of beans`, `gousses d'ail`).
  /// A name written with its measure after it (`salt to taste`, `玉ねぎ 1個`) or an elided
  /// `d'` before it (`d'ail`) is the food alone (`IngredientLine.reading`).
  public static func of(_ name: String) -> String {
    let food =
      mayHoldMeasure(name)
      ? IngredientLine.reading(IngredientMeasurement(name: name, quantity: "")).food : name
    var folded = TextFolding.key(shortName(food)).split(separator: " ").map(String.init)
    // A first word that measures it in any language the reader knows (`gousses d'ail`,
    // `Zehen Knoblauch`), and the word or elision joining it to the food, go.
    if folded.count > 1, IngredientWords.units.contains(folded[0]) {
      folded.removeFirst()
      if folded.count > 1, IngredientWords.connectors.contains(folded[0]) { folded.removeFirst() }
      if let elision = IngredientWords.elisions.first(where: { folded[0].hasPrefix($0) }),
        folded[0].count > elision.count
      {
        folded[0].removeFirst(elision.count)
      }
    }
    var words = folded.map(singular)
    if words.count > 1, counting.contains(words[0]) { words.removeFirst() }
    if words.count > 1, words[0] == "of" { words.removeFirst() }
    return words.joined(separator: " ")
  }

  /// Whether the reader can find anything in `name`: one word with no digit, fraction or
  /// apostrophe holds no measure and no elision (most names; a key is made at every write and
  /// for every line an upgrade re-keys, so they skip the reader).
  static func mayHoldMeasure(_ name: String) -> Bool {
    name.unicodeScalars.contains {
      $0.properties.isWhitespace || ("0"..."9").contains($0) || $0 == "'" || $0 == "’"
        || Quantity.vulgarFractions[Character($0)] != nil
    }
  }

  /// The name without a note after a comma or in brackets (`onion, chopped` is `onion`), as
  /// a list of what is missing says it.
  public static func shortName(_ name: String) -> String {
    var text = Substring(name)
    if let comma = text.firstIndex(where: { $0 == "," || $0 == "(" }),
      !MealRules.isBlank(String(text[..<comma]))
    {
      text = text[..<comma]
    }
    return MealRules.trimmed(String(text))
  }

  /// Words that count or hold an ingredient before its name, as singulars.
  private static let counting: Set<String> = [
    "slice", "tin", "can", "jar", "packet", "pack", "package", "bunch", "head", "handful",
    "pinch", "sprig", "stick", "piece", "knob", "dash", "splash", "bag", "box", "bottle",
    "carton", "sachet", "fillet", "rasher", "stalk", "clove", "drop",
  ]

  /// Whether `ingredient` is what `wanted` names: the same key, or one that ends in its words
  /// (`plain flour` is flour, `olive oil` is oil; `chicken stock` is no chicken).
  public static func matches(_ ingredient: String, _ wanted: String) -> Bool {
    guard !wanted.isEmpty, ingredient.hasSuffix(wanted) else { return false }
    if ingredient.count == wanted.count { return true }
    let before = ingredient.dropLast(wanted.count)
    guard before.last == " " else { return false }
    // `red pepper` is a vegetable, not the pepper of salt and pepper.
    guard let others = otherFoods[wanted] else { return true }
    return !others.contains(before.split(separator: " ").last.map(String.init) ?? "")
  }

  /// Words that make a name ending in a key another food (`bell pepper`, `rose water`).
  private static let otherFoods: [String: Set<String>] = [
    "pepper": [
      "bell", "red", "green", "yellow", "orange", "sweet", "chilli", "chili", "chile",
      "jalapeno", "jalapeño", "poblano", "padron", "piquillo", "banana", "romano", "bonnet",
      "cherry", "pimento", "italian", "hot", "roasted", "stuffed",
    ],
    "water": ["rose", "coconut", "tonic", "soda", "blossom", "flower", "sparkling"],
    "salt": ["celery", "garlic", "onion"],
  ]

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
