import Files

#if canImport(Glibc)
  import Glibc
#endif

/// When each phase of start-up ended, for `meals-bench start`'s phase table: kept only when
/// `MEALS_START_PHASES` names a file, written there after the first frame.
///
/// The times are the monotonic clock's nanoseconds, which the benchmark compares with the
/// moment it spawned the process (so the loader's and the runtime's share is seen too).
public struct StartPhases {
  private let file: String?
  private var marks: [(phase: String, nanoseconds: UInt64)] = []

  public init() {
    file = getenv("MEALS_START_PHASES").map { String(cString: $0) }
    mark("main")
  }

  /// Notes that `phase` has just ended.
  public mutating func mark(_ phase: String) {
    guard file != nil else { return }
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    marks.append((phase, UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec)))
  }

  /// Writes the phases, one `nanoseconds phase` line each (a file that cannot be written is
  /// passed over: this is a measurement, never the user's data).
  public func write() {
    guard let file else { return }
    let text = marks.map { "\($0.nanoseconds) \($0.phase)\n" }.joined()
    let descriptor = open(file, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard descriptor >= 0 else { return }
    _ = writeFully(Array(text.utf8), to: descriptor)
    close(descriptor)
  }
}
