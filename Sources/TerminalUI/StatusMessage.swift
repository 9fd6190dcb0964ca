import TextSafety
import Translation

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

/// The status line: the message, and a progress bar that glides as its value grows.
///
/// A message belongs to the screen that was on top when it was shown and to that moment (the
/// key being handled): closing the screen later takes its message with it.
struct StatusLine {
  private(set) var message: StatusMessage?
  private var glide = Glide()
  /// The screen on top when the message was shown (nil: none, or it is gone).
  private weak var owner: AnyObject?
  private var hasOwner = false
  /// The key (counted by the navigator) during or after which it was shown.
  private var moment = 0

  mutating func show(
    _ message: StatusMessage?, now: UInt64, animated: Bool, owner: AnyObject? = nil,
    moment: Int = 0
  ) {
    if let fraction = message?.progress?.fraction, let text = message?.text {
      glide.set(fraction, key: text, now: now, animated: animated)
    }
    self.message = message
    self.owner = owner
    hasOwner = owner != nil
    self.moment = moment
  }

  /// True when the message was shown by a screen no longer open, before the key `moment`
  /// (a message shown by the key that closed its screen, "Saved", is about what it did).
  func outlivedItsScreen(open stack: [AnyObject], moment now: Int) -> Bool {
    guard message != nil, hasOwner, moment != now else { return false }
    guard let owner else { return true }
    return !stack.contains { $0 === owner }
  }

  /// When the bar next moves: a bar of unknown size turns on its own; a gliding one until it
  /// arrives.
  func nextFrame(after time: UInt64) -> UInt64? {
    guard let progress = message?.progress else { return nil }
    return progress.fraction == nil ? time + 60 : glide.nextFrame(after: time)
  }

  /// Draws the message in `row` (a bar of up to 30 cells and its detail on the right), and
  /// `mark` at the right end, before everything else.
  func render(into canvas: inout Canvas, in row: Rect, now: UInt64, mark: String? = nil) {
    var row = row
    if let mark, !mark.isEmpty {
      // The message comes first: the mark gives way to it down to its first two words
      // (`⏱ 8:59`), cut with "…" after them.
      let full = TextWidth.columns(of: mark)
      let head = TextWidth.columns(of: mark.split(separator: " ").prefix(2).joined(separator: " "))
      let wanted = message.map { TextWidth.columns(of: $0.text) + 4 } ?? 0
      let width = min(row.width - 2, full, max(head + 2, row.width - wanted))
      let parts = row.split(.horizontal, [.fill, .fixed(width), .fixed(1)])
      canvas.writeTruncated(mark, in: parts[1], style: .key)
      row = Rect(x: row.x, y: row.y, width: max(0, parts[0].width - 1), height: 1)
    }
    guard let message else { return }
    let text = message.kind == .error ? tr("Error: %s").filled(message.text) : message.text
    let style: Style = message.kind == .error ? .error : .status
    var line = row.inset(left: 1, right: 1)
    if let progress = message.progress {
      let barWidth = max(8, min(30, row.width / 3))
      let bar =
        progress.fraction == nil
        ? Bar.moving(phase: Int(now / 60), width: barWidth)
        : Bar.text(glide.value(at: now), width: barWidth)
      let detail = " " + progress.detail
      let parts = line.split(
        .horizontal, [.fill, .fixed(1), .fixed(barWidth), .fixed(TextWidth.columns(of: detail))])
      canvas.write(bar, row: row.y, column: parts[2].x, style: .bar)
      canvas.write(detail, row: row.y, column: parts[3].x)
      line = parts[0]
    }
    // A name inside the message is shortened before the message's point is cut.
    canvas.write(
      TextWidth.fit(text, to: line.width, clean: TextSanitizer.singleLine), row: row.y,
      column: line.x, width: line.width, style: style)
  }
}
