import MealsCore
import MealsStore
import TerminalUI

/// What every screen showing a meal offers for cooking: its ingredients on the shopping list
/// (`l`), the list itself (`L`), and Cook Mode (`c`).
enum Kitchen {
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
}

/// The keys of the actions on one meal that every screen showing a meal offers (My Meals, Meal
/// Detail, Cook Mode, the Week Plan's entries), so each has one key and one help text
/// wherever it is.
enum MealActions {
  typealias Named = RawRepresentable & Sendable

  static func more<A: Named>(_ action: A) -> KeyBinding<A> where A.RawValue == String {
    KeyBinding(
      [.character("+"), .character("=")], action, "more servings", label: "+",
      detail:
        "more servings: every quantity that is an amount scales; the others stay as written, marked `*`"
    )
  }

  static func fewer<A: Named>(_ action: A) -> KeyBinding<A> where A.RawValue == String {
    KeyBinding([.character("-")], action, "fewer servings", label: "-")
  }

  static func cook<A: Named>(_ action: A, detail: String? = nil) -> KeyBinding<A>
  where A.RawValue == String {
    KeyBinding([.character("c")], action, "Cook Mode", detail: detail ?? "Cook Mode for the meal")
  }

  static func addToList<A: Named>(_ action: A, footer: Bool = true) -> KeyBinding<A>
  where A.RawValue == String {
    KeyBinding(
      [.character("l")], action, "add to the shopping list", footer: footer,
      detail:
        "add the meal's ingredients (at the servings shown) to the shopping list (asks when it is there already)"
    )
  }

  static func openList<A: Named>(_ action: A, footer: Bool = true) -> KeyBinding<A>
  where A.RawValue == String {
    KeyBinding(
      [.character("L")], action, "shopping list", footer: footer, detail: "open the shopping list")
  }

  static func units<A: Named>(_ action: A) -> KeyBinding<A> where A.RawValue == String {
    KeyBinding(
      [.character("U")], action, "units", label: "U",
      detail:
        "cycle the units the measures, temperatures and lengths are shown in: as written, metric, US (`set units`, `set cup`); the meal itself is not changed"
    )
  }

  /// The units key's footer words with the units shown (`units: metric`).
  static func unitsHelp(_ help: [KeyHelp], _ units: UnitConversion) -> [KeyHelp] {
    help.map { entry in
      guard entry.bindAs?.hasSuffix(" units") == true else { return entry }
      var named = entry
      named.text = "units: " + units.system.label
      return named
    }
  }

  static func copy<A: Named>(_ action: A) -> KeyBinding<A> where A.RawValue == String {
    KeyBinding(
      [.character("y")], action, "copy the meal as Markdown", footer: false,
      detail:
        "copy the meal as Markdown to the clipboard (OSC 52; inside tmux also tmux's paste buffer)")
  }

  static func plan<A: Named>(_ action: A) -> KeyBinding<A> where A.RawValue == String {
    KeyBinding(
      [.character("p")], action, "plan the meal", footer: false,
      detail:
        "plan the meal: a day (today first; ←→ a day, ↑↓ a week) and a slot (Tab), at the servings shown"
    )
  }
}
