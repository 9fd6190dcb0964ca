import Foundation
import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

/// Start-up of the real binary to its first frame: `meals` in a pseudo-terminal, timed from
/// spawn until the screen's meal count has been written, then `q`.
enum FirstFrameBench {
  static func run(packageRoot: URL, databasePath: String) throws {
    let products = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent()
    let binary = products.appendingPathComponent("meals").path
    guard FileManager.default.isExecutableFile(atPath: binary) else {
      Measure.say("first frame: \(binary) not built; skipped")
      return
    }
    let empty = packageRoot.appendingPathComponent(".build/bench/empty.sqlite").path
    for (label, path, marker) in [
      ("empty database", empty, "0 meals"), ("100k meals", databasePath, "100000 meals"),
    ] {
      var samples: [Double] = []
      for _ in 0..<11 {
        if let elapsed = timeFirstFrame(binary: binary, database: path, marker: marker) {
          samples.append(elapsed)
        }
      }
      Measure.report(
        "real binary start-up to first frame, \(label)", samples,
        goal: label == "empty database" ? "—" : "≤ 30 ms")
    }
  }

  /// Milliseconds from spawn to the frame containing `marker`, or nil if it never came.
  static func timeFirstFrame(binary: String, database: String, marker: String) -> Double? {
    // posix_openpt and friends are hidden from Swift's Glibc module: the Linux ioctls instead.
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    guard master >= 0 else { return nil }
    defer { close(master) }
    var unlock: Int32 = 0
    var number: UInt32 = 0
    guard ioctl(master, 0x4004_5431, &unlock) == 0, ioctl(master, 0x8004_5430, &number) == 0 else {
      return nil
    }
    var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
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
    let arguments = [binary, "--db", database, "--api-url", "http://127.0.0.1:9/"]
    let environment = ["TERM=xterm-256color", "LANG=C.UTF-8", "HOME=/tmp", "PATH=/usr/bin:/bin"]
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    var envp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup($0) } + [nil]
    defer {
      for pointer in argv + envp { free(pointer) }
    }
    var pid: pid_t = 0
    let start = MonotonicClock.nanoseconds()
    guard posix_spawn(&pid, binary, &actions, &attributes, &argv, &envp) == 0 else { return nil }
    var seen = [UInt8]()
    var buffer = [UInt8](repeating: 0, count: 65_536)
    var elapsed: Double?
    let markerBytes = Array(marker.utf8)
    let deadline = start + 5_000_000_000
    while MonotonicClock.nanoseconds() < deadline {
      var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      guard poll(&descriptor, 1, 100) > 0 else { continue }
      let count = read(master, &buffer, buffer.count)
      if count <= 0 { break }
      seen += buffer[0..<count]
      if contains(seen, markerBytes) {
        elapsed = Double(MonotonicClock.nanoseconds() - start) / 1e6
        break
      }
    }
    var quit = UInt8(ascii: "q")
    _ = write(master, &quit, 1)
    // Keep draining so the app can finish writing while it restores the terminal.
    let end = MonotonicClock.nanoseconds() + 2_000_000_000
    var status: Int32 = 0
    while waitpid(pid, &status, WNOHANG) == 0 {
      if MonotonicClock.nanoseconds() > end {
        kill(pid, SIGKILL)
        waitpid(pid, &status, 0)
        break
      }
      var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      if poll(&descriptor, 1, 10) > 0 { _ = read(master, &buffer, buffer.count) }
    }
    return elapsed
  }

  private static func contains(_ haystack: [UInt8], _ needle: [UInt8]) -> Bool {
    guard haystack.count >= needle.count else { return false }
    for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
      if Array(haystack[start..<(start + needle.count)]) == needle { return true }
    }
    return false
  }
}
