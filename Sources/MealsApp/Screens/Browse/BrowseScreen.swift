import MealsCore
import MealsNet
import TerminalUI

/// Browse: the hub of ways to explore TheMealDB.
public final class BrowseScreen: Screen {
  /// A row of the hub.
  enum Destination: CaseIterable {
    case search, categories, areas, ingredients, surprise

    var label: String {
      switch self {
      case .search: "Search by name"
      case .categories: "Categories"
      case .areas: "Areas"
      case .ingredients: "Ingredients — what can I cook with…"
      case .surprise: "Surprise me"
      }
    }

    var explanation: String {
      switch self {
      case .search: "find a meal by its name"
      case .categories: "Beef, Dessert, Vegetarian…, described"
      case .areas: "cuisines: Italian, Japanese, Mexican…"
      case .ingredients: "meals that use an ingredient you have"
      case .surprise: "a random meal"
      }
    }
  }

  public weak var delegate: BrowseDelegate?
  /// The app that owns the navigator that owns this screen: never outlived.
  private unowned let context: AppContext
  private var list = ListState()

  init(context: AppContext) {
    self.context = context
  }

  public var title: String { "Browse" }
  public var keyHelp: [KeyHelp] {
    [KeyHelp(keys: "Enter", text: "open"), KeyHelp(keys: "Esc", text: "back")]
  }

  public func handle(_ key: Key) -> Bool {
    let count = Destination.allCases.count
    if list.handle(key, count: count, pageSize: count) { return true }
    guard key == .enter else { return false }
    open(Destination.allCases[list.selection])
    return true
  }

  /// Opens one of the hub's destinations (also pressed from the welcome panel); coming back,
  /// the hub's cursor is on it.
  func open(_ destination: Destination) {
    list.select(
      Destination.allCases.firstIndex(of: destination) ?? 0, count: Destination.allCases.count)
    let navigator = context.navigator
    switch destination {
    case .search:
      let search = SearchScreen(context: context)
      search.delegate = delegate
      navigator.push(search)
    case .categories:
      let screen = CategoriesScreen(context: context)
      screen.delegate = delegate
      navigator.push(screen)
    case .areas:
      let screen = MealGroupsScreen(context: context, kind: .areas)
      screen.delegate = delegate
      navigator.push(screen)
    case .ingredients:
      let screen = IngredientsScreen(context: context)
      screen.delegate = delegate
      navigator.push(screen)
    case .surprise:
      let screen = MealDetailScreen(context: context, request: .random, title: "Surprise me")
      screen.delegate = delegate
      navigator.push(screen)
    }
  }

  public func handleMouse(_ event: MouseEvent, in area: Rect) -> Bool {
    guard event.isClick else { return false }
    let index = event.row - area.y - 3
    guard Destination.allCases.indices.contains(index) else { return true }
    list.select(index, count: Destination.allCases.count)
    if event.clicks >= 2 { open(Destination.allCases[index]) }
    return true
  }

  public func render(into canvas: inout Canvas, in area: Rect) {
    canvas.write("Explore TheMealDB", row: area.y + 1, column: area.x + 2, style: .title)
    let longest = Destination.allCases.map { TextWidth.columns(of: $0.label) }.max() ?? 20
    let labelWidth = min(longest + 1, max(16, area.width / 2))
    for (index, destination) in Destination.allCases.enumerated() {
      let y = area.y + 3 + index
      guard y < area.maxY else { break }
      let selected = index == list.selection
      canvas.write(selected ? "▸" : " ", row: y, column: area.x, style: .accent)
      canvas.writeTruncated(
        destination.label, row: y, column: area.x + 2, width: labelWidth, style: .title)
      canvas.writeTruncated(
        destination.explanation, row: y, column: area.x + 4 + labelWidth,
        width: area.width - labelWidth - 5, style: .muted)
      if selected {
        canvas.applyStyle(.selected, to: Rect(x: area.x, y: y, width: area.width, height: 1))
      }
    }
  }
}
