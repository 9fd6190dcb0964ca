import TextSafety

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
    var text = parts.joined(separator: " › ")
    while TextWidth.columns(of: text) > width && parts.count > 1 {
      parts.removeFirst()
      text = "… › " + parts.joined(separator: " › ")
    }
    return text
  }

  func renderHeader(into canvas: inout Canvas, in row: Rect) {
    canvas.fill(row, style: .header)
    canvas.writeTruncated(" " + breadcrumb(width: row.width - 2), in: row, style: .header)
  }

  static func renderTooSmall(into canvas: inout Canvas) {
    let size = canvas.size
    let lines = [
      "Terminal too small",
      "\(size.width)×\(size.height), need \(Size.minimum.width)×\(Size.minimum.height)",
      "q quits",
    ]
    let top = max(0, (size.height - lines.count) / 2)
    for (offset, line) in lines.enumerated() {
      let width = TextWidth.columns(of: line)
      canvas.writeTruncated(
        line, row: top + offset, column: max(0, (size.width - width) / 2), width: size.width)
    }
  }
}
