import Translation

/// The `?` overlay: the keys that work everywhere first, then the top screen's, in a box.
///
/// Quit, back and help come first, where a first look finds them. A wide window
/// lays them out in two or three columns (read down, then across) so that they fit without
/// scrolling; ↑↓ (j/k, PgUp/PgDn, the wheel) scroll what is still longer than the window, and
/// any other key closes it — any key at all when it fits.
struct HelpOverlay {
  let title: String
  let rows: [KeyHelp?]
  /// The first row of each column shown.
  private var viewport = Viewport()

  /// `notes`: what the app has to say besides its keys (what the last sync set aside), last.
  init(title: String, screenKeys: [KeyHelp], globalKeys: [KeyHelp], notes: [KeyHelp] = []) {
    self.title = title
    rows = globalKeys + [nil] + screenKeys + (notes.isEmpty ? [] : [nil] + notes)
  }

  /// How a key moves the overlay.
  enum Move: String, Sendable { case down, up, pageDown, pageUp }

  static let keys = KeyTable<Move>(
    "help",
    [
      KeyBinding([.down, .character("j")], .down, tr("down")),
      KeyBinding([.up, .character("k")], .up, tr("up")),
      KeyBinding([.pageDown], .pageDown, tr("page down")),
      KeyBinding([.pageUp], .pageUp, tr("page up")),
    ])

  /// Scrolls for the overlay's keys; false for any other key (which closes it).
  mutating func handle(_ key: Key, in area: Rect) -> Bool {
    let layout = layout(in: area)
    guard layout.perColumn > layout.visibleRows, let move = Self.keys.action(for: key) else {
      return false
    }
    let step: Viewport.Move =
      switch move {
      case .down: .lineDown
      case .up: .lineUp
      case .pageDown: .pageDown
      case .pageUp: .pageUp
      }
    viewport.move(step, count: layout.perColumn, height: layout.visibleRows)
    return true
  }

  // MARK: - Layout

  /// One line of a column: a key's line, the rest of its text wrapped under it, or a gap.
  struct Line: Equatable {
    var keys: String?
    var text: String
  }

  /// The box, its columns of lines, and how many lines fit (one row of the box is the hint).
  struct Layout {
    var box: Rect
    var columnWidth: Int
    var columns: [[Line]]
    var visibleRows: Int
    /// Lines in the longest column: what scrolls.
    var perColumn: Int { columns.map(\.count).max() ?? 0 }
  }

  /// The widest a key column gets; longer keys are cut.
  static let keyColumnLimit = 16
  /// The box is never narrower than its title and hint need.
  static let leastWidth = 44
  /// Columns side by side at most, and the cells between two.
  static let mostColumns = 3
  static let columnGap = 3
  /// A column beside another gives its text at least this many cells (a longer text wraps).
  static let leastTextWidth = 24

  func layout(in area: Rect) -> Layout {
    let texts = rows.compactMap { $0.map { TextWidth.columns(of: $0.text) } }.max() ?? 0
    let keyWidth = keyWidth
    // The borders and a column of margin each side.
    let room = max(1, area.width - 2 - 4)
    let fitRows = max(1, area.height - 3)
    // As few columns as make every line fit in height, as many as the width allows.
    var columns = 1
    var width = min(room, keyWidth + 2 + texts)
    var lines = columnsOfLines(1, textWidth: max(1, width - keyWidth - 2))
    while columns < Self.mostColumns, (lines.map(\.count).max() ?? 0) > fitRows {
      let next = columns + 1
      let nextWidth = min(keyWidth + 2 + texts, (room - Self.columnGap * (next - 1)) / next)
      guard nextWidth >= keyWidth + 2 + min(texts, Self.leastTextWidth) else { break }
      columns = next
      width = nextWidth
      lines = columnsOfLines(next, textWidth: nextWidth - keyWidth - 2)
    }
    let needed = max(Self.leastWidth, 4 + columns * width + Self.columnGap * (columns - 1))
    let tallest = lines.map(\.count).max() ?? 0
    let box = Box.centered(
      in: area, width: min(area.width - 2, needed), height: min(area.height, tallest + 4))
    return Layout(
      box: box, columnWidth: width, columns: lines, visibleRows: max(0, box.height - 3))
  }

  /// The rows as lines (a text longer than `textWidth` wraps under itself), dealt into
  /// `count` columns read down then across, as even as whole keys allow.
  private func columnsOfLines(_ count: Int, textWidth: Int) -> [[Line]] {
    let items: [[Line]] = rows.map { row in
      guard let row else { return [Line(keys: nil, text: "")] }
      let wrapped = TextWrap.wrap(row.text, width: max(1, textWidth))
      return wrapped.enumerated().map {
        Line(keys: $0.offset == 0 ? row.keys : nil, text: $0.element)
      }
    }
    let total = items.reduce(0) { $0 + $1.count }
    let target = (total + count - 1) / count
    var columns: [[Line]] = [[]]
    for item in items {
      if columns.count < count, !columns[columns.count - 1].isEmpty,
        columns[columns.count - 1].count + item.count > target
      {
        columns.append([])
      }
      // A gap does not open a column.
      if columns[columns.count - 1].isEmpty && item == [Line(keys: nil, text: "")] { continue }
      columns[columns.count - 1] += item
    }
    return columns
  }

  /// The key column: as wide as the widest keys, up to the limit.
  private var keyWidth: Int {
    min(
      Self.keyColumnLimit, rows.compactMap { $0.map { TextWidth.columns(of: $0.keys) } }.max() ?? 4)
  }

  // MARK: - Rendering

  func render(into canvas: inout Canvas, in area: Rect) {
    let keyWidth = keyWidth
    let layout = layout(in: area)
    Box.draw(layout.box, title: tr("Keys — %s").filled(title), into: &canvas)
    // A column of margin, the columns (keys, two cells, what they do), a column of margin.
    let inner = layout.box.inset(by: 1)
    let first = viewport.first(count: layout.perColumn, height: layout.visibleRows)
    for (column, lines) in layout.columns.enumerated() {
      let x = inner.x + 1 + column * (layout.columnWidth + Self.columnGap)
      let textWidth = max(0, min(layout.columnWidth, inner.maxX - 1 - x) - keyWidth - 2)
      for (index, line) in lines.dropFirst(first).prefix(layout.visibleRows).enumerated() {
        let row = inner.y + index
        if let keys = line.keys {
          canvas.writeTruncated(keys, row: row, column: x, width: keyWidth, style: .key)
        }
        canvas.writeTruncated(line.text, row: row, column: x + keyWidth + 2, width: textWidth)
      }
    }
    let hint =
      layout.visibleRows >= layout.perColumn
      ? tr("any key closes")
      : first + layout.visibleRows < layout.perColumn
        ? tr("↓ more · any other key closes") : tr("↑ more · any other key closes")
    canvas.writeTruncated(
      hint, row: inner.maxY - 1, column: inner.x + 1, width: inner.width - 2, style: .muted)
  }
}
