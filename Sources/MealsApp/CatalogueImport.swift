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
    guard state != .running else { return }
    do {
      guard try store.isCatalogueEmpty() else { return }
    } catch {
      navigator.showError(error.message)
      return
    }
    state = .running
    navigator.showInfo("Importing the ingredient list from TheMealDB…")
    request = service.listIngredients { [weak self] result in
      self?.finish(result)
    }
  }

  /// Refreshes the progress on the status line while the import runs (bytes received so far).
  public func showProgress() {
    guard state == .running, let request else { return }
    let kilobytes = service.bytesReceived(request) / 1024
    guard kilobytes > 0 else { return }
    navigator.showInfo("Importing the ingredient list from TheMealDB… \(kilobytes) KB received")
  }

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
