import Translation

/// Owns the screen stack, the prompt and help overlay on top, and the status line.
///
/// Layout (`chrome`): header (breadcrumb) on the first row, the top screen in the middle, the
/// status line and the footer (the top screen's keys) on the last two rows. The help overlay,
/// the status line, the footer, slides and the mouse live in files of their own.
public final class Navigator {
  public private(set) var stack: [Screen] = []
  /// App-wide timers, ticked with the screens.
  public var tickers: [Ticker] = []
  public internal(set) var prompt: Prompt?
  /// The `?` overlay while it is open.
  var help: HelpOverlay?
  /// Lines `?` shows after the keys, whatever the screen: what the last sync set aside.
  public var helpNotes: [KeyHelp] = []
  public var showsHelp: Bool { help != nil }
  var statusLine = StatusLine()
  /// Set while a notice holds the status line: the message waiting behind it, if any.
  var heldStatus: StatusMessage??
  /// Counts the keys handled: a message belongs to the moment it was shown in.
  var moment = 0
  public var status: StatusMessage? { statusLine.message }
  public private(set) var isFinished = false
  /// Set by anything that changes what is shown outside a key (a network answer, a commit).
  public var needsDisplay = true
  /// Whether something changed since the last frame when this key came (a store change, a
  /// key before it): the top screen's update step then runs before the screen has the key.
  var frameWasDue = false
  /// A word at the header's right that holds for the whole run (`read-only`).
  public var headerMark: String?
  /// What stays at the status line's right while it holds (a kitchen timer counting down),
  /// asked at every frame with the time; nil shows nothing.
  public var statusMark: ((UInt64) -> String?)?
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
  /// A slide under way.
  private var slide: Slide?
  /// The last frame drawn (without a slide in it): where the next slide starts from.
  private var lastFrame: Canvas?
  var clicks = ClickCounter()
  /// During a burst of resizes the screen is drawn once, when it settles.
  public private(set) var settlesAt: UInt64?

  public static let slideDuration = Slide.duration
  public static let slideFrames = Slide.frames
  /// How long after the last resize of a burst the screen is drawn.
  public static let resizeSettle: UInt64 = 40
  /// Two clicks on one cell within this are a double click.
  public static let doubleClick: UInt64 = 400

  /// A navigator for a window of `size` (the terminal's at start: screens read their first
  /// rows for it).
  public init(size: Size = Size(width: 80, height: 24)) {
    self.size = size
  }

  public var top: Screen? { stack.last }

  /// Whether `screen` is on the stack (a late answer or a landed write reaches only those).
  public func holds(_ screen: Screen) -> Bool { stack.contains { $0 === screen } }
  /// The size `prepare` was last called for, until the frame is drawn.
  private var preparedSize: Size?

  /// The update step before a frame: a size not seen yet is laid out, and the top screen
  /// reads what the frame shows, so that drawing only reads memory.
  public func prepare(size: Size) {
    preparedSize = size
    adopt(size)
    guard size.width >= Size.minimum.width, size.height >= Size.minimum.height else { return }
    top?.prepare(in: Self.chrome(size).body)
  }

  /// The window's size now; true when it changed.
  ///
  /// A new size is every screen's to lay out again (a preview pane may open, and read what it
  /// shows) before anything is drawn at it: the ones below the top too, which show it when
  /// they are back.
  @discardableResult
  private func adopt(_ size: Size) -> Bool {
    guard size != self.size else { return false }
    self.size = size
    for screen in stack { screen.layoutDidChange() }
    return true
  }

  // MARK: - Stack

  /// Opens a screen; the status line is cleared, as its message was about the screen below.
  public func push(_ screen: Screen) {
    statusLine.show(nil, now: now(), animated: false)
    startSlide(pushing: true)
    stack.append(screen)
    needsDisplay = true
  }

  /// Closes the top screen; the one below is told it is on top again.
  public func pop() {
    guard stack.count > 1 else { return }
    startSlide(pushing: false)
    stack.removeLast()
    closedScreens()
  }

  /// Closes every screen above `screen`.
  public func pop(to screen: Screen) {
    guard let index = stack.lastIndex(where: { $0 === screen }), index < stack.count - 1 else {
      return
    }
    startSlide(pushing: false)
    stack.removeSubrange((index + 1)...)
    closedScreens()
  }

