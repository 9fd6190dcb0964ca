import MealsCore

/// Sort keys: integers in the same order as meals by (name, id), with gaps so a new or
/// renamed meal usually takes the middle of the gap between its neighbours.
enum SortKeys {
  /// The gap left after the last meal, and between meals when keys are first given out.
  static let spacing: Int64 = 1 << 40
  /// The key of the first meal of an empty list: room for 62 halvings before it.
  static let first: Int64 = 1 << 62
  /// Keys spread out again leave at least this gap between neighbours.
  static let minimumGap: Int64 = 1 << 20

  /// A key strictly between two neighbours' keys (nil: no neighbour that side), or nil when
  /// there is no room.
  static func between(_ lower: Int64?, _ upper: Int64?) -> Int64? {
    let low = lower ?? 0
    guard let upper else {
      if lower == nil { return first }
      let room = Int64.max - low
      return room >= 2 ? low + min(spacing, room / 2) : nil
    }
    return upper - low >= 2 ? low + (upper - low) / 2 : nil
  }
}

extension MealStore {
  // MARK: - The filter indexes (inside a transaction)

  /// Puts meal `id` (its row already written) in name order and in the three filter indexes.
  func index(_ meal: Meal, id: Int64) throws(StoreError) {
    let current = try db.statement("SELECT sort_key FROM meal WHERE id = ?").scalar([.integer(id)])
    if let current { try unindex(key: current) }
    var key = current
    let (lower, upper) = try neighbourKeys(of: id)
    if let current, lower.map({ $0 < current }) ?? true, upper.map({ current < $0 }) ?? true {
      key = current  // still between its neighbours: nothing moves
    } else {
      try db.statement("UPDATE meal SET sort_key = NULL WHERE id = ?").run([.integer(id)])
      if let room = SortKeys.between(lower, upper) {
        key = room
      } else {
        try spreadKeys(around: id)
        let (lower, upper) = try neighbourKeys(of: id)
        key = SortKeys.between(lower, upper)
      }
      guard let key else {
        throw StoreError(.failure, "No room left in the list's order; nothing was saved.")
      }
      try db.statement("UPDATE meal SET sort_key = ? WHERE id = ?").run([
        .integer(key), .integer(id),
      ])
    }
    guard let key else { return }
    try addToIndexes(
      key: key, name: meal.name,
      ingredients: meal.ingredients.map(\.name).joined(separator: "\n"),
      instructions: meal.instructions)
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

  /// The sort keys of the meals just before and just after meal `id` in (name, id) order.
  private func neighbourKeys(of id: Int64) throws(StoreError) -> (Int64?, Int64?) {
    (
      try keys(of: id, before: true, count: 1).first,
      try keys(of: id, before: false, count: 1).first
    )
  }

  /// The sort keys of up to `count` meals before (nearest first) or after meal `id`.
  private func keys(of id: Int64, before: Bool, count: Int) throws(StoreError) -> [Int64] {
    guard
      let name = try db.statement("SELECT name FROM meal WHERE id = ?").rows(
        [.integer(id)], { $0.text(0) }
      ).first
    else { return [] }
    let sql =
      before
      ? """
      SELECT sort_key FROM meal WHERE (name, id) < (?, ?) AND sort_key IS NOT NULL
      ORDER BY name DESC, id DESC LIMIT ?
      """
      : """
      SELECT sort_key FROM meal WHERE (name, id) > (?, ?) AND sort_key IS NOT NULL
      ORDER BY name, id LIMIT ?
      """
    return try db.statement(sql).rows([.text(name), .integer(id), .integer(Int64(count))]) {
      $0.int(0)
    }
  }

  /// Spreads the keys of the meals around meal `id` evenly over the keys around them, taking
  /// a wider stretch of the list until each gap is at least `SortKeys.minimumGap`.
  ///
  /// Rare (a gap halves with each meal put into it); each meal that moves moves in the
  /// three indexes too.
  private func spreadKeys(around id: Int64) throws(StoreError) {
    var reach = 16
    while true {
      let before = try keys(of: id, before: true, count: reach + 1)
      let after = try keys(of: id, before: false, count: reach + 1)
      // The stretch to spread, and the keys that bound it (kept), or the ends of the range.
      let low = before.count > reach ? before[reach] : 0
      let high = after.count > reach ? after[reach] : Int64.max
      let stretch = Array(before.prefix(reach).reversed()) + Array(after.prefix(reach))
      let step = (high - low) / Int64(stretch.count + 2)
      if step >= SortKeys.minimumGap || (before.count <= reach && after.count <= reach) {
        // The meal being placed goes between the two halves: leave its slot free.
        var targets: [Int64] = []
        for (offset, _) in stretch.enumerated() {
          let slot = offset < min(reach, before.count) ? offset + 1 : offset + 2
          targets.append(low + step * Int64(slot))
        }
        try move(stretch, to: targets)
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
