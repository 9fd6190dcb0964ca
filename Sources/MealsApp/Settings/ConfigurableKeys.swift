import TerminalUI

/// Every key table a config file can change, by the name `bind` and `unbind` use.
public enum ConfigurableKeys {
  /// In the order `meals config` prints them (the screens a user meets first, then widgets).
  public static var tables: [KeyTableInfo] {
    [
      MyMealsScreen.keys.summaryForConfig,
      MyMealsScreen.filterKeys.summaryForConfig,
      MyMealsScreen.stripKeys.summaryForConfig,
      WelcomePanel.table.summaryForConfig,
      FavouritesScreen.keys.summaryForConfig,
      BrowseScreen.keys.summaryForConfig,
      CategoriesScreen.keys.summaryForConfig,
      MealGroupsScreen.keys(areas: false).summaryForConfig,
      IngredientsScreen.keys.summaryForConfig,
      MealDetailScreen.keys(random: false).summaryForConfig,
      MealDetailScreen.savedKeys.summaryForConfig,
      CookModeScreen.keys.summaryForConfig,
      CookModeScreen.checklistKeys.summaryForConfig,
      CookModeScreen.scrollKeys.summaryForConfig,
      CookModeScreen.timersKeys.summaryForConfig,
      ShoppingListScreen.keys.summaryForConfig,
      WeekPlanScreen.keys.summaryForConfig,
      PlanPrompt.keys.summaryForConfig,
      MealPickerScreen.keys.summaryForConfig,
      ImportLinkScreen.typingKeys.summaryForConfig,
      ImportLinkScreen.loadingKeys.summaryForConfig,
      ImportLinkScreen.foundKeys.summaryForConfig,
      SearchScreen.fieldKeys.summaryForConfig,
      SearchScreen.resultKeys.summaryForConfig,
      MealEditorScreen.keys.summaryForConfig,
      RecentlyDeletedScreen.keys.summaryForConfig,
      EditNameScreen.keys.summaryForConfig,
      EditInstructionsScreen.keys.summaryForConfig,
      AddIngredientScreen.keys.summaryForConfig,
      ValuePickerScreen.keys.summaryForConfig,
      ConfirmPrompt.keys.summaryForConfig,
      TextPrompt.keys.summaryForConfig,
      ListState.keys.summaryForConfig,
      Pager.keys.summaryForConfig,
      ChipStrip.keys.summaryForConfig,
      TextField.keys.summaryForConfig,
      TextArea.keys.summaryForConfig,
    ]
  }

  /// Keys the navigator answers before any screen: binding them would change nothing.
  static let reserved: [Key: String] = [
    .ctrl("c"): "quits everywhere", .ctrl("l"): "redraws everywhere",
    .function(1): "opens help everywhere", .character("?"): "opens help everywhere",
  ]
}
