import MealsCore
import TerminalUI

/// Ingredient Detail: a fixed title and the description in a pager.
public final class IngredientDetailScreen: Screen {
  enum Action: Sendable { case lineDown, lineUp, pageDown, pageUp, top, bottom }

  static let keys = KeyTable<Action>([
    KeyBinding([.down, .character("j")], .lineDown, "scroll down", label: "j/↓"),
    KeyBinding([.up, .character("k")], .lineUp, "scroll up", label: "k/↑"),
    KeyBinding([.character(" "), .pageDown], .pageDown, "page down", label: "Space"),
    KeyBinding([.character("b"), .pageUp], .pageUp, "page up", label: "b"),
    KeyBinding([.character("g"), .home], .top, "top", label: "g", footer: false),
    KeyBinding([.character("G"), .end], .bottom, "bottom", label: "G", footer: false),
  ])

  /// The app that owns the navigator that owns this screen: never outlived.
  private unowned let context: AppContext
  public let ingredient: Ingredient
  private var offset = 0

  init(context: AppContext, ingredient: Ingredient) {
    self.context = context
    self.ingredient = ingredient
  }

  public var title: String { ingredient.name }
  public var keyHelp: [KeyHelp] { Self.keys.help }

  private func rows(width: Int) -> [String] {
    var rows = TextWrap.wrap(ingredient.description ?? "No description.", width: max(1, width))
    if let type = ingredient.type { rows = ["Type: \(type)", ""] + rows }
    return rows
  }

  /// Rows of text below the title and above the position line.
  private func textHeight(_ area: Rect) -> Int { max(1, area.height - 3) }

  public func handle(_ key: Key) -> Bool {
    guard let action = Self.keys.action(for: key) else { return false }
    let area = Rect(x: 0, y: 1, width: context.bodyWidth, height: context.bodyHeight)
    let height = textHeight(area)
    let maximum = max(0, rows(width: area.width - 4).count - height)
    switch action {
    case .lineDown: offset += 1
    case .lineUp: offset -= 1
    case .pageDown: offset += max(1, height - 1)
    case .pageUp: offset -= max(1, height - 1)
    case .top: offset = 0
    case .bottom: offset = maximum
    }
    offset = max(0, min(offset, maximum))
    return true
  }

  public func render(into canvas: inout Canvas, in area: Rect) {
    canvas.writeTruncated(
      ingredient.name, row: area.y, column: area.x + 2, width: area.width - 4, style: .title)
    let rows = rows(width: area.width - 4)
    let height = textHeight(area)
    let start = max(0, min(offset, rows.count - height))
    for (index, row) in rows.dropFirst(start).prefix(height).enumerated() {
      canvas.write(row, row: area.y + 2 + index, column: area.x + 2, width: area.width - 4)
    }
    let last = min(rows.count, start + height)
    let percent = rows.count <= height ? 100 : last * 100 / rows.count
    let position = "lines \(start + 1)–\(last) of \(rows.count) (\(percent)%)"
    let width = TextWidth.columns(of: position)
    canvas.write(
      position, row: area.maxY - 1, column: max(area.x, area.maxX - width - 1), style: .muted)
  }
}
