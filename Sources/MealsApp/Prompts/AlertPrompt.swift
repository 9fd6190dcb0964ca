import MealsCore
import TerminalUI
import Translation

/// A message in a box that stays until it is acknowledged (Enter, Esc or Space): a timer has
/// ended, and other keys must not slip past it.
public final class AlertPrompt: Prompt {
  public let message: String
  public let detail: String

  public init(_ message: String, detail: String = tr("Enter to carry on")) {
    self.message = message
    self.detail = detail
  }

  static let keys = KeyTable<Void>([
    KeyBinding([.enter, .escape, .character(" ")], (), tr("carry on"), label: "Enter")
  ])

  public var title: String { message }
  public var keyHelp: [KeyHelp] { Self.keys.help }

  public func handle(_ key: Key) -> PromptResult {
    Self.keys.action(for: key) == nil ? .stay : .close
  }

  /// The box is as wide as its longer text needs (within the screen), and both texts wrap in
  /// it rather than being cut.
  public func render(into canvas: inout Canvas, in area: Rect) {
    let widest = max(TextWidth.columns(of: message), TextWidth.columns(of: detail))
    let width = min(Box.widest(in: area), max(30, widest + Box.padding))
    let textWidth = max(1, width - Box.padding)
    let lines = Array(TextWrap.wrap(message, width: textWidth).prefix(3))
    let details = Array(TextWrap.wrap(detail, width: textWidth).prefix(2))
    // The border's two rows, the message, a gap, the detail.
    let box = Box.centered(in: area, width: width, height: 2 + lines.count + 1 + details.count)
    Box.draw(box, title: "", into: &canvas)
    let text = Box.content(of: box)
    let parts = text.split(.vertical, [.fixed(lines.count), .fixed(1), .fill])
    for (offset, line) in lines.enumerated() {
      canvas.writeTruncated(line, in: parts[0].inset(top: offset), style: .error)
    }
    for (offset, line) in details.enumerated() {
      canvas.writeTruncated(line, in: parts[2].inset(top: offset), style: .muted)
    }
  }
}
