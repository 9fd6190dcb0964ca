import MealsStore
import TerminalUI

/// The app's own timers, whatever screen is on top: commits by another `meals` on the same file
/// are looked for twice a second, and the first-launch import shows its progress ten times a
/// second while it runs (and is tried again, quietly, when a retry is due).
final class AppTimers: Ticker {
  /// The app that owns the navigator that owns this: never outlived.
  private unowned let context: AppContext
  private var lastPoll: UInt64 = 0
  static let pollInterval: UInt64 = 500

  init(context: AppContext) {
    self.context = context
  }

  private var interval: UInt64 {
    context.catalogue.state == .running ? CatalogueImport.progressInterval : Self.pollInterval
  }

  var nextDeadline: UInt64? { lastPoll + interval }

  func tick(now: UInt64) -> Bool {
    guard now >= lastPoll + interval else { return false }
    lastPoll = now
    context.catalogue.retryIfDue(now: now)
    context.catalogue.showProgress()
    return context.store.checkForExternalChanges()
  }
}
