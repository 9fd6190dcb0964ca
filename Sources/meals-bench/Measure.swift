import Foundation
import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

/// Timing helpers: every figure is a median (or a percentile) of several runs.
enum Measure {
  /// Runs `body` `runs` times and returns each run's milliseconds.
  static func times(_ runs: Int, _ body: () throws -> Void) rethrows -> [Double] {
    var samples: [Double] = []
    for _ in 0..<runs {
      let start = MonotonicClock.nanoseconds()
      try body()
      samples.append(Double(MonotonicClock.nanoseconds() - start) / 1_000_000)
    }
    return samples
  }

  static func percentile(_ samples: [Double], _ fraction: Double) -> Double {
    let sorted = samples.sorted()
    guard !sorted.isEmpty else { return .nan }
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * fraction).rounded()))]
  }

  static func median(_ samples: [Double]) -> Double { percentile(samples, 0.5) }

  /// One line of the report: the case, its figures, and the goal.
  static func report(_ name: String, _ samples: [Double], goal: String, p95: Bool = false) {
    let figure = String(format: "median %8.3f ms", median(samples))
    let tail = p95 ? String(format: "  p95 %8.3f ms", percentile(samples, 0.95)) : ""
    let line =
      "\(name.padding(toLength: 52, withPad: " ", startingAt: 0)) \(figure)\(tail)  (n=\(samples.count); goal \(goal))"
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  static func say(_ line: String) {
    FileHandle.standardOutput.write(Data((line + "\n").utf8))
  }

  /// Peak resident memory of this process so far, in MiB.
  ///
  /// VmHWM rather than getrusage's ru_maxrss, which a spawned child inherits from its parent.
  static func peakMemoryMiB() -> Double {
    if let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = Double(line.split(separator: " ").dropFirst().first ?? "")
    {
      return kilobytes / 1024
    }
    var usage = rusage()
    getrusage(__rusage_who_t(RUSAGE_SELF.rawValue), &usage)
    return Double(usage.ru_maxrss) / 1024
  }
}
