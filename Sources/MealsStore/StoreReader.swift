import FoundationEssentials
import MealsCore
import Synchronization

/// A count as SQL and its parameters: a value a worker can run on a connection of its own.
public struct CountQuery: Sendable, Equatable {
  let sql: String
  let parameters: [SQLValue]
}

/// A connection of its own to the database file, for a worker thread: counts over 100 000 meals
/// and the daily backup run there while the loop's connection answers keys.
///
/// Read-only: WAL lets it read while the loop writes, and it never holds a write lock. It is
/// used by one thread at a time (its worker's); `interrupt` may come from any thread, to stop
/// what it runs when its answer is no longer wanted.
public final class StoreReader: @unchecked Sendable {
  public let path: String
  /// Opened as immutable, as the store's own connection is (a file in a read-only folder).
  private let immutable: Bool
  /// Guards `connection` between the worker (opening it) and `interrupt` (any thread).
  private let lock = Mutex(())
  private var connection: SQLiteConnection?

  init(path: String, immutable: Bool = false) {
    self.path = path
    self.immutable = immutable
  }

  /// The connection, opened on first use (on the worker's thread).
  private func open() throws(StoreError) -> SQLiteConnection {
    try lock.withLock { _ throws(StoreError) in
      if let connection { return connection }
      let opened = try SQLiteConnection(path: path, readOnly: true, immutable: immutable)
      opened.setBusyTimeout(milliseconds: 2000)
      try opened.addFunction(SubstringGrams.functionName, arguments: 3) {
        SubstringGrams.tokens(of: $0)
      }
      try MealFilter.addOwnLettersFunction(to: opened)
      connection = opened
      return opened
    }
  }

  /// Stops what the connection is running; its job ends with an error (and is dropped).
  public func interrupt() {
    lock.withLock { _ in connection?.interrupt() }
  }

  /// Closes the connection (after the worker has finished with it).
  public func close() {
    lock.withLock { _ in
      connection?.close()
      connection = nil
    }
  }

  // MARK: - Jobs

  /// The rows a list's count query finds, or why not (interrupted, or the file failing).
  public func count(_ query: CountQuery) -> Result<Int, StoreError> {
    Result { () throws(StoreError) in
      Int(try open().statement(query.sql).scalar(query.parameters) ?? 0)
    }
  }

  /// Every chip's count with the text filter and the chosen chips (`MealStore.chipCounts`).
  public func chipCounts(matching filter: String, chips: ChipSelection) -> [Chip: Int]? {
    guard let db = try? open() else { return nil }
    return try? MealStore.chipCounts(in: db, matching: filter, chips: chips)
  }

  /// The saved meals `pantry` leaves at most `most` ingredients missing (`MealStore.canCook`).
  public func canCook(pantry: Pantry, most: Int?) -> Result<[CookableMeal], StoreError> {
    Result { () throws(StoreError) in
      try MealStore.canCook(in: try open(), pantry: pantry, most: most).meals
    }
  }

  /// Every saved meal as the week's planner weighs it (`MealStore.planCandidates`).
  public func planCandidates(pantry: [Pantry.Item]) -> Result<[PlanCandidate], StoreError> {
    Result { () throws(StoreError) in
      try MealStore.planCandidates(in: try open(), pantry: pantry)
    }
  }

  /// The daily backup (copied into a temporary file, then the rotation), dated `time` (the
  /// store's clock); an interrupted one leaves no file behind.
  public func backUp(time: Double) -> StoreError? {
    do {
      try MealStore.backUp(with: try open(), time: time)
      return nil
    } catch {
      return error
    }
  }
}

extension MealStore {
  /// A reader of its own for a worker (the same file).
  public func makeReader() -> StoreReader { StoreReader(path: db.path, immutable: db.immutable) }
}
