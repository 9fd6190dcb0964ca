import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// The project's TheMealDB-shaped server (Tests/FixtureServer) on 127.0.0.1, a random port.
public final class FixtureServer {
  public let port: Int
  private let process: ChildProcess
  private var stopped = false

  /// `pages`: another folder whose files are served under `/pages/` too.
  public init(pages: String? = nil) throws {
    process = try ChildProcess(
      [
        "/usr/bin/env", "python3",
        PackagePaths.root.appendingPathComponent("Tests/FixtureServer/mealdb_fixture_server.py")
          .path,
        "--exit-on-stdin-eof",
      ] + (pages.map { ["--pages", $0] } ?? []))
    let text = process.read(until: "\n")
    guard let port = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      process.kill(SIGTERM)
      throw FixtureServerError(message: "the fixture server did not start: \(text)")
    }
    self.port = port
  }

  deinit { stop() }

  /// Ends the server (it exits when its standard input closes) and waits for it.
  public func stop() {
    guard !stopped else { return }
    stopped = true
    process.closeInput()
    process.kill(SIGTERM)
    process.wait()
  }

  /// The API base URL, optionally behind a misbehaviour prefix such as "status/500".
  public func baseURL(_ misbehaviour: String? = nil) -> String {
    let prefix = misbehaviour.map { "/\($0)" } ?? ""
    return "http://127.0.0.1:\(port)\(prefix)/api/json/v1/1/"
  }

  /// How many times each API request (`endpoint?query`) reached the server so far.
  public func requestCounts() throws -> [String: Int] {
    let script =
      "import sys,urllib.request;sys.stdout.write(urllib.request.urlopen(sys.argv[1]).read().decode())"
    let answer = try runProcess([
      "/usr/bin/env", "python3", "-c", script, "http://127.0.0.1:\(port)/_requests",
    ])
    return try JSONDecoder().decode([String: Int].self, from: Data(answer.output.utf8))
  }
}

public struct FixtureServerError: Error {
  public var message: String
}
