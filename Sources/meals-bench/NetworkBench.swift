import Fixtures
import Foundation
import MealsCore
import MealsNet
import TerminalUI

/// Our client against `curl` on the same loopback URL of the project's fixture server.
enum NetworkBench {
  static func run() throws {
    let server: FixtureServer
    do {
      server = try FixtureServer()
    } catch {
      Measure.say("network: the fixture server did not start (python3 missing?); skipped")
      return
    }
    defer { server.stop() }
    let base = server.baseURL()
    let url = base + "search.php?s=arrabiata"
    let http = try HTTPClient()
    let client = MealDBClient(baseURL: base, http: http)
    func fetch(decode: Bool) {
      var done = false
      let id =
        decode
        ? client.searchMeals(named: "arrabiata") { _ in done = true }
        : http.get(url) { _ in done = true }
      while !done { _ = http.wait(for: [], timeoutMilliseconds: 1000) }
      _ = id
    }
    for _ in 0..<10 { fetch(decode: true) }
    let raw = Measure.times(100) { fetch(decode: false) }
    let decoded = Measure.times(100) { fetch(decode: true) }
    var curlTransfer: [Double] = []
    var curlProcess: [Double] = []
    for _ in 0..<30 {
      let process = Process()
      process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
      process.arguments = ["curl", "-s", "-o", "/dev/null", "-w", "%{time_total}", url]
      let pipe = Pipe()
      process.standardOutput = pipe
      let start = MonotonicClock.nanoseconds()
      try process.run()
      let text = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
      process.waitUntilExit()
      curlProcess.append(Double(MonotonicClock.nanoseconds() - start) / 1e6)
      if let seconds = Double(text) { curlTransfer.append(seconds * 1000) }
    }
    Measure.report("search over loopback, our client (transfer)", raw, goal: "≤ 1.5× curl")
    Measure.report("search over loopback, our client (+ decode)", decoded, goal: "—")
    Measure.report("curl time_total, same URL (new connection)", curlTransfer, goal: "—")
    Measure.report("curl whole process, same URL", curlProcess, goal: "—")
    Measure.say(
      String(
        format: "  ratio ours/curl time_total: %.2f (ours reuses the connection as the app does)",
        Measure.median(raw) / Measure.median(curlTransfer)))
  }
}
