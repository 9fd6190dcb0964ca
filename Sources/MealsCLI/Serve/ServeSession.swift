import FoundationEssentials
import MealsCore
import MealsNet
import MealsStore

/// A kitchen server running: its token, certificate, connection to the book and HTTP server,
/// started and stopped together; what `meals serve` and the app's `P` share.
public final class ServeSession {
  /// Where a phone opens the book (`http://127.0.0.1:9080`).
  public let address: String
  /// The address with the pairing token in it: what the code says.
  public let pairingAddress: String
  /// The certificate's SHA-256 on the local network, for the phone's warning.
  public let fingerprint: String?
  private let kitchen: Kitchen
  private let server: HTTPServer
  private var isStopped = false

  private init(
    kitchen: Kitchen, server: HTTPServer, address: String, token: PairingToken,
    fingerprint: String?
  ) {
    self.kitchen = kitchen
    self.server = server
    self.address = address
    self.pairingAddress = "\(address)/pair?token=\(token.text)"
    self.fingerprint = fingerprint
  }

  /// How many phones have come in with the token since it started (by address).
  public var pairedCount: Int { kitchen.pairedCount }

  /// The port it listens on (the system's choice when 0 was asked).
  public var port: Int { server.port }

  /// Why serving could not start, said as it is.
  public struct Problem: Error, Sendable {
    public var message: String

    public init(message: String) { self.message = message }
  }

  // MARK: - Starting and stopping

  /// Starts serving the book at `databasePath` on `port` (0: any free one), on the machine's
  /// addresses over HTTPS with `lan`; `renewToken` unpairs every phone.
  public static func start(
    databasePath: String, readOnly: Bool, port: Int, lan: Bool, renewToken: Bool = false,
    units: UnitConversion = .asWritten
  ) -> Result<ServeSession, Problem> {
    let folder = PathText.folder(databasePath)
    let token: PairingToken
    switch ServeToken.load(ServeToken.path(for: databasePath), renew: renewToken) {
    case .success(let value): token = value
    case .failure(let problem): return .failure(Problem(message: problem.message))
    }
    // On the local network: HTTPS with a certificate of its own, made at first use.
    var certificate: ServerCertificate?
    if lan {
      switch ServeCertificate.load(folder: folder) {
      case .success(let value): certificate = value
      case .failure(let problem): return .failure(Problem(message: problem.message))
      }
    }
    let kitchen: Kitchen
    do {
      kitchen = try Kitchen(
        databasePath: databasePath, readOnly: readOnly, token: token, secure: lan, units: units)
    } catch {
      return .failure(Problem(message: error.message))
    }
    switch HTTPServer.start(
      port: port, lan: lan, certificatePEM: certificate?.certificatePEM,
      keyPEM: certificate?.keyPEM, handler: { kitchen.answer($0) })
    {
    case .failure(let error): return .failure(Problem(message: error.message))
    case .success(let server):
      let host = lan ? (LocalAddresses.all().first ?? "127.0.0.1") : "127.0.0.1"
      let shownHost = host.contains(":") ? "[\(host)]" : host
      return .success(
        ServeSession(
          kitchen: kitchen, server: server,
          address: "\(lan ? "https" : "http")://\(shownHost):\(server.port)", token: token,
          fingerprint: certificate?.fingerprint))
    }
  }

  /// Ends the event streams and stops listening; once only.
  public func stop() {
    guard !isStopped else { return }
    isStopped = true
    kitchen.stop()
    server.stop()
  }
}
