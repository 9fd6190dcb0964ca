import Foundation
import MealsStore

/// The local filter (`/` on My Meals) at 100 000 meals, typed a key at a time: each keystroke
/// is a new filter, its count and its first screen of rows in name order.
enum FilterBench {
  /// Typing `word` a character at a time, from `after` (what the field already holds).
  static func typing(_ word: String, after start: String = "") -> [String] {
    var text = start
    return word.map { character in
      text.append(character)
      return text
    }
  }

  /// Deleting `count` characters from the end of `text`, one key at a time.
  static func backspacing(_ count: Int, from text: String) -> [String] {
    (1...count).map { String(text.dropLast($0)) }.filter { !$0.isEmpty }
  }

  /// Latin input: 1–3-letter prefixes, common and rare words, several words, accents, digits,
  /// backspacing and typing again.
  static let latin: [String] =
    typing("chicken") + typing("spicy curry") + typing("cafe") + typing("gruyere")
    + typing("tofu 7") + typing("zzz") + typing("creamy penne 9") + typing("heat the pan")
    + typing("lentil soup") + backspacing(4, from: "lentil soup") + typing("stew", after: "lentil ")
    + typing("mushroom risotto") + typing("paprika") + typing("fish pie 12") + typing("qu")
    + typing("chickn") + backspacing(2, from: "chickn") + typing("ken", after: "chic")
    + typing("zesty lamb") + typing("bean")

  /// CJK and punctuation input: what the word index cannot split.
  static let cjkAndPunctuation: [String] =
    typing("鸡肉") + typing("カレー") + typing("김치") + typing("麻婆豆腐") + ["&", "'", "'s"]
    + typing("宫保鸡丁") + typing("🌶") + typing("...")

  static func run(store: MealStore, verbose: Bool) {
    for (label, script, goal) in [
      ("Latin", latin, "p95 ≤ 5 ms"), ("CJK / punctuation", cjkAndPunctuation, "p95 ≤ 20 ms"),
    ] {
      var samples: [(text: String, matches: Int, key: Double, count: Double)] = []
      for text in script {
        var results = store.meals(matching: text)
        // What My Meals does on a key: the list, and the rows of its first screen.
        let key = Measure.times(1) {
          results = store.meals(matching: text)
          let shown = results.count(atLeast: 22)
          for index in 0..<min(21, shown) { _ = results.row(at: index) }
        }
        // And when typing pauses: the number of matches.
        var matches = 0
        let count = Measure.times(1) { matches = results.count }
        samples.append((text, matches, key[0], count[0]))
      }
      report("local filter per keystroke, \(label)", samples.map(\.key), goal: goal)
      report("  its count, after a pause in typing", samples.map(\.count), goal: "—")
      report("  both together", samples.map { $0.key + $0.count }, goal: "—")
      if verbose {
        for sample in samples.sorted(by: { $0.key > $1.key }).prefix(6) {
          Measure.say(
            String(
              format: "  slowest key: %-18@ %6d matches %8.3f ms (count %8.3f ms)",
              "“\(sample.text)”" as NSString, sample.matches, sample.key, sample.count))
        }
      }
    }
  }

  /// The database's size, and what the filter indexes take of it (SQLite's dbstat).
  static func reportSize(store: MealStore) {
    let space = store.spaceUsed()
    guard !space.isEmpty else {
      Measure.say("database size: this SQLite has no dbstat; skipped")
      return
    }
    let total = space.values.reduce(0, +)
    func megabytes(_ prefixes: [String]) -> Double {
      Double(
        space.filter { entry in prefixes.contains { entry.key.hasPrefix($0) } }.values
          .reduce(0, +)) / 1_048_576
    }
    let words = megabytes(["meal_fts"])
    let substrings = megabytes(["meal_trigram", "meal_grams"])
    let keys = megabytes(["meal_by_sort_key"])
    Measure.say(
      String(
        format: "%@ %6.1f MB: words %.1f, CJK/punctuation %.1f, key index %.1f",
        "database, 100k meals (schema 5)".padding(toLength: 52, withPad: " ", startingAt: 0)
          as NSString, Double(total) / 1_048_576, words, substrings, keys))
  }

  private static func report(_ label: String, _ times: [Double], goal: String) {
    Measure.say(
      String(
        format: "%@ median %8.3f ms  p95 %8.3f ms  max %8.3f ms  (n=%d; goal %@)",
        label.padding(toLength: 52, withPad: " ", startingAt: 0) as NSString,
        Measure.median(times), Measure.percentile(times, 0.95), times.max() ?? 0, times.count,
        goal as NSString))
  }
}
