import Fixtures
import Foundation
import TerminalUI

/// Start-up of the real binary to its first frame: `meals` in a pseudo-terminal, timed from
/// spawn until the screen's meal count has been written, then `q`; against the floor in the
/// same run (`meals-floor`: Foundation and one SQLite read of the first screen, built alike).
enum FirstFrameBench {
  static func run(packageRoot: URL, databasePath: String) throws {
    guard let binary = Products.meals else { return }
    let floorBinary = Products.named("meals-floor")
    let empty = packageRoot.appendingPathComponent(".build/bench/empty.sqlite").path
    let config = packageRoot.appendingPathComponent(".build/bench/config-200").path
    try configFile(lines: 200).write(toFile: config, atomically: true, encoding: .utf8)
    for (label, path, marker) in [
      ("empty database", empty, "0 meals"), ("100k meals", databasePath, "100000 meals"),
    ] {
      var samples: [Double] = []
      var floor: [Double] = []
      var configured: [Double] = []
      // 61 of each (a few seconds): with 15 the ratio of one run swung ±0.1 with the machine.
      for _ in 0..<61 {
        // Interleaved, so both meet the same machine.
        let terminal = PseudoTerminal(
          binary: binary, arguments: ["--db", path, "--api-url", "http://127.0.0.1:9/"],
          columns: 80, rows: 24)
        if let elapsed = terminal?.read(until: marker) { samples.append(elapsed) }
        // The same with a 200-line config file (set, bind, color lines and comments).
        if label != "empty database",
          let elapsed = PseudoTerminal(
            binary: binary, arguments: ["--db", path, "--api-url", "http://127.0.0.1:9/"],
            columns: 80, rows: 24, environment: ["MEALS_CONFIG=\(config)"])?
            .read(until: marker)
        {
          configured.append(elapsed)
        }
        if let floorBinary,
          let elapsed = PseudoTerminal(
            binary: floorBinary, arguments: [path], columns: 80, rows: 24)?
            .read(until: "first screen written")
        {
          floor.append(elapsed)
        }
      }
      Measure.report(
        "real binary start-up to first frame, \(label)", samples,
        goal: label == "empty database" ? "—" : "≤ 1.5× the floor")
      if !configured.isEmpty {
        Measure.report("  the same with a 200-line config file", configured, goal: "≤ 1 ms more")
        Measure.say(
          String(
            format: "  the config file's cost: %+.2f ms",
            Measure.median(configured) - Measure.median(samples)))
      }
      guard !floor.isEmpty else { continue }
      Measure.report("  the floor (Foundation + the first screen's read)", floor, goal: "—")
      Measure.say(
        String(
          format: "  ratio to the floor: %.2f", Measure.median(samples) / Measure.median(floor)))
    }
    // The config file alone, in fresh processes (no machine noise of a whole start-up): a
    // missing one against 200 lines.
    var missing: [Double] = []
    var beforeFrame: [Double] = []
    var inAll: [Double] = []
    let bench = CommandLine.arguments[0]
    for _ in 0..<21 {
      for path in ["/nowhere/config", config] {
        let result = try runProcess([bench, "config-cold", path])
        let values = result.output.split(whereSeparator: { $0 == " " || $0 == "\n" })
          .compactMap { Double($0) }
        guard values.count == 3 else {
          Measure.say("config-cold: \(result.status) \(result.output)\(result.errors)")
          continue
        }
        if path == config {
          beforeFrame.append(values[0])
          inAll.append(values[1])
        } else {
          missing.append(values[1])
        }
      }
    }
    Measure.report("config file, none (in a fresh process)", missing, goal: "—")
    Measure.report("config file, 200 lines, before the first frame", beforeFrame, goal: "≤ 1 ms")
    Measure.report("config file, 200 lines, keys checked too (after it)", inAll, goal: "—")
    // The process alone: `meals --version` to its exit.
    var version: [Double] = []
    for _ in 0..<21 {
      let start = MonotonicClock.nanoseconds()
      _ = ExchangeBench.readAll([binary, "--version"])
      version.append(Double(MonotonicClock.nanoseconds() - start) / 1e6)
    }
    Measure.report("meals --version, whole process", version, goal: "—")
  }
}

/// A config file of `lines` lines as people write them: options, colours, bindings, comments.
private func configFile(lines count: Int) -> String {
  let lines = [
    "# settings", "set mouse = yes", "set animation = yes", "set theme = dark",
    "color selected black \"#ffaf00\" bold", "color header white color24 bold",
    "bind my-meals x delete", "bind generic <C-n> down", "bind generic <C-p> up",
    "bind cook-mode <F5> next", "unbind my-meals <Del>", "",
  ]
  return (0..<count).map { lines[$0 % lines.count] }.joined(separator: "\n") + "\n"
}

/// The built products next to this benchmark.
enum Products {
  /// Another product of the package, or nil (said in the report) when it has not been built.
  static func named(_ name: String) -> String? {
    let products = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent()
    let binary = products.appendingPathComponent(name).path
    guard FileManager.default.isExecutableFile(atPath: binary) else {
      Measure.say("\(name): \(binary) not built; skipped")
      return nil
    }
    return binary
  }

  /// The `meals` binary, or nil (said in the report) when it has not been built.
  static var meals: String? {
    let products = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
      .deletingLastPathComponent()
    let binary = products.appendingPathComponent("meals").path
    guard FileManager.default.isExecutableFile(atPath: binary) else {
      Measure.say("real binary: \(binary) not built; skipped")
      return nil
    }
    return binary
  }
}
