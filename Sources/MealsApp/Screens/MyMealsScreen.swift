import MealsCore
import MealsNet
import MealsStore
import TerminalUI
import Translation

/// The root screen: every saved meal, with delete/undo, a local filter, chips, favourites, and
/// the ways to Search, Browse and the Meal Editor.
public final class MyMealsScreen: Screen, StoreListener {
  enum Action: String, Sendable {
    case open, search, browse, new, delete, undo, trash, filter, clearFilter, favourite
    case favourites, chips, cook, addToList, openList, copy, importLink, plan, weekPlan, view
    case sync, serve, pantry, canCook, units, cooked, recentlyCooked
  }

  static let keys = KeyTable<Action>(
    "my-meals",
    [
      KeyBinding([.enter], .open, tr("edit"), detail: "edit the meal"),
      KeyBinding([.character("a")], .search, tr("search TheMealDB")),
      KeyBinding(
        [.character("b")], .browse, tr("browse TheMealDB"),
        detail: "browse TheMealDB (categories, areas, ingredients, surprise me)"),
      KeyBinding([.character("n")], .new, tr("new meal")),
      KeyBinding(
        [.character("v")], .view, tr("view"),
        detail:
          "view the meal read-only in Meal Detail (its picture, `+`/`-` servings; Enter there edits)"
      ),
      KeyBinding(
        [.character("d"), .delete], .delete, tr("delete"), label: "d",
        detail: "delete at once (the meal goes to Recently Deleted)"),
      KeyBinding(
        [.character("u")], .undo, tr("undo delete"),
        detail: "undo the last delete; again for the one before, across restarts"),
      KeyBinding(
        [.character("/")], .filter, tr("filter"),
        detail: "filter: `Enter` keeps it, `Esc` clears it"),
      KeyBinding(
        [.character("f")], .favourite, tr("favourite on/off"),
        detail: "favourite on/off (`★` in the row)"
      ),
      KeyBinding([.character("F")], .favourites, tr("Favourites")),
      MealActions.cook(.cook), MealActions.addToList(.addToList), MealActions.openList(.openList),
      MealActions.copy(.copy),
      KeyBinding(
        [.character("i")], .importLink, tr("import a recipe from a link"), footer: false,
        detail: "import a recipe from a link (a web page's address, or a file's path)"),
      KeyBinding(
        [.tab], .chips, tr("chips (filter by category, area, difficulty)"), footer: false,
        detail: "into the chips (filter by category, area, difficulty)"),
      KeyBinding([.character("T")], .trash, tr("Recently Deleted"), footer: false),
      MealActions.plan(.plan), CookedIt.binding(.cooked),
      KeyBinding(
        [.character("R")], .recentlyCooked, tr("Recently Cooked"), footer: false,
        detail: "Recently Cooked: the meals of the cook log, the most recently cooked first"),
      KeyBinding([.character("W")], .weekPlan, tr("Week Plan"), footer: false),
      KeyBinding(
        [.character("H")], .pantry, tr("pantry"), footer: false,
        detail: "the pantry: what is at home (`a` adds, `d` removes, `/` filters)"),
      KeyBinding(
        [.character("C")], .canCook, tr("what can I cook"), footer: false,
        detail:
          "what can I cook: the saved meals by what they are missing from the pantry, none first"),
      KeyBinding(
        [.character("S")], .sync, tr("sync with the folder"), footer: false,
        detail:
          "sync with the sync folder now (`set sync-folder` in the config; also at start, every 30 s and at quit)"
      ),
      KeyBinding(
        [.character("P")], .serve, tr("serve to a phone"), footer: false,
        detail:
          "serve the book to a phone while the app runs, and show its address and code (`set serve-lan`, `set serve-port`)"
      ),
      KeyBinding(
        [.character("U")], .units, tr("units"), footer: false,
        detail:
          "cycle the units the preview beside the list (and Meal Detail, Cook Mode, the shopping list) shows measures, temperatures and lengths in: as written, metric, US; the meals are not changed"
      ),
      KeyBinding([.escape], .clearFilter, tr("clear the filter"), footer: false),
    ])

