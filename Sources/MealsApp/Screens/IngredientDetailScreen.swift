import Foundation
import MealsCore
import TerminalUI

/// Ingredient Detail: a fixed title and the description in a pager.
public final class IngredientDetailScreen: Screen {
  /// The app that owns the navigator that owns this screen: never outlived.
  private unowned let context: AppContext
  public let ingredient: Ingredient
  private var pager = Pager()
  /// Held by the screen: its deinit cancels the picture's request.
  private let pictures: PictureLoader

  init(context: AppContext, ingredient: Ingredient) {
    self.context = context
    self.ingredient = ingredient
    pictures = context.pictures
    if let pictureURL { pictures.request(pictureURL) }
  }

  deinit {
    if let pictureURL { pictures.cancel(pictureURL) }
  }

  /// TheMealDB's small picture of the ingredient: `…/images/ingredients/<Name>-small.png`.
  private var pictureURL: String? {
    guard pictures.isOn,
      let name = ingredient.name.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed)
    else { return nil }
    return "https://www.themealdb.com/images/ingredients/\(name)-small.png"
  }

  /// The picture (at most 24 columns), or nothing while it loads or when there is none.
  private func pictureLines(width: Int) -> [PagerLine] {
    guard let pictureURL, pictures.state(pictureURL) == .ready,
      let drawn = pictures.lines(pictureURL, columns: min(width, 24), maximumRows: 12)
    else { return [] }
    return drawn + [.blank]
  }

  public var title: String { ingredient.name }
  public var keyHelp: [KeyHelp] { Pager.keys.help }

  private func lines(width: Int) -> [PagerLine] {
    var lines = PagerLine.wrapped(ingredient.description ?? "No description.", width: width)
    if let type = ingredient.type { lines = [PagerLine("Type: \(type)"), .blank] + lines }
    return pictureLines(width: width) + lines
  }

  /// The pager's rows: below the title and its gap, above the position line.
  private func textArea(_ area: Rect) -> Rect {
    Rect(x: area.x + 2, y: area.y + 2, width: area.width - 4, height: max(1, area.height - 3))
  }

  public func handle(_ key: Key) -> Bool {
    let text = textArea(Rect(x: 0, y: 1, width: context.bodyWidth, height: context.bodyHeight))
    return pager.handle(key, count: lines(width: text.width).count, height: text.height)
  }

  public func render(into canvas: inout Canvas, in area: Rect) {
    canvas.writeTruncated(
      ingredient.name, row: area.y, column: area.x + 2, width: area.width - 4, style: .title)
    let text = textArea(area)
    let lines = lines(width: text.width)
    pager.render(lines, into: &canvas, in: text)
    let position = pager.position(count: lines.count, height: text.height)
    canvas.write(
      position, row: area.maxY - 1,
      column: max(area.x, area.maxX - TextWidth.columns(of: position) - 1), style: .muted)
  }
}
