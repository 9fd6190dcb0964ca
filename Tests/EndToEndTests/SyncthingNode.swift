import Fixtures
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// One Syncthing instance on loopback for the tests.
///
/// Its own home, GUI/API port and listening port; discovery, relays and NAT traversal off; one
/// folder, `meals`, shared with the other node. Waited on through its REST API, never by
/// sleeping a fixed time.
final class SyncthingNode {
  let name: String
  let home: String
  /// The folder it shares (the book's sync folder).
  let folder: String
  let deviceID: String
  let apiPort: Int
  let listenPort: Int
  private let apiKey = "meals-test-key"
  private var process: ChildProcess?

  static let program = "/usr/bin/syncthing"
  static let folderID = "meals"

  /// Makes its keys (`syncthing generate`); the configuration is written by `start(peer:)`.
  init(name: String, root: String) throws {
    guard FileManager.default.isExecutableFile(atPath: Self.program) else {
      throw NodeFailure("Syncthing is not installed (make test installs Debian's syncthing)")
    }
    self.name = name
    home = root + "/" + name + "-syncthing"
    folder = root + "/" + name + "-recipes"
    try FileManager.default.createDirectory(
      atPath: folder + "/.stfolder", withIntermediateDirectories: true)
    let generated = try runProcess([
      Self.program, "generate", "--home=" + home, "--no-default-folder", "--skip-port-probing",
    ])
    guard generated.status == 0 else {
      throw NodeFailure("syncthing generate: \(generated.errors)")
    }
    let shown = try runProcess([Self.program, "serve", "--home=" + home, "--device-id"])
    deviceID = shown.output.trimmingCharacters(in: .whitespacesAndNewlines)
    guard deviceID.count > 50 else { throw NodeFailure("no device id: \(shown.output)") }
    apiPort = try Self.freePort()
    listenPort = try Self.freePort()
  }

  /// The seven letters Syncthing names this device by in a conflict copy.
  var shortID: String { String(deviceID.prefix(7)) }

  func start(peer: SyncthingNode) throws {
    // The version this Syncthing wrote (it refuses a newer one).
    let generated = try String(contentsOfFile: home + "/config.xml", encoding: .utf8)
    let version =
      generated.range(of: #"version="[0-9]+""#, options: .regularExpression).map {
        String(generated[$0].dropFirst(9).dropLast())
      } ?? "36"
    let config = """
      <configuration version="\(version)">
        <folder id="\(Self.folderID)" label="meals" path="\(folder)" type="sendreceive" \
      rescanIntervalS="3600" fsWatcherEnabled="false" ignorePerms="false" autoNormalize="true">
          <device id="\(deviceID)"></device>
          <device id="\(peer.deviceID)"></device>
          <minDiskFree unit="%">0</minDiskFree>
          <versioning></versioning>
          <maxConflicts>10</maxConflicts>
        </folder>
        <device id="\(deviceID)" name="\(name)" compression="metadata" introducer="false">
          <address>dynamic</address>
        </device>
        <device id="\(peer.deviceID)" name="\(peer.name)" compression="metadata" introducer="false">
          <address>tcp://127.0.0.1:\(peer.listenPort)</address>
        </device>
        <gui enabled="true" tls="false">
          <address>127.0.0.1:\(apiPort)</address>
          <apikey>\(apiKey)</apikey>
        </gui>
        <options>
          <listenAddress>tcp://127.0.0.1:\(listenPort)</listenAddress>
          <globalAnnounceEnabled>false</globalAnnounceEnabled>
          <localAnnounceEnabled>false</localAnnounceEnabled>
          <relaysEnabled>false</relaysEnabled>
          <natEnabled>false</natEnabled>
          <reconnectionIntervalS>1</reconnectionIntervalS>
          <urAccepted>-1</urAccepted>
          <autoUpgradeIntervalH>0</autoUpgradeIntervalH>
          <crashReportingEnabled>false</crashReportingEnabled>
          <startBrowser>false</startBrowser>
          <minHomeDiskFree unit="%">0</minHomeDiskFree>
        </options>
      </configuration>
      """
    try config.write(toFile: home + "/config.xml", atomically: true, encoding: .utf8)
    // Its log to a file: a pipe nobody reads would fill and stop it.
    process = try ChildProcess([
      "/bin/sh", "-c",
      "STNOUPGRADE=1 exec \(Self.program) serve --home='\(home)' --no-browser --no-restart "
        + "--logfile='\(home)/log' >'\(home)/out' 2>&1",
    ])
    try wait("\(name)'s API") { try self.get("/rest/system/ping").status == 200 }
  }

