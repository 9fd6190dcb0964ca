import CCurl
import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#endif

/// Identifies a request so it can be cancelled; a cancelled request never completes.
public struct RequestID: Hashable, Sendable {
  public let value: Int
  public init(_ value: Int) { self.value = value }
}

/// HTTP GET over libcurl's multi interface, driven by the app's one loop.
///
/// `wait(for:timeoutMilliseconds:)` waits in `curl_multi_poll` on every transfer and the given
/// descriptors (the keyboard) at once, then lets curl progress and calls the completions of
/// finished transfers on this same thread. Only this file touches curl, and only from the first
/// request on: until then libcurl is not even loaded (`ccurl_load`), and waiting is `poll`.
public final class HTTPClient {
  public struct Configuration: Sendable {
    public var connectTimeoutMilliseconds = 5_000
    public var totalTimeoutMilliseconds = 20_000
    public var maximumBodyBytes = 4 * 1_048_576
    public var userAgent = "meals/\(MealsVersion.current) (+terminal recipe book)"

    public init() {}
  }

  /// A response: its body, what the server said it is, and where it came from in the end
  /// (after redirects).
  public struct Response: Sendable {
    public var body: Data
    public var contentType: String?
    public var address: String

    public init(body: Data, contentType: String?, address: String) {
      self.body = body
      self.contentType = contentType
      self.address = address
    }
  }

  /// One transfer in flight; curl's write callback gets it as its context pointer.
  final class Transfer {
    let id: RequestID
    let easy: UnsafeMutableRawPointer
    let url: String
    let limit: Int
    var body = Data()
    var exceededLimit = false
    /// Extra request headers (`Accept`), freed with the transfer.
    var headers: UnsafeMutablePointer<curl_slist>?
    let completion: (Result<Response, NetworkError>) -> Void

    init(
      id: RequestID, easy: UnsafeMutableRawPointer, url: String, limit: Int,
      completion: @escaping (Result<Response, NetworkError>) -> Void
    ) {
      self.id = id
      self.easy = easy
      self.url = url
      self.limit = limit
      self.completion = completion
    }
  }

  public let configuration: Configuration
  /// curl's multi handle, made by the first request (nil before, or when libcurl is missing).
  private var multi: UnsafeMutableRawPointer?
  private var transfers: [RequestID: Transfer] = [:]
  private var nextID = 1

  public init(configuration: Configuration = Configuration()) throws(NetworkError) {
    self.configuration = configuration
  }

  deinit {
    for transfer in transfers.values { remove(transfer) }
    if let multi { ccurl_multi_cleanup(multi) }
  }

  /// The multi handle, loading libcurl the first time; why not, in words, when it cannot be.
  private func loadedMulti() -> Result<UnsafeMutableRawPointer, NetworkError> {
    if let multi { return .success(multi) }
    var error = [CChar](repeating: 0, count: 256)
    guard ccurl_load(&error, error.count) == 1 else {
      return .failure(
        .other(String(decoding: error.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self)))
    }
    guard let made = ccurl_multi_init() else {
      return .failure(.other("libcurl could not start a transfer"))
    }
    multi = made
    return .success(made)
  }

  /// Transfers in flight.
  public var activeCount: Int { transfers.count }

  /// Bytes received so far by a request, for progress display.
  public func bytesReceived(_ id: RequestID) -> Int { transfers[id]?.body.count ?? 0 }

  /// The size the server announced (Content-Length), once known; nil when it sent none.
  public func expectedBytes(_ id: RequestID) -> Int? {
    guard let transfer = transfers[id] else { return nil }
    var length: curl_off_t = -1
    _ = ccurl_easy_getinfo_off_t(transfer.easy, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &length)
    return length > 0 ? Int(length) : nil
  }

  // MARK: - Requests

  /// Starts a GET; `completion` runs later, inside `wait`, unless the request is cancelled.
  @discardableResult
  public func get(
    _ url: String, limit: Int? = nil, completion: @escaping (Result<Data, NetworkError>) -> Void
  ) -> RequestID {
    fetch(url, limit: limit) { completion($0.map(\.body)) }
  }

