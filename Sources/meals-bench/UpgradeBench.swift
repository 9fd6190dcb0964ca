import Foundation
import MealsStore
import TerminalUI

/// The upgrade of a 100 000-meal file from schema 1: its duration, each step's, and how often
/// the progress line hears from it.
enum UpgradeBench {
  static func run(folder: URL) throws {
    let path = folder.appendingPathComponent("upgrade-from-1.sqlite").path
    var totals: [Double] = []
    var parts: [String: [Double]] = [:]
    var order: [String] = []
    var longestSilence = 0.0
    for _ in 0..<3 {
      for suffix in ["", "-wal", "-shm", ".v1.bak", ".bak.1", ".bak.2", ".bak.3"] {
        try? FileManager.default.removeItem(atPath: path + suffix)
      }
      try EarlierDatabase.version1(at: path, meals: 100_000)
      // A copy to try the progress line by hand: meals --db .build/bench/schema1-copy.sqlite
      let copy = folder.appendingPathComponent("schema1-copy.sqlite").path
      try? FileManager.default.removeItem(atPath: copy)
      try? FileManager.default.copyItem(atPath: path, toPath: copy)
      var last: (part: String, seconds: Double)?
      var heard: [Double] = []
      let start = MonotonicClock.nanoseconds()
      _ = try MealStore(
        path: path,
        upgradeProgress: { progress in
          heard.append(progress.seconds)
          if let last, last.part != progress.part {
            parts[last.part, default: []].append(progress.seconds - last.seconds)
          }
          if last?.part != progress.part {
            last = (progress.part, progress.seconds)
            if !order.contains(progress.part) { order.append(progress.part) }
          }
        })
      totals.append(Double(MonotonicClock.nanoseconds() - start) / 1e6)
      // The last part ends with the upgrade.
      if let last {
        parts[last.part, default: []].append(totals[totals.count - 1] / 1e3 - last.seconds)
      }
      longestSilence = max(
        longestSilence, zip(heard.dropFirst(), heard).map { $0 - $1 }.max() ?? 0)
    }
    Measure.report(
      "upgrade 100k meals from schema 1 (with its backup)", totals, goal: "progress within 1 s")
    for part in order where part != "done" {
      Measure.say(
        "  \(part): median "
          + String(format: "%.0f ms", Measure.median(parts[part] ?? []) * 1000))
    }
    Measure.say(String(format: "  longest silence of the progress line: %.2f s", longestSilence))
  }
}
