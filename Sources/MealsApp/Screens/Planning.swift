import MealsCore
import MealsStore
import TerminalUI

extension AppContext {
  /// The `p` prompt for a saved meal: a day and a slot, then it is planned at `servings`.
  func askToPlan(mealID: Int64, name: String, servings: Int) {
    let store = self.store
    let navigator = self.navigator
    navigator.present(
      PlanPrompt(mealName: name, today: WeekPlanScreen.today(self)) { [unowned self] day, slot in
        writeFromPrompt { () throws(StoreError) in
          try store.plan(mealID: mealID, on: day, slot: slot, servings: servings)
          navigator.showInfo(
            "Planned “\(Quote.name(name))” for \(slot.rawValue) on \(day.short) — W on My Meals shows it."
          )
        }
      })
  }
}
