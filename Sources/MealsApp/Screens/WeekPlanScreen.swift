import FoundationEssentials
import MealsCore
import MealsStore
import TerminalUI
import Translation

/// The Week Plan (`W` on My Meals): a week's days, Monday first (Sunday in a language whose
/// calendars start with it), and the meals planned for each.
///
/// `←→` go a week back and on, `d` takes a meal off (`u` puts it back), `+`/`-` change its
/// servings, `c` cooks it at those servings, `l` puts the week's ingredients on the shopping
/// list. Plans are made with `p` on My Meals (or `meals plan add`).
public final class WeekPlanScreen: Screen {
  /// One row: a day's heading, or a meal planned that day.
  enum Row: Equatable {
    case day(CivilDate)
    case entry(PlanEntry)
    /// A meal `s` suggests for an empty slot, not saved yet.
    case suggestion(PlanSuggestion)
  }

  /// What finds a row again after a read: its day's, its entry's id, or a suggestion's slot.
  enum RowKey: Equatable {
    case day(Int)
    case entry(Int64)
    case suggestion(Int, PlanSlot)
  }

  enum Action: String, Sendable {
    case previousWeek, nextWeek, thisWeek, remove, undo, more, fewer, open, cook, addToList
    case openList, move, export, add, suggest
  }

  static let keys = KeyTable<Action>(
    "week-plan",
    [
      KeyBinding(
        [.left, .character("[")], .previousWeek, tr("previous week"), label: "←/[",
        detail: "the week before"),
      KeyBinding([.right, .character("]")], .nextWeek, tr("next week"), label: "→/]"),
      KeyBinding([.character("t")], .thisWeek, tr("this week")),
      KeyBinding(
        [.character("a")], .add, tr("add a meal"),
        detail: "add a saved meal to the selected day (a filterable list, then the slot)"),
      KeyBinding([.enter], .open, tr("edit the meal"), footer: false),
      KeyBinding(
        [.character("d"), .delete], .remove, tr("take off the plan"), label: "d",
        detail: "take the meal off the plan (u puts it back)"),
      KeyBinding([.character("u")], .undo, tr("undo"), footer: false),
      KeyBinding(
        [.character("m")], .move, tr("move to another day"), footer: false,
        detail: "move the meal to another day or slot (←→ a day, ↑↓ a week, Tab the slot)"),
      KeyBinding(
        [.character("+"), .character("=")], .more, tr("more servings"), label: "+", footer: false),
      KeyBinding([.character("-")], .fewer, tr("fewer servings"), label: "-", footer: false),
      MealActions.cook(.cook, detail: "Cook Mode at the planned servings"),
      KeyBinding(
        [.character("l")], .addToList, tr("week to the shopping list"), label: "l",
        detail:
          "the week's ingredients (each meal at its planned servings) on the shopping list, asking once when some are there"
      ),
      MealActions.openList(.openList, footer: false),
      KeyBinding(
        [.character("s")], .suggest, tr("suggest the week"),
        detail:
          "suggest meals for the week's empty dinners by the rules (`set plan-fresh-days`, `plan-weekday-minutes`, `plan-pins`): not cooked lately, favourites and what is at home first, no category or area twice in a row; each says why, nothing is saved until Enter"
      ),
      KeyBinding(
        [.character("e")], .export, tr("export the week (iCalendar)"), footer: false,
        detail: "export the week as an iCalendar file (asks where; `week-YYYY-Www.ics` by default)"),
    ])

  /// The app that owns the navigator that owns this screen: never outlived.
  unowned let context: AppContext
  /// The week shown.
  private(set) var firstDay: CivilDate
  /// The week's rows: each day's heading, then its meals.
  let list = ListPane<Row, RowKey>(id: \.key, whenGone: WeekPlanScreen.goneEntry)
  var rows: [Row] { list.rows }
  /// Entries taken off here, for `u`.
  private var removed: [PlanEntry] = []
  /// From 100 columns: the selected meal, as My Meals previews it.
  private var preview: SavedMealPreview
  /// What `s` suggested (not saved until Enter), the meals it chose from, and its seed (`r`
  /// moves it on).
  var suggestions: [PlanSuggestion] = []
  var candidates: [PlanCandidate] = []
  var suggestionSeed: UInt64 = 1
  /// The worker's answer for the latest `s` only.
  var suggestionAnswer = LatestAnswer<CivilDate>()
  private var previewed: MealSummary?

