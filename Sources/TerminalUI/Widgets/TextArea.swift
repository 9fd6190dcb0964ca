import Translation

/// A multi-line text editor: lines wrap at word boundaries, arrows move by screen rows.
///
/// Work per key is local to the lines around the cursor, so 10 000-line texts stay fast.
public struct TextArea: Equatable, Sendable {
  /// A place in the text: logical line and character offset in it.
  public struct Location: Equatable, Comparable, Sendable {
    public var line: Int
    public var column: Int

    public static func < (lhs: Location, rhs: Location) -> Bool {
      (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }
  }

  /// A screen row: the logical line (`item`) and which wrapped segment of it (`row`).
  typealias RowAnchor = Viewport.RowPosition

  public private(set) var lines: [[Character]] {
    didSet { revision &+= 1 }
  }
  /// Changes whenever the text does, so a screen can tell an edit from a move cheaply.
  public private(set) var revision = 0
  public private(set) var cursor = Location(line: 0, column: 0)
  private var top = RowAnchor(item: 0, row: 0)
  /// The visual column that up/down try to keep.
  private var goalColumn: Int?

  public init(_ text: String = "") {
    lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { Array($0) }
    if lines.isEmpty { lines = [[]] }
  }

  public var text: String { lines.map { String($0) }.joined(separator: "\n") }

  // MARK: - Editing

  /// What an editing key does.
  public enum Edit: String, Sendable {
    case left, right, up, down, pageUp, pageDown, rowStart, rowEnd, newLine, deleteBefore
    case deleteAfter, deleteToEnd, indent
  }

  /// The editor's keys, shown in `?` help beside the screen's own.
  public static let keys = KeyTable<Edit>(
    "text-area",
    [
      KeyBinding([.left], .left, tr("back a character"), footer: false),
      KeyBinding([.right], .right, tr("forward a character"), footer: false),
      KeyBinding([.up], .up, tr("up a row"), footer: false),
      KeyBinding([.down], .down, tr("down a row"), footer: false),
      KeyBinding([.pageUp], .pageUp, tr("up a page"), footer: false),
      KeyBinding([.pageDown], .pageDown, tr("down a page"), footer: false),
      KeyBinding(
        [.home, .ctrl("a")], .rowStart, tr("start of row"), label: "Ctrl-A", footer: false),
      KeyBinding([.end, .ctrl("e")], .rowEnd, tr("end of row"), label: "Ctrl-E", footer: false),
      KeyBinding([.enter], .newLine, tr("new line"), footer: false),
      KeyBinding(
        [.backspace, .ctrl("h")], .deleteBefore, tr("delete before the cursor"), label: "Backspace",
        footer: false),
      KeyBinding(
        [.delete, .ctrl("d")], .deleteAfter, tr("delete at the cursor"), label: "Delete",
        footer: false),
      KeyBinding([.ctrl("k")], .deleteToEnd, tr("delete to end of line"), footer: false),
      KeyBinding([.tab], .indent, tr("two spaces"), footer: false),
    ], typing: true)

  /// The lines of `keys` worth a line in `?` help (the arrows go without saying).
  public static let help: [KeyHelp] = [
    KeyHelp(keys: "Enter", text: tr("new line"), inFooter: false),
    KeyHelp(keys: "Ctrl-A/E", text: tr("start/end of row"), inFooter: false),
    KeyHelp(keys: "Ctrl-K", text: tr("delete to end of line"), inFooter: false),
  ]

  /// Handles a key for the text as `render` draws it in `area`.
  public mutating func handle(_ key: Key, in area: Rect) -> Bool {
    handle(key, width: max(1, area.width - 1), height: area.height)
  }

