import CHTTPServer
import MealsCore

#if canImport(Glibc)
  import Glibc
#endif

/// An HTTP(S) server on libmicrohttpd: each connection on a thread of its own, each whole
/// request handed to `handler` as a value and its answer sent back.
///
/// Only this file touches libmicrohttpd, loaded by the first server started. The handler runs
/// on the connections' threads, several at once: what it reads must be safe to share.
public final class HTTPServer: @unchecked Sendable {
  public typealias Handler = @Sendable (ServerRequest) -> ServerResponse

  /// What one client may take: slow or greedy clients are cut off, not waited for.
  public struct Limits: Sendable {
    public var connections = 512
    /// From one address: well below the total, so one machine cannot take them all.
    public var connectionsPerAddress = 256
    /// The request line and headers together (a larger request is refused by libmicrohttpd).
    public var headerBytes = 32 * 1024
    public var bodyBytes = 16 * 1024
    public var idleSeconds = 30

    public init() {}
  }

  private let server: OpaquePointer
  private let box: Unmanaged<HandlerBox>
  /// The port it listens on (the one the system chose when asked for 0).
  public let port: Int

  /// Starts listening; a port in use or a missing library is an error to show.
  public static func start(
    port: Int, lan: Bool, certificatePEM: String? = nil, keyPEM: String? = nil,
    limits: Limits = Limits(), handler: @escaping Handler
  ) -> Result<HTTPServer, NetworkError> {
    guard (0...65_535).contains(port) else { return .failure(.other("no port \(port)")) }
    let box = Unmanaged.passRetained(HandlerBox(handler))
    var error = [CChar](repeating: 0, count: 256)
    let started = chttp_start(
      UInt16(port), lan ? 1 : 0, certificatePEM, keyPEM, UInt32(limits.connections),
      UInt32(limits.connectionsPerAddress), limits.headerBytes, limits.bodyBytes,
      UInt32(limits.idleSeconds), answer, box.toOpaque(), &error, error.count)
    guard let started else {
      box.release()
      let why = String(
        decoding: error.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      return .failure(.other("the server could not start: \(why)"))
    }
    return .success(HTTPServer(server: started, box: box, port: Int(chttp_port(started))))
  }

  private init(server: OpaquePointer, box: Unmanaged<HandlerBox>, port: Int) {
    self.server = server
    self.box = box
    self.port = port
  }

  /// Closes every connection and waits for their handlers (and streams) to return.
  public func stop() {
    chttp_stop(server)
    box.release()
  }
}

// MARK: - From C and back

/// The handler, kept alive for libmicrohttpd as a context pointer.
private final class HandlerBox: Sendable {
  let handler: HTTPServer.Handler
  init(_ handler: @escaping HTTPServer.Handler) { self.handler = handler }
}

/// A stream, kept alive for libmicrohttpd until its `done`.
private final class StreamBox {
  let stream: any ServerStream
  var pending: [UInt8] = []
  init(_ stream: any ServerStream) { self.stream = stream }
}

/// Collects a request's headers, cookies or query arguments.
private final class ValueCollector {
  var values: [String: String] = [:]
  let lowercased: Bool
  init(lowercased: Bool) { self.lowercased = lowercased }
}

private func values(of request: OpaquePointer, kind: Int32, lowercased: Bool = false)
  -> [String: String]
{
  let collector = ValueCollector(lowercased: lowercased)
  withExtendedLifetime(collector) {
    chttp_values(
      request, kind,
      { context, name, value in
        guard let context, let name else { return }
        let collector = Unmanaged<ValueCollector>.fromOpaque(context).takeUnretainedValue()
        var key = String(cString: name)
        if collector.lowercased { key = key.lowercased() }
        if collector.values[key] == nil {
          collector.values[key] = value.map { String(cString: $0) } ?? ""
        }
      }, Unmanaged.passUnretained(collector).toOpaque())
  }
  return collector.values
}

/// libmicrohttpd's call for a whole request: the value in, the answer out.
private let answer: chttp_handler = { context, request in
  guard let context, let request else { return }
  let handler = Unmanaged<HandlerBox>.fromOpaque(context).takeUnretainedValue().handler
  var count = 0
  let bodyStart = chttp_body(request, &count)
  let body = bodyStart.map { Array(UnsafeBufferPointer(start: $0, count: count)) } ?? []
  let value = ServerRequest(
    method: String(cString: chttp_method(request)), path: String(cString: chttp_path(request)),
    query: values(of: request, kind: 2), headers: values(of: request, kind: 0, lowercased: true),
    cookies: values(of: request, kind: 1), body: body,
    client: String(cString: chttp_client(request)))
  let response = handler(value)
  var headerText = ""
  for (name, value) in response.headers
  where !name.contains(where: \.isNewline) && !value.contains(where: \.isNewline) {
    headerText += "\(name): \(value)\n"
  }
  if let stream = response.stream {
    let streamBox = Unmanaged.passRetained(StreamBox(stream))
    _ = chttp_respond_stream(
      request, UInt32(response.status), headerText,
      { context, buffer, max in
        guard let context, let buffer else { return -1 }
        let box = Unmanaged<StreamBox>.fromOpaque(context).takeUnretainedValue()
        if box.pending.isEmpty {
          guard let next = box.stream.next() else { return -1 }
          box.pending = next
        }
        let count = min(max, box.pending.count)
        box.pending.withUnsafeBytes { bytes in
          guard let base = bytes.baseAddress else { return }
          memcpy(buffer, base, count)
        }
        box.pending.removeFirst(count)
        return count
      },
      { context in
        guard let context else { return }
        let box = Unmanaged<StreamBox>.fromOpaque(context).takeRetainedValue()
        box.stream.finish()
      }, streamBox.toOpaque())
  } else {
    response.body.withUnsafeBytes { bytes in
      _ = chttp_respond(
        request, UInt32(response.status), headerText, bytes.baseAddress, bytes.count)
    }
  }
}
