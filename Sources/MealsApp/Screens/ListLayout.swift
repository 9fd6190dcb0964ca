import TerminalUI

/// The layout the list screens share: headline rows, the list, and a preview from 100 columns.
///
/// `render`, `handleMouse` and the keys all cut the body with it, so what is drawn, clicked and
/// paged is one rectangle.
struct ListLayout {
  /// The rows above the list (a count on the right, a filter, the chips).
  let headline: Rect
  /// Everything under the headline: the list and the preview together.
  let body: Rect
  let list: ListView
  let divider: Rect?
  let preview: Rect?

  init(_ area: Rect, headlineRows: Int = 1) {
    let parts = area.split(.vertical, [.fixed(headlineRows), .fill])
    headline = parts[0]
    body = parts[1]
    let panes = Breakpoints.panes(parts[1])
    list = ListView(area: panes.list)
    divider = panes.divider
    preview = panes.preview
  }

  /// The preview pane and its divider, when the window is wide enough for them.
  var previewPane: (area: Rect, divider: Rect)? {
    guard let preview, let divider else { return nil }
    return (preview, divider)
  }

  /// Where a message goes when the list is empty (no preview then): a row under the headline.
  var emptyMessage: Rect { body.dropping(top: 1) }
}

extension Canvas {
  /// Writes a headline at the right of `rect`'s first row, a column from the edge.
  mutating func writeRight(_ text: String, in rect: Rect, style: Style = .title) {
    let column = Swift.max(rect.x, rect.maxX - TextWidth.columns(of: text) - 1)
    write(text, row: rect.y, column: column, width: rect.maxX - column, style: style)
  }
}
