import Translation

/// A shop's aisles as CookCLI's `aisle.conf` writes them: the shopping list in the order a
/// person walks the shop.
///
/// ```
/// [produce]            // an aisle (no `|` in its name)
/// onion|onions|shallot // a food and the other names it goes by
/// [dairy]
/// milk
/// ```
///
/// Read as cooklang-rs reads it leniently: `//` starts a comment, lines are trimmed, a
/// repeated aisle or name and a food before any aisle are left out and said. A food is found
/// by any of its names whatever their case, else by its key (`Eggs` finds `egg`).
public struct Aisles: Equatable, Sendable {
  /// One aisle: its name and its foods, each a list of names (the first the food's own).
  public struct Aisle: Equatable, Sendable {
    public var name: String
    public var foods: [[String]]
  }

  /// The aisles in the file's order: the order of the shop.
  public private(set) var aisles: [Aisle] = []
  /// What was left out, a line each (`line 4: “milk” is named twice`).
  public private(set) var problems: [String] = []
  /// Each name's place, by its lower case and by its key.
  private var places: [String: Place] = [:]
  private var keyPlaces: [String: Place] = [:]
  /// Each name as its words, longest first, for a food named with more words around it.
  private var wordPlaces: [WordName] = []

  /// A name as its words, and where its food is.
  struct WordName: Equatable, Sendable {
    var words: [String]
    var place: Place
  }

  /// Where a food is: its aisle's index, and its own within the aisle.
  public struct Place: Equatable, Sendable, Comparable {
    public var aisle: Int
    public var food: Int

    public static func < (lhs: Place, rhs: Place) -> Bool {
      (lhs.aisle, lhs.food) < (rhs.aisle, rhs.food)
    }
  }

  /// The name the list gives foods of no known aisle.
  public static let other = "Other"

  /// An aisle's name as a list shows it: meals' own aisles (and `Other`) in the user's
  /// language, a name from the user's `aisle.conf` as they wrote it.
  public static func shown(_ name: String) -> String {
    switch name {
    case "Fruit and vegetables": trc("aisle", "Fruit and vegetables")
    case "Bakery": trc("aisle", "Bakery")
    case "Meat and fish": trc("aisle", "Meat and fish")
    case "Dairy and eggs": trc("aisle", "Dairy and eggs")
    case "Baking": trc("aisle", "Baking")
    case "Pasta, rice and grains": trc("aisle", "Pasta, rice and grains")
    case "Tins and jars": trc("aisle", "Tins and jars")
    case "Spices and seasonings": trc("aisle", "Spices and seasonings")
    case "Oils and sauces": trc("aisle", "Oils and sauces")
    case "Frozen": trc("aisle", "Frozen")
    case "Drinks": trc("aisle", "Drinks")
    case other: trc("aisle", "Other")
    default: name
    }
  }

  public init() {}

