import Files
import FoundationEssentials
import MealsCore
import MealsLaunch
import MealsNet
import MealsServe
import MealsStore
import Translation

#if canImport(Glibc)
  import Glibc
#endif

/// `meals serve [--port N] [--lan] [--new-token] [--new-certificate]`: the book, Cook Mode, the plan and the
/// shopping list served to a phone until Ctrl-C.
enum ServeCommand {
  static func run(_ arguments: CommandArguments, options: LaunchOptions, io: CommandIO) -> Int32 {
    var port = options.servePort
    if let text = arguments.values["--port"] {
      guard let value = Int(text), (0...65_535).contains(value) else {
        return Subcommand.usageError(tr("--port takes a number from 0 to 65535."), .serve, io: io)
      }
      port = value
    }
    let lan = arguments.flags.contains("--lan") || options.serveOnLAN
    // Ctrl-C and SIGTERM are waited for below: blocked before the server's threads start, so
    // none of them takes the signal.
    var signals = sigset_t()
    sigemptyset(&signals)
    sigaddset(&signals, SIGINT)
    sigaddset(&signals, SIGTERM)
    sigaddset(&signals, SIGHUP)
    pthread_sigmask(SIG_BLOCK, &signals, nil)
    let session: ServeSession
    switch ServeSession.start(
      databasePath: options.databasePath, readOnly: options.readOnly, port: port, lan: lan,
      renewToken: arguments.flags.contains("--new-token"),
      renewCertificate: arguments.flags.contains("--new-certificate"), units: options.conversion,
      aisles: options.aisleFile)
    {
    case .success(let started): session = started
    case .failure(let problem):
      pthread_sigmask(SIG_UNBLOCK, &signals, nil)
      io.fail(problem.message)
      return Subcommand.Status.failure
    }
    let pairing = session.pairingAddress
    io.output.line(pairing)
    // On a terminal, the address as a code for a phone's camera too, when it fits.
    if isatty(1) == 1 {
      switch PairingCode.lines(for: pairing, colour: true) {
      case .success(let lines):
        // Measured without its colours: the escape sequences take no columns.
        let plain = (try? PairingCode.lines(for: pairing, colour: false).get()) ?? lines
        let codeWidth = plain.first.map { $0.unicodeScalars.count } ?? 0
        let window = terminalSize()
        // The code whole in view with the address above it and the last lines under it.
        if codeWidth <= window.columns && lines.count + 4 <= window.rows {
          for line in lines { io.output.line(line) }
        } else {
          io.output.line(
            tr(
              "(The code for a phone's camera takes %1$s and this terminal is %2$s: make it bigger to see the code, or type the address above.)"
            ).filled("\(codeWidth)×\(lines.count + 4)", "\(window.columns)×\(window.rows)"))
        }
      case .failure(let problem): io.errors.line("meals serve: \(problem.message)")
      }
    }
    // A phone cannot reach this machine's loopback address: said, with the way to serve it.
    if !lan {
      io.output.line(
        tr(
          "Only this machine can open that address. For a phone on your network: meals serve --lan (or set serve-lan = yes in the config)."
        ))
    }
    for line in ServeCommand.trustLines(
      session, renewed: arguments.flags.contains("--new-certificate"))
    {
      io.output.line(line)
    }
    io.output.line(
      tr("Serving the book at %s/ — open the address above to pair; Ctrl-C stops.").filled(
        session.address))
    io.output.flush()
    var received: Int32 = 0
    sigwait(&signals, &received)
    session.stop()
    pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    io.output.line(tr("Stopped serving."))
    return Subcommand.Status.success
  }
}

extension ServeCommand {
  /// What a person needs to know of meals' certificate authority on the local network.
  static func trustLines(_ session: ServeSession, renewed: Bool) -> [String] {
    guard let fingerprint = session.fingerprint else { return [] }
    var lines: [String] = []
    if renewed {
      lines.append(
        tr(
          "A new certificate authority: phones that trusted the old one no longer trust the book until they install this one (“Trust this phone” on the book's page)."
        ))
    } else if session.isNewAuthority {
      lines.append(
        tr(
          "meals made its own certificate authority, which can vouch for this machine alone. A phone warns until it installs it once: “Trust this phone” on the book's page."
        ))
    } else {
      lines.append(
        tr(
          "A phone that installed meals' certificate authority trusts the book; a new phone: “Trust this phone” on the book's page."
        ))
    }
    lines.append(tr("Its SHA-256, as the phone shows it: %s").filled(fingerprint))
    if !session.uncovered.isEmpty {
      lines.append(
        tr(
          "The authority cannot vouch for %s (new since it was made): a phone warns there. For them, meals serve --lan --new-certificate, then install the new authority on each phone."
        ).filled(session.uncovered.joined(separator: ", ")))
    }
    return lines
  }
}

/// The terminal's size on standard output (80×24 when it does not say).
private func terminalSize() -> (columns: Int, rows: Int) {
  var size = winsize()
  guard ioctl(1, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0, size.ws_row > 0 else {
    return (80, 24)
  }
  return (Int(size.ws_col), Int(size.ws_row))
}