  /// Handles editing and movement keys for a view of `width`×`height` cells.
  public mutating func handle(_ key: Key, width: Int, height: Int) -> Bool {
    let width = max(1, width)
    var keepGoal = false
    if case .character(let character) = key {
      insert(character)
    } else if case .paste(let text) = key {
      insert(contentsOf: text)
    } else {
      guard let edit = Self.keys.action(for: key) else { return false }
      keepGoal = apply(edit, width: width, height: height)
    }
    if !keepGoal { goalColumn = nil }
    top = visibleTop(width: width, height: height)
    return true
  }

  /// Does one edit; true when it moved up or down (the goal column is kept).
  private mutating func apply(_ edit: Edit, width: Int, height: Int) -> Bool {
    switch edit {
    case .left:
      if cursor.column > 0 {
        cursor.column -= 1
      } else if cursor.line > 0 {
        cursor = Location(line: cursor.line - 1, column: lines[cursor.line - 1].count)
      }
    case .right:
      if cursor.column < lines[cursor.line].count {
        cursor.column += 1
      } else if cursor.line < lines.count - 1 {
        cursor = Location(line: cursor.line + 1, column: 0)
      }
    case .up:
      moveVertically(by: -1, width: width)
      return true
    case .down:
      moveVertically(by: 1, width: width)
      return true
    case .pageUp:
      for _ in 0..<max(1, height - 1) { moveVertically(by: -1, width: width) }
      return true
    case .pageDown:
      for _ in 0..<max(1, height - 1) { moveVertically(by: 1, width: width) }
      return true
    case .rowStart:
      let segment = segmentRange(of: cursor, width: width)
      cursor.column = segment.lowerBound
    case .rowEnd:
      let segments = TextWrap.segments(of: lines[cursor.line], width: width)
      let index = segmentIndex(of: cursor, in: segments)
      let range = segments[index]
      let isLast = index == segments.count - 1
      cursor.column = isLast ? range.upperBound : max(range.lowerBound, range.upperBound - 1)
    case .newLine:
      let rest = Array(lines[cursor.line][cursor.column...])
      lines[cursor.line].removeSubrange(cursor.column...)
      lines.insert(rest, at: cursor.line + 1)
      cursor = Location(line: cursor.line + 1, column: 0)
    case .deleteBefore:
      if cursor.column > 0 {
        lines[cursor.line].remove(at: cursor.column - 1)
        cursor.column -= 1
      } else if cursor.line > 0 {
        let previousCount = lines[cursor.line - 1].count
        lines[cursor.line - 1] += lines[cursor.line]
        lines.remove(at: cursor.line)
        cursor = Location(line: cursor.line - 1, column: previousCount)
      }
    case .deleteAfter, .deleteToEnd:
      if cursor.column < lines[cursor.line].count {
        if edit == .deleteAfter {
          lines[cursor.line].remove(at: cursor.column)
        } else {
          lines[cursor.line].removeSubrange(cursor.column...)
        }
      } else if cursor.line < lines.count - 1 {
        lines[cursor.line] += lines[cursor.line + 1]
        lines.remove(at: cursor.line + 1)
      }
    case .indent:
      insert(" ")
      insert(" ")
    }
    return false
  }

  public mutating func insert(_ character: Character) {
    lines[cursor.line].insert(character, at: cursor.column)
    cursor.column += 1
  }

  /// Inserts pasted text, keeping its lines; tabs become two spaces, controls are dropped.
  public mutating func insert(contentsOf text: String) {
    var pasted: [[Character]] = [[]]
    for character in text {
      if character == "\n" || character == "\r\n" {
        pasted.append([])
      } else if character == "\t" {
        pasted[pasted.count - 1] += [" ", " "]
      } else if !character.unicodeScalars.contains(where: TextWidth.isControl) {
        pasted[pasted.count - 1].append(character)
      }
    }
    let line = lines[cursor.line]
    let before = Array(line[..<cursor.column])
    let after = Array(line[cursor.column...])
    let lastCount = pasted[pasted.count - 1].count
    pasted[0] = before + pasted[0]
    pasted[pasted.count - 1] += after
    lines.replaceSubrange(cursor.line...cursor.line, with: pasted)
    let lastLine = cursor.line + pasted.count - 1
    cursor = Location(
      line: lastLine, column: (pasted.count == 1 ? before.count : 0) + lastCount)
  }

