import MealsCore
import MealsNet
import MealsStore
import TerminalUI
import Translation

/// Search Meals: live search on TheMealDB, results, and the `Create a new meal…` row.
public final class SearchScreen: Screen, StoreListener {
  public enum Focus: CaseIterable { case field, results }

  /// Where the search stands; a stale answer never reaches `.found`.
  enum Phase: Equatable {
    case notStarted
    case searching(query: String)
    case found(query: String)
    case failed(query: String, message: String)
  }

  static let debounce: UInt64 = 250

  public weak var delegate: SearchScreenDelegate?
  /// The app that owns the navigator that owns this screen: never outlived.
  private unowned let context: AppContext
  public private(set) var field = TextField()
  private var focus = Focus.field
  private(set) var phase = Phase.notStarted
  public private(set) var results: [Meal] = []
  private var list = ListState()
  /// The search under way (its id, to cancel it by): a late answer is dropped by the slot.
  private var search = LatestAnswer<RequestID?>()
  private var debounceDeadline: UInt64?
  private var spinnerFrame = 0
  private var nextSpinnerFrame: UInt64?

  /// TheMealDB ids of the results already in My Meals (marked ✓).
  private var saved: Set<String> = []
  /// The store changed since `saved` was read.
  private var savedIsStale = false

  init(context: AppContext) {
    self.context = context
    context.store.addListener(self)
  }

  /// The name typed in the field, for `Create a new meal…` to start from.
  public var typedName: String { MealRules.trimmed(field.text) }

  /// Which results are in My Meals is read again at the update step.
  public func storeDidChange(_ store: MealStore) {
    savedIsStale = true
    context.navigator.needsDisplay = true
  }

  public func prepare(in area: Rect) {
    guard savedIsStale else { return }
    savedIsStale = false
    markSaved()
  }

  private func markSaved() {
    saved = context.store.storedMealDBIDs(among: results.compactMap(\.mealDBID))
  }

  public var title: String { tr("Search Meals") }
  public var acceptsText: Bool { focus == .field }

  enum Action: String { case search, results, choose, lookFirst, field }
  /// While typing in the search field.
  static let fieldKeys = KeyTable<Action>(
    "search",
    [
      KeyBinding(
        [.enter], .search, tr("search now"), detail: "search at once (typing searches after 250 ms)"
      ),
      KeyBinding(
        [.down, .tab], .results, tr("results"), label: "↓/Tab", detail: "into the results"),
    ], typing: true)
  /// While in the results.
  static let resultKeys = KeyTable<Action>(
    "search-results",
    [
      KeyBinding(
        [.enter], .choose, tr("save meal / create"),
        detail:
          "save the result to My Meals (`✓` marks meals saved already); on `Create a new meal…`, the editor, starting from the name typed"
      ),
      KeyBinding(
        [.right], .lookFirst, tr("look first"),
        detail: "look at the result in Meal Detail first (`s` there saves it)"),
      KeyBinding(
        [.tab, .backTab, .character("/")], .field, tr("search field"), label: "Tab",
        detail: "back to the search field (`↑` on the first row too)"),
    ])

  public var keyHelp: [KeyHelp] { chainHelp }

  /// Rows in the list: the results, then `Create a new meal…` once a search has run.
  private var rowCount: Int { phase == .notStarted ? 0 : results.count + 1 }

  // MARK: - Keys

  public func handle(_ key: Key) -> Bool { resolve(key) }

  private func performInField(_ action: Action) {
    switch action {
    case .search:
      startSearch()
      if phase == .notStarted {
        context.navigator.showInfo(tr("Type a meal's name to search for."))
      }
    case .results:
      if rowCount > 0 { focus = .results }
    case .choose, .lookFirst, .field: break
    }
  }

  /// Typing in the field: the search starts when typing pauses.
  private func type(_ key: Key) -> Bool {
    let before = field.text
    guard field.handle(key) else { return false }
    if field.text != before {
      debounceDeadline = context.navigator.now() + Self.debounce
    }
    return true
  }

  private func performInResults(_ action: Action) {
    switch action {
    case .field: focus = .field
    case .choose: choose()
    case .lookFirst: lookFirst()
    case .search, .results: break
    }
  }

  private func move(_ move: ListState.Move) {
    guard list.selection > 0 || move != .up else {
      focus = .field  // up from the first result goes back to the field
      return
    }
    let pageSize = layout(in: context.navigator.body).results.list.pageSize
    list.apply(move, count: rowCount, pageSize: pageSize)
  }

  private func choose() {
    if list.selection < results.count {
      delegate?.searchScreen(self, didChoose: results[list.selection])
    } else if list.selection == results.count {
      delegate?.searchScreenDidRequestNewMeal(self)
    }
  }

  /// Meal Detail for the selected result, before saving it (`s` there saves it).
  private func lookFirst() {
    guard results.indices.contains(list.selection) else { return }
    let meal = results[list.selection]
    let request = meal.mealDBID.map(MealDBRequest.lookup) ?? .random
    let detail = MealDetailScreen(
      context: context, request: request, title: MealRules.trimmed(meal.name), known: meal)
    detail.delegate = delegate as? BrowseDelegate
    context.navigator.push(detail)
  }

  // MARK: - Searching

  /// Starts a request for the field's text now, cancelling one in flight.
  public func startSearch() {
    debounceDeadline = nil
    if let request = search.drop() ?? nil { context.service.cancel(request) }
    let query = MealRules.trimmed(field.text)
    guard !query.isEmpty else {
      // Nothing to look for: back to the hint, not a search for "".
      phase = .notStarted
      results = []
      nextSpinnerFrame = nil
      list = ListState()
      return
    }
    phase = .searching(query: query)
    nextSpinnerFrame = context.navigator.now() + Spinner.interval
    let ticket = search.ask(nil)
    search.asked = context.service.searchMeals(named: query) { [weak self] result in
      guard let self, self.search.take(ticket) != nil else { return }
      self.finish(query: query, result: result)
    }
  }

