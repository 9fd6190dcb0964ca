import MealsCore
import Translation

/// Sort keys: integers in the same order as meals by (name_order, id), with gaps so a new or
/// renamed meal usually takes the middle of the gap between its neighbours.
///
/// The gaps are small on purpose: every filter index stores its keys as differences
/// between neighbours, and a gap under 2^14 takes two bytes there (one of 2^40 took six, and
/// doubled the indexes' size).
enum SortKeys {
  /// The gap keys are given out with: after the last meal, and when keys are spread out.
  static let spacing: Int64 = 1 << 13
  /// The key of the first meal of an empty list.
  static let first: Int64 = 1 << 40
  /// Keys spread out again leave at least this gap (seven halvings) between neighbours.
  static let minimumGap: Int64 = 1 << 7

  /// A key strictly between two neighbours' keys (nil: no neighbour that side), or nil when
  /// there is no room.
  static func between(_ lower: Int64?, _ upper: Int64?) -> Int64? {
    switch (lower, upper) {
    case (nil, nil): return first
    case (let lower?, nil): return lower <= Int64.max - spacing ? lower + spacing : nil
    case (nil, let upper?):
      return upper > spacing ? upper - spacing : (upper >= 2 ? upper / 2 : nil)
    case (let lower?, let upper?): return upper - lower >= 2 ? lower + (upper - lower) / 2 : nil
    }
  }

  /// Evenly spaced keys for `slots` places between `low` and `high` (nil: the list's start or
  /// end), at most `spacing` apart and at least `minimumGap`; nil when they do not fit.
  static func spread(_ slots: Int, low: Int64?, high: Int64?) -> (start: Int64, step: Int64)? {
    let places = Int64(slots + 1)
    switch (low, high) {
    case (nil, nil):
      return (0, spacing)
    case (let low?, nil):
      return low <= Int64.max - spacing * places ? (low, spacing) : nil
    case (nil, let high?):
      let step = min(spacing, high / places)
      return step >= minimumGap ? (high - step * places, step) : nil
    case (let low?, let high?):
      let step = min(spacing, (high - low) / places)
      return step >= minimumGap ? (low, step) : nil
    }
  }
}

extension MealStore {
  // MARK: - The filter indexes (inside a transaction)

  /// Puts meal `id` (its row already written) in name order and in the three filter indexes.
  func index(_ meal: Meal, id: Int64) throws(StoreError) {
    try db.statement("UPDATE meal SET name_order = ? WHERE id = ?").run([
      .text(nameCollation.key(meal.name)), .integer(id),
    ])
    let current = try db.statement("SELECT sort_key FROM meal WHERE id = ?").scalar([.integer(id)])
    if let current { try unindex(key: current) }
    let key: Int64
    let (lower, upper) = try neighbourKeys(of: id)
    if let current, lower.map({ $0 < current }) ?? true, upper.map({ current < $0 }) ?? true {
      key = current  // still between its neighbours: nothing moves
    } else {
      try db.statement("UPDATE meal SET sort_key = NULL WHERE id = ?").run([.integer(id)])
      key = try placeUnkeyed(id, between: lower, upper)
    }
    try addToIndexes(
      key: key, name: meal.name,
      ingredients: meal.ingredients.map(\.name).joined(separator: "\n"),
      instructions: meal.instructions)
  }

  /// Puts a batch of new meals (their rows written, no key yet) in order and in the indexes.
  ///
  /// One walk of the list in name order gives each run of new meals keys spread evenly over
  /// the gap between the keyed meals around it; a run that does not fit is placed meal by
  /// meal (spreading the keys around it). Then the indexes are written in key order.
  func indexBatch(_ meals: [Int64: Meal]) throws(StoreError) {
    try placeBatch(
      meals.mapValues {
        IndexedText(
          name: $0.name, ingredients: $0.ingredients.map(\.name).joined(separator: "\n"),
          instructions: $0.instructions)
      })
  }

  /// What the filter indexes hold of a meal.
  struct IndexedText {
    var name: String
    var ingredients: String
    var instructions: String
  }

