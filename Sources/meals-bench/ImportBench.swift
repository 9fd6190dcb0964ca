import Fixtures
import Foundation

/// `meals import` of a 1 000-recipe Paprika export with photos (~150 MB, written by
/// Tests/Exports/make_exports.py for the benchmark), the whole process each time: its time and
/// its peak memory (the largest resident set of the child, through a small python3 parent
/// whose own is ~10 MB; meals-bench's would be counted as the child's otherwise).
enum ImportBench {
  static let recipes = 1_000

  static func run(folder: URL) throws {
    guard let binary = Products.meals else { return }
    let exportFolder = folder.appendingPathComponent("exports").path
    let export = exportFolder + "/bench-\(recipes).paprikarecipes"
    if !FileManager.default.fileExists(atPath: export) {
      let script = packageRoot.appendingPathComponent("Tests/Exports/make_exports.py").path
      guard
        (try? runProcess([
          "/usr/bin/env", "python3", script, exportFolder, "--paprika", "\(recipes)",
        ]))?
        .status == 0
      else {
        Measure.say("meals import: the export could not be written (python3?)")
        return
      }
    }
    let size = (try? FileManager.default.attributesOfItem(atPath: export)[.size] as? Int) ?? 0
    Measure.say("  (the export: \(recipes) recipes with photos, \(size / 1_048_576) MB)")
    let database = folder.appendingPathComponent("import-run.sqlite").path
    var times: [Double] = []
    var peaks: [Double] = []
    for _ in 0..<3 {
      for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: database + suffix)
      }
      let measured = try? runProcess([
        "/usr/bin/env", "python3", "-c",
        "import resource,subprocess,sys,time; t=time.monotonic(); "
          + "r=subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL); "
          + "print(r.returncode, time.monotonic()-t, resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)",
        binary, "--db", database, "import", export,
      ])
      let figures = (measured?.output ?? "").split(separator: " ").map {
        String($0).trimmingCharacters(in: .whitespacesAndNewlines)
      }
      guard figures.count == 3, figures[0] == "0", let seconds = Double(figures[1]),
        let kilobytes = Double(figures[2])
      else {
        Measure.say("meals import: the command failed (\(measured?.errors ?? ""))")
        return
      }
      times.append(seconds * 1000)
      peaks.append(kilobytes / 1024)
    }
    Measure.report("meals import, Paprika export of \(recipes) with photos", times, goal: "≤ 10 s")
    Measure.say(
      String(
        format: "  peak memory of the import: median %.1f MB (runs: %@; goal ≤ 100 MB)",
        Measure.median(peaks), peaks.map { String(format: "%.1f", $0) }.joined(separator: ", ")))
  }
}
