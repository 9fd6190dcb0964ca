import MealsCore

extension MealStore {
  /// True on first launch: the ingredient catalogue has not been imported yet.
  public func isCatalogueEmpty() throws(StoreError) -> Bool {
    try db.statement("SELECT EXISTS (SELECT 1 FROM ingredient)").scalar() == 0
  }

  public var ingredientCount: Int {
    Int((try? db.statement("SELECT count(*) FROM ingredient").scalar()) ?? 0)
  }

  /// Replaces the whole catalogue in one transaction: all of it is stored, or none.
  ///
  /// Names equal but for case are merged, keeping the first and any description it lacks.
  public func replaceCatalogue(_ ingredients: [Ingredient]) throws(StoreError) {
    try db.transaction { () throws(StoreError) in
      try db.execute("DELETE FROM ingredient")
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
