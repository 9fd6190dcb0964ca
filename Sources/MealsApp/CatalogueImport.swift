import MealsCore
import MealsNet
import MealsStore
import TerminalUI
import Translation

/// The first-launch import of TheMealDB's ingredient list, run inside the loop.
///
/// Runs only when the catalogue is empty; stores all or nothing. A failure is said once (the
/// database remembers that it was), then tried again quietly — a minute later, then less and
/// less often while the app runs, and at each launch — until it works, which is said; Ctrl-R in
/// Add Ingredient tries at once, out loud.
public final class CatalogueImport {
  public enum State: Equatable {
    case idle
    case running
    case failed(String)
    case done(Int)
  }

  public private(set) var state = State.idle
  private let store: MealStore
  private let service: MealDBService
  private unowned let navigator: Navigator
  private var request: RequestID?
  /// The attempt under way shows its progress and its failure (the user asked, or no failure
  /// was said yet).
  private var loud = true
  /// When the next quiet attempt is due, after a failure; and the wait after that one.
  private var retryAt: UInt64?
  private var retryDelay = CatalogueImport.firstRetryDelay

  static let firstRetryDelay: UInt64 = 60_000
  static let longestRetryDelay: UInt64 = 15 * 60_000
  /// The setting that remembers a failure was said, so the next launches do not say it again.
  static let failureSaidKey = "catalogue-failure-said"

  init(store: MealStore, service: MealDBService, navigator: Navigator) {
    self.store = store
    self.service = service
    self.navigator = navigator
  }

  /// Starts the import if the catalogue is empty and none is running; `asked`: the user asked
  /// (Ctrl-R), so it is said how it goes even after a failure was said.
  public func startIfNeeded(asked: Bool = false) {
    // Read-only: the catalogue cannot be stored; the picker offers what the file has.
    guard state != .running, !store.isReadOnly else { return }
    do {
      guard try store.isCatalogueEmpty() else { return }
    } catch {
      navigator.showError(error.message)
      return
    }
    state = .running
    retryAt = nil
    loud = asked || store.setting(Self.failureSaidKey) != "1"
    if loud { navigator.showProgress(Self.message, fraction: nil, detail: "0 KB") }
    request = service.listIngredients { [weak self] result in
      self?.finish(result)
    }
  }

  /// Refreshes the progress on the status line while the import runs: a bar of the bytes
  /// received against the size announced, or a moving bar when none was.
  public func showProgress() {
    guard state == .running, loud, let request else { return }
    let received = service.bytesReceived(request)
    if let expected = service.expectedBytes(request), expected > 0 {
      let fraction = min(1, Double(received) / Double(expected))
      navigator.showProgress(
        Self.message, fraction: fraction, detail: "\(Int((fraction * 100).rounded(.down)))%")
    } else {
      navigator.showProgress(Self.message, fraction: nil, detail: "\(received / 1024) KB")
    }
  }

  static var message: String { tr("Importing the ingredient list from TheMealDB") }

  /// While the import runs, the progress is read this often.
  public static let progressInterval: UInt64 = 100

  private func finish(_ result: Result<[Ingredient], NetworkError>) {
    request = nil
    switch result {
    case .success(let ingredients) where ingredients.isEmpty:
      fail(tr("TheMealDB sent an empty ingredient list"))
    case .success(let ingredients):
      do {
        try store.replaceCatalogue(ingredients)
        try? store.setSetting(Self.failureSaidKey, to: "0")
        let count = store.ingredientCount
        state = .done(count)
        navigator.showInfo(
          trn(
            "Imported %d ingredient from TheMealDB.", "Imported %d ingredients from TheMealDB.",
            count))
      } catch {
        fail(error.message)
      }
    case .failure(let error):
      fail(error.message)
    }
  }

  /// Records the failure, says it when the attempt is loud, and plans a quiet retry.
  private func fail(_ message: String) {
    state = .failed(message)
    retryAt = navigator.now() + retryDelay
    retryDelay = min(Self.longestRetryDelay, retryDelay * 2)
    guard loud else { return }
    navigator.showError(tr("Ingredient list not imported: %s").filled(message))
    try? store.setSetting(Self.failureSaidKey, to: "1")
  }

  /// A quiet attempt, when one is due (the app's timers ask).
  func retryIfDue(now: UInt64) {
    guard let retryAt, now >= retryAt else { return }
    startIfNeeded()
  }
}