  init(context: AppContext) {
    self.context = context
    preview = SavedMealPreview(pictures: context.pictures)
    let today = Self.today(context)
    firstDay = today.weekStart
    list.listen(to: context.store, redrawing: context.navigator)
    show(week: today)
    prepare(in: context.navigator.body)
  }

  /// Today where the user is, by the store's clock.
  static func today(_ context: AppContext) -> CivilDate {
    CivilDate.today(Date(timeIntervalSince1970: context.store.clock()))
  }

  public var title: String { tr("Week Plan") }
  public var keyHelp: [KeyHelp] { chainHelp }

  /// The entry under the selection bar (nil on a day's heading).
  var selectedEntry: PlanEntry? {
    guard case .entry(let entry) = list.selected else { return nil }
    return entry
  }

  // MARK: - Rows

  /// The update step: the week read again when the store changed or another week is shown; a
  /// read that fails keeps the rows shown and is said.
  public func prepare(in area: Rect) {
    let store = context.store
    let firstDay = firstDay
    let suggested = suggestions
    let read = list.prepare(
      read: { () throws(StoreError) in
        let entries = try store.readPlanEntries(from: firstDay, days: 7)
        return (0..<7).flatMap { offset -> [Row] in
          let day = firstDay.adding(days: offset)
          return [.day(day)] + entries.filter { $0.day == day }.map(Row.entry)
            + suggested.filter { $0.day == day }.map(Row.suggestion)
        }
      }, failed: context.readFailed)
    if read { followSelection() }
  }

  /// An entry taken off (here or elsewhere): the bar stays in its day, on the next of its
  /// meals, else the one before, else the day itself.
  static func goneEntry(_ gone: Row, at selection: Int, in rows: [Row]) -> Int {
    let index = min(selection, rows.count - 1)
    let next = rows.indices.contains(index) ? rows[index] : nil
    let staysInDay = next?.entryID != nil && next?.day == gone.day
    return staysInDay ? index : index - 1
  }

  /// A resize may open the preview pane: the meal is read for it then.
  public func layoutDidChange() { followSelection() }

  /// The preview follows the selected meal, planned or suggested (none on a day's heading).
  private func followSelection() {
    // A suggestion's meal is previewed as a planned one is.
    var mealID = selectedEntry?.mealID
    if case .suggestion(let suggestion)? = list.selected { mealID = suggestion.meal.id }
    previewed = mealID.flatMap { context.store.mealSummary(id: $0) }
    let navigator = context.navigator
    preview.follow(previewed, in: context, now: navigator.now(), animated: navigator.animations)
  }

  public var nextDeadline: UInt64? { preview.nextDeadline(in: context) }

  public func tick(now: UInt64) -> Bool { preview.tick(now: now, in: context) }

  /// Shows the week of `week`, the selection on that day (read at the update step; rows of
  /// another week are not this one's, so a read that fails shows the error instead).
  private func show(week: CivilDate) {
    dropSuggestions()
    firstDay = week.weekStart
    list.show([])
    list.markStale()
    list.select(id: .day(week.daysSince1970))
  }

  // MARK: - Keys

  /// The navigator runs the update step first when a frame is due (`Navigator.catchUp`).
  public func handle(_ key: Key) -> Bool { resolve(key) }

  private func moveSelection(_ move: ListState.Move) {
    list.apply(move, pageSize: layout(in: context.navigator.body).list.pageSize)
    followSelection()
  }

  private func perform(_ action: Action) {
    switch action {
    case .previousWeek: show(week: firstDay.adding(days: -7))
    case .nextWeek: show(week: firstDay.adding(days: 7))
    case .thisWeek: show(week: Self.today(context))
    case .remove: remove()
    case .undo: undo()
    case .more: changeServings(by: 1)
    case .fewer: changeServings(by: -1)
    case .open: open()
    case .cook: cook()
    case .addToList: addWeekToList()
    case .openList: CookingActions.openShoppingList(context: context)
    case .move: move()
    case .add: pickMeal()
    case .export: askWhereToExport()
    case .suggest: suggest()
    }
  }

