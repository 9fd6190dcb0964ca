import FoundationEssentials
import MealsCore
import Translation

// MARK: - Importing

extension MealStore {
  /// Stores the candidates that can be stored, in one transaction (all of them or none), and
  /// says what happened to each.
  public func importMeals(_ candidates: [ImportCandidate]) throws(StoreError) -> ImportReport {
    do {
      return try importMeals { feed in
        for candidate in candidates { try feed.add(candidate) }
      }
    } catch let error as StoreError {
      throw error
    } catch {
      throw StoreError(.failure, ErrorText.message(error))
    }
  }

  /// An import fed one recipe at a time (an export read as it streams), in one transaction:
  /// when `feed` throws, or the process dies, none of it is stored.
  ///
  /// Not stored: a candidate that could not be read, one that breaks the meal rules, one whose
  /// TheMealDB id or export id is already saved, one with the name and source address of a
  /// saved meal, and one with exactly the content of a saved meal (name, instructions,
  /// ingredient lines) — including earlier candidates of the same run.
  public func importMeals(_ feed: (ImportFeed) throws -> Void) throws -> ImportReport {
    let importer = ImportFeed(store: self)
    var failure: (any Error)?
    do {
      try db.transaction { () throws(StoreError) in
        do {
          try feed(importer)
        } catch let error as StoreError {
          throw error
        } catch {
          failure = error
          throw StoreError(.failure, tr("the import stopped"))
        }
        try importer.finish()
      }
    } catch {
      throw failure ?? error
    }
    if !importer.report.imported.isEmpty { didCommit() }
    return importer.report
  }

  // MARK: - Photos

  /// A meal's own photo, or nil when it has none.
  public func photo(mealID: Int64) throws(StoreError) -> MealPhoto? {
    try db.statement("SELECT bytes FROM meal_photo WHERE meal_id = ?").rows([.integer(mealID)]) {
      MealPhoto(bytes: [UInt8]($0.blob(0)))
    }.first ?? nil
  }

  /// Which of `ids` have a photo of their own (for a list's thumbnails: nothing read but ids).
  public func mealsWithPhotos(among ids: [Int64]) throws(StoreError) -> Set<Int64> {
    guard !ids.isEmpty else { return [] }
    let marks = Array(repeating: "?", count: ids.count).joined(separator: ", ")
    return Set(
      try db.statement("SELECT meal_id FROM meal_photo WHERE meal_id IN (\(marks))").rows(
        ids.map(SQLValue.integer)
      ) { $0.int(0) })
  }

  /// Gives a meal its own photo (nil takes it away), in one transaction; the meal counts as
  /// changed (its file in the sync folder is written again).
  public func setPhoto(_ photo: MealPhoto?, mealID: Int64) throws(StoreError) {
    try db.transaction { () throws(StoreError) in
      try writePhoto(photo, mealID: mealID)
      try db.statement("UPDATE meal SET updated_at = ? WHERE id = ?").run([
        .real(clock()), .integer(mealID),
      ])
    }
    didCommit()
  }

  func writePhoto(_ photo: MealPhoto?, mealID: Int64) throws(StoreError) {
    guard let photo else {
      try db.statement("DELETE FROM meal_photo WHERE meal_id = ?").run([.integer(mealID)])
      return
    }
    try db.statement("INSERT OR REPLACE INTO meal_photo (\(Schema.photoColumns)) VALUES (?, ?, ?)")
      .run([.integer(mealID), .text(photo.type), .blob(Data(photo.bytes))])
  }
}

/// An import under way (`MealStore.importMeals(_:)`): takes candidates one at a time inside
/// the import's transaction and keeps the report.
public final class ImportFeed {
  private let store: MealStore
  public private(set) var report = ImportReport()
  private var takenIDs = Set<String>()
  private var origins = Set<String>()
  private var contents = Set<MealContent>()
  private var written: [Int64: Meal] = [:]

  init(store: MealStore) {
    self.store = store
  }

