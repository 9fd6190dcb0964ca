import MealsCore
import TerminalUI
import Translation

/// A one-line field in a small box over the screen, such as "Quantity of Garlic:".
public final class TextPrompt: Prompt {
  public let label: String
  public private(set) var field: TextField
  public private(set) var error: String?
  /// Returns an error message to keep the prompt open, or nil when the value was accepted.
  private let onSubmit: (String) -> String?

  /// The hint under the field while there is no error.
  public let hint: String
  /// What Enter does, for the footer ("add", "set", "write the file").
  public let action: String
  /// A second way out: `key` closes the prompt and runs `run` (Tab: choose another ingredient
  /// instead), named in the hint and the footer.
  private let alternative: (key: Key, label: String, run: () -> Void)?

  public init(
    label: String, text: String = "", hint: String = tr("Enter to add · Esc to cancel"),
    action: String = tr("add"), alternative: (key: Key, label: String, run: () -> Void)? = nil,
    onSubmit: @escaping (String) -> String?
  ) {
    self.label = label
    self.field = TextField(text)
    self.hint = hint
    self.action = action
    self.alternative = alternative
    self.onSubmit = onSubmit
  }

  enum Action: String { case submit, cancel }
  static let keys = KeyTable<Action>(
    "text-prompt",
    [
      KeyBinding([.enter], .submit, tr("add")), KeyBinding([.escape], .cancel, tr("cancel")),
    ], typing: true)

  /// The label without its colon ("Quantity of Garlic"), as help's title.
  public var title: String {
    var title = Substring(label)
    while let last = title.last, last == ":" || last == "：" || last.isWhitespace {
      title = title.dropLast()
    }
    return title.isEmpty ? label : String(title)
  }
  public var acceptsText: Bool { true }

  public var keyHelp: [KeyHelp] {
    var help = Self.keys.help
    help[0].text = action
    if let alternative {
      help.insert(
        KeyHelp(keys: alternative.key.label, text: alternative.label, key: alternative.key), at: 1)
    }
    return help + TextField.keys.help
  }

  public func handle(_ key: Key) -> PromptResult {
    if let alternative, key == alternative.key {
      alternative.run()
      return .close
    }
    switch Self.keys.action(for: key) {
    case .cancel:
      return .close
    case .submit:
      if let message = onSubmit(field.text) {
        error = message
        return .stay
      }
      return .close
    case nil:
      if field.handle(key) { error = nil }
      return .stay
    }
  }

  /// Shows `message` under the field, as a refused Enter does (the prompt opened again after
  /// a later step failed).
  public func show(error message: String) { error = message }

  public func render(into canvas: inout Canvas, in area: Rect) {
    let width = min(Box.widest(in: area), 60)
    // An error may take two lines, so it is read whole even in a narrow box.
    let errorLines = error.map {
      Array(TextWrap.wrap($0, width: max(1, width - Box.padding)).prefix(2))
    }
    // The border's two rows, the field, a gap, the hint or the error.
    let box = Box.centered(in: area, width: width, height: 2 + 2 + (errorLines?.count ?? 1))
    Box.draw(box, title: label, into: &canvas)
    let rows = Box.content(of: box).split(.vertical, [.fixed(1), .fixed(1), .fill])
    canvas.cursor = field.render(into: &canvas, in: rows[0], style: .field)
    if let errorLines {
      for (offset, line) in errorLines.enumerated() {
        canvas.writeTruncated(line, in: rows[2].inset(top: offset), style: .error)
      }
    } else {
      canvas.writeTruncated(hint, in: rows[2], style: .muted)
    }
  }
}
