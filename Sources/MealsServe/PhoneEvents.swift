import MealsCore
import Synchronization

#if canImport(Glibc)
  import Glibc
#endif

/// One phone's server-sent events: `change` when the book changes (a tick here, on another
/// phone or in the terminal), a comment every 15 s so a gone phone is noticed.
final class PhoneEvents: ServerStream {
  private let phone: PhoneServer
  private let state: Mutex<(seen: Int?, quietSince: Double)>

  init(phone: PhoneServer) {
    self.phone = phone
    state = Mutex((nil, Self.now()))
  }

  /// Waits up to a second for a change; nil once the server stops.
  func next() -> [UInt8]? {
    guard !phone.isStopped else { return nil }
    let first = state.withLock { $0.seen == nil }
    if first {
      let version = phone.changeVersion()
      state.withLock { $0.seen = version }
      return Array("retry: 2000\n: meals\n\n".utf8)
    }
    for _ in 0..<10 {
      guard !phone.isStopped else { return nil }
      let version = phone.changeVersion()
      let changed = state.withLock { state -> Bool in
        guard state.seen != version else { return false }
        state.seen = version
        state.quietSince = Self.now()
        return true
      }
      if changed { return Array("event: change\ndata: {}\n\n".utf8) }
      usleep(100_000)
    }
    let ping = state.withLock { state -> Bool in
      guard Self.now() - state.quietSince >= 15 else { return false }
      state.quietSince = Self.now()
      return true
    }
    return ping ? Array(": ping\n\n".utf8) : []
  }

  func finish() {}

  private static func now() -> Double {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
  }
}
