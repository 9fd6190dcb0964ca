import Fixtures
import Foundation
import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

/// Keys as a person types them, to the real binary on the 100k file in a pseudo-terminal: the
/// time from each key to the first byte of its frame.
///
/// A key every 120–250 ms (50–100 words a minute) is the rhythm that meets work started by the
/// key before (a count 150 ms after typing pauses); fast and slow typing hide it.
enum KeyRhythmBench {
  static func run(databasePath: String) {
    guard let binary = Products.meals else { return }
    freshBackup(of: databasePath)
    var generator = SeededRandom(seed: 7)
    for (label, gap) in [("a key every 120–250 ms", 120.0...250.0), ("every 50 ms", 50.0...50.0)] {
      guard let terminal = start(binary, databasePath) else { return }
      terminal.drain(for: 300)
      var samples: [Double] = []
      for key in ["/"] + typedKeys() {
        if let elapsed = terminal.firstByte(after: key) { samples.append(elapsed) }
        terminal.drain(for: Double.random(in: gap, using: &generator) - (samples.last ?? 0))
      }
      Measure.report(
        "filter keys at 100k, \(label), key → first byte", samples, goal: "p95 ≤ 8 ms, max ≤ 30 ms",
        p95: true)
      Measure.say(String(format: "  slowest %.1f ms", samples.max() ?? 0))
    }
    // The daily backup, due at this start: keys pressed while it runs.
    ageBackup(of: databasePath)
    guard let terminal = start(binary, databasePath) else { return }
    var samples: [Double] = []
    let begin = MonotonicClock.nanoseconds()
    while Double(MonotonicClock.nanoseconds() - begin) / 1e6 < 2_500 {
      for key in ["j", "j", "k"] {
        if let elapsed = terminal.firstByte(after: key) { samples.append(elapsed) }
        terminal.drain(for: Double.random(in: 120...250, using: &generator))
      }
    }
    Measure.report(
      "keys during the daily backup at 100k, key → first byte", samples,
      goal: "p95 ≤ 8 ms, none over 50 ms", p95: true)
    Measure.say(String(format: "  slowest %.1f ms", samples.max() ?? 0))
    freshBackup(of: databasePath)
  }

  static func start(_ binary: String, _ path: String) -> PseudoTerminal? {
    let terminal = PseudoTerminal(
      binary: binary,
      arguments: ["--db", path, "--api-url", "http://127.0.0.1:9/", "--no-animation"],
      columns: 80, rows: 24)
    guard let terminal, terminal.read(until: "100000 meals") != nil else {
      Measure.say("key rhythm: meals did not start on \(path)")
      return nil
    }
    return terminal
  }

  /// The filter bench's typing, key by key (a new word after clearing the field).
  static func typedKeys() -> [String] {
    var keys: [String] = []
    var previous = ""
    for text in FilterBench.latin.prefix(80) {
      if text.hasPrefix(previous) {
        keys.append(String(text.dropFirst(previous.count)))
      } else if previous.hasPrefix(text) {
        keys += Array(repeating: "\u{7F}", count: previous.count - text.count)
      } else {
        keys += Array(repeating: "\u{7F}", count: previous.count) + text.map(String.init)
      }
      previous = text
    }
    return keys.filter { !$0.isEmpty }.flatMap { $0.count > 1 ? $0.map(String.init) : [$0] }
  }

  /// Dates the newest backup now, so no daily backup runs during the typing.
  private static func freshBackup(of path: String) {
    let backup = path + ".bak.1"
    if access(backup, F_OK) != 0 {
      _ = FileManager.default.createFile(atPath: backup, contents: Data())
    }
    utimes(backup, nil)
  }

  /// Dates the newest backup two days ago, so the next start makes one.
  private static func ageBackup(of path: String) {
    let old = Int(Date().timeIntervalSince1970) - 2 * 86_400
    var times = [timeval(tv_sec: old, tv_usec: 0), timeval(tv_sec: old, tv_usec: 0)]
    utimes(path + ".bak.1", &times)
  }
}
