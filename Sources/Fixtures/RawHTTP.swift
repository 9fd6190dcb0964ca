import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// An HTTP/1.1 client on a bare socket, so a test can send what no library would (garbage, a
/// 1 MB header) and read exactly what came back.
public struct RawHTTP: Sendable {
  public struct Answer: Sendable {
    public var status: Int
    /// Header names in lower case.
    public var headers: [String: String]
    public var body: String
    public var raw: String
  }

  public let port: Int
  /// The loopback address it connects from (`127.0.0.7`), as one of many phones would; the
  /// system's choice (127.0.0.1) when nil.
  public let source: String?

  public init(port: Int, source: String? = nil) {
    self.port = port
    self.source = source
  }

  /// A connection that sends `start` and then nothing (a slow client): its socket, to close.
  public func hold(_ start: [UInt8]) throws -> Int32 {
    let socket = try connected()
    _ = start.withUnsafeBytes { Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    return socket
  }

  /// Whether the server has closed a held connection (its end read, or an error).
  public static func isClosed(_ socket: Int32) -> Bool {
    var ready = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
    guard poll(&ready, 1, 0) > 0 else { return false }
    var byte: UInt8 = 0
    return recv(socket, &byte, 1, Int32(MSG_PEEK)) <= 0
  }

  /// Sends `request` as it is and reads until the server closes (or `timeout` seconds).
  public func send(_ request: [UInt8], timeout: Double = 10) throws -> Answer {
    let socket = try connected()
    defer { close(socket) }
    var sent = 0
    while sent < request.count {
      let count = request[sent...].withUnsafeBytes {
        Glibc.send(socket, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
      }
      if count <= 0 { break }  // the server may stop reading early (a header too large)
      sent += count
    }
    var received: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let deadline = Date().addingTimeInterval(timeout)
    while true {
      var ready = pollfd(fd: socket, events: Int16(POLLIN), revents: 0)
      let left = Int32(max(0, deadline.timeIntervalSinceNow * 1000))
      guard left > 0, poll(&ready, 1, left) > 0 else { break }
      let count = recv(socket, &buffer, buffer.count, 0)
      if count <= 0 { break }
      received += buffer[0..<count]
    }
    return Self.parse(String(decoding: received, as: UTF8.self))
  }

  private func connected() throws -> Int32 {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    guard socket >= 0 else { throw POSIXError(.EMFILE) }
    if let source, Self.call(bind, socket, source, port: 0) != 0 {
      close(socket)
      throw POSIXError(.EADDRNOTAVAIL)
    }
    guard Self.call(connect, socket, "127.0.0.1", port: port) == 0 else {
      close(socket)
      throw POSIXError(.ECONNREFUSED)
    }
    return socket
  }

  /// `bind` or `connect` of `socket` to an IPv4 address and port.
  public static func call(
    _ function: (Int32, UnsafePointer<sockaddr>?, socklen_t) -> Int32, _ socket: Int32,
    _ host: String, port: Int
  ) -> Int32 {
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr(host)
    return withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        function(socket, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
  }

  /// A request with `Connection: close`, and a body when given.
  public func request(
    _ method: String, _ path: String, headers: [String: String] = [:], body: String? = nil,
    timeout: Double = 10
  ) throws -> Answer {
    var text = "\(method) \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
    for (name, value) in headers.sorted(by: { $0.key < $1.key }) { text += "\(name): \(value)\r\n" }
    if let body {
      text += "Content-Type: application/json\r\nContent-Length: \(body.utf8.count)\r\n"
    }
    text += "\r\n" + (body ?? "")
    return try send(Array(text.utf8), timeout: timeout)
  }

  public static func parse(_ raw: String) -> Answer {
    guard let end = raw.range(of: "\r\n\r\n") else {
      return Answer(status: 0, headers: [:], body: "", raw: raw)
    }
    let head = raw[..<end.lowerBound].components(separatedBy: "\r\n")
    let status = head.first.flatMap { Int($0.split(separator: " ").dropFirst().first ?? "") } ?? 0
    var headers: [String: String] = [:]
    for line in head.dropFirst() {
      guard let colon = line.firstIndex(of: ":") else { continue }
      headers[line[..<colon].lowercased()] = line[line.index(after: colon)...]
        .trimmingCharacters(in: .whitespaces)
    }
    var body = String(raw[end.upperBound...])
    if headers["transfer-encoding"] == "chunked" { body = dechunked(body) }
    return Answer(status: status, headers: headers, body: body, raw: raw)
  }

  /// A chunked body joined (sizes in hex, each chunk on its line), read byte by byte: in a
  /// Swift string "\r\n" is one character.
  public static func dechunked(_ text: String) -> String {
    let bytes = Array(text.utf8)
    var out: [UInt8] = []
    var at = 0
    while let lineEnd = (at..<max(at, bytes.count - 1)).first(where: {
      bytes[$0] == 0x0D && bytes[$0 + 1] == 0x0A
    }) {
      let sizeText = String(decoding: bytes[at..<lineEnd], as: UTF8.self)
      guard let size = Int(sizeText.split(separator: ";").first ?? "", radix: 16), size > 0 else {
        break
      }
      let start = lineEnd + 2
      let stop = min(bytes.count, start + size)
      out += bytes[start..<stop]
      at = stop + 2
      if at >= bytes.count { break }
    }
    return String(decoding: out, as: UTF8.self)
  }
}
