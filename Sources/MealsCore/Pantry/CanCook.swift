/// What can be cooked from what is at home: meals by how many of their ingredients are
/// missing, none first.
public enum CanCook {
  /// What a meal may lack and still be listed, unless the reader says (`meals can-cook`, the
  /// What can I cook screen as it opens).
  public static let defaultMissing = 3

  /// The meals ranked, fewer missing first.
  ///
  /// A tie goes to more ingredients at home (the fuller use of the pantry), then the name
  /// (folded here; a book ranks by its own name order, `byName` below), then the id. `most`:
  /// only the meals missing at most so many.
  public static func ranked(
    _ meals: [(id: Int64, name: String, ingredients: [String])], pantry: Pantry, most: Int? = nil
  ) -> [CookableMeal] {
    ranked(
      meals.map { meal in
        (meal.id, meal.name, meal.ingredients.map { ($0, IngredientKey.of($0)) })
      }, most: most, atHome: pantry.has(key:))
  }

  /// The same for lines whose keys are known (the store keeps them), `atHome` telling
  /// whether a key is in the pantry.
  public static func ranked(
    _ meals: [(id: Int64, name: String, lines: [(name: String, key: String)])], most: Int?,
    atHome: (String) -> Bool
  ) -> [CookableMeal] {
    ranking(meals, most: most, atHome: atHome).meals
  }

  /// The same, kept as numbers (`CookableRanking`).
  public static func ranking(
    _ meals: [(id: Int64, name: String, lines: [(name: String, key: String)])], most: Int?,
    atHome: (String) -> Bool, byName: [Int]? = nil
  ) -> CookableRanking {
    var names = BookTexts()
    var keys = BookTexts()
    var lines: [BookLine] = []
    var spans: [(id: Int64, name: String, lines: Range<Int>)] = []
    spans.reserveCapacity(meals.count)
    for meal in meals {
      let start = lines.count
      for line in meal.lines {
        lines.append(BookLine(name: names.number(line.name), key: keys.number(line.key)))
      }
      spans.append((meal.id, meal.name, start..<lines.count))
    }
    return ranking(
      spans, lines: lines, names: names.texts, keys: keys.texts, most: most, atHome: atHome,
      byName: byName)
  }

  /// The places of `meals` in name order (folded, then by id): a ranking's order within each
  /// group, which a caller may work out while it reads the lines (`byName` below).
  public static func nameOrder(_ meals: [(id: Int64, name: String)]) -> [Int] {
    RankOrder.sorted(
      count: meals.count, group: { _ in 0 }, name: { meals[$0].name }, id: { meals[$0].id })
  }

  /// The rule itself, over lines numbered into the book's distinct `names` and `keys`.
  ///
  /// Each meal's lines are `lines[meal.lines]`.
  public static func ranking(
    _ meals: [(id: Int64, name: String, lines: Range<Int>)], lines: [BookLine], names: [String],
    keys: [String], most: Int?, atHome: (String) -> Bool, byName: [Int]? = nil
  ) -> CookableRanking {
    ranking(
      ids: meals.map(\.id), mealNames: MealNames(meals.map(\.name)), spans: meals.map(\.lines),
      lines: lines, names: names, keys: keys, most: most, atHome: atHome, byName: byName)
  }

