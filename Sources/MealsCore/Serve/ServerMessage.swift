/// One HTTP request as the phone server sees it: whole, its body read within the limit.
///
/// A value, so the router and the pages are tested (and fuzzed) without a socket.
public struct ServerRequest: Sendable, Equatable {
  public var method: String
  /// The path, percent-decoded, without the query (`/meal/12`).
  public var path: String
  /// The query's arguments, decoded; an argument given twice keeps its first value.
  public var query: [String: String]
  /// Headers by their name in lower case.
  public var headers: [String: String]
  public var cookies: [String: String]
  public var body: [UInt8]
  /// The client's address (`127.0.0.1`), for the pairing attempts' limit.
  public var client: String

  public init(
    method: String, path: String, query: [String: String] = [:], headers: [String: String] = [:],
    cookies: [String: String] = [:], body: [UInt8] = [], client: String = ""
  ) {
    self.method = method
    self.path = path
    self.query = query
    self.headers = headers
    self.cookies = cookies
    self.body = body
    self.client = client
  }
}

/// What a streamed answer reads from (server-sent events): asked again and again on the
/// connection's own thread until it ends.
public protocol ServerStream: AnyObject, Sendable {
  /// The next bytes (empty: nothing yet, asked again; it may wait up to a second first), or
  /// nil when the stream is over.
  func next() -> [UInt8]?
  /// The client is gone or the server stops: called once.
  func finish()
}

/// The answer to a request: a status, headers and a body, or a stream.
public struct ServerResponse: Sendable {
  public var status: Int
  public var headers: [(name: String, value: String)]
  public var body: [UInt8]
  public var stream: (any ServerStream)?

  public init(
    status: Int, headers: [(name: String, value: String)] = [], body: [UInt8] = [],
    stream: (any ServerStream)? = nil
  ) {
    self.status = status
    self.headers = headers
    self.body = body
    self.stream = stream
  }

  /// The value of a header (name in any case), the first when it is given twice.
  public func header(_ name: String) -> String? {
    let wanted = name.lowercased()
    return headers.first { $0.name.lowercased() == wanted }?.value
  }

  /// The body as text (tests and the command's messages).
  public var text: String { String(decoding: body, as: UTF8.self) }
}
