import MealsCore
import MealsStore
import TerminalUI

/// One meal as a list row, the same on My Meals and Favourites.
///
/// The name, the start of its ingredients or instructions, and at the right the user's fields
/// (`★ ★★★★☆ · 45 min · Beginner`, dropped from the right when the row is narrow), so every
/// row's summary starts in the same column. The name always wins: in a narrow list it takes
/// three fifths of the row.
enum MealRow {
  /// Draws `meal` in a row's text area (the list widget draws the marker and the selection);
  /// with `today`, when it was last cooked too.
  static func draw(
    _ meal: MealSummary, into canvas: inout Canvas, row: ListRow, listWidth: Int,
    today: CivilDate? = nil
  ) {
    let nameWidth = max(12, min(40, listWidth * (listWidth < 60 ? 3 : 2) / 5))
    let text = row.content
    let y = text.y
    canvas.writeTruncated(meal.name, row: y, column: text.x, width: nameWidth, style: .title)
    let column = text.x + nameWidth + 2
    var end = text.maxX
    let fields = meal.fields(fitting: end - column, today: today) { TextWidth.columns(of: $0) }
    if !fields.isEmpty {
      let width = TextWidth.columns(of: fields)
      canvas.write(fields, row: y, column: end - width, style: .accent)
      end -= width + 2
    }
    if end - column >= 8 {  // a few letters at least, or nothing
      canvas.writeTruncated(
        meal.summary, row: y, column: column, width: end - column, style: .muted)
    }
  }

  /// Saved meals as rows, and from 100 columns the selected one's preview beside them: the
  /// list of My Meals and of Favourites.
  static func drawList(
    _ meals: ListPane<MealSummary, Int64>, preview: SavedMealPreview, context: AppContext,
    into canvas: inout Canvas, in layout: ListLayout
  ) {
    let view = layout.list
    // Rows that could not be read are said where they would be, not shown as blanks.
    if let error = meals.readError, meals.shownSelected == nil {
      canvas.writeWrapped(
        AppContext.readFailure(error), in: layout.emptyMessage, indent: 2, style: .muted)
      return
    }
    meals.render(into: &canvas, in: view) { canvas, row, meal in
      // The date is asked only of a row that has been cooked (none at a first start).
      draw(
        meal, into: &canvas, row: row, listWidth: view.area.width,
        today: meal.cooked == nil ? nil : context.today)
    }
    if let pane = layout.previewPane {
      preview.preview(
        of: meals.shownSelected, width: Preview.text(in: pane.area).width,
        height: pane.area.height, now: context.navigator.now(), units: context.units,
        today: meals.shownSelected?.cooked == nil ? nil : context.today
      ).draw(into: &canvas, in: pane.area, divider: pane.divider)
    }
  }
}
