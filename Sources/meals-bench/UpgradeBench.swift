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
    var silentPart = ""
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
      var heard: [(seconds: Double, part: String)] = []
      let start = MonotonicClock.nanoseconds()
      _ = try MealStore(
        path: path,
        upgradeProgress: { progress in
          heard.append((progress.seconds, progress.part))
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
      // Each silence ends with the part then heard of (the part before it, when it is new).
      for (next, last) in zip(heard.dropFirst(), heard)
      where next.seconds - last.seconds > longestSilence {
        longestSilence = next.seconds - last.seconds
        silentPart = next.part == last.part ? next.part : "\(last.part) → \(next.part)"
      }
    }
    Measure.report(
      "upgrade 100k meals from schema 1 (with its backup)", totals, goal: "progress within 1 s")
    for part in order where part != "done" {
      Measure.say(
        "  \(part): median "
          + String(format: "%.0f ms", Measure.median(parts[part] ?? []) * 1000))
    }
    Measure.say(
      String(format: "  longest silence of the progress line: %.2f s", longestSilence)
        + " (\(silentPart))")
  }
}
