import MealsStore
import TerminalUI
import Translation

/// Changes that met another program's write lock: tried again, in order, for up to 10 s while
/// keys keep working, then given up with the message (the change not made, so it can be redone).
///
/// A change is a store write together with what the screen does once it lands, so the screen
/// shows it done only when it is; until then the status line says what it waits for.
final class PendingWrites: Ticker {
  private struct Change {
    let attempt: () throws(StoreError) -> Void
    let failed: (StoreError) -> Void
    let since: UInt64
  }

  /// How long a change waits for the lock before it is given up.
  static let patience: UInt64 = 10_000
  /// How long one try waits for the lock (SQLite's busy timeout on the app's connection): short,
  /// as it holds up the loop.
  static let lockWait: Int32 = 25
  /// How often a waiting change is tried again (each try waits the store's busy timeout).
  static let retryInterval: UInt64 = 250
  static var waitingText: String { tr("Waiting for another meals to finish writing…") }

  private unowned let navigator: Navigator
  private var queue: [Change] = []
  private var lastTry: UInt64 = 0

  init(navigator: Navigator) {
    self.navigator = navigator
  }

  /// True while a change waits for the lock.
  var isWaiting: Bool { !queue.isEmpty }

  /// What became of a change at once.
  enum Outcome {
    case made
    /// Another program holds the lock: it is tried again, and `failed` hears if it never lands.
    case waiting
    /// Refused at once (the caller says why; `failed` is not called).
    case refused(StoreError)
  }

  /// Runs `attempt` now, or after the changes already waiting (order is kept); `failed` hears
  /// an error met by a change that waited (another error, or a lock that outlasts the patience).
  @discardableResult
  func perform(
    _ attempt: @escaping () throws(StoreError) -> Void,
    failed: ((StoreError) -> Void)? = nil
  ) -> Outcome {
    let failed = failed ?? { [weak navigator] in navigator?.showError($0.message) }
    let now = navigator.now()
    if queue.isEmpty {
      do {
        try attempt()
        return .made
      } catch  where error.kind == .busy {
        lastTry = now
      } catch {
        return .refused(error)
      }
    }
    queue.append(Change(attempt: attempt, failed: failed, since: now))
    showWaiting(now: now)
    return .waiting
  }

  var nextDeadline: UInt64? { queue.isEmpty ? nil : lastTry + Self.retryInterval }

  func tick(now: UInt64) -> Bool {
    guard !queue.isEmpty, now >= lastTry + Self.retryInterval else { return false }
    lastTry = now
    while let change = queue.first {
      do {
        try change.attempt()
        queue.removeFirst()
      } catch  where error.kind == .busy && now < change.since + Self.patience {
        showWaiting(now: now)
        return true
      } catch {
        queue.removeFirst()
        change.failed(
          error.kind == .busy
            ? StoreError(
              .busy,
              tr("Busy in another program for %d s; nothing was saved. Try again.").filled(
                String(Self.patience / 1000)))
            : error)
      }
    }
    // Landed: the change's own message replaced the waiting one, or the waiting one goes.
    if navigator.status?.text == Self.waitingText { navigator.clearStatus() }
    return true
  }

  /// At quit: each waiting change is tried once more (the caller lets the store wait longer for
  /// the lock); returns the messages of those that still could not be made.
  func landAll() -> [String] {
    var failures: [String] = []
    while let change = queue.first {
      queue.removeFirst()
      do {
        try change.attempt()
      } catch {
        failures.append(error.message)
      }
    }
    return failures
  }

  /// The waiting line, with a bar that fills as the patience runs out.
  private func showWaiting(now: UInt64) {
    guard let first = queue.first else { return }
    let waited = now - first.since
    let left = (Self.patience - min(waited, Self.patience) + 999) / 1000
    let count = queue.count > 1 ? trn("%d change", "%d changes", queue.count) + " · " : ""
    navigator.showProgress(
      Self.waitingText, fraction: Double(waited) / Double(Self.patience),
      detail: "\(count)\(left) s", appWide: true)
  }
}
