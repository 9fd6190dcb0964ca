import Foundation
import MealsApp
import MealsCLI
import MealsCore
import MealsLaunch
import MealsStore
import TerminalUI

/// The week plan at 100 000 meals with a year planned (three meals a day): `W` to its first
/// frame, and a week back and on.
enum PlanBench {
  static func run(databasePath: String, folder: URL) throws {
    let path = folder.appendingPathComponent("plan-bench.sqlite").path
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: path + suffix)
    }
    try FileManager.default.copyItem(atPath: databasePath, toPath: path)
    defer {
      for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: path + suffix)
      }
    }
    let store = try MealStore(path: path)
    let today = CivilDate.today()
    let first = today.monday.adding(days: -182)
    let meals = store.meals()
    let ids = (0..<1_095).compactMap { meals.row(at: $0)?.id }
    for (index, id) in ids.enumerated() {
      try store.plan(
        mealID: id, on: first.adding(days: index / 3), slot: PlanSlot.allCases[index % 3],
        servings: 4)
    }
    let app = MealsApplication(store: store, service: NullService())
    let size = Size(width: 120, height: 40)
    _ = app.navigator.render(size: size)
    var opens: [Double] = []
    var weeks: [Double] = []
    for _ in 0..<30 {
      opens += Measure.times(1) {
        app.navigator.handle(.character("W"), size: size)
        _ = app.navigator.render(size: size)
      }
      for key in [Key.right, .left] {
        weeks += Measure.times(1) {
          app.navigator.handle(key, size: size)
          _ = app.navigator.render(size: size)
        }
      }
      app.navigator.handle(.escape, size: size)
      _ = app.navigator.render(size: size)
    }
    Measure.report("W to its first frame, a year planned, 100k meals", opens, goal: "—", p95: true)
    Measure.report("  a week on or back + redraw", weeks, goal: "—", p95: true)
  }
}