  /// Starts a GET that reports the whole response; `accept` is the `Accept` header to send.
  @discardableResult
  public func fetch(
    _ url: String, limit: Int? = nil, accept: String? = nil,
    completion: @escaping (Result<Response, NetworkError>) -> Void
  ) -> RequestID {
    let id = RequestID(nextID)
    nextID += 1
    guard url.hasPrefix("http://") || url.hasPrefix("https://") else {
      pendingFailures.append((id, .badURL(url), completion))
      return id
    }
    let multi: UnsafeMutableRawPointer
    switch loadedMulti() {
    case .success(let loaded): multi = loaded
    case .failure(let error):
      pendingFailures.append((id, error, completion))
      return id
    }
    guard let easy = ccurl_easy_init() else {
      pendingFailures.append((id, .other("libcurl could not start a transfer"), completion))
      return id
    }
    let transfer = Transfer(
      id: id, easy: easy, url: url, limit: limit ?? configuration.maximumBodyBytes,
      completion: completion)
    configure(easy, url: url, context: Unmanaged.passUnretained(transfer).toOpaque())
    if let accept {
      transfer.headers = ccurl_slist_append(nil, "Accept: \(accept)")
      _ = ccurl_easy_setopt_pointer(easy, CURLOPT_HTTPHEADER, transfer.headers)
    }
    transfers[id] = transfer
    ccurl_multi_add_handle(multi, easy)
    // Send it now (on a kept-alive connection this writes the request), so the server works
    // while the app draws its loading frame; anything finished waits for `wait` to deliver.
    var running: Int32 = 0
    ccurl_multi_perform(multi, &running)
    return id
  }

  /// Failures known before any transfer started; delivered on the next `wait` like any result.
  private var pendingFailures:
    [(RequestID, NetworkError, (Result<Response, NetworkError>) -> Void)] =
      []

  /// Stops a request; its completion will never run.
  public func cancel(_ id: RequestID) {
    pendingFailures.removeAll { $0.0 == id }
    guard let transfer = transfers.removeValue(forKey: id) else { return }
    remove(transfer)
  }

  private func remove(_ transfer: Transfer) {
    if let multi { ccurl_multi_remove_handle(multi, transfer.easy) }
    ccurl_easy_cleanup(transfer.easy)
    if let headers = transfer.headers {
      ccurl_slist_free_all(headers)
      transfer.headers = nil
    }
  }

  private func configure(
    _ easy: UnsafeMutableRawPointer, url: String, context: UnsafeMutableRawPointer
  ) {
    _ = ccurl_easy_setopt_string(easy, CURLOPT_URL, url)
    _ = ccurl_easy_setopt_long(easy, CURLOPT_NOSIGNAL, 1)
    _ = ccurl_easy_setopt_long(
      easy, CURLOPT_CONNECTTIMEOUT_MS, configuration.connectTimeoutMilliseconds)
    _ = ccurl_easy_setopt_long(easy, CURLOPT_TIMEOUT_MS, configuration.totalTimeoutMilliseconds)
    _ = ccurl_easy_setopt_off_t(
      easy, CURLOPT_MAXFILESIZE_LARGE, curl_off_t(configuration.maximumBodyBytes))
    _ = ccurl_easy_setopt_string(easy, CURLOPT_ACCEPT_ENCODING, "")
    _ = ccurl_easy_setopt_string(easy, CURLOPT_USERAGENT, configuration.userAgent)
    _ = ccurl_easy_setopt_long(easy, CURLOPT_FOLLOWLOCATION, 1)
    _ = ccurl_easy_setopt_long(easy, CURLOPT_MAXREDIRS, 5)
    _ = ccurl_easy_setopt_long(easy, CURLOPT_SSL_VERIFYPEER, 1)
    _ = ccurl_easy_setopt_long(easy, CURLOPT_SSL_VERIFYHOST, 2)
    _ = ccurl_easy_setopt_long(easy, CURLOPT_PROTOCOLS, Int(CURLPROTO_HTTP | CURLPROTO_HTTPS))
    _ = ccurl_easy_setopt_pointer(easy, CURLOPT_WRITEDATA, context)
    _ = ccurl_easy_setopt_write_function(easy) { data, size, count, context in
      let bytes = size * count
      guard let data, let context else { return 0 }
      let transfer = Unmanaged<Transfer>.fromOpaque(context).takeUnretainedValue()
      // CURLOPT_MAXFILESIZE does not cover chunked bodies: stop here too.
      if transfer.body.count + bytes > transfer.limit {
        transfer.exceededLimit = true
        return 0
      }
      transfer.body.append(UnsafeRawPointer(data).assumingMemoryBound(to: UInt8.self), count: bytes)
      return bytes
    }
  }

  // MARK: - The loop's wait

  /// Waits on transfers and `descriptors` together, then delivers finished transfers.
  public func wait(for descriptors: [Int32], timeoutMilliseconds: Int) -> Set<Int32> {
    if !pendingFailures.isEmpty {
      let failures = pendingFailures
      pendingFailures = []
      for (_, error, completion) in failures { completion(.failure(error)) }
      return []
    }
    // Before the first request libcurl is not loaded: the descriptors alone, with poll.
    guard let multi else { return Self.poll(descriptors, timeoutMilliseconds) }
    var timeout = timeoutMilliseconds
    var running: Int32 = 0
    if !transfers.isEmpty {
      // Start new transfers now (a fresh handle has no socket to wait on yet).
      ccurl_multi_perform(multi, &running)
      if deliverFinished() { timeout = 0 }
      var curlTimeout = -1
      ccurl_multi_timeout(multi, &curlTimeout)
      if curlTimeout >= 0 { timeout = min(timeout, curlTimeout) }
    }
    var waits = descriptors.filter { $0 >= 0 }.map {
      curl_waitfd(fd: $0, events: Int16(CURL_WAIT_POLLIN), revents: 0)
    }
    var count: Int32 = 0
    _ = waits.withUnsafeMutableBufferPointer { buffer in
      ccurl_multi_poll(
        multi, buffer.baseAddress, UInt32(buffer.count), Int32(clamping: timeout), &count)
    }
    if !transfers.isEmpty {
      ccurl_multi_perform(multi, &running)
      deliverFinished()
    }
    return Set(waits.filter { $0.revents != 0 }.map(\.fd))
  }

