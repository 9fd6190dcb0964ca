import Fixtures
import Foundation
import MealsCore
import TerminalUI

#if canImport(Glibc)
  import Glibc
#endif

/// `meals serve` on the 100k book, measured as a phone meets it: over loopback, the server's
/// own time for each answer (its `Server-Timing` header) and the time to the whole answer; 200
/// clients at once; and the app's keys at a human rhythm while 50 requests a second arrive.
enum ServeBench {
  static func run(databasePath: String, mealCount: Int) {
    guard let binary = Products.meals else { return }
    guard let server = try? ChildProcess([binary, "--db", databasePath, "serve", "--port", "0"])
    else {
      Measure.say("serve: meals serve did not start")
      return
    }
    defer {
      server.kill(SIGINT)
      server.wait()
    }
    let first = server.read(until: "\n", timeout: 60).split(separator: "\n").first ?? ""
    guard let portText = first.split(separator: ":").last?.split(separator: "/").first,
      let port = Int(portText), let token = first.split(separator: "=").last
    else {
      Measure.say("serve: no pairing address (\(first))")
      return
    }
    let http = RawHTTP(port: port)
    let headers = ["Authorization": "Bearer \(token)"]
    var generator = SeededRandom(seed: 41)

    // A meal's page, and its JSON scaled.
    var serverTimes: [Double] = []
    var wholeTimes: [Double] = []
    for index in 0..<300 {
      let id = Int.random(in: 1...mealCount, using: &generator)
      let path = index.isMultiple(of: 2) ? "/meal/\(id)" : "/api/meals/\(id)?servings=8"
      let started = MonotonicClock.nanoseconds()
      guard let answer = try? http.request("GET", path, headers: headers), answer.status == 200
      else { continue }
      wholeTimes.append(Double(MonotonicClock.nanoseconds() - started) / 1e6)
      if let time = serverTime(answer) { serverTimes.append(time) }
    }
    Measure.report(
      "serve: a meal (page or JSON) at 100k, server time", serverTimes, goal: "≤ 5 ms", p95: true)
    Measure.report("serve: the same, request to whole answer", wholeTimes, goal: "—", p95: true)

    // Searches as a phone types them.
    serverTimes = []
    for text in FilterBench.latin.prefix(120) {
      let path = "/api/meals?q=" + HTMLEscaping.queryValue(text)
      guard let answer = try? http.request("GET", path, headers: headers), answer.status == 200,
        let time = serverTime(answer)
      else { continue }
      serverTimes.append(time)
    }
    Measure.report("serve: a search at 100k, server time", serverTimes, goal: "≤ 20 ms", p95: true)

    crowd(http, headers: headers, mealCount: mealCount)
    phones(port: port, headers: headers, mealCount: mealCount)
    keysUnderLoad(binary: binary, databasePath: databasePath, http: http, headers: headers)
  }

  /// `Server-Timing: meals;dur=1.234` in milliseconds.
  private static func serverTime(_ answer: RawHTTP.Answer) -> Double? {
    answer.headers["server-timing"]?.split(separator: "=").last.flatMap { Double($0) }
  }

  /// What the bench's threads share, under its condition's lock.
  private final class Shared: @unchecked Sendable {
    let condition = NSCondition()
    var go = false
    var running = true
    var times: [Double] = []
    var answered = 0
    var finished = 0
    var requests = 0

    func locked<T>(_ body: (Shared) -> T) -> T {
      condition.lock()
      defer { condition.unlock() }
      return body(self)
    }
  }

  /// 200 phones asking at the same moment, each from an address of its own (127.0.0.2 and up,
  /// as the server's limits per address expect), from one thread (`CrowdClient`), seven
  /// times: each round's median and p99, and the median of the rounds'.
  private static func phones(port: Int, headers: [String: String], mealCount: Int) {
    let clients = 200
    var medians: [Double] = []
    var worst: [Double] = []
    var answered: [Int] = []
    for round in 0..<7 {
      let paths = (0..<clients).map { "/meal/\(1 + (round * 7_919 + $0 * 499) % mealCount)" }
      let outcomes = CrowdClient.ask(port: port, paths: paths, headers: headers)
      let times = outcomes.filter { $0.status == 200 }.map(\.milliseconds)
      answered.append(times.count)
      medians.append(Measure.median(times))
      worst.append(Measure.percentile(times, 0.99))
      usleep(200_000)
    }
    Measure.say(
      String(
        format:
          "serve: %d phones at once (one client thread), 7 rounds: answered %d–%d; median %.1f ms, p99 %.1f ms (rounds' p99 %.1f–%.1f; goal p99 ≤ 50 ms)",
        clients, answered.min() ?? 0, answered.max() ?? 0, Measure.median(medians),
        Measure.median(worst), worst.min() ?? .nan, worst.max() ?? .nan))
  }

