import Files
import MealsCore
import MealsServe
import MealsStore
import TerminalUI
import Translation

/// The book served to a phone while the app runs (`P` on My Meals): the same server as
/// `meals serve`, on its own threads and connection, so no key waits for a phone.
///
/// A tick on the phone is another connection's commit: the app's lists see it at the next
/// poll, as any other program's. The status line says how many phones have come in.
public final class AppServe: Ticker {
  /// Where to listen: `set serve-port`, `set serve-lan`.
  public struct Options: Equatable, Sendable {
    public var port: Int
    public var lan: Bool
    /// The units the phone's pages read meals in unless one asks for others.
    public var units: UnitConversion
    /// The shop's aisles the phone's shopping list follows, as the app's does.
    public var aisles: AisleFile?

    public init(
      port: Int = ServeSession.defaultPort, lan: Bool = false,
      units: UnitConversion = .asWritten, aisles: AisleFile? = nil
    ) {
      self.port = port
      self.lan = lan
      self.units = units
      self.aisles = aisles
    }
  }

  public let options: Options
  private unowned let navigator: Navigator
  /// The server while it runs.
  public private(set) var session: (any ServingSession)?
  /// Starts the server: `ServeSession`'s own, replaced by a test's.
  public var starter: (Options) -> Result<any ServingSession, ServeSession.Problem>
  /// The pairing address's QR code, drawn once when serving starts (lines of half blocks, dark
  /// modules as ink), or why there is none.
  public private(set) var code: Result<[String], PairingCode.Problem> = .success([])
  /// The phones counted at the last look, so the status line changes when one comes in.
  public private(set) var pairedCount = 0
  private var lastLook: UInt64 = 0
  /// How often the count of phones is looked at.
  static let interval: UInt64 = 1_000

  init(options: Options, store: MealStore, navigator: Navigator) {
    self.options = options
    self.navigator = navigator
    let databasePath = store.filePath
    let readOnly = store.isReadOnly
    starter = { options in
      ServeSession.start(
        databasePath: databasePath, readOnly: readOnly, port: options.port, lan: options.lan,
        units: options.units, aisles: options.aisles
      ).map { $0 }
    }
  }

  public var isServing: Bool { session != nil }

  // MARK: - Starting and stopping

  /// Starts serving (when not already); what went wrong is said on the status line.
  @discardableResult
  public func start() -> Bool {
    if session != nil { return true }
    switch starter(options) {
    case .success(let started):
      session = started
      code = PairingCode.lines(for: started.pairingAddress, colour: false)
      pairedCount = 0
      lastLook = navigator.now()
      navigator.showInfo(
        tr("Serving the book at %s/ until the app quits.").filled(started.address))
      return true
    case .failure(let problem):
      navigator.showError(tr("Cannot serve the book: %s").filled(problem.message))
      return false
    }
  }

  /// Stops serving (`saying` so on the status line): the phones' pages can no longer reach
  /// the book.
  public func stop(saying: Bool = true) {
    guard let session else { return }
    session.stop()
    self.session = nil
    pairedCount = 0
    if saying { navigator.showInfo(tr("Stopped serving the book.")) }
  }

  /// The status line's mark while serving.
  public var summary: String? {
    guard session != nil else { return nil }
    switch pairedCount {
    case 0: return tr("serving · no phone yet")
    default: return trn("serving · %d phone", "serving · %d phones", pairedCount)
    }
  }

  // MARK: - Ticker

  public var nextDeadline: UInt64? { session == nil ? nil : lastLook + Self.interval }

  public func tick(now: UInt64) -> Bool {
    guard let session, now >= lastLook + Self.interval else { return false }
    lastLook = now
    let count = session.pairedCount
    guard count != pairedCount else { return false }
    pairedCount = count
    return true
  }
}

/// What the app needs of a running server: `ServeSession`, or a test's stand-in.
public protocol ServingSession: AnyObject {
  var address: String { get }
  var pairingAddress: String { get }
  var fingerprint: String? { get }
  var pairedCount: Int { get }
  func stop()
}

extension ServeSession: ServingSession {}