  /// Waits with poll(2) alone until one of `descriptors` is readable or the time is up.
  private static func poll(_ descriptors: [Int32], _ timeout: Int) -> Set<Int32> {
    var fds = descriptors.filter { $0 >= 0 }.map {
      pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
    }
    guard Glibc.poll(&fds, nfds_t(fds.count), Int32(clamping: timeout)) > 0 else { return [] }
    return Set(fds.filter { $0.revents != 0 }.map(\.fd))
  }

  /// Runs the loop until `id` has finished (for tests, tools and the benchmark).
  public func waitUntilDone(_ id: RequestID, timeoutMilliseconds: Int = 60_000) {
    let deadline = Date().addingTimeInterval(Double(timeoutMilliseconds) / 1000)
    while (transfers[id] != nil || pendingFailures.contains { $0.0 == id }) && Date() < deadline {
      _ = wait(for: [], timeoutMilliseconds: 100)
    }
  }

  /// A string curl knows of a transfer (it owns it: copied here).
  private func info(_ easy: UnsafeMutableRawPointer, _ what: CURLINFO) -> String? {
    var value: UnsafePointer<CChar>?
    guard ccurl_easy_getinfo_string(easy, what, &value) == CURLE_OK, let value else { return nil }
    return String(cString: value)
  }

  /// Calls the completions of finished transfers; true if there were any.
  @discardableResult
  private func deliverFinished() -> Bool {
    var queued: Int32 = 0
    var finished: [(Transfer, Result<Response, NetworkError>)] = []
    while let message = ccurl_multi_info_read(multi, &queued) {
      var easy: UnsafeMutableRawPointer?
      var code = CURLE_OK
      guard ccurl_message_done(message, &easy, &code) == 1, let easy else { continue }
      guard let transfer = transfers.values.first(where: { $0.easy == easy }) else { continue }
      finished.append((transfer, result(of: transfer, code: code)))
    }
    for (transfer, _) in finished {
      transfers.removeValue(forKey: transfer.id)
      remove(transfer)
    }
    for (transfer, result) in finished { transfer.completion(result) }
    return !finished.isEmpty
  }

  private func result(of transfer: Transfer, code: CURLcode) -> Result<Response, NetworkError> {
    let host = URLComponents(string: transfer.url)?.host ?? transfer.url
    switch code {
    case CURLE_OK:
      var status = 0
      _ = ccurl_easy_getinfo_long(transfer.easy, CURLINFO_RESPONSE_CODE, &status)
      if status >= 400 || status < 100 { return .failure(.httpStatus(status)) }
      return .success(
        Response(
          body: transfer.body, contentType: info(transfer.easy, CURLINFO_CONTENT_TYPE),
          address: info(transfer.easy, CURLINFO_EFFECTIVE_URL) ?? transfer.url))
    case CURLE_WRITE_ERROR where transfer.exceededLimit, CURLE_FILESIZE_EXCEEDED:
      return .failure(.bodyTooLarge(transfer.limit))
    case CURLE_COULDNT_RESOLVE_HOST, CURLE_COULDNT_RESOLVE_PROXY:
      return .failure(.cannotResolve(host))
    case CURLE_COULDNT_CONNECT:
      return .failure(.cannotConnect(host))
    case CURLE_OPERATION_TIMEDOUT:
      return .failure(.timedOut)
    case CURLE_RECV_ERROR, CURLE_SEND_ERROR, CURLE_GOT_NOTHING, CURLE_PARTIAL_FILE:
      return .failure(.connectionLost)
    case CURLE_SSL_CONNECT_ERROR, CURLE_PEER_FAILED_VERIFICATION, CURLE_SSL_CERTPROBLEM,
      CURLE_SSL_CACERT_BADFILE:
      return .failure(.secureConnectionFailed(String(cString: ccurl_easy_strerror(code))))
    case CURLE_TOO_MANY_REDIRECTS:
      return .failure(.tooManyRedirects)
    case CURLE_URL_MALFORMAT, CURLE_UNSUPPORTED_PROTOCOL:
      return .failure(.badURL(transfer.url))
    default:
      return .failure(.other(String(cString: ccurl_easy_strerror(code))))
    }
  }
}
