import Translation

/// One row of a pager: pieces of styled text at given columns (two-column lists, headings).
public struct PagerLine: Equatable, Sendable {
  public struct Span: Equatable, Sendable {
    public var text: String
    public var column: Int
    public var style: Style
    /// Cells the span may take; nil runs to the right edge.
    public var width: Int?

    public init(_ text: String, column: Int = 0, style: Style = .plain, width: Int? = nil) {
      self.text = text
      self.column = column
      self.style = style
      self.width = width
    }
  }

  public var spans: [Span]

  public init(_ spans: [Span]) { self.spans = spans }

  public init(_ text: String, style: Style = .plain, indent: Int = 0) {
    spans = [Span(text, column: indent, style: style)]
  }

  public static let blank = PagerLine([])

  /// `text` wrapped to `width` cells as lines, blank lines kept; the first `narrow.rows` lines
  /// to `narrow.width` (beside a picture).
  public static func wrapped(
    _ text: String, width: Int, style: Style = .plain, indent: Int = 0,
    narrow: (rows: Int, width: Int) = (0, 0)
  ) -> [PagerLine] {
    TextWrap.wrap(
      text, width: max(1, width - indent), narrow: (narrow.rows, max(1, narrow.width - indent))
    ).map { PagerLine($0, style: style, indent: indent) }
  }
}

/// Lines of text in a `Viewport`, with the usual pager keys and a position line.
public struct Pager: Equatable, Sendable {
  public typealias Action = Viewport.Move

  public static let keys = KeyTable<Action>(
    "pager",
    [
      KeyBinding([.down, .character("j")], .lineDown, tr("scroll down"), label: "j/↓"),
      KeyBinding([.up, .character("k")], .lineUp, tr("scroll up"), label: "k/↑"),
      KeyBinding([.character(" "), .pageDown], .pageDown, tr("page down"), label: "Space"),
      KeyBinding([.character("b"), .pageUp], .pageUp, tr("page up"), label: "b"),
      KeyBinding([.character("g"), .home], .top, tr("top"), label: "g", footer: false),
      KeyBinding([.character("G"), .end], .bottom, tr("bottom"), label: "G", footer: false),
    ])

  private var viewport = Viewport()

  /// The first line shown.
  public var offset: Int { viewport.offset }

  public init() {}

  /// Scrolls for a pager key over `count` lines shown `height` at a time.
  public mutating func handle(_ key: Key, count: Int, height: Int) -> Bool {
    guard let action = Self.keys.action(for: key) else { return false }
    viewport.move(action, count: count, height: height)
    return true
  }

  /// Draws the lines that fit in `area` from the current offset.
  public func render(_ lines: [PagerLine], into canvas: inout Canvas, in area: Rect) {
    let start = viewport.first(count: lines.count, height: area.height)
    for (index, line) in lines.dropFirst(start).prefix(area.height).enumerated() {
      for span in line.spans {
        let width = min(span.width ?? area.width, area.width - span.column)
        canvas.writeTruncated(
          span.text, row: area.y + index, column: area.x + span.column, width: width,
          style: span.style)
      }
    }
  }

  /// The pager's keys while `count` lines are more than `height` shows; none when all of them
  /// are in view (the keys would do nothing).
  public static func help(count: Int, height: Int) -> [KeyHelp] {
    count > height ? keys.help : []
  }

  /// "lines 21–40 of 80 (50%)": where the view is.
  public func position(count: Int, height: Int) -> String {
    let start = viewport.first(count: count, height: height)
    let last = min(count, start + height)
    let percent = count <= height ? 100 : last * 100 / count
    return tr("lines %1$d–%2$d of %3$d (%4$d%%)").filled(
      String(min(count, start + 1)), String(last), String(count), String(percent))
  }
}
