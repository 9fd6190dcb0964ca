import TextSafety

/// The last message for the user, shown on the status line.
public struct StatusMessage: Equatable, Sendable {
  public enum Kind: Sendable { case info, error }
  public var text: String
  public var kind: Kind
  /// A progress bar after the text, or nil for none.
  public var progress: Progress?

  /// How far something has got: a fraction (0…1), or nil for a bar that moves to say
  /// "working, size unknown"; `detail` follows the bar ("50%", "48 KB").
  public struct Progress: Equatable, Sendable {
    public var fraction: Double?
    public var detail: String
  }

  public init(_ text: String, kind: Kind = .info, progress: Progress? = nil) {
    self.text = text
    self.kind = kind
    self.progress = progress
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
  /// Where the top screen draws: the one rule (`chrome`) every screen's layout starts from.
  public var body: Rect { Self.chrome(size).body }
  /// Slides between screens (and gliding bars): on in the app, off in tests unless asked.
  public var animations = false
  /// The clock the navigator (slides, double clicks, resize bursts) and screens read.
  public var now: () -> UInt64 = { MonotonicClock.now() }
  /// A slide under way, drawn from the frame before and the frame after.
  private var slide: Slide?
  /// The last frame drawn (without a slide in it): where the next slide starts from.
  private var lastFrame: Canvas?
  /// The last left click, to tell a double click.
  private var lastClick: (row: Int, column: Int, time: UInt64, clicks: Int)?
  /// During a burst of resizes the screen is drawn once, when it settles.
  public private(set) var settlesAt: UInt64?
  /// The status line's progress bar, gliding as the value grows.
  private var progressGlide = Glide()

  /// A push slides the new screen in from the right; a pop slides it out.
  struct Slide {
    var from: Canvas
    var pushing: Bool
    var start: UInt64
  }

  /// How long a slide lasts and in how many frames.
  public static let slideDuration: UInt64 = 80
  public static let slideFrames: UInt64 = 4
  /// How long after the last resize of a burst the screen is drawn.
  public static let resizeSettle: UInt64 = 40
  /// Two clicks on one cell within this are a double click.
  public static let doubleClick: UInt64 = 400

  /// The navigator's own keys, listed after the screen's in `?` help.
  public static let globalHelp: [KeyHelp] = [
    KeyHelp(keys: "?", text: "help"),
    KeyHelp(keys: "F1", text: "help, also in text fields", inFooter: false),
    KeyHelp(keys: "Esc/q", text: "back (q on My Meals quits)", inFooter: false),
    KeyHelp(keys: "Ctrl-L", text: "redraw the screen", inFooter: false),
    KeyHelp(keys: "Ctrl-Z", text: "suspend (fg to resume)", inFooter: false),
    KeyHelp(
      keys: "Ctrl-C", text: "quit", inFooter: false,
      detail: "quit from anywhere (an unsaved draft is kept and offered at the next start)"),
  ]

  public init() {}

  public var top: Screen? { stack.last }

  // MARK: - Stack

  /// Opens a screen; the status line is cleared, as its message was about the screen below.
  public func push(_ screen: Screen) {
    status = nil
    startSlide(pushing: true)
    stack.append(screen)
    needsDisplay = true
  }

  /// Closes the top screen; the one below is told it is on top again.
  public func pop() {
    guard stack.count > 1 else { return }
    startSlide(pushing: false)
    stack.removeLast()
    top?.willAppear()
    needsDisplay = true
  }

  /// Closes every screen above `screen`.
  public func pop(to screen: Screen) {
    guard let index = stack.lastIndex(where: { $0 === screen }), index < stack.count - 1 else {
      return
    }
    startSlide(pushing: false)
    stack.removeSubrange((index + 1)...)
    top?.willAppear()
    needsDisplay = true
  }

  private func startSlide(pushing: Bool) {
    guard animations, let lastFrame, !stack.isEmpty else { return }
    slide = Slide(from: lastFrame, pushing: pushing, start: now())
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

  /// A message with a progress bar (`fraction` nil: the size is unknown, the bar moves) and
  /// a few words after it.
  public func showProgress(_ text: String, fraction: Double?, detail: String) {
    if let fraction {
      progressGlide.set(fraction, key: text, now: now(), animated: animations)
    }
    status = StatusMessage(
      text, kind: .info, progress: StatusMessage.Progress(fraction: fraction, detail: detail))
    needsDisplay = true
  }

  /// Rings the bell, flashes, or copies to the clipboard, through the terminal.
  public func send(_ signal: TerminalSignal) {
    signalsSent.append(signal)
    terminal?.send(signal)
  }

  /// Every signal sent (for tests, where no real terminal listens).
  public private(set) var signalsSent: [TerminalSignal] = []

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

  /// Hears the terminal's device attributes when they arrive (asked at start).
  public var onTerminalAttributes: (([Int]) -> Void)?
  /// Hears the terminal's window reports (its cell size, asked at start), with the size the
  /// screen has in cells.
  public var onWindowReport: (([Int], Size) -> Void)?

  public func handle(_ key: Key, size: Size) {
    if case .terminalAttributes(let attributes) = key {
      onTerminalAttributes?(attributes)
      needsDisplay = true
      return
    }
    if case .windowReport(let numbers) = key {
      onWindowReport?(numbers, self.size)
      needsDisplay = true
      return
    }
    self.size = size
    needsDisplay = true
    // A key finishes a slide at once, then is handled as usual.
    slide = nil
    if case .mouse(let event) = key { return handleMouse(event) }
    if key == .ctrl("c") { return quit() }
    if key == .ctrl("z") {
      keepUnsavedWork()
      return terminal?.suspendProcess() ?? ()
    }
    if key == .ctrl("l") { return terminal?.invalidate() ?? () }
    if key == .resize {
      settlesAt = now() + Self.resizeSettle
      top?.layoutDidChange()
      return
    }
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

  // MARK: - Mouse

  /// A click on a footer hint sends its key; in the body the screen has it (a click on a row,
  /// a double click to open it); a wheel it does not use moves as ↑ and ↓ do.
  private func handleMouse(_ raw: MouseEvent) {
    var event = raw
    if event.isClick {
      let time = now()
      if let last = lastClick, last.row == event.row, last.column == event.column,
        time - last.time < Self.doubleClick
      {
        event.clicks = last.clicks + 1
      }
      lastClick = (event.row, event.column, time, event.clicks)
    }
    if showsHelp {
      switch event.action {
      case .wheelDown: handle(.down, size: size)
      case .wheelUp: handle(.up, size: size)
      case .press: showsHelp = false
      default: break
      }
      return
    }
    guard size.width >= Size.minimum.width, size.height >= Size.minimum.height, let screen = top
    else { return }
    let chrome = Self.chrome(size)
    if event.row == chrome.footer.y {
      if event.isClick, let key = footerKey(atColumn: event.column) { handle(key, size: size) }
      return
    }
    guard prompt == nil else { return }
    guard event.row >= chrome.body.y, event.row < chrome.body.maxY else { return }
    if screen.handleMouse(event, in: chrome.body) { return }
    switch event.action {
    case .wheelUp: for _ in 0..<3 { _ = screen.handle(.up) }
    case .wheelDown: for _ in 0..<3 { _ = screen.handle(.down) }
    default: break
    }
  }

  /// The key of the footer hint under `column`, if any.
  private func footerKey(atColumn column: Int) -> Key? {
    footerLayout(width: size.width).first { $0.columns.contains(column) }?.item.key
  }

  private func openHelp() {
    showsHelp = true
    helpOffset = 0
  }

  /// The earliest time a screen wants a tick, the next slide frame, or the end of a resize
  /// burst.
  public var nextDeadline: UInt64? {
    var deadlines = stack.compactMap(\.nextDeadline)
    if let slide {
      let step = Self.slideDuration / Self.slideFrames
      deadlines.append(slide.start + ((now() - slide.start) / step + 1) * step)
    }
    if let settlesAt { deadlines.append(settlesAt) }
    if let progress = status?.progress {
      // A moving bar turns on its own; a gliding one until it arrives.
      let time = now()
      deadlines.append(
        progress.fraction == nil ? time + 60 : progressGlide.nextFrame(after: time) ?? .max)
    }
    return deadlines.min()
  }

  /// Lets every screen's timers fire (a search below the top still finishes its debounce).
  public func tick(now: UInt64) {
    for screen in stack where screen.tick(now: now) { needsDisplay = true }
    if slide != nil { needsDisplay = true }
    if settlesAt != nil { needsDisplay = true }
    if let progress = status?.progress,
      progress.fraction == nil || progressGlide.nextFrame(after: now) != nil
    {
      needsDisplay = true
    }
  }

  // MARK: - Rendering

  public func render(size: Size) -> Canvas {
    let target = renderStack(size: size)
    lastFrame = target
    guard let slide else { return target }
    let progress = Double(now() - slide.start) / Double(Self.slideDuration)
    guard progress < 1, slide.from.size == size else {
      self.slide = nil
      return target
    }
    return Self.slideFrame(from: slide.from, to: target, progress: progress, pushing: slide.pushing)
  }

  /// One frame of a slide: the body rows of the two frames side by side, shifted by
  /// `progress`; the header, status and footer are the new frame's.
  static func slideFrame(from old: Canvas, to new: Canvas, progress: Double, pushing: Bool)
    -> Canvas
  {
    var frame = new
    let width = new.size.width
    let shift = max(0, min(width, Int(Double(width) * progress)))
    let body = chrome(new.size).body
    for row in body.y..<body.maxY {
      if pushing {
        // The old screen moves left; the new one comes in from the right.
        frame.copy(row: row, from: old, sourceColumn: shift, to: 0, count: width - shift)
        frame.copy(row: row, from: new, sourceColumn: 0, to: width - shift, count: shift)
      } else {
        // The old screen moves right; the one below comes back from the left.
        frame.copy(row: row, from: new, sourceColumn: width - shift, to: 0, count: shift)
        frame.copy(row: row, from: old, sourceColumn: 0, to: shift, count: width - shift)
      }
    }
    frame.cursor = nil
    frame.graphics = []  // pictures come back when the slide ends
    return frame
  }

  /// Whether a frame should wait: a burst of resizes is still going on.
  public func holdsFrame(at time: UInt64) -> Bool {
    guard let settlesAt else { return false }
    if time >= settlesAt {
      self.settlesAt = nil
      return false
    }
    return true
  }

  /// The whole screen for the current stack, prompt and help.
  private func renderStack(size: Size) -> Canvas {
    self.size = size
    var canvas = Canvas(size: size)
    guard size.width >= Size.minimum.width, size.height >= Size.minimum.height else {
      renderTooSmall(into: &canvas)
      return canvas
    }
    let chrome = Self.chrome(size)
    renderHeader(into: &canvas)
    let body = chrome.body
    top?.render(into: &canvas, in: body)
    renderStatus(into: &canvas, row: chrome.status.y)
    renderFooter(into: &canvas, row: chrome.footer.y)
    if let prompt {
      canvas.cursor = nil
      canvas.graphics = []  // a picture would cover the question
      prompt.render(into: &canvas, in: body)
    }
    if showsHelp {
      canvas.cursor = nil
      canvas.graphics = []
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
    var width = canvas.size.width - 2
    if let progress = status.progress {
      // Text on the left, then a bar of up to 30 cells and its detail on the right.
      let barWidth = max(8, min(30, canvas.size.width / 3))
      let bar =
        progress.fraction == nil
        ? Bar.moving(phase: Int(now() / 60), width: barWidth)
        : Bar.text(progressGlide.value(at: now()), width: barWidth)
      let detail = " " + progress.detail
      let column = canvas.size.width - 1 - barWidth - TextWidth.columns(of: detail)
      canvas.write(bar, row: row, column: column, style: .accent)
      canvas.write(detail, row: row, column: column + barWidth)
      width = column - 2
    }
    // A name inside the message is shortened before the message's point is cut.
    canvas.write(
      TextWidth.fit(text, to: width, clean: TextSanitizer.singleLine), row: row, column: 1,
      width: width, style: style)
  }

  /// The top screen's footer keys, then the help key, which always keeps its place.
  private func renderFooter(into canvas: inout Canvas, row: Int) {
    for (item, columns) in footerLayout(width: canvas.size.width) {
      var column = columns.lowerBound
      column += canvas.write(item.keys, row: row, column: column, style: .key)
      canvas.write(" " + item.text, row: row, column: column, style: .muted)
    }
  }

  /// Each footer hint and the columns it takes, as drawn (and as clicks find them); an open
  /// prompt's keys rather than the screen's behind it.
  private func footerLayout(width: Int) -> [(item: KeyHelp, columns: Range<Int>)] {
    let helpItem = KeyHelp(
      keys: (top?.acceptsText ?? false) ? "F1" : "?", text: "help", key: .function(1))
    if let prompt {
      return Self.layOut(prompt.keyHelp.filter(\.inFooter), width: width, last: nil)
    }
    let items = ((top?.keyHelp ?? []) + Self.globalHelp.dropFirst(2)).filter(\.inFooter)
    return Self.layOut(items, width: width, last: helpItem)
  }

  /// Hints left to right as far as they fit, `last` always kept at the end.
  private static func layOut(_ items: [KeyHelp], width: Int, last: KeyHelp?)
    -> [(item: KeyHelp, columns: Range<Int>)]
  {
    func cells(of item: KeyHelp) -> Int {
      TextWidth.columns(of: item.keys) + 1 + TextWidth.columns(of: item.text)
    }
    var layout: [(KeyHelp, Range<Int>)] = []
    var column = 1
    let limit = width - 1 - (last.map { cells(of: $0) + 2 } ?? 0)
    for item in items {
      let needed = cells(of: item)
      if column + needed > limit { break }
      layout.append((item, column..<(column + needed)))
      column += needed + 2
    }
    if let last { layout.append((last, column..<(column + cells(of: last)))) }
    return layout
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
  private func bodyArea(_ size: Size) -> Rect { Self.chrome(size).body }

  /// The screen's rows: the header (breadcrumb), the body, the status line, the footer.
  public static func chrome(_ size: Size) -> (header: Rect, body: Rect, status: Rect, footer: Rect)
  {
    let rows = Rect(x: 0, y: 0, width: size.width, height: size.height).split(
      .vertical, [.fixed(1), .fill, .fixed(1), .fixed(1)])
    return (rows[0], rows[1], rows[2], rows[3])
  }

  private func renderHelp(into canvas: inout Canvas, in area: Rect) {
    let rows = helpRows
    let keyWidth = min(
      16, (rows.compactMap { $0.map { TextWidth.columns(of: $0.keys) } }.max() ?? 4))
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
