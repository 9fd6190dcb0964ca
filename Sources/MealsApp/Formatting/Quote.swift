import MealsCore
import TerminalUI
import TextSafety

/// Names inside status messages and questions: one line, and the part the status line
/// shortens first, so the point of the message (`— u undoes`, `(y/n)`) stays in view
/// whatever the name's length and the window's width.
enum Quote {
  /// The most cells a name takes in a message, however wide the window.
  static let longest = 60

  static func name(_ name: String) -> String {
    TextWidth.shrinkable(
      TextWidth.truncate(MealRules.trimmed(TextSanitizer.singleLine(name)), to: longest))
  }
}
