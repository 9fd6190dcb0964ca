/// The database schema as an ordered list of migrations.
///
/// `PRAGMA user_version` counts the migrations applied; each runs in one transaction, so a
/// failure (or a SIGKILL) leaves the previous version usable, and later versions can add
/// columns without losing data.
enum Schema {
  /// One step from version `index` to `index + 1`.
  struct Migration {
    var sql: String
    /// Rebuilds tables (SQLite's 12-step procedure): runs with foreign keys off and checks
    /// them before committing.
    var rebuildsTables = false
  }

  /// The columns a meal row has, in the order `meal` and `trash_meal` both store them.
  static let mealColumns =
    "id, mealdb_id, name, instructions, category, area, tags, thumbnail_url, source_url, "
    + "video_url, summary, created_at, updated_at"

  /// The columns of an ingredient line, in `ingredient_measurement` and `trash_measurement`.
  static let measurementColumns = "id, meal_id, position, name, quantity"

  static let migrations: [Migration] = [
    // 1: meals, their ingredient lines, the ingredient catalogue, and the local filter index.
    Migration(
      sql: """
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
        """),
    // 2: nothing is ever lost. Ids are never reused (AUTOINCREMENT), so a meal restored from
    // the trash gets its own id back; the trash keeps deleted meals and their lines exactly;
    // the Meal Editor's unsaved drafts are kept until saved or discarded.
    Migration(
      sql: """
        CREATE TABLE meal_v2 (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
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
        INSERT INTO meal_v2 (\(mealColumns)) SELECT \(mealColumns) FROM meal;
        CREATE TABLE measurement_v2 (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          meal_id INTEGER NOT NULL REFERENCES meal (id) ON DELETE CASCADE,
          position INTEGER NOT NULL,
          name TEXT NOT NULL,
          quantity TEXT NOT NULL DEFAULT ''
        );
        INSERT INTO measurement_v2 (\(measurementColumns))
          SELECT \(measurementColumns) FROM ingredient_measurement;
        DROP TABLE ingredient_measurement;
        DROP TABLE meal;
        ALTER TABLE meal_v2 RENAME TO meal;
        ALTER TABLE measurement_v2 RENAME TO ingredient_measurement;
        CREATE INDEX meal_by_name ON meal (name, id);
        CREATE INDEX measurement_by_meal ON ingredient_measurement (meal_id, position);

        CREATE TABLE trash_meal (
          id INTEGER PRIMARY KEY,
          deleted_seq INTEGER NOT NULL UNIQUE,
          deleted_at REAL NOT NULL,
          mealdb_id TEXT,
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
        CREATE INDEX trash_by_time ON trash_meal (deleted_at);
        CREATE TABLE trash_measurement (
          id INTEGER PRIMARY KEY,
          meal_id INTEGER NOT NULL REFERENCES trash_meal (id) ON DELETE CASCADE,
          position INTEGER NOT NULL,
          name TEXT NOT NULL,
          quantity TEXT NOT NULL DEFAULT ''
        );
        CREATE INDEX trash_measurement_by_meal ON trash_measurement (meal_id, position);

        CREATE TABLE draft (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          meal_id INTEGER,
          owner_pid INTEGER NOT NULL,
          updated_at REAL NOT NULL,
          body TEXT NOT NULL
        );
        """,
      rebuildsTables: true),
    // 3: TheMealDB's answers to the browse screens, kept so lists open at once, offline too.
    // Separate from the user's meals: a capped cache, oldest entries dropped first.
    Migration(
      sql: """
        CREATE TABLE remote_cache (
          key TEXT PRIMARY KEY,
          body BLOB NOT NULL,
          fetched_at REAL NOT NULL
        );
        CREATE INDEX remote_cache_by_age ON remote_cache (fetched_at);
        """),
  ]
}
