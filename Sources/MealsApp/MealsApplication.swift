import MealsNet
import MealsStore
import TerminalUI

/// The assembled app: the navigator with My Meals at the root, over the store and TheMealDB.
public final class MealsApplication {
  public let context: AppContext
  public let root: MyMealsScreen

  public init(store: MealStore, service: MealDBService) {
    let navigator = Navigator()
    context = AppContext(navigator: navigator, store: store, service: service)
    root = MyMealsScreen(context: context)
    navigator.push(root)
  }

  public var navigator: Navigator { context.navigator }

  /// First-launch work: import the ingredient catalogue when the table is empty.
  public func start() {
    context.catalogue.startIfNeeded()
  }
}

/// Lets the event loop wait on the keyboard and every HTTP transfer at once.
public final class NetworkWaiter: Waiter {
  private let http: HTTPClient

  public init(http: HTTPClient) {
    self.http = http
  }

  public func wait(for descriptors: [Int32], timeoutMilliseconds: Int) -> Set<Int32> {
    http.wait(for: descriptors, timeoutMilliseconds: timeoutMilliseconds)
  }
}
