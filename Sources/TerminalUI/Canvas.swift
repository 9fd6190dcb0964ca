/// A grid of styled cells that a screen draws its whole state into, every frame.
///
/// Text is measured in terminal cells (wide characters take two, combining marks none) and
/// clipped. Control characters are drawn as visible substitutes (␛, ␀, …) and bidirectional
/// controls are dropped, so no text can reach the terminal raw.
///
/// A cell is a plain value (a scalar, a style, a width), so a frame is cheap to build, compare
/// and throw away; the rare combining marks live in a side table.
public struct Canvas: Equatable, Sendable {
  /// One cell: its spacing scalar, style and width; combining marks are in `marks`.
  public struct Cell: Equatable, Sendable {
    public var scalar: Unicode.Scalar
    public var style: Style
    /// Cells the text takes: 1, 2 for the lead of a wide character, 0 for the cell it covers.
    public var width: UInt8
    /// Combining marks follow the scalar (see `Canvas.text(row:column:)`).
    public var hasMarks = false

    public static let blank = Cell(scalar: " ", style: .plain, width: 1)
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
  /// Combining marks by cell index, for the cells that have some.
  private var marks: [Int: [Unicode.Scalar]] = [:]
  public var cursor: Position?
  /// Pictures drawn by a graphics protocol over blank cells, after the text.
  public var graphics: [Graphic] = []

  public init(size: Size) {
    self.size = Size(width: max(0, size.width), height: max(0, size.height))
    self.cells = Array(repeating: .blank, count: self.size.width * self.size.height)
  }

  public var bounds: Rect { Rect(x: 0, y: 0, width: size.width, height: size.height) }

  public subscript(row: Int, column: Int) -> Cell {
    guard contains(row: row, column: column) else { return .blank }
    return cells[row * size.width + column]
  }

  /// What one cell shows: its scalar and any combining marks ("" for the second half of a wide
  /// character).
  public func text(row: Int, column: Int) -> String {
    guard contains(row: row, column: column) else { return " " }
    let index = row * size.width + column
    let cell = cells[index]
    guard cell.width > 0 else { return "" }
    var scalars = String.UnicodeScalarView([cell.scalar])
    if cell.hasMarks, let extra = marks[index] { scalars.append(contentsOf: extra) }
    return String(scalars)
  }

  /// The scalars one cell sends to the terminal, marks included (none for a covered cell).
  public func scalars(at index: Int) -> [Unicode.Scalar] {
    let cell = cells[index]
    guard cell.width > 0 else { return [] }
    guard cell.hasMarks, let extra = marks[index] else { return [cell.scalar] }
    return [cell.scalar] + extra
  }

  // MARK: - Drawing

  /// Fills `rect` with blanks in `style`.
  public mutating func fill(_ rect: Rect, style: Style = .plain) {
    let blank = Cell(scalar: " ", style: style, width: 1)
    for row in max(0, rect.y)..<min(size.height, rect.maxY) {
      for column in max(0, rect.x)..<min(size.width, rect.maxX) {
        let index = row * size.width + column
        if cells[index].hasMarks { marks[index] = nil }
        cells[index] = blank
      }
    }
  }

  /// Writes one line of text at (row, column), clipped to `width` cells (default: to the edge).
  ///
  /// Returns the number of cells written. A `String` and a `Substring` each have their own (as
  /// `TextWidth.columns` has): one generic over `StringProtocol`, called from the screens'
  /// module, ran unspecialised at every write of every frame.
  @discardableResult
  public mutating func write(
    _ text: String, row: Int, column: Int, width: Int? = nil, style: Style = .plain
  ) -> Int {
    write(scalars: text.unicodeScalars, row: row, column: column, width: width, style: style)
  }

  /// Writes a part of a string, as `write` a string.
  @discardableResult
  public mutating func write(
    _ text: Substring, row: Int, column: Int, width: Int? = nil, style: Style = .plain
  ) -> Int {
    write(scalars: text.unicodeScalars, row: row, column: column, width: width, style: style)
  }

