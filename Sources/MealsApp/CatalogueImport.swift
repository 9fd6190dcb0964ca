import MealsCore
import MealsNet
import MealsStore
import TerminalUI

/// The first-launch import of TheMealDB's ingredient list, run inside the loop.
///
/// Runs only when the catalogue is empty; stores all or nothing; on failure leaves a message
/// and is tried again on the next launch (or on request from Add Ingredient).
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

  init(store: MealStore, service: MealDBService, navigator: Navigator) {
    self.store = store
    self.service = service
    self.navigator = navigator
  }

  /// Starts the import if the catalogue is empty and none is running.
  public func startIfNeeded() {
    // Read-only: the catalogue cannot be stored; the picker offers what the file has.
    guard state != .running, !store.isReadOnly else { return }
    do {
      guard try store.isCatalogueEmpty() else { return }
    } catch {
      navigator.showError(error.message)
      return
    }
    state = .running
    navigator.showProgress(Self.message, fraction: nil, detail: "0 KB")
    request = service.listIngredients { [weak self] result in
      self?.finish(result)
    }
  }

  /// Refreshes the progress on the status line while the import runs: a bar of the bytes
  /// received against the size announced, or a moving bar when none was.
  public func showProgress() {
    guard state == .running, let request else { return }
    let received = service.bytesReceived(request)
    if let expected = service.expectedBytes(request), expected > 0 {
      let fraction = min(1, Double(received) / Double(expected))
      navigator.showProgress(
        Self.message, fraction: fraction, detail: "\(Int((fraction * 100).rounded(.down)))%")
    } else {
      navigator.showProgress(Self.message, fraction: nil, detail: "\(received / 1024) KB")
    }
  }

  static let message = "Importing the ingredient list from TheMealDB"

  /// While the import runs, the progress is read this often.
  public static let progressInterval: UInt64 = 100

  private func finish(_ result: Result<[Ingredient], NetworkError>) {
    request = nil
    switch result {
    case .success(let ingredients) where ingredients.isEmpty:
      fail("TheMealDB sent an empty ingredient list")
    case .success(let ingredients):
      do {
        try store.replaceCatalogue(ingredients)
        let count = store.ingredientCount
        state = .done(count)
        navigator.showInfo(
          "Imported \(count == 1 ? "1 ingredient" : "\(count) ingredients") from TheMealDB.")
      } catch {
        fail(error.message)
      }
    case .failure(let error):
      fail(error.message)
    }
  }

  /// Records the failure; the next launch (or Ctrl-R in Add Ingredient) tries again.
  private func fail(_ message: String) {
    state = .failed(message)
    navigator.showError("Ingredient list not imported: \(message)")
  }
}
