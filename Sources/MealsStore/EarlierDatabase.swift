import FoundationEssentials

/// Files an earlier `meals` left behind, written as its schema made them: for the upgrade's
/// tests and its benchmark (no user file is ever written this way).
public enum EarlierDatabase {
  /// A database as version 1 of the schema made it, with `count` meals of 3 lines each (ids
  /// with gaps, as deletes leave them) and a small catalogue.
  public static func version1(at path: String, meals count: Int) throws(StoreError) {
    let db = try SQLiteConnection(path: path)
    defer { db.close() }
    try db.execute("PRAGMA journal_mode = WAL")
    try db.transaction { () throws(StoreError) in
      try db.execute(Schema.migrations[0].sql)
      try db.execute("PRAGMA user_version = 1")
      let meal = try db.statement(
        """
        INSERT INTO meal (id, mealdb_id, name, instructions, category, area, tags, summary,
          created_at, updated_at) VALUES (?, ?, ?, ?, 'Beef', 'Irish', 'Stew,Winter', ?, ?, ?)
        """)
      let line = try db.statement(
        "INSERT INTO ingredient_measurement (meal_id, position, name, quantity) VALUES (?, ?, ?, ?)"
      )
      let fts = try db.statement(
        "INSERT INTO meal_fts (rowid, name, ingredients, instructions) VALUES (?, ?, ?, ?)")
      for number in stride(from: 1, through: count, by: 1) {
        let id = Int64(number * 3)
        try meal.run([
          .integer(id), number % 2 == 0 ? .text("5\(number)") : .null, .text("Stew \(number)"),
          .text("Simmer \(number)."), .text("Beef, Onion, Stout"),
          .real(1_600_000_000.5 + Double(number)), .real(1_650_000_000.25 + Double(number)),
        ])
        for (position, name) in ["Beef", "Onion", "Stout"].enumerated() {
          try line.run([.integer(id), .integer(Int64(position)), .text(name), .text("\(number) g")])
        }
        try fts.run([
          .integer(id), .text("Stew \(number)"), .text("Beef\nOnion\nStout"),
          .text("Simmer \(number)."),
        ])
      }
      try db.execute(
        "INSERT INTO ingredient (name, search_key, description) VALUES ('Beef', 'beef', 'Meat.')")
    }
  }
}
