import TextSafety
import Translation

/// The rows around the top screen: the header's breadcrumb, and the notice when the window is
/// too small for anything else.
extension Navigator {
  /// The screen's rows: the header (breadcrumb), the body, the status line, the footer.
  public static func chrome(_ size: Size) -> (header: Rect, body: Rect, status: Rect, footer: Rect)
  {
    let rows = Rect(x: 0, y: 0, width: size.width, height: size.height).split(
      .vertical, [.fixed(1), .fill, .fixed(1), .fixed(1)])
    return (rows[0], rows[1], rows[2], rows[3])
  }

  /// The breadcrumb, shortened from the left so the current screen stays visible.
  public func breadcrumb(width: Int) -> String {
    var parts = stack.map { TextSanitizer.singleLine($0.title) }
    var text = parts.joinedText(separator: " › ")
    while TextWidth.columns(of: text) > width && parts.count > 1 {
      parts.removeFirst()
      text = "… › " + parts.joinedText(separator: " › ")
    }
    return text
  }

  func renderHeader(into canvas: inout Canvas, in row: Rect) {
    canvas.fill(row, style: .header)
    var crumbs = row
    // The mark stays whole while the window leaves room for a few columns of breadcrumb.
    if let mark = headerMark.map(TextSanitizer.singleLine), !mark.isEmpty {
      let width = TextWidth.columns(of: mark) + 2
      if width + 12 <= row.width {
        crumbs.width -= width
        _ = canvas.writeTruncated(
          " " + mark + " ", in: Rect(x: crumbs.maxX, y: row.y, width: width, height: 1),
          style: .header)
      }
    }
    canvas.writeTruncated(" " + breadcrumb(width: crumbs.width - 2), in: crumbs, style: .header)
  }

  static func renderTooSmall(into canvas: inout Canvas) {
    let size = canvas.size
    let lines = [
      tr("Terminal too small"),
      tr("%1$d×%2$d, need %3$d×%4$d").filled(
        String(size.width), String(size.height), String(Size.minimum.width),
        String(Size.minimum.height)),
      tr("q quits"),
    ]
    let top = max(0, (size.height - lines.count) / 2)
    for (offset, line) in lines.enumerated() {
      let width = TextWidth.columns(of: line)
      canvas.writeTruncated(
        line, row: top + offset, column: max(0, (size.width - width) / 2), width: size.width)
    }
  }
}