  enum FilterAction: String, Sendable { case done, clear }
  /// While typing in the filter.
  static let filterKeys = KeyTable<FilterAction>(
    "my-meals-filter",
    [
      KeyBinding([.enter, .tab], .done, tr("done"), label: "Enter", detail: "keep the filter"),
      KeyBinding([.escape], .clear, tr("clear the filter")),
    ], typing: true)
  /// What the welcome panel's own keys stand in for (it has buttons for them).
  static let welcomeCovers: Set<Action> = [
    .open, .view, .search, .new, .delete, .filter, .importLink,
  ]
  /// Keys that act on the selected meal: with no meal (the welcome panel), help leaves them out
  /// and they do nothing.
  static let needMeal: Set<Action> = [.favourite, .cook, .addToList, .copy, .plan, .cooked]

  /// The app that owns the navigator that owns this screen: never outlived.
  unowned let context: AppContext
  /// The saved meals the filter and the chips let through, and the selection among them.
  let meals: ListPane<MealSummary, Int64>
  public private(set) var filter = TextField()
  /// What keys do now: move in the list, type in the filter, or move along the chips. (With
  /// no meals the list's place is the welcome panel: `showsWelcome`.)
  enum Mode: Equatable { case list, filtering, chips }
  var mode = Mode.list
  /// True while the user types in the filter field.
  public var isFiltering: Bool { mode == .filtering }
  /// True while ←/→ move along the chips.
  var isInStrip: Bool { mode == .chips }
  /// The chosen chips, kept between runs; chips' counts and the strip's cursor.
  var chips = ChipSelection()
  var chipCounts: [Chip: Int] = [:]
  /// Where the count of the matches (and, with text, of every chip) is.
  enum Counting: Equatable {
    /// Nothing waits for a pause (a count may be on the worker: `countAnswer`).
    case idle
    /// With a text filter counting waits for a pause in typing: when it is due (the strip
    /// shows no numbers until then, never old ones).
    case due(UInt64)
    /// The count could not be read: the header says so, never "counting…" for ever.
    case failed(StoreError)
  }
  var counting = Counting.idle
  /// The store changed since the chips and matches were last counted.
  var countsAreStale = false
  /// The count on the worker (true when it counts the chips too): a later count, or a filter
  /// that changed, drops its answer.
  var countAnswer = LatestAnswer<Bool>()
  /// End (or G) was pressed before the matches were counted: the list goes to the end when
  /// they are.
  var goesToEndWhenCounted = false
  var strip = ChipStrip()
  /// The selected meal in the preview pane, when the terminal is wide.
  var preview: SavedMealPreview
  private var welcome = WelcomePanel()
  /// How many meals the book holds and the chips they give, as last read: what keys and
  /// frames use (read at start, after each change and before each frame; cached by the store).
  struct Book {
    var meals = 0
    var chips: [Chip] = []
  }
  private(set) var book = Book()

  /// Reads `book` (the store keeps it by generation: a read only after a change or a failure).
  private func readBook() {
    book = Book(meals: context.store.mealCount, chips: context.store.chips())
  }

  init(context: AppContext) {
    self.context = context
    preview = SavedMealPreview(pictures: context.pictures)
    let store = context.store
    meals = ListPane(store.meals(), id: \.id) { [unowned store] in store.index(ofMeal: $0) }
    context.store.addListener(self)
    readBook()
    restoreChips()
    // The rows the first frame shows, in one read (a window and a half is 33 rows from 33
    // pages at 100 000 meals); the rest come by key as the selection moves.
    meals.results.readFirst(rowsNeeded(height: context.navigator.body.height))
    followSelection()
  }

