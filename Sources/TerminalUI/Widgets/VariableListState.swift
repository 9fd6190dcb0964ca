/// Selection and scroll of a list whose rows take different heights (a category's name and
/// its description), the way a table cell grows with its text.
///
/// One step moves by one item; a page moves by as many items as fit in the view; the selected
/// item is kept whole in view when it fits.
public struct VariableListState: Equatable, Sendable {
  public var selection: Int
  /// The first visible item, as last scrolled.
  public var top: Int

  public init(selection: Int = 0, top: Int = 0) {
    self.selection = selection
    self.top = top
  }

  /// Moves for the usual list keys over `count` items of `height(i)` rows in `viewHeight`.
  public mutating func handle(
    _ key: Key, count: Int, viewHeight: Int, height: (Int) -> Int
  ) -> Bool {
    guard count > 0, let move = ListState.keys.action(for: key) else { return false }
    switch move {
    case .up: selection -= 1
    case .down: selection += 1
    case .pageDown:
      var used = 0
      while selection + 1 < count, used + height(selection + 1) <= viewHeight {
        used += height(selection + 1)
        selection += 1
      }
      if used == 0 { selection += 1 }
    case .pageUp:
      var used = 0
      while selection > 0, used + height(selection - 1) <= viewHeight {
        used += height(selection - 1)
        selection -= 1
      }
      if used == 0 { selection -= 1 }
    case .first: selection = 0
    case .last: selection = count - 1
    }
    selection = max(0, min(selection, count - 1))
    top = visibleTop(count: count, viewHeight: viewHeight, height: height)
    return true
  }

  /// The first item to show so that the selected one is whole in view, and no space is
  /// wasted below the last item.
  public func visibleTop(count: Int, viewHeight: Int, height: (Int) -> Int) -> Int {
    guard count > 0, viewHeight > 0 else { return 0 }
    let selected = max(0, min(selection, count - 1))
    var first = max(0, min(top, count - 1))
    if selected < first { first = selected }
    var rows = (first...selected).reduce(0) { $0 + height($1) }
    while rows > viewHeight && first < selected {
      rows -= height(first)
      first += 1
    }
    // Pull earlier items in while everything from there to the end fits.
    var tail = (first..<count).reduce(0) { $0 + height($1) }
    while first > 0 && tail + height(first - 1) <= viewHeight {
      first -= 1
      tail += height(first)
    }
    return first
  }

  /// Keeps the selection inside a list that changed size.
  public mutating func clamp(count: Int) {
    selection = max(0, min(selection, count - 1))
    top = max(0, min(top, max(0, count - 1)))
  }
}