  private func finish(query: String, result: Result<[Meal], NetworkError>) {
    nextSpinnerFrame = nil
    switch result {
    case .success(let meals):
      results = meals
      phase = .found(query: query)
      list = ListState()
      markSaved()
    case .failure(let error):
      // Said once, where the results would be (not again on the status line).
      phase = .failed(query: query, message: error.message)
    }
    context.navigator.needsDisplay = true
  }

  // MARK: - Time

  public var nextDeadline: UInt64? {
    [debounceDeadline, nextSpinnerFrame].compactMap { $0 }.min()
  }

  public func tick(now: UInt64) -> Bool {
    var changed = false
    if let deadline = debounceDeadline, now >= deadline {
      startSearch()
      changed = true
    }
    if let frameTime = nextSpinnerFrame, now >= frameTime {
      spinnerFrame += 1
      nextSpinnerFrame = now + Spinner.interval
      changed = true
    }
    return changed
  }

  // MARK: - Layout

  /// The field on the first row, what the search is doing on the second, then the results.
  private func layout(in area: Rect) -> (field: Rect, state: Rect, results: ListLayout) {
    let results = ListLayout(area, headlineRows: 3)
    let state = results.headline.inset(left: 1, right: 1, top: 1)
    return (results.headline.firstRow, state.firstRow, results)
  }

  // MARK: - Rendering

  public func render(into canvas: inout Canvas, in area: Rect) {
    let layout = layout(in: area)
    let cursor = field.render(
      labelled: tr("Search:"), into: &canvas, in: layout.field,
      style: focus == .field ? .field : .plain)
    if focus == .field { canvas.cursor = cursor }
    canvas.writeTruncated(stateLine, in: layout.state, style: stateStyle)
    guard rowCount > 0 else { return }
    if let pane = layout.results.previewPane {
      let shown =
        results.indices.contains(list.selection)
        ? MealLines.preview(
          of: results[list.selection], width: Preview.text(in: pane.area).width, rating: nil,
          minutes: nil)
        : Preview.note(tr("A blank meal of your own."))
      shown.draw(into: &canvas, in: pane.area, divider: pane.divider)
    }
    let view = layout.results.list
    let nameWidth = max(12, min(44, view.area.width / 2))
    let results = results
    let saved = saved
    // The bar shows only while the keys are in the results.
    let selected = focus == .results ? list.selection..<list.selection + 1 : 0..<0
    view.render(
      into: &canvas, count: rowCount,
      top: list.visibleTop(height: view.area.height, count: rowCount), selected: selected
    ) { canvas, row in
      guard row.index < results.count else {
        canvas.writeTruncated(tr("Create a new meal…"), in: row.content, style: .accent)
        return
      }
      let meal = results[row.index]
      // A ✓ column, the name, then what kind of meal it is.
      let parts = row.content.split(.horizontal, [.fixed(2), .fixed(nameWidth), .fixed(2), .fill])
      if let id = meal.mealDBID, saved.contains(id) {
        canvas.write("✓", row: row.frame.y, column: parts[0].x, style: .success)
      }
      canvas.writeTruncated(meal.name, in: parts[1], style: .title)
      canvas.writeTruncated(meal.kindDescription, in: parts[3], style: .muted)
    }
  }

  // MARK: - Mouse

  /// A click on a result selects it (twice: saves it, as Enter does); on the field, types
  /// there again.
  public func handleMouse(_ event: MouseEvent, in area: Rect) -> Bool {
    guard event.isClick else { return false }
    let layout = layout(in: area)
    if event.row == layout.field.y {
      focus = .field
      return true
    }
    let view = layout.results.list
    guard let index = view.index(of: event, state: list, count: rowCount)
    else { return true }
    focus = .results
    list.select(index, count: rowCount)
    if event.clicks >= 2 { choose() }
    return true
  }

  private var stateLine: String {
    switch phase {
    case .notStarted:
      tr("Type a meal name (e.g. arrabiata); results appear as you type.")
    case .searching(let query):
      Spinner.frames[spinnerFrame % Spinner.frames.count] + " "
        + tr("Searching for “%s”…").filled(Quote.name(query))
    case .found(let query):
      results.isEmpty
        ? tr("No meal found for “%s”.").filled(Quote.name(query))
        : trn(
          "%d meal found for “%s”.", "%d meals found for “%s”.", results.count, Quote.name(query))
    case .failed(_, let message):
      tr("Search failed — Enter retries: %s").filled(message)
    }
  }

  private var stateStyle: Style {
    if case .failed = phase { return .error }
    return .muted
  }
}

extension SearchScreen: DocumentedScreen {
  public typealias KeyMode = Focus

  static func keysPlace(_ mode: KeyMode) -> KeysPlace {
    switch mode {
    case .field: .section("search", "Search Meals, the field")
    case .results: .section("search-results", "Search Meals, the results")
    }
  }
  public var keyMode: KeyMode { focus }

  /// In the field its keys, then typing; in the results their keys, then the list's.
  public static func keyChain(_ mode: KeyMode) -> [KeyLink<SearchScreen>] {
    switch mode {
    case .field:
      [
        .table(fieldKeys, does: { $0.performInField($1) }),
        .lines([.back]),
        .widget(TextField.keys, help: []) { $0.type($1) },
      ]
    case .results:
      [
        .table(resultKeys, does: { $0.performInResults($1) }),
        .table(ListState.keys, does: { $0.move($1) }),
        .lines([.back]),
      ]
    }
  }
}