  /// The same over meals given as columns: the meal at place `p` is `ids[p]`, named
  /// `mealNames[p]`, its lines `lines[spans[p]]`.
  ///
  /// A book of 100 000 meals names some 1 500 ingredients in 900 000 lines: each name and key
  /// is looked at once, not at every line, and no meal's name is made a string.
  /// `byName`: `nameOrder(meals)` when already known, so only the groups are sorted here.
  public static func ranking(
    ids: [Int64], mealNames: MealNames, spans: [Range<Int>], lines: [BookLine], names: [String],
    keys: [String], most: Int?, atHome: (String) -> Bool, byName: [Int]? = nil
  ) -> CookableRanking {
    // Per key: at home, missing, or no key (a line that names no food); per name: its number
    // among the short forms, given when first missing.
    let noKey: Int8 = 0
    let home: Int8 = 1
    let away: Int8 = 2
    var keyState = [Int8](repeating: -1, count: keys.count)
    var shortNumbers = [Int32](repeating: -1, count: names.count)
    var shortNames = BookTexts()
    // The meals listed, unsorted: where each is in `meals`, what it has and where its missing
    // lines are in `missing`.
    var listed: [Int32] = []
    var haves: [Int32] = []
    var starts: [Int32] = [0]
    var missing: [Int32] = []
    listed.reserveCapacity(ids.count)
    haves.reserveCapacity(ids.count)
    starts.reserveCapacity(ids.count + 1)
    var seen: [Int32] = []
    for place in ids.indices {
      let start = missing.count
      // A meal's keys are few: a list is quicker to search than a set is to fill.
      seen.removeAll(keepingCapacity: true)
      var have: Int32 = 0
      for index in spans[place] {
        let line = lines[index]
        var state = keyState[Int(line.key)]
        if state < 0 {
          let key = keys[Int(line.key)]
          state = key.isEmpty ? noKey : atHome(key) ? home : away
          keyState[Int(line.key)] = state
        }
        guard state != noKey, !seen.contains(line.key) else { continue }
        seen.append(line.key)
        if state == home {
          have += 1
          continue
        }
        var short = shortNumbers[Int(line.name)]
        if short < 0 {
          short = shortNames.number(IngredientKey.shortName(names[Int(line.name)]))
          shortNumbers[Int(line.name)] = short
        }
        missing.append(short)
      }
      let lacking = missing.count - start
      if have == 0 && lacking == 0 || most.map({ lacking > $0 }) ?? false {
        missing.removeSubrange(start...)
        continue
      }
      listed.append(Int32(place))
      haves.append(have)
      starts.append(Int32(missing.count))
    }
    let group = { (index: Int) in
      Int64(starts[index + 1] - starts[index]) << 32 - Int64(haves[index])
    }
    let order: [Int]
    if let byName, byName.count == ids.count {
      order = grouped(listed: listed, byName: byName, places: ids.count, group: group)
    } else {
      order = RankOrder.sorted(
        count: listed.count, group: group, name: { mealNames[Int(listed[$0])] },
        id: { ids[Int(listed[$0])] })
    }
    var ranking = CookableRanking(
      mealNames: mealNames, shortNames: shortNames.texts, capacity: order.count,
      missing: missing.count)
    for index in order {
      let place = listed[index]
      ranking.append(
        id: ids[Int(place)], place: place,
        missing: missing[Int(starts[index])..<Int(starts[index + 1])])
    }
    return ranking
  }
}

extension CanCook {
  /// The listed meals' indices by group, each group in name order: the meals taken in
  /// `byName`'s order and put into their group's bucket (a few dozen groups), no comparison
  /// of names.
  static func grouped(
    listed: [Int32], byName: [Int], places: Int, group: (Int) -> Int64
  ) -> [Int] {
    var indexOfPlace = [Int32](repeating: -1, count: places)
    for (index, place) in listed.enumerated() { indexOfPlace[Int(place)] = Int32(index) }
    var buckets: [Int64: [Int]] = [:]
    for place in byName {
      let index = Int(indexOfPlace[place])
      guard index >= 0 else { continue }
      buckets[group(index), default: []].append(index)
    }
    var order: [Int] = []
    order.reserveCapacity(listed.count)
    for key in buckets.keys.sorted() { order += buckets[key] ?? [] }
    return order
  }
}

/// Meals ranked as `CanCook` ranks them, kept as numbers: a listing of 100 000 meals writes its
/// lines from these, without a value, a name and an array of names for each meal.
public struct CookableRanking: Sendable {
  /// Each listed meal's id, in rank order.
  public private(set) var ids: [Int64] = []
  /// Each listed meal's place in `mealNames`, in rank order.
  private var places: [Int32] = []
  private let mealNames: MealNames
  /// Where each meal's missing ingredients start in `missing` (one more, at the end).
  private var starts: [Int32] = [0]
  /// The missing ingredients as numbers into `shortNames`, meal after meal.
  private var missing: [Int32] = []
  /// Each distinct missing ingredient once, as the meals name it (a note after a comma left
  /// out).
  public let shortNames: [String]

  init(mealNames: MealNames, shortNames: [String], capacity: Int, missing lines: Int) {
    self.mealNames = mealNames
    self.shortNames = shortNames
    missing.reserveCapacity(lines)
    ids.reserveCapacity(capacity)
    places.reserveCapacity(capacity)
    starts.reserveCapacity(capacity + 1)
  }

  mutating func append(id: Int64, place: Int32, missing lines: ArraySlice<Int32>) {
    ids.append(id)
    places.append(place)
    missing.append(contentsOf: lines)
    starts.append(Int32(missing.count))
  }

  public var count: Int { ids.count }

