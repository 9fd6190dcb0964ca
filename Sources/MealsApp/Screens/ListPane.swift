import MealsStore
import TerminalUI

/// Every list on every screen — My Meals, Favourites, Recently Cooked, Recently Deleted, the
/// Meal Picker over the store a window at a time; the Pantry, the Shopping List, What can I
/// cook, the Week Plan, a meal's history and the ingredient picker read whole — with one
/// update rule: a store change only marks it stale, and the update step (or a key, first)
/// reads.
///
/// It owns what each screen typed out before: the rows (a window of `results`, or all of them),
/// the selection kept on the same row by its id across changes, the read that failed (the rows
/// read before stay shown), the empty or failed text where the rows would be, and headings
/// over rows. A screen keeps its rows' drawing and its keys.
final class ListPane<Row, ID: Equatable> {
  /// The rows: a window over the store, or every row of a list read whole.
  private(set) var results: WindowedResults<Row>
  /// A list read whole: its rows (empty for a window over the store).
  private(set) var rows: [Row] = []
  /// Selection and scroll.
  private(set) var state = ListState()
  /// How many rows the last update step made reachable: what the frame draws.
  private(set) var shownCount = 0
  /// Whether the store changed since the last read.
  private(set) var isStale = true
  /// A read of a list read whole that failed; its rows stay.
  private var wholeReadError: StoreError?
  /// A row's id, to find it again after a change.
  private let id: (Row) -> ID
  /// Where the row with an id is now (nil when it has gone): a window's query, or a search
  /// of the rows read whole.
  private var position: ((ID) -> Int?)?
  /// The selected row's id, to find it again after a change.
  private var selectedID: ID?
  /// The row to select once it is read (one a write just added).
  private var wantedID: ID?
  /// Where the bar goes when its row is gone: given that row, where it was and the new rows
  /// (nil: the row that took its place).
  private let whenGone: ((Row, Int, [Row]) -> Int)?
  /// A heading over a row, given the row before it (a shop's aisle over its first food).
  private let heading: ((Row, Row?) -> String?)?
  /// Each row's heading, worked out when the rows come (never in a frame).
  private(set) var headings: [String?] = []
  /// Whose next frame reads the list after a change it heard of itself (`listen`).
  private weak var navigator: Navigator?

  /// A list read whole, by `prepare(read:failed:)` or `show`.
  init(
    id: @escaping (Row) -> ID, whenGone: ((Row, Int, [Row]) -> Int)? = nil,
    heading: ((Row, Row?) -> String?)? = nil
  ) {
    self.results = WindowedResults(all: [])
    self.id = id
    self.whenGone = whenGone
    self.heading = heading
  }

  /// A list over the store, read a window at a time; `position` finds a row's place in it.
  init(
    _ results: WindowedResults<Row>, id: @escaping (Row) -> ID,
    position: @escaping (ID) -> Int?
  ) {
    self.results = results
    self.id = id
    self.position = position
    whenGone = nil
    heading = nil
    isStale = false
  }

  /// Each row's height: two with a heading over it, else one; nil when no row has one.
  private var heights: [Int]? {
    headings.contains { $0 != nil } ? headings.map { $0 == nil ? 1 : 2 } : nil
  }

  /// The row under the selection bar (a key asks: a window reads it when it must).
  var selected: Row? {
    catchUp()
    return results.row(at: state.selection)
  }
  /// The selected row as the update step read it: what a frame draws (never a read).
  var shownSelected: Row? { results.cachedRow(at: state.selection) }
  /// Why the rows could not be read, while they cannot: said where the rows would be.
  var readError: StoreError? { wholeReadError ?? results.lastError }

  // MARK: - Changes

  /// The store changed: read again at the next update step (`navigator`: whose next frame
  /// is that step).
  func markStale(redrawing navigator: Navigator? = nil) {
    isStale = true
    navigator?.needsDisplay = true
  }

  /// Hears of every change to `store` itself, and marks itself stale for `navigator`'s next
  /// frame: a screen with a list cannot forget to.
  func listen(to store: MealStore, redrawing navigator: Navigator) {
    self.navigator = navigator
    store.addListener(self)
  }

  /// A window over the store after it changed: the selection back on its row (or the one a
  /// write added), else kept inside the list on the row that took the gone one's place.
  private func catchUp() {
    guard isStale, position != nil else { return }
    isStale = false
    refind()
  }

  /// The selection on the wanted or selected row of a window, wherever it is now.
  private func refind() {
    guard let position else { return }
    let key = wantedID ?? selectedID
    wantedID = nil
    if let key, let index = position(key) {
      state.select(index, count: results.count(atLeast: index + 1))
    } else {
      state.clamp(count: results.count(atLeast: state.selection + 1))
    }
    selectedID = results.row(at: state.selection).map(id)
  }

  /// A new query over the store (a filter typed, a chip chosen): its rows from the top.
  func show(_ results: WindowedResults<Row>, position: @escaping (ID) -> Int?) {
    self.results = results
    self.position = position
    isStale = false
    state = ListState()
    selectedID = results.row(at: 0).map(id)
  }

  // MARK: - A list read whole

  /// The update step of a list read whole: reads the rows when the store changed since.
  ///
  /// The selection stays on its row; a read that fails keeps the rows and is said (`failed`).
  /// True when it read.
  @discardableResult
  func prepare(
    read: () throws(StoreError) -> [Row], failed: (StoreError) -> Void
  ) -> Bool {
    guard isStale else { return false }
    isStale = false
    do {
      show(try read())
      wholeReadError = nil
    } catch {
      wholeReadError = error
      failed(error)
    }
    return true
  }

  /// For a list a worker reads: true once after the store changed (the screen then asks the
  /// worker, and shows its answer), false until it changes again.
  func takeStale() -> Bool {
    defer { isStale = false }
    return isStale
  }

