import MealsCore

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
    /// Its share of an upgrade's time, relative to the others (measured at 100 000 meals),
    /// for the progress line.
    var weight = 1.0
    /// The first version whose files need it: an upgrade from an earlier one only marks it
    /// done (a migration before it already left what it would make).
    var neededFrom = 0
  }

  /// The columns a meal row has, in the order `meal` and `trash_meal` both store them.
  static let mealColumns =
    "id, mealdb_id, name, instructions, category, area, tags, thumbnail_url, source_url, "
    + "video_url, summary, created_at, updated_at, " + userColumns
    + ", section_titles, uid, cookware"

  /// The user's own fields (schema 4).
  static let userColumns =
    "favourite, favourited_at, rating, total_minutes, difficulty, servings"

  /// The columns of schema 2's meal rows, for the migrations that copy them.
  static let mealColumnsV2 =
    "id, mealdb_id, name, instructions, category, area, tags, thumbnail_url, source_url, "
    + "video_url, summary, created_at, updated_at"

  /// The columns of an ingredient line, in `ingredient_measurement` and `trash_measurement`.
  static let measurementColumns = measurementColumnsV2 + ", group_title, name_key"

  /// The columns of schema 2's ingredient lines, for the migration that copies them.
  static let measurementColumnsV2 = "id, meal_id, position, name, quantity"

  /// The columns of a meal's own photo, in `meal_photo` and `trash_meal_photo`.
  static let photoColumns = "meal_id, type, bytes"

  /// The version the migrations lead to, known without building their SQL (every start
  /// asks; a test holds it to `migrations.count`).
  static let version = 21

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
        INSERT INTO meal_v2 (\(mealColumnsV2)) SELECT \(mealColumnsV2) FROM meal;
        CREATE TABLE measurement_v2 (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          meal_id INTEGER NOT NULL REFERENCES meal (id) ON DELETE CASCADE,
          position INTEGER NOT NULL,
          name TEXT NOT NULL,
          quantity TEXT NOT NULL DEFAULT ''
        );
        INSERT INTO measurement_v2 (\(measurementColumnsV2))
          SELECT \(measurementColumnsV2) FROM ingredient_measurement;
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
      rebuildsTables: true, weight: 7.5),
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
        """,
      weight: 0.1),
    // 4: the user's own fields (TheMealDB has none of them), the chips' counts, and the
    // settings the app keeps (the chosen chips).
    Migration(
      sql: """
        ALTER TABLE meal ADD COLUMN favourite INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE meal ADD COLUMN favourited_at REAL;
        ALTER TABLE meal ADD COLUMN rating INTEGER NOT NULL DEFAULT 0
          CHECK (rating BETWEEN 0 AND 5);
        ALTER TABLE meal ADD COLUMN total_minutes INTEGER;
        ALTER TABLE meal ADD COLUMN difficulty TEXT
          CHECK (difficulty IN ('Beginner', 'Intermediate', 'Advanced'));
        ALTER TABLE meal ADD COLUMN servings INTEGER;
        ALTER TABLE trash_meal ADD COLUMN favourite INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE trash_meal ADD COLUMN favourited_at REAL;
        ALTER TABLE trash_meal ADD COLUMN rating INTEGER NOT NULL DEFAULT 0;
        ALTER TABLE trash_meal ADD COLUMN total_minutes INTEGER;
        ALTER TABLE trash_meal ADD COLUMN difficulty TEXT;
        ALTER TABLE trash_meal ADD COLUMN servings INTEGER;
        -- The chips' indexes (meal_by_category, _area, _difficulty) are made by 21, in list
        -- order; books made between 4 and 20 have them by name, which 21 replaces.
        CREATE INDEX meal_favourites ON meal (favourited_at) WHERE favourite = 1;
        -- Narrow rows of the chips' columns by id: counting the meals a text filter matches
        -- reads this instead of whole meal rows.
        CREATE INDEX meal_facets_by_id ON meal (id, category, area, difficulty);
        CREATE TABLE setting (
          key TEXT PRIMARY KEY,
          value TEXT NOT NULL
        );

        -- How many meals have each (category, area, difficulty), '' for none: the chips'
        -- counts read this (a few hundred rows) instead of every meal. Triggers keep it exact.
        CREATE TABLE meal_facet (
          category TEXT NOT NULL,
          area TEXT NOT NULL,
          difficulty TEXT NOT NULL,
          meals INTEGER NOT NULL,
          PRIMARY KEY (category, area, difficulty)
        ) WITHOUT ROWID;
        \(facetCounts)
        CREATE TRIGGER meal_facet_insert AFTER INSERT ON meal BEGIN
          INSERT INTO meal_facet VALUES (
            coalesce(new.category, ''), coalesce(new.area, ''), coalesce(new.difficulty, ''), 1)
          ON CONFLICT (category, area, difficulty) DO UPDATE SET meals = meals + 1;
        END;
        CREATE TRIGGER meal_facet_delete AFTER DELETE ON meal BEGIN
          UPDATE meal_facet SET meals = meals - 1
          WHERE category = coalesce(old.category, '') AND area = coalesce(old.area, '')
            AND difficulty = coalesce(old.difficulty, '');
          DELETE FROM meal_facet WHERE meals <= 0;
        END;
        CREATE TRIGGER meal_facet_update AFTER UPDATE OF category, area, difficulty ON meal
        WHEN coalesce(old.category, '') != coalesce(new.category, '')
          OR coalesce(old.area, '') != coalesce(new.area, '')
          OR coalesce(old.difficulty, '') != coalesce(new.difficulty, '')
        BEGIN
          UPDATE meal_facet SET meals = meals - 1
          WHERE category = coalesce(old.category, '') AND area = coalesce(old.area, '')
            AND difficulty = coalesce(old.difficulty, '');
          DELETE FROM meal_facet WHERE meals <= 0;
          INSERT INTO meal_facet VALUES (
            coalesce(new.category, ''), coalesce(new.area, ''), coalesce(new.difficulty, ''), 1)
          ON CONFLICT (category, area, difficulty) DO UPDATE SET meals = meals + 1;
        END;
        """,
      weight: 5),
    // 5: a filter that keeps up at 100 000 meals, in every script. `sort_key` follows name
    // order (gaps between neighbours leave room for new meals) and is the rowid of every
    // filter index, so matches come back in name order without sorting. `meal_trigram`
    // answers CJK and punctuation of three or more characters, `meal_grams` one or two (see
    // SubstringGrams); both keep no text of their own (`meal_fts` has it). Names are put in
    // the order schema 21 keeps (`nameKeyFunction`), so it finds every meal in place.
    Migration(
      sql: """
        ALTER TABLE meal ADD COLUMN sort_key INTEGER;
        UPDATE meal SET sort_key = ranked.position * ranked.spacing
        FROM (
          SELECT id, row_number() OVER (ORDER BY \(nameKeyFunction)(name), id) AS position,
            min(\(SortKeys.spacing), 9223372036854775807 / (count(*) OVER () + 2)) AS spacing
          FROM meal
        ) AS ranked
        WHERE ranked.id = meal.id;
        DROP INDEX IF EXISTS main.meal_facets_by_id;
        -- Meals by key (the filters' join), with the chips' columns for counting matches.
        CREATE INDEX meal_by_sort_key ON meal (sort_key, category, area, difficulty);

        CREATE VIRTUAL TABLE meal_fts_v5 USING fts5 (\(wordIndexColumns));
        \(bulkHash("meal_fts_v5"))
        INSERT INTO meal_fts_v5 (rowid, name, ingredients, instructions)
          SELECT meal.sort_key, meal_fts.name, meal_fts.ingredients, meal_fts.instructions
          FROM meal_fts JOIN meal ON meal.id = meal_fts.rowid
          ORDER BY meal.sort_key;  -- in key order: three times faster to build
        \(usualHash("meal_fts_v5"))
        DROP TABLE meal_fts;
        ALTER TABLE meal_fts_v5 RENAME TO meal_fts;

        CREATE VIRTUAL TABLE meal_trigram USING fts5 (
          name, ingredients, instructions,
          tokenize = 'trigram', detail = 'none', content = ''
        );
        CREATE VIRTUAL TABLE meal_grams USING fts5 (
          grams, tokenize = 'ascii', detail = 'none', content = ''
        );
        \(substringIndexFill)
        """,
      weight: 20),
    // 6: the shopping list. Items keep the meal's name (the meal may go) and a reference to
    // it (`id:12`, or `mealdb:52771` for one not saved) to notice it being added twice.
    Migration(
      sql: """
        CREATE TABLE shopping_item (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          meal_ref TEXT NOT NULL,
          meal_name TEXT NOT NULL,
          ingredient TEXT NOT NULL,
          measure TEXT NOT NULL DEFAULT '',
          ticked INTEGER NOT NULL DEFAULT 0,
          added_at REAL NOT NULL
        );
        CREATE INDEX shopping_by_meal ON shopping_item (meal_ref);
        """,
      weight: 0.1),
    // 7: `meals list` reads only this index (its columns, in name order), not the meal rows
    // with their instructions: 100 000 meals in well under 150 ms.
    Migration(
      sql: """
        CREATE INDEX meal_listing ON meal (
          sort_key, name, mealdb_id, category, area, tags, favourite, rating, total_minutes,
          difficulty, servings
        );
        """,
      weight: 1),
    // 8: ingredients of the user's own (typed in the picker), kept apart from TheMealDB's
    // catalogue: an import replaces only TheMealDB's rows and never one of these.
    Migration(
      sql: """
        ALTER TABLE ingredient ADD COLUMN own INTEGER NOT NULL DEFAULT 0;
        """,
      weight: 0.5),
    // 9: the week plan. A day is days since 1970 (a date without clocks); entries of a meal go
    // to the trash with it (`trash_plan_entry`) and come back with it.
    Migration(
      sql: """
        CREATE TABLE plan_entry (
          \(planEntryTable)
          meal_id INTEGER NOT NULL REFERENCES meal (id) ON DELETE CASCADE
        );
        CREATE INDEX plan_by_day ON plan_entry (day, position);
        CREATE INDEX plan_by_meal ON plan_entry (meal_id);
        CREATE TABLE trash_plan_entry (
          \(planEntryTable)
          meal_id INTEGER NOT NULL REFERENCES trash_meal (id) ON DELETE CASCADE
        );
        CREATE INDEX trash_plan_by_meal ON trash_plan_entry (meal_id);
        """,
      weight: 0.1),
    // 10: how many meals have each chip (facet 0 category, 1 area, 2 difficulty; '' for none):
    // the first frame's meal count and chips read these few dozen rows instead of summing
    // `meal_facet`'s hundreds (2M instructions fewer at 100 000 meals). Triggers keep it exact.
    Migration(
      sql: """
        CREATE TABLE meal_chip (
          facet INTEGER NOT NULL,
          value TEXT NOT NULL,
          meals INTEGER NOT NULL,
          PRIMARY KEY (facet, value)
        ) WITHOUT ROWID;
        \(chipCounts)
        CREATE TRIGGER meal_chip_insert AFTER INSERT ON meal BEGIN
          \(chipCount(adding: "new"))
        END;
        CREATE TRIGGER meal_chip_delete AFTER DELETE ON meal BEGIN
          \(chipCount(removing: "old"))
        END;
        CREATE TRIGGER meal_chip_update AFTER UPDATE OF category, area, difficulty ON meal
        WHEN coalesce(old.category, '') != coalesce(new.category, '')
          OR coalesce(old.area, '') != coalesce(new.area, '')
          OR coalesce(old.difficulty, '') != coalesce(new.difficulty, '')
        BEGIN
          \(chipCount(removing: "old"))
          \(chipCount(adding: "new"))
        END;
        """,
      weight: 0.1),
    // 11: which lines of the instructions title a section (`Barbacoa`), one a line: headings
    // as the recipe writes them, not steps with a colon added.
    Migration(
      sql: """
        ALTER TABLE meal ADD COLUMN section_titles TEXT NOT NULL DEFAULT '';
        ALTER TABLE trash_meal ADD COLUMN section_titles TEXT NOT NULL DEFAULT '';
        """,
      weight: 0.01),
    // 12: the sync folder (`meals sync`). Every meal gets an id of its own that travels with
    // its file (`meals-id`), so a rename on another machine is a rename; `sync_record` keeps,
    // per synced meal, the file and what it was at the last sync (content hash, size,
    // modification time) and the meal's `updated_at` then, so an unchanged book and folder
    // are compared without reading a file.
    Migration(
      sql: """
        ALTER TABLE meal ADD COLUMN uid TEXT;
        ALTER TABLE trash_meal ADD COLUMN uid TEXT;
        UPDATE meal SET uid = \(newUID);
        UPDATE trash_meal SET uid = \(newUID);
        CREATE UNIQUE INDEX meal_by_uid ON meal (uid);
        CREATE TABLE sync_record (
          uid TEXT PRIMARY KEY,
          path TEXT NOT NULL,
          hash TEXT NOT NULL,
          size INTEGER NOT NULL,
          mtime REAL NOT NULL,
          stamp REAL NOT NULL
        ) WITHOUT ROWID;
        """,
      weight: 0.05),
    // 13: a meal's own photo (an export's, or one the user set), apart from its row so lists
    // never read it, with its twin in the trash; and the ids an export gave its recipes
    // (`paprika:1A2B…`), so importing the same export again adds nothing.
    Migration(
      sql: """
        CREATE TABLE meal_photo (
          meal_id INTEGER PRIMARY KEY REFERENCES meal (id) ON DELETE CASCADE,
          type TEXT NOT NULL,
          bytes BLOB NOT NULL
        );
        CREATE TABLE trash_meal_photo (
          meal_id INTEGER PRIMARY KEY REFERENCES trash_meal (id) ON DELETE CASCADE,
          type TEXT NOT NULL,
          bytes BLOB NOT NULL
        );
        CREATE TABLE meal_origin (
          origin TEXT PRIMARY KEY,
          meal_uid TEXT NOT NULL
        ) WITHOUT ROWID;
        """,
      weight: 0.01),
    // 14: the group an ingredient line is listed under (`For the sauce`), as recipes and
    // exports write their ingredients in parts ('' for none); and the modification time of
    // the photo beside a synced file, so a photo replaced by one of the same size is noticed.
    Migration(
      sql: """
        ALTER TABLE ingredient_measurement ADD COLUMN group_title TEXT NOT NULL DEFAULT '';
        ALTER TABLE trash_measurement ADD COLUMN group_title TEXT NOT NULL DEFAULT '';
        ALTER TABLE sync_record ADD COLUMN photo_mtime REAL;
        """,
      weight: 0.01),
    // 15: the pantry, and an index of ingredient names for "what can I cook": each line's
    // name as a key (`IngredientKey`: `Eggs` is `egg`), the keys the book holds with their
    // lines (triggers keep it), and how many keys each meal has, so a pantry is matched
    // against a few thousand names and their meals, not every meal's lines; and the shopping
    // list's items to buy although the pantry has them.
    Migration(
      sql: """
        ALTER TABLE ingredient_measurement ADD COLUMN name_key TEXT NOT NULL DEFAULT '';
        ALTER TABLE trash_measurement ADD COLUMN name_key TEXT NOT NULL DEFAULT '';
        UPDATE ingredient_measurement SET name_key = \(ingredientKeyFunction)(name);
        UPDATE trash_measurement SET name_key = \(ingredientKeyFunction)(name);
        CREATE INDEX measurement_by_key ON ingredient_measurement (name_key, meal_id);
        CREATE TABLE ingredient_key (
          key TEXT PRIMARY KEY,
          lines INTEGER NOT NULL
        ) WITHOUT ROWID;
        \(ingredientKeyCounts)
        CREATE TRIGGER ingredient_key_insert AFTER INSERT ON ingredient_measurement
        WHEN new.name_key != '' BEGIN
          INSERT INTO ingredient_key VALUES (new.name_key, 1)
            ON CONFLICT (key) DO UPDATE SET lines = lines + 1;
        END;
        CREATE TRIGGER ingredient_key_delete AFTER DELETE ON ingredient_measurement
        WHEN old.name_key != '' BEGIN
          UPDATE ingredient_key SET lines = lines - 1 WHERE key = old.name_key;
          DELETE FROM ingredient_key WHERE key = old.name_key AND lines <= 0;
        END;
        CREATE TABLE meal_key_count (
          meal_id INTEGER PRIMARY KEY REFERENCES meal (id) ON DELETE CASCADE,
          keys INTEGER NOT NULL
        );
        \(mealKeyCounts)
        ALTER TABLE shopping_item ADD COLUMN buy_anyway INTEGER NOT NULL DEFAULT 0;
        CREATE TABLE pantry_item (
          key TEXT PRIMARY KEY,
          name TEXT NOT NULL,
          amount TEXT NOT NULL DEFAULT '',
          added_at REAL NOT NULL
        ) WITHOUT ROWID;
        """,
      weight: 7.5),
    // 16: the cookware a meal's steps name (`#wok{}` in a .cook file), one a line with a tab
    // before a quantity, so a file written by hand keeps its marks when the book writes it.
    Migration(
      sql: """
        ALTER TABLE meal ADD COLUMN cookware TEXT NOT NULL DEFAULT '';
        ALTER TABLE trash_meal ADD COLUMN cookware TEXT NOT NULL DEFAULT '';
        """,
      weight: 0.01),
    // 17: when an item was last ticked or unticked, so a phone's tick sent late (made where
    // meals could not be reached) never undoes a later one.
    Migration(
      sql: """
        ALTER TABLE shopping_item ADD COLUMN ticked_at REAL;
        """,
      weight: 0.01),
    // 18: each line's name keyed again now that a key drops a first word measuring it in any
    // language the reader knows (`gousses d'ail` is the `ail` the pantry holds): only the
    // names whose key changed, found once each and updated through the key's index, the
    // pantry's counts for those keys and their meals, and the pantry's own items. A file
    // upgraded from before 15 got these keys there.
    Migration(
      sql: """
        CREATE TEMP TABLE rekey AS
          SELECT name, old, new FROM (
            SELECT name, name_key AS old, \(ingredientKeyFunction)(name) AS new
            FROM (SELECT DISTINCT name, name_key FROM ingredient_measurement)
          ) WHERE old != new;
        CREATE TEMP TABLE rekeyed_meal AS
          SELECT DISTINCT meal_id FROM ingredient_measurement
          WHERE name_key IN (SELECT old FROM rekey);
        UPDATE ingredient_measurement SET name_key = (
            SELECT new FROM rekey
            WHERE rekey.name = ingredient_measurement.name
              AND rekey.old = ingredient_measurement.name_key)
          WHERE name_key IN (SELECT old FROM rekey)
            AND EXISTS (
              SELECT 1 FROM rekey
              WHERE rekey.name = ingredient_measurement.name
                AND rekey.old = ingredient_measurement.name_key);
        DELETE FROM ingredient_key WHERE key IN (SELECT old FROM rekey UNION SELECT new FROM rekey);
        INSERT INTO ingredient_key
          SELECT name_key, count(*) FROM ingredient_measurement
          WHERE name_key IN (SELECT old FROM rekey UNION SELECT new FROM rekey) AND name_key != ''
          GROUP BY name_key;
        DELETE FROM meal_key_count WHERE meal_id IN (SELECT meal_id FROM rekeyed_meal);
        INSERT INTO meal_key_count
          SELECT meal_id, count(DISTINCT name_key) FROM ingredient_measurement
          WHERE meal_id IN (SELECT meal_id FROM rekeyed_meal) AND name_key != ''
          GROUP BY meal_id;
        UPDATE trash_measurement SET name_key = \(ingredientKeyFunction)(name)
          WHERE name_key != \(ingredientKeyFunction)(name);
        -- An item another one's new key takes keeps its own (nothing at home is lost).
        UPDATE OR IGNORE pantry_item SET key = \(ingredientKeyFunction)(name)
          WHERE key != \(ingredientKeyFunction)(name);
        DROP TABLE rekey;
        DROP TABLE rekeyed_meal;
        """,
      weight: 1, neededFrom: 15),
    // 19: the cook log: a dated entry per cooking. Entries name the meal by its uid, so they
    // follow it through the trash and to other machines, and keep its name for when it goes;
    // an entry taken back leaves its uid (`cook_log_removed`), so the sync folder's log, which
    // only grows, takes it back on the other machines too. `meal_cooked` (kept by triggers)
    // says per meal when it was last cooked and how often: what rows show, and Recently
    // Cooked's order, read from an index.
    Migration(
      sql: """
        CREATE TABLE cook_log (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          uid TEXT NOT NULL UNIQUE,
          meal_uid TEXT NOT NULL,
          meal_name TEXT NOT NULL,
          day INTEGER NOT NULL,
          servings INTEGER CHECK (servings BETWEEN 1 AND 1000),
          note TEXT NOT NULL DEFAULT '',
          rating INTEGER CHECK (rating BETWEEN 1 AND 5),
          logged_at REAL NOT NULL
        );
        CREATE INDEX cook_log_by_meal ON cook_log (meal_uid, day);
        CREATE INDEX cook_log_by_day ON cook_log (day, logged_at);
        CREATE TABLE cook_log_removed (uid TEXT PRIMARY KEY) WITHOUT ROWID;
        CREATE TABLE meal_cooked (
          meal_uid TEXT PRIMARY KEY,
          last_day INTEGER NOT NULL,
          times INTEGER NOT NULL
        ) WITHOUT ROWID;
        CREATE INDEX meal_cooked_by_day ON meal_cooked (last_day);
        CREATE TRIGGER cook_log_insert AFTER INSERT ON cook_log BEGIN
          INSERT INTO meal_cooked VALUES (new.meal_uid, new.day, 1)
            ON CONFLICT (meal_uid) DO UPDATE SET last_day = max(last_day, new.day), times = times + 1;
        END;
        CREATE TRIGGER cook_log_delete AFTER DELETE ON cook_log BEGIN
          UPDATE meal_cooked SET times = times - 1,
            last_day = coalesce((SELECT max(day) FROM cook_log WHERE meal_uid = old.meal_uid), last_day)
            WHERE meal_uid = old.meal_uid;
          DELETE FROM meal_cooked WHERE meal_uid = old.meal_uid AND times <= 0;
        END;
        """,
      weight: 0.01),
    // 20: a meal's history: each saved version (our JSON, every field) by the meal's uid, so it
    // outlives the trash. A meal's first version is kept when it is first changed (a book of
    // 100 000 imported meals is not doubled for the few that are edited).
    Migration(
      sql: """
        CREATE TABLE meal_version (
          id INTEGER PRIMARY KEY AUTOINCREMENT,
          meal_uid TEXT NOT NULL,
          saved_at REAL NOT NULL,
          meal TEXT NOT NULL
        );
        CREATE INDEX meal_version_by_meal ON meal_version (meal_uid, id);
        """,
      weight: 0.01),
    // 21: names in the order of the user's language (`NameCollation`): each meal's key in
    // `name_order`, which `sort_key` follows. The keys are written after this step, in Swift,
    // by the book's first open that knows its language (`MealStore.orderNames`); until then
    // the setting says the order is still SQLite's NOCASE.
    Migration(
      sql: """
        ALTER TABLE meal ADD COLUMN name_order TEXT;
        CREATE INDEX meal_by_name_order ON meal (name_order, id);
        -- A chip's meals in list order (`sort_key`), as the lists read them.
        DROP INDEX IF EXISTS main.meal_by_category;
        CREATE INDEX meal_by_category ON meal (category, sort_key);
        DROP INDEX IF EXISTS main.meal_by_area;
        CREATE INDEX meal_by_area ON meal (area, sort_key);
        DROP INDEX IF EXISTS main.meal_by_difficulty;
        CREATE INDEX meal_by_difficulty ON meal (difficulty, sort_key);
        INSERT OR REPLACE INTO setting (key, value) VALUES ('\(nameOrderSetting)', 'nocase');
        """,
      weight: 20),  // with the book put in order after it, its indexes built again
  ]

  /// The word index's columns and options (`meal_fts`), for schema 5 and a book put in
  /// another order (`MealStore.rekeyAll`).
  static let wordIndexColumns = """
    name, ingredients, instructions, tokenize = 'unicode61 remove_diacritics 2', prefix = '1 2 3'
    """

  /// The SQL function giving a name's key by the rules an upgrade puts the book in.
  static let nameKeyFunction = "meals_name_key"

  /// The `setting` naming the rules the book's names are in order by (a `NameCollation`).
  static let nameOrderSetting = "name order"

  /// A full-text index filled in bulk keeps 16 MB of terms in memory before it writes a
  /// segment (FTS5's `hashsize`, 1 MB by default): fewer, larger segments to merge, a filled
  /// index in half the time.
  static func bulkHash(_ table: String) -> String {
    "INSERT INTO \(table) (\(table), rank) VALUES ('hashsize', 16777216);"
  }

  /// Back to FTS5's own 1 MB once the bulk is in (a day's edits need no more).
  static func usualHash(_ table: String) -> String {
    "INSERT INTO \(table) (\(table), rank) VALUES ('hashsize', 1048576);"
  }

  // MARK: - Counts and indexes made from the rows

  // A migration makes these from the rows it finds; the upgrade from the first schema
  // (`upgradeFromFirstSchema`) from the rows it copies, with the same statements.

  /// `meal_facet`'s counts (schema 4).
  static let facetCounts = """
    INSERT INTO meal_facet
      SELECT coalesce(category, ''), coalesce(area, ''), coalesce(difficulty, ''), count(*)
      FROM meal GROUP BY 1, 2, 3;
    """

  /// `meal_chip`'s counts, from `meal_facet`'s (schema 10).
  static let chipCounts = """
    INSERT INTO meal_chip SELECT 0, category, sum(meals) FROM meal_facet GROUP BY 2;
    INSERT INTO meal_chip SELECT 1, area, sum(meals) FROM meal_facet GROUP BY 2;
    INSERT INTO meal_chip SELECT 2, difficulty, sum(meals) FROM meal_facet GROUP BY 2;
    """

  /// `ingredient_key`'s counts of lines (schema 15).
  static let ingredientKeyCounts = """
    INSERT INTO ingredient_key
      SELECT name_key, count(*) FROM ingredient_measurement WHERE name_key != ''
      GROUP BY name_key;
    """

  /// `meal_key_count`'s keys per meal (schema 15).
  static let mealKeyCounts = """
    INSERT INTO meal_key_count
      SELECT meal_id, count(DISTINCT name_key) FROM ingredient_measurement
      WHERE name_key != '' GROUP BY meal_id;
    """

  /// Fills the two substring indexes (empty) from the word index, in bulk (schema 5, and a
  /// book put in another order).
  static let substringIndexFill = """
    \(bulkHash("meal_trigram"))
    INSERT INTO meal_trigram (rowid, name, ingredients, instructions)
      SELECT rowid, name, ingredients, instructions FROM meal_fts;
    \(usualHash("meal_trigram"))
    \(bulkHash("meal_grams"))
    INSERT INTO meal_grams (rowid, grams)
      SELECT rowid, \(SubstringGrams.functionName)(name, ingredients, instructions) FROM meal_fts;
    \(usualHash("meal_grams"))
    """

  /// The SQL function giving an ingredient name's key (`IngredientKey.of`), for migration 15.
  static let ingredientKeyFunction = "meals_ingredient_key"

  /// A random version-4 UUID in SQL, lower-case, for the rows that existed before uids did.
  static let newUID = """
    lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2)
      || '-' || substr('89ab', 1 + abs(random() % 4), 1) || substr(hex(randomblob(2)), 2) || '-'
      || hex(randomblob(6)))
    """

  /// The facets `meal_chip` numbers 0, 1, 2, for its triggers and its readers alike.
  static let chipFacets: [Facet] = [.category, .area, .difficulty]

  /// Trigger statements counting the meal `row` (`new`) in `meal_chip`.
  private static func chipCount(adding row: String) -> String {
    chipFacets.enumerated().map { number, facet in
      let column = ChipCondition.column(facet)
      return """
        INSERT INTO meal_chip VALUES (\(number), coalesce(\(row).\(column), ''), 1)
            ON CONFLICT (facet, value) DO UPDATE SET meals = meals + 1;
        """
    }.joined(separator: "\n  ")
  }

  /// Trigger statements taking the meal `row` (`old`) out of `meal_chip`.
  private static func chipCount(removing row: String) -> String {
    chipFacets.enumerated().map { number, facet in
      let column = ChipCondition.column(facet)
      return """
        UPDATE meal_chip SET meals = meals - 1
            WHERE facet = \(number) AND value = coalesce(\(row).\(column), '');
        """
    }.joined(separator: "\n  ") + "\n  DELETE FROM meal_chip WHERE meals <= 0;"
  }

  /// The columns `plan_entry` and `trash_plan_entry` share, before their `meal_id`.
  private static let planEntryTable = """
    id INTEGER PRIMARY KEY AUTOINCREMENT,
      day INTEGER NOT NULL,
      slot TEXT NOT NULL CHECK (slot IN ('breakfast', 'lunch', 'dinner', 'other')),
      servings INTEGER NOT NULL CHECK (servings BETWEEN 1 AND 1000),
      note TEXT NOT NULL DEFAULT '',
      position INTEGER NOT NULL,
    """

  /// The columns of a plan entry, in both tables.
  static let planEntryColumns = "id, day, slot, servings, note, position, meal_id"
}