  private func remove() {
    guard let entry = selectedEntry else {
      context.navigator.showInfo(tr("Select a planned meal first: d takes it off the plan."))
      return
    }
    let store = context.store
    context.write(
      by: self, { () throws(StoreError) in try store.removePlanEntry(id: entry.id) },
      then: { screen, gone in
        if let gone { screen.removed.append(gone) }
        screen.context.navigator.showInfo(
          tr("Took “%1$s” off %2$s — u puts it back.").filled(
            Quote.name(entry.mealName), entry.day.short))
      })
  }

  private func undo() {
    guard let entry = removed.popLast() else {
      context.navigator.showInfo(tr("Nothing to undo here."))
      return
    }
    let store = context.store
    context.write(
      by: self, { () throws(StoreError) in try store.restorePlanEntry(entry) },
      then: { screen, _ in
        if entry.day.weekStart != screen.firstDay { screen.show(week: entry.day) }
        screen.list.select(id: .entry(entry.id))
        screen.context.navigator.showInfo(
          tr("“%1$s” is back on %2$s.").filled(Quote.name(entry.mealName), entry.day.short))
      },
      failed: { screen, error in
        screen.removed.append(entry)  // still undoable
        screen.context.navigator.showError(error.message)
      })
  }

  /// The day under the selection (an entry's day, or the day heading's).
  private var selectedDay: CivilDate { list.selected?.day ?? firstDay }

  /// The saved meals to choose from, for the selected day.
  private func pickMeal() {
    let picker = MealPickerScreen(
      context: context, purpose: tr("Plan for %s").filled(selectedDay.short))
    picker.delegate = self
    context.navigator.push(picker)
  }

  /// The `p` prompt again, from the entry's day and slot, to move it.
  private func move() {
    guard let entry = selectedEntry else {
      context.navigator.showInfo(tr("Select a planned meal first: m moves it to another day."))
      return
    }
    let store = context.store
    context.navigator.present(
      PlanPrompt(
        moving: true, mealName: entry.mealName, today: Self.today(context), day: entry.day,
        slot: entry.slot
      ) { [weak self] day, slot in
        guard let self else { return nil }
        return context.writeFromPrompt(
          by: self,
          { () throws(StoreError) in try store.movePlanEntry(id: entry.id, to: day, slot: slot) },
          then: { screen, _ in
            screen.follow(entry.id, to: day)
            screen.context.navigator.showInfo(
              tr("Moved “%1$s” to %2$s on %3$s.").filled(
                Quote.name(entry.mealName), slot.label, day.short))
          })
      })
  }

  /// Shows the week of `day` with the selection on entry `id`.
  private func follow(_ id: Int64, to day: CivilDate) {
    if day.weekStart != firstDay { show(week: day) }
    list.select(id: .entry(id))
  }

  /// Asks where to write the week as iCalendar, then writes it whole (or not at all).
  private func askWhereToExport() {
    let entries = context.store.planEntries(from: firstDay, days: 7)
    guard !entries.isEmpty else {
      context.navigator.showInfo(tr("Nothing is planned this week: nothing to export."))
      return
    }
    let store = context.store
    let events = store.calendarEvents(for: entries)
    FileExport.ask(
      tr("Export the week to"), offering: "week-\(firstDay.adding(days: 3).isoWeekName).ics",
      navigator: context.navigator,
      contents: { Array(ICalendar.calendar(events, stamp: ICalendar.stamp(store.clock())).utf8) },
      written: {
        trn("Wrote the week (%d meal) to %s.", "Wrote the week (%d meals) to %s.", events.count, $0)
      })
  }

  private func changeServings(by change: Int) {
    guard let entry = selectedEntry else { return }
    let servings = min(Servings.range.upperBound, max(1, entry.servings + change))
    guard servings != entry.servings else { return }
    let store = context.store
    context.write { () throws(StoreError) in
      try store.setPlanServings(id: entry.id, to: servings)
    }
  }

  /// The selected meal and the servings planned for it.
  private func selectedMeal() -> (Meal, Servings)? {
    guard let entry = selectedEntry else { return nil }
    guard let meal = try? context.store.meal(id: entry.mealID) else {
      context.navigator.showError(tr("That meal could not be read."))
      return nil
    }
    return (meal, Servings(for: meal, servings: entry.servings))
  }

  private func open() {
    guard let entry = selectedEntry else { return }
    context.openEditor(mealID: entry.mealID, delegate: self)
  }

  private func cook() {
    guard let (meal, servings) = selectedMeal() else { return }
    CookingActions.openCookMode(meal, context: context, servings: servings)
  }

