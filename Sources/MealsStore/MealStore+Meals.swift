import FoundationEssentials
import MealsCore
import Translation

extension MealStore {
  // MARK: - Reading

  /// The number of saved meals: the sum of `meal_chip`'s category counts (kept exact by
  /// triggers), so the first frame does not read every meal's row to say how many there are.
  public var mealCount: Int { summary().meals }

  /// The whole meal with its ingredient lines, or nil when there is no such meal.
  public func meal(id: Int64) throws(StoreError) -> Meal? {
    let rows = try db.statement(
      """
      SELECT id, mealdb_id, name, instructions, category, area, tags, thumbnail_url,
             source_url, video_url, favourite, favourited_at, rating, total_minutes, difficulty,
             servings, section_titles,
             (SELECT type FROM meal_photo WHERE meal_id = meal.id),
             (SELECT length(bytes) FROM meal_photo WHERE meal_id = meal.id), cookware
      FROM meal WHERE id = ?
      """
    ).rows([.integer(id)]) { row in
      Meal(
        id: row.int(0),
        mealDBID: row.optionalText(1),
        name: row.text(2),
        instructions: row.text(3),
        sectionTitles: row.text(16).split(separator: "\n").map(String.init),
        category: row.optionalText(4),
        area: row.optionalText(5),
        tags: row.text(6).split(separator: ",").map(String.init),
        thumbnailURL: row.optionalText(7),
        sourceURL: row.optionalText(8),
        videoURL: row.optionalText(9),
        cookware: Cookware.list(stored: row.text(19)),
        favourite: row.int(10) != 0,
        favouritedAt: row.isNull(11) ? nil : row.double(11),
        rating: Int(row.int(12)),
        totalMinutes: row.isNull(13) ? nil : Int(row.int(13)),
        difficulty: row.optionalText(14).flatMap(Difficulty.init(rawValue:)),
        servings: row.isNull(15) ? nil : Int(row.int(15)),
        photo: row.optionalText(17).map { PhotoLabel(type: $0, bytes: Int(row.int(18))) }
      )
    }
    guard var meal = rows.first else { return nil }
    meal.ingredients = try db.statement(
      """
      SELECT name, quantity, group_title FROM ingredient_measurement WHERE meal_id = ?
      ORDER BY position
      """
    ).rows([.integer(id)]) {
      IngredientMeasurement(name: $0.text(0), quantity: $0.text(1), group: $0.text(2))
    }
    return meal
  }

  /// The ids of the meals called `name` (ignoring case), for saying when names repeat.
  public func mealIDs(named name: String) -> [Int64] {
    reading([]) { () throws(StoreError) in
      try db.statement("SELECT id FROM meal WHERE name = ? ORDER BY id LIMIT 50")
        .rows([.text(name)]) { $0.int(0) }
    }
  }

  /// Which of these TheMealDB ids are in My Meals (for the ✓ on browse lists).

  public func storedMealDBIDs(among ids: [String]) -> Set<String> {
    guard !ids.isEmpty, let data = try? JSONEncoder().encode(ids) else { return [] }
    let found = reading([]) { () throws(StoreError) in
      try db.statement(
        "SELECT mealdb_id FROM meal WHERE mealdb_id IN (SELECT value FROM json_each(?))"
      ).rows([.text(String(decoding: data, as: UTF8.self))]) { $0.text(0) }
    }
    return Set(found)
  }

  /// The id of the stored meal with this TheMealDB id.
  public func mealID(forMealDBID mealDBID: String) throws(StoreError) -> Int64? {
    try db.statement("SELECT id FROM meal WHERE mealdb_id = ?").scalar([.text(mealDBID)])
  }

  // MARK: - Drafts

  /// A copy of a stored meal to edit, or a new empty meal when `mealID` is nil.
  public func editableCopy(of mealID: Int64?) throws(StoreError) -> MealDraft {
    guard let mealID else { return MealDraft(of: nil) }
    guard let meal = try meal(id: mealID) else {
      throw StoreError(.notFound, tr("That meal is no longer in the database."))
    }
    return MealDraft(of: meal)
  }

  /// Writes the draft in one transaction and returns the meal's id.
  ///
  /// A draft breaking a rule (no name, no instructions) is refused and nothing is written.
  /// The kept copy of the draft in `draftSlot`, if any, is removed in the same transaction.
  @discardableResult
  public func commit(_ draft: MealDraft, discardingDraft draftSlot: Int64? = nil)
    throws(StoreError) -> Int64
  {
    let meal: Meal
    switch draft.validated() {
    case .success(let valid): meal = valid
    case .failure(let rule): throw StoreError(.invalid, rule.message)
    }
    let id = try db.transaction { () throws(StoreError) -> Int64 in
      if let id = meal.id {
        guard
          try db.statement("SELECT EXISTS (SELECT 1 FROM meal WHERE id = ?)").scalar([.integer(id)])
            == 1
        else {
          throw StoreError(.notFound, tr("That meal was deleted meanwhile; nothing was saved."))
        }
        try writeKeepingHistory(meal, id: id)
        if let photo = draft.newPhoto { try writePhoto(photo, mealID: id) }
        try removeDraftRow(draftSlot)
        return id
      }
      let id = try insert(meal)
      if let photo = draft.newPhoto { try writePhoto(photo, mealID: id) }
      try removeDraftRow(draftSlot)
      return id
    }
    didCommit()
    return id
  }

  // MARK: - The original design's operations

