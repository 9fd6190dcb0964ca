import MealsCore
import TerminalUI

// The child → parent reports of the original design. Delegates are held weakly.

/// Search Meals tells My Meals what the user picked.
public protocol SearchScreenDelegate: AnyObject {
  /// The user chose a meal found on TheMealDB: store it and show it.
  func searchScreen(_ screen: SearchScreen, didChoose meal: Meal)
  /// The user asked for a blank meal from the `Create a new meal…` row.
  func searchScreenDidRequestNewMeal(_ screen: SearchScreen)
}

/// The Meal Editor tells whoever opened it that the draft was saved.
public protocol MealEditorScreenDelegate: AnyObject {
  func mealEditorScreen(_ screen: MealEditorScreen, didSaveMealWithID id: Int64)
}

/// Edit Name tells the Meal Editor the new name, and the text as it is typed (so the kept
/// draft holds it even before Enter).
public protocol EditNameScreenDelegate: AnyObject {
  func editNameScreen(_ screen: EditNameScreen, didSave name: String)
  func editNameScreen(_ screen: EditNameScreen, didChange name: String)
}

/// Edit Instructions tells the Meal Editor the new instructions, and the text as it is typed.
public protocol EditInstructionsScreenDelegate: AnyObject {
  func editInstructionsScreen(_ screen: EditInstructionsScreen, didSave instructions: String)
  func editInstructionsScreen(_ screen: EditInstructionsScreen, didChange instructions: String)
}

/// Add Ingredient tells the Meal Editor the ingredient line to add, or (opened to change a
/// row's ingredient) the row as it is now.
public protocol AddIngredientScreenDelegate: AnyObject {
  func addIngredientScreen(_ screen: AddIngredientScreen, didAdd measurement: IngredientMeasurement)
  func addIngredientScreen(
    _ screen: AddIngredientScreen, didReplace old: IngredientMeasurement,
    with measurement: IngredientMeasurement)
}

/// Recently Deleted tells My Meals which meal came back, so it is selected there.
public protocol RecentlyDeletedScreenDelegate: AnyObject {
  func recentlyDeletedScreen(_ screen: RecentlyDeletedScreen, didRestoreMealWithID id: Int64)
}

/// The browse screens (hub, lists, Meal Detail) tell My Meals what happened there: the search
/// they open reports as Search always does, and a meal saved from Meal Detail is selected.
public protocol BrowseDelegate: SearchScreenDelegate {
  func browse(_ screen: Screen, didSaveMealWithID id: Int64)
}

/// A value picker tells the Meal Editor the value chosen (nil to clear it).
public protocol ValuePickerScreenDelegate: AnyObject {
  func valuePicker(_ screen: ValuePickerScreen, didPick value: String?)
}

/// The saved-meal picker tells the Week Plan which meal to plan.
public protocol MealPickerScreenDelegate: AnyObject {
  func mealPicker(_ screen: MealPickerScreen, didPick meal: MealSummary)
}
