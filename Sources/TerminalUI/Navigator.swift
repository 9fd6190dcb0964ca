import MealsCore

/// The last message for the user, shown on the status line.
public struct StatusMessage: Equatable, Sendable {
  public enum Kind: Sendable { case info, error }
  public var text: String
  public var kind: Kind

  public init(_ text: String, kind: Kind = .info) {
    self.text = text
    self.kind = kind
  }
}

/// Owns the screen stack, the prompt and help overlay on top, and the status line.
///
/// Layout: header (breadcrumb) on the first row, the top screen in the middle, the status line
/// and the footer (the top screen's keys) on the last two rows.
public final class Navigator {
  public private(set) var stack: [Screen] = []
  public private(set) var prompt: Prompt?
  public private(set) var status: StatusMessage?
  public private(set) var showsHelp = false
  /// The first help row shown, when the help is longer than the screen.
  private var helpOffset = 0
  public private(set) var isFinished = false
  /// Set by anything that changes what is shown outside a key (a network answer, a commit).
  public var needsDisplay = true
  /// The terminal, for stepping aside to run `$EDITOR` and for Ctrl-Z.
  public weak var terminal: Terminal?
  /// The terminal size at the last key or frame, for page sizes computed while handling keys.
  public private(set) var size = Size(width: 80, height: 24)

  /// The navigator's own keys, listed after the screen's in `?` help.
  public static let globalHelp: [KeyHelp] = [
    KeyHelp(keys: "?", text: "help"),
    KeyHelp(keys: "F1", text: "help, also in text fields", inFooter: false),
    KeyHelp(keys: "Esc/q", text: "back (q on My Meals quits)", inFooter: false),
    KeyHelp(keys: "Ctrl-L", text: "redraw the screen", inFooter: false),
    KeyHelp(keys: "Ctrl-Z", text: "suspend (fg to resume)", inFooter: false),
    KeyHelp(keys: "Ctrl-C", text: "quit", inFooter: false),
  ]

  public init() {}

  public var top: Screen? { stack.last }

  // MARK: - Stack

  /// Opens a screen; the status line is cleared, as its message was about the screen below.
  public func push(_ screen: Screen) {
    status = nil
    stack.append(screen)
    needsDisplay = true
  }

  /// Closes the top screen; the one below is told it is on top again.
  public func pop() {
    guard stack.count > 1 else { return }
    stack.removeLast()
    top?.willAppear()
    needsDisplay = true
  }

  /// Closes every screen above `screen`.
  public func pop(to screen: Screen) {
    guard let index = stack.lastIndex(where: { $0 === screen }), index < stack.count - 1 else {
      return
    }
    stack.removeSubrange((index + 1)...)
    top?.willAppear()
    needsDisplay = true
  }

  public func present(_ prompt: Prompt) {
    self.prompt = prompt
    needsDisplay = true
  }

  public func dismissPrompt() {
    prompt = nil
    needsDisplay = true
  }

  /// Ends the app (after the loop lets every screen keep its unsaved work).
  public func quit() { isFinished = true }

  /// Asks every screen on the stack to write what is unsaved, before an exit or a suspend.
  public func keepUnsavedWork() {
    for screen in stack { screen.keepUnsavedWork() }
  }

  // MARK: - Status

  public func showInfo(_ text: String) {
    status = StatusMessage(text, kind: .info)
    needsDisplay = true
  }

  public func showError(_ text: String) {
    status = StatusMessage(text, kind: .error)
    needsDisplay = true
  }

  public func clearStatus() {
    status = nil
    needsDisplay = true
  }

  /// Leaves full-screen mode while `body` runs (an editor), then redraws everything.
  public func runOutsideTerminal(_ body: () -> Void) {
    terminal?.suspend()
    body()
    terminal?.resume()
    needsDisplay = true
  }

  // MARK: - Keys and time

  public func handle(_ key: Key, size: Size) {
    self.size = size
    needsDisplay = true
    if key == .ctrl("c") { return quit() }
    if key == .ctrl("z") {
      keepUnsavedWork()
      return terminal?.suspendProcess() ?? ()
    }
    if key == .ctrl("l") { return terminal?.invalidate() ?? () }
    if key == .resize { return }
    if showsHelp {
      switch key {
      case .down, .character("j"), .pageDown:
        let last = max(0, helpRows.count - helpBox(in: bodyArea(size)).visibleRows)
        helpOffset = min(last, helpOffset + (key == .pageDown ? 5 : 1))
      case .up, .character("k"), .pageUp:
        helpOffset = max(0, helpOffset - (key == .pageUp ? 5 : 1))
      default: showsHelp = false
      }
      return
    }
    if key == .function(1) {
      openHelp()
      return
    }
    if size.width < Size.minimum.width || size.height < Size.minimum.height {
      if key == .character("q") || key == .escape { quit() }
      return
    }
    if let prompt {
      if prompt.handle(key) == .close, self.prompt === prompt { self.prompt = nil }
      return
    }
    guard let screen = top else { return quit() }
    if screen.handle(key) { return }
    switch key {
    case .paste:
      showInfo("Paste ignored: there is no text field here.")
    case .character("?") where !screen.acceptsText:
      openHelp()
    case .escape:
      if stack.count > 1 { pop() }
    case .character("q") where !screen.acceptsText:
      if stack.count > 1 { pop() } else { quit() }
    default:
      break
    }
  }

  private func openHelp() {
    showsHelp = true
    helpOffset = 0
  }

  /// The earliest time a screen wants a tick.
  public var nextDeadline: UInt64? { stack.compactMap(\.nextDeadline).min() }

