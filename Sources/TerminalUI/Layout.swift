/// How much of a split one part takes.
public enum Extent: Equatable, Sendable {
  /// Exactly this many cells (fewer only when there are not that many left).
  case fixed(Int)
  /// At least this many, then an equal share of what is left with the other flexible parts.
  case minimum(Int)
  /// This fraction (numerator, denominator) of what the fixed parts leave.
  case ratio(Int, Int)
  /// An equal share of what is left.
  case fill
}

/// Which way a rectangle is cut.
public enum Axis: Sendable {
  /// Side by side (columns).
  case horizontal
  /// One above the other (rows).
  case vertical
}

extension Rect {
  /// Cuts the rectangle into parts along `axis`, by rules, in order.
  ///
  /// Fixed parts come first, ratios take their share of the rest, then minimum and fill
  /// parts share what remains (a minimum part never below its minimum while there is room).
  /// Leftover cells from rounding go to the last flexible part; when the rules ask for more
  /// than there is, the last parts shrink (never below zero).
  public func split(_ axis: Axis, _ extents: [Extent]) -> [Rect] {
    let total = axis == .horizontal ? width : height
    var sizes = Array(repeating: 0, count: extents.count)
    var left = total
    for (index, extent) in extents.enumerated() {
      if case .fixed(let cells) = extent {
        sizes[index] = max(0, min(cells, left))
        left -= sizes[index]
      }
    }
    let afterFixed = left
    for (index, extent) in extents.enumerated() {
      if case .ratio(let numerator, let denominator) = extent, denominator > 0 {
        sizes[index] = max(0, min(left, afterFixed * numerator / denominator))
        left -= sizes[index]
      }
    }
    let flexible = extents.indices.filter {
      switch extents[$0] {
      case .minimum, .fill: true
      default: false
      }
    }
    if !flexible.isEmpty {
      // Minimums first, then the rest shared out; each minimum part keeps its minimum.
      var share = left
      var sharing = flexible
      for index in flexible {
        if case .minimum(let cells) = extents[index], cells > left / flexible.count {
          sizes[index] = min(cells, share)
          share -= sizes[index]
          sharing.removeAll { $0 == index }
        }
      }
      if !sharing.isEmpty {
        let each = max(0, share / sharing.count)
        for index in sharing { sizes[index] = each }
        if let last = sharing.last { sizes[last] += max(0, share - each * sharing.count) }
      } else if let last = flexible.last {
        sizes[last] += max(0, share)
      }
      left = 0
    } else if left > 0, let last = extents.indices.last {
      sizes[last] += left  // rounding left over with no flexible part: the last part takes it
      left = 0
    }
    var rects: [Rect] = []
    var position = axis == .horizontal ? x : y
    for size in sizes {
      rects.append(
        axis == .horizontal
          ? Rect(x: position, y: y, width: size, height: height)
          : Rect(x: x, y: position, width: width, height: size))
      position += size
    }
    return rects
  }
}

/// The app's breakpoints, in one place.
public enum Breakpoints {
  /// From this width, lists get a preview pane on the right.
  public static let twoPanes = 100
  /// The list keeps at least this many columns beside a preview.
  public static let listMinimum = 40

  /// A list area cut into the list, a one-column divider and the preview when wide enough;
  /// the whole area is the list otherwise.
  public static func panes(_ area: Rect) -> (list: Rect, divider: Rect?, preview: Rect?) {
    guard area.width >= twoPanes else { return (area, nil, nil) }
    let parts = area.split(.horizontal, [.minimum(listMinimum), .fixed(1), .ratio(2, 5)])
    return (parts[0], parts[1], parts[2])
  }
}
