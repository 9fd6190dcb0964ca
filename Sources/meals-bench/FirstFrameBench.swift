import Fixtures
import Foundation
import MealsStore
import TerminalUI

/// Start-up of the real binary to its first frame: `meals` in a pseudo-terminal, timed from
/// spawn until the screen's meal count has been written, then `q`; against the floor in the
/// same run (`meals-floor`: Foundation and one SQLite read of the first screen, built alike).
enum FirstFrameBench {
  static func run(packageRoot: URL, databasePath: String) throws {
    guard let binary = Products.meals else { return }
    let floorBinary = Products.named("meals-floor")
    let cFloor = CFloor.build(packageRoot: packageRoot)
    let swiftFloor = Products.named("meals-floor-swift")
    let empty = packageRoot.appendingPathComponent(".build/bench/empty.sqlite").path
    let config = packageRoot.appendingPathComponent(".build/bench/config-200").path
    try configFile(lines: 200).write(toFile: config, atomically: true, encoding: .utf8)
    for (label, path, marker) in [
      ("empty database", empty, "0 meals"), ("100k meals", databasePath, "100000 meals"),
    ] {
      var samples: [Double] = []
      var floor: [Double] = []
      var cFloorSamples: [Double] = []
      var swiftFloorSamples: [Double] = []
      let cMarker = cFloor.flatMap { _ in CFloor.lastRow(databasePath: path) }
      var configured: [Double] = []
      var german: [Double] = []
      // Page faults to the first frame (read when it has been written), meals' and the C floor's.
      var faults: [Double] = []
      var cFloorFaults: [Double] = []
      // 61 of each (a few seconds): with 15 the ratio of one run swung ±0.1 with the machine.
      for _ in 0..<61 {
        // Interleaved, so both meet the same machine.
        let terminal = PseudoTerminal(
          binary: binary, arguments: ["--db", path, "--api-url", "http://127.0.0.1:9/"],
          columns: 80, rows: 24)
        if let elapsed = terminal?.read(until: marker) {
          samples.append(elapsed)
          if let count = terminal?.minorFaults() { faults.append(Double(count)) }
        }
        // The same with a 200-line config file (set, bind, color lines and comments).
        if label != "empty database",
          let elapsed = PseudoTerminal(
            binary: binary, arguments: ["--db", path, "--api-url", "http://127.0.0.1:9/"],
            columns: 80, rows: 24, environment: ["MEALS_CONFIG=\(config)"])?
            .read(until: marker)
        {
          configured.append(elapsed)
        }
        // The same in German: the catalog found beside the build and read before the frame.
        if label != "empty database",
          let elapsed = PseudoTerminal(
            binary: binary, arguments: ["--db", path, "--api-url", "http://127.0.0.1:9/"],
            columns: 80, rows: 24, environment: ["LANG=de_DE.UTF-8"])?
            .read(until: "100000 Gerichte")
        {
          german.append(elapsed)
        }
        if let floorBinary,
          let elapsed = PseudoTerminal(
            binary: floorBinary, arguments: [path], columns: 80, rows: 24)?
            .read(until: "first screen written")
        {
          floor.append(elapsed)
        }
        // The floor: C, ncursesw and SQLite, its first frame ending with its last row.
        if let cFloor, let cMarker,
          let floorTerminal = PseudoTerminal(
            binary: cFloor, arguments: [path], columns: 80, rows: 24),
          let elapsed = floorTerminal.read(until: cMarker)
        {
          cFloorSamples.append(elapsed)
          if let count = floorTerminal.minorFaults() { cFloorFaults.append(Double(count)) }
        }
        // The same work in Swift: what the runtime adds, apart from anything meals does.
        if let swiftFloor, let cMarker,
          let elapsed = PseudoTerminal(
            binary: swiftFloor, arguments: [path], columns: 80, rows: 24)?
            .read(until: cMarker)
        {
          swiftFloorSamples.append(elapsed)
        }
      }
      Measure.report(
        "real binary start-up to first frame, \(label)", samples,
        goal: label == "empty database" ? "—" : "≤ 1.5× the floor")
      // A variant of the same start: its figures, then what it adds to the plain one.
      func variant(_ title: String, _ variant: [Double], goal: String, cost: String) {
        guard !variant.isEmpty else { return }
        Measure.report(title, variant, goal: goal)
        Measure.say(
          String(
            format: "  \(cost): %+.2f ms", Measure.median(variant) - Measure.median(samples)))
      }
      variant(
        "  the same with a 200-line config file", configured, goal: "≤ 1 ms more",
        cost: "the config file's cost")
      variant(
        "  the same in German (LANG=de_DE.UTF-8, its catalog read)", german,
        goal: "the floor ratio unchanged", cost: "German's cost")
      if !cFloorSamples.isEmpty {
        Measure.report(
          "  the C floor (ncursesw + SQLite, ../shared/floor)", cFloorSamples, goal: "—")
        Measure.say(
          String(
            format: "  ratio to the C floor: %.2f (goal ≤ 1.5)",
            Measure.median(samples) / Measure.median(cFloorSamples)))
        if !faults.isEmpty && !cFloorFaults.isEmpty {
          Measure.say(
            String(
              format: "  page faults to the first frame: %.0f, the C floor's %.0f",
              Measure.median(faults), Measure.median(cFloorFaults)))
        }
        if !swiftFloorSamples.isEmpty {
          Measure.report(
            "  the same work in Swift (meals-floor-swift)", swiftFloorSamples, goal: "—")
          Measure.say(
            String(
              format: "  Swift's runtime adds %.2f ms; meals' own work %.2f ms",
              Measure.median(swiftFloorSamples) - Measure.median(cFloorSamples),
              Measure.median(samples) - Measure.median(swiftFloorSamples)))
        }
      }
      guard !floor.isEmpty else { continue }
      Measure.report("  the floor (Foundation + the first screen's read)", floor, goal: "—")
      Measure.say(
        String(
          format: "  ratio to the floor: %.2f", Measure.median(samples) / Measure.median(floor)))
    }
    phaseTable(binary: binary, databasePath: databasePath, packageRoot: packageRoot)
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

extension FirstFrameBench {
  /// Start-up phase by phase at 100 000 meals: the times `meals` notes (`MEALS_START_PHASES`)
  /// from its spawn, medians of 21 starts; before `main` against a C program that only loads
  /// the floor's libraries.
  static func phaseTable(binary: String, databasePath: String, packageRoot: URL) {
    let file = packageRoot.appendingPathComponent(".build/bench/start-phases").path
    var durations: [String: [Double]] = [:]
    var order: [String] = []
    for _ in 0..<21 {
      try? FileManager.default.removeItem(atPath: file)
      guard
        let terminal = PseudoTerminal(
          binary: binary, arguments: ["--db", databasePath, "--api-url", "http://127.0.0.1:9/"],
          columns: 80, rows: 24, environment: ["MEALS_START_PHASES=\(file)"]),
        terminal.read(until: "100000 meals") != nil
      else { continue }
      terminal.drain(for: 50)
      guard let text = try? String(contentsOfFile: file, encoding: .utf8) else { continue }
      var last = terminal.spawned
      for line in text.split(separator: "\n") {
        let parts = line.split(separator: " ", maxSplits: 1)
        guard parts.count == 2, let at = UInt64(parts[0]), at >= last else { continue }
        let phase = parts[1] == "main" ? "before main (loader, runtime)" : String(parts[1])
        if durations[phase] == nil { order.append(phase) }
        durations[phase, default: []].append(Double(at - last) / 1e6)
        last = at
      }
    }
    Measure.say("start-up phases at 100k meals (median of 21, ms; each from the one before):")
    for phase in order {
      let padded = phase + String(repeating: " ", count: max(0, 32 - phase.count))
      Measure.say("  " + padded + String(format: "%6.2f", Measure.median(durations[phase] ?? [])))
    }
    guard let empty = CFloor.emptyMain(packageRoot: packageRoot) else { return }
    var floor: [Double] = []
    for _ in 0..<21 {
      let start = MonotonicClock.nanoseconds()
      _ = ExchangeBench.readAll([empty])
      floor.append(Double(MonotonicClock.nanoseconds() - start) / 1e6)
    }
    Measure.say(
      String(
        format: "  floor: a C main() linked with ncursesw and SQLite, whole process %.2f ms",
        Measure.median(floor)))
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

/// The C program the issue measures start-up against (`../shared/floor`, read where it
/// exists, never copied here): built into `.build/bench` with the system's compiler.
enum CFloor {
  static func build(packageRoot: URL) -> String? {
    let source = packageRoot.deletingLastPathComponent()
      .appendingPathComponent("shared/floor/first_frame_floor.c").path
    guard FileManager.default.fileExists(atPath: source) else {
      Measure.say("C floor: \(source) not here; skipped")
      return nil
    }
    let binary = packageRoot.appendingPathComponent(".build/bench/first_frame_floor").path
    guard
      let result = try? runProcess([
        "/usr/bin/env", "gcc", "-O2", "-o", binary, source, "-lncursesw", "-lsqlite3",
      ]), result.status == 0
    else {
      Measure.say("C floor: gcc could not build \(source); skipped")
      return nil
    }
    return binary
  }

  /// A C program that loads the floor's libraries and returns: what the loader and the C
  /// runtime cost any program before `main` (written here, built into `.build/bench`).
  static func emptyMain(packageRoot: URL) -> String? {
    let folder = packageRoot.appendingPathComponent(".build/bench")
    let source = folder.appendingPathComponent("empty_main.c").path
    let binary = folder.appendingPathComponent("empty_main").path
    guard
      (try? "int main(void) { return 0; }\n".write(
        toFile: source, atomically: true, encoding: .utf8)) != nil,
      let result = try? runProcess([
        "/usr/bin/env", "gcc", "-O2", "-o", binary, source, "-Wl,--no-as-needed", "-lncursesw",
        "-lsqlite3",
      ]), result.status == 0
    else { return nil }
    return binary
  }

  /// The start of the last name its first frame draws at 80×24 (its 22nd row, in the list's
  /// order): the frame is whole once that is written.
  static func lastRow(databasePath: String) -> String? {
    guard let store = try? MealStore(path: databasePath, readOnly: true) else { return nil }
    let meals = store.meals()
    guard meals.count >= 22, let name = meals.row(at: 21)?.name else {
      return meals.count == 0 ? "My Meals" : meals.row(at: meals.count - 1)?.name
    }
    return String(name.prefix(20))
  }
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