  private mutating func write<Scalars: Sequence<Unicode.Scalar>>(
    scalars: Scalars, row: Int, column: Int, width: Int?, style: Style
  ) -> Int {
    guard row >= 0, row < size.height, column < size.width else { return 0 }
    let limit = min(size.width, column + (width ?? size.width))
    var position = column
    var lastIndex: Int?
    var previous: Unicode.Scalar?
    for scalar in scalars {
      defer { previous = scalar }
      if TextWidth.isInvisibleFormat(scalar) { continue }
      guard let drawn = TextWidth.shown(scalar, after: previous) else { continue }
      let shown = Self.visible(drawn)
      let cells = TextWidth.columns(of: shown)
      if cells == 0 {
        if let lastIndex {
          self.cells[lastIndex].hasMarks = true
          marks[lastIndex, default: []].append(shown)
        }
        continue
      }
      if position + cells > limit { break }
      if position >= 0 {
        place(
          Cell(scalar: shown, style: style, width: UInt8(cells)), row: row, column: position)
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

  /// Writes `text` on the first row of `rect`, cut with "…" to its width.
  @discardableResult
  public mutating func writeTruncated(_ text: String, in rect: Rect, style: Style = .plain) -> Int {
    guard rect.height > 0 else { return 0 }
    return writeTruncated(text, row: rect.y, column: rect.x, width: rect.width, style: style)
  }

  /// Copies `count` cells of one row from `source` to this canvas, marks included.
  ///
  /// From `sourceColumn` there to `column` here; a wide character cut by either edge becomes a
  /// blank. Both canvases must have this row.
  public mutating func copy(
    row: Int, from source: Canvas, sourceColumn: Int, to column: Int, count: Int
  ) {
    guard row >= 0, row < size.height, row < source.size.height else { return }
    for offset in 0..<max(0, count) {
      let from = sourceColumn + offset
      let to = column + offset
      guard from >= 0, from < source.size.width, to >= 0, to < size.width else { continue }
      let index = row * source.size.width + from
      var cell = source.cells[index]
      let cutOnTheLeft = cell.width == 0 && offset == 0
      let cutOnTheRight = cell.width == 2 && (offset == count - 1 || to == size.width - 1)
      if cutOnTheLeft || cutOnTheRight { cell = Cell(scalar: " ", style: cell.style, width: 1) }
      let target = row * size.width + to
      set(cell, at: target)
      if cell.hasMarks, let extra = source.marks[index] { marks[target] = extra }
    }
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
    var scalars = String.UnicodeScalarView()
    for index in (row * size.width)..<((row + 1) * size.width) {
      scalars.append(contentsOf: self.scalars(at: index))
    }
    var text = String(scalars)
    while text.last == " " { text.removeLast() }
    return text
  }

  /// Every row as text.
  public var lines: [String] { (0..<size.height).map(line) }

  /// Whether a cell of `row` has palette colours of its own (a picture drawn as symbols).
  public func rowHasInk(_ row: Int) -> Bool {
    guard row >= 0, row < size.height else { return false }
    return cells[(row * size.width)..<((row + 1) * size.width)].contains { $0.style.ink != nil }
  }

  /// Whether `row` holds the same cells as in `other` (same size), combining marks included.
  public func sameRow(_ row: Int, as other: Canvas) -> Bool {
    guard other.size == size, row >= 0, row < size.height else { return false }
    for index in (row * size.width)..<((row + 1) * size.width) {
      let cell = cells[index]
      guard cell == other.cells[index] else { return false }
      if cell.hasMarks && marks[index] != other.marks[index] { return false }
    }
    return true
  }

  // MARK: - Internals

  private func contains(row: Int, column: Int) -> Bool {
    row >= 0 && row < size.height && column >= 0 && column < size.width
  }

  /// Puts a cell, repairing any wide character it half covers.
  private mutating func place(_ cell: Cell, row: Int, column: Int) {
    let base = row * size.width
    let end = column + Int(cell.width)
    if cells[base + column].width == 0 && column > 0 {
      set(.blank, at: base + column - 1)
    }
    if end < size.width && cells[base + end].width == 0 {
      set(.blank, at: base + end)
    }
    if end - 1 < size.width && cells[base + end - 1].width == 2 && end - 1 != column {
      set(.blank, at: base + end - 1)
    }
    set(cell, at: base + column)
    if cell.width == 2 {
      set(Cell(scalar: " ", style: cell.style, width: 0), at: base + column + 1)
    }
  }

  /// Replaces one cell, dropping the marks of the one it replaces.
  private mutating func set(_ cell: Cell, at index: Int) {
    if cells[index].hasMarks { marks[index] = nil }
    cells[index] = cell
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
