/// What the app needs from a terminal: its size, a frame to show, keys, and a way to step aside.
public protocol Terminal: AnyObject {
  var size: Size { get }
  /// The descriptors keys (and resizes) arrive on, for the event loop to wait on.
  var inputDescriptors: [Int32] { get }
  /// When a half-read key sequence must be settled (a lone Esc), so the loop wakes for it.
  var inputDeadline: UInt64? { get }
  /// Shows the canvas; only changed cells need to reach the screen.
  func present(_ canvas: Canvas)
  /// The next pending key, or nil at once when there is none.
  func readKey() -> Key?
  /// Leaves full-screen mode (for `$EDITOR`); `resume` comes back and redraws everything.
  func suspend()
  func resume()
  /// Redraws the whole screen from scratch on the next present (Ctrl-L, after resume).
  func invalidate()
  /// Stops the process as Ctrl-Z does in a cooked terminal, restoring the screen on `fg`.
  func suspendProcess()
  /// Rings the bell, flashes the screen, or puts text on the clipboard (OSC 52).
  func send(_ signal: TerminalSignal)
}

/// What a terminal can do besides drawing: get attention, or take text for the clipboard.
public enum TerminalSignal: Equatable, Sendable {
  case bell
  case flash
  /// Text for the system clipboard, through the terminal (OSC 52), so it works over ssh.
  case clipboard(String)
}

/// A terminal in memory for tests: keys are queued, the last frame is kept as lines.
public final class MemoryTerminal: Terminal {
  public var size: Size
  public private(set) var lastCanvas: Canvas?
  public private(set) var presentCount = 0
  public private(set) var suspendCount = 0
  private var pendingKeys: [Key] = []
  private var decoder = KeyDecoder()
  /// The time the decoder sees; tests move it to let a lone Esc settle.
  public var now: UInt64 = 0

  public init(size: Size = Size(width: 80, height: 24)) {
    self.size = size
  }

  public var inputDescriptors: [Int32] { [] }
  public var inputDeadline: UInt64? { decoder.deadline }

  public func present(_ canvas: Canvas) {
    lastCanvas = canvas
    presentCount += 1
  }

  public func readKey() -> Key? {
    if !pendingKeys.isEmpty { return pendingKeys.removeFirst() }
    return decoder.next(now: now)
  }

  /// Every signal sent, in order.
  public private(set) var signals: [TerminalSignal] = []

  public func send(_ signal: TerminalSignal) { signals.append(signal) }

  public func suspend() { suspendCount += 1 }
  public func resume() {}
  public func invalidate() {}
  public func suspendProcess() { suspendCount += 1 }

  /// Queues keys for `readKey`.
  public func type(_ keys: [Key]) { pendingKeys.append(contentsOf: keys) }

  /// Queues raw bytes as a terminal would send them, decoded as the real terminal decodes them.
  public func send(_ bytes: [UInt8]) { decoder.feed(bytes, now: now) }

  /// The last frame's rows as text, trailing blanks removed.
  public var lines: [String] { lastCanvas?.lines ?? [] }
}
