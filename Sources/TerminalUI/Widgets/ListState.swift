/// Selection and scroll position of a list: the state behind every list screen.
public struct ListState: Equatable, Sendable {
  public var selection: Int
  /// The first visible row, as last scrolled; `visibleTop(height:)` keeps the selection in view.
  public var top: Int

  public init(selection: Int = 0, top: Int = 0) {
    self.selection = selection
    self.top = top
  }

  /// Moves for the usual list keys; returns false for any other key.
  public mutating func handle(_ key: Key, count: Int, pageSize: Int) -> Bool {
    let page = max(1, pageSize - 1)
    switch key {
    case .up, .character("k"): select(selection - 1, count: count)
    case .down, .character("j"): select(selection + 1, count: count)
    case .pageUp, .ctrl("b"): select(selection - page, count: count)
    case .pageDown, .ctrl("f"), .character(" "): select(selection + page, count: count)
    case .home, .character("g"): select(0, count: count)
    case .end, .character("G"): select(count - 1, count: count)
    default: return false
    }
    top = visibleTop(height: pageSize, count: count)
    return true
  }

  /// Selects `index`, clamped into the list.
  public mutating func select(_ index: Int, count: Int) {
    selection = max(0, min(index, count - 1))
  }

  /// Keeps the selection inside a list that may have shrunk.
  public mutating func clamp(count: Int) {
    select(selection, count: count)
    top = max(0, min(top, max(0, count - 1)))
  }

  /// The item drawn on screen row `row` of a list drawn in `area`, if any.
  public func index(atRow row: Int, in area: Rect, count: Int) -> Int? {
    guard row >= area.y, row < area.maxY else { return nil }
    let index = visibleTop(height: area.height, count: count) + row - area.y
    return index < count ? index : nil
  }

  /// The first row to show so that the selection is visible in `height` rows.
  public func visibleTop(height: Int, count: Int) -> Int {
    guard height > 0 else { return 0 }
    var first = top
    if selection < first { first = selection }
    if selection >= first + height { first = selection - height + 1 }
    first = min(first, max(0, count - height))
    return max(0, first)
  }
}
