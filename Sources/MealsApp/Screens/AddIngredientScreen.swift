import MealsCore
import MealsStore
import TerminalUI

/// Add Ingredient: a type-to-filter picker over the stored catalogue, then a quantity prompt.
public final class AddIngredientScreen: Screen, StoreListener {
  public weak var delegate: AddIngredientScreenDelegate?
  /// The app that owns the navigator that owns this screen: never outlived.
  private unowned let context: AppContext
  public private(set) var filter = TextField()
  private var results: WindowedResults<IngredientRow>
  private var list = ListState()

  init(context: AppContext) {
    self.context = context
    results = context.store.ingredients()
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

  /// The ingredient under the selection bar.
  public var selectedIngredient: IngredientRow? { results.row(at: list.selection) }

  public func handle(_ key: Key) -> Bool {
    switch key {
    case .up, .down, .pageUp, .pageDown:
      _ = list.handle(key, count: results.count, pageSize: context.bodyHeight - 3)
    case .enter:
      askQuantity()
    case .right:
      openDetail()
    case .ctrl("r"):
      context.catalogue.startIfNeeded()
    default:
      let before = filter.text
      guard filter.handle(key) else { return false }
      if filter.text != before {
        results = context.store.ingredients(matching: filter.text)
        list = ListState()
      }
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

  private func openDetail() {
    guard let row = selectedIngredient else { return }
    guard row.hasDescription else {
      context.navigator.showInfo("\(row.name) has no description.")
      return
    }
    do {
      guard let ingredient = try context.store.ingredient(named: row.name) else { return }
      context.navigator.push(IngredientDetailScreen(context: context, ingredient: ingredient))
    } catch {
      context.navigator.showError(error.message)
    }
  }

  public func storeDidChange(_ store: MealStore) {
    list.clamp(count: results.count)
    context.navigator.needsDisplay = true
  }

  // MARK: - Rendering

  public func render(into canvas: inout Canvas, in area: Rect) {
    canvas.write("Filter:", row: area.y, column: area.x + 1, style: .key)
    let cursor = filter.render(
      into: &canvas, row: area.y, column: area.x + 9, width: area.width - 10,
      style: Style([.underline]))
    canvas.cursor = cursor
    let count = results.count
    let listArea = area.dropping(top: 2)
    if count == 0 {
      canvas.writeWrapped(emptyMessage, in: listArea, indent: 2, style: .muted)
      return
    }
    let counter = count == 1 ? "1 ingredient" : "\(count) ingredients"
    canvas.write(
      counter, row: area.y + 1, column: max(area.x, area.maxX - TextWidth.columns(of: counter) - 1),
      style: .muted)
    let top = list.visibleTop(height: listArea.height, count: count)
    for row in 0..<listArea.height {
      let index = top + row
      guard index < count, let ingredient = results.row(at: index) else { break }
      let y = listArea.y + row
      let selected = index == list.selection
      canvas.write(selected ? "▸" : " ", row: y, column: listArea.x, style: .accent)
      canvas.writeTruncated(
        ingredient.name, row: y, column: listArea.x + 2, width: listArea.width - 6)
      if ingredient.hasDescription {
        canvas.write("◆", row: y, column: listArea.maxX - 2, style: .accent)
      }
      if selected {
        canvas.applyStyle(
          .selected, to: Rect(x: listArea.x, y: y, width: listArea.width, height: 1))
      }
    }
  }

  private var emptyMessage: String {
    if !filter.text.isEmpty { return "No ingredient matches “\(filter.text)”." }
    switch context.catalogue.state {
    case .running: return "Importing the ingredient list from TheMealDB…"
    case .failed(let message):
      return "The ingredient list is empty: \(message)\nCtrl-R imports it from TheMealDB."
    default: return "The ingredient list is empty.\nCtrl-R imports it from TheMealDB."
    }
  }
}