  /// Creates a meal with a name and instructions and no ingredients.
  @discardableResult
  public func createMeal(name: String, instructions: String) throws(StoreError) -> Int64 {
    var draft = MealDraft(of: nil)
    draft.name = name
    draft.instructions = instructions
    return try commit(draft)
  }

  /// Adds an ingredient line at the end of a meal's list.
  public func addIngredient(_ measurement: IngredientMeasurement, toMeal mealID: Int64)
    throws(StoreError)
  {
    var draft = try editableCopy(of: mealID)
    draft.addIngredient(measurement)
    try commit(draft)
  }

  /// Removes the ingredient line at `index` of a meal's list.
  public func removeIngredient(at index: Int, fromMeal mealID: Int64) throws(StoreError) {
    var draft = try editableCopy(of: mealID)
    guard draft.ingredients.indices.contains(index) else {
      throw StoreError(.notFound, tr("That ingredient is no longer in the meal."))
    }
    draft.removeIngredient(at: index)
    try commit(draft)
  }

  /// Stores a meal found on TheMealDB; a meal with the same TheMealDB id is not duplicated.
  public func storeFound(_ found: Meal) throws(StoreError) -> StoredMeal {
    if let mealDBID = found.mealDBID, let existing = try mealID(forMealDBID: mealDBID) {
      return StoredMeal(id: existing, wasAlreadyStored: true)
    }
    var draft = MealDraft(of: nil)
    draft.meal = found
    draft.meal.id = nil
    return StoredMeal(id: try commit(draft), wasAlreadyStored: false)
  }

  /// Stores many meals in one transaction (all or nothing); each must follow the rules.
  ///
  /// A big batch is written first and put in order and in the filter indexes after, in one
  /// pass (see `indexBatch`).
  public func insert(contentsOf meals: [Meal]) throws(StoreError) {
    let batch = meals.count >= Self.batchSize
    try db.transaction { () throws(StoreError) in
      var written: [Int64: Meal] = [:]
      for meal in meals {
        var draft = MealDraft(of: nil)
        draft.meal = meal
        switch draft.validated() {
        case .success(let valid): written[try insert(valid, indexing: !batch)] = valid
        case .failure(let rule): throw StoreError(.invalid, "\(meal.name): \(rule.message)")
        }
      }
      if batch { try indexBatch(written) }
    }
    didCommit()
  }

  /// From this many meals, `insert(contentsOf:)` orders and indexes them in one pass.
  static let batchSize = 100

  // MARK: - Writing (inside a transaction)

  /// Adds a meal row; `uid` is the meal's id in the sync folder (a new UUID unless the meal
  /// comes from the folder with one).
  func insert(_ meal: Meal, uid: String? = nil, indexing: Bool = true) throws(StoreError) -> Int64 {
    let now = clock()
    try db.statement(
      "INSERT INTO meal (name, instructions, created_at, updated_at, uid) VALUES ('', '', ?, ?, ?)"
    ).run([.real(now), .real(now), .text(uid ?? SyncPaths.newID())])
    let id = db.lastInsertRowID
    try write(meal, id: id, updatedAt: now, indexing: indexing)
    return id
  }

  /// Overwrites every field, the ingredient lines and the filter index of meal `id`.
  ///
  /// `favourited_at` is set when the meal becomes a favourite, kept while it stays one, and
  /// cleared when it stops being one.
  func write(_ meal: Meal, id: Int64, updatedAt: Double? = nil, indexing: Bool = true)
    throws(StoreError)
  {
    let updated = updatedAt ?? clock()
    try db.statement(
      """
      UPDATE meal SET mealdb_id = ?1, name = ?2, instructions = ?3, category = ?4, area = ?5,
        tags = ?6, thumbnail_url = ?7, source_url = ?8, video_url = ?9, summary = ?10,
        updated_at = ?11, favourite = ?13,
        favourited_at = CASE WHEN ?13 THEN coalesce(?14, favourited_at, ?11) ELSE NULL END,
        rating = ?15, total_minutes = ?16, difficulty = ?17, servings = ?18,
        section_titles = ?19, cookware = ?20
      WHERE id = ?12
      """
    ).run([
      .optional(meal.mealDBID), .text(meal.name), .text(meal.instructions),
      .optional(meal.category), .optional(meal.area), .text(meal.tags.joined(separator: ",")),
      .optional(meal.thumbnailURL), .optional(meal.sourceURL), .optional(meal.videoURL),
      .text(MealSummary.summaryText(for: meal)), .real(updated), .integer(id),
      .integer(meal.favourite ? 1 : 0), meal.favouritedAt.map(SQLValue.real) ?? .null,
      .integer(Int64(max(0, min(5, meal.rating)))),
      meal.totalMinutes.map { .integer(Int64($0)) } ?? .null,
      .optional(meal.difficulty?.rawValue), meal.servings.map { .integer(Int64($0)) } ?? .null,
      .text(meal.sectionTitles.joined(separator: "\n")), .text(Cookware.stored(meal.cookware)),
    ])
    try db.statement("DELETE FROM ingredient_measurement WHERE meal_id = ?").run([.integer(id)])
    let insertLine = try db.statement(
      """
      INSERT INTO ingredient_measurement (meal_id, position, name, quantity, group_title, name_key)
      VALUES (?, ?, ?, ?, ?, ?)
      """
    )
    for (position, line) in meal.ingredients.enumerated() {
      try insertLine.run([
        .integer(id), .integer(Int64(position)), .text(line.name), .text(line.quantity),
        .text(line.group), .text(IngredientKey.of(line.name)),
      ])
    }
    try countIngredientKeys(mealID: id)
    if indexing { try index(meal, id: id) }
  }
}
