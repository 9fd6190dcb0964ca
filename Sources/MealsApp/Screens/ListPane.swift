import MealsStore
import TerminalUI

/// One list of rows read whole — the pantry, the shopping list, What can I cook — with one
/// update rule: a store change only marks it stale, and the next update step reads it.
///
/// It owns what each such screen typed out before: the rows, the selection kept on the same
/// row by its id across reads, the read that failed (rows read before stay shown), and the
/// empty or failed text where the rows would be. A screen keeps its rows' drawing and its keys.
final class ListPane<Row, ID: Equatable> {
  /// The rows the last read gave (or the screen showed), what the frame draws.
  private(set) var rows: [Row] = []
  /// Selection and scroll.
  private(set) var state = ListState()
  /// Why the rows could not be read, while they cannot.
  private(set) var readError: StoreError?
  /// Whether the store changed since the last read.
  private(set) var isStale = true
  /// A row's id, to find it again after a read.
  private let id: (Row) -> ID
  /// The row to select once it is read (one a write just added).
  private var wantedID: ID?
  /// Where the bar goes when its row is gone: given that row, where it was and the new rows
  /// (nil: the row that took its place).
  private let whenGone: ((Row, Int, [Row]) -> Int)?
  /// A heading over a row, given the row before it (a shop's aisle over its first food).
  private let heading: ((Row, Row?) -> String?)?
  /// Each row's heading, worked out when the rows come (never in a frame).
  private(set) var headings: [String?] = []

  init(
    id: @escaping (Row) -> ID, whenGone: ((Row, Int, [Row]) -> Int)? = nil,
    heading: ((Row, Row?) -> String?)? = nil
  ) {
    self.id = id
    self.whenGone = whenGone
    self.heading = heading
  }

  /// Each row's height: two with a heading over it, else one; nil when no row has one.
  private var heights: [Int]? {
    headings.contains { $0 != nil } ? headings.map { $0 == nil ? 1 : 2 } : nil
  }

  /// The row under the selection bar.
  var selected: Row? { rows.indices.contains(state.selection) ? rows[state.selection] : nil }

  // MARK: - Reading

  /// The store changed: read again at the next update step (`navigator`: whose next frame
  /// is that step).
  func markStale(redrawing navigator: Navigator? = nil) {
    isStale = true
    navigator?.needsDisplay = true
  }

  /// The update step: reads the rows when the store changed since the last read.
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
      readError = nil
    } catch {
      readError = error
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
    let previous = selected
    let index = state.selection
    let key = wanted ?? wantedID ?? previous.map(id)
    let asked = wanted != nil || wantedID != nil
    wantedID = nil
    self.rows = rows
    headings =
      heading.map { heading in
        rows.indices.map { heading(rows[$0], $0 > 0 ? rows[$0 - 1] : nil) }
      } ?? []
    if !asked, let previous, let whenGone, !rows.contains(where: { id($0) == id(previous) }) {
      state.select(whenGone(previous, index, rows), count: rows.count)
    } else {
      state.reselect(key, in: rows, by: id)
    }
  }

  /// Says a read that failed outside `prepare` (a worker's answer); the rows stay.
  func failed(_ error: StoreError) { readError = error }

  /// Rows that came without a read: the read that failed before is over.
  func read(_ rows: [Row]) {
    show(rows)
    readError = nil
  }

  // MARK: - Keys and clicks

  /// Does `move` over the rows in a view `pageSize` rows high.
  func apply(_ move: ListState.Move, pageSize: Int) {
    if let heights {
      state.apply(move, count: rows.count, viewHeight: pageSize) { heights[$0] }
    } else {
      state.apply(move, count: rows.count, pageSize: pageSize)
    }
    wantedID = nil
  }

  /// Selects row `index`.
  func select(_ index: Int) {
    state.select(index, count: rows.count)
    wantedID = nil
  }

  /// Selects the row with `id`: now when it is there, and after the next read (a write that
  /// added it is read at the next update step).
  func select(id wanted: ID) {
    let index = rows.firstIndex { id($0) == wanted }
    if let index { select(index) }
    if index == nil || isStale { wantedID = wanted }
  }

  /// Selects the row a click lands on in `view`; its index, or nil when it missed every row.
  func click(_ event: MouseEvent, in view: ListView) -> Int? {
    let hit =
      heights.map { view.index(of: event, state: state, heights: $0) }
      ?? view.index(of: event, state: state, count: rows.count)
    guard let index = hit else { return nil }
    select(index)
    return index
  }

  // MARK: - The frame

  /// Draws the rows into `view`, or where they would be, why there are none: the read that
  /// failed, else `empty`.
  func render(
    into canvas: inout Canvas, in view: ListView, empty: String,
    row draw: (inout Canvas, ListRow, Row) -> Void
  ) {
    guard !rows.isEmpty else {
      canvas.writeWrapped(
        readError.map(AppContext.readFailure) ?? empty, in: view.area.dropping(top: 1),
        indent: 2, style: .muted)
      return
    }
    let rows = rows
    guard let heights else {
      view.render(into: &canvas, state: state, count: rows.count) { canvas, line in
        draw(&canvas, line, rows[line.index])
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
      draw(&canvas, last, rows[line.index])
    }
  }
}
