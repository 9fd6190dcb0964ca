import Translation

/// Selection and scroll position of a list: the state behind every list, whatever its items'
/// heights — one row each (most lists), several (a category and its description), or a form
/// whose items own several lines under headings (the Meal Editor).
public struct ListState: Equatable, Sendable {
  public var selection: Int
  /// The first visible row, as last scrolled; `visibleTop(height:)` keeps the selection in view.
  public var top: Int

  public init(selection: Int = 0, top: Int = 0) {
    self.selection = selection
    self.top = top
  }

  /// What a list key does.
  public enum Move: String, Sendable {
    case up, down, pageUp, pageDown, first, last
  }

  /// Every list key, for lists that take no typing.
  public static let keys = KeyTable<Move>(
    "list",
    [
      KeyBinding([.up, .character("k")], .up, tr("up"), footer: false),
      KeyBinding([.down, .character("j")], .down, tr("down"), footer: false),
      KeyBinding([.pageUp, .ctrl("b")], .pageUp, tr("page up"), footer: false),
      KeyBinding(
        [.pageDown, .ctrl("f"), .character(" ")], .pageDown, tr("page down"), footer: false),
      KeyBinding([.home, .character("g")], .first, tr("first"), footer: false),
      KeyBinding([.end, .character("G")], .last, tr("last"), footer: false),
    ], summary: KeyHelp(keys: "↑↓ PgUp PgDn g G", text: tr("move"), inFooter: false))

  /// The arrows and page keys only, for a list under a text field (letters type there).
  public static let arrowKeys = KeyTable<Move>(
    [
      KeyBinding([.up], .up, tr("up"), footer: false),
      KeyBinding([.down], .down, tr("down"), footer: false),
      KeyBinding([.pageUp], .pageUp, tr("page up"), footer: false),
      KeyBinding([.pageDown], .pageDown, tr("page down"), footer: false),
    ], summary: KeyHelp(keys: "↑↓ PgUp PgDn", text: tr("move"), inFooter: false))

  /// Moves for the keys of `table`; returns false for any other key.
  public mutating func handle(
    _ key: Key, count: Int, pageSize: Int, keys table: KeyTable<Move> = ListState.keys
  ) -> Bool {
    guard let move = table.action(for: key) else { return false }
    apply(move, count: count, pageSize: pageSize)
    return true
  }

  /// Does `move` over `count` rows in a view `pageSize` rows high.
  public mutating func apply(_ move: Move, count: Int, pageSize: Int) {
    let page = max(1, pageSize - 1)
    switch move {
    case .up: select(selection - 1, count: count)
    case .down: select(selection + 1, count: count)
    case .pageUp: select(selection - page, count: count)
    case .pageDown: select(selection + page, count: count)
    case .first: select(0, count: count)
    case .last: select(count - 1, count: count)
    }
    top = visibleTop(height: pageSize, count: count)
  }

  /// Selects `index`, clamped into the list.
  public mutating func select(_ index: Int, count: Int) {
    selection = max(0, min(index, count - 1))
  }

  /// After the list was read again: the selection back on the item `key` names, else kept
  /// inside the list.
  public mutating func reselect<Item, ID: Equatable>(
    _ key: ID?, in items: [Item], by id: (Item) -> ID?
  ) {
    if let key, let index = items.firstIndex(where: { id($0) == key }) {
      select(index, count: items.count)
    } else {
      clamp(count: items.count)
    }
  }

  /// Keeps the selection inside a list that may have shrunk.
  public mutating func clamp(count: Int) {
    select(selection, count: count)
    top = max(0, min(top, max(0, count - 1)))
  }

  /// The first row to show so that the selection is visible in `height` rows.
  public func visibleTop(height: Int, count: Int) -> Int {
    Self.top(from: top, showing: selection..<selection + 1, height: height, count: count)
  }

  /// The first row to show so that rows `wanted` are in view in `height` rows of `count`,
  /// moving as little as possible from `top` and leaving no space below the last row: how
  /// every list scrolls.
  public static func top(from top: Int, showing wanted: Range<Int>, height: Int, count: Int)
    -> Int
  {
    Viewport.first(from: top, showing: wanted, height: height, count: count)
  }
}

// MARK: - Items of different heights

extension ListState {
  /// Does `move` over `count` items `height(i)` rows tall in `viewHeight` rows: one step
  /// moves by one item, a page by as many items as fit.
  public mutating func apply(
    _ move: Move, count: Int, viewHeight: Int, height: (Int) -> Int
  ) {
    guard count > 0 else { return }
    switch move {
    case .up: selection -= 1
    case .down: selection += 1
    case .pageDown:
      selection = Viewport.page(
        from: selection, by: 1, rows: viewHeight, count: count, height: height)
    case .pageUp:
      selection = Viewport.page(
        from: selection, by: -1, rows: viewHeight, count: count, height: height)
    case .first: selection = 0
    case .last: selection = count - 1
    }
    selection = max(0, min(selection, count - 1))
    top = visibleTop(count: count, viewHeight: viewHeight, height: height)
  }

  /// The first item to show so that the selected one is whole in view (when it fits), and no
  /// space is wasted below the last item.
  public func visibleTop(count: Int, viewHeight: Int, height: (Int) -> Int) -> Int {
    Viewport.first(from: top, showing: selection, rows: viewHeight, count: count, height: height)
  }
}
