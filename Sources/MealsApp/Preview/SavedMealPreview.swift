import MealsCore
import MealsStore
import TerminalUI

/// The preview of a saved meal (My Meals, Favourites): read from the store as it is drawn,
/// with rating and time meters that glide when the meal's values change and jump when another
/// meal is selected.
struct SavedMealPreview {
  private var rating = Glide()
  private var minutes = Glide()

  /// The list's selection (or its values) changed.
  mutating func follow(_ meal: MealSummary?, now: UInt64, animated: Bool) {
    guard let meal else { return }
    let key = String(meal.id)
    rating.set(Double(meal.rating), key: key, now: now, animated: animated)
    minutes.set(Double(meal.totalMinutes ?? 0), key: key, now: now, animated: animated)
  }

  func preview(of meal: MealSummary?, store: MealStore, width: Int, now: UInt64) -> Preview {
    guard let meal else { return .note("No meal selected.") }
    guard let full = try? store.meal(id: meal.id) else { return .note("That meal is gone.") }
    return MealLines.preview(
      of: full, width: width, rating: rating.value(at: now), minutes: minutes.value(at: now))
  }

  func nextFrame(after now: UInt64) -> UInt64? {
    [rating.nextFrame(after: now), minutes.nextFrame(after: now)].compactMap { $0 }.min()
  }
}
