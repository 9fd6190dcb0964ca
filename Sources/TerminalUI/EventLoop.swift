#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The app's one loop, on one thread: render if something changed, wait for keys, network
/// and timers together, deliver them, repeat.
public final class EventLoop {
  private let terminal: Terminal
  private let navigator: Navigator
  private let waiter: Waiter
  private let signalDescriptor: Int32?
  private var lastCanvas: Canvas?
  private var idleWakeups = 0
  /// Set when SIGTERM, SIGHUP or SIGINT ended the loop.
  public private(set) var stopSignal: Int32?
  /// Other descriptors to wait on (the workers'), and what to do when one is ready.
  public var wakes: [(descriptor: Int32, handle: () -> Void)] = []

  public init(
    terminal: Terminal, navigator: Navigator, waiter: Waiter, signalDescriptor: Int32? = nil
  ) {
    self.terminal = terminal
    self.navigator = navigator
    self.waiter = waiter
    self.signalDescriptor = signalDescriptor
    navigator.terminal = terminal
  }

  /// Runs until the navigator is finished or a terminating signal arrives; then lets every
  /// screen keep what is unsaved (a draft) before the app exits.
  public func run() {
    while !navigator.isFinished && stopSignal == nil {
      runOnce(maximumWaitMilliseconds: 1000)
    }
    navigator.keepUnsavedWork()
  }

  /// One turn of the loop.
  public func runOnce(maximumWaitMilliseconds: Int) {
    renderIfNeeded()
    let now = MonotonicClock.now()
    var timeout = maximumWaitMilliseconds
    for deadline in [navigator.nextDeadline, terminal.inputDeadline].compactMap({ $0 }) {
      timeout = deadline <= now ? 0 : min(timeout, Int(deadline - now))
    }
    var descriptors = terminal.inputDescriptors
    if let signalDescriptor { descriptors.append(signalDescriptor) }
    descriptors += wakes.map(\.descriptor)
    let ready = waiter.wait(for: descriptors, timeoutMilliseconds: timeout)
    for wake in wakes where ready.contains(wake.descriptor) { wake.handle() }
    if let signalDescriptor, ready.contains(signalDescriptor) {
      let signals = SignalPipe.drain()
      if let first = signals.first { stopSignal = first }
    }
    let readKeys = drainKeys()
    if !ready.isDisjoint(with: terminal.inputDescriptors) && !readKeys {
      idleWakeups += 1
      // Standard input that is not a terminal can poll readable forever: don't spin.
      if idleWakeups > 3 { usleep(20_000) }
    } else {
      idleWakeups = 0
    }
    navigator.tick(now: MonotonicClock.now())
  }

  /// Hands every pending key to the navigator; ncurses may hold keys that poll cannot see.
  @discardableResult
  public func drainKeys() -> Bool {
    var any = false
    while !navigator.isFinished, let key = terminal.readKey() {
      any = true
      navigator.handle(key, size: terminal.size)
    }
    return any
  }

  /// Draws a frame when something changed; skips the terminal when the frame is identical.
  public func renderIfNeeded() {
    guard navigator.needsDisplay, !navigator.holdsFrame(at: MonotonicClock.now()) else { return }
    navigator.needsDisplay = false
    let canvas = navigator.render(size: terminal.size)
    guard canvas != lastCanvas else { return }
    lastCanvas = canvas
    terminal.present(canvas)
  }
}
