import FoundationEssentials
import MealsCore
import TerminalUI
import Translation

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

  public var title: String { tr("Edit Instructions") }
  public var acceptsText: Bool { true }

  enum Action: String { case save, cancel, openInEditor }
  static let keys = KeyTable<Action>(
    "edit-instructions",
    [
      KeyBinding([.ctrl("s")], .save, tr("save")), KeyBinding([.escape], .cancel, tr("cancel")),
      KeyBinding(
        [.ctrl("o")], .openInEditor, tr("open in $EDITOR"), detail: "open in `$VISUAL`/`$EDITOR`"),
    ], typing: true)
  public var keyHelp: [KeyHelp] { chainHelp }

  /// A gap, the editor, a gap, then the line the cursor is on (or what is wrong).
  private func layout(in rect: Rect) -> (editor: Rect, error: Rect, position: Rect) {
    let rows = rect.split(.vertical, [.fixed(1), .fill, .fixed(1), .fixed(1)])
    return (rows[1].inset(left: 2, right: 1), rows[3].inset(left: 2, right: 2), rows[3])
  }

  public func handle(_ key: Key) -> Bool { resolve(key) }

  private func perform(_ action: Action) {
    switch action {
    case .save: save()
    case .cancel: cancel()
    case .openInEditor: openInEditor()
    }
  }

  private func type(_ key: Key) -> Bool {
    let before = area.revision
    guard area.handle(key, in: layout(in: context.navigator.body).editor) else { return false }
    error = nil
    if area.revision != before { delegate?.editInstructionsScreen(self, didChange: area.text) }
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
      self, discarding: area.text != original,
      asking: tr("Discard changes to the instructions? (y/n)"))
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
    let layout = layout(in: rect)
    canvas.cursor = area.render(into: &canvas, in: layout.editor)
    if let error {
      canvas.writeTruncated(error, in: layout.error, style: .error)
    } else {
      canvas.writeRight(
        tr("line %1$d of %2$d").filled(String(area.cursor.line + 1), String(area.lines.count)),
        in: layout.position,
        style: .muted)
    }
  }
}

extension EditInstructionsScreen: DocumentedScreen {
  public enum KeyMode: CaseIterable { case typing }

  static func keysPlace(_ mode: KeyMode) -> KeysPlace {
    switch mode {
    case .typing: .section("edit-instructions", "Edit Instructions")
    }
  }
  public var keyMode: KeyMode { .typing }

  /// Save, cancel and `$EDITOR` first, then the text area's own keys and typing.
  public static func keyChain(_ mode: KeyMode) -> [KeyLink<EditInstructionsScreen>] {
    [
      .table(keys, does: { $0.perform($1) }),
      .widget(TextArea.keys, help: TextArea.help) { $0.type($1) },
    ]
  }
}
