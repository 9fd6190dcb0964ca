import Translation

/// A one-line text field with the usual line-editing keys.
public struct TextField: Equatable, Sendable {
  public private(set) var characters: [Character]
  /// Insertion point, 0…characters.count.
  public private(set) var cursor: Int

  public init(_ text: String = "") {
    characters = Array(text)
    cursor = characters.count
  }

  public var text: String {
    get { String(characters) }
    set {
      characters = Array(newValue)
      cursor = characters.count
    }
  }

  /// What an editing key does.
  public enum Edit: String, Sendable {
    case left, right, start, end, deleteBefore, deleteAfter, deleteToStart, deleteToEnd
    case deleteWord
  }

  /// The line-editing keys (readline's), shown in `?` help beside a screen's own.
  public static let keys = KeyTable<Edit>(
    "text-field",
    [
      KeyBinding([.left, .ctrl("b")], .left, tr("back a character"), label: "←", footer: false),
      KeyBinding(
        [.right, .ctrl("f")], .right, tr("forward a character"), label: "→", footer: false),
      KeyBinding(
        [.home, .ctrl("a")], .start, tr("start of the field"), label: "Ctrl-A", footer: false),
      KeyBinding([.end, .ctrl("e")], .end, tr("end of the field"), label: "Ctrl-E", footer: false),
      KeyBinding(
        [.backspace, .ctrl("h")], .deleteBefore, tr("delete before the cursor"), label: "Backspace",
        footer: false),
      KeyBinding(
        [.delete, .ctrl("d")], .deleteAfter, tr("delete at the cursor"), label: "Delete",
        footer: false),
      KeyBinding([.ctrl("u")], .deleteToStart, tr("delete to the start"), footer: false),
      KeyBinding([.ctrl("k")], .deleteToEnd, tr("delete to the end"), footer: false),
      KeyBinding([.ctrl("w")], .deleteWord, tr("delete the word before"), footer: false),
    ],
    summary: KeyHelp(
      keys: "Ctrl-A/E/U/K/W", text: tr("start, end, delete to start/end, word"), inFooter: false),
    typing: true)

  /// Edits for the keys of `keys` and printable characters (and paste).
  public mutating func handle(_ key: Key) -> Bool {
    switch key {
    case .character(let character):
      insert(character)
      return true
    case .paste(let text):
      insert(contentsOf: text)
      return true
    default:
      break
    }
    guard let edit = Self.keys.action(for: key) else { return false }
    switch edit {
    case .left: cursor = max(0, cursor - 1)
    case .right: cursor = min(characters.count, cursor + 1)
    case .start: cursor = 0
    case .end: cursor = characters.count
    case .deleteBefore:
      guard cursor > 0 else { return true }
      characters.remove(at: cursor - 1)
      cursor -= 1
    case .deleteAfter:
      guard cursor < characters.count else { return true }
      characters.remove(at: cursor)
    case .deleteToStart:
      characters.removeSubrange(0..<cursor)
      cursor = 0
    case .deleteToEnd:
      characters.removeSubrange(cursor...)
    case .deleteWord:
      var start = cursor
      while start > 0 && characters[start - 1] == " " { start -= 1 }
      while start > 0 && characters[start - 1] != " " { start -= 1 }
      characters.removeSubrange(start..<cursor)
      cursor = start
    }
    return true
  }

  public mutating func insert(_ character: Character) {
    characters.insert(character, at: cursor)
    cursor += 1
  }

  /// Inserts pasted text on one line: line breaks and tabs become spaces, controls are dropped.
  public mutating func insert(contentsOf text: String) {
    var pasted: [Character] = []
    for character in text {
      if character == "\n" || character == "\t" || character == "\r\n" {
        pasted.append(" ")
      } else if !character.unicodeScalars.contains(where: TextWidth.isControl) {
        pasted.append(character)
      }
    }
    characters.insert(contentsOf: pasted, at: cursor)
    cursor += pasted.count
  }

  /// A form line on `row`'s first row: a column of margin, `label` and a space, the field, a
  /// column of margin (`Search: arrabiata`); returns the cursor cell.
  @discardableResult
  public func render(
    labelled label: String, into canvas: inout Canvas, in row: Rect, style: Style
  ) -> Canvas.Position {
    let parts = row.firstRow.split(
      .horizontal, [.fixed(1), .fixed(TextWidth.columns(of: label) + 1), .fill, .fixed(1)])
    canvas.writeTruncated(label, in: parts[1], style: .key)
    return render(into: &canvas, in: parts[2], style: style)
  }

  /// Draws the field over `rect`'s first row; returns the cursor cell.
  @discardableResult
  public func render(into canvas: inout Canvas, in rect: Rect, style: Style = .plain)
    -> Canvas.Position
  {
    render(into: &canvas, row: rect.y, column: rect.x, width: rect.width, style: style)
  }

  /// Draws the field in `width` cells, scrolled so the cursor shows; returns the cursor cell.
  @discardableResult
  public func render(
    into canvas: inout Canvas,
    row: Int,
    column: Int,
    width: Int,
    style: Style = .plain
  ) -> Canvas.Position {
    guard width > 1 else { return Canvas.Position(row: row, column: column) }
    var start = 0
    var used = 0
    var index = cursor
    while index > 0 {
      let cells = TextWrap.columns(of: characters[index - 1])
      if used + cells > width - 1 { break }
      used += cells
      index -= 1
    }
    start = index
    var visible = String(characters[start...])
    if start > 0 {
      visible = "…" + String(characters[(start + 1)...])
    }
    canvas.fill(Rect(x: column, y: row, width: width, height: 1), style: style)
    canvas.write(visible, row: row, column: column, width: width, style: style)
    let cursorColumn = column + min(width - 1, used)
    return Canvas.Position(row: row, column: cursorColumn)
  }
}
