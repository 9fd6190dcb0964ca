/// One item of a list as drawn: where it is, where its text goes, and whether it is selected.
public struct ListRow {
  public let index: Int
  /// The item's whole rows, marker column included.
  public let frame: Rect
  /// After the marker and a space, one column short of the right edge: where the text goes.
  public let content: Rect
  public let selected: Bool

  public init(index: Int, frame: Rect, content: Rect, selected: Bool) {
    self.index = index
    self.frame = frame
    self.content = content
    self.selected = selected
  }
}

/// The one list widget (ratatui's `List`): draws the visible items of a list in `area`, the `▸`
/// marker and the selected style, and answers page size and hit-tests from the same `Rect`, so
/// drawing, paging and clicking can never disagree.
public struct ListView {
  public let area: Rect
  /// Columns before the marker (a form's rows sit one column in, under its headings).
  public let indent: Int
  /// False for a list that shows its selection by the selected style alone (a checklist, where
  /// the rows' own boxes lead).
  public let showsMarker: Bool

  public init(area: Rect, indent: Int = 0, marker: Bool = true) {
    self.area = area
    self.indent = indent
    self.showsMarker = marker
  }

  /// The marker and the space after it.
  public static let markerWidth = 2

  /// How many rows a page key moves by.
  public var pageSize: Int { max(1, area.height) }

  /// The items a list of one-row items kept by `state` shows: what the update step reads
  /// before drawing them.
  public func visibleItems(state: ListState, count: Int) -> Range<Int> {
    let top = state.visibleTop(height: area.height, count: count)
    return top..<max(top, min(count, top + area.height))
  }

  // MARK: - Drawing

  /// Draws a list of one-row items kept by `state`.
  public func render(
    into canvas: inout Canvas, state: ListState, count: Int,
    item: (inout Canvas, ListRow) -> Void
  ) {
    render(
      into: &canvas, count: count, top: state.visibleTop(height: area.height, count: count),
      selected: state.selection..<state.selection + 1, item: item)
  }

  /// Draws a list of items `heights[i]` rows tall kept by `state`; the first `headings[i]`
  /// rows of an item are a heading over it (a group's title), never shown as selected.
  public func render(
    into canvas: inout Canvas, state: ListState, heights: [Int], headings: [Int]? = nil,
    item: (inout Canvas, ListRow) -> Void
  ) {
    render(
      into: &canvas, count: heights.count,
      top: state.visibleTop(count: heights.count, viewHeight: area.height) { heights[$0] },
      selected: state.selection..<state.selection + 1, heights: heights, headings: headings,
      item: item)
  }

  /// Draws items from `top` down, each `heights[i]` rows tall (one without), the last one cut.
  ///
  /// A run of selected items (one item over several lines) shows the marker on its first. The
  /// marker and the selected style leave out an item's `headings[i]` first rows.
  public func render(
    into canvas: inout Canvas, count: Int, top: Int, selected: Range<Int>, heights: [Int]? = nil,
    headings: [Int]? = nil, item: (inout Canvas, ListRow) -> Void
  ) {
    var y = area.y
    var index = max(0, top)
    var previousSelected = false
    while index < count, y < area.maxY {
      let rows = max(1, min(heights?[index] ?? 1, area.maxY - y))
      let frame = Rect(x: area.x, y: y, width: area.width, height: rows)
      let selected = selected.contains(index)
      item(
        &canvas,
        ListRow(index: index, frame: frame, content: content(of: frame), selected: selected))
      let heading = min(headings?[index] ?? 0, rows)
      if selected && heading < rows {
        if showsMarker && !previousSelected {
          canvas.write("▸", row: y + heading, column: area.x + indent, style: .accent)
        }
        canvas.applyStyle(.selected, to: frame.dropping(top: heading))
      }
      previousSelected = selected
      y += rows
      index += 1
    }
  }

  /// Where an item's text goes in its frame.
  public func content(of frame: Rect) -> Rect {
    guard showsMarker else { return frame }
    let left = indent + Self.markerWidth
    return Rect(
      x: frame.x + left, y: frame.y, width: max(0, frame.width - left - 1), height: frame.height)
  }

  // MARK: - Hit-tests

  /// Selects the item a click lands on; its index, or nil when the click missed every item.
  public func select(_ event: MouseEvent, in state: inout ListState, count: Int) -> Int? {
    guard let index = index(of: event, state: state, count: count) else { return nil }
    state.select(index, count: count)
    return index
  }

  /// The item a click lands on, in a list of one-row items kept by `state`.
  public func index(of event: MouseEvent, state: ListState, count: Int) -> Int? {
    index(of: event, count: count, top: state.visibleTop(height: area.height, count: count))
  }

  /// The item a click lands on, in a list of items `heights[i]` rows tall kept by `state`.
  public func index(of event: MouseEvent, state: ListState, heights: [Int]) -> Int? {
    index(
      of: event, count: heights.count,
      top: state.visibleTop(count: heights.count, viewHeight: area.height) { heights[$0] },
      heights: heights)
  }

  /// The item a click lands on when the list starts at `top`; none outside the list's cells
  /// (a click in the preview beside it).
  public func index(of event: MouseEvent, count: Int, top: Int, heights: [Int]? = nil) -> Int? {
    let row = event.row
    guard row >= area.y, row < area.maxY, event.column >= area.x, event.column < area.maxX else {
      return nil
    }
    var y = area.y
    var index = max(0, top)
    while index < count {
      let rows = max(1, heights?[index] ?? 1)
      if row < y + rows { return index }
      y += rows
      index += 1
    }
    return nil
  }
}
