import MealsCore

/// What the planner weighs (`PlanSuggester`), read from the book in two statements.
extension MealStore {
  /// Every saved meal as a candidate: its fields, when it was last cooked, and what it uses
  /// of `pantry` (by the ingredient key's index; staples are not named).
  public func planCandidates(pantry: [Pantry.Item]) throws(StoreError) -> [PlanCandidate] {
    try Self.planCandidates(in: db, pantry: pantry)
  }

  /// The same on any connection (a worker's: `StoreReader.planCandidates`).
  static func planCandidates(in db: SQLiteConnection, pantry: [Pantry.Item]) throws(StoreError)
    -> [PlanCandidate]
  {
    // Every meal row is read: the whole table, mapped, in one snapshot.
    try db.readingMapped { () throws(StoreError) in try candidates(in: db, pantry: pantry) }
  }

  private static func candidates(in db: SQLiteConnection, pantry: [Pantry.Item])
    throws(StoreError) -> [PlanCandidate]
  {
    // A book has few categories, areas and tag sets: each is folded and read once.
    var folded: [String: String] = [:]
    func fold(_ text: String?) -> String {
      guard let text else { return "" }
      if let known = folded[text] { return known }
      let key = MealRules.isBlank(text) ? "" : TextFolding.key(text)
      folded[text] = key
      return key
    }
    var kinds: [String: PlanSlot?] = [:]
    var candidates = try db.statement(
      """
      SELECT id, name, category, area, favourite, rating, total_minutes,
        (SELECT last_day FROM meal_cooked WHERE meal_uid = meal.uid), tags
      FROM meal ORDER BY id
      """
    ).rows([]) { row in
      let category = row.optionalText(2)
      let area = row.optionalText(3)
      let tags = row.text(8)
      let kindKey = (category ?? "") + "\u{1F}" + tags
      let kind: PlanSlot?
      if let known = kinds[kindKey] {
        kind = known
      } else {
        kind = PlanCandidate.kind(
          category: category, tags: tags.split(separator: ",").map(String.init))
        kinds[kindKey] = kind
      }
      return PlanCandidate(
        id: row.int(0), name: row.text(1), category: category, area: area,
        favourite: row.int(4) != 0, rating: Int(row.int(5)),
        totalMinutes: row.isNull(6) ? nil : Int(row.int(6)),
        lastCooked: row.isNull(7) ? nil : CivilDate(daysSince1970: Int(row.int(7))), kind: kind,
        folded: (fold(category), fold(area)))
    }
    let index = Dictionary(
      candidates.indices.map { (candidates[$0].id, $0) }, uniquingKeysWith: { first, _ in first })
    let users = try db.statement(
      "SELECT DISTINCT meal_id FROM ingredient_measurement WHERE name_key = ?")
    for item in pantry where !item.key.isEmpty {
      for id in try users.rows([.text(item.key)], { $0.int(0) }) {
        if let at = index[id] { candidates[at].atHome.append(MealRules.trimmed(item.name)) }
      }
    }
    return candidates
  }
}

extension MealStore {
  /// Plans every suggestion, each at its meal's servings, in one transaction: all or none.
  public func plan(_ suggestions: [PlanSuggestion]) throws(StoreError) {
    try db.transaction { () throws(StoreError) in
      for suggestion in suggestions {
        let servings = try meal(id: suggestion.meal.id).map { Servings(for: $0).base }
        try plan(
          mealID: suggestion.meal.id, on: suggestion.day, slot: suggestion.slot,
          servings: servings ?? Servings.assumed)
      }
    }
    didCommit()
  }
}