  /// 200 clients, each on a thread of its own on this machine, asking at the same moment (the
  /// client threads share the server's cores: a harder case than 200 phones).
  private static func crowd(_ http: RawHTTP, headers: [String: String], mealCount: Int) {
    let clients = 200
    let shared = Shared()
    for client in 0..<clients {
      Thread.detachNewThread {
        shared.condition.lock()
        while !shared.go { shared.condition.wait() }
        shared.condition.unlock()
        let started = MonotonicClock.nanoseconds()
        let phone = RawHTTP(port: http.port, source: "127.0.0.\(2 + client % 250)")
        let answer = try? phone.request(
          "GET", "/meal/\(1 + (client * 499) % mealCount)", headers: headers, timeout: 30)
        let elapsed = Double(MonotonicClock.nanoseconds() - started) / 1e6
        shared.locked {
          if answer?.status == 200 {
            $0.answered += 1
            $0.times.append(elapsed)
          }
          $0.finished += 1
          $0.condition.broadcast()
        }
      }
    }
    usleep(300_000)
    shared.condition.lock()
    shared.go = true
    shared.condition.broadcast()
    while shared.finished < clients { shared.condition.wait() }
    shared.condition.unlock()
    let times = shared.times
    Measure.say(
      String(
        format:
          "serve: %d client threads at once: %d answered; median %.1f ms, p99 %.1f ms, slowest %.1f ms",
        clients, shared.answered, Measure.median(times), Measure.percentile(times, 0.99),
        times.max() ?? .nan))
  }

  /// The app's filter keys at a human rhythm while a phone (or several) asks 50 times a second.
  private static func keysUnderLoad(
    binary: String, databasePath: String, http: RawHTTP, headers: [String: String]
  ) {
    guard let terminal = KeyRhythmBench.start(binary, databasePath) else { return }
    terminal.drain(for: 300)
    let shared = Shared()
    Thread.detachNewThread {
      var generator = SeededRandom(seed: 5)
      let paths = ["/api/shopping", "/", "/api/meals?q=chicken", "/plan"]
      while shared.locked({ $0.running }) {
        let started = MonotonicClock.nanoseconds()
        let path =
          Bool.random(using: &generator)
          ? "/meal/\(Int.random(in: 1...100_000, using: &generator))"
          : paths[Int.random(in: 0..<paths.count, using: &generator)]
        _ = try? http.request("GET", path, headers: headers)
        shared.locked { $0.requests += 1 }
        let spent = Double(MonotonicClock.nanoseconds() - started) / 1e3
        if spent < 20_000 { usleep(useconds_t(20_000 - spent)) }
      }
    }
    var generator = SeededRandom(seed: 9)
    var samples: [Double] = []
    let begin = MonotonicClock.nanoseconds()
    for key in ["/"] + KeyRhythmBench.typedKeys() {
      if let elapsed = terminal.firstByte(after: key) { samples.append(elapsed) }
      terminal.drain(for: Double.random(in: 120...250, using: &generator) - (samples.last ?? 0))
    }
    let seconds = Double(MonotonicClock.nanoseconds() - begin) / 1e9
    let requests = shared.locked {
      $0.running = false
      return $0.requests
    }
    Measure.report(
      "serve: app keys at 120–250 ms while requests arrive", samples, goal: "p95 ≤ 8 ms", p95: true)
    Measure.say(
      String(
        format: "  %.0f requests a second meanwhile; slowest key %.1f ms",
        Double(requests) / seconds, samples.max() ?? 0))
  }
}
