#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Blocks the loop until input is ready or a timeout passes, doing background work meanwhile.
///
/// The network layer provides one that waits in `curl_multi_poll`, so keys and transfers are
/// waited on together; `PollWaiter` is the plain one.
public protocol Waiter: AnyObject {
  /// Waits until one of `descriptors` is readable or `timeoutMilliseconds` pass.
  ///
  /// Returns the readable descriptors; may deliver finished background work before returning.
  func wait(for descriptors: [Int32], timeoutMilliseconds: Int) -> Set<Int32>
}

/// Waits with `poll(2)` alone.
public final class PollWaiter: Waiter {
  public init() {}

  public func wait(for descriptors: [Int32], timeoutMilliseconds: Int) -> Set<Int32> {
    var fds = descriptors.filter { $0 >= 0 }.map {
      pollfd(fd: $0, events: Int16(POLLIN), revents: 0)
    }
    let count = poll(&fds, nfds_t(fds.count), Int32(clamping: timeoutMilliseconds))
    guard count > 0 else { return [] }
    return Set(fds.filter { $0.revents != 0 }.map(\.fd))
  }
}
