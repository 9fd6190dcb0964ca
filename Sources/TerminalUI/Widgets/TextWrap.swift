/// Word wrapping measured in terminal cells.
public enum TextWrap {
  /// Cells one character takes.
  public static func columns(of character: Character) -> Int {
    TextWidth.columns(of: String(character))
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
    for paragraph in paragraphs(of: text) {
      if let fast = wrapASCII(paragraph, width: width) ?? wrapSimpleScalars(paragraph, width: width)
      {
        rows += fast
        continue
      }
      let characters = Array(paragraph)
      for range in segments(of: characters, width: width) {
        var row = String(characters[range])
        while row.last == " " { row.removeLast() }
        rows.append(row)
      }
    }
    return rows
  }

  /// Wraps as `wrap(_:width:)` does, but the first `narrow.rows` rows at `narrow.width` (text
  /// beside a picture, then under it at the full width).
  public static func wrap(_ text: String, width: Int, narrow: (rows: Int, width: Int)) -> [String] {
    guard narrow.rows > 0 else { return wrap(text, width: width) }
    var rows: [String] = []
    for paragraph in paragraphs(of: text) {
      var rest = Substring(paragraph)
      while rows.count < narrow.rows, !rest.isEmpty {
        let characters = Array(rest)
        guard let first = segments(of: characters, width: narrow.width).first else { break }
        var row = String(characters[first])
        while row.last == " " { row.removeLast() }
        rows.append(row)
        rest = rest.dropFirst(first.count)
      }
      if paragraph.isEmpty {
        rows.append("")
      } else if !rest.isEmpty {
        rows += wrap(String(rest), width: width)
      }
    }
    return rows
  }

  /// The same wrapping by Unicode scalars, without finding character boundaries.
  ///
  /// For text whose characters are a spacing scalar and any combining marks (Latin, Greek,
  /// Cyrillic, Arabic, CJK, kana, Hangul syllables, punctuation, fractions). Nil for anything
  /// else (emoji sequences, Indic conjuncts…), which takes the exact path.
  static func wrapSimpleScalars(_ paragraph: Substring, width: Int) -> [String]? {
    guard width > 0 else { return nil }
    // Clusters: a spacing scalar and the zero-width ones after it.
    var scalars: [Unicode.Scalar] = []
    var starts: [Int] = []
    var widths: [Int] = []
    for scalar in paragraph.unicodeScalars {
      guard isSimple(scalar) else { return nil }
      let cells = TextWidth.columns(of: scalar)
      if cells == 0 && !starts.isEmpty {
        scalars.append(scalar)
        continue
      }
      starts.append(scalars.count)
      widths.append(cells)
      scalars.append(scalar)
    }
    guard !starts.isEmpty else { return [String(paragraph)] }
    func text(_ first: Int, _ last: Int) -> String {
      var end = last
      while end > first && scalars[starts[end - 1]] == " " { end -= 1 }
      guard end > first else { return "" }
      let to = end < starts.count ? starts[end] : scalars.count
      return String(String.UnicodeScalarView(scalars[starts[first]..<to]))
    }
    var rows: [String] = []
    var start = 0
    while start < starts.count {
      var used = 0
      var index = start
      var lastBreak: Int?
      while index < starts.count, used + widths[index] <= width {
        used += widths[index]
        if scalars[starts[index]] == " " { lastBreak = index + 1 }
        index += 1
      }
      if index >= starts.count {
        rows.append(text(start, starts.count))
        break
      }
      var end = index
      if scalars[starts[index]] == " " {
        end = index + 1
      } else if let lastBreak, lastBreak > start {
        end = lastBreak
      }
      if end == start { end = start + 1 }
      rows.append(text(start, end))
      start = end
    }
    return rows
  }

  /// Scalars whose characters never span more than one spacing scalar.
  private static func isSimple(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x20...0x7E, 0xA0...0x2FF, 0x300...0x36F, 0x370...0x3FF, 0x400...0x52F, 0x600...0x6FF,
      0x1E00...0x1FFF, 0x2010...0x2027, 0x2030...0x205E, 0x2070...0x214F, 0x2150...0x218F,
      0x2190...0x21FF, 0x2200...0x22FF, 0x2500...0x25FF, 0x3000...0x303F, 0x3040...0x30FF,
      0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7A3, 0xFF01...0xFF60:
      true
    default:
      false
    }
  }

  /// The text's lines, split at each newline byte (a scalar of its own, so the split never
  /// cuts a character, and without walking the text character by character).
  static func paragraphs(of text: String) -> [Substring] {
    var result: [Substring] = []
    let bytes = text.utf8
    var start = bytes.startIndex
    while let end = bytes[start...].firstIndex(of: 0x0A) {
      result.append(text[start..<end])
      start = bytes.index(after: end)
    }
    result.append(text[start...])
    return result
  }

  /// The same wrapping for a paragraph of printable ASCII, one cell per byte.
  ///
  /// No splitting into characters first (most recipe text; ten times faster). Nil otherwise.
  static func wrapASCII(_ paragraph: Substring, width: Int) -> [String]? {
    let bytes = Array(paragraph.utf8)
    guard width > 0, bytes.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) else { return nil }
    guard !bytes.isEmpty else { return [""] }
    var rows: [String] = []
    var start = 0
    while start < bytes.count {
      var end = min(bytes.count, start + width)
      if end < bytes.count {
        if bytes[end] == 0x20 {
          end += 1  // the space after a full row goes with it
        } else if let space = bytes[start..<end].lastIndex(of: 0x20), space + 1 > start {
          end = space + 1
        }
      }
      var last = end
      while last > start && bytes[last - 1] == 0x20 { last -= 1 }
      rows.append(String(decoding: bytes[start..<last], as: UTF8.self))
      start = end
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
