/// The one scroll model: a window `height` rows tall over `count` rows, from row `offset`.
///
/// The pager, the help overlay and Cook Mode's long steps move one; lists (`ListState`) keep
/// their selection in view by its `first(from:showing:height:count:)`. It never goes past the
/// last row at the window's bottom, and a page keeps one row of the last in view for context.
public struct Viewport: Equatable, Sendable {
  /// How a key moves it (the names are the keys' actions in the pager's table and the config).
  public enum Move: String, Sendable {
    case lineDown, lineUp, pageDown, pageUp, top, bottom
  }

  /// The first row shown (as last moved: `first(count:height:)` fits it to the rows as they
  /// are now).
  public private(set) var offset = 0

  public init() {}

  /// The furthest it goes: the last row at the window's bottom.
  public static func lastOffset(count: Int, height: Int) -> Int { max(0, count - height) }

  /// How far a page moves: the window less the row kept in view.
  public static func page(height: Int) -> Int { max(1, height - 1) }

  /// Moves it over `count` rows shown `height` at a time.
  public mutating func move(_ move: Move, count: Int, height: Int) {
    let last = Self.lastOffset(count: count, height: height)
    switch move {
    case .lineDown: offset += 1
    case .lineUp: offset -= 1
    case .pageDown: offset += Self.page(height: height)
    case .pageUp: offset -= Self.page(height: height)
    case .top: offset = 0
    case .bottom: offset = last
    }
    offset = max(0, min(offset, last))
  }

  /// The first row to show of `count` rows in a window `height` rows tall (the rows may have
  /// become fewer, or the window taller, since it last moved).
  public func first(count: Int, height: Int) -> Int {
    max(0, min(offset, Self.lastOffset(count: count, height: height)))
  }

  /// The first row that shows `wanted` (as much of it as fits, its start first) moving as
  /// little as possible from `top`, and leaves no empty rows under the last: how a list keeps
  /// its selection in view (`ListState`).
  public static func first(from top: Int, showing wanted: Range<Int>, height: Int, count: Int)
    -> Int
  {
    guard height > 0 else { return 0 }
    var first = top
    if wanted.lowerBound < first { first = wanted.lowerBound }
    if wanted.upperBound > first + height { first = wanted.upperBound - height }
    return max(0, min(first, count - height))
  }

  // MARK: - Items of different heights

  /// The first item that shows item `wanted` whole (when it fits) moving as little as
  /// possible from `top`, items `height(i)` rows tall in a window `rows` tall, and leaves no
  /// empty rows under the last: `first(from:showing:height:count:)` for items of many heights
  /// (a category and its description, a form's fields).
  public static func first(
    from top: Int, showing wanted: Int, rows: Int, count: Int, height: (Int) -> Int
  ) -> Int {
    guard count > 0, rows > 0 else { return 0 }
    let selected = max(0, min(wanted, count - 1))
    var first = max(0, min(top, count - 1))
    if selected < first { first = selected }
    var used = (first...selected).reduce(0) { $0 + height($1) }
    while used > rows && first < selected {
      used -= height(first)
      first += 1
    }
    // Pull earlier items in while everything from there to the end fits.
    var tail = (first..<count).reduce(0) { $0 + height($1) }
    while first > 0 && tail + height(first - 1) <= rows {
      first -= 1
      tail += height(first)
    }
    return first
  }

  /// The item a page moves to from `item` (`by` 1 down, -1 up): as many items as fit in a
  /// window `rows` tall, at least one.
  public static func page(
    from item: Int, by direction: Int, rows: Int, count: Int, height: (Int) -> Int
  ) -> Int {
    var item = item
    var used = 0
    while (0..<count).contains(item + direction), used + height(item + direction) <= rows {
      used += height(item + direction)
      item += direction
    }
    if used == 0 { item += direction }
    return max(0, min(item, count - 1))
  }

  /// Back at the top (another text shown in the same window).
  public mutating func reset() { offset = 0 }

  // MARK: - Rows inside items, counted near the window

  /// A row among items of several rows each (a text's lines, wrapped).
  ///
  /// Item `item`, its row `row`: a window may start inside an item.
  public struct RowPosition: Equatable, Comparable, Sendable {
    public var item: Int
    public var row: Int

    public init(item: Int, row: Int) {
      self.item = item
      self.row = row
    }

    public static func < (lhs: RowPosition, rhs: RowPosition) -> Bool {
      (lhs.item, lhs.row) < (rhs.item, rhs.row)
    }
  }

  /// The first row that shows row `wanted` moving as little as possible from `top`, in a
  /// window `height` rows tall, for items whose rows are counted only near the window
  /// (`rows(i)`: item i's rows, asked only for items between the two).
  ///
  /// How a text area keeps its cursor in view without wrapping the whole text: a key costs
  /// the lines around the cursor, so 10 000-line texts stay fast. The rule is the lists':
  /// above the window, it starts at the row; below, the row is its last.
  public static func first(
    from top: RowPosition, showing wanted: RowPosition, height: Int, rows: (Int) -> Int
  ) -> RowPosition {
    if wanted < top { return wanted }
    // Rows from `top` to the wanted one; counting stops once it is clearly below the window.
    var counted = 0
    var item = top.item
    var row = top.row
    while item < wanted.item && counted < height {
      counted += rows(item) - row
      row = 0
      item += 1
    }
    counted += wanted.row - row
    if item == wanted.item && counted < height { return top }
    // Back from the wanted row until the window is full.
    var first = wanted
    for _ in 0..<max(0, height - 1) {
      if first.row > 0 {
        first.row -= 1
      } else if first.item > 0 {
        first.item -= 1
        first.row = rows(first.item) - 1
      } else {
        break
      }
    }
    return first
  }
}