  /// `indexBatch` for meals given by their indexed text.
  func placeBatch(_ meals: [Int64: IndexedText]) throws(StoreError) {
    let collation = nameCollation
    let setOrder = try db.statement("UPDATE meal SET name_order = ? WHERE id = ?")
    for (id, meal) in meals { try setOrder.run([.text(collation.key(meal.name)), .integer(id)]) }
    let order = try db.statement("SELECT id, sort_key FROM meal ORDER BY name_order, id").rows {
      (id: $0.int(0), key: $0.isNull(1) ? nil : Optional($0.int(1)))
    }
    var keys: [(key: Int64, id: Int64)] = []
    var crowded: [Int64] = []
    var run: [Int64] = []
    var lower: Int64?
    func place(upTo upper: Int64?) {
      guard !run.isEmpty else { return }
      if let (start, step) = SortKeys.spread(run.count, low: lower, high: upper) {
        for (offset, id) in run.enumerated() { keys.append((start + step * Int64(offset + 1), id)) }
      } else {
        crowded += run
      }
      run = []
    }
    for row in order {
      if let key = row.key {
        place(upTo: key)
        lower = key
      } else if meals[row.id] != nil {
        run.append(row.id)
      }
    }
    place(upTo: nil)
    let setKey = try db.statement("UPDATE meal SET sort_key = ? WHERE id = ?")
    for (key, id) in keys { try setKey.run([.integer(key), .integer(id)]) }
    for (key, id) in keys.sorted(by: { $0.key < $1.key }) {
      guard let meal = meals[id] else { continue }
      try addToIndexes(
        key: key, name: meal.name, ingredients: meal.ingredients, instructions: meal.instructions)
    }
    for id in crowded {
      guard let meal = meals[id] else { continue }
      let (lower, upper) = try neighbourKeys(of: id)
      let key = try placeUnkeyed(id, between: lower, upper)
      try addToIndexes(
        key: key, name: meal.name, ingredients: meal.ingredients, instructions: meal.instructions)
    }
  }

  /// Takes the meal with sort key `key` out of the filter indexes (before its row goes).
  func unindex(key: Int64) throws(StoreError) {
    // The two indexes without text of their own are told what they held, from meal_fts.
    try db.statement(
      """
      INSERT INTO meal_grams (meal_grams, rowid, grams)
      SELECT 'delete', rowid, \(SubstringGrams.functionName)(name, ingredients, instructions)
      FROM meal_fts WHERE rowid = ?
      """
    ).run([.integer(key)])
    try db.statement(
      """
      INSERT INTO meal_trigram (meal_trigram, rowid, name, ingredients, instructions)
      SELECT 'delete', rowid, name, ingredients, instructions FROM meal_fts WHERE rowid = ?
      """
    ).run([.integer(key)])
    try db.statement("DELETE FROM meal_fts WHERE rowid = ?").run([.integer(key)])
  }

  private func addToIndexes(key: Int64, name: String, ingredients: String, instructions: String)
    throws(StoreError)
  {
    let values: [SQLValue] = [.integer(key), .text(name), .text(ingredients), .text(instructions)]
    try db.statement(
      "INSERT INTO meal_fts (rowid, name, ingredients, instructions) VALUES (?, ?, ?, ?)"
    ).run(values)
    try db.statement(
      "INSERT INTO meal_trigram (rowid, name, ingredients, instructions) VALUES (?, ?, ?, ?)"
    ).run(values)
    try db.statement(
      "INSERT INTO meal_grams (rowid, grams) VALUES (?, \(SubstringGrams.functionName)(?, ?, ?))"
    ).run(values)
  }

  // MARK: - Order

  /// Gives meal `id` (keyless) a key between its neighbours' `lower` and `upper`, spreading
  /// the keys around it when the gap has no room left.
  private func placeUnkeyed(_ id: Int64, between lower: Int64?, _ upper: Int64?)
    throws(StoreError) -> Int64
  {
    var key = SortKeys.between(lower, upper)
    if key == nil {
      try spreadKeys(around: id)
      let (lower, upper) = try neighbourKeys(of: id)
      key = SortKeys.between(lower, upper)
    }
    guard let key else {
      throw StoreError(.failure, tr("No room left in the list's order; nothing was saved."))
    }
    try db.statement("UPDATE meal SET sort_key = ? WHERE id = ?").run([.integer(key), .integer(id)])
    return key
  }

