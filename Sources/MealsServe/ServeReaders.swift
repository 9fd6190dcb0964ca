import MealsStore
import Synchronization

/// The book's connections the phone's reads use, several requests at once.
///
/// SQLite's WAL lets readers work side by side, so 200 phones asking at once are answered on
/// every core rather than one after another on one connection. Each is opened read-only when
/// first needed.
final class ServeReaders: Sendable {
  private let slots: [Slot]
  private let turn = Atomic<Int>(0)
  private let path: String

  /// `count` connections at most (one per core is what helps; a few more cover a read
  /// waiting on the disk).
  init(path: String, count: Int) {
    self.path = path
    slots = (0..<max(1, count)).map { _ in Slot() }
  }

  /// How many a machine with `cores` cores keeps: two a core, four to eight (when every
  /// connection is taken a request waits its turn, and a waiting lock spins first).
  static func count(cores: Int) -> Int { min(8, max(4, 2 * cores)) }

  /// One connection and the lock that gives it to one request at a time.
  private final class Slot: Sendable {
    let connection = Mutex<MealStore?>(nil)
  }

  // MARK: - Reading

  /// Runs `body` on a connection no other request holds, else waits for one in turn.
  func read<T: Sendable>(_ body: (MealStore) throws(StoreError) -> T) throws(StoreError) -> T {
    for slot in slots {
      let answer = try slot.connection.withLockIfAvailable {
        (store: inout MealStore?) throws(StoreError) -> T in
        try body(try Self.opened(&store, path: path))
      }
      if let answer { return answer }
    }
    let slot = slots[turn.add(1, ordering: .relaxed).newValue % slots.count]
    return try slot.connection.withLock { (store: inout MealStore?) throws(StoreError) -> T in
      try body(try Self.opened(&store, path: path))
    }
  }

  /// The slot's connection, opened read-only the first time (the server's own connection has
  /// already upgraded the book, so this never writes).
  private static func opened(_ store: inout MealStore?, path: String) throws(StoreError)
    -> MealStore
  {
    if let store { return store }
    let opened = try MealStore(path: path, readOnly: true, busyTimeout: 2_000)
    store = opened
    return opened
  }
}
