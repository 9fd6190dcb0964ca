import MealsCore
import MealsNet
import TerminalUI
import Translation

/// Browse: the hub of ways to explore TheMealDB.
public final class BrowseScreen: Screen {
  /// A row of the hub.
  enum Destination: CaseIterable {
    case search, categories, areas, ingredients, surprise

    var label: String {
      switch self {
      case .search: tr("Search by name")
      case .categories: tr("Categories")
      case .areas: tr("Areas")
      case .ingredients: tr("Ingredients — what can I cook with…")
      case .surprise: tr("Surprise me")
      }
    }

    var explanation: String {
      switch self {
      case .search: tr("find a meal by its name")
      case .categories: tr("Beef, Dessert, Vegetarian…, described")
      case .areas: tr("cuisines: Italian, Japanese, Mexican…")
      case .ingredients: tr("meals that use an ingredient you have")
      case .surprise: tr("a random meal")
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

  public var title: String { tr("Browse") }

  enum Action: String { case open }
  static let keys = KeyTable<Action>(
    "browse",
    [
      KeyBinding(
        [.enter], .open, tr("open"),
        detail: "open: Search by name, Categories, Areas, Ingredients, Surprise me")
    ])
  public var keyHelp: [KeyHelp] { chainHelp }

  // MARK: - Layout

  /// A blank row, the title, a blank row, then one row per destination.
  private func layout(in area: Rect) -> (title: Rect, list: ListView) {
    let rows = area.split(.vertical, [.fixed(1), .fixed(1), .fixed(1), .fill])
    return (rows[1].inset(left: 2), ListView(area: rows[3]))
  }

  // MARK: - Keys

  public func handle(_ key: Key) -> Bool { resolve(key) }

  /// Opens one of the hub's destinations (also pressed from the welcome panel); coming back,
  /// the hub's cursor is on it.
  func open(_ destination: Destination) {
    list.select(
      Destination.allCases.firstIndex(of: destination) ?? 0, count: Destination.allCases.count)
    let delegate = delegate
    switch destination {
    case .search: push(SearchScreen(context: context)) { $0.delegate = delegate }
    case .categories: push(CategoriesScreen(context: context)) { $0.delegate = delegate }
    case .areas: push(MealGroupsScreen(context: context, kind: .areas)) { $0.delegate = delegate }
    case .ingredients: push(IngredientsScreen(context: context)) { $0.delegate = delegate }
    case .surprise:
      push(MealDetailScreen(context: context, request: .random, title: tr("Surprise me"))) {
        $0.delegate = delegate
      }
    }
  }

  /// Opens `screen` once `connect` has given it its delegate.
  private func push<Child: Screen>(_ screen: Child, connect: (Child) -> Void) {
    connect(screen)
    context.navigator.push(screen)
  }

  public func handleMouse(_ event: MouseEvent, in area: Rect) -> Bool {
    guard event.isClick else { return false }
    let count = Destination.allCases.count
    guard let index = layout(in: area).list.index(of: event, count: count, top: 0)
    else { return true }
    list.select(index, count: count)
    if event.clicks >= 2 { open(Destination.allCases[index]) }
    return true
  }

  // MARK: - Rendering

  public func render(into canvas: inout Canvas, in area: Rect) {
    let layout = layout(in: area)
    canvas.writeTruncated(tr("Explore TheMealDB"), in: layout.title, style: .title)
    let longest = Destination.allCases.map { TextWidth.columns(of: $0.label) }.max() ?? 20
    let labelWidth = min(longest + 1, max(16, area.width / 2))
    let destinations = Destination.allCases
    layout.list.render(
      into: &canvas, count: destinations.count, top: 0,
      selected: list.selection..<list.selection + 1
    ) { canvas, row in
      let parts = row.content.split(.horizontal, [.fixed(labelWidth), .fixed(2), .fill])
      canvas.writeTruncated(destinations[row.index].label, in: parts[0], style: .title)
      canvas.writeTruncated(destinations[row.index].explanation, in: parts[2], style: .muted)
    }
  }
}

extension BrowseScreen: DocumentedScreen {
  public enum KeyMode: CaseIterable { case list }

  static func keysPlace(_ mode: KeyMode) -> KeysPlace {
    switch mode {
    case .list: .section("browse", "Browse")
    }
  }
  public var keyMode: KeyMode { .list }

  /// The screen's own keys first, then the list's: a key bound here wins over a move.
  public static func keyChain(_ mode: KeyMode) -> [KeyLink<BrowseScreen>] {
    KeyLink.list(
      keys, does: { screen, _ in screen.open(Destination.allCases[screen.list.selection]) },
      moves: { screen, move in
        let count = Destination.allCases.count
        screen.list.apply(move, count: count, pageSize: count)
      })
  }
}
