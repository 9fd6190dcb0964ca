import MealsCore
import MealsStore
import TerminalUI

/// A row a live list finds again by its id after the store changes.
protocol IdentifiedRow {
  var id: Int64 { get }
}

extension MealSummary: IdentifiedRow {}
extension TrashedMeal: IdentifiedRow {}

/// One list over the store — My Meals, Favourites, Recently Deleted, the Meal Picker — the
/// way a fetched results controller is one: the result window, the selection kept on the same
/// row by its id when the store changes, and what the update step read for the next frame.
///
/// Screens keep none of these themselves, so a list behaves the same on every screen, and
/// drawing reads only what `prepare` read.
final class LiveList<Row: IdentifiedRow> {
  /// The rows, read a window at a time.
  private(set) var results: WindowedResults<Row>
  /// Selection and scroll.
  private(set) var state = ListState()
  /// The selected row's id, to find it again after a change.
  private(set) var selectedID: Int64?
  /// How many rows the last update step made reachable: what the frame draws.
  private(set) var shownCount = 0
  /// Where the row with an id is now (nil when it has gone): asked after a change.
  private var position: (Int64) -> Int?

  init(_ results: WindowedResults<Row>, position: @escaping (Int64) -> Int?) {
    self.results = results
    self.position = position
  }

  /// The row under the selection bar.
  var selected: Row? { results.row(at: state.selection) }
  /// The selected row as the update step read it: what a frame draws (never a read).
  var shownSelected: Row? { results.cachedRow(at: state.selection) }
  /// The last read that failed since the store changed: said where the rows would be.
  var lastError: StoreError? { results.lastError }

  // MARK: - Changes

  /// A new query (a filter typed, a chip chosen): its rows from the top.
  func show(_ results: WindowedResults<Row>, position: @escaping (Int64) -> Int?) {
    self.results = results
    self.position = position
    state = ListState()
    selectedID = selected?.id
  }

  /// After the store changed: the selection back on its row, else kept inside the list (on
  /// the row that took the gone one's place).
  func storeDidChange() {
    if let selectedID, let index = position(selectedID) {
      state.select(index, count: results.count(atLeast: index + 1))
    } else {
      state.clamp(count: results.count(atLeast: state.selection + 1))
      selectedID = selected?.id
    }
  }

  /// Selects row `index` of `reachable`, scrolled into a view `pageSize` rows high.
  func select(_ index: Int, reachable: Int, pageSize: Int) {
    state.select(index, count: reachable)
    state.top = state.visibleTop(height: pageSize, count: reachable)
    selectedID = selected?.id
  }

  // MARK: - Keys and clicks

  /// Does `move` over `reachable` rows (all of them, counted, when nil).
  func apply(_ move: ListState.Move, pageSize: Int, reachable: Int? = nil) {
    state.apply(move, count: reachable ?? results.count, pageSize: pageSize)
    selectedID = selected?.id
  }

  /// Selects the row a click lands on in `view`; its index, or nil when it missed every row.
  func click(_ event: MouseEvent, in view: ListView, reachable: Int? = nil) -> Int? {
    guard let index = view.select(event, in: &state, count: reachable ?? results.count) else {
      return nil
    }
    selectedID = selected?.id
    return index
  }

  // MARK: - The update step and the frame

  /// Reads what `view` will show: the count (or the rows up to `atLeast`), the visible rows
  /// and the selected one.
  func prepare(for view: ListView, atLeast needed: Int? = nil) {
    shownCount = results.prepareRows(for: view, state: state, atLeast: needed)
  }

  /// Draws the rows the update step read; a row that could not be read is left blank (the
  /// screen says the failure).
  func render(
    into canvas: inout Canvas, in view: ListView, item: (inout Canvas, ListRow, Row) -> Void
  ) {
    let results = results
    view.render(into: &canvas, state: state, count: shownCount) { canvas, row in
      guard let value = results.cachedRow(at: row.index) else { return }
      item(&canvas, row, value)
    }
  }
}
