import MealsCore
import TerminalUI
import TextSafety
import Translation

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
  private var values: [String]
  private let current: String?
  public private(set) var filter = TextField()
  private var list = ListState()
  /// The app that owns the navigator that owns this screen: never outlived.
  private unowned let context: AppContext

  init(context: AppContext, field: String, values: [String], current: String?) {
    self.context = context
    self.field = field
    self.current = current
    self.values = Self.known(values)
    if let current, let index = rows.firstIndex(of: .value(current)) {
      list.select(index, count: rows.count)
    }
  }

  /// Values once each (ignoring case), sorted as a reader looks for them.
  private static func known(_ values: [String]) -> [String] {
    var seen: Set<String> = []
    return values.filter { !MealRules.isBlank($0) && seen.insert($0.lowercased()).inserted }
      .map { (key: TextFolding.key($0), value: $0) }
      .sorted { ($0.key, $0.value) < ($1.key, $1.value) }.map(\.value)
  }

  /// More values to offer (TheMealDB's list, arrived after the screen opened); the selection
  /// stays on the value it was on.
  func offer(_ more: [String]) {
    let selected = rows.indices.contains(list.selection) ? rows[list.selection] : nil
    values = Self.known(values + more)
    let rows = rows
    if let selected, let index = rows.firstIndex(of: selected) {
      list.select(index, count: rows.count)
    } else {
      list.clamp(count: rows.count)
    }
  }

  public var title: String { field }
  public var acceptsText: Bool { true }

  enum Action: String { case choose, cancel }
  static let keys = KeyTable<Action>(
    "value-picker",
    [
      KeyBinding([.enter], .choose, tr("choose")), KeyBinding([.escape], .cancel, tr("cancel")),
    ], typing: true)
  public var keyHelp: [KeyHelp] { chainHelp }

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

  // MARK: - Layout

  /// The field's label and the field on the first row, the list from the third.
  private func layout(in area: Rect) -> (field: Rect, list: ListView) {
    let rows = area.split(.vertical, [.fixed(1), .fixed(1), .fill])
    return (rows[0], ListView(area: rows[2]))
  }

  // MARK: - Keys

  public func handle(_ key: Key) -> Bool { resolve(key) }

  private func perform(_ action: Action) -> Bool {
    switch action {
    case .choose:
      let rows = rows
      guard rows.indices.contains(list.selection) else { return true }
      switch rows[list.selection] {
      case .none: delegate?.valuePicker(self, didPick: nil)
      case .value(let value), .typed(let value): delegate?.valuePicker(self, didPick: value)
      }
      return true
    case .cancel:
      return false  // the navigator goes back
    }
  }

  private func move(_ move: ListState.Move) {
    list.apply(move, count: rows.count, pageSize: layout(in: context.navigator.body).list.pageSize)
  }

  private func type(_ key: Key) -> Bool {
    let before = filter.text
    guard filter.handle(key) else { return false }
    if filter.text != before { self.list = ListState() }
    return true
  }

  public func handleMouse(_ event: MouseEvent, in area: Rect) -> Bool {
    guard event.isClick else { return false }
    let rows = rows
    guard
      let index = layout(in: area).list.index(of: event, state: list, count: rows.count)
    else { return true }
    list.select(index, count: rows.count)
    if event.clicks >= 2 { _ = perform(.choose) }
    return true
  }

  // MARK: - Rendering

  public func render(into canvas: inout Canvas, in area: Rect) {
    let layout = layout(in: area)
    canvas.cursor = filter.render(
      labelled: "\(field):", into: &canvas, in: layout.field, style: .field)
    let rows = rows
    layout.list.render(into: &canvas, state: list, count: rows.count) { canvas, row in
      switch rows[row.index] {
      case .none:
        canvas.writeTruncated(tr("(none)"), in: row.content, style: .muted)
      case .value(let value):
        canvas.writeTruncated(
          value + (value == current ? "  " + tr("✓ current") : ""), in: row.content)
      case .typed(let value):
        canvas.writeTruncated(
          tr("Use “%s” (new)").filled(value), in: row.content, style: .accent)
      }
    }
  }
}

extension ValuePickerScreen: DocumentedScreen {
  public enum KeyMode: CaseIterable { case typing }

  static func keysPlace(_ mode: KeyMode) -> KeysPlace {
    switch mode {
    case .typing: .section("value-picker", "Category and Area pickers (Meal Editor)")
    }
  }
  public var keyMode: KeyMode { .typing }

  /// Enter chooses, the arrows move, and every other key types in the filter.
  public static func keyChain(_ mode: KeyMode) -> [KeyLink<ValuePickerScreen>] {
    [
      .table(keys) { $0.perform($1) },
      .lines([
        KeyHelp(
          keys: trc("key column", "type"), text: tr("filter, or a new value"), inFooter: false)
      ]),
      .table(ListState.arrowKeys, does: { $0.move($1) }),
      .widget(TextField.keys, help: []) { $0.type($1) },
    ]
  }
}
