import MealsCore
import MealsNet
import MealsStore
import TerminalUI

/// The root screen: every saved meal, with delete/undo, a local filter, and the way to Search
/// and to the Meal Editor.
public final class MyMealsScreen: Screen, StoreListener {
  enum Action: Sendable {
    case open, search, browse, new, delete, undo, trash, filter, clearFilter
  }

  static let keys = KeyTable<Action>([
    KeyBinding([.enter], .open, "edit"),
    KeyBinding([.character("a")], .search, "search TheMealDB"),
    KeyBinding([.character("b")], .browse, "browse TheMealDB"),
    KeyBinding([.character("n")], .new, "new meal"),
    KeyBinding([.character("d"), .delete], .delete, "delete", label: "d"),
    KeyBinding([.character("u")], .undo, "undo delete"),
    KeyBinding([.character("T")], .trash, "Recently Deleted", footer: false),
    KeyBinding([.character("/")], .filter, "filter"),
    KeyBinding([.escape], .clearFilter, "clear the filter", footer: false),
  ])

  /// The app that owns the navigator that owns this screen: never outlived.
  private unowned let context: AppContext
  private var results: WindowedResults<MealSummary>
  public private(set) var filter = TextField()
  /// True while the user types in the filter field.
  public private(set) var isFiltering = false
  private var list = ListState()
  private var welcome = WelcomePanel()
  private var selectedID: Int64?
  private var lastPoll: UInt64 = 0
  static let pollInterval: UInt64 = 500

  init(context: AppContext) {
    self.context = context
    results = context.store.meals()
    context.store.addListener(self)
  }

  public var title: String { "My Meals" }
  public var keyHelp: [KeyHelp] {
    if isFiltering {
      return [KeyHelp(keys: "Enter", text: "done"), KeyHelp(keys: "Esc", text: "clear the filter")]
    }
    if showsWelcome {
      return WelcomePanel.keys
        + Self.keys.help.filter { !["Enter", "a", "n", "d", "/"].contains($0.keys) }
    }
    return Self.keys.help
  }

  /// With no saved meals (and no filter), the list area is the welcome panel.
  var showsWelcome: Bool {
    !isFiltering && filter.text.isEmpty && context.store.mealCount == 0
  }
  public var acceptsText: Bool { isFiltering }

  /// The meal under the selection bar.
  public var selectedMeal: MealSummary? { results.row(at: list.selection) }

  // MARK: - Keys

  public func handle(_ key: Key) -> Bool {
    if isFiltering { return handleFilterKey(key) }
    if showsWelcome {
      if let button = welcome.handle(key, width: context.bodyWidth) {
        press(button)
        return true
      }
      if WelcomePanel.moves(key) { return true }
    }
    if list.handle(key, count: results.count, pageSize: context.bodyHeight - 1) {
      rememberSelection()
      return true
    }
    guard let action = Self.keys.action(for: key) else { return false }
    switch action {
    case .open:
      guard let meal = selectedMeal else { return true }
      openEditor(mealID: meal.id)
    case .search:
      let search = SearchScreen(context: context)
      search.delegate = self
      context.navigator.push(search)
    case .browse:
      openBrowse()
    case .new:
      openEditor(mealID: nil)
    case .delete:
      deleteSelected()
    case .undo:
      undoDelete()
    case .trash:
      let trash = RecentlyDeletedScreen(context: context)
      trash.delegate = self
      context.navigator.push(trash)
    case .filter:
      isFiltering = true
    case .clearFilter:
      guard !filter.text.isEmpty else { return false }
      setFilter("")
    }
    return true
  }

  private func handleFilterKey(_ key: Key) -> Bool {
    switch key {
    case .escape:
      isFiltering = false
      setFilter("")
    case .enter, .tab:
      isFiltering = false
    case .up, .down, .pageUp, .pageDown:
      _ = list.handle(key, count: results.count, pageSize: context.bodyHeight - 1)
      rememberSelection()
    default:
      let before = filter.text
      guard filter.handle(key) else { return false }
      if filter.text != before { setFilter(filter.text) }
    }
    return true
  }

  private func setFilter(_ text: String) {
    if filter.text != text { filter.text = text }
    results = context.store.meals(matching: text)
    list = ListState()
    rememberSelection()
  }

  /// The Browse hub, with one of its lists opened on top when given.
  @discardableResult
  private func openBrowse(then destination: BrowseScreen.Destination? = nil) -> BrowseScreen {
    let browse = BrowseScreen(context: context)
    browse.delegate = self
    context.navigator.push(browse)
    if let destination { browse.open(destination) }
    return browse
  }

  private func press(_ button: WelcomePanel.Button) {
    switch button {
    case .search:
      let search = SearchScreen(context: context)
      search.delegate = self
      context.navigator.push(search)
    case .categories: openBrowse(then: .categories)
    case .areas: openBrowse(then: .areas)
    case .create: openEditor(mealID: nil)
    }
  }

  /// Opens the Meal Editor on a draft kept by an earlier session.
  func openEditor(resuming kept: KeptDraft) {
    let editor = MealEditorScreen(context: context, draft: kept.draft, keptSlot: kept.slot)
    editor.delegate = self
    context.navigator.push(editor)
    context.navigator.showInfo("Recovered the unsaved changes — s saves them, Esc discards.")
  }

  private func openEditor(mealID: Int64?) {
    do {
      let draft = try context.store.editableCopy(of: mealID)
      let editor = MealEditorScreen(context: context, draft: draft)
      editor.delegate = self
      context.navigator.push(editor)
    } catch {
      context.navigator.showError(error.message)
    }
  }

  private func deleteSelected() {
    guard let meal = selectedMeal else { return }
    do {
      try context.store.deleteMeal(id: meal.id)
      context.navigator.showInfo("Deleted “\(meal.name)” — u undoes, T lists Recently Deleted.")
    } catch {
      context.navigator.showError(error.message)
    }
  }

