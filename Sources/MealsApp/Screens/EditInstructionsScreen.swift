import Foundation
import MealsCore
import TerminalUI

/// Edit Instructions: a multi-line editor; Ctrl-S saves through the delegate, Esc cancels,
/// Ctrl-O opens the text in `$VISUAL`/`$EDITOR`.
public final class EditInstructionsScreen: Screen {
  public weak var delegate: EditInstructionsScreenDelegate?
  /// The app that owns the navigator that owns this screen: never outlived.
  private unowned let context: AppContext
  private let original: String
  public private(set) var area: TextArea
  public private(set) var error: String?

  init(context: AppContext, instructions: String) {
    self.context = context
    self.original = instructions
    self.area = TextArea(instructions)
  }

  public var title: String { "Edit Instructions" }
  public var acceptsText: Bool { true }
  public var keyHelp: [KeyHelp] {
    [
      KeyHelp(keys: "Ctrl-S", text: "save"), KeyHelp(keys: "Esc", text: "cancel"),
      KeyHelp(keys: "Ctrl-O", text: "open in $EDITOR"),
      KeyHelp(keys: "Enter", text: "new line", inFooter: false),
      KeyHelp(keys: "Ctrl-A/E", text: "start/end of row", inFooter: false),
      KeyHelp(keys: "Ctrl-K", text: "delete to end of line", inFooter: false),
    ]
  }

  /// The editor's size inside the body: a row for the hint, one for an error.
  private var editorSize: (width: Int, height: Int) {
    (max(1, context.bodyWidth - 5), max(1, context.bodyHeight - 3))
  }

  public func handle(_ key: Key) -> Bool {
    switch key {
    case .ctrl("s"):
      save()
    case .escape:
      cancel()
    case .ctrl("o"):
      openInEditor()
    default:
      let before = area.revision
      guard area.handle(key, width: editorSize.width, height: editorSize.height) else {
        return false
      }
      error = nil
      if area.revision != before { delegate?.editInstructionsScreen(self, didChange: area.text) }
    }
    return true
  }

  private func save() {
    let text = area.text
    if let rule = MealRules.checkInstructions(text) {
      error = rule.message
      return
    }
    delegate?.editInstructionsScreen(self, didSave: text)
  }

  private func cancel() {
    context.navigator.close(
      self, discarding: area.text != original, asking: "Discard changes to the instructions? (y/n)")
  }

  /// Writes the text to a temporary file, runs the user's editor on it, reads it back.
  private func openInEditor() {
    let result = ExternalEditor.edit(area.text) { body in context.navigator.runOutsideTerminal(body)
    }
    switch result {
    case .success(let text):
      area = TextArea(text)
      error = nil
      delegate?.editInstructionsScreen(self, didChange: text)
    case .failure(let failure):
      context.navigator.showError(failure.message)
    }
  }

  public func render(into canvas: inout Canvas, in rect: Rect) {
    let editor = Rect(x: rect.x + 2, y: rect.y + 1, width: rect.width - 3, height: rect.height - 3)
    canvas.cursor = area.render(into: &canvas, in: editor)
    if let error {
      canvas.writeTruncated(
        error, row: rect.maxY - 1, column: rect.x + 2, width: rect.width - 4, style: .error)
    } else {
      let lines = area.lines.count
      let info = "line \(area.cursor.line + 1) of \(lines)"
      canvas.write(
        info, row: rect.maxY - 1, column: max(rect.x, rect.maxX - TextWidth.columns(of: info) - 1),
        style: .muted)
    }
  }
}
