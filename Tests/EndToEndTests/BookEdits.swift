import Foundation
import MealsCore
import MealsStore
import XCTest

extension MealStore {
  /// Changes the saved meal called `name` as the app's editor would: a copy edited, then
  /// committed whole.
  func editMeal(named name: String, _ change: (inout Meal) -> Void) throws {
    let id = try XCTUnwrap(mealIDs(named: name).first, "no meal called \(name)")
    var draft = try editableCopy(of: id)
    change(&draft.meal)
    try commit(draft)
  }
}
