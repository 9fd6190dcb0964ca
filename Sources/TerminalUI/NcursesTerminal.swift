import CNcursesw

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
public final class NcursesTerminal: Terminal {
  private var screen: OpaquePointer?
  private var usesColor = false
  private var isActive = false

  /// Sets up the terminal: UTF-8 locale, raw mode, keypad, the terminal's default colours.
  public init(colors: Bool) throws(TerminalError) {
    guard isatty(STDIN_FILENO) == 1, isatty(STDOUT_FILENO) == 1 else {
      throw TerminalError(
        message: "needs a terminal: standard input and output must be a TTY.")
    }
    TerminalLocale.ensureUTF8()
    set_escdelay(25)
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
    keypad(meals_stdscr(), true)
    nodelay(meals_stdscr(), true)
    meta(meals_stdscr(), true)
    curs_set(0)
    if colors && has_colors() {
      start_color()
      use_default_colors()
      usesColor = true
      init_pair(Int16(Style.Color.accent.rawValue), Int16(COLOR_CYAN), -1)
      init_pair(Int16(Style.Color.error.rawValue), Int16(COLOR_RED), -1)
      init_pair(Int16(Style.Color.success.rawValue), Int16(COLOR_GREEN), -1)
      init_pair(Int16(Style.Color.muted.rawValue), -1, -1)
    }
  }

  deinit { shutdown() }

  /// Restores the terminal; safe to call more than once.
  public func shutdown() {
    guard isActive else { return }
    isActive = false
    curs_set(1)
    endwin()
    if let screen { delscreen(screen) }
    screen = nil
  }

  public var size: Size { Size(width: Int(meals_cols()), height: Int(meals_lines())) }

  public var inputDescriptor: Int32 { STDIN_FILENO }

  /// Leaves full-screen mode if the process dies of a fatal signal (a trap in Swift code).
  ///
  /// Best effort: `endwin` is not async-signal-safe, but the process is ending anyway and a
  /// usable shell matters more.
  private static func restoreTerminalOnCrash() {
    for number in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGABRT, SIGFPE] {
      signal(number) { received in
        endwin()
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
    var run: [wchar_t] = []
    for row in 0..<height {
      var column = 0
      while column < width {
        let style = canvas[row, column].style
        let start = column
        run.removeAll(keepingCapacity: true)
        while column < width, canvas[row, column].style == style {
          let cell = canvas[row, column]
          if cell.width > 0 {
            for scalar in cell.text.unicodeScalars { run.append(wchar_t(bitPattern: scalar.value)) }
          }
          column += 1
        }
        let (attributes, pair) = ncursesStyle(style)
        run.withUnsafeBufferPointer { buffer in
          _ = meals_put(
            Int32(row), Int32(start), buffer.baseAddress, Int32(buffer.count), attributes, pair)
        }
      }
    }
    if let cursor = canvas.cursor {
      curs_set(1)
      move(Int32(cursor.row), Int32(cursor.column))
    } else {
      curs_set(0)
    }
    refresh()
  }

  private func ncursesStyle(_ style: Style) -> (attr_t, Int16) {
    var attributes = meals_a_normal()
    if style.attributes.contains(.bold) { attributes |= meals_a_bold() }
    if style.attributes.contains(.reverse) { attributes |= meals_a_reverse() }
    if style.attributes.contains(.underline) { attributes |= meals_a_underline() }
    if style.attributes.contains(.dim) { attributes |= meals_a_dim() }
    guard usesColor, let color = style.color, color != .muted else { return (attributes, 0) }
    return (attributes, Int16(color.rawValue))
  }

  public func invalidate() {
    guard isActive else { return }
    clearok(meals_stdscr(), true)
    refresh()
  }

  // MARK: - Input

  public func readKey() -> Key? {
    guard isActive else { return nil }
    while true {
      var value: wint_t = 0
      let result = wget_wch(meals_stdscr(), &value)
      if result == ERR { return nil }
      if result == KEY_CODE_YES {
        if let key = Self.key(forCode: Int32(value)) { return key }
        continue
      }
      if let key = Key.fromCodePoint(UInt32(value)) { return key }
    }
  }

  static func key(forCode code: Int32) -> Key? {
    switch code {
    case KEY_UP: .up
    case KEY_DOWN: .down
    case KEY_LEFT: .left
    case KEY_RIGHT: .right
    case KEY_HOME: .home
    case KEY_END: .end
    case KEY_PPAGE: .pageUp
    case KEY_NPAGE: .pageDown
    case KEY_IC: .insert
    case KEY_DC: .delete
    case KEY_BACKSPACE: .backspace
    case KEY_ENTER: .enter
    case KEY_BTAB: .backTab
    case KEY_RESIZE: .resize
    default:
      (1...12).first { meals_key_f(Int32($0)) == code }.map { Key.function($0) }
    }
  }

  // MARK: - Stepping aside

  public func suspend() {
    guard isActive else { return }
    def_prog_mode()
    endwin()
  }

  public func resume() {
    guard isActive else { return }
    reset_prog_mode()
    clearok(meals_stdscr(), true)
    refresh()
  }

  /// Ctrl-Z in raw mode: stop the job as the shell expects; ncurses' SIGTSTP handler restores
  /// the terminal before stopping and the screen after `fg`.
  public func suspendProcess() {
    guard isActive else { return }
    kill(0, SIGTSTP)
    clearok(meals_stdscr(), true)
    refresh()
  }
}