  private mutating func moveVertically(by delta: Int, width: Int) {
    let segments = TextWrap.segments(of: lines[cursor.line], width: width)
    let index = segmentIndex(of: cursor, in: segments)
    let goal = goalColumn ?? visualColumn(of: cursor, in: segments[index])
    goalColumn = goal
    var target = RowAnchor(item: cursor.line, row: index + delta)
    if target.row < 0 {
      guard cursor.line > 0 else {
        cursor.column = 0
        return
      }
      target.item -= 1
      target.row = TextWrap.segments(of: lines[target.item], width: width).count - 1
    } else if target.row >= segments.count {
      guard cursor.line < lines.count - 1 else {
        cursor.column = lines[cursor.line].count
        return
      }
      target = RowAnchor(item: cursor.line + 1, row: 0)
    }
    let targetSegments = TextWrap.segments(of: lines[target.item], width: width)
    let range = targetSegments[target.row]
    var column = range.lowerBound
    var used = 0
    let limit = target.row == targetSegments.count - 1 ? range.upperBound : range.upperBound - 1
    while column < limit {
      let cells = TextWrap.columns(of: lines[target.item][column])
      if used + cells > goal { break }
      used += cells
      column += 1
    }
    cursor = Location(line: target.item, column: max(range.lowerBound, column))
  }

  // MARK: - Layout

  private func segmentIndex(of location: Location, in segments: [Range<Int>]) -> Int {
    for (index, range) in segments.enumerated() where location.column < range.upperBound {
      return index
    }
    return segments.count - 1
  }

  private func segmentRange(of location: Location, width: Int) -> Range<Int> {
    let segments = TextWrap.segments(of: lines[location.line], width: width)
    return segments[segmentIndex(of: location, in: segments)]
  }

  private func visualColumn(of location: Location, in range: Range<Int>) -> Int {
    var used = 0
    for index in range.lowerBound..<min(location.column, range.upperBound) {
      used += TextWrap.columns(of: lines[location.line][index])
    }
    return used
  }

  /// The first row to show so the cursor is visible, starting from the last scroll position
  /// (`Viewport`'s rule, each line's wrapped rows counted only near the window).
  func visibleTop(width: Int, height: Int) -> RowAnchor {
    let segments = TextWrap.segments(of: lines[cursor.line], width: width)
    let cursorRow = RowAnchor(item: cursor.line, row: segmentIndex(of: cursor, in: segments))
    var first = top
    if first.item >= lines.count { first = RowAnchor(item: lines.count - 1, row: 0) }
    return Viewport.first(from: first, showing: cursorRow, height: height) { line in
      TextWrap.segments(of: lines[line], width: width).count
    }
  }

  /// Draws the visible rows and returns where the cursor is on screen.
  @discardableResult
  public func render(into canvas: inout Canvas, in area: Rect) -> Canvas.Position? {
    let width = max(1, area.width - 1)
    let start = visibleTop(width: width, height: area.height)
    var line = start.item
    var segment = start.row
    var row = area.y
    var cursorPosition: Canvas.Position?
    while row < area.maxY && line < lines.count {
      let segments = TextWrap.segments(of: lines[line], width: width)
      while segment < segments.count && row < area.maxY {
        let range = segments[segment]
        canvas.write(String(lines[line][range]), row: row, column: area.x, width: width)
        if line == cursor.line && segmentIndex(of: cursor, in: segments) == segment {
          cursorPosition = Canvas.Position(
            row: row, column: area.x + visualColumn(of: cursor, in: range))
        }
        segment += 1
        row += 1
      }
      segment = 0
      line += 1
    }
    return cursorPosition
  }
}
