import MealsCore
import MealsStore
import TerminalUI

/// The ingredient catalogue as a type-to-filter list: the part Add Ingredient and the
/// Ingredients browse list share (the field, the live rows, the selection, the drawing).
struct IngredientPicker {
  private(set) var filter = TextField()
  private(set) var results: WindowedResults<IngredientRow>
  private var list = ListState()

  init(store: MealStore) {
    results = store.ingredients()
  }

  var selected: IngredientRow? { results.row(at: list.selection) }

  /// Moves or edits the filter; false for keys it does not use.
  mutating func handle(_ key: Key, store: MealStore, pageSize: Int) -> Bool {
    switch key {
    case .up, .down, .pageUp, .pageDown:
      _ = list.handle(key, count: results.count, pageSize: pageSize)
    default:
      let before = filter.text
      guard filter.handle(key) else { return false }
      if filter.text != before {
        results = store.ingredients(matching: filter.text)
        list = ListState()
      }
    }
    return true
  }

  mutating func clamp() { list.clamp(count: results.count) }

  /// The full catalogue entry of the selected row, for Ingredient Detail.
  func selectedIngredient(in store: MealStore) throws(StoreError) -> Ingredient? {
    guard let row = selected else { return nil }
    return try store.ingredient(named: row.name)
  }

  /// The selected row under a click, if the click is on a row (and it is now selected).
  mutating func click(_ event: MouseEvent, in area: Rect) -> IngredientRow? {
    let panes = Breakpoints.panes(area.dropping(top: 2))
    guard let index = list.index(atRow: event.row, in: panes.list, count: results.count),
      event.column < panes.list.maxX
    else { return nil }
    list.select(index, count: results.count)
    return selected
  }

  /// Draws the field, the counter, the rows and, when wide, the selected ingredient's
  /// description; `empty` when nothing shows.
  func render(into canvas: inout Canvas, in area: Rect, empty: String, store: MealStore) {
    canvas.write("Filter:", row: area.y, column: area.x + 1, style: .key)
    canvas.cursor = filter.render(
      into: &canvas, row: area.y, column: area.x + 9, width: area.width - 10,
      style: Style([.underline]))
    let count = results.count
    let panes = Breakpoints.panes(area.dropping(top: 2))
    let listArea = panes.list
    if let previewArea = panes.preview, let divider = panes.divider {
      let ingredient = (try? selectedIngredient(in: store)) ?? nil
      let preview =
        ingredient.map {
          Preview(
            title: $0.name, subtitle: $0.type ?? "",
            lines: PagerLine.wrapped(
              $0.description ?? "No description.", width: previewArea.width - 2))
        } ?? .note("")
      preview.draw(into: &canvas, in: previewArea, divider: divider)
    }
    if count == 0 {
      canvas.writeWrapped(empty, in: listArea, indent: 2, style: .muted)
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
}

extension AppContext {
  /// Opens Ingredient Detail for a catalogue row, or says why not.
  func openDetail(of row: IngredientRow?) {
    guard let row else { return }
    guard row.hasDescription else {
      navigator.showInfo("\(row.name) has no description.")
      return
    }
    do {
      guard let ingredient = try store.ingredient(named: row.name) else { return }
      navigator.push(IngredientDetailScreen(context: self, ingredient: ingredient))
    } catch {
      navigator.showError(error.message)
    }
  }

  /// What an empty ingredient list says: no match, or why the catalogue is empty.
  func emptyCatalogueMessage(filter: String) -> String {
    if !filter.isEmpty { return "No ingredient matches “\(filter)”." }
    switch catalogue.state {
    case .running: return "Importing the ingredient list from TheMealDB…"
    case .failed(let message):
      return "The ingredient list is empty: \(message)\nCtrl-R imports it from TheMealDB."
    default: return "The ingredient list is empty.\nCtrl-R imports it from TheMealDB."
    }
  }
}
