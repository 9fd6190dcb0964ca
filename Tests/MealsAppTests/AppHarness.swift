import Files
import Fixtures
import Foundation
import MealsApp
import MealsCore
import MealsLaunch
import MealsNet
import MealsStore
import TerminalUI
import TestSupport
import XCTest

@testable import MealsCLI

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

  /// A browse request made through `fetch`, waiting for the test to answer it.
  struct Fetch {
    var id: RequestID
    var request: MealDBRequest
    var completion: (Result<Data, NetworkError>) -> Void
    var answered = false
  }

  private(set) var fetches: [Fetch] = []
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

  func fetch(_ request: MealDBRequest, completion: @escaping (Result<Data, NetworkError>) -> Void)
    -> RequestID
  {
    let id = makeID()
    fetches.append(Fetch(id: id, request: request, completion: completion))
    return id
  }

  /// A picture asked for, waiting for the test to answer it.
  struct PictureFetch {
    var id: RequestID
    var url: String
    var completion: (Result<Data, NetworkError>) -> Void
    var answered = false
  }

  private(set) var pictureFetches: [PictureFetch] = []

  func fetchPicture(_ url: String, completion: @escaping (Result<Data, NetworkError>) -> Void)
    -> RequestID
  {
    let id = makeID()
    pictureFetches.append(PictureFetch(id: id, url: url, completion: completion))
    return id
  }

  /// Answers the oldest open picture request for `url` (with the fixture meal photo unless
  /// told otherwise); false when none was waiting.
  @discardableResult
  func answerPicture(_ url: String, with result: Result<Data, NetworkError>? = nil) -> Bool {
    guard
      let index = pictureFetches.firstIndex(where: {
        $0.url == url && !$0.answered && !cancelled.contains($0.id)
      })
    else { return false }
    pictureFetches[index].answered = true
    let photo = (try? PackagePaths.fixture("pictures/meal.jpg")) ?? Data()
    pictureFetches[index].completion(result ?? .success(photo))
    return true
  }

  /// Picture requests still open (asked, not answered, not cancelled).
  var openPictureURLs: [String] {
    pictureFetches.filter { !$0.answered && !cancelled.contains($0.id) }.map(\.url)
  }

  /// A web page asked for (Import from a link), waiting for the test to answer it.
  struct PageFetch {
    var id: RequestID
    var url: String
    var completion: (Result<HTTPClient.Response, NetworkError>) -> Void
  }

  private(set) var pageFetches: [PageFetch] = []

  func fetchPage(
    _ url: String, completion: @escaping (Result<HTTPClient.Response, NetworkError>) -> Void
  ) -> RequestID {
    let id = makeID()
    pageFetches.append(PageFetch(id: id, url: url, completion: completion))
    return id
  }

  /// Answers the last page request (unless it was cancelled) with `html`, or a failure.
  func answerPage(
    html: String? = nil, failure: NetworkError? = nil,
    contentType: String = "text/html; charset=utf-8"
  ) {
    guard let fetch = pageFetches.last, !cancelled.contains(fetch.id) else { return }
    if let failure { return fetch.completion(.failure(failure)) }
    fetch.completion(
      .success(
        HTTPClient.Response(
          body: Data((html ?? "").utf8), contentType: contentType, address: fetch.url)))
  }

  /// Requests made for `request` so far.
  func fetchCount(_ request: MealDBRequest) -> Int {
    fetches.filter { $0.request == request }.count
  }

  /// Answers the oldest open fetch of `request`, with `result` or else as the server would.
  ///
  /// Returns false when none was waiting.
  @discardableResult
  func answer(_ request: MealDBRequest, with result: Result<Data, NetworkError>? = nil) -> Bool {
    guard
      let index = fetches.firstIndex(where: {
        $0.request == request && !$0.answered && !cancelled.contains($0.id)
      })
    else { return false }
    fetches[index].answered = true
    fetches[index].completion(result ?? .success(Self.fixtureBody(for: request)))
    return true
  }

  /// TheMealDB's answer to a browse request, made from the project's fixtures.
  static func fixtureBody(for request: MealDBRequest) -> Data {
    func json(_ object: Any) -> Data {
      (try? JSONSerialization.data(withJSONObject: object)) ?? Data()
    }
    guard
      let data = try? PackagePaths.fixture("meals.json"),
      let top = try? JSONSerialization.jsonObject(with: data) as? [String: Any],
      let meals = top["meals"] as? [[String: Any]]
    else { return Data() }
    func listing(_ meal: [String: Any]) -> [String: Any] {
      [
        "strMeal": meal["strMeal"] ?? "", "strMealThumb": meal["strMealThumb"] ?? "",
        "idMeal": meal["idMeal"] ?? "",
      ]
    }
    func found(_ list: [[String: Any]]) -> Data {
      json(["meals": list.isEmpty ? NSNull() as Any : list as Any])
    }
    switch request {
    case .categories:
      return (try? PackagePaths.fixture("categories.json")) ?? Data()
    case .areas:
      let areas = Set(meals.compactMap { $0["strArea"] as? String }).sorted()
      return json(["meals": areas.map { ["strArea": $0] }])
    case .filter(let kind, let value):
      let wanted = value.lowercased()
      let matching = meals.filter { meal in
        switch kind {
        case .category: (meal["strCategory"] as? String)?.lowercased() == wanted
        case .area: (meal["strArea"] as? String)?.lowercased() == wanted
        case .ingredient:
          (1...20).contains {
            (meal["strIngredient\($0)"] as? String)?.trimmingCharacters(in: .whitespaces)
              .lowercased() == wanted
          }
        }
      }
      return found(matching.map(listing))
    case .lookup(let id):
      return found(meals.filter { $0["idMeal"] as? String == id })
    case .random:
      return found(Array(meals.prefix(1)))
    }
  }

  func cancel(_ id: RequestID) { cancelled.insert(id) }

  /// What `bytesReceived` reports for a request in flight.
  var bytesSoFar = 0

  func bytesReceived(_ id: RequestID) -> Int { cancelled.contains(id) ? 0 : bytesSoFar }

  /// What `expectedBytes` reports (nil: the server announced no size).
  var expected: Int?

  func expectedBytes(_ id: RequestID) -> Int? { expected }

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
    restarting previous: AppHarness? = nil, clock: (() -> Double)? = nil,
    pictures: PictureMode = .off, readOnly: Bool = false, databaseAt path: String? = nil
  ) throws {
    let folder = try previous?.folder ?? TemporaryFolder()
    self.folder = folder
    ownsFolder = previous == nil
    do {
      store = try MealStore(path: path ?? folder.path("meals.sqlite"), readOnly: readOnly)
    } catch {
      // No harness, so no deinit: its folder goes now.
      if previous == nil { folder.remove() }
      throw error
    }
    if let clock { store.clock = clock }
    if catalogue && previous == nil && path == nil {
      try store.replaceCatalogue(
        MealDBDecoder.ingredients(from: PackagePaths.fixture("ingredients.json")))
    }
    self.size = size
    app = MealsApplication(
      store: store, service: service, pictures: pictures,
      pictureCache: pictures == .off ? nil : PictureCache(folder: folder.path("pictures")))
    // The app reads this clock, which only `wait` moves: timers and bars are exact.
    let clock = self.clock
    app.navigator.now = { clock.now }
    if readOnly { app.navigator.headerMark = "read-only" }  // as main.swift does
    app.start()
  }

  /// The harness's clock, in milliseconds; only `wait` moves it.
  final class Clock: @unchecked Sendable {
    var now: UInt64 = 1_000_000
  }

  let clock = Clock()

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

  /// Lets `milliseconds` pass for debounces, spinners, bars and kept drafts.
  func wait(_ milliseconds: UInt64) {
    clock.now += milliseconds
    navigator.tick(now: clock.now)
  }

  var lines: [String] { settledFrame().lines }
  /// The whole frame, cells and styles.
  var canvas: Canvas { settledFrame() }

  /// A frame after the workers have finished what the frames ask of them (a drawing is asked
  /// for by the first frame that shows it, and ready for the next; counts come back).
  private func settledFrame() -> Canvas {
    let workers = app.context.workers
    for worker in workers { worker.finishAll() }
    var frame = drawn()
    while workers.contains(where: \.isBusy) {
      for worker in workers { worker.finishAll() }
      frame = drawn()
    }
    return frame
  }

  /// A frame, checking on the way that drawing it read nothing from the database: what a
  /// frame shows is read in the update step before it (`Navigator.prepare`).
  private func drawn() -> Canvas {
    navigator.prepare(size: size)
    let reads = store.statementsRun
    let frame = navigator.render(size: size)
    if store.statementsRun != reads {
      XCTFail(
        "drawing \(navigator.top.map { String(describing: Swift.type(of: $0)) } ?? "nothing") ran "
          + "\(store.statementsRun - reads) statements, the last: \(store.lastStatementText)")
    }
    return frame
  }
  var text: String { lines.joined(separator: "\n") }

  /// Saves `meal` as the editor would; returns its id.
  @discardableResult
  func save(_ meal: Meal) throws -> Int64 {
    var draft = MealDraft(of: nil)
    draft.meal = meal
    return try store.commit(draft)
  }

  /// The fixture meals, decoded as the real client would.
  static func fixtureMeals() throws -> [Meal] {
    try MealDBDecoder.meals(from: PackagePaths.fixture("meals.json"))
  }

  static func fixtureMeal(_ name: String) throws -> Meal {
    try XCTUnwrap(try fixtureMeals().first { $0.name.contains(name) })
  }
}
