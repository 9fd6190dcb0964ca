import MealsStore
import TerminalUI

/// After a quiet spell with changes, the write-ahead log is copied into the database file on
/// the backup worker (its own connection, SQLite's PASSIVE checkpoint, which neither waits for
/// nor blocks a write): a copy of `meals.sqlite` made while the app runs holds the book too.
final class IdleCheckpoint: Ticker {
  /// The app that owns the navigator that owns this: never outlived.
  private unowned let context: AppContext
  /// How long no change must come before the copy (a save, then a few more edits, copy once).
  static let quietSpell: UInt64 = 3_000
  /// The store's change count last seen, and when it moved.
  private var seen: (count: Int, at: UInt64)?
  /// The change count the file holds (after the last complete checkpoint).
  private var copied: Int
  private var running = false

  init(context: AppContext) {
    self.context = context
    copied = context.store.changeCount
  }

  var nextDeadline: UInt64? {
    guard let seen, seen.count != copied, !running else { return nil }
    return seen.at + Self.quietSpell
  }

  func tick(now: UInt64) -> Bool {
    let store = context.store
    guard !store.isReadOnly else { return false }
    let count = store.changeCount
    if seen?.count != count { seen = (count, now) }
    guard let seen, seen.count != copied, !running, now >= seen.at + Self.quietSpell else {
      return false
    }
    running = true
    let path = context.backupReader.path
    context.backupWorker.run(
      { MealStore.checkpoint(path: path) },
      then: { [weak self] result in
        guard let self else { return }
        self.running = false
        if case .success(let done) = result, done.isComplete {
          self.copied = count
        } else {
          // A reader held it back, or it failed: tried again after another quiet spell.
          self.seen = (count, self.context.navigator.now())
        }
      })
    return false
  }
}
