import MealsCore
import MealsStore
import TerminalUI

/// What every screen showing a meal offers for cooking: its ingredients on the shopping list
/// (`l`), the list itself (`L`), and Cook Mode (`c`).
enum Kitchen {
  /// How the shopping list knows a meal, the first one kept with its items: its id in My
  /// Meals (also for a TheMealDB meal that is saved), and its TheMealDB id; so a meal added
  /// from My Meals and again from Meal Detail is recognised either way round.
  static func references(for meal: Meal, store: MealStore) -> [String] {
    var references: [String] = []
    if let id = meal.id ?? meal.mealDBID.flatMap({ try? store.mealID(forMealDBID: $0) }) {
      references.append("id:\(id)")
    }
    if let mealDBID = meal.mealDBID { references.append("mealdb:\(mealDBID)") }
    return references.isEmpty ? ["name:\(MealRules.trimmed(meal.name))"] : references
  }

  /// Adds the meal's ingredients at `servings`, asking first when it is on the list already.
  static func addToShoppingList(_ meal: Meal, servings: Servings, context: AppContext) {
    let name = MealRules.trimmed(meal.name)
    guard !meal.ingredients.isEmpty else {
      context.navigator.showInfo("“\(Quote.name(name))” has no ingredients to add.")
      return
    }
    let references = references(for: meal, store: context.store)
    let add = { [unowned context] in
      context.write { () throws(StoreError) in
        try context.store.addToShoppingList(
          mealRef: references[0], mealName: name, ingredients: servings.lines(of: meal))
        context.navigator.showInfo(
          "Added \(meal.ingredients.count) ingredients of “\(Quote.name(name))” \(servings.phrase) — L opens the list."
        )
      }
    }
    if context.store.isOnShoppingList(mealRefs: references) {
      context.navigator.present(
        ConfirmPrompt(
          "“\(Quote.name(name))” is on the shopping list already. Add it again? (y/n)", onYes: add))
    } else {
      add()
    }
  }

  static func openShoppingList(context: AppContext) {
    context.navigator.push(ShoppingListScreen(context: context))
  }

  static func openCookMode(_ meal: Meal, context: AppContext, servings: Servings? = nil) {
    context.navigator.push(CookModeScreen(meal: meal, context: context, servings: servings))
  }

  /// The key bindings every meal screen adds, with their help.
  enum Action: String, Sendable { case addToList, openList, cook }

  static let bindings: [KeyBinding<Action>] = [
    KeyBinding([.character("c")], .cook, "Cook Mode"),
    KeyBinding([.character("l")], .addToList, "add the ingredients to the shopping list"),
    KeyBinding([.character("L")], .openList, "open the shopping list"),
  ]
}
