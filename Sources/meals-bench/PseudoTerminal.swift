import Foundation
import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

/// The real `meals` binary in a pseudo-terminal of a chosen size, for figures a user's
/// terminal would see: time to the first frame, bytes written per key, frames of a slide.
final class PseudoTerminal {
  private let master: Int32
  private let pid: pid_t
  /// When the process was spawned (monotonic nanoseconds).
  let spawned: UInt64
  /// Everything the app has written and this side has read.
  private(set) var output: [UInt8] = []
  private var buffer = [UInt8](repeating: 0, count: 65_536)

  /// Starts `binary` with `arguments` on a new terminal of `columns`×`rows`.
  init?(binary: String, arguments: [String], columns: Int, rows: Int, environment: [String] = []) {
    // posix_openpt and friends are hidden from Swift's Glibc module: the Linux ioctls instead.
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    guard master >= 0 else { return nil }
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
      close(master)
      return nil
    }
    var size = winsize(
      ws_row: UInt16(rows), ws_col: UInt16(columns), ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    let slavePath = "/dev/pts/\(number)"
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    for descriptor: Int32 in [0, 1, 2] {
      posix_spawn_file_actions_addopen(&actions, descriptor, slavePath, O_RDWR, 0)
    }
    var attributes = posix_spawnattr_t()
    posix_spawnattr_init(&attributes)
    defer { posix_spawnattr_destroy(&attributes) }
    posix_spawnattr_setflags(&attributes, 0x80)  // POSIX_SPAWN_SETSID: the pty becomes its terminal
    let base = ["TERM=xterm-256color", "LANG=C.UTF-8", "HOME=/tmp", "PATH=/usr/bin:/bin"]
    var argv: [UnsafeMutablePointer<CChar>?] = ([binary] + arguments).map { strdup($0) } + [nil]
    // A name the caller gives replaces the base's (one LANG, not two).
    let given = Set(environment.map { $0.prefix { $0 != "=" } })
    let kept = base.filter { !given.contains($0.prefix { $0 != "=" }) }
    var envp: [UnsafeMutablePointer<CChar>?] = (kept + environment).map { strdup($0) } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var pid: pid_t = 0
    spawned = MonotonicClock.nanoseconds()
    guard posix_spawn(&pid, binary, &actions, &attributes, &argv, &envp) == 0 else {
      close(master)
      return nil
    }
    self.master = master
    self.pid = pid
  }

  deinit {
    quit()
    close(master)
  }

  /// Reads until `marker` has been written; milliseconds since the spawn, or nil after 5 s.
  func read(until marker: String, timeout: UInt64 = 5_000) -> Double? {
    let start = MonotonicClock.nanoseconds()
    let needle = Array(marker.utf8)
    var searchedUpTo = 0
    while MonotonicClock.nanoseconds() < start + timeout * 1_000_000 {
      guard readSome(waiting: 100) else { continue }
      if Self.contains(output, needle, from: max(0, searchedUpTo - needle.count)) {
        return Double(MonotonicClock.nanoseconds() - spawned) / 1e6
      }
      searchedUpTo = output.count
    }
    return nil
  }

  /// Reads until nothing more comes for `quiet` ms; each burst's arrival (ms since the call)
  /// and size.
  func readUntilQuiet(quiet: Int32 = 60) -> [(time: Double, bytes: Int)] {
    let start = MonotonicClock.nanoseconds()
    var bursts: [(Double, Int)] = []
    while true {
      let before = output.count
      guard readSome(waiting: quiet) else { return bursts }
      bursts.append((Double(MonotonicClock.nanoseconds() - start) / 1e6, output.count - before))
    }
  }

  /// Reads whatever arrives within `milliseconds` (a frame that comes without a key, such as a
  /// count that finished), so the next key's answer is timed alone.
  func drain(for milliseconds: Double) {
    let end = MonotonicClock.nanoseconds() + UInt64(max(0, milliseconds) * 1e6)
    while true {
      let now = MonotonicClock.nanoseconds()
      guard now < end else { return }
      _ = readSome(waiting: Int32(max(1, (end - now) / 1_000_000)))
    }
  }

  /// Sends `text` and waits for the first byte written after it: milliseconds, or nil after
  /// `timeout` ms.
  func firstByte(after text: String, timeout: Double = 2_000) -> Double? {
    let before = output.count
    let start = MonotonicClock.nanoseconds()
    write(text)
    while output.count == before {
      let waited = Double(MonotonicClock.nanoseconds() - start) / 1e6
      guard waited < timeout else { return nil }
      _ = readSome(waiting: 5)
    }
    return Double(MonotonicClock.nanoseconds() - start) / 1e6
  }

  /// The process's minor page faults so far (`/proc/PID/stat`'s tenth field): each page of
  /// the binary, its data and its heap first touched; nil when it cannot be read.
  func minorFaults() -> Int? {
    guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
      let end = text.lastIndex(of: ")")
    else { return nil }
    // After the name's ")": the state (field 3), …, the minor faults (field 10).
    let fields = text[text.index(after: end)...].split(separator: " ")
    return fields.count > 7 ? Int(fields[7]) : nil
  }

  func write(_ text: String) {
    var bytes = Array(text.utf8)
    _ = Glibc.write(master, &bytes, bytes.count)
  }

  /// Sends `q` and waits for the app to end (killing it after 2 s), draining what it writes.
  func quit() {
    var status: Int32 = 0
    guard waitpid(pid, &status, WNOHANG) == 0 else { return }
    write("q")
    let end = MonotonicClock.nanoseconds() + 2_000_000_000
    while waitpid(pid, &status, WNOHANG) == 0 {
      if MonotonicClock.nanoseconds() > end {
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        return
      }
      _ = readSome(waiting: 10)
    }
  }

  /// One read, if something arrives within `waiting` ms.
  private func readSome(waiting: Int32) -> Bool {
    var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
    guard poll(&descriptor, 1, waiting) > 0 else { return false }
    let count = Glibc.read(master, &buffer, buffer.count)
    guard count > 0 else { return false }
    output += buffer[0..<count]
    return true
  }

  private static func contains(_ haystack: [UInt8], _ needle: [UInt8], from: Int) -> Bool {
    guard haystack.count >= needle.count, from <= haystack.count - needle.count else {
      return false
    }
    for start in from...(haystack.count - needle.count) where haystack[start] == needle[0] {
      if haystack[start..<(start + needle.count)].elementsEqual(needle) { return true }
    }
    return false
  }
}
