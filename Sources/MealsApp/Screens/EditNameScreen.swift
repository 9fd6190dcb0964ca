import MealsCore
import TerminalUI
import Translation

/// Edit Name: a one-line field; Enter saves through the delegate, Esc cancels.
public final class EditNameScreen: Screen {
  public weak var delegate: EditNameScreenDelegate?
  public private(set) var field: TextField
  public private(set) var error: String?

  init(name: String) {
    field = TextField(name)
  }

  public var title: String { tr("Edit Name") }
  public var acceptsText: Bool { true }

  enum Action: String { case save, cancel }
  static let keys = KeyTable<Action>(
    "edit-name",
    [
      KeyBinding([.enter], .save, tr("save")), KeyBinding([.escape], .cancel, tr("cancel")),
    ], typing: true)
  public var keyHelp: [KeyHelp] { chainHelp }

  public func handle(_ key: Key) -> Bool { resolve(key) }

  private func perform(_ action: Action) -> Bool {
    switch action {
    case .save:
      if let rule = MealRules.checkName(field.text) {
        error = rule.message
      } else {
        delegate?.editNameScreen(self, didSave: field.text)
      }
      return true
    case .cancel:
      return false  // the navigator goes back
    }
  }

  private func type(_ key: Key) -> Bool {
    let before = field.text
    guard field.handle(key) else { return false }
    error = nil
    if field.text != before { delegate?.editNameScreen(self, didChange: field.text) }
    return true
  }

  /// A gap, the question, the field, a gap, then what is wrong with the name; two columns in.
  private func layout(in area: Rect) -> (question: Rect, field: Rect, error: Rect) {
    let rows = area.inset(left: 2, right: 2).split(
      .vertical, [.fixed(1), .fixed(1), .fixed(1), .fixed(1), .fixed(1)])
    return (rows[1], rows[2], rows[4])
  }

  public func render(into canvas: inout Canvas, in area: Rect) {
    let layout = layout(in: area)
    canvas.writeTruncated(tr("Name of the meal:"), in: layout.question, style: .title)
    canvas.cursor = field.render(into: &canvas, in: layout.field, style: .field)
    if let error { canvas.writeTruncated(error, in: layout.error, style: .error) }
  }
}

extension EditNameScreen: DocumentedScreen {
  public enum KeyMode: CaseIterable { case typing }

  static func keysPlace(_ mode: KeyMode) -> KeysPlace {
    switch mode {
    case .typing: .section("edit-name", "Edit Name")
    }
  }
  public var keyMode: KeyMode { .typing }

  /// Save and cancel first, then the field's own keys and typing.
  public static func keyChain(_ mode: KeyMode) -> [KeyLink<EditNameScreen>] {
    [.table(keys) { $0.perform($1) }, .widget(TextField.keys) { $0.type($1) }]
  }
}
