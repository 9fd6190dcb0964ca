import MealsCore
import MealsStore
import TerminalUI

/// Add Ingredient: a type-to-filter picker over the stored catalogue, then a quantity prompt.
public final class AddIngredientScreen: Screen, StoreListener {
  public weak var delegate: AddIngredientScreenDelegate?
  /// The app that owns the navigator that owns this screen: never outlived.
  private unowned let context: AppContext
  private var picker: IngredientPicker

  init(context: AppContext) {
    self.context = context
    picker = IngredientPicker(store: context.store)
    context.store.addListener(self)
  }

  public var title: String { "Add Ingredient" }
  public var acceptsText: Bool { true }
  public var keyHelp: [KeyHelp] {
    [
      KeyHelp(keys: "Enter", text: "choose"), KeyHelp(keys: "→", text: "details (◆)"),
      KeyHelp(keys: "Ctrl-R", text: "retry import"), KeyHelp(keys: "Esc", text: "back"),
      KeyHelp(keys: "type", text: "filter the list", inFooter: false),
      KeyHelp(keys: "↑↓ PgUp PgDn", text: "move", inFooter: false),
    ]
  }

  public var filter: TextField { picker.filter }

  /// The ingredient under the selection bar.
  public var selectedIngredient: IngredientRow? { picker.selected }

  public func handle(_ key: Key) -> Bool {
    switch key {
    case .enter:
      askQuantity()
    case .right:
      context.openDetail(of: picker.selected)
    case .ctrl("r"):
      context.catalogue.startIfNeeded()
    default:
      return picker.handle(key, store: context.store, pageSize: context.bodyHeight - 3)
    }
    return true
  }

  private func askQuantity() {
    guard let ingredient = selectedIngredient else { return }
    let prompt = TextPrompt(label: "Quantity of \(ingredient.name):") { [weak self] text in
      if let rule = MealRules.checkQuantity(text) { return rule.message }
      guard let self else { return nil }
      let measurement = IngredientMeasurement(
        name: ingredient.name, quantity: MealRules.trimmed(text))
      self.delegate?.addIngredientScreen(self, didAdd: measurement)
      return nil
    }
    context.navigator.present(prompt)
  }

  /// A click selects an ingredient; twice does what Enter does.
  public func handleMouse(_ event: MouseEvent, in area: Rect) -> Bool {
    guard event.isClick else { return false }
    if picker.click(event, in: area) != nil, event.clicks >= 2 { _ = handle(.enter) }
    return true
  }

  public func storeDidChange(_ store: MealStore) {
    picker.clamp()
    context.navigator.needsDisplay = true
  }

  public func render(into canvas: inout Canvas, in area: Rect) {
    picker.render(
      into: &canvas, in: area, empty: context.emptyCatalogueMessage(filter: picker.filter.text),
      store: context.store)
  }
}
