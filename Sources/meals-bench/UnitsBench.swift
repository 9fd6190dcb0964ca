import Foundation
import MealsApp
import MealsCore
import MealsStore
import TerminalUI

/// What reading a meal in other units adds to a Meal Detail frame: every measure converted
/// and the steps' temperatures and lengths, as the frame does them (issue goal: ≤ 0.2 ms).
enum UnitsBench {
  /// A meal as recipe sites write them: 16 measures of every kind, eight steps.
  static let meal: Meal = {
    var meal = Meal(
      name: "Chocolate layer cake",
      instructions: Array(
        repeating:
          "Preheat the oven to 350°F and grease two 9-inch pans. Whisk 2 cups of flour with the cocoa, then beat in the butter until pale, about 3 minutes.",
        count: 8
      ).joined(separator: "\n"))
    let measures = [
      ("all-purpose flour", "2 cups"), ("cocoa powder", "3/4 cup"), ("sugar", "1 1/2 cups"),
      ("butter", "1/2 cup"), ("milk", "1 cup"), ("eggs", "2"), ("vanilla extract", "2 tsp"),
      ("baking soda", "1 1/2 tsp"), ("salt", "1 tsp"), ("boiling water", "1 cup"),
      ("cream cheese", "8 oz"), ("powdered sugar", "4 cups"), ("heavy cream", "1/4 cup"),
      ("chocolate", "6 oz"), ("tomatoes", "1 (12 oz.) can"), ("pecans", "1-2 cups"),
    ]
    meal.ingredients = measures.map { IngredientMeasurement(name: $0.0, quantity: $0.1) }
    return meal
  }()

  /// Meal Detail frames of the meal, as the app draws them, in each units: a frame with
  /// nothing changed, and one after a servings change (the lines made again).
  static func frames(folder: URL) throws {
    let path = folder.appendingPathComponent("units-bench.sqlite").path
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: path + suffix)
    }
    let store = try MealStore(path: path)
    try store.insert(contentsOf: [meal])
    let app = MealsApplication(store: store, service: NullService())
    let size = Size(width: 120, height: 40)
    _ = app.navigator.render(size: size)
    app.navigator.handle(.character("v"), size: size)
    _ = app.navigator.render(size: size)
    var medians: [UnitSystem: (still: Double, changed: Double)] = [:]
    for system in [UnitSystem.asWritten, .metric, .us] {
      app.context.units = UnitConversion(system)
      _ = app.navigator.render(size: size)
      let still = Measure.times(500) { _ = app.navigator.render(size: size) }
      var changed: [Double] = []
      for index in 0..<500 {
        app.navigator.handle(.character(index % 2 == 0 ? "+" : "-"), size: size)
        changed += Measure.times(1) { _ = app.navigator.render(size: size) }
      }
      medians[system] = (Measure.median(still), Measure.median(changed))
      Measure.report("Meal Detail frame, \(system.label), nothing changed", still, goal: "—")
      Measure.report("Meal Detail frame, \(system.label), after + or -", changed, goal: "—")
    }
    if let plain = medians[.asWritten] {
      for system in [UnitSystem.metric, .us] {
        guard let converted = medians[system] else { continue }
        Measure.say(
          String(
            format:
              "units: %@ adds %.3f ms to a frame after + or -, %.3f ms to one with nothing changed (goal ≤ 0.2 ms)",
            system.label, converted.changed - plain.changed, converted.still - plain.still))
      }
    }
  }

  static func run() {
    for system in [UnitSystem.metric, .us] {
      let conversion = UnitConversion(system)
      var checksum = 0
      let samples = Measure.times(2_000) {
        for line in meal.ingredients {
          checksum &+= conversion.measure(line.quantity, of: line.name).utf8.count
        }
        checksum &+= conversion.text(meal.instructions).utf8.count
      }
      Measure.report(
        "units: a Meal Detail frame's conversion (\(system.label))", samples, goal: "≤ 0.2 ms",
        p95: true)
      if checksum == 0 { Measure.say("(nothing converted)") }
    }
  }
}
