#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Turns SIGTERM, SIGHUP and SIGINT into bytes on a pipe the event loop waits on, so the loop
/// (not a signal handler) restores the terminal and exits.
public enum SignalPipe {
  nonisolated(unsafe) private static var writeEnd: Int32 = -1
  nonisolated(unsafe) private static var readEnd: Int32 = -1

  /// Installs the handlers; returns the descriptor to wait on, or nil if no pipe could be made.
  public static func install(signals: [Int32] = [SIGTERM, SIGHUP, SIGINT]) -> Int32? {
    if readEnd >= 0 { return readEnd }
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { return nil }
    for end in ends {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    readEnd = ends[0]
    writeEnd = ends[1]
    for number in signals {
      signal(number) { received in
        var byte = UInt8(truncatingIfNeeded: received)
        _ = write(SignalPipe.writeEnd, &byte, 1)
      }
    }
    return readEnd
  }

  /// The signals received since the last call.
  public static func drain() -> [Int32] {
    guard readEnd >= 0 else { return [] }
    var received: [Int32] = []
    var buffer = [UInt8](repeating: 0, count: 64)
    while true {
      let count = read(readEnd, &buffer, buffer.count)
      guard count > 0 else { break }
      received += buffer.prefix(count).map { Int32($0) }
    }
    return received
  }
}
