import Foundation

/// What the terminal receives: bytes written per selection move in one and two panes, and the
/// frames of a slide, from the real binary in a pseudo-terminal.
enum RedrawBench {
  static func run(databasePath: String) {
    guard let binary = Products.meals else { return }
    let arguments = ["--db", databasePath, "--api-url", "http://127.0.0.1:9/"]
    for (columns, rows, panes) in [
      (80, 24, "one pane"), (100, 30, "two panes"), (200, 60, "two panes"),
    ] {
      guard
        let terminal = PseudoTerminal(
          binary: binary, arguments: arguments, columns: columns, rows: rows),
        terminal.read(until: "100000 meals") != nil
      else {
        Measure.say("bytes per move at \(columns)×\(rows): the app did not start; skipped")
        continue
      }
      _ = terminal.readUntilQuiet(quiet: 400)  // the first frame, the offline notice
      var sizes: [Double] = []
      for _ in 0..<40 {
        terminal.write("\u{1B}[B")
        sizes.append(Double(terminal.readUntilQuiet().reduce(0) { $0 + $1.bytes }))
      }
      let label = "bytes sent per selection move, \(columns)×\(rows) (\(panes))"
      Measure.say(
        String(
          format: "%@ median %6.0f B  max %6.0f B  (n=%d; goal %@)",
          label.padding(toLength: 52, withPad: " ", startingAt: 0) as NSString,
          Measure.median(sizes), sizes.max() ?? 0, sizes.count,
          columns == 80 ? "≤ 200 B" : "only what changed" as NSString))
    }
    slides(binary: binary, arguments: arguments)
  }

  /// A push (Enter) and a pop (Esc) with animations on: frames written and the time to the last.
  private static func slides(binary: String, arguments: [String]) {
    guard
      let terminal = PseudoTerminal(
        binary: binary, arguments: arguments, columns: 100, rows: 30,
        environment: ["MEALS_ANIMATION=1"]),
      terminal.read(until: "100000 meals") != nil
    else { return }
    _ = terminal.readUntilQuiet(quiet: 400)
    var frames: [String: [Double]] = [:]
    var durations: [String: [Double]] = [:]
    for _ in 0..<20 {
      // Enter opens the selected meal, q goes back (Esc would add the 25 ms a lone Esc waits).
      for (name, key) in [("push", "\r"), ("pop", "q")] {
        terminal.write(key)
        let times = frameTimes(terminal.readUntilQuiet(quiet: 60))
        frames[name, default: []].append(Double(times.count))
        durations[name, default: []].append(times.last ?? 0)
        _ = terminal.readUntilQuiet(quiet: 100)
      }
    }
    for name in ["push", "pop"] {
      Measure.say(
        String(
          format: "%@ median %4.0f frames, the last at %5.1f ms  (n=%d; goal 3–5 frames ≤ 100 ms)",
          "slide (\(name)) at 100×30".padding(toLength: 52, withPad: " ", startingAt: 0)
            as NSString,
          Measure.median(frames[name] ?? []), Measure.median(durations[name] ?? []),
          frames[name]?.count ?? 0))
    }
  }

  /// Reads that arrive within 5 ms of each other are one frame (a big frame takes several).
  private static func frameTimes(_ bursts: [(time: Double, bytes: Int)]) -> [Double] {
    var frames: [Double] = []
    for burst in bursts {
      if let last = frames.last, burst.time - last < 5 {
        frames[frames.count - 1] = burst.time
      } else {
        frames.append(burst.time)
      }
    }
    return frames
  }
}
