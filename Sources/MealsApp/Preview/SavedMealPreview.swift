import MealsCore
import MealsStore
import TerminalUI
import Translation

/// The preview of a saved meal (My Meals, Favourites, the Week Plan), with rating and time
/// meters that glide when the meal's values change and jump when another meal is selected.
///
/// The meal is read when the selection or the store changes (`follow`), and only while the
/// pane shows; drawing reads what was read.
struct SavedMealPreview {
  private var rating = Glide()
  private var minutes = Glide()
  /// The selected meal as read at the last `follow` (nil: not read, the pane not shown).
  private var shown: (id: Int64, meal: Result<Meal?, StoreError>)?
  /// The meal's photo, when pictures are on and the meal has one.
  let picture: PictureFollower

  init(pictures: PictureLoader) {
    picture = PictureFollower(loader: pictures)
  }

  /// The list's selection (or its values, or the store) changed: the meal is read again
  /// when the pane shows it.
  mutating func follow(_ meal: MealSummary?, in context: AppContext, now: UInt64, animated: Bool) {
    picture.follow(meal.map { String($0.id) }, now: now)
    shown = nil
    guard let meal else { return }
    if context.showsPreviewPane {
      let store = context.store
      shown = (meal.id, Result { () throws(StoreError) in try store.meal(id: meal.id) })
    }
    let key = String(meal.id)
    rating.set(Double(meal.rating), key: key, now: now, animated: animated)
    minutes.set(Double(meal.totalMinutes ?? 0), key: key, now: now, animated: animated)
  }

  /// `height` rows: a picture takes at most a third of them, and none below 24.
  func preview(
    of meal: MealSummary?, width: Int, height: Int, now: UInt64,
    units: UnitConversion = .asWritten, planned: Int? = nil, today: CivilDate? = nil
  ) -> Preview {
    guard let meal else { return .note(tr("No meal selected.")) }
    guard let shown, shown.id == meal.id else { return .note("…") }
    let full: Meal
    switch shown.meal {
    case .success(let read?): full = read
    case .success(nil): return .note(tr("That meal is gone."))
    case .failure(let error): return .note(AppContext.readFailure(error))
    }
    // A plan's servings: the amounts scaled to them, and said (`serves 5 (recipe: 4)`).
    var preview = MealLines.preview(
      of: full, width: width, rating: rating.value(at: now), minutes: minutes.value(at: now),
      units: units, servings: planned.map { Servings(for: full, servings: $0) })
    if let today, let cooked = meal.cooked {
      let ago = cooked.agoWithCount(today: today)
      preview.subtitle = preview.subtitle.isEmpty ? ago : preview.subtitle + " · " + ago
    }
    let rows = height >= 24 ? height / 3 : 0
    preview.lines = picture.lines(columns: min(width, 32), maximumRows: rows) + preview.lines
    return preview
  }

  func nextFrame(after now: UInt64, paneShows: Bool) -> UInt64? {
    [
      rating.nextFrame(after: now), minutes.nextFrame(after: now),
      picture.nextDeadline(paneShows: paneShows),
    ]
    .compactMap { $0 }.min()
  }

  /// When a list screen with this preview next wants a tick: the pane's bars and photo, when
  /// the window is wide enough for it.
  func nextDeadline(in context: AppContext) -> UInt64? {
    nextFrame(after: context.navigator.now(), paneShows: context.showsPreviewPane)
  }

  /// A list screen's tick for its preview: the photo asked for, and true while something moves.
  func tick(now: UInt64, in context: AppContext) -> Bool {
    let asked = tick(now: now, paneShows: context.showsPreviewPane)
    return nextFrame(after: now, paneShows: context.showsPreviewPane) != nil || asked
  }

  /// Asks for the selected meal's photo once the selection has rested (when the pane shows).
  func tick(now: UInt64, paneShows: Bool) -> Bool {
    guard paneShows else { return false }
    let shown = shown
    return picture.tick(now: now) { key in
      guard let shown, String(shown.id) == key, case .success(let meal?) = shown.meal else {
        return nil
      }
      return PictureLoader.address(of: meal)
    }
  }
}
