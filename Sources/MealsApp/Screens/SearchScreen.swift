import MealsCore
import MealsNet
import MealsStore
import TerminalUI

/// Search Meals: live search on TheMealDB, results, and the `Create a new meal…` row.
public final class SearchScreen: Screen, StoreListener {
  enum Focus { case field, results }

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
  private var request: RequestID?
  private var debounceDeadline: UInt64?
  private var spinnerFrame = 0
  private var nextSpinnerFrame: UInt64?

  /// TheMealDB ids of the results already in My Meals (marked ✓).
  private var saved: Set<String> = []

  init(context: AppContext) {
    self.context = context
    context.store.addListener(self)
  }

  /// The name typed in the field, for `Create a new meal…` to start from.
  public var typedName: String { MealRules.trimmed(field.text) }

  public func storeDidChange(_ store: MealStore) {
    markSaved()
    context.navigator.needsDisplay = true
  }

  private func markSaved() {
    saved = context.store.storedMealDBIDs(among: results.compactMap(\.mealDBID))
  }

  public var title: String { "Search Meals" }
  public var acceptsText: Bool { focus == .field }
  public var keyHelp: [KeyHelp] {
    focus == .field
      ? [
        KeyHelp(keys: "Enter", text: "search now"), KeyHelp(keys: "↓/Tab", text: "results"),
        KeyHelp(keys: "Esc", text: "back"),
      ]
      : [
        KeyHelp(keys: "Enter", text: "save meal / create"),
        KeyHelp(keys: "→", text: "look first"),
        KeyHelp(keys: "Tab", text: "search field"),
        KeyHelp(keys: "↑↓ PgUp PgDn g G", text: "move", inFooter: false),
        KeyHelp(keys: "Esc", text: "back"),
      ]
  }

  /// Rows in the list: the results, then `Create a new meal…` once a search has run.
  private var rowCount: Int { phase == .notStarted ? 0 : results.count + 1 }

  // MARK: - Keys

  public func handle(_ key: Key) -> Bool {
    switch focus {
    case .field: handleFieldKey(key)
    case .results: handleResultsKey(key)
    }
  }

  private func handleFieldKey(_ key: Key) -> Bool {
    switch key {
    case .enter:
      startSearch()
      if phase == .notStarted { context.navigator.showInfo("Type a meal's name to search for.") }
    case .down, .tab:
      if rowCount > 0 { focus = .results }
    default:
      let before = field.text
      guard field.handle(key) else { return false }
      if field.text != before {
        debounceDeadline = context.navigator.now() + Self.debounce
      }
    }
    return true
  }

  private func handleResultsKey(_ key: Key) -> Bool {
    switch key {
    case .tab, .backTab, .character("/"):
      focus = .field
    case .up where list.selection == 0, .character("k") where list.selection == 0:
      focus = .field
    case .enter:
      choose()
    case .right:
      lookFirst()
    default:
      return list.handle(key, count: rowCount, pageSize: context.bodyHeight - 3)
    }
    return true
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
    if let request { context.service.cancel(request) }
    request = nil
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
    var id: RequestID?
    id = context.service.searchMeals(named: query) { [weak self] result in
      guard let self, let id, self.request == id else { return }
      self.finish(query: query, result: result)
    }
    request = id
  }

  private func finish(query: String, result: Result<[Meal], NetworkError>) {
    request = nil
    nextSpinnerFrame = nil
    switch result {
    case .success(let meals):
      results = meals
      phase = .found(query: query)
      list = ListState()
      markSaved()
    case .failure(let error):
      phase = .failed(query: query, message: error.message)
      context.navigator.showError(error.message)
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

  // MARK: - Rendering

  public func render(into canvas: inout Canvas, in area: Rect) {
    canvas.write("Search:", row: area.y, column: area.x + 1, style: .key)
    let cursor = field.render(
      into: &canvas, row: area.y, column: area.x + 9, width: area.width - 10,
      style: focus == .field ? Style([.underline]) : .plain)
    if focus == .field { canvas.cursor = cursor }
    canvas.writeTruncated(
      stateLine, row: area.y + 1, column: area.x + 1, width: area.width - 2, style: stateStyle)
    let panes = Breakpoints.panes(area.dropping(top: 3))
    let listArea = panes.list
    guard rowCount > 0 else { return }
    if let previewArea = panes.preview, let divider = panes.divider {
      let shown =
        results.indices.contains(list.selection)
        ? MealLines.preview(
          of: results[list.selection], width: previewArea.width - 2, rating: nil, minutes: nil)
        : Preview.note("A blank meal of your own.")
      shown.draw(into: &canvas, in: previewArea, divider: divider)
    }
    let top = list.visibleTop(height: listArea.height, count: rowCount)
    let nameWidth = max(12, min(44, listArea.width / 2))
    for row in 0..<listArea.height {
      let index = top + row
      guard index < rowCount else { break }
      let y = listArea.y + row
      let selected = focus == .results && index == list.selection
      if index < results.count {
        let meal = results[index]
        if let id = meal.mealDBID, saved.contains(id) {
          canvas.write("✓", row: y, column: listArea.x + 2, style: .success)
        }
        canvas.writeTruncated(
          meal.name, row: y, column: listArea.x + 4, width: nameWidth, style: .title)
        canvas.writeTruncated(
          meal.kindDescription, row: y, column: listArea.x + 6 + nameWidth,
          width: listArea.width - nameWidth - 7, style: .muted)
      } else {
        canvas.writeTruncated(
          "Create a new meal…", row: y, column: listArea.x + 2, width: listArea.width - 3,
          style: .accent)
      }
      canvas.write(selected ? "▸" : " ", row: y, column: listArea.x, style: .accent)
      if selected {
        canvas.applyStyle(
          .selected, to: Rect(x: listArea.x, y: y, width: listArea.width, height: 1))
      }
    }
  }

  // MARK: - Mouse

  /// A click on a result selects it (twice: saves it, as Enter does); on the field, types
  /// there again.
  public func handleMouse(_ event: MouseEvent, in area: Rect) -> Bool {
    guard event.isClick else { return false }
    if event.row == area.y {
      focus = .field
      return true
    }
    let panes = Breakpoints.panes(area.dropping(top: 3))
    guard let index = list.index(atRow: event.row, in: panes.list, count: rowCount),
      event.column < panes.list.maxX
    else { return true }
    focus = .results
    list.select(index, count: rowCount)
    if event.clicks >= 2 { choose() }
    return true
  }

  private var stateLine: String {
    switch phase {
    case .notStarted:
      "Type a meal name (e.g. arrabiata); results appear as you type."
    case .searching(let query):
      "\(Spinner.frames[spinnerFrame % Spinner.frames.count]) Searching for “\(Quote.name(query))”…"
    case .found(let query):
      results.isEmpty
        ? "No meal found for “\(Quote.name(query))”."
        : "\(results.count == 1 ? "1 meal" : "\(results.count) meals") found for “\(Quote.name(query))”."
    case .failed(_, let message):
      "Search failed: \(message) Enter retries."
    }
  }

  private var stateStyle: Style {
    if case .failed = phase { return .error }
    return .muted
  }
}
