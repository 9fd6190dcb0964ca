/// The words an ingredient line measures with, in the languages the page reader knows: what
/// `IngredientLine` reads as a quantity's unit, size, container or vague amount.
enum IngredientWords {
  // MARK: - Units

  /// Units written after an amount (`2 cloves`, `1 Prise`, `3 dl`).
  ///
  /// Weights and volumes (every spelling `MeasureUnit` knows), counts and containers, lengths,
  /// and the same in French, German, Spanish, Italian, Dutch, Portuguese, Polish and Swedish.
  /// Lower case; several words allowed (`c. à soupe`, `colheres de sopa`); a full stop after
  /// any is allowed.
  static let units: Set<String> = {
    var words = Set(MeasureUnit.spellings.keys)
    words.formUnion(counts)
    words.formUnion(containers)
    words.formUnion([
      "c", "cl", "dl", "cc", "mg", "cm", "mm", "inch", "inches", "in", "pkg", "pkgs",
      // French.
      "c. à soupe", "c. à café", "c. à s.", "c. à c.", "c.à.s", "c.à.c", "càs", "càc", "cs",
      "cuillère à soupe", "cuillères à soupe", "cuillère à café", "cuillères à café",
      "cuil. à soupe", "cuil. à café", "pincée", "pincées", "gousse", "gousses", "botte", "bottes",
      "brin", "brins", "verre", "verres", "tasse", "tasses", "tranche", "tranches", "noix",
      "feuille", "feuilles",
      // German.
      "el", "tl", "essl", "teel", "esslöffel", "teelöffel", "prise", "prisen", "zehe", "zehen",
      "bund", "msp", "messerspitze", "becher", "stück", "stk", "scheibe", "scheiben", "zweig",
      "zweige", "handvoll", "würfel", "blatt", "blätter", "tassen",
      // Spanish.
      "cucharada", "cucharadas", "cucharadita", "cucharaditas", "cda", "cdas", "cdta", "cdtas",
      "pizca", "pizcas", "diente", "dientes", "taza", "tazas", "vaso", "vasos", "ramita",
      "ramitas", "manojo", "chorrito", "pellizco",
      // Italian.
      "cucchiaio", "cucchiai", "cucchiaino", "cucchiaini", "spicchio", "spicchi", "bicchiere",
      "bicchieri", "pizzico", "rametto", "rametti", "mazzetto", "tazza", "tazze", "fetta",
      "fette",
      // Dutch.
      "eetlepel", "eetlepels", "theelepel", "theelepels", "teen", "tenen", "teentje",
      "teentjes", "snufje", "snuf", "takje", "takjes", "plak", "plakken", "kopje", "kopjes",
      // Portuguese.
      "colher de sopa", "colheres de sopa", "colher de chá", "colheres de chá",
      "colher (sopa)", "colheres (sopa)", "colher (chá)", "colheres (chá)", "xícara", "xícaras",
      "xícara de chá", "xícaras de chá", "xícara (chá)", "xícaras (chá)", "xic", "pitada",
      "pitadas", "dente", "dentes", "copo", "copos", "maço", "maços", "ramo",
      // Polish.
      "łyżka", "łyżki", "łyżek", "łyżeczka", "łyżeczki", "łyżeczek", "szklanka", "szklanki",
      "szklanek", "szczypta", "szczypty", "ząbek", "ząbki", "ząbków", "pęczek", "plaster",
      "plastry", "garść",
      // Swedish.
      "msk", "tsk", "krm", "st", "klyfta", "klyftor", "knippe", "nypa", "skiva", "skivor",
    ])
    return words
  }()

  /// Units of things counted (`2 cloves`, `a pinch`).
  static let counts: Set<String> = [
    "clove", "cloves", "bunch", "bunches", "pinch", "pinches", "dash", "dashes", "handful",
    "handfuls", "slice", "slices", "sprig", "sprigs", "stalk", "stalks", "stick", "sticks",
    "head", "heads", "piece", "pieces", "sheet", "sheets", "knob", "knobs", "drop", "drops",
    "splash", "splashes", "drizzle", "cube", "cubes", "rasher", "rashers", "strip", "strips",
    "ear", "ears", "bulb", "bulbs", "wedge", "wedges", "scoop", "scoops", "loaf", "loaves",
    "dollop", "dollops", "sprinkle", "squeeze", "shot", "shots", "glass", "glasses", "block",
    "blocks", "bar", "bars", "leaf", "stem", "stems", "link", "links",
  ]

