import Fixtures
import Foundation
import MealsCore
import MealsStore
import TerminalUI

/// "What can I cook" at 100 000 meals with a 50-item pantry: `meals can-cook` as a whole
/// process (as a user runs it), and the store's query in process.
///
/// The meals name 6 to 12 ingredients each from a vocabulary of about 1 500 (as written in
/// recipes: plurals, notes after a comma, counting words), so the index matches real variety;
/// the pantry holds 35 of the book's ingredients and 15 it never names.
enum CanCookBench {
  static let mealCount = 100_000

  static func run(folder: URL) throws {
    let path = folder.appendingPathComponent("can-cook-\(mealCount)-v1.sqlite").path
    try build(path)
    let store = try MealStore(path: path)
    let pantry = Pantry(items: store.pantryItems())
    Measure.say("can-cook: \(mealCount) meals, a pantry of \(pantry.items.count) items + staples")
    for most in [3, 0, nil] {
      var found = 0
      let samples = try Measure.times(most == nil ? 5 : 15) {
        found = try store.canCook(pantry: pantry, most: most).count
      }
      Measure.report(
        "  canCook(most: \(most.map(String.init) ?? "all")) in process, \(found) meals listed",
        samples, goal: "—")
    }
    guard let binary = Products.meals else { return }
    setenv("MEALS_CONFIG", "/dev/null", 1)
    for arguments in [["can-cook"], ["can-cook", "--json"], ["can-cook", "--missing", "all"]] {
      var bytes = 0
      var samples: [Double] = []
      for _ in 0..<9 {
        let start = MonotonicClock.nanoseconds()
        bytes = ExchangeBench.readAll([binary, "--db", path] + arguments) ?? 0
        samples.append(Double(MonotonicClock.nanoseconds() - start) / 1_000_000)
      }
      Measure.report(
        "meals \(arguments.joined(separator: " ")), whole process (\(bytes / 1024) KiB out)",
        samples,
        goal: arguments.count == 1 ? "≤ 200 ms" : arguments.contains("all") ? "≤ 500 ms" : "—")
    }
    try suggest(store: store, path: path, binary: binary)
  }

  /// A week planned from the same book (`meals plan suggest`, the Week Plan's `s`): the
  /// candidates read and weighed in process, and the command as a whole process.
  private static func suggest(store: MealStore, path: String, binary: String) throws {
    let today = CivilDate.today()
    let monday = today.monday.adding(days: 7)
    var filled = 0
    let samples = try Measure.times(9) {
      let candidates = try store.planCandidates(pantry: store.pantryItems())
      filled =
        PlanSuggester.suggest(
          week: monday, slots: [.dinner], taken: [], planned: [], candidates: candidates,
          rules: PlanRules(), today: today, seed: 1
        ).count
    }
    Measure.report(
      "plan suggest in process (candidates read and weighed), \(filled) dinners", samples,
      goal: "—")
    var whole: [Double] = []
    for _ in 0..<9 {
      let start = MonotonicClock.nanoseconds()
      _ = ExchangeBench.readAll([
        binary, "--db", path, "plan", "suggest", "--week", monday.isoWeekName,
      ])
      whole.append(Double(MonotonicClock.nanoseconds() - start) / 1_000_000)
    }
    Measure.report("meals plan suggest, whole process", whole, goal: "≤ 500 ms")
  }

  // MARK: - The book

  private static let bases = [
    "onion", "garlic", "tomato", "carrot", "celery", "potato", "pepper", "chilli", "ginger",
    "lemon", "lime", "orange", "apple", "pear", "banana", "mushroom", "spinach", "kale",
    "cabbage", "leek", "courgette", "aubergine", "pea", "bean", "lentil", "chickpea", "rice",
    "noodle", "pasta", "flour", "sugar", "butter", "milk", "cream", "yoghurt", "cheese", "egg",
    "chicken", "beef", "pork", "lamb", "prawn", "cod", "salmon", "tofu", "stock", "vinegar",
    "oil", "salt", "honey", "mustard", "paprika", "cumin", "coriander", "parsley", "basil",
    "thyme", "rosemary", "oregano", "cinnamon", "nutmeg", "almond", "walnut", "peanut",
    "sesame seed", "oat", "bread", "tortilla", "coconut milk", "soy sauce", "fish sauce",
  ]
  private static let kinds = [
    "", "red", "white", "green", "smoked", "fresh", "dried", "ground", "plain", "brown",
    "sweet", "baby", "wild", "spring", "black", "toasted", "light", "dark", "sea", "olive",
  ]
  private static let notes = ["", "", "", ", chopped", ", sliced", " (softened)", ", to serve"]

  /// The vocabulary: a kind and a base, as a recipe writes it.
  private static func ingredient(_ number: Int) -> String {
    let base = bases[number % bases.count]
    let kind = kinds[(number / bases.count) % kinds.count]
    let plural = number % 3 == 0 && !base.hasSuffix("s") ? "s" : ""
    return (kind.isEmpty ? "" : kind + " ") + base + plural + notes[number % notes.count]
  }

  private static func build(_ path: String) throws {
    if let store = try? MealStore(path: path), store.mealCount == mealCount { return }
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: path + suffix)
    }
    let store = try MealStore(path: path)
    let vocabulary = bases.count * kinds.count
    for batch in stride(from: 0, to: mealCount, by: 10_000) {
      try store.insert(
        contentsOf: (batch..<batch + 10_000).map { index in
          var meal = SampleData.meal(index)
          // Common ingredients often, rare ones seldom: a square skews toward the start.
          meal.ingredients = (0..<(6 + index % 7)).map { line in
            let draw = (index &* 2_654_435_761 &+ line &* 40_503) % 10_007
            let number = draw * draw / 10_007 * vocabulary / 10_007
            return IngredientMeasurement(name: ingredient(number), quantity: "\(line + 1)00 g")
          }
          return meal
        })
    }
    let held = (0..<35).map { ingredient($0 * 7) } + (0..<15).map { "never named \($0)" }
    try store.addToPantry(held.map { Pantry.Item(name: $0) })
  }
}