  /// Shows rows that came without a read (a filter typed, the units changed, a worker's
  /// answer), the selection kept on its row.
  func show(_ rows: [Row], select wanted: ID? = nil) {
    let previous = selectedID.flatMap { key in self.rows.first { id($0) == key } }
    let index = state.selection
    let key = wanted ?? wantedID ?? selectedID
    let asked = wanted != nil || wantedID != nil
    wantedID = nil
    self.rows = rows
    results = WindowedResults(all: rows)
    shownCount = rows.count
    headings =
      heading.map { heading in
        rows.indices.map { heading(rows[$0], $0 > 0 ? rows[$0 - 1] : nil) }
      } ?? []
    if !asked, let previous, let whenGone, !rows.contains(where: { id($0) == id(previous) }) {
      state.select(whenGone(previous, index, rows), count: rows.count)
    } else {
      state.reselect(key, in: rows, by: id)
    }
    selectedID = results.row(at: state.selection).map(id)
  }

  /// Says a read that failed outside `prepare` (a worker's answer); the rows stay.
  func failed(_ error: StoreError) { wholeReadError = error }

  /// Rows that came without a read: the read that failed before is over.
  func read(_ rows: [Row]) {
    show(rows)
    wholeReadError = nil
  }

  // MARK: - Keys and clicks

  /// Does `move` over the rows in a view `pageSize` rows high; over `reachable` rows of a
  /// window when given (else all of them, counted).
  func apply(_ move: ListState.Move, pageSize: Int, reachable: Int? = nil) {
    catchUp()
    if let heights {
      state.apply(move, count: heights.count, viewHeight: pageSize) { heights[$0] }
    } else {
      state.apply(move, count: reachable ?? results.count, pageSize: pageSize)
    }
    settled()
  }

  /// Selects row `index` (of `reachable`, scrolled into a view `pageSize` rows high, when
  /// given).
  func select(_ index: Int, reachable: Int? = nil, pageSize: Int? = nil) {
    catchUp()
    let count = reachable ?? results.count
    state.select(index, count: count)
    if let pageSize { state.top = state.visibleTop(height: pageSize, count: count) }
    settled()
  }

  /// Selects the row with `id`: now when it is there, and after the next read (a write that
  /// added it is read at the next update step).
  func select(id wanted: ID) {
    guard position == nil else {
      wantedID = wanted
      isStale = true  // found by the window's query at the next key or update step
      return
    }
    let index = rows.firstIndex { id($0) == wanted }
    if let index { select(index) }
    if index == nil || isStale { wantedID = wanted }
  }

  /// Selects the row a click lands on in `view` (of `reachable` rows of a window, when
  /// given); its index, or nil when it missed every row.
  func click(_ event: MouseEvent, in view: ListView, reachable: Int? = nil) -> Int? {
    catchUp()
    let hit =
      heights.map { view.index(of: event, state: state, heights: $0) }
      ?? view.index(of: event, state: state, count: reachable ?? results.count)
    guard let index = hit else { return nil }
    state.select(index, count: reachable ?? results.count)
    settled()
    return index
  }

  /// The bar moved by a person: it stays on this row from now on.
  private func settled() {
    selectedID = results.row(at: state.selection).map(id)
    wantedID = nil
  }

  // MARK: - The update step and the frame

  /// The update step of a window over the store; true when the store had changed.
  ///
  /// After a change the selection finds its row again, then what `view` will show is read:
  /// the count (or the rows up to `atLeast`), the visible rows and the selected one.
  @discardableResult
  func prepare(for view: ListView, atLeast needed: Int? = nil) -> Bool {
    let changed = isStale
    catchUp()
    shownCount = results.prepareRows(for: view, state: state, atLeast: needed)
    // The row the bar is drawn on is the one it stays on through the next change.
    if let row = results.cachedRow(at: state.selection) { selectedID = id(row) }
    return changed
  }

  /// Draws the rows into `view`, or where they would be, why there are none: the read that
  /// failed, else `empty`.
  func render(
    into canvas: inout Canvas, in view: ListView, empty: String,
    row draw: (inout Canvas, ListRow, Row) -> Void
  ) {
    guard shownCount > 0 else {
      canvas.writeWrapped(
        readError.map(AppContext.readFailure) ?? empty, in: view.area.dropping(top: 1),
        indent: 2, style: .muted)
      return
    }
    render(into: &canvas, in: view, row: draw)
  }

  /// Draws the rows the update step read; a row that could not be read is left blank (the
  /// screen says the failure).
  func render(
    into canvas: inout Canvas, in view: ListView, row draw: (inout Canvas, ListRow, Row) -> Void
  ) {
    let results = results
    guard let heights else {
      view.render(into: &canvas, state: state, count: shownCount) { canvas, line in
        guard let value = results.cachedRow(at: line.index) else { return }
        draw(&canvas, line, value)
      }
      return
    }
    // A heading on its item's first row, the row itself on its last.
    let headings = headings
    view.render(into: &canvas, state: state, heights: heights, headings: heights.map { $0 - 1 }) {
      canvas, line in
      if let title = headings[line.index] {
        canvas.writeTruncated(
          title, row: line.frame.y, column: line.frame.x, width: line.frame.width, style: .accent)
        guard line.frame.height > 1 else { return }
      }
      let last = ListRow(
        index: line.index, frame: line.frame.dropping(top: line.frame.height - 1),
        content: line.content.dropping(top: line.content.height - 1), selected: line.selected)
      guard let value = results.cachedRow(at: line.index) else { return }
      draw(&canvas, last, value)
    }
  }
}

extension ListPane: StoreListener {
  func storeDidChange(_ store: MealStore) { markStale(redrawing: navigator) }
}