  public var title: String { tr("My Meals") }
  public var keyHelp: [KeyHelp] { chainHelp }

  /// With no saved meals (and no filter), the list area is the welcome panel.
  var showsWelcome: Bool {
    !isFiltering && filter.text.isEmpty && book.meals == 0
  }

  // MARK: - Layout

  /// The count and the filter on the first row, the chips on the second when there are any,
  /// then the list; the welcome panel takes everything under the first row.
  func layout(in area: Rect) -> (top: Rect, strip: Rect?, welcome: Rect, meals: ListLayout) {
    let meals = ListLayout(area, headlineRows: showsStrip ? 2 : 1)
    let strip = showsStrip ? meals.headline.inset(top: 1) : nil
    return (meals.headline.firstRow, strip, area.inset(top: 1), meals)
  }

  /// The rows to read for a list `height` rows high: a screenful past the selection, and one
  /// more to know whether others follow.
  func rowsNeeded(height: Int) -> Int { meals.state.selection + height + 1 }

  /// How many rows a page key moves by, at the window's size now.
  var pageSize: Int { layout(in: context.navigator.body).meals.list.pageSize }
  public var acceptsText: Bool { isFiltering }

  /// The meal under the selection bar.
  public var selectedMeal: MealSummary? { meals.selected }

  // MARK: - Keys

  public func handle(_ key: Key) -> Bool {
    goesToEndWhenCounted = false
    return resolve(key)
  }

  /// A move in the list, over the rows `move` can reach.
  private func moveSelection(_ move: ListState.Move) {
    meals.apply(move, pageSize: pageSize, reachable: reachableCount(for: move))
    followSelection()
  }

  /// A key on the welcome panel: a button's, or a move between them.
  private func handleWelcomeKey(_ key: Key) -> Bool {
    if let button = welcome.handle(key, width: context.navigator.body.width) {
      press(button)
      return true
    }
    return WelcomePanel.moves(key)
  }

  /// Does what a key of the screen's own table says; false lets the chain go on (Esc with no
  /// filter to clear goes back, Tab without chips does nothing).
  private func perform(_ action: Action) -> Bool {
    switch action {
    case .open:
      guard let meal = selectedMeal else { return true }
      context.openEditor(mealID: meal.id, delegate: self)
    case .search:
      let search = SearchScreen(context: context)
      search.delegate = self
      context.navigator.push(search)
    case .browse:
      openBrowse()
    case .new:
      context.openEditor(mealID: nil, delegate: self)
    case .delete:
      deleteSelected()
    case .undo:
      undoDelete()
    case .trash:
      let trash = RecentlyDeletedScreen(context: context)
      trash.delegate = self
      context.navigator.push(trash)
    case .filter:
      mode = .filtering
    case .clearFilter:
      guard !filter.text.isEmpty else { return false }
      setFilter("")
    case .favourite:
      toggleFavourite()
    case .favourites:
      let favourites = FavouritesScreen(context: context)
      context.navigator.push(favourites)
    case .chips:
      guard showsStrip else { return false }
      mode = .chips
    case .cook, .addToList, .copy, .view:
      guard let summary = selectedMeal else { return true }
      guard let meal = try? context.store.meal(id: summary.id) else {
        context.navigator.showError(tr("That meal could not be read."))
        return true
      }
      if action == .view {
        context.navigator.push(MealDetailScreen(context: context, saved: meal, id: summary.id))
      } else if action == .cook {
        CookingActions.openCookMode(meal, context: context)
      } else if action == .copy {
        MealSharing.copyAsMarkdown(meal, context: context)
      } else {
        CookingActions.addToShoppingList(meal, servings: Servings(for: meal), context: context)
      }
    case .openList:
      CookingActions.openShoppingList(context: context)
    case .plan:
      planSelected()
    case .cooked:
      guard let meal = selectedMeal else { return true }
      CookedIt.log(meal, context: context)
    case .recentlyCooked:
      context.navigator.push(RecentlyCookedScreen(context: context))
    case .weekPlan:
      context.navigator.push(WeekPlanScreen(context: context))
    case .units:
      context.cycleUnits()
    case .pantry:
      context.navigator.push(PantryScreen(context: context))
    case .canCook:
      context.navigator.push(CanCookScreen(context: context))
    case .sync:
      context.sync.start(asked: true)
    case .serve:
      if context.serve.start() { context.navigator.push(ServeScreen(context: context)) }
    case .importLink:
      let screen = ImportLinkScreen(context: context)
      screen.delegate = self
      context.navigator.push(screen)
    }
    return true
  }

