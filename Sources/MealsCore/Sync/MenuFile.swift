import TextSafety

/// A week of the plan as a Cooklang menu file in the sync folder (`Plan/2026-W49.menu`): a
/// section per day, each planned meal a recipe reference at its servings, its slot in front
/// and its note after, as Cooklang writes an ingredient's note.
///
/// ```
/// ---
/// title: Week 2026-W49
/// ---
///
/// = Monday 2026-11-30
///
/// Dinner: @./Beef/Beef Stew{4}(with rice)
/// ```
public enum MenuFile {
  /// One planned meal as the file holds it.
  public struct Entry: Equatable, Hashable, Sendable {
    public var day: CivilDate
    public var slot: PlanSlot
    /// The recipe's file in the folder (`Beef/Beef Stew.cook`).
    public var recipe: String
    public var servings: Int
    public var note: String

    public init(day: CivilDate, slot: PlanSlot, recipe: String, servings: Int, note: String) {
      self.day = day
      self.slot = slot
      self.recipe = recipe
      self.servings = servings
      self.note = note
    }
  }

  /// `Plan/2026-W49.menu` for the week of `day`.
  public static func path(forWeekOf day: CivilDate) -> String {
    "Plan/\(day.isoWeekName).menu"
  }

  /// The Monday of the week a menu file's name says (`2026-W49.menu`), or nil.
  public static func monday(ofFile name: String) -> CivilDate? {
    guard name.hasSuffix(".menu") else { return nil }
    return CivilDate.parseWeek(String(name.dropLast(5)))
  }

  // MARK: - Writing

  public static func render(week monday: CivilDate, _ entries: [Entry]) -> String {
    guard !entries.isEmpty else { return "" }
    var lines = ["---", "title: Week \(monday.isoWeekName)", "---"]
    var day: CivilDate?
    // By day and slot, in their given order within a slot.
    let ordered = entries.enumerated().sorted {
      ($0.element.day, $0.element.slot, $0.offset) < ($1.element.day, $1.element.slot, $1.offset)
    }.map(\.element)
    for entry in ordered {
      if entry.day != day {
        day = entry.day
        lines += ["", "= \(weekdays[(entry.day.daysSince1970 % 7 + 10) % 7]) \(entry.day)"]
      }
      let path = entry.recipe.hasSuffix(".cook") ? String(entry.recipe.dropLast(5)) : entry.recipe
      let note = clean(entry.note)
      lines += [
        "",
        "\(entry.slot.rawValue.capitalized): @./\(clean(path, parentheses: true)){\(entry.servings)}"
          + (note.isEmpty ? "" : "(\(note))"),
      ]
    }
    return lines.joined(separator: "\n") + "\n"
  }

  // MARK: - Reading

  /// The entries of a menu file of the week from `monday`.
  ///
  /// A day from its section (`= Monday 2026-11-30`, or the weekday alone), a slot from the
  /// words before the reference (dinner when none), servings from its braces (1 when none).
  /// Lines that are not a reference are passed over.
  public static func parse(_ text: String, week monday: CivilDate) -> [Entry] {
    var entries: [Entry] = []
    var day = monday
    for raw in text.replacingCRLF().split(separator: "\n") {
      let line = MealRules.trimmed(String(raw))
      if line.hasPrefix("=") {
        let title = MealRules.trimmed(String(line.drop { $0 == "=" }))
        let words = title.split(separator: " ").map(String.init)
        if let date = words.lazy.compactMap({ CivilDate.parse($0, today: monday) }).first,
          monday.days(to: date) >= 0, monday.days(to: date) < 7
        {
          day = date
        } else if let first = words.first,
          let index = weekdays.firstIndex(where: { $0.lowercased() == first.lowercased() })
        {
          day = monday.adding(days: index)
        }
        continue
      }
      // By scalars: a combining mark after `{`, `}` or `(` joins it to the next character.
      let scalars = line.unicodeScalars
      guard let at = scalars.firstRange(of: "@./".unicodeScalars) else { continue }
      let before = MealRules.trimmed(String(scalars[..<at.lowerBound]))
        .trimming { $0 == ":" || $0 == " " }.lowercased()
      let slot = PlanSlot(rawValue: before) ?? (before.isEmpty ? .dinner : .other)
      let rest = scalars[at.upperBound...]
      var recipe: String
      var servings = 1
      var note = ""
      if let open = rest.firstIndex(of: "{"), let close = rest[open...].firstIndex(of: "}") {
        recipe = MealRules.trimmed(String(rest[..<open]))
        let amount = String(rest[rest.index(after: open)..<close]).split(separator: "%").first ?? ""
        servings = Int(MealRules.trimmed(String(amount))) ?? 1
        let after = rest[rest.index(after: close)...]
        if after.first == "(", let end = after.lastIndex(of: ")") {
          note = String(after[after.index(after: after.startIndex)..<end])
        }
      } else {
        recipe = String(
          rest.prefix { scalar in
            scalar == "/"
              || !(scalar.properties.isWhitespace || Self.isPunctuation(scalar))
          })
      }
      // Control characters are not part of a path or a note (a file is not trusted).
      recipe = clean(recipe, parentheses: true)
      note = clean(note)
      guard !recipe.isEmpty else { continue }
      entries.append(
        Entry(
          day: day, slot: slot, recipe: recipe + ".cook", servings: min(1000, max(1, servings)),
          note: note))
    }
    return entries
  }

  // MARK: - Helpers

  private static func isPunctuation(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.properties.generalCategory {
    case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation,
      .initialPunctuation, .finalPunctuation, .otherPunctuation:
      true
    default: false
    }
  }

  static let weekdays = [
    "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday",
  ]

  /// A path or note the reader takes back whole: one line, no braces, and in a note no
  /// parentheses (a path keeps them: it ends at its brace, and `Stew (2).cook` is its name).
  private static func clean(_ text: String, parentheses: Bool = false) -> String {
    var out = TextSanitizer.singleLine(text)
    let marks =
      parentheses ? [("{", "["), ("}", "]")] : [("{", "["), ("}", "]"), ("(", "["), (")", "]")]
    for (from, to) in marks {
      out = out.replacingEvery(from, with: to)
    }
    while out.contains("--") { out = out.replacingEvery("--", with: "-") }
    return MealRules.trimmed(out.replacingEvery("[-", with: "[ -"))
  }
}
