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

  /// Back at the top (another text shown in the same window).
  public mutating func reset() { offset = 0 }
}
