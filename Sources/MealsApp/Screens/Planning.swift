import MealsCore
import MealsStore
import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

extension AppContext {
  /// The `p` prompt for a saved meal: a day and a slot, then it is planned at `servings`.
  func askToPlan(mealID: Int64, name: String, servings: Int, meal: Meal?) {
    let store = self.store
    askToPlan(name: name, slot: firstSlot(for: meal)) { day, slot throws(StoreError) in
      try store.plan(mealID: mealID, on: day, slot: slot, servings: servings)
      return
        "Planned “\(Quote.name(name))” for \(slot.rawValue) on \(day.short) — W on My Meals shows it."
    }
  }

  /// The `p` prompt for a meal from TheMealDB: it is saved to My Meals only when the plan is
  /// made (a cancelled prompt changes nothing); `saved` hears its id when it was saved now.
  func askToPlan(found meal: Meal, servings: Int, saved: @escaping (Int64) -> Void) {
    let store = self.store
    askToPlan(name: meal.name, slot: firstSlot(for: meal)) { day, slot throws(StoreError) in
      let stored = try store.plan(found: meal, on: day, slot: slot, servings: servings)
      let when = "for \(slot.rawValue) on \(day.short)"
      if stored.wasAlreadyStored {
        return "Planned “\(Quote.name(meal.name))” \(when) — W on My Meals shows it."
      }
      saved(stored.id)
      return "Saved “\(Quote.name(meal.name))” to My Meals and planned it \(when)."
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
