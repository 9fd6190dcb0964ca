import Files
import Fixtures
import Foundation
import MealsApp
import MealsCLI
import MealsCore
import MealsLaunch
import MealsNet
import MealsStore
import TerminalUI

/// Pictures against the fixture server: a photo the size of TheMealDB's small ones (250×250
/// JPEG) fetched, decoded and drawn, cold (over loopback) and warm (from the disk cache); Meal
/// Detail opened until its picture is on screen; and what a key waits for when it arrives
/// while a picture decodes.
enum PictureBench {
  static func run(folder: URL) throws {
    let server: FixtureServer
    do {
      server = try FixtureServer()
    } catch {
      Measure.say("pictures: the fixture server did not start (python3 missing?); skipped")
      return
    }
    defer { server.stop() }
    let http = try HTTPClient()
    let client = MealDBClient(baseURL: server.baseURL(), http: http)
    let cacheFolder = folder.appendingPathComponent("pictures").path
    let photo = "https://www.themealdb.com/images/media/meals/meal-250.jpg/small"
    let mode = PictureMode.symbols(colors: true)

    func fresh(clearing: Bool) -> PictureLoader {
      if clearing { try? FileManager.default.removeItem(atPath: cacheFolder) }
      return PictureLoader(mode: mode, service: client, cache: PictureCache(folder: cacheFolder))
    }
    func load(_ loader: PictureLoader) {
      loader.request(photo)
      while loader.state(photo) == .loading {
        _ = http.wait(for: [loader.worker.descriptor], timeoutMilliseconds: 50)
        loader.worker.drain()
      }
      while loader.lines(photo, columns: 40, maximumRows: 16) == nil { loader.worker.finishAll() }
    }
    var cold: [Double] = []
    var warm: [Double] = []
    for _ in 0..<15 {
      let loader = fresh(clearing: true)
      cold += Measure.times(1) { load(loader) }
      let again = fresh(clearing: false)
      warm += Measure.times(1) { load(again) }
    }
    let bytes = (try? PackagePaths.fixture("pictures/meal-250.jpg")) ?? Data()
    let decode = Measure.times(30) { _ = Picture.decode(bytes) }
    let picture = try Picture.decode(bytes).get()
    let draw = Measure.times(30) {
      _ = SymbolArt.lines(picture, columns: 40, rows: 16, colors: true)
    }
    var encodings: [(GraphicsProtocol, [Double], Int)] = []
    for graphics in GraphicsProtocol.allCases {
      var size = 0
      let times = Measure.times(10) {
        size = picture.protocolBytes(graphics, columns: 40, rows: 16)?.count ?? 0
      }
      encodings.append((graphics, times, size))
    }

    // Meal Detail in the app: Enter on the meal until the picture is on screen.
    let size = Size(width: 100, height: 34)
    let path = folder.appendingPathComponent("pictures.sqlite").path
    func appOnIrishMeals(clearing: Bool) throws -> MealsApplication {
      if clearing { try? FileManager.default.removeItem(atPath: cacheFolder) }
      let app = MealsApplication(
        store: try MealStore(path: path), service: client, pictures: mode,
        pictureCache: PictureCache(folder: cacheFolder))
      for key: Key in [.character("r"), .character("G"), .up, .up, .up, .up, .enter] {
        app.navigator.handle(key, size: size)
        while http.activeCount > 0 { _ = http.wait(for: [], timeoutMilliseconds: 50) }
        _ = http.wait(for: [], timeoutMilliseconds: 0)
        _ = app.navigator.render(size: size)
      }
      return app
    }
    /// Until the picture's symbols are on screen (a second at most), as the loop would wait:
    /// on the network and the picture worker together.
    func openUntilPicture(_ app: MealsApplication) {
      app.navigator.handle(.enter, size: size)
      let worker = app.context.pictures.worker
      let deadline = MonotonicClock.nanoseconds() + 1_000_000_000
      while MonotonicClock.nanoseconds() < deadline {
        let frame = app.navigator.render(size: size)
        if (5..<20).contains(where: { row in frame[row, 60].style.ink != nil }) { return }
        _ = http.wait(for: [worker.descriptor], timeoutMilliseconds: 50)
        worker.drain()
      }
    }
    var detailCold: [Double] = []
    var detailWarm: [Double] = []
    var keys: [Double] = []
    var busyKeys: [Double] = []
    for _ in 0..<10 {
      let coldApp = try appOnIrishMeals(clearing: true)
      detailCold += Measure.times(1) { openUntilPicture(coldApp) }
      let warmApp = try appOnIrishMeals(clearing: false)
      detailWarm += Measure.times(1) { openUntilPicture(warmApp) }
      keys += Measure.times(20) {
        warmApp.navigator.handle(.character("j"), size: size)
        _ = warmApp.navigator.render(size: size)
      }
      // Keys while the worker draws and encodes (a sixel encoding is ~17 ms): they do not wait.
      let worker = warmApp.context.pictures.worker
      for _ in 0..<4 {
        worker.run(
          { picture.protocolBytes(.sixel, columns: 40, rows: 16)?.count ?? 0 }, then: { _ in })
      }
      busyKeys += Measure.times(20) {
        warmApp.navigator.handle(.character("j"), size: size)
        _ = warmApp.navigator.render(size: size)
      }
      worker.finishAll()
    }
    Measure.report("picture 250×250: request → drawn, cold (loopback)", cold, goal: "—")
    Measure.report("picture 250×250: request → drawn, warm (disk cache)", warm, goal: "—")
    Measure.report("  decode the JPEG", decode, goal: "—")
    Measure.report("  draw 40×16 symbols", draw, goal: "—")
    for (graphics, times, size) in encodings {
      Measure.report("  encode 40×16 cells for \(graphics) (\(size / 1024) KiB)", times, goal: "—")
    }
    Measure.report("Meal Detail: Enter → picture on screen, warm", detailWarm, goal: "≤ 30 ms")
    Measure.report("Meal Detail: Enter → picture on screen, cold (loopback)", detailCold, goal: "—")
    Measure.report("Meal Detail with its picture: key + redraw", keys, goal: "≤ 1 ms", p95: true)
    Measure.report(
      "  the same while the worker encodes sixel pictures", busyKeys, goal: "≤ 1 ms", p95: true)
    Measure.say(String(format: "  peak memory of this process: %.1f MiB", Measure.peakMemoryMiB()))
  }
}
