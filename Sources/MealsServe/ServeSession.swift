import Files
import FoundationEssentials
import MealsCore
import MealsNet
import MealsStore

/// A phone server running: its token, certificate, connection to the book and HTTP server,
/// started and stopped together; what `meals serve` and the app's `P` share.
public final class ServeSession {
  /// The port a book is served on unless another is asked (`--port`, `set serve-port`).
  public static let defaultPort = ServePort.standard

  /// Where a phone opens the book (`http://127.0.0.1:9080`).
  public let address: String
  /// The address with the pairing token in it: what the code says.
  public let pairingAddress: String
  /// The SHA-256 of meals' certificate authority on the local network: a phone installs the
  /// authority once (“Trust this phone” on the book's page) and compares it.
  public let fingerprint: String?
  /// Whether that authority was made in this start (no phone trusts it yet).
  public let isNewAuthority: Bool
  /// This machine's names and addresses the authority cannot vouch for (new since it was
  /// made: a phone warns there until `--new-certificate`).
  public let uncovered: [String]
  private let phone: PhoneServer
  private let server: HTTPServer
  private var isStopped = false

  private init(
    phone: PhoneServer, server: HTTPServer, address: String, token: PairingToken,
    certificate: ServeCertificate.Loaded?
  ) {
    self.phone = phone
    self.server = server
    self.address = address
    self.pairingAddress = "\(address)/pair?token=\(token.text)"
    self.fingerprint = certificate?.authorityFingerprint
    self.isNewAuthority = certificate?.isNewAuthority ?? false
    self.uncovered = certificate?.uncovered ?? []
  }

  /// How many phones have come in with the token since it started (by address).
  public var pairedCount: Int { phone.pairedCount }

  /// The port it listens on (the system's choice when 0 was asked).
  public var port: Int { server.port }

  /// Why serving could not start, said as it is.
  public struct Problem: Error, Sendable {
    public var message: String

    public init(message: String) { self.message = message }
  }

  // MARK: - Starting and stopping

  /// Starts serving the book at `databasePath` on `port` (0: any free one), on the machine's
  /// addresses over HTTPS with `lan`; `renewToken` unpairs every phone, `renewCertificate`
  /// makes a new certificate authority (every phone that trusted the old one must install it).
  public static func start(
    databasePath: String, readOnly: Bool, port: Int, lan: Bool, renewToken: Bool = false,
    renewCertificate: Bool = false, units: UnitConversion = .asWritten, aisles: AisleFile? = nil
  ) -> Result<ServeSession, Problem> {
    let folder = PathText.folder(databasePath)
    let token: PairingToken
    switch ServeToken.load(ServeToken.path(for: databasePath), renew: renewToken) {
    case .success(let value): token = value
    case .failure(let problem): return .failure(Problem(message: problem.message))
    }
    // On the local network: HTTPS with a certificate of meals' own authority.
    var certificate: ServeCertificate.Loaded?
    if lan {
      switch ServeCertificate.load(
        folder: folder, names: ServeCertificate.machineNames(), renew: renewCertificate,
        now: Int64(Date().timeIntervalSince1970))
      {
      case .success(let value): certificate = value
      case .failure(let problem): return .failure(Problem(message: problem.message))
      }
    }
    let phone: PhoneServer
    do {
      phone = try PhoneServer(
        databasePath: databasePath, readOnly: readOnly, token: token,
        authority: certificate.map { ($0.authorityPEM, $0.authorityFingerprint) }, secure: lan,
        units: units, aisles: aisles)
    } catch {
      return .failure(Problem(message: error.message))
    }
    switch HTTPServer.start(
      port: port, lan: lan, certificatePEM: certificate?.serving.certificatePEM,
      keyPEM: certificate?.serving.keyPEM, handler: { phone.answer($0) })
    {
    case .failure(let error): return .failure(Problem(message: error.message))
    case .success(let server):
      let host = lan ? (LocalAddresses.all().first ?? "127.0.0.1") : "127.0.0.1"
      let shownHost = host.contains(":") ? "[\(host)]" : host
      return .success(
        ServeSession(
          phone: phone, server: server,
          address: "\(lan ? "https" : "http")://\(shownHost):\(server.port)", token: token,
          certificate: certificate))
    }
  }

  /// Ends the event streams and stops listening; once only.
  public func stop() {
    guard !isStopped else { return }
    isStopped = true
    phone.stop()
    server.stop()
  }
}