  private func performFilter(_ action: FilterAction) {
    mode = .list
    if action == .clear { setFilter("") }
  }

  /// Typing in the filter: the list is read again for each change.
  private func typeInFilter(_ key: Key) -> Bool {
    let before = filter.text
    guard filter.handle(key) else { return false }
    if filter.text != before { setFilter(filter.text) }
    return true
  }

  private func setFilter(_ text: String) {
    if filter.text != text { filter.text = text }
    reloadResults()
  }

  /// Reads the list again for the filter and the chips, from the top.
  func reloadResults() {
    showMatches()
    followSelection()
    countChips()
  }

  /// The list for the filter and the chips now, from the top.
  func showMatches() {
    let store = context.store
    let (text, chips) = (filter.text, chips)
    meals.show(store.meals(matching: text, chips: chips)) { [unowned store] in
      store.index(ofMeal: $0, matching: text, chips: chips)
    }
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
    case .create: context.openEditor(mealID: nil, delegate: self)
    case .importing: _ = perform(.importLink)
    }
  }

  /// Opens the Meal Editor on a draft kept by an earlier session.
  func openEditor(resuming kept: KeptDraft) {
    context.openEditor(draft: kept.draft, keptSlot: kept.slot, delegate: self)
    context.navigator.showInfo(tr("Recovered the unsaved changes — s saves them, Esc discards."))
  }

  /// The `p` prompt for the selected meal, at its own servings.
  private func planSelected() {
    guard let summary = selectedMeal else { return }
    let meal = (try? context.store.meal(id: summary.id)) ?? nil
    context.askToPlan(
      mealID: summary.id, name: summary.name,
      servings: meal.map { Servings(for: $0).base } ?? Servings.assumed, meal: meal)
  }

  private func toggleFavourite() {
    guard let meal = selectedMeal else { return }
    let store = context.store
    context.write(
      by: self,
      { () throws(StoreError) in
        // Read when it lands: presses that waited for a lock toggle in turn.
        let favourite = store.favouritedAt(mealID: meal.id) != nil
        try store.setFavourite(!favourite, mealID: meal.id)
        return favourite
      },
      then: { screen, wasFavourite in
        screen.context.navigator.showInfo(
          wasFavourite
            ? tr("Removed “%s” from Favourites.").filled(Quote.name(meal.name))
            : tr("★ Added “%s” to Favourites — F shows them.").filled(Quote.name(meal.name)))
      })
  }

  private func deleteSelected() {
    guard let meal = selectedMeal else { return }
    let store = context.store
    context.write(
      by: self, { () throws(StoreError) in try store.deleteMeal(id: meal.id) },
      then: { screen, _ in
        screen.context.navigator.showInfo(
          tr("Deleted “%s” — u undoes, T lists Recently Deleted.").filled(Quote.name(meal.name)))
      })
  }

  /// Restores the most recently deleted meal; pressed again, the one before it, and so on.
  private func undoDelete() {
    let store = context.store
    context.write(
      by: self, { () throws(StoreError) in try store.restoreLastDeleted() },
      then: { screen, restored in
        guard let restored else {
          return screen.context.navigator.showInfo(
            tr("Nothing to undo: Recently Deleted is empty."))
        }
        screen.context.navigator.showInfo(RecentlyDeletedScreen.restoredMessage(restored))
        screen.reveal(mealID: restored.id)
      })
  }

  // MARK: - Selection

  /// Selects a meal by id, clearing a text filter that hides it; false when the chosen chips
  /// hide it (they stay: the user chose them, and they are kept between runs).
  @discardableResult
  public func select(mealID: Int64) -> Bool {
    var index = context.store.index(ofMeal: mealID, matching: filter.text, chips: chips)
    if index == nil && !filter.text.isEmpty {
      mode = .list
      setFilter("")
      index = context.store.index(ofMeal: mealID, chips: chips)
    }
    guard let index else { return false }
    let pageSize = pageSize
    meals.select(
      index, reachable: meals.results.count(atLeast: index + pageSize), pageSize: pageSize)
    followSelection()
    return true
  }

  /// Selects a meal just saved or brought back, adding to the status line when the chosen
  /// chips hide it.
  func reveal(mealID: Int64) {
    guard !select(mealID: mealID) else { return }
    let said = context.navigator.status?.text ?? ""
    context.navigator.showInfo(
      (said.isEmpty ? "" : said + " ") + tr("The chosen chips hide it: Tab, then x, clears them."))
  }

  /// A resize may open the preview pane: the meal is read for it then.
  public func layoutDidChange() { followSelection() }

  /// The preview's meters follow the selected meal (gliding when its values change).
  func followSelection() {
    let navigator = context.navigator
    preview.follow(selectedMeal, in: context, now: navigator.now(), animated: navigator.animations)
  }

  /// Marks what the store's change touches, for the update step to read once.
  ///
  /// The rows, the preview and the counts are read only when this screen is shown. The book's
  /// summary (a cached count) is taken now: it decides which keys the screen takes.
  public func storeDidChange(_ store: MealStore) {
    readBook()
    meals.markStale(redrawing: context.navigator)
    countsAreStale = true
  }

  // MARK: - Time

  public var nextDeadline: UInt64? {
    [
      countDue,
      preview.nextDeadline(in: context),
    ].compactMap { $0 }.min()
  }

  /// The preview's frames and the chips' counts when typing pauses.
  public func tick(now: UInt64) -> Bool {
    var changed = preview.tick(now: now, in: context)
    if let due = countDue, now >= due {
      countChipsNow()
      changed = true
    }
    return changed
  }

  /// How many rows `move` can reach: all of them for End once counted, else a page past the
  /// selection (read, not counted, so moving never waits for a count of 100 000 matches).
  private func reachableCount(for move: ListState.Move) -> Int {
    let nearby = meals.results.count(atLeast: meals.state.selection + 2 * pageSize + 1)
    guard move == .last else { return nearby }
    if let known = meals.results.knownCount { return known }
    // Counted on the worker; the list goes to the end when the count is back.
    goesToEndWhenCounted = true
    if !countAnswer.isWaiting { countChipsNow() }  // none running: start one
    return nearby
  }

  // MARK: - Rendering

  /// `2 of 4 meals match`, `1 of 4 meals matches`, `none of 1 meal matches`: the verb agrees.
  static func matchText(_ known: Int?, of total: Int, failed: Bool = false) -> String {
    let all = countText(total)
    switch known {
    case nil:
      return failed ? tr("count failed · %s").filled(all) : tr("counting… of %s match").filled(all)
    case 0?: return trn("none of %2$s matches", "none of %2$s match", total, all)
    case let count?: return trn("%d of %s matches", "%d of %s match", count, all)
    }
  }

  /// Reads what the frame shows: the book's count and chips, and the visible rows.
  public func prepare(in area: Rect) {
    readBook()
    if countsAreStale {
      countsAreStale = false
      countChips()
    }
    let layout = layout(in: area)
    guard !showsWelcome else { return }
    // A filter's matches are counted when typing pauses; the rows come first (and reading
    // them is enough to know how many there are when they are few).
    if meals.prepare(for: layout.meals.list, atLeast: rowsNeeded(height: area.height)) {
      followSelection()
    }
  }

  public func render(into canvas: inout Canvas, in area: Rect) {
    let total = book.meals
    let count = meals.shownCount
    let known = meals.results.knownCount
    var headline = Self.countText(known ?? total)
    if !filter.text.isEmpty || isFiltering || !chips.isEmpty {
      headline = Self.matchText(known, of: total, failed: countFailed)
    }
    let layout = layout(in: area)
    canvas.writeRight(headline, in: layout.top)
    if isFiltering || !filter.text.isEmpty {
      // "Filter: ", the field, then the count's columns and a gap before it.
      let countWidth = TextWidth.columns(of: headline)
      let parts = layout.top.split(
        .horizontal, [.fixed(1), .fixed(8), .fill, .fixed(countWidth + 3)])
      canvas.write(tr("Filter: "), row: parts[1].y, column: parts[1].x, style: .key)
      let cursor = filter.render(
        into: &canvas, row: parts[2].y, column: parts[2].x, width: max(2, parts[2].width),
        style: isFiltering ? .field : .plain)
      if isFiltering { canvas.cursor = cursor }
    }
    if let stripArea = layout.strip {
      strip.render(
        stripItems, focused: isInStrip, into: &canvas, row: stripArea.y, in: stripArea)
    }
    if showsWelcome {
      welcome.render(into: &canvas, in: layout.welcome)
      return
    }
    if count == 0 {
      let message: String
      if let error = meals.readError {
        message = AppContext.readFailure(error)
      } else if total == 0 && filter.text.isEmpty {
        message = tr("No saved meals yet — press a to search TheMealDB or n to create one")
      } else if !chips.isEmpty {
        message =
          filter.text.isEmpty
          ? (isInStrip
            ? tr("No saved meal has all the chosen chips — x clears them")
            : tr("No saved meal has all the chosen chips — Tab then x clears them"))
          : tr("No saved meal matches “%s” with the chosen chips").filled(Quote.name(filter.text))
      } else {
        message = tr("No saved meal matches “%s” — Esc clears the filter").filled(
          Quote.name(filter.text))
      }
      // A pasted page of text is quoted on one line, shortened first (what to press stays).
      let area = layout.meals.emptyMessage
      let quotesFilter = !filter.text.isEmpty && meals.readError == nil
      if quotesFilter && area.height > 0 {
        canvas.writeTruncated(
          TextWidth.fit(message, to: max(0, area.width - 2)), row: area.y, column: area.x + 2,
          width: max(0, area.width - 2), style: .muted)
      } else {
        canvas.writeWrapped(message, in: area, indent: 2, style: .muted)
      }
      return
    }
    MealRow.drawList(meals, preview: preview, context: context, into: &canvas, in: layout.meals)
  }

  // MARK: - Mouse

  /// A click on a row selects it (twice opens it), on a chip chooses it, on a welcome button
  /// presses it; the preview pane ignores clicks.
  public func handleMouse(_ event: MouseEvent, in area: Rect) -> Bool {
    guard event.isClick, !isFiltering else { return false }
    let layout = layout(in: area)
    if showsWelcome {
      if let button = welcome.button(atRow: event.row, column: event.column, in: layout.welcome) {
        welcome.focus(on: button)
        press(button)
      }
      return true
    }
    if let stripArea = layout.strip, event.row == stripArea.y {
      if let index = strip.index(
        atColumn: event.column, items: stripItems, in: stripArea, focused: isInStrip)
      {
        strip.select(index, count: stripChips.count)
        performStrip(.choose)
      }
      return true
    }
    let view = layout.meals.list
    let reachable = meals.results.count(atLeast: rowsNeeded(height: view.area.height))
    guard meals.click(event, in: view, reachable: reachable) != nil else { return true }
    followSelection()
    if event.clicks >= 2, let meal = selectedMeal {
      context.openEditor(mealID: meal.id, delegate: self)
    }
    return true
  }

  static func countText(_ count: Int) -> String {
    trn("%d meal", "%d meals", count)
  }
}

