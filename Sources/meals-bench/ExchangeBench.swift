import Foundation
import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

/// `meals list --json` and `meals export --format json` of the real binary on the 100k-meal
/// database: the time from starting the process to the last byte read from its pipe.
enum ExchangeBench {
  static func run(databasePath: String) {
    guard let binary = Products.meals else { return }
    let cases: [(String, [String], Int, String)] = [
      ("meals list (text), to the last byte", ["list"], 7, "—"),
      ("meals list --json, to the last byte", ["list", "--json"], 7, "≤ 150 ms"),
      ("meals export --format json, to the last byte", ["export", "--format", "json"], 3, "≤ 2 s"),
    ]
    for (name, arguments, runs, goal) in cases {
      var bytes = 0
      var samples: [Double] = []
      for _ in 0..<runs {
        let start = MonotonicClock.nanoseconds()
        guard let read = readAll([binary, "--db", databasePath] + arguments) else {
          Measure.say("\(name): the command failed")
          return
        }
        samples.append(Double(MonotonicClock.nanoseconds() - start) / 1_000_000)
        bytes = read
      }
      Measure.report("\(name) (\(bytes / 1_048_576) MB)", samples, goal: goal)
    }
  }

  /// Starts the command with standard output on a pipe and reads it to the end; the bytes
  /// read, or nil when the command did not exit with 0.
  static func readAll(_ arguments: [String]) -> Int? {
    var pipeEnds: [Int32] = [-1, -1]
    guard pipe(&pipeEnds) == 0 else { return nil }
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_adddup2(&actions, pipeEnds[1], 1)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addclose(&actions, pipeEnds[0])
    posix_spawn_file_actions_addclose(&actions, pipeEnds[1])
    var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid: pid_t = 0
    let spawned = posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ)
    close(pipeEnds[1])
    guard spawned == 0 else {
      close(pipeEnds[0])
      return nil
    }
    var total = 0
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { read(pipeEnds[0], $0.baseAddress, $0.count) }
      if count < 0 && errno == EINTR { continue }
      if count <= 0 { break }
      total += count
    }
    close(pipeEnds[0])
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
    return status == 0 ? total : nil
  }
}
