/// The `?` overlay: the top screen's keys, a gap, the navigator's own, in a box over the body
/// as wide as its lines need (and the window allows); ↑↓ (j/k, PgUp/PgDn, the wheel) scroll
/// it when it is longer than the window, any other key closes it — any key at all when it
/// fits.
struct HelpOverlay {
  let title: String
  let rows: [KeyHelp?]
  /// The first row shown.
  private(set) var offset = 0

  init(title: String, screenKeys: [KeyHelp], globalKeys: [KeyHelp]) {
    self.title = title
    rows = screenKeys + [nil] + globalKeys
  }

  /// How a key moves the overlay.
  enum Move: String, Sendable { case down, up, pageDown, pageUp }

  static let keys = KeyTable<Move>(
    "help",
    [
      KeyBinding([.down, .character("j")], .down, "down"),
      KeyBinding([.up, .character("k")], .up, "up"),
      KeyBinding([.pageDown], .pageDown, "page down"),
      KeyBinding([.pageUp], .pageUp, "page up"),
    ])

  /// Scrolls for the overlay's keys; false for any other key (which closes it).
  mutating func handle(_ key: Key, in area: Rect) -> Bool {
    let last = max(0, rows.count - box(in: area).visibleRows)
    guard last > 0, let move = Self.keys.action(for: key) else { return false }
    switch move {
    case .down: offset = min(last, offset + 1)
    case .pageDown: offset = min(last, offset + 5)
    case .up: offset = max(0, offset - 1)
    case .pageUp: offset = max(0, offset - 5)
    }
    return true
  }

  /// The box in `area` and how many key rows fit in it (one row is the hint).
  func box(in area: Rect) -> (box: Rect, visibleRows: Int) {
    // The borders, a column of margin each side, the keys, two columns, the longest text.
    let texts = rows.compactMap { $0.map { TextWidth.columns(of: $0.text) } }.max() ?? 0
    let needed = max(Self.leastWidth, 2 + 2 + keyWidth + 2 + texts)
    let box = Box.centered(
      in: area, width: min(area.width - 2, needed), height: min(area.height, rows.count + 4))
    return (box, max(0, box.height - 3))
  }

  /// The widest a key column gets; longer keys are cut.
  static let keyColumnLimit = 16
  /// The box is never narrower than its title and hint need.
  static let leastWidth = 44

  /// The key column: as wide as the widest keys, up to the limit.
  private var keyWidth: Int {
    min(
      Self.keyColumnLimit, rows.compactMap { $0.map { TextWidth.columns(of: $0.keys) } }.max() ?? 4)
  }

  func render(into canvas: inout Canvas, in area: Rect) {
    let keyWidth = keyWidth
    let (box, visible) = box(in: area)
    Box.draw(box, title: "Keys — \(title)", into: &canvas)
    // A column of margin, the keys, two columns, what they do, a column of margin.
    let inner = box.inset(by: 1)
    let columns = inner.split(
      .horizontal, [.fixed(1), .fixed(keyWidth), .fixed(2), .fill, .fixed(1)])
    let first = max(0, min(offset, rows.count - visible))
    for (index, item) in rows.dropFirst(first).prefix(visible).enumerated() {
      guard let item else { continue }
      let row = inner.y + index
      canvas.writeTruncated(item.keys, row: row, column: columns[1].x, width: keyWidth, style: .key)
      canvas.writeTruncated(item.text, row: row, column: columns[3].x, width: columns[3].width)
    }
    let hint =
      visible >= rows.count
      ? "any key closes"
      : first + visible < rows.count
        ? "↓ more · any other key closes" : "↑ more · any other key closes"
    canvas.writeTruncated(
      hint, row: inner.maxY - 1, column: columns[1].x, width: inner.width - 2, style: .muted)
  }
}