// MARK: - Key chains

extension MyMealsScreen: DocumentedScreen {
  /// What keys do now: the list's, the filter's, the chips', or — with no meals yet — the
  /// welcome panel's.
  public enum KeyMode: CaseIterable { case list, filtering, chips, welcome }

  static func keysPlace(_ mode: KeyMode) -> KeysPlace {
    switch mode {
    case .list: .section("my-meals", "My Meals")
    case .filtering: .section("my-meals-filter", "My Meals, typing a filter (`/`)")
    case .chips: .section("my-meals-chips", "My Meals, in the chips (`Tab`)")
    case .welcome: .section("welcome", "My Meals with no meals yet (the welcome panel)")
    }
  }

  public var keyMode: KeyMode {
    switch mode {
    case .filtering: .filtering
    case .chips: .chips
    case .list: showsWelcome ? .welcome : .list
    }
  }

  public static func keyChain(_ mode: KeyMode) -> [KeyLink<MyMealsScreen>] {
    switch mode {
    case .list:
      // The screen's own keys first, then the list's: a key bound here wins over a move.
      [
        .table(keys) { $0.perform($1) },
        .table(ListState.keys, does: { $0.moveSelection($1) }),
      ]
    case .filtering:
      [
        .table(filterKeys, does: { $0.performFilter($1) }),
        .table(ListState.arrowKeys, does: { $0.moveSelection($1) }),
        .widget(TextField.keys, help: []) { $0.typeInFilter($1) },
      ]
    case .chips:
      [
        .widget(ChipStrip.keys) { $0.strip.handle($1, count: $0.stripChips.count) },
        .table(stripKeys, does: { $0.performStrip($1) }),
      ]
    case .welcome:
      // The panel has buttons for some of the screen's keys: those are listed once (and
      // there is no filter to clear).
      [
        .widget(WelcomePanel.table, help: WelcomePanel.keys) { $0.handleWelcomeKey($1) },
        .table(
          keys,
          only: { !welcomeCovers.contains($0) && !needMeal.contains($0) && $0 != .clearFilter },
          { $0.perform($1) }),
      ]
    }
  }
}

