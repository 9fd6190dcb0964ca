import FoundationEssentials
import TextSafety

#if canImport(Glibc)
  import Glibc
#endif

/// The line on standard error while an export is imported: shown once the import has taken a
/// second, on a terminal only, redrawn at most ten times a second.
final class ImportProgress {
  private let write: (String) -> Void
  private let start = ProcessClock.seconds()
  private var lastDrawn = 0.0
  private var drawn = false
  private let label: String

  /// Nil when standard error is not a terminal (a script's log gets no bar).
  init?(label: String, write: @escaping (String) -> Void, isTerminal: Bool = isatty(2) == 1) {
    guard isTerminal else { return nil }
    self.label = label
    self.write = write
  }

  func show(done: Int, name: String) {
    let now = ProcessClock.seconds()
    guard now - start >= 1, now - lastDrawn >= 0.1 else { return }
    lastDrawn = now
    drawn = true
    let shown = String(TextSanitizer.singleLine(name).prefix(40))
    write("\r\u{1B}[K\(label): \(done) \(done == 1 ? "meal" : "meals") — \(shown)")
  }

  /// Clears the line, if one was drawn.
  func finish() {
    if drawn { write("\r\u{1B}[K") }
  }
}

/// A monotonic clock in seconds.
enum ProcessClock {
  static func seconds() -> Double {
    var now = timespec()
    clock_gettime(CLOCK_MONOTONIC, &now)
    return Double(now.tv_sec) + Double(now.tv_nsec) / 1e9
  }
}
