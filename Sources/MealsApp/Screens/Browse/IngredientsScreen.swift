import MealsCore
import MealsNet
import MealsStore
import TerminalUI
import Translation

/// Ingredients — what can I cook with…: the local catalogue, type to filter; Enter lists the
/// meals that use the ingredient (`filter.php?i=`), `→` opens its description.
public final class IngredientsScreen: IngredientPickerScreen {
  public weak var delegate: BrowseDelegate?

  init(context: AppContext) {
    super.init(context: context, offersNew: false)
  }

  enum Action: String { case meals, details, importCatalogue }
  static let keys = KeyTable<Action>(
    "ingredients",
    [
      KeyBinding([.enter], .meals, tr("meals with it"), detail: "the meals that use it"),
      KeyBinding([.right], .details, tr("details (◆)"), detail: "details of a `◆` ingredient"),
      KeyBinding(
        [.ctrl("r")], .importCatalogue, tr("import the ingredient list again"), footer: false),
    ], typing: true)
  public override var keyHelp: [KeyHelp] { chainHelp }

  public override func handle(_ key: Key) -> Bool { resolve(key) }

  private func perform(_ action: Action) {
    switch action {
    case .meals:
      guard let row = picker.selected else { return }
      let meals = MealGroupsScreen(context: context, kind: .meals(.ingredient, row.name))
      meals.delegate = delegate
      context.navigator.push(meals)
    case .details: context.openDetail(of: picker.selected)
    case .importCatalogue: context.catalogue.startIfNeeded(asked: true)
    }
  }
}

extension IngredientsScreen: DocumentedScreen {
  public enum KeyMode: CaseIterable { case typing }

  static func keysPlace(_ mode: KeyMode) -> KeysPlace {
    switch mode {
    case .typing: .section("ingredients", "Ingredients (browse)")
    }
  }
  public var keyMode: KeyMode { .typing }

  /// The screen's own keys, then the picker's moves and typing in its filter.
  public static func keyChain(_ mode: KeyMode) -> [KeyLink<IngredientsScreen>] {
    [
      .table(keys, does: { $0.perform($1) }),
      .lines([.back]),
      .widget(IngredientPicker.moves) { $0.handlePickerKey($1) },
      .lines([IngredientPicker.typingHelp]),
    ]
  }
}
