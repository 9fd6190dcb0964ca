import Foundation

/// The project's TheMealDB-shaped server (Tests/FixtureServer) on 127.0.0.1, a random port.
public final class FixtureServer {
  public let port: Int
  private let process: Process
  private let input: Pipe

  public init() throws {
    process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = [
      "python3",
      PackagePaths.root.appendingPathComponent("Tests/FixtureServer/mealdb_fixture_server.py").path,
      "--exit-on-stdin-eof",
    ]
    let output = Pipe()
    input = Pipe()
    process.standardOutput = output
    process.standardInput = input
    try process.run()
    let text = output.fileHandleForReading.read(until: "\n")
    guard let port = Int(text.trimmingCharacters(in: .whitespacesAndNewlines)) else {
      process.terminate()
      throw FixtureServerError(message: "the fixture server did not start: \(text)")
    }
    self.port = port
  }

  deinit { stop() }

  public func stop() {
    if process.isRunning {
      process.terminate()
      process.waitUntilExit()
    }
  }

  /// The API base URL, optionally behind a misbehaviour prefix such as "status/500".
  public func baseURL(_ misbehaviour: String? = nil) -> String {
    let prefix = misbehaviour.map { "/\($0)" } ?? ""
    return "http://127.0.0.1:\(port)\(prefix)/api/json/v1/1/"
  }
}

public struct FixtureServerError: Error {
  public var message: String
}

extension FileHandle {
  /// Reads what a child process prints until `marker` appears or its output ends.
  public func read(until marker: String) -> String {
    var text = ""
    while !text.contains(marker) {
      let data = availableData
      if data.isEmpty { break }
      text += String(decoding: data, as: UTF8.self)
    }
    return text
  }
}