  func stop() {
    process?.kill(SIGTERM)
    process?.wait()
    process = nil
  }

  // MARK: - The REST API

  @discardableResult
  func get(_ path: String) throws -> RawHTTP.Answer {
    try RawHTTP(port: apiPort).request("GET", path, headers: ["X-API-Key": apiKey])
  }

  @discardableResult
  func post(_ path: String) throws -> RawHTTP.Answer {
    try RawHTTP(port: apiPort).request("POST", path, headers: ["X-API-Key": apiKey], body: "")
  }

  func json(_ path: String) throws -> [String: Any] {
    let answer = try get(path)
    let body =
      answer.headers["transfer-encoding"] == "chunked"
      ? RawHTTP.dechunked(answer.body) : answer.body
    return (try JSONSerialization.jsonObject(with: Data(body.utf8)) as? [String: Any]) ?? [:]
  }

  /// Whether it is connected to `peer`.
  func isConnected(to peer: SyncthingNode) throws -> Bool {
    let connections = try json("/rest/system/connections")["connections"] as? [String: Any]
    return (connections?[peer.deviceID] as? [String: Any])?["connected"] as? Bool == true
  }

  /// Has it look at its folder now (what meals just wrote), not at its next rescan.
  func scan() throws {
    let answer = try post("/rest/db/scan?folder=\(Self.folderID)")
    guard answer.status == 200 else {
      throw NodeFailure("\(name) did not scan: \(answer.status) \(answer.body)")
    }
  }

  /// Whether `peer` has everything this node has (`/rest/db/completion` at 100, nothing
  /// needed) and this node needs nothing and is idle.
  func isInStep(with peer: SyncthingNode) throws -> Bool {
    let completion = try json(
      "/rest/db/completion?folder=\(Self.folderID)&device=\(peer.deviceID)")
    let status = try json("/rest/db/status?folder=\(Self.folderID)")
    return (completion["completion"] as? Double) == 100
      && (completion["needItems"] as? Int) == 0 && (completion["needDeletes"] as? Int) == 0
      && (status["needTotalItems"] as? Int) == 0 && (status["state"] as? String) == "idle"
  }

  /// Asks `condition` every 100 ms until it holds, or fails after `seconds`.
  func wait(_ what: String, seconds: Double = 30, _ condition: () throws -> Bool) throws {
    let deadline = Date().addingTimeInterval(seconds)
    while Date() < deadline {
      if (try? condition()) == true { return }
      usleep(100_000)
    }
    let log = (try? String(contentsOfFile: home + "/log", encoding: .utf8)) ?? ""
    throw NodeFailure(
      "\(what) not reached in \(Int(seconds)) s; \(name)'s log:\n\(log.suffix(2000))")
  }

  // MARK: - Ports

  /// A TCP port nothing listens on now (bound to port 0 and let go).
  private static func freePort() throws -> Int {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    defer { close(socket) }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(socket, $0, length) == 0 && getsockname(socket, $0, &length) == 0
      }
    }
    guard bound else { throw NodeFailure("no free port") }
    return Int(UInt16(bigEndian: address.sin_port))
  }
}

/// A Syncthing node that could not be set up or did not do what was waited for.
struct NodeFailure: Error, CustomStringConvertible {
  let description: String

  init(_ description: String) { self.description = description }
}
