/// A grid of styled cells that a screen draws its whole state into, every frame.
///
/// Text is measured in terminal cells (wide characters take two, combining marks none) and
/// clipped. Control characters are drawn as visible substitutes (␛, ␀, …) and bidirectional
/// controls are dropped, so no text can reach the terminal raw.
public struct Canvas: Equatable, Sendable {
  /// One cell: its text (a spacing scalar plus any combining ones) and style.
  public struct Cell: Equatable, Sendable {
    public var text: String
    public var style: Style
    /// Cells the text takes: 1, 2 for the lead of a wide character, 0 for the cell it covers.
    public var width: UInt8

    public static let blank = Cell(text: " ", style: .plain, width: 1)
  }

  /// Where the terminal cursor goes, if a text field has focus.
  public struct Position: Equatable, Sendable {
    public var row: Int
    public var column: Int

    public init(row: Int, column: Int) {
      self.row = row
      self.column = column
    }
  }

  public let size: Size
  public private(set) var cells: [Cell]
  public var cursor: Position?

  public init(size: Size) {
    self.size = Size(width: max(0, size.width), height: max(0, size.height))
    self.cells = Array(repeating: .blank, count: self.size.width * self.size.height)
  }

  public var bounds: Rect { Rect(x: 0, y: 0, width: size.width, height: size.height) }

  public subscript(row: Int, column: Int) -> Cell {
    guard contains(row: row, column: column) else { return .blank }
    return cells[row * size.width + column]
  }

  // MARK: - Drawing

  /// Fills `rect` with blanks in `style`.
  public mutating func fill(_ rect: Rect, style: Style = .plain) {
    let blank = Cell(text: " ", style: style, width: 1)
    for row in max(0, rect.y)..<min(size.height, rect.maxY) {
      for column in max(0, rect.x)..<min(size.width, rect.maxX) {
        cells[row * size.width + column] = blank
      }
    }
  }

  /// Writes one line of text at (row, column), clipped to `width` cells (default: to the edge).
  ///
  /// Returns the number of cells written.
  @discardableResult
  public mutating func write(
    _ text: some StringProtocol,
    row: Int,
    column: Int,
    width: Int? = nil,
    style: Style = .plain
  ) -> Int {
    guard row >= 0, row < size.height, column < size.width else { return 0 }
    let limit = min(size.width, column + (width ?? size.width))
    var position = column
    var lastIndex: Int?
    for scalar in text.unicodeScalars {
      if TextWidth.isInvisibleFormat(scalar) { continue }
      let shown = Self.visible(scalar)
      let cells = TextWidth.columns(of: shown)
      if cells == 0 {
        if let lastIndex { self.cells[lastIndex].text.unicodeScalars.append(shown) }
        continue
      }
      if position + cells > limit { break }
      if position >= 0 {
        place(
          Cell(text: String(shown), style: style, width: UInt8(cells)), row: row, column: position)
        lastIndex = row * size.width + position
      } else {
        lastIndex = nil
      }
      position += cells
    }
    return position - column
  }

  /// Writes `text` clipped to `width` cells with a trailing "…" when cut, then pads with blanks.
  @discardableResult
  public mutating func writeTruncated(
    _ text: String,
    row: Int,
    column: Int,
    width: Int,
    style: Style = .plain,
    pad: Bool = false
  ) -> Int {
    let shown = TextWidth.truncate(text, to: width)
    let used = write(shown, row: row, column: column, width: width, style: style)
    if pad && used < width {
      fill(Rect(x: column + used, y: row, width: width - used, height: 1), style: style)
    }
    return pad ? width : used
  }

  /// Restyles the cells of `rect`, keeping their text (used for the selection bar).
  public mutating func applyStyle(_ style: Style, to rect: Rect) {
    for row in max(0, rect.y)..<min(size.height, rect.maxY) {
      for column in max(0, rect.x)..<min(size.width, rect.maxX) {
        cells[row * size.width + column].style = style
      }
    }
  }

  // MARK: - Reading back

  /// The text of one row, trailing blanks removed: what tests compare against.
  public func line(_ row: Int) -> String {
    guard row >= 0, row < size.height else { return "" }
    var text = ""
    for column in 0..<size.width {
      let cell = cells[row * size.width + column]
      if cell.width > 0 { text += cell.text }
    }
    while text.last == " " { text.removeLast() }
    return text
  }

  /// Every row as text.
  public var lines: [String] { (0..<size.height).map(line) }

  // MARK: - Internals

  private func contains(row: Int, column: Int) -> Bool {
    row >= 0 && row < size.height && column >= 0 && column < size.width
  }

  /// Puts a cell, repairing any wide character it half covers.
  private mutating func place(_ cell: Cell, row: Int, column: Int) {
    let base = row * size.width
    let end = column + Int(cell.width)
    if cells[base + column].width == 0 && column > 0 {
      cells[base + column - 1] = .blank
    }
    if end < size.width && cells[base + end].width == 0 {
      cells[base + end] = .blank
    }
    if end - 1 < size.width && cells[base + end - 1].width == 2 && end - 1 != column {
      cells[base + end - 1] = .blank
    }
    cells[base + column] = cell
    if cell.width == 2 {
      cells[base + column + 1] = Cell(text: "", style: cell.style, width: 0)
    }
  }

  /// Controls become their Unicode "control picture" so they are seen but never executed.
  static func visible(_ scalar: Unicode.Scalar) -> Unicode.Scalar {
    switch scalar.value {
    case 0x00...0x1F: Unicode.Scalar(0x2400 + scalar.value) ?? "?"
    case 0x7F: "\u{2421}"
    case 0x80...0x9F: "\u{FFFD}"
    default: scalar
    }
  }
}
