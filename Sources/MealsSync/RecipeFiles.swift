import MealsStore

/// Which file in the folder holds which saved meal, both ways, read once a sync for the steps
/// after the meals' (the shopping list's references, the plan's).
struct RecipeFiles {
  /// The file (`Beef/Beef Stew.cook`) of each synced meal, by row id.
  let path: [Int64: String]
  /// The meal's row id by its file, the path in lower case.
  private let ids: [String: Int64]
  /// The same, by the path as earlier menus wrote it (`(` and `)` as `[` and `]`).
  private let bracketed: [String: Int64]

  /// Meals by a path their file had before it moved (a menu written before the rename).
  private let former: [String: Int64]

  init(store: MealStore) throws(SyncError) {
    do {
      path = try store.syncedPaths()
      former = try store.formerSyncPaths()
    } catch {
      throw SyncError(error.message)
    }
    ids = Dictionary(
      path.map { ($0.value.lowercased(), $0.key) }, uniquingKeysWith: { first, _ in first })
    bracketed = Dictionary(
      path.filter { $0.value.contains("(") }.map {
        (
          $0.value.lowercased().replacingEvery("(", with: "[").replacingEvery(")", with: "]"),
          $0.key
        )
      }, uniquingKeysWith: { first, _ in first })
  }

  /// The saved meal whose file is `recipe` (case aside).
  ///
  /// Menus written before paths kept their parentheses say `Stew [2]` for `Stew (2).cook`.
  func mealID(_ recipe: String) -> Int64? {
    if let id = ids[recipe.lowercased()] { return id }
    if recipe.contains("["), let id = bracketed[recipe.lowercased()] { return id }
    return former[recipe.lowercased()]
  }

  /// The file a reference means now: itself, or where its meal's file moved.
  func current(_ recipe: String) -> String {
    mealID(recipe).flatMap { path[$0] } ?? recipe
  }
}
