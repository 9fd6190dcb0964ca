import Translation

/// A row of toggle chips in groups (`All 12 │ Beef 3  ✓ Chicken 2 │ Italian 3`).
///
/// Chosen chips are drawn reversed and marked `✓` (so they read without colour); the cursor
/// chip, when the strip has focus, is bracketed. With the focus the row scrolls sideways to
/// keep the cursor chip in view, with `‹` and `›` where more chips hide; without it, it shows
/// its start.
public struct ChipStrip: Equatable, Sendable {
  public struct Item: Equatable, Sendable {
    public var label: String
    public var isChosen: Bool
    /// Chips of one group sit together; a bar separates groups.
    public var group: Int

    public init(_ label: String, isChosen: Bool, group: Int) {
      self.label = label
      self.isChosen = isChosen
      self.group = group
    }

    var text: String { isChosen ? "✓ " + label : label }
  }

  public private(set) var cursor = 0

  public init() {}

  /// What a strip key does.
  public enum Move: String, Sendable { case left, right, first, last }

  /// The strip's moves, summed up in one help line.
  public static let keys = KeyTable<Move>(
    "chips",
    [
      KeyBinding([.left, .character("h")], .left, tr("previous chip")),
      KeyBinding([.right, .character("l")], .right, tr("next chip")),
      KeyBinding([.home, .character("g")], .first, tr("first chip")),
      KeyBinding([.end, .character("G")], .last, tr("last chip")),
    ], summary: KeyHelp(keys: "←→", text: tr("move")))

  /// ←/→ (and h/l) move the cursor; false for any other key.
  public mutating func handle(_ key: Key, count: Int) -> Bool {
    switch Self.keys.action(for: key) {
    case .left: cursor = max(0, cursor - 1)
    case .right: cursor = min(max(0, count - 1), cursor + 1)
    case .first: cursor = 0
    case .last: cursor = max(0, count - 1)
    case nil: return false
    }
    return true
  }

  public mutating func clamp(count: Int) {
    cursor = max(0, min(cursor, count - 1))
  }

  /// Where each chip starts and how wide it is, in one long virtual row.
  private static func layout(_ items: [Item]) -> [(start: Int, width: Int)] {
    var positions: [(Int, Int)] = []
    var x = 0
    for (index, item) in items.enumerated() {
      if index > 0 { x += items[index - 1].group == item.group ? 1 : 3 }
      let width = TextWidth.columns(of: item.text) + 2
      positions.append((x, width))
      x += width
    }
    return positions
  }

  /// Where the strip starts showing its virtual row (so the cursor chip is in view).
  private func offset(_ positions: [(start: Int, width: Int)], view: Int) -> Int {
    guard !positions.isEmpty else { return 0 }
    let current = positions[min(cursor, positions.count - 1)]
    guard current.start + current.width > view else { return 0 }
    return positions.first { current.start + current.width - $0.start <= view }?.start
      ?? current.start
  }

  /// The chip drawn at `column` of a strip drawn in `area` (`focused` as drawn), if any.
  public func index(atColumn column: Int, items: [Item], in area: Rect, focused: Bool = false)
    -> Int?
  {
    let positions = Self.layout(items)
    let view = area.width - 2
    let shift = focused ? offset(positions, view: view) : 0
    return positions.indices.first { index in
      let x = area.x + 1 + positions[index].start - shift
      return x >= area.x + 1 && x + positions[index].width <= area.x + 1 + view
        && (x..<(x + positions[index].width)).contains(column)
    }
  }

  /// Moves the cursor to a chip (a click).
  public mutating func select(_ index: Int, count: Int) {
    cursor = max(0, min(index, count - 1))
  }

  /// Draws the chips on `row` within `area`'s columns.
  public func render(
    _ items: [Item], focused: Bool, into canvas: inout Canvas, row: Int, in area: Rect
  ) {
    guard !items.isEmpty, area.width > 4 else { return }
    let positions = Self.layout(items)
    let view = area.width - 2  // one column each side for ‹ and ›
    // Scroll to a chip's start (no chip cut on the left), as little as keeps the cursor's in
    // view; without the focus the strip shows its start (`All` and the chosen chips' group).
    let offset = focused ? offset(positions, view: view) : 0
    let total = (positions.last.map { $0.start + $0.width }) ?? 0
    for (index, item) in items.enumerated() {
      let (start, width) = positions[index]
      let x = start - offset
      guard x + width <= view, x >= 0 else { continue }
      let column = area.x + 1 + x
      if index > 0 && items[index - 1].group != item.group && x >= 2 {
        canvas.write("│", row: row, column: column - 2, style: .muted)
      }
      let isCursor = focused && index == cursor
      let style: Style = item.isChosen ? .chipOn : isCursor ? .title : .chip
      canvas.write(isCursor ? "[" : " ", row: row, column: column, style: isCursor ? .key : style)
      canvas.write(item.text, row: row, column: column + 1, style: style)
      canvas.write(
        isCursor ? "]" : " ", row: row, column: column + width - 1, style: isCursor ? .key : style)
    }
    if offset > 0 { canvas.write("‹", row: row, column: area.x, style: .key) }
    if total - offset > view { canvas.write("›", row: row, column: area.maxX - 1, style: .key) }
  }
}
