import MealsCore
import MealsStore
import TerminalUI

/// One meal as a list row, the same on My Meals and Favourites: the name, the user's fields
/// (`★ ★★★★☆ · 45 min · Beginner`, dropped from the right when the row is narrow; the name
/// always wins), then the start of its ingredients or instructions.
enum MealRow {
  static func draw(
    _ meal: MealSummary, selected: Bool, into canvas: inout Canvas, row y: Int, in area: Rect
  ) {
    canvas.write(selected ? "▸ " : "  ", row: y, column: area.x, style: .accent)
    let nameWidth = max(12, min(40, area.width * 2 / 5))
    canvas.writeTruncated(meal.name, row: y, column: area.x + 2, width: nameWidth, style: .title)
    var column = area.x + 4 + nameWidth
    let left = area.maxX - column - 1
    let fields = meal.fields(fitting: left) { TextWidth.columns(of: $0) }
    if !fields.isEmpty {
      column += canvas.write(fields, row: y, column: column, style: .accent) + 2
    }
    if area.maxX - column - 1 >= 8 {  // a few letters at least, or nothing
      canvas.writeTruncated(
        meal.summary, row: y, column: column, width: area.maxX - column - 1, style: .muted)
    }
    if selected {
      canvas.applyStyle(.selected, to: Rect(x: area.x, y: y, width: area.width, height: 1))
    }
  }

  /// Saved meals as rows, and from 100 columns the selected one's preview beside them: the
  /// list of My Meals and of Favourites.
  static func drawList(
    _ results: WindowedResults<MealSummary>, count: Int, list: ListState,
    preview: SavedMealPreview, context: AppContext, into canvas: inout Canvas, in area: Rect
  ) {
    let panes = Breakpoints.panes(area)
    let top = list.visibleTop(height: panes.list.height, count: count)
    for row in 0..<panes.list.height {
      let index = top + row
      guard index < count, let meal = results.row(at: index) else { break }
      draw(
        meal, selected: index == list.selection, into: &canvas, row: panes.list.y + row,
        in: panes.list)
    }
    if let previewArea = panes.preview, let divider = panes.divider {
      preview.preview(
        of: results.row(at: list.selection), store: context.store, width: previewArea.width - 2,
        height: previewArea.height, now: context.navigator.now()
      ).draw(into: &canvas, in: previewArea, divider: divider)
    }
  }
}
