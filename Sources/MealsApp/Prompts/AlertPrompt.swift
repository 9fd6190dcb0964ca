import MealsCore
import TerminalUI

/// A message in a box that stays until it is acknowledged (Enter, Esc or Space): a timer has
/// ended, and other keys must not slip past it.
public final class AlertPrompt: Prompt {
  public let message: String
  public let detail: String

  public init(_ message: String, detail: String = "Enter to carry on") {
    self.message = message
    self.detail = detail
  }

  public func handle(_ key: Key) -> PromptResult {
    switch key {
    case .enter, .escape, .character(" "): .close
    default: .stay
    }
  }

  public func render(into canvas: inout Canvas, in area: Rect) {
    let width = min(area.width - 2, max(30, TextWidth.columns(of: message) + 6))
    let lines = Array(TextWrap.wrap(message, width: max(1, width - 4)).prefix(3))
    let box = Box.centered(in: area, width: width, height: 4 + lines.count)
    Box.draw(box, title: "", into: &canvas)
    let inner = box.inset(by: 1)
    canvas.fill(inner, style: .plain)
    for (offset, line) in lines.enumerated() {
      canvas.writeTruncated(
        line, row: inner.y + offset, column: inner.x + 1, width: inner.width - 2, style: .error)
    }
    canvas.writeTruncated(
      detail, row: inner.y + lines.count + 1, column: inner.x + 1, width: inner.width - 2,
      style: .muted)
  }
}
