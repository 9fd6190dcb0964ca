/// A screen on the navigator's stack: it handles keys and draws its whole state.
public protocol Screen: AnyObject {
  /// The breadcrumb part in the header, e.g. "My Meals" or the meal's name.
  var title: String { get }
  /// What the footer and the `?` overlay list.
  var keyHelp: [KeyHelp] { get }
  /// True while typing goes into a field, so `q` and `?` are text rather than commands.
  var acceptsText: Bool { get }
  /// Handles a key; returns false to let the navigator's global keys have it.
  func handle(_ key: Key) -> Bool
  /// The update step before a frame: reads from the store what the frame will show in `area`
  /// (a list's visible rows, its count), so that `render` reads memory only.
  func prepare(in area: Rect)
  /// Draws the screen into `area` from memory; must not change any state or read the store.
  func render(into canvas: inout Canvas, in area: Rect)
  /// When the screen next wants `tick` (a debounce, a spinner frame), in monotonic ms.
  var nextDeadline: UInt64? { get }
  /// Time passed; returns true when something visible changed.
  func tick(now: UInt64) -> Bool
  /// The screen is on top again (a child closed): refresh what may have changed.
  func willAppear()
  /// The app is about to exit or be suspended: write anything unsaved (a draft) now.
  func keepUnsavedWork()
  /// A mouse event in the body `area` (a click on a row, the wheel over a pane); false lets
  /// the navigator use it (the wheel moves as ↑ and ↓ do).
  func handleMouse(_ event: MouseEvent, in area: Rect) -> Bool
  /// The terminal changed size (a preview pane may have appeared).
  func layoutDidChange()
}

extension Screen {
  public var acceptsText: Bool { false }
  public var nextDeadline: UInt64? { nil }
  public func tick(now: UInt64) -> Bool { false }
  public func willAppear() {}
  public func keepUnsavedWork() {}
  public func handleMouse(_ event: MouseEvent, in area: Rect) -> Bool { false }
  public func layoutDidChange() {}
  public func prepare(in area: Rect) {}
}

/// A small modal over the screen: a question or a one-line field.
public protocol Prompt: AnyObject {
  /// What `?` help says it is: its question or its box's title ("Plan “Borscht”").
  var title: String { get }
  /// Its own keys: the footer and `?` help show these (not the screen's behind it) while it is
  /// open.
  var keyHelp: [KeyHelp] { get }
  /// True when it has a field, so `?` is text and F1 opens help.
  var acceptsText: Bool { get }
  func handle(_ key: Key) -> PromptResult
  func render(into canvas: inout Canvas, in area: Rect)
}

extension Prompt {
  public var title: String { "" }
  public var acceptsText: Bool { false }
}

/// What a key did to a prompt.
public enum PromptResult: Sendable {
  case stay
  case close
}

/// App-wide work on the loop's timers that belongs to no screen (polling for other processes'
/// commits, a long import's progress): ticked with the screens, whichever is on top.
public protocol Ticker: AnyObject {
  /// When it next wants `tick`, in monotonic ms.
  var nextDeadline: UInt64? { get }
  /// Time passed; returns true when something visible changed.
  func tick(now: UInt64) -> Bool
}
