import Foundation
import MealsCore
import MealsStore
import TerminalUI

/// Figures for the "nothing is lost" work: the daily backup, delete/undo, keeping a draft,
/// and a 1 MB paste.
enum NothingIsLostBench {
  static func run(store: MealStore) throws {
    // The daily backup: copied page by page beside the database, once per (simulated) day.
    var day = 0.0
    store.clock = { Date().timeIntervalSince1970 + day * 86_400 }
    let backups = try Measure.times(3) {
      day += 2
      try store.backUpIfDue()
    }
    Measure.report(
      "daily backup (page copy) at 100k meals", backups, goal: "after the first frame")

    let id = try store.createMeal(name: "Bench trash", instructions: "Delete me.")
    let trash = try Measure.times(50) {
      try store.deleteMeal(id: id)
      try store.restoreLastDeleted()
    }
    Measure.report("delete to the trash + undo, at 100k", trash, goal: "≤ 2 ms")

    var draft = try store.editableCopy(of: id)
    draft.meal.ingredients = (0..<20).map {
      IngredientMeasurement(name: "Item \($0)", quantity: "1")
    }
    var slot: Int64?
    let keep = try Measure.times(50) {
      draft.name += "."
      slot = try store.keepDraft(draft, slot: slot)
    }
    Measure.report("keep a 20-ingredient draft", keep, goal: "≤ 2 ms")
    if let slot { try store.discardDraft(slot: slot) }
    try store.deleteMeal(id: id)
    try store.eraseDeleted(id: id)

    // A 1 MB paste: decoded from the terminal's bytes, then inserted into a text field.
    let line = String(repeating: "abcdefghi ", count: 10) + "\n"
    let bytes = Array(("\u{1B}[200~" + String(repeating: line, count: 9_500) + "\u{1B}[201~").utf8)
    let paste = Measure.times(5) {
      var decoder = KeyDecoder()
      var field = TextField()
      var area = TextArea()
      for start in stride(from: 0, to: bytes.count, by: 65_536) {
        decoder.feed(bytes[start..<min(bytes.count, start + 65_536)], now: 0)
        if let key = decoder.next(now: 0) {
          _ = field.handle(key)
          _ = area.handle(key, width: 80, height: 20)
        }
      }
    }
    Measure.report(
      "paste \(bytes.count / 1_000) KB: decode + field + text area", paste, goal: "responsive")
  }
}
