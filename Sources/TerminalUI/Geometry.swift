/// A terminal size in cells (or, as `CellSize`, a cell's size in pixels).
public struct Size: Hashable, Sendable {
  public var width: Int
  public var height: Int

  public init(width: Int, height: Int) {
    self.width = width
    self.height = height
  }

  /// The smallest size the layout supports; below it a notice is shown instead.
  public static let minimum = Size(width: 40, height: 12)
}

/// A rectangle of cells on the canvas.
public struct Rect: Equatable, Sendable {
  public var x: Int
  public var y: Int
  public var width: Int
  public var height: Int

  public init(x: Int, y: Int, width: Int, height: Int) {
    self.x = x
    self.y = y
    self.width = max(0, width)
    self.height = max(0, height)
  }

  public var maxY: Int { y + height }
  public var maxX: Int { x + width }

  /// The part below the first `rows` rows.
  public func dropping(top rows: Int) -> Rect {
    Rect(x: x, y: y + rows, width: width, height: height - rows)
  }

  /// True when the two share a cell.
  public func intersects(_ other: Rect) -> Bool {
    x < other.maxX && other.x < maxX && y < other.maxY && other.y < maxY
  }

  /// True when `other` lies wholly inside.
  public func contains(_ other: Rect) -> Bool {
    other.x >= x && other.y >= y && other.maxX <= maxX && other.maxY <= maxY
  }

  /// The rectangle with cells taken off its sides (margins, a label before a field).
  public func inset(left: Int = 0, right: Int = 0, top: Int = 0, bottom: Int = 0) -> Rect {
    Rect(x: x + left, y: y + top, width: width - left - right, height: height - top - bottom)
  }

  /// The rectangle's first row.
  public var firstRow: Rect { Rect(x: x, y: y, width: width, height: min(1, height)) }

  /// The rectangle shrunk by `inset` cells on every side.
  public func inset(by inset: Int) -> Rect {
    Rect(x: x + inset, y: y + inset, width: width - 2 * inset, height: height - 2 * inset)
  }
}
