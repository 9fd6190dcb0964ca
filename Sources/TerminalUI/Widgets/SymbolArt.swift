/// A picture drawn with block symbols in ordinary cells: what every terminal can show.
public enum SymbolArt {
  /// The picture fitted in `columns` × `rows` cells, as pager lines.
  ///
  /// Cells of one style make one span; palette colours when `colors`, else the symbols alone.
  public static func lines(_ picture: Picture, columns: Int, rows: Int, colors: Bool)
    -> [PagerLine]
  {
    guard let cells = picture.symbols(columns: columns, rows: rows, colors: colors) else {
      return []
    }
    var lines: [PagerLine] = []
    for row in 0..<rows {
      var spans: [PagerLine.Span] = []
      var text = ""
      var start = 0
      var style = Style.plain
      for column in 0..<columns {
        let index = row * columns + column
        let scalar = Unicode.Scalar(cells.characters[index]) ?? " "
        let ink = Style.Ink(
          foreground: palette(cells.foregrounds[index]),
          background: palette(cells.backgrounds[index]))
        let cellStyle = colors ? Style(ink: ink) : .plain
        if column > 0 && cellStyle != style {
          spans.append(PagerLine.Span(text, column: start, style: style))
          text = ""
          start = column
        }
        style = cellStyle
        text.unicodeScalars.append(scalar)
      }
      spans.append(PagerLine.Span(text, column: start, style: style))
      lines.append(PagerLine(spans))
    }
    return lines
  }

  /// The rows a picture takes at `columns` wide, keeping its shape in cells of `cell`, at most
  /// `maximumRows`.
  public static func rows(
    for picture: Picture, columns: Int, maximumRows: Int, cell: CellSize = .assumed
  ) -> Int {
    fit(picture, maximumColumns: columns, maximumRows: maximumRows, cell: cell).rows
  }

  /// The largest cells rectangle within `maximumColumns` × `maximumRows` that keeps the
  /// picture's shape in cells of `cell` pixels: never a stretched picture.
  public static func fit(
    _ picture: Picture, maximumColumns: Int, maximumRows: Int, cell: CellSize = .assumed
  ) -> (columns: Int, rows: Int) {
    let fit = picture.fit(maximumColumns: maximumColumns, maximumRows: maximumRows, cell: cell)
    return (fit.columns, fit.rows)
  }

  private static func palette(_ index: Int16) -> UInt8? {
    index < 0 || index > 255 ? nil : UInt8(index)
  }
}
