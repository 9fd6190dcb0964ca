import CNcursesw
import FoundationEssentials

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Why the terminal could not be set up.
public struct TerminalError: Error, Equatable, Sendable {
  public var message: String
}

/// The real terminal, through ncursesw (the only file that touches ncurses).
///
/// ncurses draws; keys are read as raw bytes and decoded by `KeyDecoder`, so sequences the
/// terminal description lacks, bracketed paste and a lone Esc are all handled the same way in
/// every terminal. Resizes arrive through our own SIGWINCH handler.
public final class NcursesTerminal: Terminal {
  private var screen: OpaquePointer?
  private var usesColor = false
  /// How each area looks (`set theme`, `color` lines).
  private let theme: Theme
  /// The theme's look of each area by its number, resolved once (drawing asks per cell).
  private var areaLooks: [Look] = []
  /// Palette colours for pictures: pairs made on demand, reused when the cap is reached.
  private var inks = InkPairs(first: 16, cap: 0)
  /// How many colours the terminal has; below 256, picture colours go to the nearest basic one.
  private var paletteSize = 0
  /// Graphics-protocol pictures on screen, and the frame they were placed over.
  private var shownGraphics: [Graphic] = []
  private var previousFrame: Canvas?
  private var graphicsEverything = true
  private var isActive = false
  private var decoder: KeyDecoder
  /// Made at the first key, not before the first frame (16 pages the kernel must zero).
  private var readBuffer: [UInt8] = []

  /// Terminal modes the app turns on, and off again on every way out: bracketed paste, and
  /// mouse reports (buttons and wheel, SGR 1006 coordinates, so wide terminals work) unless
  /// the mouse is off.
  private let modesOn: String
  /// What goes to the terminal right after the first frame, in one write (the modes, the
  /// questions asked before it): nothing is written between start and the first frame.
  private var afterFirstFrame: String?
  static let modesOff = "\u{1B}[?1006l\u{1B}[?1000l\u{1B}[?2004l"

