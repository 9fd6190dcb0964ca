import FoundationEssentials
import MealsCore

#if canImport(Glibc)
  import Glibc
#endif

/// Counts per (category, area, difficulty) summed in one read: how many meals, and each chip's
/// count.
///
/// A chip counts the meals with its value that the other facets' chosen chips admit (chips of
/// one facet add to each other). Read at every start, so rows are summed as their UTF-8 bytes
/// and a String is made per value (a few dozen), not per row (hundreds at 100 000 meals).
struct FacetSummary {
  var meals: Int
  var counts: [Chip: Int]

  /// Every meal's counts: `meal_facet`, kept exact by triggers.
  static let everyMeal = "SELECT category, area, difficulty, meals FROM meal_facet"

  /// The counts with no chip chosen: `meal_chip`'s few dozen rows, kept exact by triggers
  /// (facet 0 is the category, and every meal has one, '' for none: its sum is the count).
  static func everyChip(in db: SQLiteConnection) throws(StoreError) -> FacetSummary {
    var summary = FacetSummary(meals: 0, counts: [:])
    let facets = Schema.chipFacets
    try db.statement("SELECT facet, value, meals FROM meal_chip").forEach([]) { row in
      let facet = Int(row.int(0))
      let count = Int(row.int(2))
      guard facets.indices.contains(facet) else { return }
      if facet == 0 { summary.meals += count }
      let value = row.text(1)
      if !value.isEmpty { summary.counts[Chip(facets[facet], value)] = count }
    }
    return summary
  }

  /// Sums `rows`, a query of category, area, difficulty ('' for none) and a count of meals.
  static func read(
    in db: SQLiteConnection, rows: String = everyMeal, parameters: [SQLValue] = [],
    chips selection: ChipSelection
  ) throws(StoreError) -> FacetSummary {
    let chosen = Facet.allCases.map { facet in selection.values(of: facet).map { Array($0.utf8) } }
    func admits(_ facet: Int, _ value: UnsafeBufferPointer<UInt8>) -> Bool {
      chosen[facet].isEmpty || chosen[facet].contains { FacetTally.equal($0, value) }
    }
    var category = FacetTally()
    var area = FacetTally()
    var difficulty = FacetTally()
    var meals = 0
    let none = UnsafeBufferPointer<UInt8>(start: nil, count: 0)
    try db.statement(rows).forEach(parameters) { row in
      let count = Int(row.int(3))
      meals += count
      let values = (row.utf8(0) ?? none, row.utf8(1) ?? none, row.utf8(2) ?? none)
      let admitted = (admits(0, values.0), admits(1, values.1), admits(2, values.2))
      if admitted.1 && admitted.2 { category.add(values.0, count) }
      if admitted.0 && admitted.2 { area.add(values.1, count) }
      if admitted.0 && admitted.1 { difficulty.add(values.2, count) }
    }
    var counts: [Chip: Int] = [:]
    for (facet, tally) in zip(Facet.allCases, [category, area, difficulty]) {
      for (value, sum) in zip(tally.values, tally.sums) {
        counts[Chip(facet, String(decoding: value, as: UTF8.self))] = sum
      }
    }
    return FacetSummary(meals: meals, counts: counts)
  }
}

/// Sums per value of one facet, the values kept as bytes ('' — no value — is not counted).
struct FacetTally {
  private(set) var values: [[UInt8]] = []
  private(set) var sums: [Int] = []
  /// Where the last value was found: rows come in key order, so neighbours often share it.
  private var last = 0
  /// By value, once there are too many values to search one by one.
  private var index: [String: Int] = [:]
  static let searchLimit = 32

  mutating func add(_ value: UnsafeBufferPointer<UInt8>, _ meals: Int) {
    guard !value.isEmpty else { return }
    if last < values.count, Self.equal(values[last], value) {
      sums[last] += meals
      return
    }
    let found: Int?
    if values.count < Self.searchLimit {
      found = values.firstIndex { Self.equal($0, value) }
    } else {
      if index.isEmpty {
        for (position, known) in values.enumerated() {
          index[String(decoding: known, as: UTF8.self)] = position
        }
      }
      found = index[String(decoding: value, as: UTF8.self)]
    }
    if let found {
      last = found
      sums[found] += meals
      return
    }
    values.append(Array(value))
    sums.append(meals)
    last = values.count - 1
    if !index.isEmpty { index[String(decoding: value, as: UTF8.self)] = last }
  }

  static func equal(_ known: [UInt8], _ value: UnsafeBufferPointer<UInt8>) -> Bool {
    guard known.count == value.count else { return false }
    guard let bytes = value.baseAddress else { return true }  // both empty
    return known.withUnsafeBufferPointer { known in
      known.baseAddress.map { memcmp($0, bytes, value.count) == 0 } ?? false
    }
  }
}
