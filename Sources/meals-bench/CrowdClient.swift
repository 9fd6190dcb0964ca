import Fixtures
import Foundation
import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

/// Many phones asking at the same moment, from one thread.
///
/// Every socket connects at once and one `poll` loop sends and reads them all. Phones are
/// other machines: a client thread each on this machine's cores would be counted as the
/// server's time.
enum CrowdClient {
  /// One phone's answer: its status (0 when none came) and the time from the crowd's start
  /// to its last byte, in milliseconds.
  struct Outcome {
    var status: Int
    var milliseconds: Double
  }

  /// `paths[i]` asked by phone `i` from 127.0.0.(2 + i % 250), all at once; each waits at
  /// most `timeout` seconds.
  static func ask(
    port: Int, paths: [String], headers: [String: String], timeout: Double = 30
  ) -> [Outcome] {
    var sockets: [Int32] = []
    var requests: [[UInt8]] = []
    for (index, path) in paths.enumerated() {
      var text = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1:\(port)\r\nConnection: close\r\n"
      for (name, value) in headers.sorted(by: { $0.key < $1.key }) {
        text += "\(name): \(value)\r\n"
      }
      requests.append(Array((text + "\r\n").utf8))
      sockets.append(socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0))
      guard sockets[index] >= 0 else { continue }
      _ = fcntl(sockets[index], F_SETFL, fcntl(sockets[index], F_GETFL) | O_NONBLOCK)
      _ = RawHTTP.call(bind, sockets[index], "127.0.0.\(2 + index % 250)", port: 0)
    }
    defer { for socket in sockets where socket >= 0 { close(socket) } }
    var outcomes = paths.map { _ in Outcome(status: 0, milliseconds: .nan) }
    var received = paths.map { _ in [UInt8]() }
    var sent = paths.map { _ in false }
    var open = Set(sockets.indices.filter { sockets[$0] >= 0 })
    let started = MonotonicClock.nanoseconds()
    for index in open {
      _ = RawHTTP.call(connect, sockets[index], "127.0.0.1", port: port)
    }
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let deadline = started + UInt64(timeout * 1e9)
    while !open.isEmpty && MonotonicClock.nanoseconds() < deadline {
      let order = Array(open)
      var waiting = order.map {
        pollfd(fd: sockets[$0], events: Int16(sent[$0] ? POLLIN : POLLOUT), revents: 0)
      }
      guard poll(&waiting, nfds_t(waiting.count), 100) >= 0 else { break }
      for (slot, index) in order.enumerated() where waiting[slot].revents != 0 {
        if !sent[index] {
          let count = requests[index].withUnsafeBytes {
            send(sockets[index], $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL))
          }
          sent[index] = count == requests[index].count
          if count < 0 { open.remove(index) }
          continue
        }
        let count = recv(sockets[index], &buffer, buffer.count, 0)
        if count > 0 {
          received[index] += buffer[0..<count]
          continue
        }
        open.remove(index)
        let elapsed = Double(MonotonicClock.nanoseconds() - started) / 1e6
        let status = String(decoding: received[index].prefix(12), as: UTF8.self)
          .split(separator: " ").dropFirst().first.flatMap { Int($0) }
        outcomes[index] = Outcome(status: status ?? 0, milliseconds: elapsed)
      }
    }
    return outcomes
  }
}
