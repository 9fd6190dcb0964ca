import FoundationEssentials
import MealsCore
import MealsNet
import TerminalUI
import Translation

/// One screen's view of a TheMealDB answer.
///
/// What is shown, whether it is loading, how old it is, and the last failure. It never shows
/// an answer to a request it no longer waits for.
final class RemoteResource<Value> {
  private let remote: RemoteData
  private let request: MealDBRequest
  private let decode: (Data) throws(MealDBDecodingError) -> Value
  /// Called after the value or the state changed, on the loop's thread.
  var onChange: () -> Void = {}

  private(set) var value: Value?
  /// When the shown value was fetched (seconds since 1970).
  private(set) var fetchedAt: Double?
  /// The shown value came from the database's cache, not from TheMealDB in this session.
  private(set) var isFromCache = false
  private(set) var isLoading = false
  /// Why the last fetch failed; cleared by the next success.
  private(set) var failure: String?
  /// The fetch under way (the remote's listener, to stop listening by): a late answer is
  /// dropped by the slot.
  private var fetching = LatestAnswer<Int?>()
  private(set) var spinner = SpinnerState()

  init(
    _ request: MealDBRequest, remote: RemoteData,
    decode: @escaping (Data) throws(MealDBDecodingError) -> Value
  ) {
    self.request = request
    self.remote = remote
    self.decode = decode
  }

  deinit {
    if let listener = fetching.drop() ?? nil { remote.stopListening(listener) }
  }

  /// Shows what is known at once; fetches when nothing is, or when it is over a day old.
  func start() {
    if let known = remote.known(request, decode: decode) {
      show(known)
      if remote.isStale(known) { fetch() }
    } else {
      fetch()
    }
  }

  /// Shows a value the screen was given (a search result, whole already) as if fetched now;
  /// `r` still asks TheMealDB again.
  func seed(_ known: Value) {
    value = known
    fetchedAt = Date().timeIntervalSince1970
    isFromCache = false
    failure = nil
  }

  /// Fetches now (`r`, Enter after a failure), keeping what is shown meanwhile.
  func refresh() { fetch() }

  private func fetch() {
    if let listener = fetching.drop() ?? nil { remote.stopListening(listener) }
    isLoading = true
    spinner.start(at: remote.now())
    let ticket = fetching.ask(nil)
    fetching.asked = remote.fetch(request, decode: decode) { [weak self] result in
      guard let self, self.fetching.take(ticket) != nil else { return }
      self.finish(result)
    }
  }

  private func finish(_ result: Result<RemoteData.Loaded<Value>, NetworkError>) {
    isLoading = false
    spinner.stop()
    switch result {
    case .success(let loaded):
      show(loaded)
    case .failure(let error):
      failure = error.message
    }
    onChange()
  }

  private func show(_ loaded: RemoteData.Loaded<Value>) {
    value = loaded.value
    fetchedAt = loaded.fetchedAt
    isFromCache = !loaded.isFromThisSession
    failure = nil
  }

  /// " (cached 3 days ago)" for the header while the shown answer is an older cached one.
  func ageNote(now: Double) -> String {
    guard isFromCache, let fetchedAt else { return "" }
    let age = Age.describe(now - fetchedAt)
    return " "
      + (isLoading ? tr("(cached %s, refreshing…)") : tr("(cached %s)")).filled(age)
  }

  // MARK: - Time

  var nextDeadline: UInt64? { spinner.nextFrame }

  func tick(now: UInt64) -> Bool { spinner.tick(now: now) }
}

extension RemoteResource {
  /// The footer while nothing could be shown yet: Enter and `r` try again (or it is loading),
  /// and going back; nothing else has anything to act on.
  var helpWhileEmpty: [KeyHelp] {
    [KeyHelp(keys: "r/Enter", text: isLoading ? tr("loading…") : tr("try again")), .back]
  }
}
