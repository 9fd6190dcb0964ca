/// How the shopping list knows which meal an item is for.
///
/// A saved meal's id, a TheMealDB id (a meal looked at but not saved), or its name when it has
/// neither. Kept in the database as text (`id:12`, `mealdb:52771`, `name:Toast`), so a meal
/// added from My Meals and again from Meal Detail is recognised either way round.
public enum MealRef: Hashable, Sendable {
  case saved(Int64)
  case mealDB(String)
  case named(String)

  /// The text the database keeps.
  public var stored: String {
    switch self {
    case .saved(let id): "id:\(id)"
    case .mealDB(let id): "mealdb:\(id)"
    case .named(let name): "name:\(name)"
    }
  }

  /// Every way a meal is known, the first kept with its items: its id in My Meals (`savedID`,
  /// also for a TheMealDB meal that is saved), its TheMealDB id, else its name.
  public static func references(of meal: Meal, savedID: Int64?) -> [MealRef] {
    var references: [MealRef] = []
    if let savedID { references.append(.saved(savedID)) }
    if let mealDBID = meal.mealDBID { references.append(.mealDB(mealDBID)) }
    return references.isEmpty ? [.named(MealRules.trimmed(meal.name))] : references
  }
}
