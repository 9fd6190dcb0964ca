import MealsCore
import Translation

/// `y` on a screen showing a meal: the meal as Markdown on the clipboard (`Clipboard`: OSC 52,
/// and tmux's paste buffer inside tmux).
enum MealSharing {
  static func copyAsMarkdown(_ meal: Meal, context: AppContext) {
    let whereTo = Clipboard.copy(MealMarkdown.render(meal), context: context)
    context.navigator.showInfo(
      tr("Copied “%1$s” as Markdown %2$s.").filled(Quote.name(meal.name), whereTo))
  }
}
