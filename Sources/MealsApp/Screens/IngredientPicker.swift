import MealsCore
import MealsStore
import TerminalUI
import TextSafety
import Translation

/// The ingredient catalogue as a type-to-filter list: the part Add Ingredient and the
/// Ingredients browse list share (the field, the live rows, the selection, the drawing).
///
/// In Add Ingredient (`offersNew`), text that names no ingredient adds a last row,
/// `Use “…” (new ingredient)`: a name of the user's own, kept in the catalogue once chosen.
struct IngredientPicker {
  /// What the selection bar is on.
  enum Choice: Equatable {
    case ingredient(IngredientRow)
    /// The typed name, trimmed: an ingredient not in the catalogue yet.
    case new(String)

    var name: String {
      switch self {
      case .ingredient(let row): row.name
      case .new(let name): name
      }
    }
  }

  private(set) var filter = TextField()
  /// The matching ingredients, a window at a time; the bar stays in its place when the
  /// catalogue changes (a rank has no query to find a row again by).
  private let list: ListPane<IngredientRow, String>
  /// Lists the user's own ingredients and offers a typed name as a new one.
  private let offersNew: Bool
  /// The typed name when no ingredient has it (the `Use “…”` row), else nil.
  private var typedNew: String?
  /// The selected row's whole entry, for the preview pane: read once per selection.
  private var shownEntry: (name: String, entry: Result<Ingredient?, StoreError>)?

  /// The catalogue of `store`, read again for `navigator`'s next frame after a change.
  init(store: MealStore, offersNew: Bool, navigator: Navigator) {
    self.offersNew = offersNew
    list = ListPane(store.ingredients(own: offersNew), id: \.name) { _ in nil }
    list.listen(to: store, redrawing: navigator)
  }

  /// Rows: the matching ingredients, then the new name's row when there is one.
  private var rowCount: Int { list.results.count + (typedNew == nil ? 0 : 1) }

  var choice: Choice? {
    if let row = list.selected { return .ingredient(row) }
    if let typedNew, list.state.selection == list.results.count { return .new(typedNew) }
    return nil
  }

  /// The catalogue row under the selection bar (nil on the new name's row).
  var selected: IngredientRow? {
    if case .ingredient(let row)? = choice { return row }
    return nil
  }

  /// The list's moves beside the field: the arrows, the page keys, Home and End.
  static let moves = KeyTable<ListState.Move>(
    ListState.arrowKeys.bindings + [
      KeyBinding([.home], .first, tr("first"), footer: false),
      KeyBinding([.end], .last, tr("last"), footer: false),
    ], summary: ListState.arrowKeys.summary)

  /// What typing does in the picker's filter.
  static let typingHelp = KeyHelp(
    keys: trc("key column", "type"), text: tr("filter the list"), inFooter: false,
    detail:
      "filter the catalogue (case and accents ignored): names that start with it first, then those with a word that does, then those with it inside a word"
  )

  /// What every screen with the picker adds to its own keys' help.
  static let help = moves.help + [typingHelp]

  /// Moves or edits the filter (the body being `area`); false for keys it does not use.
  mutating func handle(_ key: Key, store: MealStore, area: Rect) -> Bool {
    if let move = Self.moves.action(for: key) {
      list.apply(move, pageSize: Self.layout(area).list.list.pageSize, reachable: rowCount)
      return true
    }
    let before = filter.text
    guard filter.handle(key) else { return false }
    if filter.text != before { refilter(store: store) }
    return true
  }

  /// Reads the rows for the filter again, from the top.
  private mutating func refilter(store: MealStore) {
    list.show(store.ingredients(matching: filter.text, own: offersNew)) { _ in nil }
    typedNew = nil
    guard offersNew else { return }
    let typed = MealRules.trimmed(TextSanitizer.singleLine(filter.text))
    if !typed.isEmpty, (try? store.ingredient(like: typed)) == nil {
      typedNew = typed
    }
  }

  /// The full catalogue entry of the selected row, for Ingredient Detail.
  func selectedIngredient(in store: MealStore) throws(StoreError) -> Ingredient? {
    guard let row = selected else { return nil }
    return try store.ingredient(named: row.name)
  }

  // MARK: - Layout

  /// The field on the first row, the counter on the second, then the list.
  static func layout(_ area: Rect) -> (field: Rect, counter: Rect, list: ListLayout) {
    let list = ListLayout(area, headlineRows: 2)
    return (list.headline.firstRow, list.headline.inset(top: 1), list)
  }

  /// The choice under a click, if the click is on a row (and it is now selected).
  mutating func click(_ event: MouseEvent, in area: Rect) -> Choice? {
    guard list.click(event, in: Self.layout(area).list.list, reachable: rowCount) != nil
    else { return nil }
    return choice
  }