// MARK: - Delegates

extension MyMealsScreen: BrowseDelegate, MealEditorScreenDelegate, RecentlyDeletedScreenDelegate {
  public func browse(_ screen: Screen, didSaveMealWithID id: Int64) {
    reveal(mealID: id)
  }

  public func recentlyDeletedScreen(_ screen: RecentlyDeletedScreen, didRestoreMealWithID id: Int64)
  {
    reveal(mealID: id)
  }

  public func searchScreen(_ screen: SearchScreen, didChoose meal: Meal) {
    let store = context.store
    context.write(
      by: self, { () throws(StoreError) in try store.storeFound(meal) },
      then: { screen, stored in
        screen.context.navigator.pop(to: screen)
        screen.context.navigator.showInfo(
          stored.wasAlreadyStored
            ? tr("“%s” is already in My Meals.").filled(Quote.name(meal.name))
            : tr("Saved “%s” to My Meals.").filled(Quote.name(meal.name)))
        screen.reveal(mealID: stored.id)
      })
  }

  public func searchScreenDidRequestNewMeal(_ screen: SearchScreen) {
    var draft = MealDraft(of: nil)
    draft.name = screen.typedName  // the name just searched for, to start from
    context.openEditor(draft: draft, delegate: self)
  }

  public func mealEditorScreen(_ screen: MealEditorScreen, didSaveMealWithID id: Int64) {
    context.navigator.pop(to: self)
    reveal(mealID: id)
  }
}