  /// After a pop: a message of a closed screen goes with it; the one below is on top again.
  private func closedScreens() {
    if statusLine.outlivedItsScreen(open: stack, moment: moment) { show(nil) }
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

  /// A question `q` on the last screen asks before quitting (nil: quit at once); Ctrl-C never
  /// asks.
  public var questionBeforeQuitting: (() -> Prompt?)?

  /// Asks every screen on the stack to write what is unsaved, before an exit or a suspend.
  public func keepUnsavedWork() {
    for screen in stack { screen.keepUnsavedWork() }
  }

  // MARK: - The terminal

  /// Rings the bell, flashes, or copies to the clipboard, through the terminal.
  public func send(_ signal: TerminalSignal) {
    signalsSent.append(signal)
    terminal?.send(signal)
  }

  /// Every signal sent (for tests, where no real terminal listens).
  public private(set) var signalsSent: [TerminalSignal] = []

  /// Leaves full-screen mode while `body` runs (an editor), then redraws everything.
  public func runOutsideTerminal(_ body: () -> Void) {
    terminal?.suspend()
    body()
    terminal?.resume()
    needsDisplay = true
  }

  /// Hears the terminal's device attributes when they arrive (asked at start).
  public var onTerminalAttributes: (([Int]) -> Void)?
  /// Hears the terminal's window reports (its cell size, asked at start), with the size the
  /// screen has in cells.
  public var onWindowReport: (([Int], Size) -> Void)?

  // MARK: - Keys

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
    let resized = adopt(size)
    frameWasDue = needsDisplay
    needsDisplay = true
    slide = nil  // a key finishes a slide at once, then is handled as usual
    moment += 1
    releaseNotice()
    if case .mouse(let event) = key { return handleMouse(event) }
    if key == .resize {
      settlesAt = now() + Self.resizeSettle
      if !resized { top?.layoutDidChange() }
      return
    }
    if top == nil { return quit() }
    walk(key)
  }

  func openHelp() {
    if let prompt { return openHelp(for: prompt) }
    // In a text field `?` types itself: F1 is the help key there. On the last screen q quits:
    // said first, where a first look finds it, instead of the back line.
    let inField = top?.acceptsText == true
    let onLast = stack.count <= 1
    let global =
      (onLast ? [KeyHelp(keys: "q", text: tr("quit"))] : [])
      + Self.keys.help { !(inField && $0 == .help) && !(onLast && $0 == .back) }
    help = HelpOverlay(
      title: top?.title ?? "", screenKeys: top?.keyHelp ?? [], globalKeys: global,
      notes: helpNotes)
  }

  /// A prompt's help: the keys that work over it (no Esc or q: the prompt's own keys say what
  /// those do), then its own; any other key closes the help and the prompt stays.
  private func openHelp(for prompt: Prompt) {
    let global = Self.keys.help {
      Self.firstActions.contains($0) || ($0 == .help && !prompt.acceptsText)
    }
    help = HelpOverlay(
      title: prompt.title.isEmpty ? top?.title ?? "" : prompt.title, screenKeys: prompt.keyHelp,
      globalKeys: global)
  }

  // MARK: - Time

  /// The earliest time a screen wants a tick, the next slide frame, the end of a resize burst,
  /// or the status bar's next move.
  public var nextDeadline: UInt64? {
    let time = now()
    let own = [slide?.nextFrame(after: time), settlesAt, statusLine.nextFrame(after: time)]
    return (stack.map(\.nextDeadline) + tickers.map(\.nextDeadline) + own).compactMap { $0 }.min()
  }

  /// Lets every screen's timers fire (a search below the top still finishes its debounce).
  public func tick(now: UInt64) {
    for screen in stack where screen.tick(now: now) { needsDisplay = true }
    for ticker in tickers where ticker.tick(now: now) { needsDisplay = true }
    if slide != nil || settlesAt != nil || statusLine.nextFrame(after: now) != nil {
      needsDisplay = true
    }
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

  // MARK: - Rendering

  public func render(size: Size) -> Canvas {
    let target = renderStack(size: size)
    lastFrame = target
    guard let slide else { return target }
    guard let frame = slide.frame(over: target, now: now()) else {
      self.slide = nil
      return target
    }
    return frame
  }

  /// The whole screen for the current stack, prompt and help.
  private func renderStack(size: Size) -> Canvas {
    // The loop may have prepared this frame already (a test does, to see drawing read nothing).
    if preparedSize != size { prepare(size: size) }
    preparedSize = nil
    var canvas = Canvas(size: size)
    guard size.width >= Size.minimum.width, size.height >= Size.minimum.height else {
      Self.renderTooSmall(into: &canvas)
      return canvas
    }
    let chrome = Self.chrome(size)
    renderHeader(into: &canvas, in: chrome.header)
    top?.render(into: &canvas, in: chrome.body)
    let time = now()
    statusLine.render(into: &canvas, in: chrome.status, now: time, mark: statusMark?(time))
    Footer.render(footerLayout(width: size.width), into: &canvas, row: chrome.footer.y)
    if let prompt {
      canvas.cursor = nil
      canvas.graphics = []  // a picture would cover the question
      prompt.render(into: &canvas, in: chrome.body)
    }
    if let help {
      canvas.cursor = nil
      canvas.graphics = []
      help.render(into: &canvas, in: chrome.body)
    }
    return canvas
  }
}
