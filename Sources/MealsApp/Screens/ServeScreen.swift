import MealsCore
import TerminalUI
import Translation

/// Serving to a phone (`P` on My Meals): the pairing address and its QR code, the phones that
/// came in, and `s` to stop or serve again; Esc leaves it serving.
public final class ServeScreen: Screen {
  enum Action: String, Sendable { case toggle }

  static let keys = KeyTable<Action>(
    "serve",
    [
      KeyBinding(
        [.character("s")], .toggle, tr("serving on/off"),
        detail: "stop serving the book, or serve it again (Esc leaves it serving)")
    ])

  /// The app that owns the navigator that owns this screen: never outlived.
  private unowned let context: AppContext
  private var pager = Pager()

  init(context: AppContext) {
    self.context = context
  }

  private var serve: AppServe { context.serve }

  public var title: String { tr("Serve to a Phone") }
  public var keyHelp: [KeyHelp] { chainHelp }

  public func handle(_ key: Key) -> Bool { resolve(key) }

  private func perform(_ action: Action) {
    switch action {
    case .toggle:
      if serve.isServing { serve.stop() } else { serve.start() }
      pager = Pager()
    }
  }

  // MARK: - Layout

  /// The code's lines when it is drawn, else none.
  private var codeLines: [String] {
    guard serve.isServing, case .success(let lines) = serve.code else { return [] }
    return lines
  }

  private var codeWidth: Int { codeLines.first.map { TextWidth.columns(of: $0) } ?? 0 }

  /// The text on the left and the code on the right when both fit side by side; else the code
  /// first in the text's pager (to scroll to), or left out when too wide.
  private struct Parts {
    var text: Rect
    var code: Rect?
    var codeInPager: Bool
    /// A code that fits nowhere: the text says so.
    var codeLeftOut: Bool { code == nil && !codeInPager }
  }

  private func parts(in area: Rect) -> Parts {
    let inner = area.inset(left: 2, right: 1)
    let width = codeWidth
    let rows = codeLines.count
    if width > 0, inner.width >= width + 2 + Self.textMinimum, inner.height >= rows {
      let columns = inner.split(.horizontal, [.fill, .fixed(2), .fixed(width)])
      return Parts(
        text: columns[0],
        code: Rect(x: columns[2].x, y: columns[2].y, width: width, height: rows),
        codeInPager: false)
    }
    return Parts(text: inner, code: nil, codeInPager: width > 0 && inner.width >= width)
  }

  /// The narrowest text column beside the code.
  static let textMinimum = 28

  // MARK: - Text

  private func lines(_ parts: Parts) -> [PagerLine] {
    let width = parts.text.width
    var lines: [PagerLine] = []
    func say(_ text: String, style: Style = .plain) {
      lines += PagerLine.wrapped(text, width: width, style: style)
    }
    guard let session = serve.session else {
      say(tr("Not serving."), style: .title)
      lines.append(.blank)
      let place =
        serve.options.lan
        ? tr("on this machine's network addresses over HTTPS") : tr("on this machine only")
      let port =
        serve.options.port == 0
        ? tr("a free port") : tr("port %d").filled(String(serve.options.port))
      say(tr("s serves the book at %1$s, %2$s, until the app quits.").filled(port, place))
      return lines
    }
    if parts.codeInPager {
      lines += codeLines.map { PagerLine([PagerLine.Span($0, style: Self.codeStyle)]) }
      lines.append(.blank)
    }
    say(tr("Open this address on the phone, or scan the code with its camera:"))
    lines.append(.blank)
    say(session.pairingAddress, style: .key)
    lines.append(.blank)
    if case .failure(let problem) = serve.code {
      say(tr("No code: %s").filled(problem.message), style: .error)
      lines.append(.blank)
    } else if !codeLines.isEmpty && parts.codeLeftOut {
      say(
        tr("The window is too narrow for the code (%d columns): type the address.").filled(
          String(codeWidth)))
      lines.append(.blank)
    }
    if let fingerprint = session.fingerprint {
      say(
        tr(
          "A phone warns until it installs meals' certificate authority once (“Trust this phone” on the book's page); its SHA-256 is"
        ))
      say(fingerprint, style: .muted)
      lines.append(.blank)
    } else {
      say(
        tr(
          "Only this machine can open it: set serve-lan = yes in the config for a phone on your network."
        ),
        style: .muted)
      lines.append(.blank)
    }
    switch serve.pairedCount {
    case 0: say(tr("No phone has come in yet."))
    default:
      say(
        trn("%d phone has come in.", "%d phones have come in.", serve.pairedCount),
        style: .success)
    }
    say(
      tr(
        "The shopping list's ticks cross between the phone and the app within a second. Esc leaves it serving."
      ),
      style: .muted)
    return lines
  }

  /// Black on white whatever the theme: a phone reads dark modules on a light ground.
  static let codeStyle = Style(ink: Style.Ink(foreground: 16, background: 231))

  private var pagerHelp: [KeyHelp] {
    let parts = parts(in: context.navigator.body)
    let count = lines(parts).count
    return Pager.help(count: count, height: parts.text.height)
  }

  private func scroll(_ key: Key) -> Bool {
    let parts = parts(in: context.navigator.body)
    let count = lines(parts).count
    return pager.handle(key, count: count, height: parts.text.height)
  }

  // MARK: - Drawing

  public func render(into canvas: inout Canvas, in area: Rect) {
    let parts = parts(in: area)
    let lines = lines(parts)
    pager.render(lines, into: &canvas, in: parts.text)
    if let code = parts.code {
      for (index, line) in codeLines.enumerated() {
        canvas.writeTruncated(
          line, in: Rect(x: code.x, y: code.y + index, width: code.width, height: 1),
          style: Self.codeStyle)
      }
    }
  }
}

extension ServeScreen: DocumentedScreen {
  public enum KeyMode: CaseIterable { case reading }

  static func keysPlace(_ mode: KeyMode) -> KeysPlace {
    switch mode {
    case .reading: .section("serve", "Serve to a Phone (`P` on My Meals)")
    }
  }
  public var keyMode: KeyMode { .reading }

  public static func keyChain(_ mode: KeyMode) -> [KeyLink<ServeScreen>] {
    [
      .table(keys, does: { $0.perform($1) }), .lines([.back]),
      .widget(Pager.keys, help: { $0.pagerHelp }, { $0.scroll($1) }),
    ]
  }
}