  /// The update step: reads the rows the frame shows and, when the preview pane shows, the
  /// selected ingredient's entry (once per selection), so drawing reads memory only.
  mutating func prepare(in area: Rect, store: MealStore) {
    let layout = Self.layout(area)
    if list.isStale {
      shownEntry = nil
      if let typedNew, (try? store.ingredient(like: typedNew)) != nil { self.typedNew = nil }
    }
    list.prepare(for: layout.list.list)
    guard layout.list.previewPane != nil, let row = selected, shownEntry?.name != row.name
    else { return }
    do throws(StoreError) {
      shownEntry = (row.name, .success(try store.ingredient(named: row.name)))
    } catch {
      shownEntry = (row.name, .failure(error))
    }
  }

  /// Draws the field, the counter, the rows and, when wide, the selected ingredient's
  /// description; `empty` when nothing shows.
  func render(into canvas: inout Canvas, in area: Rect, empty: String) {
    let layout = Self.layout(area)
    canvas.cursor = filter.render(
      labelled: tr("Filter:"), into: &canvas, in: layout.field, style: .field)
    let count = list.shownCount
    let rowCount = count + (typedNew == nil ? 0 : 1)
    if let pane = layout.list.previewPane {
      preview(width: Preview.text(in: pane.area).width).draw(
        into: &canvas, in: pane.area, divider: pane.divider)
    }
    if rowCount == 0 {
      canvas.writeWrapped(empty, in: layout.list.list.area, indent: 2, style: .muted)
      return
    }
    canvas.writeRight(
      trn("%d ingredient", "%d ingredients", count), in: layout.counter, style: .muted)
    let results = list.results
    let typedNew = typedNew
    layout.list.list.render(into: &canvas, state: list.state, count: rowCount) { canvas, row in
      guard let ingredient = results.cachedRow(at: row.index) else {
        if let typedNew, row.index == count {
          canvas.writeTruncated(
            tr("Use “%s” (new ingredient)").filled(typedNew), in: row.content, style: .accent)
        }
        return
      }
      // The name (and "yours"), then a ◆ at the end when it has a description.
      let parts = row.content.split(.horizontal, [.fill, .fixed(2), .fixed(1)])
      let used = canvas.writeTruncated(ingredient.name, in: parts[0])
      if ingredient.isOwn {
        canvas.writeTruncated(
          "  " + tr("yours"), in: parts[0].inset(left: used), style: .muted)
      }
      if ingredient.hasDescription {
        canvas.write("◆", row: row.frame.y, column: parts[2].x, style: .accent)
      }
    }
  }

  /// The selected ingredient's description, or what choosing the new name does.
  private func preview(width: Int) -> Preview {
    switch choice {
    case .new(let name):
      return Preview(
        title: name, subtitle: tr("A new ingredient"),
        lines: PagerLine.wrapped(
          tr(
            "Not in the ingredient list yet: Enter asks its quantity and keeps the name as one of your own, offered here from then on."
          ), width: width))
    case .ingredient(let row):
      guard let shownEntry, shownEntry.name == row.name else { return .note("") }
      let ingredient: Ingredient
      switch shownEntry.entry {
      case .success(let entry?): ingredient = entry
      case .success(nil): return .note("")
      case .failure(let error): return .note(AppContext.readFailure(error))
      }
      return Preview(
        title: ingredient.name, subtitle: ingredient.type ?? "",
        lines: PagerLine.wrapped(ingredient.description ?? tr("No description."), width: width))
    case nil:
      return .note("")
    }
  }
}

extension AppContext {
  /// Opens Ingredient Detail for a catalogue row, or says why not.
  func openDetail(of row: IngredientRow?) {
    guard let row else { return }
    guard row.hasDescription else {
      navigator.showInfo(tr("%s has no description.").filled(row.name))
      return
    }
    do {
      guard let ingredient = try store.ingredient(named: row.name) else { return }
      navigator.push(IngredientDetailScreen(context: self, ingredient: ingredient))
    } catch {
      navigator.showError(error.message)
    }
  }

  /// What an empty ingredient list says: no match, or why the catalogue is empty; `ownNames`
  /// adds that a typed name can be used as it is.
  func emptyCatalogueMessage(filter: String, ownNames: Bool = false) -> String {
    if !filter.isEmpty { return tr("No ingredient matches “%s”.").filled(filter) }
    let typeOwn = ownNames ? "\n" + tr("Or type a name to use an ingredient of your own.") : ""
    let importIt = "\n" + tr("Ctrl-R imports it from TheMealDB.")
    switch catalogue.state {
    case .running: return tr("Importing the ingredient list from TheMealDB…") + typeOwn
    case .failed(let message):
      return tr("The ingredient list is empty: %s").filled(message) + importIt + typeOwn
    default: return tr("The ingredient list is empty.") + importIt + typeOwn
    }
  }
}
