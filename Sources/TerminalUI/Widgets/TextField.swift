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

  /// Edits for ←/→, Home/End, Backspace/Delete, Ctrl-A/E/U/K/W and printable characters.
  public mutating func handle(_ key: Key) -> Bool {
    switch key {
    case .left, .ctrl("b"): cursor = max(0, cursor - 1)
    case .right, .ctrl("f"): cursor = min(characters.count, cursor + 1)
    case .home, .ctrl("a"): cursor = 0
    case .end, .ctrl("e"): cursor = characters.count
    case .backspace, .ctrl("h"):
      guard cursor > 0 else { return true }
      characters.remove(at: cursor - 1)
      cursor -= 1
    case .delete, .ctrl("d"):
      guard cursor < characters.count else { return true }
      characters.remove(at: cursor)
    case .ctrl("u"):
      characters.removeSubrange(0..<cursor)
      cursor = 0
    case .ctrl("k"):
      characters.removeSubrange(cursor...)
    case .ctrl("w"):
      var start = cursor
      while start > 0 && characters[start - 1] == " " { start -= 1 }
      while start > 0 && characters[start - 1] != " " { start -= 1 }
      characters.removeSubrange(start..<cursor)
      cursor = start
    case .character(let character):
      insert(character)
    case .paste(let text):
      insert(contentsOf: text)
    default:
      return false
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
