import MealsCore
import MealsStore
import TerminalUI
import Translation

/// What every screen showing a meal offers for cooking: its ingredients on the shopping list
/// (`l`), the list itself (`L`), and Cook Mode (`c`).
enum CookingActions {
  /// How the shopping list knows a meal (`MealRef`): a TheMealDB meal that is saved is known
  /// by its id in My Meals too.
  static func references(for meal: Meal, store: MealStore) -> [MealRef] {
    let savedID = meal.id ?? meal.mealDBID.flatMap { try? store.mealID(forMealDBID: $0) }
    return MealRef.references(of: meal, savedID: savedID)
  }

  /// Adds the meal's ingredients at `servings`, asking first when it is on the list already.
  static func addToShoppingList(_ meal: Meal, servings: Servings, context: AppContext) {
    let name = MealRules.trimmed(meal.name)
    guard !meal.ingredients.isEmpty else {
      context.navigator.showInfo(tr("“%s” has no ingredients to add.").filled(Quote.name(name)))
      return
    }
    let references = references(for: meal, store: context.store)
    let add = { [unowned context] in
      context.write { () throws(StoreError) in
        try context.store.addToShoppingList(
          mealRef: references[0], mealName: name, ingredients: servings.lines(of: meal))
        context.navigator.showInfo(
          trn(
            "Added %d ingredient of “%s” %s — L opens the list.",
            "Added %d ingredients of “%s” %s — L opens the list.", meal.ingredients.count,
            Quote.name(name), servings.phrase))
      }
    }
    if context.store.isOnShoppingList(mealRefs: references) {
      context.navigator.present(
        ConfirmPrompt(
          tr("“%s” is on the shopping list already. Add it again? (y/n)").filled(
            Quote.name(name)), onYes: add))
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
}