  /// Sets up the terminal: UTF-8 locale, raw mode, keypad, the terminal's default colours.
  ///
  /// `escapeDelay`: how long a lone Esc waits for the rest of a sequence (`set escape-delay`).
  public init(
    colors: Bool, mouse: Bool = true, theme: Theme = .standard,
    escapeDelay: UInt64 = KeyDecoder.defaultEscapeDelay
  ) throws(TerminalError) {
    decoder = KeyDecoder(escapeDelay: escapeDelay)
    self.theme = theme
    modesOn = "\u{1B}[?2004h" + (mouse ? "\u{1B}[?1000h\u{1B}[?1006h" : "")
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
      throw TerminalError(
        message: "needs a terminal: standard input and output must be a TTY.")
    }
    TerminalLocale.ensureUTF8()
    // Installed before ncurses starts, so it keeps ours instead of adding its own.
    ResizeSignal.install()
    guard let screen = newterm(nil, meals_stdout(), meals_stdin()) else {
      let name = getenv("TERM").map { String(cString: $0) } ?? "(unset)"
      throw TerminalError(message: "cannot use the terminal type TERM=\(name).")
    }
    self.screen = screen
    set_term(screen)
    isActive = true
    Self.restoreTerminalOnCrash()
    raw()
    noecho()
    nonl()
    // Keys are read from the descriptor, never through ncurses: no look-ahead on input.
    typeahead(-1)
    curs_set(0)
    // ncurses writes its buffer out at every cursor move until the screen has once been left
    // and come back to (its `_endwin` stays "initial"): a frame went out as ~40 writes. Left
    // here, before anything is drawn, the first refresh comes back and each frame is one write.
    def_prog_mode()
    endwin()
    afterFirstFrame = modesOn
    let withColor = colors && theme.usesColor && has_colors()
    areaLooks =
      [Look()] + Style.Area.allCases.map { theme.resolve(Style(area: $0), colors: withColor) }
    if withColor {
      start_color()
      use_default_colors()
      usesColor = true
      paletteSize = Int(meals_colors())
      // One pair per area, numbered as the areas are (1–15); pictures' pairs start at 16.
      for area in Style.Area.allCases {
        let look = theme.look(for: area)
        guard look.hasColor else { continue }
        init_extended_pair(
          Int32(area.rawValue), look.foreground.number(colors: paletteSize),
          look.background.number(colors: paletteSize))
      }
      if paletteSize >= 8 {
        inks = InkPairs(first: 16, cap: Int16(clamping: min(Int(meals_color_pairs()), 16 + 4096)))
      }
    }
  }

  deinit { shutdown() }

  /// Restores the terminal; safe to call more than once.
  public func shutdown() {
    guard isActive else { return }
    removeGraphics()
    isActive = false
    curs_set(1)
    endwin()
    Self.writeToTerminal(Self.modesOff)
    if let screen { delscreen(screen) }
    screen = nil
  }

  public var size: Size { Size(width: Int(meals_cols()), height: Int(meals_lines())) }

  public var inputDescriptors: [Int32] { [STDIN_FILENO, ResizeSignal.descriptor] }

  public var inputDeadline: UInt64? { decoder.deadline }

  /// Writes straight to the terminal (mode switches ncurses does not know about).
  static func writeToTerminal(_ text: String) {
    writeBytes(Array(text.utf8))
  }

  /// Leaves full-screen mode if the process dies of a fatal signal (a trap in Swift code).
  ///
  /// Best effort: `endwin` is not async-signal-safe, but the process is ending anyway and a
  /// usable shell matters more.
  private static func restoreTerminalOnCrash() {
    for number in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE] {
      signal(number) { received in
        endwin()
        // Mouse reports and bracketed paste off: ESC [ ? 1006 l, 1000 l, 2004 l (write(2) is
        // async-signal-safe).
        var off: [UInt8] = [
          0x1B, 0x5B, 0x3F, 0x31, 0x30, 0x30, 0x36, 0x6C, 0x1B, 0x5B, 0x3F, 0x31, 0x30, 0x30, 0x30,
          0x6C, 0x1B, 0x5B, 0x3F, 0x32, 0x30, 0x30, 0x34, 0x6C,
        ]
        _ = write(STDOUT_FILENO, &off, off.count)
        signal(received, SIG_DFL)
        raise(received)
      }
    }
  }

  // MARK: - Output

  public func present(_ canvas: Canvas) {
    guard isActive else { return }
    let width = min(canvas.size.width, Int(meals_cols()))
    let height = min(canvas.size.height, Int(meals_lines()))
    inks.startFrame()
    var row: [cchar_t] = []
    row.reserveCapacity(width)
    // A spacing character, up to four combining marks (ncurses keeps no more), a 0.
    var text = [wchar_t](repeating: 0, count: 6)
    for line in 0..<height {
      // A row the last frame drew alike is still in ncurses' window; a row with picture
      // colours is put again so its pairs count as on screen (see `InkPairs`).
      if let previousFrame, canvas.sameRow(line, as: previousFrame),
        !canvas.rowHasInk(line)
      {
        continue
      }
      row.removeAll(keepingCapacity: true)
      var lastStyle: Style?
      var look: (attr_t, Int16) = (meals_a_normal(), 0)
      for column in 0..<width {
        let cell = canvas[line, column]
        // The cell a wide character covers: ncurses fills it from the lead cell.
        guard cell.width > 0 else { continue }
        if cell.style != lastStyle {
          look = ncursesStyle(cell.style)
          lastStyle = cell.style
        }
        text[0] = wchar_t(bitPattern: cell.scalar.value)
        var count = 1
        if cell.hasMarks {
          for mark in canvas.scalars(at: line * canvas.size.width + column).dropFirst().prefix(4) {
            text[count] = wchar_t(bitPattern: mark.value)
            count += 1
          }
        }
        text[count] = 0
        row.append(
          text.withUnsafeBufferPointer { meals_cell($0.baseAddress, look.0, Int32(look.1)) })
      }
      row.withUnsafeBufferPointer {
        _ = meals_put_row(Int32(line), $0.baseAddress, Int32($0.count))
      }
    }
    if let cursor = canvas.cursor {
      curs_set(1)
      move(Int32(cursor.row), Int32(cursor.column))
    } else {
      curs_set(0)
      // The hidden cursor rests in the last cell, as if the rows had been typed out: a
      // terminal that gets shorter keeps the lines around the cursor, so the bottom ones.
      move(Int32(max(0, height - 1)), Int32(max(0, width - 1)))
    }
    refresh()
    if let text = afterFirstFrame {
      Self.writeToTerminal(text)
      afterFirstFrame = nil
    }
    if !canvas.graphics.isEmpty || !shownGraphics.isEmpty { presentGraphics(canvas) }
    previousFrame = canvas
  }

  // MARK: - Graphics protocols

  /// Sends, after ncurses' refresh, what the frame's pictures need (see `GraphicsPlan`).
  private func presentGraphics(_ canvas: Canvas) {
    let screen = Rect(x: 0, y: 0, width: Int(meals_cols()), height: Int(meals_lines()))
    let wanted = canvas.graphics.filter { screen.contains($0.rect) }
    let previous = previousFrame
    let plan = GraphicsPlan.plan(
      wanted: wanted, shown: shownGraphics,
      changedRows: { row in
        guard let previous else { return true }
        return !canvas.sameRow(row, as: previous)  // another size: every row changed
      }, everything: graphicsEverything)
    graphicsEverything = false
    shownGraphics = wanted
    if plan.deleteKitty { Self.writeBytes(GraphicsPlan.kittyDeleteAll) }
    if !plan.repaint.isEmpty {
      // Lines an inline picture covered are painted again from the text: no ghost pixels.
      for rect in plan.repaint { wredrawln(meals_stdscr(), Int32(rect.y), Int32(rect.height)) }
      refresh()
    }
    for graphic in plan.place {
      Self.writeBytes(
        GraphicsPlan.placement(
          of: graphic.bytes, at: graphic.rect, rows: graphic.graphics == .truecolor))
    }
  }

  /// All of `bytes` to the terminal (pictures run to hundreds of kilobytes).
  static func writeBytes(_ bytes: [UInt8]) {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        Glibc.write(STDOUT_FILENO, $0.baseAddress.map { $0 + offset }, bytes.count - offset)
      }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return }
      offset += written
    }
  }

  /// A cell's size in pixels as the window size gives it, nil when the terminal leaves the
  /// pixels out (then `askForCellSize` asks it).
  public func cellPixels() -> CellSize? {
    var window = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_col > 0,
      window.ws_row > 0, window.ws_xpixel >= window.ws_col, window.ws_ypixel >= window.ws_row
    else { return nil }
    return CellSize(
      width: Int(window.ws_xpixel) / Int(window.ws_col),
      height: Int(window.ws_ypixel) / Int(window.ws_row))
  }

  private func ncursesStyle(_ style: Style) -> (attr_t, Int16) {
    var look = style.area.map { areaLooks[Int($0.rawValue)] } ?? Look()
    look.attributes.formUnion(style.attributes)
    var attributes = meals_a_normal()
    if look.attributes.contains(.bold) { attributes |= meals_a_bold() }
    if look.attributes.contains(.reverse) { attributes |= meals_a_reverse() }
    if look.attributes.contains(.underline) { attributes |= meals_a_underline() }
    if look.attributes.contains(.dim) { attributes |= meals_a_dim() }
    if look.attributes.contains(.italic) { attributes |= meals_a_italic() }
    if usesColor, var ink = style.ink {
      if paletteSize < 256 {
        ink.foreground = ink.foreground.map { Palette.nearest($0, among: paletteSize) }
        ink.background = ink.background.map { Palette.nearest($0, among: paletteSize) }
      }
      guard let (pair, isNew) = inks.pair(for: ink) else { return (attributes, 0) }
      if isNew {
        init_pair(
          pair, ink.foreground.map { Int16($0) } ?? -1, ink.background.map { Int16($0) } ?? -1)
      }
      return (attributes, pair)
    }
    guard usesColor, let area = style.area, look.hasColor else { return (attributes, 0) }
    return (attributes, Int16(area.rawValue))
  }

  public func invalidate() {
    guard isActive else { return }
    clearok(meals_stdscr(), true)
    refresh()
    graphicsEverything = true
  }

  public func send(_ signal: TerminalSignal) {
    guard isActive else { return }
    switch signal {
    case .bell: beep()
    case .flash: flash()
    case .clipboard(let text):
      // OSC 52 goes straight to the terminal, after what ncurses has drawn.
      let sequence = "\u{1B}]52;c;" + Data(text.utf8).base64EncodedString() + "\u{07}"
      fflush(nil)
      Self.writeToTerminal(sequence)
    }
  }

  // MARK: - Input

  public func readKey() -> Key? {
    guard isActive else { return nil }
    if ResizeSignal.takePending() {
      applyWindowSize()
      graphicsEverything = true
      return .resize
    }
    let now = MonotonicClock.now()
    if let key = decoder.next(now: now) { return key }
    // Read what is there (never blocking), a few times while it keeps coming.
    for _ in 0..<4 {
      var ready = pollfd(fd: STDIN_FILENO, events: Int16(POLLIN), revents: 0)
      guard poll(&ready, 1, 0) > 0, ready.revents & Int16(POLLIN) != 0 else { return nil }
      if readBuffer.isEmpty { readBuffer = [UInt8](repeating: 0, count: 65_536) }
      let count = readBuffer.withUnsafeMutableBytes {
        read(STDIN_FILENO, $0.baseAddress, $0.count)
      }
      guard count > 0 else { return nil }
      decoder.feed(readBuffer[0..<count], now: now)
      if let key = decoder.next(now: now) { return key }
    }
    return nil
  }

  /// Tells ncurses the window's new size (it has no SIGWINCH handler of its own here).
  private func applyWindowSize() {
    var window = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0,
      window.ws_col > 0
    else { return }
    resizeterm(Int32(window.ws_row), Int32(window.ws_col))
  }

  // MARK: - Stepping aside

  /// Asks the terminal what it can do (primary device attributes); the answer arrives as a
  /// `Key.terminalAttributes` among the keys, so nothing waits for it.
  public func askForAttributes() {
    guard isActive else { return }
    writeSoon("\u{1B}[c")
  }

  /// Asks for the cell size in pixels (`CSI 16 t`) and the text area's (`CSI 14 t`, for
  /// terminals that only know that one); the answers come back among the keys.
  public func askForCellSize() {
    guard isActive else { return }
    writeSoon("\u{1B}[16t\u{1B}[14t")
  }

  /// Writes `text` now, or with the modes after the first frame when that is still to come.
  private func writeSoon(_ text: String) {
    if let waiting = afterFirstFrame {
      afterFirstFrame = waiting + text
    } else {
      Self.writeToTerminal(text)
    }
  }

  /// Kitty keeps pictures until told: they go when the app steps aside or ends.
  private func removeGraphics() {
    if shownGraphics.contains(where: { !$0.isInline }) {
      Self.writeBytes(GraphicsPlan.kittyDeleteAll)
    }
    shownGraphics = []
    graphicsEverything = true
  }

  public func suspend() {
    guard isActive else { return }
    removeGraphics()
    def_prog_mode()
    endwin()
    Self.writeToTerminal(Self.modesOff)
  }

  public func resume() {
    guard isActive else { return }
    reset_prog_mode()
    Self.writeToTerminal(modesOn)
    applyWindowSize()
    clearok(meals_stdscr(), true)
    refresh()
  }

  /// Ctrl-Z in raw mode: leave the screen, stop the job as the shell expects (it prints
  /// "Stopped"), and come back on `fg`, at whatever size the window has by then.
  public func suspendProcess() {
    guard isActive else { return }
    suspend()
    let previous = signal(SIGTSTP, SIG_DFL)
    kill(0, SIGTSTP)
    signal(SIGTSTP, previous)
    resume()
  }
}

