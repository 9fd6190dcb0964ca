import TerminalUI
import Translation

/// A yes/no question on the status line, such as "Discard changes? (y/n)".
///
/// Only y, n and Esc answer it: a paste or any other key leaves the question open.
public final class ConfirmPrompt: Prompt {
  public let question: String
  private let onYes: () -> Void
  private let onNo: () -> Void
  private let onEscape: (() -> Void)?

  /// `onEscape` defaults to `onNo`.
  public init(
    _ question: String, onYes: @escaping () -> Void, onNo: @escaping () -> Void = {},
    onEscape: (() -> Void)? = nil
  ) {
    self.question = question
    self.onYes = onYes
    self.onNo = onNo
    self.onEscape = onEscape
  }

  enum Answer: String { case yes, no, escape }
  static let keys = KeyTable<Answer>(
    "confirm",
    [
      KeyBinding([.character("y"), .character("Y")], .yes, tr("yes"), label: "y"),
      KeyBinding([.character("n"), .character("N")], .no, tr("no"), label: "n"),
      KeyBinding([.escape], .escape, tr("no")),
    ])

  public var title: String { question }

  public var keyHelp: [KeyHelp] {
    // Esc says "later" when it does something of its own (a draft kept for the next start).
    var help = Self.keys.help
    if onEscape != nil { help[2].text = tr("later") }
    return help
  }

  public func handle(_ key: Key) -> PromptResult {
    switch Self.keys.action(for: key) {
    case .yes: onYes()
    case .no: onNo()
    case .escape: (onEscape ?? onNo)()
    case nil: return .stay
    }
    return .close
  }

  public func render(into canvas: inout Canvas, in area: Rect) {
    Self.draw(question, into: &canvas, under: area)
  }

  /// A question on the status line, under the body; a space of margin on each side (the
  /// choice prompt's too).
  static func draw(_ question: String, into canvas: inout Canvas, under area: Rect) {
    let row = area.maxY
    canvas.fill(Rect(x: 0, y: row, width: canvas.size.width, height: 1), style: .error)
    canvas.write(
      " " + TextWidth.fit(question, to: canvas.size.width - 2), row: row, column: 0,
      style: .error)
  }
}

extension Navigator {
  /// Closes `screen`; when it holds unsaved changes, asks `question` first.
  func close(
    _ screen: Screen, discarding hasChanges: Bool, asking question: String,
    then done: @escaping () -> Void = {}
  ) {
    guard hasChanges else {
      pop(to: screen)
      pop()
      return
    }
    present(
      ConfirmPrompt(
        question,
        onYes: { [weak self, weak screen] in
          guard let self, let screen else { return }
          self.pop(to: screen)
          self.pop()
          done()
        }))
  }
}
