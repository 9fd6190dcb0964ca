import MealsStore
import TerminalUI
import Translation

/// The ingredient catalogue as a screen: what Add Ingredient and Ingredients share (the
/// picker, clicks, the store's changes, the drawing); each adds its own keys and title.
public class IngredientPickerScreen: Screen {
  /// The app that owns the navigator that owns this screen: never outlived.
  unowned let context: AppContext
  var picker: IngredientPicker

  init(context: AppContext, offersNew: Bool) {
    self.context = context
    picker = IngredientPicker(
      store: context.store, offersNew: offersNew, navigator: context.navigator)
  }

  public var title: String { tr("Ingredients") }
  public var acceptsText: Bool { true }
  public var keyHelp: [KeyHelp] { IngredientPicker.help }

  /// The picker's keys: moves and typing in the filter (the last link of each chain).
  public func handle(_ key: Key) -> Bool { handlePickerKey(key) }

  func handlePickerKey(_ key: Key) -> Bool {
    picker.handle(key, store: context.store, area: context.navigator.body)
  }

  /// What the list says when nothing shows.
  var emptyMessage: String { context.emptyCatalogueMessage(filter: picker.filter.text) }

  /// A click selects an ingredient; twice does what Enter does.
  public func handleMouse(_ event: MouseEvent, in area: Rect) -> Bool {
    guard event.isClick else { return false }
    if picker.click(event, in: area) != nil, event.clicks >= 2 { _ = handle(.enter) }
    return true
  }

  public func prepare(in area: Rect) { picker.prepare(in: area, store: context.store) }

  public func render(into canvas: inout Canvas, in area: Rect) {
    picker.render(into: &canvas, in: area, empty: emptyMessage)
  }
}
