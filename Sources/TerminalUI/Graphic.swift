/// A picture a graphics protocol draws over a rectangle of cells, after the text of a frame.
///
/// The cells under it stay blank in the canvas; the terminal adapter sends the picture after
/// its refresh, only when it is new or moved (or, for sixel and iTerm2, when text under it was
/// redrawn), and removes it when it leaves the frame.
public struct Graphic: Equatable, Sendable {
  public var rect: Rect
  /// Names the drawing (the picture's address): the same key at the same place is not sent again.
  public var key: String
  /// What the protocol sends (encoded off the main thread, by a `Worker`).
  public var bytes: [UInt8]
  public var graphics: GraphicsProtocol

  public init(rect: Rect, key: String, bytes: [UInt8], graphics: GraphicsProtocol) {
    self.rect = rect
    self.key = key
    self.bytes = bytes
    self.graphics = graphics
  }

  public static func == (lhs: Graphic, rhs: Graphic) -> Bool {
    lhs.rect == rhs.rect && lhs.key == rhs.key && lhs.graphics == rhs.graphics
  }

  /// Sixel and iTerm2 pictures are pixels in the cells: text written there erases them.
  public var isInline: Bool { graphics != .kitty }
}

/// What a graphics-protocol terminal must send for a frame, given what it sent before: the
/// pure part of the adapter's work, so it is tested without a terminal.
public struct GraphicsPlan: Equatable, Sendable {
  /// Rectangles whose rows must be repainted from the text (an inline picture left them).
  public var repaint: [Rect] = []
  /// Kitty pictures are all deleted first (then the wanted ones are placed again).
  public var deleteKitty = false
  /// Pictures to send now, in order.
  public var place: [Graphic] = []

  /// Deletes every kitty picture on screen.
  public static let kittyDeleteAll = Array("\u{1B}_Ga=d,d=a\u{1B}\\".utf8)

  /// The bytes that draw `encoded` (the protocol's stream) at `rect`'s first cell: the cursor
  /// is saved and restored around it (DECSC/DECRC), so ncurses' idea of it stays right.
  ///
  /// Symbols in 24-bit colour come as rows separated by line breaks: each row is put at its
  /// own line of `rect`.
  public static func placement(of encoded: [UInt8], at rect: Rect, rows: Bool = false) -> [UInt8] {
    guard rows else {
      return Array("\u{1B}7\u{1B}[\(rect.y + 1);\(rect.x + 1)H".utf8) + encoded
        + Array("\u{1B}8".utf8)
    }
    var out = Array("\u{1B}7".utf8)
    for (index, line) in encoded.split(separator: 0x0A, omittingEmptySubsequences: false)
      .prefix(rect.height).enumerated()
    {
      out += Array("\u{1B}[\(rect.y + index + 1);\(rect.x + 1)H".utf8)
      out += line
    }
    return out + Array("\u{1B}[0m\u{1B}8".utf8)
  }

  /// The plan for showing `wanted` where `shown` is on screen.
  ///
  /// `changedRows` says whether the text of a row changed since the last frame; `everything`
  /// after a redraw from scratch.
  public static func plan(
    wanted: [Graphic], shown: [Graphic], changedRows: (Int) -> Bool, everything: Bool
  ) -> GraphicsPlan {
    var plan = GraphicsPlan()
    let gone = shown.filter { !wanted.contains($0) }
    plan.repaint = gone.filter(\.isInline).map(\.rect)
    plan.deleteKitty = gone.contains { !$0.isInline }
    for graphic in wanted {
      let new = !shown.contains(graphic)
      let kittyAgain = !graphic.isInline && plan.deleteKitty
      let touched =
        graphic.isInline
        && (graphic.rect.y..<graphic.rect.maxY).contains(where: changedRows)
      let underRepaint = plan.repaint.contains { $0.intersects(graphic.rect) }
      if everything || new || kittyAgain || touched || underRepaint { plan.place.append(graphic) }
    }
    return plan
  }
}
