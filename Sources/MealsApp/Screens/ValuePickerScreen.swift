import MealsCore
import TerminalUI
import TextSafety

/// Picks a value for a field (a meal's category or area) from the known ones, or takes a new
/// one typed in the filter: rows `(none)`, the matching values, and `Use “…”` for new text.
public final class ValuePickerScreen: Screen {
  /// One row: clear the field, pick a known value, or use the typed text.
  enum Row: Equatable {
    case none
    case value(String)
    case typed(String)
  }

  public weak var delegate: ValuePickerScreenDelegate?
  /// The field's name, for the breadcrumb ("Category").
  public let field: String
  private let values: [String]
  private let current: String?
  public private(set) var filter = TextField()
  private var list = ListState()
  /// The app that owns the navigator that owns this screen: never outlived.
  private unowned let context: AppContext

  init(context: AppContext, field: String, values: [String], current: String?) {
    self.context = context
    self.field = field
    self.current = current
    var seen: Set<String> = []
    self.values = values.filter { !MealRules.isBlank($0) && seen.insert($0.lowercased()).inserted }
      .sorted { $0.localizedCaseInsensitiveCompare($1) == .orderedAscending }
    if let current, let index = rows.firstIndex(of: .value(current)) {
      list.select(index, count: rows.count)
    }
  }

  public var title: String { field }
  public var acceptsText: Bool { true }
  public var keyHelp: [KeyHelp] {
    [
      KeyHelp(keys: "Enter", text: "choose"), KeyHelp(keys: "Esc", text: "cancel"),
      KeyHelp(keys: "type", text: "filter, or a new value", inFooter: false),
    ]
  }

  /// The rows for the current filter.
  var rows: [Row] {
    let typed = MealRules.trimmed(TextSanitizer.singleLine(filter.text))
    let key = TextFolding.key(typed)
    let matching = key.isEmpty ? values : values.filter { TextFolding.key($0).contains(key) }
    var rows: [Row] = key.isEmpty ? [.none] : []
    rows += matching.map(Row.value)
    if !typed.isEmpty && !values.contains(where: { $0.lowercased() == typed.lowercased() }) {
      rows.append(.typed(typed))
    }
    return rows
  }

  public func handle(_ key: Key) -> Bool {
    switch key {
    case .up, .down, .pageUp, .pageDown:
      _ = list.handle(key, count: rows.count, pageSize: context.bodyHeight - 3)
    case .enter:
      let rows = rows
      guard rows.indices.contains(list.selection) else { return true }
      switch rows[list.selection] {
      case .none: delegate?.valuePicker(self, didPick: nil)
      case .value(let value), .typed(let value): delegate?.valuePicker(self, didPick: value)
      }
    default:
      let before = filter.text
      guard filter.handle(key) else { return false }
      if filter.text != before { list = ListState() }
    }
    return true
  }

  public func handleMouse(_ event: MouseEvent, in area: Rect) -> Bool {
    guard event.isClick else { return false }
    guard let index = list.index(atRow: event.row, in: area.dropping(top: 2), count: rows.count)
    else { return true }
    list.select(index, count: rows.count)
    if event.clicks >= 2 { _ = handle(.enter) }
    return true
  }

  public func render(into canvas: inout Canvas, in area: Rect) {
    canvas.write("\(field):", row: area.y, column: area.x + 1, style: .key)
    let labelWidth = TextWidth.columns(of: field) + 3
    canvas.cursor = filter.render(
      into: &canvas, row: area.y, column: area.x + labelWidth, width: area.width - labelWidth - 1,
      style: Style([.underline]))
    let rows = rows
    let listArea = area.dropping(top: 2)
    let top = list.visibleTop(height: listArea.height, count: rows.count)
    for offset in 0..<listArea.height {
      let index = top + offset
      guard index < rows.count else { break }
      let y = listArea.y + offset
      let selected = index == list.selection
      canvas.write(selected ? "▸" : " ", row: y, column: listArea.x, style: .accent)
      switch rows[index] {
      case .none:
        canvas.write("(none)", row: y, column: listArea.x + 2, style: .muted)
      case .value(let value):
        canvas.writeTruncated(
          value + (value == current ? "  ✓ current" : ""), row: y, column: listArea.x + 2,
          width: listArea.width - 3)
      case .typed(let value):
        canvas.writeTruncated(
          "Use “\(value)” (new)", row: y, column: listArea.x + 2, width: listArea.width - 3,
          style: .accent)
      }
      if selected {
        canvas.applyStyle(
          .selected, to: Rect(x: listArea.x, y: y, width: listArea.width, height: 1))
      }
    }
  }
}