  /// The name of the meal at `rank`.
  public func name(at rank: Int) -> String { mealNames[Int(places[rank])] }

  /// `body` given the UTF-8 bytes of the name of the meal at `rank` (no string made).
  public func withName<Result>(at rank: Int, _ body: (UnsafeBufferPointer<UInt8>) -> Result)
    -> Result
  {
    mealNames.withUTF8(Int(places[rank]), body)
  }

  /// What the meal at `rank` misses, as numbers into `shortNames`.
  public func missing(at rank: Int) -> ArraySlice<Int32> {
    missing[Int(starts[rank])..<Int(starts[rank + 1])]
  }

  /// The meals as values, for screens and JSON.
  public var meals: [CookableMeal] {
    ids.indices.map { rank in
      CookableMeal(
        id: ids[rank], name: name(at: rank),
        missing: missing(at: rank).map { shortNames[Int($0)] })
    }
  }
}

/// The order of a ranking: by a group number (fewer missing, then more at home), then by the
/// folded name (`TextFolding.key`), then by id.
enum RankOrder {
  /// The indices 0..<count in that order.
  ///
  /// Each folded name is kept as its composed (NFC) bytes, whose order is the string
  /// comparison's (it compares composed scalars, and UTF-8 keeps their order): names are
  /// compared as bytes, their first eight as one number.
  static func sorted(
    count: Int, group: (Int) -> Int64, name: (Int) -> String, id: (Int) -> Int64
  ) -> [Int] {
    var groups = [Int64](repeating: 0, count: count)
    var prefixes = [UInt64](repeating: 0, count: count)
    var ids = [Int64](repeating: 0, count: count)
    var bytes: [UInt8] = []
    var starts = [Int](repeating: 0, count: count + 1)
    for index in 0..<count {
      groups[index] = group(index)
      ids[index] = id(index)
      let text = name(index)
      let start = bytes.count
      // ASCII (most names) folds to its lower case, made here byte by byte.
      var isASCII = true
      for byte in text.utf8 {
        guard byte < 0x80 else {
          isASCII = false
          break
        }
        bytes.append((0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
      }
      if !isASCII {
        bytes.removeSubrange(start...)
        if !appendLatinFolded(text, to: &bytes) {
          bytes.removeSubrange(start...)
          bytes.append(contentsOf: TextFolding.composed(TextFolding.key(text)).utf8)
        }
      }
      starts[index + 1] = bytes.count
      var prefix: UInt64 = 0
      for (offset, byte) in bytes[start..<min(start + 8, bytes.count)].enumerated() {
        prefix |= UInt64(byte) << (56 - 8 * offset)
      }
      prefixes[index] = prefix
    }
    return bytes.withUnsafeBufferPointer { all in
      (0..<count).sorted { a, b in
        if groups[a] != groups[b] { return groups[a] < groups[b] }
        if prefixes[a] != prefixes[b] { return prefixes[a] < prefixes[b] }
        let (x, y) = (starts[a]..<starts[a + 1], starts[b]..<starts[b + 1])
        for offset in 8..<max(8, min(x.count, y.count)) {
          let (p, q) = (all[x.lowerBound + offset], all[y.lowerBound + offset])
          if p != q { return p < q }
        }
        if x.count != y.count { return x.count < y.count }
        return ids[a] < ids[b]
      }
    }
  }

  /// A name in Latin letters (below U+0250: `Crème Brûlée`, `Łódź`, `Ærøskøbing`) folded as
  /// `TextFolding.key` then `composed` fold it, made here scalar by scalar without building
  /// strings; false, appending part of it, for any other name.
  ///
  /// Each letter's decomposition without its marks, lower-cased letter by letter (as the whole
  /// is): what is left has no mark that could compose again (`İ`'s `i̇` composes with nothing).
  static func appendLatinFolded(_ text: String, to bytes: inout [UInt8]) -> Bool {
    for scalar in text.unicodeScalars {
      guard scalar.value < 0x250 else { return false }
      if scalar.isASCII {
        let byte = UInt8(scalar.value)
        bytes.append((0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
        continue
      }
      for part in TextFolding.decomposition(of: scalar)
      where part.properties.generalCategory != .nonspacingMark {
        if part.isASCII {
          let byte = UInt8(part.value)
          bytes.append((0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
        } else {
          for lower in part.properties.lowercaseMapping.unicodeScalars {
            if let encoded = UTF8.encode(lower) { bytes.append(contentsOf: encoded) }
          }
        }
      }
    }
    return true
  }
}
