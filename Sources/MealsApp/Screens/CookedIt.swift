import MealsCore
import MealsStore
import TerminalUI
import Translation

/// "Cooked it" (`M`): the same key and words on My Meals, Meal Detail and Cook Mode.
///
/// The entry is for today, at the servings shown. `M` again on the same meal the same day
/// offers to take the entry back: the undo, from wherever it was logged.
enum CookedIt {
  static func binding<A: MealActions.Named>(_ action: A, footer: Bool = false) -> KeyBinding<A>
  where A.RawValue == String {
    KeyBinding(
      [.character("M")], action, tr("cooked it"), footer: footer,
      detail:
        "cooked it: write in the cook log that you made the meal today, at the servings shown (`M` again takes it back; `meals log` prints the log)"
    )
  }

  /// Logs a cooking of a saved meal's row today, at the servings the meal states.
  static func log(_ meal: MealSummary, context: AppContext) {
    let stated = (try? context.store.meal(id: meal.id)).flatMap { $0 }.flatMap {
      Servings(for: $0).said
    }
    log(mealID: meal.id, name: meal.name, servings: stated, context: context)
  }

  /// Logs a cooking of the meal today; `id` is its id in My Meals (nil: not saved, said).
  static func log(
    mealID id: Int64?, name: String, servings: Int?, context: AppContext
  ) {
    let name = MealRules.trimmed(name)
    guard let id else {
      return context.navigator.showInfo(
        tr("“%s” is not in My Meals: save it first (s), then M logs it as cooked.").filled(
          Quote.name(name)))
    }
    let today = context.today
    let store = context.store
    if let last = context.lastCooked, last.mealID == id, last.entry.day == today {
      context.navigator.present(
        ConfirmPrompt(
          tr("“%s” is in the cook log for today already. Take it back? (y/n)").filled(
            Quote.name(name)),
          onYes: { [unowned context] in
            context.write { () throws(StoreError) in
              try store.removeCookLogEntry(uid: last.entry.uid)
              context.lastCooked = nil
              context.navigator.showInfo(
                tr("Took back “%s” from today's cook log.").filled(Quote.name(name)))
            }
          }))
      return
    }
    context.write { [unowned context] () throws(StoreError) in
      let entry = try store.logCooking(mealID: id, on: today, servings: servings)
      context.lastCooked = (id, entry)
      let times = try store.cookedSummary(mealID: id)?.times ?? 1
      context.navigator.showInfo(
        times > 1
          ? tr("Cooked “%1$s” today, the %2$s time — M again takes it back.").filled(
            Quote.name(name), CookedCount.ordinal(times))
          : tr("Cooked “%s” today — M again takes it back.").filled(Quote.name(name)))
    }
  }
}
