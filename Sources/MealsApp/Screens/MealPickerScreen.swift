import MealsCore
import MealsStore
import TerminalUI
import Translation

/// Picks a saved meal (`a` on the Week Plan): type to filter, as `/` on My Meals does, and
/// Enter chooses the meal under the bar.
public final class MealPickerScreen: Screen {
  public weak var delegate: MealPickerScreenDelegate?
  /// The app that owns the navigator that owns this screen: never outlived.
  private unowned let context: AppContext
  /// What the meal is being picked for ("Plan for Wed 2 Dec").
  private let purpose: String
  private var filter = TextField()
  private let meals: ListPane<MealSummary, Int64>

  init(context: AppContext, purpose: String) {
    self.context = context
    self.purpose = purpose
    let store = context.store
    meals = ListPane(store.meals(), id: \.id) { [unowned store] in store.index(ofMeal: $0) }
  }

  public var title: String { purpose }
  public var acceptsText: Bool { true }

  enum Action: String, Sendable { case choose }
  static let keys = KeyTable<Action>(
    "meal-picker", [KeyBinding([.enter], .choose, tr("choose"))], typing: true)
  public var keyHelp: [KeyHelp] { chainHelp }

  /// The field on the first row, the meals from the third.
  private func layout(in area: Rect) -> (field: Rect, list: ListView) {
    let rows = area.split(.vertical, [.fixed(1), .fixed(1), .fill])
    return (rows[0], ListView(area: rows[2]))
  }

  public func handle(_ key: Key) -> Bool { resolve(key) }

  private func choose() {
    if let meal = meals.selected { delegate?.mealPicker(self, didPick: meal) }
  }

  /// Moves over the rows read so far and a page more (never a count of every match).
  private func move(_ move: ListState.Move) {
    let view = layout(in: context.navigator.body).list
    let reachable = meals.results.count(atLeast: meals.state.selection + 2 * view.pageSize + 1)
    meals.apply(move, pageSize: view.pageSize, reachable: reachable)
  }

  /// Typing in the filter: the list is read again for it, from the top.
  private func type(_ key: Key) -> Bool {
    let before = filter.text
    guard filter.handle(key) else { return false }
    if filter.text != before {
      let store = context.store
      let text = filter.text
      meals.show(store.meals(matching: text)) { [unowned store] in
        store.index(ofMeal: $0, matching: text)
      }
    }
    return true
  }

  public func handleMouse(_ event: MouseEvent, in area: Rect) -> Bool {
    guard event.isClick else { return false }
    let count = meals.results.count(atLeast: meals.state.selection + area.height + 1)
    if meals.click(event, in: layout(in: area).list, reachable: count) != nil, event.clicks >= 2 {
      choose()
    }
    return true
  }

  public func prepare(in area: Rect) {
    let view = layout(in: area).list
    meals.prepare(for: view, atLeast: meals.state.selection + view.area.height + 1)
  }

  public func render(into canvas: inout Canvas, in area: Rect) {
    let layout = layout(in: area)
    canvas.cursor = filter.render(
      labelled: tr("Filter:"), into: &canvas, in: layout.field, style: .field)
    let count = meals.shownCount
    guard count > 0 else {
      canvas.writeWrapped(
        meals.readError.map(AppContext.readFailure)
          ?? (filter.text.isEmpty
            ? tr("No saved meals yet.") : tr("No saved meal matches “%s”.").filled(filter.text)),
        in: layout.list.area, indent: 2, style: .muted)
      return
    }
    let width = layout.list.area.width
    meals.render(into: &canvas, in: layout.list) { canvas, row, meal in
      MealRow.draw(meal, into: &canvas, row: row, listWidth: width)
    }
  }
}

extension MealPickerScreen: DocumentedScreen {
  public enum KeyMode: CaseIterable { case typing }

  static func keysPlace(_ mode: KeyMode) -> KeysPlace {
    switch mode {
    case .typing: .section("meal-picker", "Choosing a saved meal to plan (`a` on the Week Plan)")
    }
  }
  public var keyMode: KeyMode { .typing }

  /// Enter chooses, the arrows move, and every other key types in the filter.
  public static func keyChain(_ mode: KeyMode) -> [KeyLink<MealPickerScreen>] {
    [
      .table(keys, does: { screen, _ in screen.choose() }),
      .lines([
        .cancel, KeyHelp(keys: trc("key column", "type"), text: tr("filter"), inFooter: false),
      ]),
      .table(ListState.arrowKeys, does: { $0.move($1) }),
      .widget(TextField.keys, help: []) { $0.type($1) },
    ]
  }
}
