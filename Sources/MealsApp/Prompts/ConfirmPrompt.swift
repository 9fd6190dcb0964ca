import TerminalUI

/// A yes/no question on the status line, such as "Discard changes? (y/n)".
public final class ConfirmPrompt: Prompt {
  public let question: String
  private let onYes: () -> Void

  public init(_ question: String, onYes: @escaping () -> Void) {
    self.question = question
    self.onYes = onYes
  }

  public func handle(_ key: Key) -> PromptResult {
    switch key {
    case .character("y"), .character("Y"):
      onYes()
      return .close
    case .character("n"), .character("N"), .escape:
      return .close
    default:
      return .stay
    }
  }

  public func render(into canvas: inout Canvas, in area: Rect) {
    let row = area.maxY
    canvas.fill(Rect(x: 0, y: row, width: canvas.size.width, height: 1), style: .error)
    canvas.writeTruncated(
      " " + question, row: row, column: 0, width: canvas.size.width, style: .error)
  }
}