  /// Every meal of the week at its planned servings; one question when some are on the list.
  private func addWeekToList() {
    let entries = rows.compactMap { row -> PlanEntry? in
      if case .entry(let entry) = row { return entry }
      return nil
    }
    guard !entries.isEmpty else {
      context.navigator.showInfo(tr("Nothing is planned this week."))
      return
    }
    let store = context.store
    let add = { [weak self] (entries: [PlanEntry]) in
      guard let self else { return }
      self.context.write { () throws(StoreError) in
        try store.addPlanToShoppingList(entries)
        self.context.navigator.showInfo(
          trn(
            "Added the week's meal to the shopping list — L opens it.",
            "Added the week's %d meals to the shopping list — L opens it.", entries.count))
      }
    }
    // Meals without ingredients have nothing to put on the list.
    let shopped = entries.filter {
      (try? store.meal(id: $0.mealID))??.ingredients.isEmpty == false
    }
    let missing = shopped.filter { !store.isOnShoppingList(mealRefs: [.saved($0.mealID)]) }
    if missing.count == shopped.count {
      add(shopped)
    } else if missing.isEmpty {
      context.navigator.present(
        ConfirmPrompt(
          trn(
            "The week's meal is on the shopping list already. Add again? (y/n)",
            "The week's %d meals are on the shopping list already. Add again? (y/n)",
            shopped.count),
          onYes: { add(shopped) }))
    } else {
      let on = shopped.count - missing.count
      let (others, all) =
        shopped.count == 2
        ? (tr("the other"), tr("both"))
        : (
          tr("the other %d").filled(String(missing.count)),
          tr("all %d").filled(String(shopped.count))
        )
      let question =
        shopped.count == 2
        ? tr("1 of the week's 2 meals is on the list already. The other (o) or both (a)?")
        : trn(
          "%1$d of the week's %2$d meals is on the list already. The other %3$d (o) or all %2$d (a)?",
          "%1$d of the week's %2$d meals are on the list already. The other %3$d (o) or all %2$d (a)?",
          on, String(shopped.count), String(missing.count))
      context.navigator.present(
        ChoicePrompt(
          question,
          answers: [
            .init("o", others) { add(missing) },
            .init("a", all) { add(shopped) },
          ]))
    }
  }

  public func handleMouse(_ event: MouseEvent, in area: Rect) -> Bool {
    guard event.isClick else { return false }
    prepare(in: area)
    if list.click(event, in: layout(in: area).list) != nil {
      followSelection()
      if event.clicks >= 2 { open() }
    }
    return true
  }

  // MARK: - Rendering

  /// The week's dates on the first row, the days and their meals under it, and from 100
  /// columns the selected meal beside them.
  private func layout(in area: Rect) -> ListLayout { ListLayout(area) }

  public func render(into canvas: inout Canvas, in area: Rect) {
    let layout = layout(in: area)
    if let pane = layout.previewPane {
      preview.preview(
        of: previewed, width: Preview.text(in: pane.area).width,
        height: pane.area.height, now: context.navigator.now(),
        planned: selectedEntry?.servings
      ).draw(into: &canvas, in: pane.area, divider: pane.divider)
    }
    let last = firstDay.adding(days: 6)
    let (_, week) = firstDay.adding(days: 3).isoWeek
    canvas.writeRight(
      tr("Week %1$d · %2$s – %3$s %4$d").filled(
        String(week), firstDay.dayAndMonth, last.dayAndMonth, String(last.year)),
      in: layout.headline)
    if rows.isEmpty, let readError = list.readError {
      canvas.writeWrapped(
        AppContext.readFailure(readError), in: layout.emptyMessage, indent: 2, style: .muted)
      return
    }
    let today = Self.today(context)
    // The slot's column: its longest name in the user's language and two columns (`breakfast`).
    let slotWidth = min(
      16, (PlanSlot.allCases.map { TextWidth.columns(of: $0.label) }.max() ?? 9) + 2)
    // (A week always has its seven days' rows once read: no empty text.)
    list.render(into: &canvas, in: layout.list, empty: "") { canvas, row, shown in
      switch shown {
      case .day(let day):
        let used = canvas.writeTruncated(day.short, in: row.content, style: .title)
        if day == today {
          canvas.writeTruncated(
            "  " + tr("today"), in: row.content.inset(left: used), style: .accent)
        }
      case .suggestion(let suggestion):
        // As an entry, the meal marked as a suggestion and followed by why.
        let parts = row.content.split(.horizontal, [.fixed(2), .fixed(slotWidth), .fill])
        canvas.writeTruncated(suggestion.slot.label, in: parts[1], style: .muted)
        let used = canvas.writeTruncated("? " + suggestion.meal.name, in: parts[2], style: .accent)
        canvas.writeTruncated(
          "  " + suggestion.why, in: parts[2].inset(left: used), style: .muted)
      case .entry(let entry):
        // Two columns in, the slot, the meal, then its servings two columns after the name
        // (the name is cut first, never the servings).
        let servings = "×\(entry.servings)"
        let parts = row.content.split(.horizontal, [.fixed(2), .fixed(slotWidth), .fill])
        canvas.writeTruncated(entry.slot.label, in: parts[1], style: .muted)
        let nameRoom = max(0, parts[2].width - TextWidth.columns(of: servings) - 2)
        let used = canvas.writeTruncated(
          entry.mealName, row: parts[2].y, column: parts[2].x, width: nameRoom)
        canvas.writeTruncated(servings, in: parts[2].inset(left: used + 2), style: .accent)
      }
    }
  }
}

