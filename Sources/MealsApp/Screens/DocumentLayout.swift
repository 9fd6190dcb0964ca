import TerminalUI

/// A page of text under a few header rows, two columns in from each side, with where the view
/// is on the last row: Meal Detail and the import's preview.
struct DocumentLayout {
  /// The header's rows (a name, its facts, its tags…).
  let header: Rect
  /// The pager's rows.
  let pager: Rect
  /// The row for "lines 1–20 of 80 (25%)".
  let position: Rect

  init(_ area: Rect, headerRows: Int) {
    let rows = area.split(.vertical, [.fixed(headerRows), .fill, .fixed(1)])
    header = rows[0].inset(left: 2, right: 2)
    pager = rows[1].inset(left: 2, right: 2)
    position = rows[2]
  }

  /// Row `index` of the header.
  func headerRow(_ index: Int) -> Rect { header.inset(top: index).firstRow }
}
