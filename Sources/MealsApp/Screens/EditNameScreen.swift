import MealsCore
import TerminalUI

/// Edit Name: a one-line field; Enter saves through the delegate, Esc cancels.
public final class EditNameScreen: Screen {
  public weak var delegate: EditNameScreenDelegate?
  public private(set) var field: TextField
  public private(set) var error: String?

  init(name: String) {
    field = TextField(name)
  }

  public var title: String { "Edit Name" }
  public var acceptsText: Bool { true }
  public var keyHelp: [KeyHelp] {
    [
      KeyHelp(keys: "Enter", text: "save"), KeyHelp(keys: "Esc", text: "cancel"),
      KeyHelp(keys: "Ctrl-A/E", text: "start/end of line", inFooter: false),
      KeyHelp(keys: "Ctrl-U/K", text: "delete to start/end", inFooter: false),
      KeyHelp(keys: "Ctrl-W", text: "delete the word before", inFooter: false),
    ]
  }

  public func handle(_ key: Key) -> Bool {
    if key == .enter {
      if let rule = MealRules.checkName(field.text) {
        error = rule.message
      } else {
        delegate?.editNameScreen(self, didSave: field.text)
      }
      return true
    }
    let before = field.text
    guard field.handle(key) else { return false }
    error = nil
    if field.text != before { delegate?.editNameScreen(self, didChange: field.text) }
    return true
  }

  public func render(into canvas: inout Canvas, in area: Rect) {
    canvas.write("Name of the meal:", row: area.y + 1, column: area.x + 2, style: .title)
    canvas.cursor = field.render(
      into: &canvas, row: area.y + 2, column: area.x + 2, width: area.width - 4,
      style: Style([.underline]))
    if let error {
      canvas.writeTruncated(
        error, row: area.y + 4, column: area.x + 2, width: area.width - 4, style: .error)
    }
  }
}
