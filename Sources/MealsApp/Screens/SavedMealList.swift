import MealsCore
import MealsStore
import TerminalUI

/// A list of saved meals in My Meals' row style with the selected meal's preview beside it
/// (from 100 columns): what Favourites and Recently Cooked are made of, so each keeps only
/// its order, its keys and its words.
final class SavedMealList {
  /// The app that owns the navigator that owns the screen that owns this: never outlived.
  private unowned let context: AppContext
  let meals: ListPane<MealSummary, Int64>
  private var preview: SavedMealPreview

  /// `results` in the list's order; `index` finds a meal's place in it (nil: not there).
  init(
    context: AppContext, _ results: WindowedResults<MealSummary>,
    index: @escaping (Int64) -> Int?
  ) {
    self.context = context
    preview = SavedMealPreview(pictures: context.pictures)
    meals = ListPane(results, id: \.id, position: index)
    meals.listen(to: context.store, redrawing: context.navigator)
    follow()
  }

  var selected: MealSummary? { meals.selected }

  /// How many rows a page key moves by, at the window's size now.
  var pageSize: Int { ListLayout(context.navigator.body).list.pageSize }

  func apply(_ move: ListState.Move) {
    meals.apply(move, pageSize: pageSize)
    follow()
  }

  /// Selects the meal at `index` (after an undo, an edit) and previews it.
  func select(_ index: Int) {
    meals.select(index, reachable: index + 1, pageSize: pageSize)
    follow()
  }

  /// The preview follows the selected meal.
  func follow() {
    let navigator = context.navigator
    preview.follow(selected, in: context, now: navigator.now(), animated: navigator.animations)
  }

  var nextDeadline: UInt64? { preview.nextDeadline(in: context) }

  func tick(now: UInt64) -> Bool { preview.tick(now: now, in: context) }

  /// A click on a row selects it (true); `open` is asked on a double click.
  func click(_ event: MouseEvent, in area: Rect, open: () -> Void) {
    guard meals.click(event, in: ListLayout(area).list) != nil else { return }
    follow()
    if event.clicks >= 2 { open() }
  }

  func prepare(in area: Rect) {
    if meals.prepare(for: ListLayout(area).list) { follow() }
  }

  /// The count at the headline's right, the rows and the preview; with no rows, why: the
  /// read that failed, else `empty`.
  func render(
    into canvas: inout Canvas, in area: Rect, headline: (Int) -> String, empty: String
  ) {
    let count = meals.shownCount
    let layout = ListLayout(area)
    canvas.writeRight(headline(count), in: layout.headline)
    guard count > 0 else {
      canvas.writeWrapped(
        meals.readError.map(AppContext.readFailure) ?? empty, in: layout.emptyMessage,
        indent: 2, style: .muted)
      return
    }
    MealRow.drawList(meals, preview: preview, context: context, into: &canvas, in: layout)
  }
}
