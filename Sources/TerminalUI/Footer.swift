import Translation

/// The footer: the top screen's keys (or an open prompt's) left to right as far as they fit,
/// and the help key, which always keeps its place at the end.
enum Footer {
  /// Each hint and the columns it takes, as drawn and as clicks find them.
  static func layout(_ items: [KeyHelp], width: Int, last: KeyHelp?)
    -> [(item: KeyHelp, columns: Range<Int>)]
  {
    func cells(of item: KeyHelp) -> Int {
      TextWidth.columns(of: item.keys) + 1 + TextWidth.columns(of: item.text)
    }
    var layout: [(KeyHelp, Range<Int>)] = []
    var column = 1
    let limit = width - 1 - (last.map { cells(of: $0) + 2 } ?? 0)
    for item in items {
      let needed = cells(of: item)
      if column + needed > limit { break }
      layout.append((item, column..<(column + needed)))
      column += needed + 2
    }
    if let last { layout.append((last, column..<(column + cells(of: last)))) }
    return layout
  }

  static func render(
    _ layout: [(item: KeyHelp, columns: Range<Int>)], into canvas: inout Canvas, row: Int
  ) {
    for (item, columns) in layout {
      let column =
        columns.lowerBound
        + canvas.write(item.keys, row: row, column: columns.lowerBound, style: .footerKey)
      canvas.write(" " + item.text, row: row, column: column, style: .footer)
    }
  }
}

extension Navigator {
  /// The footer's hints for the top screen, or for the open prompt.
  func footerLayout(width: Int) -> [(item: KeyHelp, columns: Range<Int>)] {
    let typing = prompt?.acceptsText ?? top?.acceptsText ?? false
    let helpItem = KeyHelp(keys: typing ? "F1" : "?", text: tr("help"), key: .function(1))
    if let prompt {
      return Footer.layout(prompt.keyHelp.filter(\.inFooter), width: width, last: helpItem)
    }
    let items = (top?.keyHelp ?? []).filter(\.inFooter)
    return Footer.layout(items, width: width, last: helpItem)
  }

  /// The key of the footer hint under `column`, if any.
  func footerKey(atColumn column: Int) -> Key? {
    footerLayout(width: size.width).first { $0.columns.contains(column) }?.item.key
  }
}