  /// What food comes in, which may follow a measure (`400g tin`, `1 x 7g sachet`).
  static let containers: Set<String> = [
    "can", "cans", "tin", "tins", "jar", "jars", "pack", "packs", "packet", "packets",
    "package", "packages", "bag", "bags", "box", "boxes", "bottle", "bottles", "carton",
    "cartons", "tub", "tubs", "sachet", "sachets", "punnet", "punnets", "envelope", "envelopes",
    "container", "containers", "pot", "pots", "piece", "pieces",
    // In the other languages.
    "dose", "dosen", "pck", "päckchen", "packung", "packungen", "glas", "gläser", "boîte",
    "boîtes", "sachet", "lata", "latas", "sobre", "sobres", "barattolo", "confezione",
    "bustina", "blik", "blikken", "zakje", "zakjes", "pakje", "puszka", "puszki", "opakowanie",
    "burk", "burkar", "paket", "påse",
  ]

  /// Units that measure with no amount before them (`pinch of salt`, `snufje zout`).
  static let vagueUnits: Set<String> = [
    "pinch", "dash", "handful", "splash", "drizzle", "knob", "sprinkle", "squeeze", "dollop",
    "pincée", "prise", "pizca", "pizzico", "pitada", "snufje", "szczypta", "nypa", "handvoll",
    "garść", "chorrito", "pellizco",
  ]

  /// The longest unit among a line's next words (up to four), lower case.
  static let longestUnit = units.map { $0.split(separator: " ").count }.max() ?? 1

  // MARK: - Sizes and amounts in words

  /// Words of size or fullness between an amount and its unit or food (`1 large onion`,
  /// `1 heaped tsp`).
  static let sizes: Set<String> = [
    "small", "medium", "large", "big", "extra-large", "x-large", "jumbo", "heaped", "heaping",
    "level", "rounded", "generous", "scant", "good", "whole", "thick", "thin", "mini",
    "medium-sized", "large-sized", "small-sized",
  ]

  /// Numbers written as words (`two garlic cloves`), and amounts that are no number.
  static let numbers: Set<String> = [
    "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
    "twelve", "half", "dozen",
  ]

  /// `a`, `an`, `a few`, `a couple`, `several`: an amount when a unit (or `of`) follows.
  static let articles: [[String]] = [
    ["a", "few"], ["a", "couple"], ["a", "little"], ["a"], ["an"], ["several"], ["some"],
  ]

  /// Amounts said in words with no unit after them (`etwas Pfeffer`).
  static let vagueAmounts: Set<String> = [
    "etwas", "some", "wat", "lite", "trochę", "un peu", "un poco", "un po'",
  ]

  // MARK: - Around the food

  /// Words that join a quantity to its food and belong to neither (`of`, `de`, `d'`).
  static let connectors: Set<String> = ["of", "de", "di", "del", "della", "do", "da"]
  /// Connectors written onto the food's first word (`d'ail`, `d’olive`, `dell'olio`).
  static let elisions = ["d'", "d’", "dell'", "dell’", "l'", "l’"]

  /// Phrases ending a line that stand for its quantity (`salt, to taste`), lower case.
  static let trailing: [String] = [
    "to taste", "as needed", "as required", "to serve", "for serving", "to garnish",
    "for garnish", "for garnishing", "for dusting", "for frying", "for deep-frying",
    "for deep frying", "for greasing", "for brushing", "for drizzling", "to drizzle", "q.b.", "q.b",
    "qb", "a gosto",
    "à gosto", "al gusto", "a gusto", "nach geschmack", "nach belieben", "au goût", "naar smaak",
    "efter smak", "do smaku", "to taste (optional)",
  ]

  /// Words before an amount that make part of the quantity (`juice of 1 lemon`).
  static let prefixes: [String] = [
    "juice and zest of", "zest and juice of", "juice of", "zest of", "grated zest of",
    "finely grated zest of",
  ]

  // MARK: - Japanese and Chinese

  /// Counters written right after the number (`1個`, `500克`).
  static let counters: Set<Character> = [
    "個", "本", "枚", "片", "合", "杯", "袋", "缶", "束", "玉", "株", "尾", "切",
    "个", "克", "勺", "根", "瓣", "颗", "只", "块", "碗", "斤", "两", "条", "张",
  ]
  /// Counters of more than one character.
  static let longCounters = ["かけ", "毫升", "汤匙", "茶匙", "大匙", "小匙"]
  /// Units written before the number (`大さじ1`).
  static let unitsBefore = ["大さじ", "小さじ", "カップ", "大匙", "小匙", "汤匙", "茶匙"]
  /// Amounts in words (`少々`, `适量`).
  static let cjkVague = ["少々", "適量", "適宜", "少量", "ひとつまみ", "お好みで", "适量", "少许"]
}
