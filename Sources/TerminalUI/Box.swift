import TextSafety

/// A bordered box drawn over the screen, for the help overlay and prompts.
public enum Box {
  /// Columns a box adds around its text: the border and a column of margin on each side.
  public static let padding = 4

  /// The widest a box gets in `area`: a column of the screen stays on each side.
  public static func widest(in area: Rect) -> Int { area.width - 2 }

  /// Where a box's text goes: inside the border, a column of margin on each side.
  public static func content(of box: Rect) -> Rect {
    box.inset(by: 1).inset(left: 1, right: 1)
  }

  public static func centered(in area: Rect, width: Int, height: Int) -> Rect {
    let width = min(width, area.width)
    let height = min(height, area.height)
    return Rect(
      x: area.x + (area.width - width) / 2,
      y: area.y + (area.height - height) / 2,
      width: width,
      height: height
    )
  }

  /// Clears `rect`, draws its border with `title` in the top edge.
  public static func draw(_ rect: Rect, title: String, into canvas: inout Canvas) {
    guard rect.width >= 2, rect.height >= 2 else { return }
    canvas.fill(rect)
    let horizontal = String(repeating: "─", count: rect.width - 2)
    canvas.write("┌" + horizontal + "┐", row: rect.y, column: rect.x)
    for row in (rect.y + 1)..<(rect.maxY - 1) {
      canvas.write("│", row: row, column: rect.x)
      canvas.write("│", row: row, column: rect.maxX - 1)
    }
    canvas.write("└" + horizontal + "┘", row: rect.maxY - 1, column: rect.x)
    if !title.isEmpty {
      canvas.writeTruncated(
        " \(TextSanitizer.singleLine(title)) ", row: rect.y, column: rect.x + 2,
        width: rect.width - 4, style: .title)
    }
  }
}
