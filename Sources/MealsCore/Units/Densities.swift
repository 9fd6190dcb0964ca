import FoundationEssentials

/// Grams in a cup of the ingredients whose weight by volume is well known, for reading a cup
/// of flour as grams (marked `≈`: a cup of flour weighs what the cook's scoop packs).
///
/// Grams per US cup (236.6 ml) as King Arthur Baking's Ingredient Weight Chart gives them,
/// rounded to the gram; the common names of each. An ingredient matches when its name (before
/// any comma or bracket) ends in one of them, the longest first: `unsalted butter, softened`
/// is butter, `peanut butter` is not, nor are `butter beans`, `flour tortillas` or `rice
/// vinegar`.
enum Densities {
  static let gramsPerCup: [(names: [String], grams: Double)] = [
    (["all-purpose flour", "all purpose flour", "plain flour", "flour"], 120),
    (["bread flour", "strong flour", "strong white flour"], 120),
    (["whole wheat flour", "wholemeal flour"], 113),
    (["self-raising flour", "self-rising flour", "self raising flour"], 113),
    (["cake flour"], 113),
    (["almond flour", "ground almonds", "almond meal"], 96),
    (["rye flour"], 106),
    (["cornmeal", "polenta"], 138),
    (["cornstarch", "cornflour", "corn starch"], 112),
    (["sugar", "granulated sugar", "white sugar", "caster sugar", "superfine sugar"], 198),
    (["brown sugar", "light brown sugar", "dark brown sugar", "soft brown sugar"], 213),
    (["powdered sugar", "icing sugar", "confectioners sugar", "confectioners' sugar"], 113),
    (["butter", "unsalted butter", "salted butter"], 227),
    (["rice", "white rice", "long grain rice", "basmati rice", "jasmine rice"], 198),
    (["arborio rice", "risotto rice"], 200),
    (["rolled oats", "oats", "porridge oats", "oatmeal"], 89),
    (["cocoa powder", "cocoa"], 84),
    (["honey"], 336),
    (["maple syrup"], 312),
    (["golden syrup", "corn syrup"], 312),
    (["molasses", "treacle"], 337),
    (["peanut butter"], 270),
    (["chocolate chips"], 170),
    (["desiccated coconut", "shredded coconut"], 85),
    (["raisins", "sultanas"], 149),
    (["grated parmesan", "parmesan"], 100),
    (["breadcrumbs", "panko"], 50),
    (["semolina"], 163),
    (["quinoa"], 177),
    (["lentils"], 192),
    (["chopped walnuts", "walnuts"], 113),
    (["chopped pecans", "pecans"], 113),
  ]

  /// Names to grams per cup, each name's words folded once.
  private static let table: [(words: [String], grams: Double)] = gramsPerCup.flatMap { entry in
    entry.names.map { (words(of: $0), entry.grams) }
  }.sorted { $0.words.count > $1.words.count }

  /// The grams in a US cup of `ingredient`, nil when its weight by volume is not well known.
  static func gramsPerCup(of ingredient: String) -> Double? {
    let head = ingredient.prefix { $0 != "," && $0 != "(" }
    let name = words(of: String(head))
    guard !name.isEmpty else { return nil }
    for entry in table
    where name.count >= entry.words.count
      && name.suffix(entry.words.count).elementsEqual(entry.words)
    {
      return entry.grams
    }
    return nil
  }

  /// Lower-case words, accents and punctuation aside, a plural `s` kept (`oats`).
  private static func words(of text: String) -> [String] {
    TextFolding.key(text).split { !$0.isLetter && $0 != "'" && $0 != "-" }.map(String.init)
  }
}