  /// Stores `candidate` unless it cannot be or is there already; its new id, else nil.
  @discardableResult
  public func add(_ candidate: ImportCandidate) throws(StoreError) -> Int64? {
    guard let meal = candidate.meal else {
      skip(candidate, candidate.problem ?? "not readable")
      return nil
    }
    var draft = MealDraft(of: nil)
    draft.meal = meal
    let valid: Meal
    switch draft.validated(steps: .mayBeMissing) {
    case .success(let checked): valid = checked
    case .failure(let rule):
      skip(candidate, rule.message)
      return nil
    }
    if let reason = try duplicate(valid, origin: candidate.origin) {
      skip(candidate, reason, isDuplicate: true)
      return nil
    }
    let uid = SyncPaths.newID()
    let id = try store.insert(valid, uid: uid, indexing: false)
    if let photo = candidate.photo { try store.writePhoto(photo, mealID: id) }
    if let origin = candidate.origin {
      try store.db.statement("INSERT OR REPLACE INTO meal_origin (origin, meal_uid) VALUES (?, ?)")
        .run([.text(origin), .text(uid)])
      origins.insert(origin)
    }
    written[id] = valid
    if let mealDBID = valid.mealDBID { takenIDs.insert(mealDBID) }
    contents.insert(MealContent(valid))
    report.imported.append(
      .init(
        id: id, name: valid.name, place: candidate.place,
        hasNoSteps: CookMethod(of: valid).steps.isEmpty,
        hasNoIngredients: valid.ingredients.isEmpty))
    return id
  }

  /// Gives a meal stored by this import its photo (one that came apart from its recipe).
  public func attach(_ photo: MealPhoto, to id: Int64) throws(StoreError) {
    try store.writePhoto(photo, mealID: id)
  }

  /// The meals stored so far (the progress line's count).
  public var count: Int { report.imported.count }

  private func skip(_ candidate: ImportCandidate, _ reason: String, isDuplicate: Bool = false) {
    report.skipped.append(.init(place: candidate.place, reason: reason, isDuplicate: isDuplicate))
  }

  /// Why `meal` is already in the book or earlier in this import, or nil when it is new.
  private func duplicate(_ meal: Meal, origin: String?) throws(StoreError) -> String? {
    let db = store.db
    if let origin {
      if origins.contains(origin) { return tr("the same recipe is earlier in this import") }
      if let name = try db.statement(
        """
        SELECT meal.name FROM meal_origin JOIN meal ON meal.uid = meal_origin.meal_uid
        WHERE meal_origin.origin = ?
        """
      ).rows([.text(origin)], { $0.text(0) }).first {
        return tr("already in My Meals as “%s” (imported before)").filled(name)
      }
    }
    if let mealDBID = meal.mealDBID {
      if takenIDs.contains(mealDBID) {
        return tr("TheMealDB meal %s is earlier in this import").filled(mealDBID)
      }
      if let existing = try store.mealID(forMealDBID: mealDBID) {
        let name = (try store.meal(id: existing))?.name ?? ""
        return tr("already in My Meals as “%1$s” (TheMealDB id %2$s)").filled(name, mealDBID)
      }
    }
    let content = MealContent(meal)
    if contents.contains(content) { return tr("the same meal is earlier in this import") }
    if let source = meal.sourceURL, origin == nil,
      try db.statement("SELECT 1 FROM meal WHERE name = ? AND source_url = ? LIMIT 1")
        .scalar([.text(meal.name), .text(source)]) != nil
    {
      return tr("already in My Meals as “%s” (same name and source)").filled(meal.name)
    }
    let ids = try db.statement("SELECT id FROM meal WHERE name = ? AND instructions = ?").rows([
      .text(content.name), .text(content.instructions),
    ]) { $0.int(0) }
    for id in ids {
      if let stored = try store.meal(id: id), MealContent(stored) == content {
        return tr("already in My Meals as “%s” (same content)").filled(meal.name)
      }
    }
    return nil
  }

  /// Places the new meals in the name order: one pass for many, one at a time for a few.
  func finish() throws(StoreError) {
    guard !written.isEmpty else { return }
    if written.count >= MealStore.batchSize {
      try store.indexBatch(written)
    } else {
      for (id, meal) in written.sorted(by: { $0.key < $1.key }) { try store.index(meal, id: id) }
    }
  }
}

/// What makes two meals the same recipe for an import: name, instructions, ingredient lines.
struct MealContent: Hashable {
  var name: String
  var instructions: String
  var ingredients: [IngredientMeasurement]

  init(_ meal: Meal) {
    name = meal.name
    instructions = meal.instructions
    ingredients = meal.ingredients
  }
}
