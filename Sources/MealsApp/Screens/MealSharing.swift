import MealsCore

/// `y` on a screen showing a meal: the meal as Markdown on the clipboard (OSC 52; inside tmux
/// this needs `set -g set-clipboard on`).
enum MealSharing {
  static func copyAsMarkdown(_ meal: Meal, context: AppContext) {
    context.navigator.send(.clipboard(MealMarkdown.render(meal)))
    context.navigator.showInfo(
      "Copied “\(Quote.name(meal.name))” to the clipboard, as Markdown.")
  }
}