  /// Restores the most recently deleted meal; pressed again, the one before it, and so on.
  private func undoDelete() {
    do {
      guard let restored = try context.store.restoreLastDeleted() else {
        context.navigator.showInfo("Nothing to undo: Recently Deleted is empty.")
        return
      }
      select(mealID: restored.id)
      context.navigator.showInfo(RecentlyDeletedScreen.restoredMessage(restored))
    } catch {
      context.navigator.showError(error.message)
    }
  }

  // MARK: - Selection

  /// Selects a meal by id, clearing a filter that hides it.
  public func select(mealID: Int64) {
    var index = context.store.index(ofMeal: mealID, matching: filter.text)
    if index == nil && !filter.text.isEmpty {
      isFiltering = false
      setFilter("")
      index = context.store.index(ofMeal: mealID)
    }
    guard let index else { return }
    list.select(index, count: results.count)
    list.top = list.visibleTop(height: context.bodyHeight - 1, count: results.count)
    selectedID = mealID
  }

  private func rememberSelection() {
    selectedID = selectedMeal?.id
  }

  public func storeDidChange(_ store: MealStore) {
    if let selectedID, let index = store.index(ofMeal: selectedID, matching: filter.text) {
      list.select(index, count: results.count)
    } else {
      list.clamp(count: results.count)
      rememberSelection()
    }
    context.navigator.needsDisplay = true
  }

  // MARK: - Time

  public var nextDeadline: UInt64? { lastPoll + Self.pollInterval }

  /// Polls for commits made by another `meals` process on the same file, and shows the
  /// first-launch import's progress (My Meals is always on the stack, so its timer always runs).
  public func tick(now: UInt64) -> Bool {
    guard now >= lastPoll + Self.pollInterval else { return false }
    lastPoll = now
    context.catalogue.showProgress()
    return context.store.checkForExternalChanges()
  }

  // MARK: - Rendering

  public func render(into canvas: inout Canvas, in area: Rect) {
    let count = results.count
    let total = context.store.mealCount
    let countText = Self.countText(count)
    var headline = countText
    if !filter.text.isEmpty || isFiltering {
      headline = "\(count) of \(Self.countText(total)) match"
    }
    let countWidth = TextWidth.columns(of: headline)
    canvas.write(
      headline, row: area.y, column: max(area.x, area.maxX - countWidth - 1), style: .title)
    if isFiltering || !filter.text.isEmpty {
      canvas.write("Filter: ", row: area.y, column: area.x + 1, style: .key)
      let fieldWidth = max(2, area.width - countWidth - 12)
      let cursor = filter.render(
        into: &canvas, row: area.y, column: area.x + 9, width: fieldWidth,
        style: isFiltering ? Style([.underline]) : .plain)
      if isFiltering { canvas.cursor = cursor }
    }
    let listArea = area.dropping(top: 1)
    if showsWelcome {
      welcome.render(into: &canvas, in: listArea)
      return
    }
    if count == 0 {
      let message =
        total == 0 && filter.text.isEmpty
        ? "No saved meals yet — press a to search TheMealDB or n to create one"
        : "No saved meal matches “\(filter.text)” — Esc clears the filter"
      canvas.writeWrapped(message, in: listArea.dropping(top: 1), indent: 2, style: .muted)
      return
    }
    let top = list.visibleTop(height: listArea.height, count: count)
    let nameWidth = max(12, min(40, listArea.width * 2 / 5))
    for row in 0..<listArea.height {
      let index = top + row
      guard index < count, let meal = results.row(at: index) else { break }
      let y = listArea.y + row
      let selected = index == list.selection
      let marker = selected ? "▸ " : "  "
      canvas.write(marker, row: y, column: listArea.x, style: .accent)
      canvas.writeTruncated(
        meal.name, row: y, column: listArea.x + 2, width: nameWidth, style: .title)
      canvas.writeTruncated(
        meal.summary, row: y, column: listArea.x + 4 + nameWidth,
        width: listArea.width - nameWidth - 5, style: .muted)
      if selected {
        canvas.applyStyle(
          .selected, to: Rect(x: listArea.x, y: y, width: listArea.width, height: 1))
      }
    }
  }

  static func countText(_ count: Int) -> String {
    count == 1 ? "1 meal" : "\(count) meals"
  }
}

// MARK: - Delegates

extension MyMealsScreen: BrowseDelegate, MealEditorScreenDelegate, RecentlyDeletedScreenDelegate {
  public func browse(_ screen: Screen, didSaveMealWithID id: Int64) {
    select(mealID: id)
  }

  public func recentlyDeletedScreen(_ screen: RecentlyDeletedScreen, didRestoreMealWithID id: Int64)
  {
    select(mealID: id)
  }

  public func searchScreen(_ screen: SearchScreen, didChoose meal: Meal) {
    do {
      let stored = try context.store.storeFound(meal)
      context.navigator.pop(to: self)
      select(mealID: stored.id)
      if stored.wasAlreadyStored {
        context.navigator.showInfo("“\(meal.name)” is already in My Meals.")
      } else {
        context.navigator.showInfo("Saved “\(meal.name)” to My Meals.")
      }
    } catch {
      context.navigator.showError(error.message)
    }
  }

  public func searchScreenDidRequestNewMeal(_ screen: SearchScreen) {
    let editor = MealEditorScreen(context: context, draft: MealDraft(of: nil))
    editor.delegate = self
    context.navigator.push(editor)
  }

  public func mealEditorScreen(_ screen: MealEditorScreen, didSaveMealWithID id: Int64) {
    context.navigator.pop(to: self)
    select(mealID: id)
  }
}
