/// Word wrapping measured in terminal cells.
public enum TextWrap {
  /// Cells one character takes.
  public static func columns(of character: Character) -> Int {
    var total = 0
    for scalar in character.unicodeScalars { total += TextWidth.columns(of: scalar) }
    return total
  }

  /// Splits one line (no newlines) into rows of at most `width` cells, breaking after spaces
  /// where possible and inside a word only when the word alone is too long.
  public static func segments(of line: [Character], width: Int) -> [Range<Int>] {
    guard width > 0, !line.isEmpty else { return [0..<line.count] }
    var result: [Range<Int>] = []
    var start = 0
    while start < line.count {
      var used = 0
      var index = start
      var lastBreak: Int?
      while index < line.count {
        let cells = columns(of: line[index])
        if used + cells > width { break }
        used += cells
        if line[index] == " " { lastBreak = index + 1 }
        index += 1
      }
      if index >= line.count {
        result.append(start..<line.count)
        break
      }
      var end = index
      if line[index] == " " {
        end = index + 1
      } else if let lastBreak, lastBreak > start {
        end = lastBreak
      }
      if end == start { end = start + 1 }
      result.append(start..<end)
      start = end
    }
    return result
  }

  /// Wraps text with newlines into display rows, trailing spaces of each row removed.
  public static func wrap(_ text: String, width: Int) -> [String] {
    var rows: [String] = []
    for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
      let characters = Array(paragraph)
      for range in segments(of: characters, width: width) {
        var row = String(characters[range])
        while row.last == " " { row.removeLast() }
        rows.append(row)
      }
    }
    return rows
  }
}

extension Canvas {
  /// Writes `text` word-wrapped into `rect`, `indent` cells from its left edge; extra rows are cut.
  public mutating func writeWrapped(
    _ text: String, in rect: Rect, indent: Int = 0, style: Style = .plain
  ) {
    let rows = TextWrap.wrap(text, width: rect.width - 2 * indent).prefix(rect.height)
    for (offset, row) in rows.enumerated() {
      write(row, row: rect.y + offset, column: rect.x + indent, style: style)
    }
  }
}
