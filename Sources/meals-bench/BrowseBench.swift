import Fixtures
import Foundation
import MealsApp
import MealsCore
import MealsNet
import MealsStore
import TerminalUI

/// The browse screens against the project's fixture server: a cached list's first frame, an
/// uncached list's rows over loopback against the bare transfer, and a whole demo walk's
/// requests.
enum BrowseBench {
  static func run(folder: URL) throws {
    let server: FixtureServer
    do {
      server = try FixtureServer()
    } catch {
      Measure.say("browse: the fixture server did not start (python3 missing?); skipped")
      return
    }
    defer { server.stop() }
    let http = try HTTPClient()
    let client = MealDBClient(baseURL: server.baseURL(), http: http)
    let size = Size(width: 100, height: 30)
    let path = folder.appendingPathComponent("browse.sqlite").path

    func freshApp(keepingCache: Bool) throws -> MealsApplication {
      if !keepingCache {
        for suffix in ["", "-wal", "-shm"] {
          try? FileManager.default.removeItem(atPath: path + suffix)
        }
      }
      let app = MealsApplication(store: try MealStore(path: path), service: client)
      _ = app.navigator.render(size: size)
      return app
    }
    /// Lets transfers finish and their answers arrive, as the loop does.
    func settle(_ app: MealsApplication) {
      while http.activeCount > 0 { _ = http.wait(for: [], timeoutMilliseconds: 50) }
      _ = http.wait(for: [], timeoutMilliseconds: 0)
    }
    func press(_ app: MealsApplication, _ keys: Key...) {
      for key in keys {
        app.navigator.handle(key, size: size)
        settle(app)
        _ = app.navigator.render(size: size)
      }
    }

    // An uncached list: Enter on Categories until its rows are on screen, in a running app
    // (statements prepared, connection warm) that has never fetched it.
    var uncached: [Double] = []
    let running = try freshApp(keepingCache: false)
    // MEALS_BENCH_UNCACHED_RUNS=4000 makes a run long enough to profile with perf.
    let runs = Int(ProcessInfo.processInfo.environment["MEALS_BENCH_UNCACHED_RUNS"] ?? "") ?? 30
    for _ in 0..<runs {
      try running.context.store.clearRemoteCache()
      running.context.remote.forgetThisSession()
      press(running, .character("b"), .down)
      uncached += Measure.times(1) {
        running.navigator.handle(.enter, size: size)
        while !running.navigator.render(size: size).line(1).hasSuffix("9 categories") {
          _ = http.wait(for: [], timeoutMilliseconds: 50)
        }
      }
      press(running, .escape, .escape)
    }
    let url = server.baseURL() + MealDBRequest.categories.cacheKey
    let transfer = Measure.times(20) {
      var done = false
      http.get(url) { _ in done = true }
      while !done { _ = http.wait(for: [], timeoutMilliseconds: 50) }
    }
    // A cached list: a new app (a later launch) opening Categories from the database.
    var cached: [Double] = []
    for _ in 0..<20 {
      let app = try freshApp(keepingCache: true)
      press(app, .character("b"), .down)
      cached += Measure.times(1) {
        app.navigator.handle(.enter, size: size)
        _ = app.navigator.render(size: size)
      }
    }
    if CommandLine.arguments.contains("--verbose") {
      // Where the time of an uncached list goes, besides the transfer.
      let body = MealsBodies.categories(server: server, http: http)
      let store = try MealStore(path: path)
      Measure.report(
        "  decode categories", Measure.times(50) { _ = try? MealDBDecoder.categories(from: body) },
        goal: "—")
      Measure.report(
        "  keep categories in the cache",
        try Measure.times(50) { try store.keepAnswer(body, for: "x") }, goal: "—")
      let app = try freshApp(keepingCache: true)
      press(app, .character("b"), .down, .enter)
      Measure.report(
        "  render Categories", Measure.times(50) { _ = app.navigator.render(size: size) }, goal: "—"
      )
    }
    Measure.report("Enter on a cached list to its first frame", cached, goal: "≤ 5 ms")
    Measure.report(
      "Enter on an uncached list to its rows (loopback)", uncached, goal: "≤ 2× transfer")
    Measure.report("  the same request's transfer alone", transfer, goal: "—")
    Measure.say(
      String(
        format: "  ratio list/transfer: %.2f", Measure.median(uncached) / Measure.median(transfer)))

    // The demo walk: everything a first session does, then the same lists again.
    let before = try server.requestCounts().values.reduce(0, +)
    let app = try freshApp(keepingCache: false)
    app.start()
    settle(app)
    // Categories › Beef › Bulgogi, saved.
    press(app, .character("c"), .enter, .down, .enter, .character("s"))
    press(app, .escape, .escape, .escape, .down, .enter)  // Areas
    press(app, .character("G"), .up, .up, .up, .up, .enter, .enter)  // Irish › stew
    press(app, .escape, .escape, .escape, .down, .enter)  // Ingredients
    for character in "garl" { press(app, .character(character)) }
    press(app, .enter, .enter, .escape, .escape, .escape, .down, .enter)  // Garlic › meal; Surprise
    press(app, .escape, .up, .up, .up, .enter, .enter, .escape, .escape)  // Categories, Beef again
    let after = try server.requestCounts().values.reduce(0, +)
    Measure.say(
      "demo walk (welcome, 3 lists, 3 meals, surprise, lists again): \(after - before) requests")
  }
}

/// Raw answers for the verbose figures.
enum MealsBodies {
  static func categories(server: FixtureServer, http: HTTPClient) -> Data {
    var body = Data()
    var done = false
    http.get(server.baseURL() + "categories.php") { result in
      body = (try? result.get()) ?? Data()
      done = true
    }
    while !done { _ = http.wait(for: [], timeoutMilliseconds: 50) }
    return body
  }
}