/// SIGWINCH as a flag plus a byte on a pipe, so a resize wakes the loop's wait.
enum ResizeSignal {
  nonisolated(unsafe) private static var pending: sig_atomic_t = 0
  nonisolated(unsafe) private static var ends: [Int32] = [-1, -1]

  /// The descriptor the loop waits on (-1 when no pipe could be made).
  static var descriptor: Int32 { ends[0] }

  static func install() {
    guard ends[0] < 0 else { return }
    var fresh: [Int32] = [-1, -1]
    guard pipe(&fresh) == 0 else { return }
    for end in fresh {
      _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
      _ = fcntl(end, F_SETFD, FD_CLOEXEC)
    }
    ends = fresh
    signal(SIGWINCH) { _ in
      ResizeSignal.pending = 1
      var byte: UInt8 = 1
      _ = write(ResizeSignal.ends[1], &byte, 1)
    }
  }

  /// True once per burst of resizes.
  ///
  /// Empties the pipe first, so a signal arriving meanwhile is still seen (at worst one extra
  /// wake-up).
  static func takePending() -> Bool {
    var buffer = [UInt8](repeating: 0, count: 64)
    while ends[0] >= 0 && read(ends[0], &buffer, buffer.count) > 0 {}
    guard pending != 0 else { return false }
    pending = 0
    return true
  }
}
