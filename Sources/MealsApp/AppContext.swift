import MealsNet
import MealsStore
import TerminalUI

/// What every screen shares: the navigator, the persistence controller, TheMealDB, and the
/// catalogue import.
public final class AppContext {
  public let navigator: Navigator
  public let store: MealStore
  public let service: MealDBService
  public let catalogue: CatalogueImport

  public init(navigator: Navigator, store: MealStore, service: MealDBService) {
    self.navigator = navigator
    self.store = store
    self.service = service
    self.catalogue = CatalogueImport(store: store, service: service, navigator: navigator)
  }

  /// Rows between the header and the status line.
  public var bodyHeight: Int { max(1, navigator.size.height - 3) }
  public var bodyWidth: Int { max(1, navigator.size.width) }
}