  /// Lets every screen's timers fire (a search below the top still finishes its debounce).
  public func tick(now: UInt64) {
    for screen in stack where screen.tick(now: now) { needsDisplay = true }
  }

  // MARK: - Rendering

  public func render(size: Size) -> Canvas {
    self.size = size
    var canvas = Canvas(size: size)
    guard size.width >= Size.minimum.width, size.height >= Size.minimum.height else {
      renderTooSmall(into: &canvas)
      return canvas
    }
    renderHeader(into: &canvas)
    let body = bodyArea(size)
    top?.render(into: &canvas, in: body)
    renderStatus(into: &canvas, row: size.height - 2)
    renderFooter(into: &canvas, row: size.height - 1)
    if let prompt {
      canvas.cursor = nil
      prompt.render(into: &canvas, in: body)
    }
    if showsHelp {
      canvas.cursor = nil
      renderHelp(into: &canvas, in: body)
    }
    return canvas
  }

  /// The breadcrumb, shortened from the left so the current screen stays visible.
  public func breadcrumb(width: Int) -> String {
    var parts = stack.map { TextSanitizer.singleLine($0.title) }
    var text = parts.joined(separator: " › ")
    while TextWidth.columns(of: text) > width && parts.count > 1 {
      parts.removeFirst()
      text = "… › " + parts.joined(separator: " › ")
    }
    return text
  }

  private func renderHeader(into canvas: inout Canvas) {
    let width = canvas.size.width
    canvas.fill(Rect(x: 0, y: 0, width: width, height: 1), style: .header)
    canvas.writeTruncated(
      " " + breadcrumb(width: width - 2), row: 0, column: 0, width: width, style: .header)
  }

  private func renderStatus(into canvas: inout Canvas, row: Int) {
    guard let status else { return }
    let text = status.kind == .error ? "Error: " + status.text : status.text
    let style: Style = status.kind == .error ? .error : .plain
    canvas.writeTruncated(
      TextSanitizer.singleLine(text), row: row, column: 1, width: canvas.size.width - 2,
      style: style)
  }

  /// The top screen's footer keys, then the help key, which always keeps its place.
  private func renderFooter(into canvas: inout Canvas, row: Int) {
    let helpItem = KeyHelp(keys: (top?.acceptsText ?? false) ? "F1" : "?", text: "help")
    let items = ((top?.keyHelp ?? []) + Self.globalHelp.dropFirst(2)).filter(\.inFooter)
    let helpWidth = TextWidth.columns(of: helpItem.keys) + 1 + TextWidth.columns(of: helpItem.text)
    var column = 1
    let limit = canvas.size.width - 1 - helpWidth - 2
    for item in items {
      let needed = TextWidth.columns(of: item.keys) + 1 + TextWidth.columns(of: item.text)
      if column + needed > limit { break }
      column = writeFooterItem(item, into: &canvas, row: row, column: column)
    }
    _ = writeFooterItem(helpItem, into: &canvas, row: row, column: column)
  }

  private func writeFooterItem(_ item: KeyHelp, into canvas: inout Canvas, row: Int, column: Int)
    -> Int
  {
    var column = column
    column += canvas.write(item.keys, row: row, column: column, style: .key)
    column += canvas.write(" " + item.text, row: row, column: column, style: .muted)
    return column + 2
  }

  /// The help overlay's rows: the top screen's keys, a gap, the navigator's own keys.
  private var helpRows: [KeyHelp?] { (top?.keyHelp ?? []) + [nil] + Self.globalHelp }

  /// The overlay's box in `area` and how many key rows fit in it (one row is the hint).
  private func helpBox(in area: Rect) -> (box: Rect, visibleRows: Int) {
    let box = Box.centered(
      in: area, width: min(area.width - 2, 64), height: min(area.height, helpRows.count + 4))
    return (box, max(0, box.height - 3))
  }

  /// Rows between the header and the status line.
  private func bodyArea(_ size: Size) -> Rect {
    Rect(x: 0, y: 1, width: size.width, height: size.height - 3)
  }

  private func renderHelp(into canvas: inout Canvas, in area: Rect) {
    let rows = helpRows
    let keyWidth = min(
      14, (rows.compactMap { $0.map { TextWidth.columns(of: $0.keys) } }.max() ?? 4))
    let (box, visible) = helpBox(in: area)
    Box.draw(box, title: "Keys — \(top?.title ?? "")", into: &canvas)
    let inner = box.inset(by: 1)
    let first = max(0, min(helpOffset, rows.count - visible))
    for (offset, item) in rows.dropFirst(first).prefix(visible).enumerated() {
      let row = inner.y + offset
      guard let item else { continue }
      canvas.writeTruncated(item.keys, row: row, column: inner.x + 1, width: keyWidth, style: .key)
      canvas.writeTruncated(
        item.text, row: row, column: inner.x + keyWidth + 3, width: inner.width - keyWidth - 4)
    }
    let more = first + visible < rows.count ? "↓ more · " : (first > 0 ? "↑ more · " : "")
    canvas.writeTruncated(
      more + "any other key closes", row: inner.maxY - 1, column: inner.x + 1,
      width: inner.width - 2, style: .muted)
  }

  private func renderTooSmall(into canvas: inout Canvas) {
    let size = canvas.size
    let lines = [
      "Terminal too small",
      "\(size.width)×\(size.height), need \(Size.minimum.width)×\(Size.minimum.height)",
      "q quits",
    ]
    let top = max(0, (size.height - lines.count) / 2)
    for (offset, line) in lines.enumerated() {
      let width = TextWidth.columns(of: line)
      canvas.writeTruncated(
        line, row: top + offset, column: max(0, (size.width - width) / 2), width: size.width)
    }
  }
}
