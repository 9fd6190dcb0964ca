import Fixtures
import MealsCore
import TestSupport
import XCTest

@testable import MealsStore

/// A test case with a fresh database file per test.
class StoreTestCase: XCTestCase {
  var folder: TemporaryFolder!
  var path: String { folder.path("meals.sqlite") }

  override func setUpWithError() throws {
    folder = try TemporaryFolder()
  }

  override func tearDown() {
    folder.remove()
  }

  /// What migrations 19 and on made, taken away by a test that makes a file of an earlier
  /// version out of a new one (a migration added later adds its own here).
  static let tablesAfter18 =
    """
    DROP TABLE cook_log; DROP TABLE cook_log_removed; DROP TABLE meal_cooked;
    DROP TABLE meal_version;

    """ + madeBy21

  /// What migration 21 made (the name order), taken away.
  static let madeBy21 = """
    DROP INDEX meal_by_name_order; ALTER TABLE meal DROP COLUMN name_order;
    DROP INDEX meal_by_category; CREATE INDEX meal_by_category ON meal (category, name, id);
    DROP INDEX meal_by_area; CREATE INDEX meal_by_area ON meal (area, name, id);
    DROP INDEX meal_by_difficulty; CREATE INDEX meal_by_difficulty ON meal (difficulty, name, id);
    """

  func openStore() throws -> MealStore {
    try MealStore(path: path)
  }

  static let soup = Meal(
    name: "Chicken Soup",
    instructions: "In the pot\nSimmer for an hour.\nSeason.",
    sectionTitles: ["In the pot"],
    category: "Chicken",
    area: "British",
    tags: ["Soup", "Warming"],
    ingredients: [
      IngredientMeasurement(name: "Chicken", quantity: "1 whole"),
      IngredientMeasurement(name: "Carrots", quantity: "2"),
      IngredientMeasurement(name: "Carrots", quantity: "1 more"),
    ])

  /// Stores `meal` through a draft and returns its id.
  func save(_ meal: Meal, in store: MealStore) throws -> Int64 {
    var draft = MealDraft(of: nil)
    draft.meal = meal
    return try store.commit(draft)
  }

  /// Every row of every table, as text: to compare database contents.
  func contents(of store: MealStore) throws -> [String] {
    var rows: [String] = []
    let meals = store.meals()
    for index in 0..<meals.count {
      guard let summary = meals.row(at: index), let meal = try store.meal(id: summary.id) else {
        continue
      }
      rows.append("\(meal)")
    }
    let ingredients = store.ingredients()
    for index in 0..<ingredients.count {
      rows.append("\(String(describing: ingredients.row(at: index)))")
    }
    return rows
  }
}

/// Records store notifications.
final class ListenerSpy: StoreListener {
  var calls = 0
  func storeDidChange(_ store: MealStore) { calls += 1 }
}

extension StoreTestCase {
  /// Writes a database as version 1 of the schema made it, with `count` meals of 3 lines each
  /// and a small catalogue: the file an earlier meals left behind.
  static func makeVersion1Database(at path: String, meals count: Int) throws {
    try EarlierDatabase.version1(at: path, meals: count)
  }

  /// Writes a database as version 4 of the schema left it: version 1's meals and catalogue,
  /// moved on by migrations 2–4, and one meal in Chinese, its filter row keyed by its id.
  static func makeVersion4Database(at path: String, meals count: Int) throws {
    try makeVersion1Database(at: path, meals: count)
    let db = try SQLiteConnection(path: path)
    for version in 1..<4 {
      let migration = Schema.migrations[version]
      if migration.rebuildsTables { try db.execute("PRAGMA foreign_keys = OFF") }
      try db.transaction { () throws(StoreError) in
        try db.execute(migration.sql)
        try db.execute("PRAGMA user_version = \(version + 1)")
      }
      try db.execute("PRAGMA foreign_keys = ON")
    }
    try db.transaction { () throws(StoreError) in
      try db.execute(
        firstSchemaMeal(
          id: 1, name: "Kung Pao 宫保鸡丁", ingredients: "鸡肉", instructions: "Fry & serve."))
    }
    db.close()
  }

  /// SQL adding a meal to a book of the first schema (its row and its word index's), with
  /// no lines; the texts without quotes.
  static func firstSchemaMeal(id: Int, name: String, ingredients: String, instructions: String)
    -> String
  {
    """
    INSERT INTO meal (id, name, instructions, summary, created_at, updated_at)
      VALUES (\(id), '\(name)', '\(instructions)', '', 0, 0);
    INSERT INTO meal_fts (rowid, name, ingredients, instructions)
      VALUES (\(id), '\(name)', '\(ingredients)', '\(instructions)');
    """
  }
}
