import MealsCore
import TerminalUI
import Translation

/// The keys of the actions on one meal that every screen showing a meal offers (My Meals, Meal
/// Detail, Cook Mode, the Week Plan's entries), so each has one key and one help text
/// wherever it is.
enum MealActions {
  typealias Named = RawRepresentable & Sendable

  static func more<A: Named>(_ action: A) -> KeyBinding<A> where A.RawValue == String {
    KeyBinding(
      [.character("+"), .character("=")], action, tr("more servings"), label: "+",
      detail:
        "more servings: every quantity that is an amount scales; the others stay as written, marked `*`"
    )
  }

  static func fewer<A: Named>(_ action: A) -> KeyBinding<A> where A.RawValue == String {
    KeyBinding([.character("-")], action, tr("fewer servings"), label: "-")
  }

  static func cook<A: Named>(_ action: A, detail: String? = nil) -> KeyBinding<A>
  where A.RawValue == String {
    KeyBinding(
      [.character("c")], action, tr("Cook Mode"), detail: detail ?? "Cook Mode for the meal")
  }

  static func addToList<A: Named>(_ action: A, footer: Bool = true) -> KeyBinding<A>
  where A.RawValue == String {
    KeyBinding(
      [.character("l")], action, tr("add to the shopping list"), footer: footer,
      detail:
        "add the meal's ingredients (at the servings shown) to the shopping list (asks when it is there already)"
    )
  }

  static func openList<A: Named>(_ action: A, footer: Bool = true) -> KeyBinding<A>
  where A.RawValue == String {
    KeyBinding(
      [.character("L")], action, tr("shopping list"), footer: footer,
      detail: "open the shopping list")
  }

  static func units<A: Named>(_ action: A) -> KeyBinding<A> where A.RawValue == String {
    KeyBinding(
      [.character("U")], action, tr("units"), label: "U",
      detail:
        "cycle the units the measures, temperatures and lengths are shown in: as written, metric, US (`set units`, `set cup`); the meal itself is not changed"
    )
  }

  /// The units key's footer words with the units shown (`units: metric`).
  static func unitsHelp(_ help: [KeyHelp], _ units: UnitConversion) -> [KeyHelp] {
    help.map { entry in
      guard entry.bindAs?.hasSuffix(" units") == true else { return entry }
      var named = entry
      named.text = tr("units: %s").filled(units.system.label)
      return named
    }
  }

  static func copy<A: Named>(_ action: A) -> KeyBinding<A> where A.RawValue == String {
    KeyBinding(
      [.character("y")], action, tr("copy the meal as Markdown"), footer: false,
      detail:
        "copy the meal as Markdown to the clipboard (OSC 52; inside tmux also tmux's paste buffer)")
  }

  static func plan<A: Named>(_ action: A) -> KeyBinding<A> where A.RawValue == String {
    KeyBinding(
      [.character("p")], action, tr("plan the meal"), footer: false,
      detail:
        "plan the meal: a day (today first; ←→ a day, ↑↓ a week) and a slot (Tab), at the servings shown"
    )
  }
}
