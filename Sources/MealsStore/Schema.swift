/// The database schema as an ordered list of migrations.
///
/// `PRAGMA user_version` counts the migrations applied; each runs in one transaction, so a
/// failure changes nothing and later versions can add columns without losing data.
enum Schema {
  static let migrations: [String] = [
    // 1: meals, their ingredient lines, the ingredient catalogue, and the local filter index.
    """
    CREATE TABLE meal (
      id INTEGER PRIMARY KEY,
      mealdb_id TEXT UNIQUE,
      name TEXT NOT NULL COLLATE NOCASE,
      instructions TEXT NOT NULL,
      category TEXT,
      area TEXT,
      tags TEXT NOT NULL DEFAULT '',
      thumbnail_url TEXT,
      source_url TEXT,
      video_url TEXT,
      summary TEXT NOT NULL DEFAULT '',
      created_at REAL NOT NULL,
      updated_at REAL NOT NULL
    );
    CREATE INDEX meal_by_name ON meal (name, id);
    CREATE TABLE ingredient_measurement (
      id INTEGER PRIMARY KEY,
      meal_id INTEGER NOT NULL REFERENCES meal (id) ON DELETE CASCADE,
      position INTEGER NOT NULL,
      name TEXT NOT NULL,
      quantity TEXT NOT NULL DEFAULT ''
    );
    CREATE INDEX measurement_by_meal ON ingredient_measurement (meal_id, position);
    CREATE TABLE ingredient (
      id INTEGER PRIMARY KEY,
      name TEXT NOT NULL COLLATE NOCASE UNIQUE,
      search_key TEXT NOT NULL,
      description TEXT,
      type TEXT,
      mealdb_id TEXT
    );
    CREATE VIRTUAL TABLE meal_fts USING fts5 (
      name, ingredients, instructions,
      tokenize = 'unicode61 remove_diacritics 2',
      prefix = '1 2 3'
    );
    """
  ]
}