  public init(parsing text: String) {
    var seenAisles = Set<String>()
    var seenNames = Set<String>()
    for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let line = Self.content(of: raw)
      guard !line.isEmpty else { continue }
      if line.hasPrefix("["), line.hasSuffix("]"), line.count >= 2 {
        let name = String(line.dropFirst().dropLast())
        if name.contains("|") {
          problems.append("line \(number + 1): an aisle's name has no “|” (“\(name)”).")
        } else if seenAisles.contains(name) {
          problems.append("line \(number + 1): the aisle “\(name)” is there already.")
        } else {
          seenAisles.insert(name)
          aisles.append(Aisle(name: name, foods: []))
        }
        continue
      }
      var names: [String] = []
      for part in line.split(separator: "|", omittingEmptySubsequences: false) {
        let name = MealRules.trimmed(String(part))
        guard !name.isEmpty else { continue }
        guard !seenNames.contains(name) else {
          problems.append("line \(number + 1): “\(name)” is named twice.")
          continue
        }
        seenNames.insert(name)
        names.append(name)
      }
      guard !names.isEmpty else { continue }
      guard !aisles.isEmpty else {
        problems.append("line \(number + 1): “\(line)” comes before any [aisle].")
        continue
      }
      aisles[aisles.count - 1].foods.append(names)
    }
    index()
  }

  /// A line less its comment, trimmed.
  static func content(of line: Substring) -> String {
    let kept = line.firstRange(of: "//").map { line[..<$0.lowerBound] } ?? line
    return MealRules.trimmed(String(kept))
  }

  private mutating func index() {
    places = [:]
    keyPlaces = [:]
    wordPlaces = []
    for (aisleIndex, aisle) in aisles.enumerated() {
      for (foodIndex, names) in aisle.foods.enumerated() {
        let place = Place(aisle: aisleIndex, food: foodIndex)
        for name in names {
          places[name.lowercased()] = places[name.lowercased()] ?? place
          let key = IngredientKey.of(name)
          if !key.isEmpty { keyPlaces[key] = keyPlaces[key] ?? place }
          let words = Self.words(of: name)
          if !words.isEmpty { wordPlaces.append(WordName(words: words, place: place)) }
        }
      }
    }
    // The longest names first (`coconut milk` before `milk`); the file's order within a length.
    wordPlaces = wordPlaces.enumerated().sorted {
      ($1.element.words.count, $0.offset) < ($0.element.words.count, $1.offset)
    }.map(\.element)
  }

  /// A name's words in lower case, letters and digits only (`Parmigiano-Reggiano` is
  /// `parmigiano`, `reggiano`).
  static func words(of name: String) -> [String] {
    name.lowercased().split { !$0.isLetter && !$0.isNumber }.map(String.init)
  }

  /// Where the food `name` is, nil when no aisle has it: by any of its names or its key, else
  /// by the longest name its words hold (`penne rigate` is where `penne` is).
  public func place(of name: String) -> Place? {
    if let found = places[MealRules.trimmed(name).lowercased()] ?? keyPlaces[IngredientKey.of(name)]
    {
      return found
    }
    let words = Self.words(of: name)
    guard !words.isEmpty else { return nil }
    return wordPlaces.first { entry in
      entry.words.count <= words.count
        && (0...(words.count - entry.words.count)).contains { start in
          Array(words[start..<start + entry.words.count]) == entry.words
        }
    }?.place
  }

  /// The aisle's name the food is in, nil when none has it.
  public func aisle(of name: String) -> String? {
    place(of: name).map { aisles[$0.aisle].name }
  }

  // MARK: - Moving a food

  /// The file's text with the food `name` in `aisle` (at its end; a new aisle at the file's
  /// end), its line taken from where it was with all its names; the rest of the file —
  /// comments, blank lines, other foods — as it was.
  public static func moving(_ name: String, to aisle: String, in text: String) -> String {
    let food = MealRules.trimmed(name)
    let wanted = MealRules.trimmed(aisle)
    let current = Aisles(parsing: text)
    var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
    if lines.last == "" { lines.removeLast() }
    // The line that names the food now, by the same rule `place(of:)` finds it.
    if let place = current.place(of: food) {
      let names = Set(current.aisles[place.aisle].foods[place.food].map { $0.lowercased() })
      if let index = lineIndex(naming: names, in: lines) {
        // The whole food goes, its other names with it: they name it in the new aisle too.
        lines.remove(at: index)
        return appending(current.aisles[place.aisle].foods[place.food], to: wanted, in: lines)
      }
    }
    return appending([food], to: wanted, in: lines)
  }

  /// The index of the line (outside comments) whose names are `names`.
  private static func lineIndex(naming names: Set<String>, in lines: [String]) -> Int? {
    lines.indices.first { index in
      let line = content(of: Substring(lines[index]))
      guard !line.hasPrefix("[") else { return false }
      let found = line.split(separator: "|").map {
        MealRules.trimmed(String($0)).lowercased()
      }
      return !found.isEmpty && found.allSatisfy { names.contains($0) }
    }
  }

  /// `lines` with a food's line at the end of `aisle` (a new aisle at the end).
  private static func appending(_ names: [String], to aisle: String, in lines: [String])
    -> String
  {
    var lines = lines
    let entry = names.joined(separator: "|")
    if let heading = lines.firstIndex(where: { content(of: Substring($0)) == "[\(aisle)]" }) {
      // After the aisle's last line that is not blank, before the next aisle.
      var end = heading + 1
      while end < lines.count, !content(of: Substring(lines[end])).hasPrefix("[") { end += 1 }
      var at = end
      while at > heading + 1, MealRules.isBlank(lines[at - 1]) { at -= 1 }
      lines.insert(entry, at: at)
    } else {
      if let last = lines.last, !MealRules.isBlank(last) { lines.append("") }
      lines += ["[\(aisle)]", entry]
    }
    return lines.joined(separator: "\n") + "\n"
  }
}
