import Foundation
import MealsApp
import MealsCore
import MealsNet
import MealsStore
import TerminalUI
import TestSupport
import XCTest

/// TheMealDB as the screens see it, answered by the test when it chooses.
final class FakeService: MealDBService {
  struct Search {
    var id: RequestID
    var query: String
    var completion: (Result<[Meal], NetworkError>) -> Void
  }

  private(set) var searches: [Search] = []
  private(set) var ingredientRequests: [(RequestID, (Result<[Ingredient], NetworkError>) -> Void)] =
    []
  private(set) var cancelled: Set<RequestID> = []
  private var nextID = 1

  private func makeID() -> RequestID {
    defer { nextID += 1 }
    return RequestID(nextID)
  }

  func searchMeals(named name: String, completion: @escaping (Result<[Meal], NetworkError>) -> Void)
    -> RequestID
  {
    let id = makeID()
    searches.append(Search(id: id, query: name, completion: completion))
    return id
  }

  func listIngredients(completion: @escaping (Result<[Ingredient], NetworkError>) -> Void)
    -> RequestID
  {
    let id = makeID()
    ingredientRequests.append((id, completion))
    return id
  }

  func cancel(_ id: RequestID) { cancelled.insert(id) }

  /// What `bytesReceived` reports for a request in flight.
  var bytesSoFar = 0

  func bytesReceived(_ id: RequestID) -> Int { cancelled.contains(id) ? 0 : bytesSoFar }

  /// Answers a search as the real client would: never after it was cancelled.
  func answerSearch(_ index: Int, with result: Result<[Meal], NetworkError>) {
    let search = searches[index]
    guard !cancelled.contains(search.id) else { return }
    search.completion(result)
  }

  func answerIngredients(with result: Result<[Ingredient], NetworkError>) {
    guard let (id, completion) = ingredientRequests.last, !cancelled.contains(id) else { return }
    completion(result)
  }
}

/// The whole app over a temporary database and the fake service, driven by keys.
final class AppHarness {
  let folder: TemporaryFolder
  let store: MealStore
  let service = FakeService()
  let app: MealsApplication
  var size: Size

  /// Owns (and removes at the end) its folder, unless it restarted on another harness's.
  private let ownsFolder: Bool

  /// A fresh database, or `restarting` another harness's database as a new launch would.
  init(
    size: Size = Size(width: 80, height: 24), catalogue: Bool = true,
    restarting previous: AppHarness? = nil, clock: (() -> Double)? = nil
  ) throws {
    folder = try previous?.folder ?? TemporaryFolder()
    ownsFolder = previous == nil
    store = try MealStore(path: folder.path("meals.sqlite"))
    if let clock { store.clock = clock }
    if catalogue && previous == nil {
      try store.replaceCatalogue(
        MealDBDecoder.ingredients(from: PackagePaths.fixture("ingredients.json")))
    }
    self.size = size
    app = MealsApplication(store: store, service: service)
    app.start()
  }

  deinit { if ownsFolder { folder.remove() } }

  var navigator: Navigator { app.navigator }

  func press(_ keys: Key...) {
    for key in keys { navigator.handle(key, size: size) }
  }

  func type(_ text: String) {
    for character in text { navigator.handle(.character(character), size: size) }
  }

  /// Quits as the event loop does: the key, then every screen keeps its unsaved work.
  func quit(with key: Key = .ctrl("c")) {
    press(key)
    navigator.keepUnsavedWork()
  }

  /// Lets `milliseconds` pass for debounces and spinners.
  func wait(_ milliseconds: UInt64) {
    navigator.tick(now: MonotonicClock.now() + milliseconds)
  }

  var lines: [String] { navigator.render(size: size).lines }
  var text: String { lines.joined(separator: "\n") }

  /// The fixture meals, decoded as the real client would.
  static func fixtureMeals() throws -> [Meal] {
    try MealDBDecoder.meals(from: PackagePaths.fixture("meals.json"))
  }

  static func fixtureMeal(_ name: String) throws -> Meal {
    try XCTUnwrap(try fixtureMeals().first { $0.name.contains(name) })
  }
}