extension WeekPlanScreen.Row {
  /// What finds the row again after a read.
  var key: WeekPlanScreen.RowKey {
    switch self {
    case .day(let day): .day(day.daysSince1970)
    case .entry(let entry): .entry(entry.id)
    case .suggestion(let suggestion): .suggestion(suggestion.day.daysSince1970, suggestion.slot)
    }
  }

  var entryID: Int64? {
    if case .entry(let entry) = self { return entry.id }
    return nil
  }

  /// The day the row belongs to.
  var day: CivilDate {
    switch self {
    case .day(let day): day
    case .entry(let entry): entry.day
    case .suggestion(let suggestion): suggestion.day
    }
  }
}

extension WeekPlanScreen: MealEditorScreenDelegate {
  public func mealEditorScreen(_ screen: MealEditorScreen, didSaveMealWithID id: Int64) {
    context.navigator.pop(to: self)
  }
}

extension WeekPlanScreen: MealPickerScreenDelegate {
  /// A meal chosen for the selected day: its slot (and another day if wanted), then it is planned.
  public func mealPicker(_ screen: MealPickerScreen, didPick meal: MealSummary) {
    context.navigator.pop(to: self)
    let store = context.store
    let picked = (try? store.meal(id: meal.id)).flatMap { $0 }
    let servings = picked.map { Servings(for: $0).base }
    context.navigator.present(
      PlanPrompt(
        mealName: meal.name, today: Self.today(context), day: selectedDay,
        slot: context.firstSlot(for: picked)
      ) {
        [weak self] day, slot in
        guard let self else { return nil }
        return context.writeFromPrompt(
          by: self,
          { () throws(StoreError) in
            try store.plan(
              mealID: meal.id, on: day, slot: slot, servings: servings ?? Servings.assumed)
          }, then: { screen, id in screen.follow(id, to: day) })
      })
  }
}

extension WeekPlanScreen: DocumentedScreen {
  /// The week, or the week with `s`'s suggestions shown (their keys first).
  public enum KeyMode: CaseIterable { case list, suggesting }

  static func keysPlace(_ mode: KeyMode) -> KeysPlace {
    switch mode {
    case .list: .section("week-plan", "Week Plan (`W` on My Meals)")
    case .suggesting: .adds("week-plan-suggestions", "Week Plan, the suggestions (`s`)", links: 1)
    }
  }
  public var keyMode: KeyMode { suggestions.isEmpty ? .list : .suggesting }

  /// The screen's own keys first, then the list's: a key bound here wins over a move.
  public static func keyChain(_ mode: KeyMode) -> [KeyLink<WeekPlanScreen>] {
    let week: [KeyLink<WeekPlanScreen>] = KeyLink.list(
      keys, does: { screen, action in screen.perform(action) },
      moves: { screen, move in screen.moveSelection(move) })
    guard mode == .suggesting else { return week }
    let suggested: KeyLink<WeekPlanScreen> = .table(
      suggestionKeys, does: { screen, action in screen.performSuggestion(action) })
    return [suggested] + week
  }
}
