import TerminalUI
import Translation

/// A question on the status line with more answers than yes and no, each a letter ("Add the
/// 3 not on the list (o), or all 7 (a)?"); Esc answers none of them.
///
/// Like `ConfirmPrompt`, a paste or any other key leaves the question open.
public final class ChoicePrompt: Prompt {
  /// One answer: its key, what the footer says of it, and what it does.
  public struct Answer {
    public var key: Character
    public var text: String
    public var action: () -> Void

    public init(_ key: Character, _ text: String, action: @escaping () -> Void) {
      self.key = key
      self.text = text
      self.action = action
    }
  }

  public let question: String
  private let keys: KeyTable<Int>
  private let actions: [() -> Void]

  public init(_ question: String, answers: [Answer]) {
    self.question = question
    actions = answers.map(\.action)
    keys = KeyTable(
      answers.enumerated().map { index, answer in
        KeyBinding([.character(answer.key)], index, answer.text)
      } + [KeyBinding([.escape], -1, tr("neither"))])
  }

  public var title: String { question }
  public var keyHelp: [KeyHelp] { keys.help }

  public func handle(_ key: Key) -> PromptResult {
    guard let index = keys.action(for: key) else { return .stay }
    if actions.indices.contains(index) { actions[index]() }
    return .close
  }

  public func render(into canvas: inout Canvas, in area: Rect) {
    // On the status line, as a yes/no question is.
    ConfirmPrompt.draw(question, into: &canvas, under: area)
  }
}
