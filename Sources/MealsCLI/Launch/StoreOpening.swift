import Foundation
import MealsStore

/// The database opening on a thread of its own while the terminal starts: each takes a
/// millisecond or more, and the first frame needs both.
///
/// Only a file already at this version's schema opens this way (an upgrade shows its progress
/// on the terminal first, so it opens before the screen is taken). The store is handed back
/// whole once its thread is done with it: it is used by one thread at a time.
public final class StoreOpening: @unchecked Sendable {
  private let done = DispatchSemaphore(value: 0)
  private var result: Result<MealStore, StoreError> = .failure(
    StoreError(.cannotOpen, "The database was not opened."))

  /// Starts opening `path` for `readOnly` or read-write use, and reading what the first frame
  /// shows.
  public init(path: String, readOnly: Bool) {
    DispatchQueue.global(qos: .userInteractive).async { [self] in
      do throws(StoreError) {
        let store = try MealStore(path: path, readOnly: readOnly)
        store.readFirstScreenSummary()
        result = .success(store)
      } catch {
        result = .failure(error)
      }
      done.signal()
    }
  }

  /// Waits for the store (or the reason it could not open).
  public func wait() -> Result<MealStore, StoreError> {
    done.wait()
    return result
  }
}
