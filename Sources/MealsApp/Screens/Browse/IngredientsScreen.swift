import MealsCore
import MealsNet
import MealsStore
import TerminalUI

/// Ingredients — what can I cook with…: the local catalogue, type to filter; Enter lists the
/// meals that use the ingredient (`filter.php?i=`), `→` opens its description.
public final class IngredientsScreen: Screen, StoreListener {
  public weak var delegate: BrowseDelegate?
  /// The app that owns the navigator that owns this screen: never outlived.
  private unowned let context: AppContext
  private var picker: IngredientPicker

  init(context: AppContext) {
    self.context = context
    picker = IngredientPicker(store: context.store, offersNew: false)
    context.store.addListener(self)
  }

  public var title: String { "Ingredients" }
  public var acceptsText: Bool { true }

  enum Action { case meals, details, importCatalogue }
  static let keys = KeyTable<Action>([
    KeyBinding([.enter], .meals, "meals with it", detail: "the meals that use it"),
    KeyBinding([.right], .details, "details (◆)", detail: "details of a `◆` ingredient"),
    KeyBinding(
      [.ctrl("r")], .importCatalogue, "import the ingredient list again", footer: false),
  ])
  public var keyHelp: [KeyHelp] {
    Self.keys.help + [.back] + IngredientPicker.help
  }

  public func handle(_ key: Key) -> Bool {
    switch Self.keys.action(for: key) {
    case .meals:
      guard let row = picker.selected else { return true }
      let meals = MealGroupsScreen(context: context, kind: .meals(.ingredient, row.name))
      meals.delegate = delegate
      context.navigator.push(meals)
    case .details: context.openDetail(of: picker.selected)
    case .importCatalogue: context.catalogue.startIfNeeded()
    case nil: return picker.handle(key, store: context.store, area: context.navigator.body)
    }
    return true
  }

  /// A click selects an ingredient; twice does what Enter does.
  public func handleMouse(_ event: MouseEvent, in area: Rect) -> Bool {
    guard event.isClick else { return false }
    if picker.click(event, in: area) != nil, event.clicks >= 2 { _ = handle(.enter) }
    return true
  }

  public func storeDidChange(_ store: MealStore) {
    picker.refresh(store: store)
    context.navigator.needsDisplay = true
  }

  public func render(into canvas: inout Canvas, in area: Rect) {
    picker.render(
      into: &canvas, in: area, empty: context.emptyCatalogueMessage(filter: picker.filter.text),
      store: context.store)
  }
}
