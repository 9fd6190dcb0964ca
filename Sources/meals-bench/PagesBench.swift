import Fixtures
import Foundation
import MealsCore
import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

/// Reading recipe pages: the reader in process, then a whole `meals import PAGE` process per
/// page, from a file and from the fixture server on 127.0.0.1.
///
/// On the 200 real pages of ../shared/recipe-pages when they are beside the checkout (unpacked
/// once into .build/bench), else on the project's own page fixtures.
enum PagesBench {
  static func run(folder: URL) throws {
    let pages = try pageFiles(folder: folder)
    guard !pages.isEmpty else {
      Measure.say("recipe pages: none found; skipped")
      return
    }
    let sizes = pages.compactMap { try? Data(contentsOf: $0).count }.sorted()
    Measure.say(
      "recipe pages: \(pages.count), median \(sizes[sizes.count / 2] / 1024) KiB, largest \((sizes.last ?? 0) / 1024) KiB"
    )
    try reader(pages)
    if CommandLine.arguments.contains("--reader") { return }
    guard let binary = Products.meals else { return }
    // The picture is not fetched (no internet here): the figure is the page's reading.
    setenv("MEALS_IMAGES", "off", 1)
    let database = folder.appendingPathComponent("pages-import.sqlite").path
    let template = folder.appendingPathComponent("pages-template.sqlite").path
    try makeTemplate(template, binary: binary)
    func importing(_ argument: String) -> Double {
      for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: database + suffix)
      }
      try? FileManager.default.copyItem(atPath: template, toPath: database)
      let start = MonotonicClock.nanoseconds()
      _ = ExchangeBench.readAll([binary, "--db", database, "import", argument])
      return Double(MonotonicClock.nanoseconds() - start) / 1_000_000
    }
    let files = pages.map { importing($0.path) }
    Measure.report("meals import FILE, whole process, per page", files, goal: "≤ 30 ms", p95: true)
    Measure.say(String(format: "  slowest page %.1f ms", files.max() ?? 0))
    let server = try FixtureServer(pages: pages[0].deletingLastPathComponent().path)
    defer { server.stop() }
    let addresses = pages.map {
      importing("http://127.0.0.1:\(server.port)/pages/\($0.lastPathComponent)")
    }
    Measure.report(
      "meals import URL (loopback), whole process, per page", addresses, goal: "≤ 30 ms", p95: true)
    Measure.say(String(format: "  slowest page %.1f ms", addresses.max() ?? 0))
  }

  /// `RecipeImport.candidates` on each page's bytes: the median of 5 runs per page.
  private static func reader(_ pages: [URL]) throws {
    var perPage: [Double] = []
    for page in pages {
      let data = try Data(contentsOf: page)
      let samples = Measure.times(5) {
        _ = try? RecipeImport.candidates(from: data, fileName: page.lastPathComponent)
      }
      perPage.append(Measure.median(samples))
    }
    Measure.report("reading a recipe page (in process), per page", perPage, goal: "—", p95: true)
    Measure.say(String(format: "  slowest page %.1f ms", perPage.max() ?? 0))
  }

  /// A database with one meal in it, as a user's would be, copied before each import.
  private static func makeTemplate(_ path: String, binary: String) throws {
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: path + suffix)
    }
    let seed = PackagePaths.fixtures.appendingPathComponent("recipes/graph-howto.jsonld").path
    _ = ExchangeBench.readAll([binary, "--db", path, "import", seed])
  }

  /// The real pages (unpacked once), else the project's page fixtures.
  private static func pageFiles(folder: URL) throws -> [URL] {
    let archive = PackagePaths.root.deletingLastPathComponent()
      .appendingPathComponent("shared/recipe-pages/pages.tar.xz")
    var source = PackagePaths.fixtures.appendingPathComponent("pages")
    if FileManager.default.fileExists(atPath: archive.path) {
      let unpacked = folder.appendingPathComponent("recipe-pages")
      if !FileManager.default.fileExists(atPath: unpacked.path) {
        try FileManager.default.createDirectory(at: unpacked, withIntermediateDirectories: true)
        let (status, _, errors) = try runProcess([
          "/usr/bin/env", "tar", "-xJf", archive.path, "-C", unpacked.path,
        ])
        guard status == 0 else {
          try? FileManager.default.removeItem(at: unpacked)
          throw UnpackError(message: "could not unpack \(archive.path): \(errors)")
        }
      }
      source = unpacked
    } else {
      Measure.say("../shared/recipe-pages is not beside this checkout: the project's own pages")
    }
    return try FileManager.default.contentsOfDirectory(at: source, includingPropertiesForKeys: nil)
      .filter { $0.pathExtension == "html" }.sorted { $0.path < $1.path }
  }
}

/// The real pages' archive could not be unpacked.
struct UnpackError: Error {
  var message: String
}
