import Foundation

/// Start-up of the real binary to its first frame: `meals` in a pseudo-terminal, timed from
/// spawn until the screen's meal count has been written, then `q`.
enum FirstFrameBench {
  static func run(packageRoot: URL, databasePath: String) throws {
    guard let binary = Products.meals else { return }
    let empty = packageRoot.appendingPathComponent(".build/bench/empty.sqlite").path
    for (label, path, marker) in [
      ("empty database", empty, "0 meals"), ("100k meals", databasePath, "100000 meals"),
    ] {
      var samples: [Double] = []
      for _ in 0..<11 {
        let terminal = PseudoTerminal(
          binary: binary, arguments: ["--db", path, "--api-url", "http://127.0.0.1:9/"],
          columns: 80, rows: 24)
        if let elapsed = terminal?.read(until: marker) { samples.append(elapsed) }
      }
      Measure.report(
        "real binary start-up to first frame, \(label)", samples,
        goal: label == "empty database" ? "—" : "≤ 30 ms")
    }
  }
}

/// The built products next to this benchmark.
enum Products {
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
