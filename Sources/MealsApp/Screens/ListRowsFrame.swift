import MealsStore
import TerminalUI

// MARK: - The update step of a list over the store

extension WindowedResults {
  /// Reads what `view` will show for `state` — the count (or, with `atLeast`, the rows up to
  /// there, never counting 100 000 matches), the visible rows and the selected one — so that
  /// drawing reads memory only; returns the count to draw with.
  func prepareRows(for view: ListView, state: ListState, atLeast needed: Int? = nil) -> Int {
    let count = needed.map { self.count(atLeast: $0) } ?? self.count
    for index in view.visibleItems(state: state, count: count) { _ = row(at: index) }
    _ = row(at: state.selection)
    return count
  }
}