  /// The sort keys of the meals just before and just after meal `id` in name order.
  private func neighbourKeys(of id: Int64) throws(StoreError) -> (Int64?, Int64?) {
    (
      try keys(of: id, before: true, count: 1).first,
      try keys(of: id, before: false, count: 1).first
    )
  }

  /// The sort keys of up to `count` meals before (nearest first) or after meal `id`.
  private func keys(of id: Int64, before: Bool, count: Int) throws(StoreError) -> [Int64] {
    guard
      let name = try db.statement("SELECT name_order FROM meal WHERE id = ?").rows(
        [.integer(id)], { $0.text(0) }
      ).first
    else { return [] }
    let sql =
      before
      ? """
      SELECT sort_key FROM meal WHERE (name_order, id) < (?, ?) AND sort_key IS NOT NULL
      ORDER BY name_order DESC, id DESC LIMIT ?
      """
      : """
      SELECT sort_key FROM meal WHERE (name_order, id) > (?, ?) AND sort_key IS NOT NULL
      ORDER BY name_order, id LIMIT ?
      """
    return try db.statement(sql).rows([.text(name), .integer(id), .integer(Int64(count))]) {
      $0.int(0)
    }
  }

  /// Spreads the keys of the meals around meal `id` evenly, taking a wider stretch of the
  /// list until the keys around it leave room (see `SortKeys.spread`).
  ///
  /// Rare: a gap halves with each meal put into it. Each meal that moves moves in the three
  /// indexes too.
  private func spreadKeys(around id: Int64) throws(StoreError) {
    var reach = 8
    while true {
      let before = try keys(of: id, before: true, count: reach + 1)
      let after = try keys(of: id, before: false, count: reach + 1)
      // The keys that bound the stretch stay; nil where the stretch reaches an end.
      let low = before.count > reach ? before[reach] : nil
      let high = after.count > reach ? after[reach] : nil
      let lower = Array(before.prefix(reach).reversed())
      let upper = Array(after.prefix(reach))
      if let (start, step) = SortKeys.spread(lower.count + upper.count + 1, low: low, high: high) {
        // Places 1…n in order; the meal being placed takes the one after `lower`.
        let targets =
          lower.indices.map { start + step * Int64($0 + 1) }
          + upper.indices.map { start + step * Int64(lower.count + $0 + 2) }
        try move(lower + upper, to: targets)
        return
      }
      reach *= 4
    }
  }

  /// Gives the meals with sort keys `keys` the keys `targets`, in their rows and indexes.
  private func move(_ keys: [Int64], to targets: [Int64]) throws(StoreError) {
    // Through negative keys first, so no key is ever held twice.
    for (index, (from, to)) in zip(keys, targets).enumerated() where from != to {
      try moveKey(from, to: -Int64(index) - 1)
    }
    for (index, (from, to)) in zip(keys, targets).enumerated() where from != to {
      try moveKey(-Int64(index) - 1, to: to)
    }
  }

  private func moveKey(_ from: Int64, to: Int64) throws(StoreError) {
    guard
      let (name, ingredients, instructions) = try db.statement(
        "SELECT name, ingredients, instructions FROM meal_fts WHERE rowid = ?"
      ).rows([.integer(from)], { ($0.text(0), $0.text(1), $0.text(2)) }).first
    else {
      try db.statement("UPDATE meal SET sort_key = ? WHERE sort_key = ?").run([
        .integer(to), .integer(from),
      ])
      return
    }
    try unindex(key: from)
    try db.statement("UPDATE meal SET sort_key = ? WHERE sort_key = ?").run([
      .integer(to), .integer(from),
    ])
    try addToIndexes(key: to, name: name, ingredients: ingredients, instructions: instructions)
  }
}
