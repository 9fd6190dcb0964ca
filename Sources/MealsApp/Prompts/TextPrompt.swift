import MealsCore
import TerminalUI

/// A one-line field in a small box over the screen, such as "Quantity of Garlic:".
public final class TextPrompt: Prompt {
  public let label: String
  public private(set) var field: TextField
  public private(set) var error: String?
  /// Returns an error message to keep the prompt open, or nil when the value was accepted.
  private let onSubmit: (String) -> String?

  public init(label: String, text: String = "", onSubmit: @escaping (String) -> String?) {
    self.label = label
    self.field = TextField(text)
    self.onSubmit = onSubmit
  }

  public func handle(_ key: Key) -> PromptResult {
    switch key {
    case .escape:
      return .close
    case .enter:
      if let message = onSubmit(field.text) {
        error = message
        return .stay
      }
      return .close
    default:
      if field.handle(key) { error = nil }
      return .stay
    }
  }

  public func render(into canvas: inout Canvas, in area: Rect) {
    let box = Box.centered(in: area, width: min(area.width - 2, 60), height: 5)
    Box.draw(box, title: label, into: &canvas)
    let inner = box.inset(by: 1)
    canvas.cursor = field.render(
      into: &canvas, row: inner.y, column: inner.x + 1, width: inner.width - 2,
      style: Style([.underline]))
    if let error {
      canvas.writeTruncated(
        error, row: inner.y + 2, column: inner.x + 1, width: inner.width - 2, style: .error)
    } else {
      canvas.writeTruncated(
        "Enter to add · Esc to cancel", row: inner.y + 2, column: inner.x + 1,
        width: inner.width - 2,
        style: .muted)
    }
  }
}
