import MealsCore
import TextSafety

extension MealStore {
  /// True until TheMealDB's ingredient list has been imported (the user's own ingredients
  /// do not count: typing one in offline must not stop the import).
  public func isCatalogueEmpty() throws(StoreError) -> Bool {
    try db.statement("SELECT EXISTS (SELECT 1 FROM ingredient WHERE own = 0)").scalar() == 0
  }

  /// How many of TheMealDB's ingredients are stored.
  public var ingredientCount: Int {
    reading(0) { () throws(StoreError) in
      Int(try db.statement("SELECT count(*) FROM ingredient WHERE own = 0").scalar() ?? 0)
    }
  }

  /// Replaces TheMealDB's catalogue in one transaction: all of it is stored, or none.
  ///
  /// The user's own ingredients stay as they are (one TheMealDB also has gains its description).
  /// Names equal but for case are merged, keeping the first and any description it lacks.
  public func replaceCatalogue(_ ingredients: [Ingredient]) throws(StoreError) {
    try db.transaction { () throws(StoreError) in
      try db.execute("DELETE FROM ingredient WHERE own = 0")
      let insert = try db.statement(
        """
        INSERT INTO ingredient (name, search_key, description, type, mealdb_id)
        VALUES (?, ?, ?, ?, ?)
        ON CONFLICT (name) DO UPDATE SET
          description = coalesce(ingredient.description, excluded.description),
          type = coalesce(ingredient.type, excluded.type)
        """
      )
      for ingredient in ingredients where !MealRules.isBlank(ingredient.name) {
        try insert.run([
          .text(ingredient.name), .text(TextFolding.key(ingredient.name)),
          .optional(ingredient.hasDescription ? ingredient.description : nil),
          .optional(ingredient.type), .optional(ingredient.mealDBID),
        ])
      }
    }
    didCommit()
  }

  /// Keeps a name the user typed in the picker as an ingredient of their own, found by the
  /// picker from then on; returns the name as stored (an existing entry's, whatever its case).
  @discardableResult
  public func addOwnIngredient(_ typed: String) throws(StoreError) -> String {
    let name = MealRules.trimmed(TextSanitizer.singleLine(typed))
    guard !name.isEmpty else {
      throw StoreError(.invalid, MealRuleError.emptyIngredientName.message)
    }
    if let existing = try ingredient(like: name) { return existing }
    try db.statement("INSERT INTO ingredient (name, search_key, own) VALUES (?, ?, 1)")
      .run([.text(name), .text(TextFolding.key(name))])
    didCommit()
    return name
  }

  /// The name of the catalogue entry that is `name` but for case and accents (`gruyere` is
  /// Gruyère), if there is one.
  public func ingredient(like name: String) throws(StoreError) -> String? {
    try db.statement("SELECT name FROM ingredient WHERE search_key = ? ORDER BY own, id LIMIT 1")
      .rows([.text(TextFolding.key(MealRules.trimmed(name)))]) { $0.text(0) }.first
  }

  /// The catalogue entry with this name (case-insensitive).
  public func ingredient(named name: String) throws(StoreError) -> Ingredient? {
    try db.statement("SELECT name, description, type, mealdb_id FROM ingredient WHERE name = ?")
      .rows([.text(name)]) { row in
        Ingredient(
          name: row.text(0), description: row.optionalText(1), type: row.optionalText(2),
          mealDBID: row.optionalText(3))
      }.first
  }
}
