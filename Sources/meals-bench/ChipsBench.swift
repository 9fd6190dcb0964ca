import Foundation
import MealsApp
import MealsCore
import MealsStore
import TerminalUI

/// The chips on My Meals at 100 000 meals: toggling one and redrawing, and counting every
/// chip.
enum ChipsBench {
  static func run(path: String) throws {
    let store = try MealStore(path: path)
    let chips = store.chips()
    let firstCategory = chips.first { $0.facet == .category }
    let firstArea = chips.first { $0.facet == .area }
    let selections: [ChipSelection] = [
      ChipSelection(),
      ChipSelection(Set([firstCategory].compactMap { $0 })),
      ChipSelection(Set(chips.filter { $0.facet == .category }.prefix(3))),
      ChipSelection(
        Set([firstCategory, firstArea, Chip(.difficulty, "Beginner")].compactMap { $0 })),
    ]
    var counts: [Double] = []
    var withText: [Double] = []
    for _ in 0..<10 {
      for selection in selections {
        counts += Measure.times(1) { _ = store.chipCounts(chips: selection) }
        for word in ["spicy", "chicken", "zesty curry"] {
          withText += Measure.times(1) { _ = store.chipCounts(matching: word, chips: selection) }
        }
      }
    }
    Measure.report(
      "count every chip (\(chips.count) chips) at 100k", counts, goal: "≤ 20 ms", p95: true)
    Measure.report(
      "  … with a text filter too (spicy, chicken, zesty curry)", withText, goal: "≤ 20 ms",
      p95: true)

    // Toggling chips on My Meals: Space on a chip, then the frame.
    try store.setSetting(MealsBenchKeys.chips, to: "[]")
    let app = MealsApplication(store: store, service: NullService())
    let size = Size(width: 120, height: 30)
    _ = app.navigator.render(size: size)
    app.navigator.handle(.tab, size: size)
    var toggles: [Double] = []
    for step in 0..<120 {
      if step % 2 == 0 { app.navigator.handle(.right, size: size) }
      toggles += Measure.times(1) {
        app.navigator.handle(.character(" "), size: size)
        _ = app.navigator.render(size: size)
      }
      if step % 20 == 19 { app.navigator.handle(.character("x"), size: size) }
    }
    app.navigator.handle(.character("x"), size: size)
    Measure.report("toggle a chip + redraw at 100k", toggles, goal: "p95 ≤ 5 ms", p95: true)
  }
}

/// Settings the bench resets so its runs start alike.
enum MealsBenchKeys {
  static let chips = "myMeals.chips"
}
