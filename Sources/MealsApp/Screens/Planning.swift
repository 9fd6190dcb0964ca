import MealsCore
import MealsStore
import TerminalUI
import Translation

#if canImport(Glibc)
  import Glibc
#endif

extension AppContext {
  /// The `p` prompt for a saved meal: a day and a slot, then it is planned at `servings`.
  func askToPlan(mealID: Int64, name: String, servings: Int, meal: Meal?) {
    let store = self.store
    askToPlan(name: name, slot: firstSlot(for: meal)) { day, slot throws(StoreError) in
      try store.plan(mealID: mealID, on: day, slot: slot, servings: servings)
      return tr("Planned “%1$s” for %2$s on %3$s — W on My Meals shows it.").filled(
        Quote.name(name), slot.label, day.short)
    }
  }

  /// The `p` prompt for a meal from TheMealDB: it is saved to My Meals only when the plan is
  /// made (a cancelled prompt changes nothing); `saved` hears its id when it was saved now.
  func askToPlan(found meal: Meal, servings: Int, saved: @escaping (Int64) -> Void) {
    let store = self.store
    askToPlan(name: meal.name, slot: firstSlot(for: meal)) { day, slot throws(StoreError) in
      let stored = try store.plan(found: meal, on: day, slot: slot, servings: servings)
      if stored.wasAlreadyStored {
        return tr("Planned “%1$s” for %2$s on %3$s — W on My Meals shows it.").filled(
          Quote.name(meal.name), slot.label, day.short)
      }
      saved(stored.id)
      return tr("Saved “%1$s” to My Meals and planned it for %2$s on %3$s.").filled(
        Quote.name(meal.name), slot.label, day.short)
    }
  }

  /// The prompt itself: `plan` makes the change and says what it did.
  private func askToPlan(
    name: String, slot: PlanSlot,
    plan: @escaping (CivilDate, PlanSlot) throws(StoreError) -> String
  ) {
    let navigator = self.navigator
    navigator.present(
      PlanPrompt(mealName: name, today: WeekPlanScreen.today(self), slot: slot) {
        [unowned self] day, slot in
        writeFromPrompt { () throws(StoreError) in
          navigator.showInfo(try plan(day, slot))
        }
      })
  }
}

extension AppContext {
  /// The slot the plan prompt offers first: the meal's kind, else the time of day now (by the
  /// store's clock, where the user is).
  func firstSlot(for meal: Meal?) -> PlanSlot {
    var time = time_t(store.clock())
    var parts = tm()
    let hour = localtime_r(&time, &parts) == nil ? 18 : Int(parts.tm_hour)
    return PlanSlot.first(for: meal, hour: hour)
  }
}
