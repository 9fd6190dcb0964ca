import Fixtures
import Foundation
import MealsCore
import MealsStore
import TerminalUI

/// `meals sync` of the real binary, the whole process each time: the first sync (every file
/// written), a sync with nothing changed beside `ls -lR` of the same folder (at 2 000 files,
/// #59's measure: within 5×, and at 10 000), and one with a change on each side.
enum SyncBench {
  static let meals = 10_000

  static func run(folder: URL) throws {
    try unchanged(folder: folder, count: 2_000)
    try full(folder: folder)
  }

  /// A sync with nothing changed over `count` files against `ls -lR` of the folder, each run
  /// in turn, and their ratio run by run.
  private static func unchanged(folder: URL, count: Int) throws {
    guard let binary = Products.meals else { return }
    let database = folder.appendingPathComponent("sync-\(count).sqlite").path
    let recipes = folder.appendingPathComponent("sync-recipes-\(count)").path
    for path in [database, database + "-wal", database + "-shm", recipes] {
      try? FileManager.default.removeItem(atPath: path)
    }
    let store = try MealStore(path: database)
    try store.insert(contentsOf: (0..<count).map(SampleData.meal))
    let sync = [binary, "--db", database, "sync", recipes]
    guard ExchangeBench.readAll(sync) != nil else {
      Measure.say("meals sync: the command failed")
      return
    }
    // Right after the files were written, their records are unsure (git's racily clean
    // rule): the next sync reads every file once. Said apart; then the steady state, as
    // between two syncs a person makes.
    if let first = timed(sync) {
      Measure.say(String(format: "meals sync, nothing changed, just after writing: %.1f ms", first))
    }
    usleep(useconds_t((SyncRecord.coarseWindow + 0.5) * 1_000_000))
    _ = timed(sync)
    var syncs: [Double] = []
    var listings: [Double] = []
    var ratios: [Double] = []
    for _ in 0..<11 {
      guard let time = timed(sync), let listing = timed(["/bin/ls", "-lR", recipes]) else {
        continue
      }
      syncs.append(time)
      listings.append(listing)
      ratios.append(time / listing)
    }
    Measure.report("meals sync, nothing changed, \(count) files", syncs, goal: "≤ 5× ls -lR")
    Measure.report("ls -lR of the same folder", listings, goal: "—")
    Measure.say(
      String(format: "  nothing-changed sync / ls -lR: median %.2f×", Measure.median(ratios)))
  }

  private static func timed(_ arguments: [String]) -> Double? {
    let start = MonotonicClock.nanoseconds()
    guard ExchangeBench.readAll(arguments) != nil else { return nil }
    return Double(MonotonicClock.nanoseconds() - start) / 1e6
  }

  private static func full(folder: URL) throws {
    guard let binary = Products.meals else { return }
    let base = folder.appendingPathComponent("sync-\(meals).sqlite").path
    if (try? MealStore(path: base))?.mealCount != meals {
      for suffix in ["", "-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: base + suffix)
      }
      let store = try MealStore(path: base)
      try store.insert(contentsOf: (0..<meals).map(SampleData.meal))
    }
    let database = folder.appendingPathComponent("sync-run.sqlite").path
    // Each first sync writes a folder of its own, named afresh, and the folders go only after
    // every figure is taken: ext4 without a journal (this machine's) passes over the inodes
    // freed in the last minutes when it makes a file, so a folder removed just before timed
    // the file system's search rather than meals (10 000 files: 2.2 s into a fresh folder,
    // 5.5 s just after removing one).
    let rounds = (0..<3).map {
      folder.appendingPathComponent("sync-recipes-\(getpid())-\($0)").path
    }
    let recipes = rounds[rounds.count - 1]
    defer {
      for path in rounds + [folder.appendingPathComponent("sync-recipes").path] {
        try? FileManager.default.removeItem(atPath: path)
      }
    }
    func book() throws {
      for path in [database, database + "-wal", database + "-shm"] {
        try? FileManager.default.removeItem(atPath: path)
      }
      try FileManager.default.copyItem(atPath: base, toPath: database)
    }
    func fresh() throws {
      try? FileManager.default.removeItem(atPath: recipes)
      try book()
    }
    var first: [Double] = []
    for round in rounds {
      try book()
      guard let time = timed([binary, "--db", database, "sync", round]) else {
        Measure.say("meals sync: the command failed")
        return
      }
      first.append(time)
    }
    let sync = [binary, "--db", database, "sync", recipes]
    Measure.report(
      "meals sync, first sync of \(meals) meals (every file written)", first, goal: "≤ 5 s")
    let files = FileManager.default.enumerator(atPath: recipes)?.allObjects.count ?? 0
    Measure.say("  (\(files) files and folders in the sync folder)")
    var unchanged: [Double] = []
    var listing: [Double] = []
    for _ in 0..<9 {
      if let time = timed(sync) { unchanged.append(time) }
      if let time = timed(["/bin/ls", "-lR", recipes]) { listing.append(time) }
    }
    Measure.report("meals sync, nothing changed", unchanged, goal: "little more than ls -lR")
    Measure.report("ls -lR of the same folder", listing, goal: "—")
    // One meal changed in the book and one file by hand, each time.
    var changed: [Double] = []
    for round in 0..<5 {
      let store = try MealStore(path: database)
      if let id = store.mealIDs(named: SampleData.meal(round).name).first {
        var draft = try store.editableCopy(of: id)
        draft.meal.instructions += "\nRound \(round)."
        try store.commit(draft)
      }
      if let file = FileManager.default.enumerator(atPath: recipes)?.allObjects
        .compactMap({ $0 as? String }).first(where: { $0.hasSuffix(".cook") })
      {
        let path = recipes + "/" + file
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        try (text + "\nStir again \(round).\n").write(
          toFile: path, atomically: true, encoding: .utf8)
      }
      if let time = timed(sync) { changed.append(time) }
    }
    Measure.report("meals sync, one meal changed on each side", changed, goal: "—")
    keysWhileSyncing(binary: binary, fresh: fresh, database: database, recipes: recipes)
  }

  /// Keys at a human rhythm while the app's first sync writes every file on its worker.
  private static func keysWhileSyncing(
    binary: String, fresh: () throws -> Void, database: String, recipes: String
  ) {
    var generator = SeededRandom(seed: 11)
    var samples: [Double] = []
    for _ in 0..<2 {
      try? fresh()
      guard
        let terminal = PseudoTerminal(
          binary: binary,
          arguments: ["--db", database, "--api-url", "http://127.0.0.1:9/", "--no-animation"],
          columns: 80, rows: 24, environment: ["MEALS_SYNC_FOLDER=\(recipes)"]),
        terminal.read(until: "\(meals) meals") != nil
      else {
        Measure.say("keys while syncing: meals did not start")
        return
      }
      let begin = MonotonicClock.nanoseconds()
      while Double(MonotonicClock.nanoseconds() - begin) / 1e6 < 4_000 {
        for key in ["j", "j", "k"] {
          if let elapsed = terminal.firstByte(after: key) { samples.append(elapsed) }
          terminal.drain(for: Double.random(in: 120...250, using: &generator))
        }
      }
    }
    Measure.report(
      "keys while the app's first sync writes \(meals) files, key → first byte", samples,
      goal: "p95 ≤ 8 ms", p95: true)
    Measure.say(String(format: "  slowest %.1f ms", samples.max() ?? 0))
  }
}
