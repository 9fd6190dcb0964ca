import Translation

/// What changed between two versions of a meal, in words a person reads: a line per field,
/// the ingredients line by line, the steps word by word (as `git diff --word-diff` shows them).
public enum MealChanges {
  /// One change: what it is about and the line that says it.
  public struct Change: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
      /// `name`, `category`, `rating`…
      case field(String)
      case ingredient
      case steps
    }

    public var kind: Kind
    public var text: String
    /// The steps word by word (`Brown the beef [-quickly.-] {+slowly.+}`), for a change of
    /// the steps; nil for the others.
    public var words: String?

    init(kind: Kind, text: String, words: String? = nil) {
      self.kind = kind
      self.text = text
      self.words = words
    }
  }

  /// One line a change: `name: “Stew” → “Beef Stew”`, `+ 2 onions`, `− salt`,
  /// `beef: “1 kg” → “1.5 kg”`, `steps: 3 words out, 5 in`.
  public static func between(_ old: Meal, _ new: Meal) -> [Change] {
    var changes: [Change] = []
    func field(_ name: String, _ before: String?, _ after: String?) {
      let was = MealRules.trimmed(before ?? "")
      let now = MealRules.trimmed(after ?? "")
      guard was != now else { return }
      changes.append(
        Change(kind: .field(name), text: "\(fieldName(name)): \(shown(was)) → \(shown(now))"))
    }
    field("name", old.name, new.name)
    field("category", old.category, new.category)
    field("area", old.area, new.area)
    field("tags", old.tags.joined(separator: ", "), new.tags.joined(separator: ", "))
    field("rating", stars(old.rating), stars(new.rating))
    field(
      "time", old.totalMinutes.map(MealFields.describeMinutes),
      new.totalMinutes.map(MealFields.describeMinutes))
    field("difficulty", old.difficulty?.rawValue, new.difficulty?.rawValue)
    field("servings", old.servings.map { String($0) }, new.servings.map { String($0) })
    field("source", old.sourceURL, new.sourceURL)
    changes += ingredients(old.ingredients, new.ingredients).map {
      Change(kind: .ingredient, text: $0)
    }
    let words = wordDiff(old.instructions, new.instructions)
    if words.out + words.in > 0 {
      changes.append(
        Change(
          kind: .steps,
          text: tr("steps: %1$s, %2$s").filled(
            trn("%d word out", "%d words out", words.out),
            trn("%d word in", "%d words in", words.in)),
          words: words.text))
    }
    return changes
  }

  /// A short summary for a list row: `name, 2 ingredients, steps`.
  public static func summary(_ old: Meal, _ new: Meal) -> String {
    let changes = between(old, new)
    guard !changes.isEmpty else { return tr("no change") }
    var parts: [String] = []
    for change in changes {
      switch change.kind {
      case .field(let name): parts.append(fieldName(name))
      case .ingredient: continue
      case .steps: parts.append(trc("changed field", "steps"))
      }
    }
    let count = changes.filter { $0.kind == .ingredient }.count
    if count > 0 {
      let words = trn("%d ingredient", "%d ingredients", count)
      let steps = changes.last?.kind == .steps ? parts.count - 1 : parts.count
      parts.insert(words, at: steps)
    }
    return parts.joined(separator: ", ")
  }

  // MARK: - Ingredients

  /// Lines gone (`− salt`), come (`+ 2 onions`), and an ingredient whose amount changed
  /// (`beef: 1 kg → 1.5 kg`), in the new list's order.
  static func ingredients(_ old: [IngredientMeasurement], _ new: [IngredientMeasurement])
    -> [String]
  {
    var before = old.map { ($0.name, $0.quantity) }
    var after: [(String, String)] = []
    for line in new {
      if let same = before.firstIndex(where: { $0 == (line.name, line.quantity) }) {
        before.remove(at: same)
      } else {
        after.append((line.name, line.quantity))
      }
    }
    var lines: [String] = []
    for (name, quantity) in after {
      if let at = before.firstIndex(where: { $0.0 == name }) {
        lines.append("\(name): \(shown(before[at].1)) → \(shown(quantity))")
        before.remove(at: at)
      } else {
        lines.append("+ " + written(name, quantity))
      }
    }
    lines += before.map { "− " + written($0.0, $0.1) }
    return lines
  }

  private static func written(_ name: String, _ quantity: String) -> String {
    MealRules.trimmed(quantity).isEmpty ? name : "\(MealRules.trimmed(quantity)) \(name)"
  }

  // MARK: - Steps, word by word

  /// The instructions' words as one text with what went and what came marked
  /// (`[-quickly-]{+slowly+}`), and how many of each.
  public static func wordDiff(_ old: String, _ new: String) -> (text: String, out: Int, in: Int) {
    let a = old.split(whereSeparator: \.isWhitespace).map(String.init)
    let b = new.split(whereSeparator: \.isWhitespace).map(String.init)
    // Common start and end first: an edit is small next to a recipe.
    var start = 0
    while start < a.count, start < b.count, a[start] == b[start] { start += 1 }
    var end = 0
    while end < a.count - start, end < b.count - start, a[a.count - 1 - end] == b[b.count - 1 - end]
    {
      end += 1
    }
    let middleA = Array(a[start..<(a.count - end)])
    let middleB = Array(b[start..<(b.count - end)])
    var pieces = Array(a[..<start])
    var out = 0
    var come = 0
    if middleA.count * middleB.count > 4_000_000 {
      // Too much changed to align word by word: all out, all in.
      if !middleA.isEmpty { pieces.append("[-" + middleA.joined(separator: " ") + "-]") }
      if !middleB.isEmpty { pieces.append("{+" + middleB.joined(separator: " ") + "+}") }
      out = middleA.count
      come = middleB.count
    } else {
      for step in align(middleA, middleB) {
        switch step {
        case .same(let word): pieces.append(word)
        case .out(let words):
          pieces.append("[-" + words.joined(separator: " ") + "-]")
          out += words.count
        case .in(let words):
          pieces.append("{+" + words.joined(separator: " ") + "+}")
          come += words.count
        }
      }
    }
    pieces += a[(a.count - end)...]
    return (pieces.joined(separator: " "), out, come)
  }

  private enum Step {
    case same(String)
    case out([String])
    case `in`([String])
  }

  /// The longest common subsequence's walk, runs of words out and in joined.
  private static func align(_ a: [String], _ b: [String]) -> [Step] {
    let n = a.count
    let m = b.count
    var table = Array(repeating: Array(repeating: 0, count: m + 1), count: n + 1)
    if n > 0 && m > 0 {
      for i in stride(from: n - 1, through: 0, by: -1) {
        for j in stride(from: m - 1, through: 0, by: -1) {
          table[i][j] =
            a[i] == b[j] ? table[i + 1][j + 1] + 1 : max(table[i + 1][j], table[i][j + 1])
        }
      }
    }
    var steps: [Step] = []
    var i = 0
    var j = 0
    func add(_ step: Step) {
      switch (steps.last, step) {
      case (.out(let words)?, .out(let more)): steps[steps.count - 1] = .out(words + more)
      case (.in(let words)?, .in(let more)): steps[steps.count - 1] = .in(words + more)
      default: steps.append(step)
      }
    }
    while i < n || j < m {
      if i < n, j < m, a[i] == b[j] {
        add(.same(a[i]))
        i += 1
        j += 1
      } else if j < m, i == n || table[i][j + 1] >= table[i + 1][j] {
        add(.in([b[j]]))
        j += 1
      } else {
        add(.out([a[i]]))
        i += 1
      }
    }
    // Out before in, as a reader expects a replacement.
    var ordered: [Step] = []
    for step in steps {
      if case .out = step, case .in(let words)? = ordered.last {
        ordered[ordered.count - 1] = step
        ordered.append(.in(words))
      } else {
        ordered.append(step)
      }
    }
    return ordered
  }

  // MARK: - Words

  private static func shown(_ text: String) -> String {
    text.isEmpty ? tr("none") : "“\(text)”"
  }

  /// A field's name as the reader's language says it (the kind keeps the English one).
  private static func fieldName(_ name: String) -> String {
    switch name {
    case "name": trc("changed field", "name")
    case "category": trc("changed field", "category")
    case "area": trc("changed field", "area")
    case "tags": trc("changed field", "tags")
    case "rating": trc("changed field", "rating")
    case "time": trc("changed field", "time")
    case "difficulty": trc("changed field", "difficulty")
    case "servings": trc("changed field", "servings")
    case "source": trc("changed field", "source")
    default: name
    }
  }

  private static func stars(_ rating: Int) -> String? {
    rating > 0 ? MealFields.stars(rating) : nil
  }
}
