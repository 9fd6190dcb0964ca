import MealsCore

extension MealStore {
  // MARK: - Shopping list

  /// Every item on the shopping list, in the order added (none, said, when it cannot be read).
  public func shoppingItems() -> [ShoppingItem] {
    reading([]) { () throws(StoreError) in try readShoppingItems() }
  }

  /// The same, or why it could not be read (a screen keeps what it showed).
  public func readShoppingItems() throws(StoreError) -> [ShoppingItem] {
    try db.statement(
      """
      SELECT id, meal_name, ingredient, measure, ticked, buy_anyway FROM shopping_item
      ORDER BY id
      """
    ).rows {
      ShoppingItem(
        id: $0.int(0), mealName: $0.text(1), ingredient: $0.text(2), measure: $0.text(3),
        ticked: $0.int(4) != 0, buyAnyway: $0.int(5) != 0)
    }
  }

  /// Whether a meal has items on the list already, under any of its references (`id:12`
  /// when saved, `mealdb:52771` when from TheMealDB: one meal may have been added as both).
  public func isOnShoppingList(mealRefs: [MealRef]) -> Bool {
    guard !mealRefs.isEmpty else { return false }
    let marks = Array(repeating: "?", count: mealRefs.count).joined(separator: ", ")
    return reading(false) { () throws(StoreError) in
      try db.statement(
        "SELECT EXISTS (SELECT 1 FROM shopping_item WHERE meal_ref IN (\(marks)))"
      ).scalar(mealRefs.map { .text($0.stored) }) == 1
    }
  }

  /// Adds a meal's ingredients, measures as given (already scaled), in one transaction.
  public func addToShoppingList(
    mealRef: MealRef, mealName: String, ingredients: [IngredientMeasurement]
  ) throws(StoreError) {
    try db.transaction { () throws(StoreError) in
      try insertShoppingItems(mealRef: mealRef, mealName: mealName, ingredients: ingredients)
    }
    didCommit()
  }

  /// The planned meals' ingredients, each meal at its planned servings, in one transaction;
  /// returns how many meals had ingredients to add.
  @discardableResult
  public func addPlanToShoppingList(_ entries: [PlanEntry]) throws(StoreError) -> Int {
    let added = try db.transaction { () throws(StoreError) -> Int in
      var added = 0
      for entry in entries {
        guard let meal = try meal(id: entry.mealID), !meal.ingredients.isEmpty else { continue }
        try insertShoppingItems(
          mealRef: .saved(entry.mealID), mealName: MealRules.trimmed(meal.name),
          ingredients: Servings(for: meal, servings: entry.servings).lines(of: meal))
        added += 1
      }
      return added
    }
    didCommit()
    return added
  }

  private func insertShoppingItems(
    mealRef: MealRef, mealName: String, ingredients: [IngredientMeasurement]
  ) throws(StoreError) {
    let insert = try db.statement(
      """
      INSERT INTO shopping_item (meal_ref, meal_name, ingredient, measure, added_at)
      VALUES (?, ?, ?, ?, ?)
      """)
    for line in ingredients where !MealRules.isBlank(line.name) {
      try insert.run([
        .text(mealRef.stored), .text(mealName), .text(line.name), .text(line.quantity),
        .real(clock()),
      ])
    }
  }

  /// Ticks or unticks items.
  public func setTicked(_ ticked: Bool, items: [Int64]) throws(StoreError) {
    let now = clock()
    try db.transaction { () throws(StoreError) in
      let update = try db.statement(
        "UPDATE shopping_item SET ticked = ?, ticked_at = ? WHERE id = ?")
      for id in items { try update.run([.integer(ticked ? 1 : 0), .real(now), .integer(id)]) }
    }
    didCommit()
  }

  /// Ticks (or unticks) an item as of `time` (seconds since 1970); whether it was applied.
  ///
  /// Not when it was ticked or unticked later than that: the later word wins.
  @discardableResult
  public func setTicked(_ ticked: Bool, item: Int64, at time: Double) throws(StoreError) -> Bool {
    let applied = try db.transaction { () throws(StoreError) -> Bool in
      let later = try db.statement(
        "SELECT 1 FROM shopping_item WHERE id = ? AND ticked_at > ?"
      ).rows([.integer(item), .real(time)]) { _ in true }
      guard later.isEmpty else { return false }
      try db.statement("UPDATE shopping_item SET ticked = ?, ticked_at = ? WHERE id = ?").run([
        .integer(ticked ? 1 : 0), .real(time), .integer(item),
      ])
      return true
    }
    if applied { didCommit() }
    return applied
  }

  /// Marks items to be bought even though the pantry has them (or not any more).
  public func setBuyAnyway(_ anyway: Bool, items: [Int64]) throws(StoreError) {
    try db.transaction { () throws(StoreError) in
      let update = try db.statement("UPDATE shopping_item SET buy_anyway = ? WHERE id = ?")
      for id in items { try update.run([.integer(anyway ? 1 : 0), .integer(id)]) }
    }
    didCommit()
  }

  /// Removes every ticked item; returns how many went.
  @discardableResult
  public func removeTickedShoppingItems() throws(StoreError) -> Int {
    let count = try db.transaction { () throws(StoreError) -> Int in
      let count = try db.statement("SELECT count(*) FROM shopping_item WHERE ticked = 1").scalar()
      try db.statement("DELETE FROM shopping_item WHERE ticked = 1").run()
      return Int(count ?? 0)
    }
    didCommit()
    return count
  }
}
