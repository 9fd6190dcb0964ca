import FoundationEssentials
import MealsCore
import MealsNet
import TerminalUI
import Translation

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
    guard pictures.isOn else { return nil }
    let name = MealDBClient.percentEncoded(ingredient.name)
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
  public var keyHelp: [KeyHelp] { chainHelp }

  /// The pager's keys when there is something to scroll.
  private var pagerHelp: [KeyHelp] {
    let text = layout(in: context.navigator.body).pager
    return Pager.help(count: lines(width: text.width).count, height: text.height)
  }

  private func lines(width: Int) -> [PagerLine] {
    var lines = PagerLine.wrapped(ingredient.description ?? tr("No description."), width: width)
    if let type = ingredient.type {
      lines = [PagerLine(tr("Type: %s").filled(type)), .blank] + lines
    }
    return pictureLines(width: width) + lines
  }

  /// The title and a gap, then the pager.
  private func layout(in area: Rect) -> DocumentLayout { DocumentLayout(area, headerRows: 2) }

  public func handle(_ key: Key) -> Bool { resolve(key) }

  private func scroll(_ key: Key) -> Bool {
    let text = layout(in: context.navigator.body).pager
    return pager.handle(key, count: lines(width: text.width).count, height: text.height)
  }

  public func render(into canvas: inout Canvas, in area: Rect) {
    let layout = layout(in: area)
    canvas.writeTruncated(ingredient.name, in: layout.headerRow(0), style: .title)
    let lines = lines(width: layout.pager.width)
    pager.render(lines, into: &canvas, in: layout.pager)
    canvas.writeRight(
      pager.position(count: lines.count, height: layout.pager.height), in: layout.position,
      style: .muted)
  }
}

extension IngredientDetailScreen: DocumentedScreen {
  public enum KeyMode: CaseIterable { case reading }

  static func keysPlace(_ mode: KeyMode) -> KeysPlace {
    switch mode {
    case .reading: .section("ingredient-detail", "Ingredient Detail")
    }
  }
  public var keyMode: KeyMode { .reading }

  public static func keyChain(_ mode: KeyMode) -> [KeyLink<IngredientDetailScreen>] {
    [.widget(Pager.keys, help: { $0.pagerHelp }, { $0.scroll($1) }), .lines([.back])]
  }
}
