import FoundationEssentials
import MealsCore
import MealsNet
import MealsStore
import TerminalUI

/// TheMealDB's answers for the browse screens, fetched lazily and only once per session.
///
/// An answer comes from this session's memory, else from the database's cache (at once, and
/// offline too), else from the network. Bodies are kept raw and decoded by whoever asks, and
/// only a body that decodes is kept. One transfer serves every screen waiting for the same
/// request; a screen that goes away stops listening, and the answer is still kept.
public final class RemoteData {
  /// A decoded answer and where it came from.
  public struct Loaded<Value> {
    public var value: Value
    /// Seconds since 1970.
    public var fetchedAt: Double
    /// False when it came from the database's cache, not from TheMealDB in this session.
    public var isFromThisSession: Bool
  }

  /// An answer from the database's cache older than this is refreshed in the background.
  public static let freshFor = 86_400.0

  private let store: MealStore
  private let service: MealDBService
  private var session: [String: CachedAnswer] = [:]
  /// A transfer under way: who waits for it, and how to tell a body worth keeping.
  private struct Waiting {
    var isValid: (Data) -> Bool
    /// Each returns whether the body decoded (only such a body is kept).
    var listeners: [Int: (Result<(Data, Double), NetworkError>) -> Bool]
  }

  private var waiting: [String: Waiting] = [:]
  private var nextListener = 1
  /// The app's clock (the navigator's), for spinners.
  public var now: () -> UInt64 = { MonotonicClock.now() }
  /// Requests made to TheMealDB in this session, by cache key (for tests and the bench).
  public private(set) var requestCount: [String: Int] = [:]

  init(store: MealStore, service: MealDBService) {
    self.store = store
    self.service = service
  }

  // MARK: - Reading

  /// What is known without asking TheMealDB; nil when nothing is, or what is kept no longer
  /// decodes.
  public func known<Value>(
    _ request: MealDBRequest, decode: (Data) throws(MealDBDecodingError) -> Value
  ) -> Loaded<Value>? {
    guard request.isCacheable else { return nil }
    let key = request.cacheKey
    let fromSession = session[key]
    guard let answer = fromSession ?? store.cachedAnswer(for: key),
      let value = try? decode(answer.body)
    else { return nil }
    return Loaded(value: value, fetchedAt: answer.fetchedAt, isFromThisSession: fromSession != nil)
  }

  /// Whether a known answer should be fetched again in the background.
  public func isStale<Value>(_ loaded: Loaded<Value>) -> Bool {
    !loaded.isFromThisSession && store.clock() - loaded.fetchedAt > Self.freshFor
  }

  /// Forgets what this session fetched (the database's cache stays): every list is asked
  /// for again the next time it opens.
  public func forgetThisSession() {
    session = [:]
  }

  // MARK: - Fetching

  /// Asks TheMealDB, joining a transfer already under way for the same request.
  ///
  /// On success the answer is kept in memory and in the database. Returns a ticket for
  /// `stopListening`.
  @discardableResult
  public func fetch<Value>(
    _ request: MealDBRequest, decode: @escaping (Data) throws(MealDBDecodingError) -> Value,
    completion: @escaping (Result<Loaded<Value>, NetworkError>) -> Void
  ) -> Int {
    let key = request.isCacheable ? request.cacheKey : "\(request.cacheKey)#\(nextListener)"
    let ticket = nextListener
    nextListener += 1
    let listener: (Result<(Data, Double), NetworkError>) -> Bool = { result in
      switch result {
      case .failure(let error):
        completion(.failure(error))
        return false
      case .success(let (body, fetchedAt)):
        do throws(MealDBDecodingError) {
          let value = try decode(body)
          completion(.success(Loaded(value: value, fetchedAt: fetchedAt, isFromThisSession: true)))
          return true
        } catch {
          completion(.failure(NetworkError(error)))
          return false
        }
      }
    }
    if waiting[key] != nil {
      waiting[key]?.listeners[ticket] = listener
      return ticket
    }
    requestCount[request.cacheKey, default: 0] += 1
    _ = service.fetch(request) { [weak self] result in
      guard let self, let entry = self.waiting.removeValue(forKey: key) else { return }
      // Shown first, then kept (even when every screen that asked has gone: the next one
      // opens at once).
      let now = self.store.clock()
      let answer = result.map { ($0, now) }
      var decoded = false
      for (_, listener) in entry.listeners.sorted(by: { $0.key < $1.key }) {
        decoded = listener(answer) || decoded
      }
      if case .success(let body) = result,
        decoded || (entry.listeners.isEmpty && entry.isValid(body))
      {
        self.keep(body, for: request)
      }
    }
    waiting[key] = Waiting(isValid: { (try? decode($0)) != nil }, listeners: [ticket: listener])
    return ticket
  }

  /// The screen that asked is gone or asks again: its completion will not run.
  ///
  /// The transfer goes on for the others, or to fill the cache.
  public func stopListening(_ ticket: Int) {
    for key in waiting.keys { waiting[key]?.listeners.removeValue(forKey: ticket) }
  }

  /// Keeps a body that decoded, in memory and in the database.
  private func keep(_ body: Data, for request: MealDBRequest) {
    guard request.isCacheable else { return }
    let key = request.cacheKey
    if session[key]?.body == body { return }
    session[key] = CachedAnswer(body: body, fetchedAt: store.clock())
    try? store.keepAnswer(body, for: key)  // a full disk costs only the offline copy
  }
}
