import MealsCore
import MealsStore
import TerminalUI
import Translation

/// Cook Mode: a meal to cook by, full screen and free of distraction.
///
/// First the ingredients as a checklist (tick as you gather), then one step at a time in
/// large, spaced text with `Step 3 of 9`. Times written in a step are highlighted; `t` starts
/// the step's timer, several can run, and a bar at the bottom counts them down; when one ends
/// the bell rings, the screen flashes and a message waits for Enter. `+`/`-` change the
/// servings; running timers keep counting after leaving (the status line shows them).
public final class CookModeScreen: Screen {
  enum Action: String, Sendable {
    case next, previous, tick, timer, timers, more, fewer, units, addToList, leave, cooked
  }

  static let keys = KeyTable<Action>(
    "cook-mode",
    [
      KeyBinding([.right, .character(" ")], .next, tr("next step"), label: "→/Space"),
      KeyBinding(
        [.left], .previous, tr("previous step"), label: "←",
        detail: "the previous step (back to the checklist from the first)"),
      KeyBinding(
        [.character("t")], .timer, tr("start the step's timer"),
        detail:
          "start a timer for the step's time (`10 minutes`, `1 hr 30 mins`; a range counts its lower bound)"
      ),
      KeyBinding(
        [.character("T")], .timers, tr("timers (x stops one)"),
        detail: "the timers: `x` stops the selected one, `Esc` back"),
      MealActions.more(.more), MealActions.fewer(.fewer), MealActions.units(.units),
      MealActions.addToList(.addToList), CookedIt.binding(.cooked),
      KeyBinding([.enter], .tick, tr("tick an ingredient"), footer: false),
      KeyBinding(
        [.escape, .character("q")], .leave, tr("leave Cook Mode"), label: "Esc",
        detail:
          "leave (running timers keep counting: the status line shows them, and they ring on any screen)"
      ),
    ])

  /// On the ingredient checklist, before the steps: Space ticks and → starts cooking.
  static let checklistKeys = KeyTable<Action>(
    "cook-mode-checklist",
    [
      KeyBinding([.right], .next, tr("start cooking"), label: "→", detail: "to the first step"),
      KeyBinding(
        [.character(" "), .enter], .tick, tr("tick"), label: "Space/Enter",
        detail: "tick an ingredient as you gather it (the cursor goes on to the next)"),
    ])
  /// What the checklist shows of the steps' keys besides its own.
  static let checklistAlso: Set<Action> = [.more, .fewer, .units, .addToList, .timers, .leave]

  /// A step too long for the window scrolls (Space stays the next step).
  static let scrollKeys = KeyTable<Pager.Action>(
    "cook-mode-scroll",
    [
      KeyBinding([.down, .character("j")], .lineDown, tr("scroll down"), footer: false),
      KeyBinding([.up, .character("k")], .lineUp, tr("scroll up"), footer: false),
      KeyBinding([.pageDown], .pageDown, tr("page down"), footer: false),
      KeyBinding([.pageUp], .pageUp, tr("page up"), footer: false),
    ],
    summary: KeyHelp(
      keys: "↓↑ j/k PgDn PgUp", text: tr("scroll a step too long for the window"), inFooter: false))

  enum TimersAction: String, Sendable { case stop, back }
  /// In the list of timers (`T`).
  static let timersKeys = KeyTable<TimersAction>(
    "cook-mode-timers",
    [
      KeyBinding([.character("x")], .stop, tr("stop the timer")),
      KeyBinding(
        [.escape, .character("T"), .character("q")], .back, tr("back to cooking"), label: "Esc/T"),
    ])

  /// The widest a step's lines are drawn: a comfortable reading width.
  static let readingWidth = 64

  /// The app that owns the navigator that owns this screen: never outlived.
  private unowned let context: AppContext
  public let meal: Meal
  public private(set) var servings: Servings
  public let steps: [String]
  /// The heading each step falls under (`Cake`), from the instructions' heading lines.
  let sections: [String?]
  /// What is only to read (the notes, a source): on the checklist, never counted as steps.
  let notes: [String]
  /// Where the cook is; keys, the footer and the frame follow it.
  enum Mode: Equatable {
    /// Gathering the ingredients (a checklist).
    case checklist
    /// Reading one step (0-based).
    case step(Int)
    /// The list of timers (`T`), over the step it was opened from (nil: the checklist); Esc
    /// goes back there.
    case timers(over: Int?)
  }

  private(set) var mode = Mode.checklist {
    didSet { if step != oldValue.step { stepView.reset() } }
  }
  /// The step shown, or under the timers; nil on the checklist.
  public var step: Int? { mode.step }
  /// Where a step too long for the window is scrolled to.
  private var stepView = Viewport()
  private var gathered = Set<Int>()
  private var checklist = ListState()
  /// The app's timers (they outlive the screen): this screen starts, shows and stops them.
  var timers: [CookTimer] { context.timers.timers }
  /// The timers' selection, while they show.
  private var timerList = ListState()

  /// `servings`: the meal's own unless a plan says otherwise.
  init(meal: Meal, context: AppContext, servings: Servings? = nil) {
    self.meal = meal
    self.context = context
    self.servings = servings ?? Servings(for: meal)
    let method = CookMethod(of: meal)
    steps = method.steps.map(\.text)
    sections = method.steps.map(\.section)
    notes = method.notes
  }

  public var title: String { tr("Cook Mode") }

  public var keyHelp: [KeyHelp] {
    let help = MealActions.unitsHelp(chainHelp, context.units)
    // On the last step "cooked it" is what comes next: the footer offers it.
    guard step == steps.count - 1,
      let index = help.firstIndex(where: { $0.bindAs == "cook-mode cooked" })
    else { return help }
    var offered = help
    offered[index].inFooter = true
    offered.insert(offered.remove(at: index), at: 0)
    return offered
  }

  var runningTimers: [CookTimer] { context.timers.running }

  /// The meal's name as its timers carry it.
  private var mealName: String { MealRules.trimmed(meal.name) }

  /// The labels (`Step 2 · 5 minutes`) of this meal's timers that are counting.
  private var countingLabels: Set<String> {
    Set(runningTimers.filter { $0.meal == mealName }.map(\.label))
  }

  // MARK: - Keys

  public func handle(_ key: Key) -> Bool { resolve(key) }

  private func moveInChecklist(_ move: ListState.Move) {
    let heights = checklistHeights
    checklist.apply(
      move, count: heights.count,
      viewHeight: checklistLayout(layout(in: context.navigator.body).body).list.area.height
    ) { heights[$0] }
  }

  /// The title of the group an ingredient starts (nil when it starts none).
  private func groupTitle(at index: Int) -> String? {
    let ingredients = meal.ingredients
    let group = ingredients[index].group
    guard !group.isEmpty, index == 0 || ingredients[index - 1].group != group else { return nil }
    return group
  }

  /// Rows each ingredient takes: two for the first of a group (its title above it).
  private var checklistHeights: [Int] {
    meal.ingredients.indices.map { groupTitle(at: $0) == nil ? 1 : 2 }
  }

  private func perform(_ action: Action) {
    let onChecklist = mode == .checklist
    switch action {
    case .leave: leave()
    case .next: move(by: 1)
    case .previous: move(by: -1)
    case .tick:
      guard onChecklist else { return }
      // With nothing to gather, Space goes on to the steps.
      if meal.ingredients.isEmpty { move(by: 1) } else { toggleGathered() }
    case .timer: startTimer()
    case .timers:
      mode = .timers(over: step)
      timerList = ListState()
    case .more: servings.increase()
    case .fewer: servings.decrease()
    case .units: context.cycleUnits()
    case .addToList: CookingActions.addToShoppingList(meal, servings: servings, context: context)
    case .cooked:
      let id = meal.id ?? meal.mealDBID.flatMap { try? context.store.mealID(forMealDBID: $0) }
      CookedIt.log(mealID: id, name: meal.name, servings: servings.said, context: context)
    }
  }

  private func toggleGathered() {
    let index = checklist.selection
    guard meal.ingredients.indices.contains(index) else { return }
    if gathered.remove(index) == nil { gathered.insert(index) }
    checklist.select(index + 1, count: meal.ingredients.count)
  }

  private func move(by offset: Int) {
    guard !steps.isEmpty else {
      context.navigator.showInfo(tr("This meal has no instructions to cook by."))
      return
    }
    let current = step ?? -1
    let target = current + offset
    if target < 0 {
      mode = .checklist
    } else if target < steps.count {
      mode = .step(target)
    } else {
      context.navigator.showInfo(
        tr("That was the last step. Enjoy your meal! M logs it as cooked; Esc leaves Cook Mode."))
    }
  }

  private func startTimer() {
    guard let step else {
      context.navigator.showInfo(tr("Timers belong to steps: → starts cooking."))
      return
    }
    let durations = StepDuration.find(in: steps[step])
    guard !durations.isEmpty else {
      context.navigator.showInfo(tr("Step %d has no time in it to count.").filled(String(step + 1)))
      return
    }
    // Each t starts the next time of the step not already counting.
    let label = { (duration: StepDuration) in
      Self.timerLabel(step: step, String(self.steps[step][duration.range]))
    }
    let counting = countingLabels
    guard let duration = durations.first(where: { !counting.contains(label($0)) }) else {
      context.navigator.showInfo(
        tr("Every time in step %d is already counting.").filled(String(step + 1)))
      return
    }
    let now = context.navigator.now()
    context.timers.start(
      CookTimer(
        meal: mealName, label: label(duration), seconds: duration.seconds,
        endsAt: now + UInt64(duration.seconds) * 1000))
    context.navigator.showInfo(
      duration.upperSeconds == nil
        ? tr("Timer started: %s. T lists the timers.").filled(label(duration))
        : tr("Timer started: %s (the shorter time of the range). T lists the timers.").filled(
          label(duration)))
  }

  private func performOnTimers(_ action: TimersAction) {
    switch action {
    case .back:
      mode = step.map(Mode.step) ?? .checklist
    case .stop:
      if let removed = context.timers.remove(at: timerList.selection) {
        timerList.clamp(count: timers.count)
        context.navigator.showInfo(tr("Stopped the timer “%s”.").filled(Quote.name(removed.title)))
      }
    }
  }

  private func moveInTimers(_ move: ListState.Move) {
    let pageSize = timersLayout(layout(in: context.navigator.body).body).list.pageSize
    timerList.apply(move, count: timers.count, pageSize: pageSize)
  }

  /// Leaves; running timers keep counting (the status line shows them, and they ring on any
  /// screen), so the cook may look elsewhere while something simmers.
  private func leave() {
    let running = runningTimers.count
    context.navigator.pop()
    guard running > 0 else { return }
    context.navigator.showInfo(
      trn(
        "Still counting — T in Cook Mode stops it.",
        "%d timers still counting — T in Cook Mode stops them.", running))
  }

  // MARK: - Layout

  /// The body, less a row at the bottom for the timer bar while there are timers.
  private func layout(in area: Rect) -> (body: Rect, bar: Rect?) {
    guard !timers.isEmpty, area.height > 1 else { return (area, nil) }
    let rows = area.split(.vertical, [.fill, .fixed(1)])
    return (rows[0], rows[1].inset(left: 1, right: 1))
  }

  /// The checklist: the meal's name, a line on what to do, the cookware the steps name (when
  /// they name any), the notes (wrapped, at most a quarter of the height), a gap, then the
  /// ingredients; two columns in from each side.
  private func checklistLayout(_ body: Rect) -> (
    name: Rect, heading: Rect, cookware: Rect, notes: (area: Rect, lines: [String]),
    list: ListView
  ) {
    let cookware = meal.cookware.isEmpty ? 0 : 1
    let inner = body.inset(left: 2, right: 2)
    let noteLines = notesLines(width: inner.width, most: max(1, body.height / 4))
    let rows = inner.split(
      .vertical,
      [.fixed(1), .fixed(1), .fixed(cookware), .fixed(noteLines.count), .fixed(1), .fill])
    return (rows[0], rows[1], rows[2], (rows[3], noteLines), ListView(area: rows[5], marker: false))
  }

  /// The notes as the checklist shows them: `Notes: …` wrapped to `width`, at most `most`
  /// lines, the last cut with `…` when they go on (Meal Detail shows them whole).
  private func notesLines(width: Int, most: Int) -> [String] {
    guard !notes.isEmpty, width > 0 else { return [] }
    let lines = TextWrap.wrap(
      tr("Notes: %s").filled(notes.joined(separator: " · ")), width: width)
    guard lines.count > most else { return lines }
    var kept = Array(lines.prefix(most))
    // Wider than the row by the mark, so the row ends in "…" (cut, never wrapped).
    kept[most - 1] = TextWidth.truncate(
      kept[most - 1] + String(repeating: " ", count: width), to: width)
    return kept
  }

  /// The timers: a title, a gap, then one timer a row; two columns in from each side.
  private func timersLayout(_ body: Rect) -> (title: Rect, list: ListView) {
    let rows = body.inset(left: 2, right: 2).split(.vertical, [.fixed(1), .fixed(1), .fill])
    return (rows[0], ListView(area: rows[2], marker: false))
  }

  // MARK: - Rendering

  public func render(into canvas: inout Canvas, in area: Rect) {
    let layout = layout(in: area)
    switch mode {
    case .timers: renderTimers(into: &canvas, in: layout.body)
    case .step(let step): renderStep(step, into: &canvas, in: layout.body)
    case .checklist: renderChecklist(into: &canvas, in: layout.body)
    }
    if let bar = layout.bar { renderTimerBar(into: &canvas, in: bar) }
  }

  private func renderChecklist(into canvas: inout Canvas, in area: Rect) {
    let layout = checklistLayout(area)
    canvas.writeTruncated(MealRules.trimmed(meal.name), in: layout.name, style: .title)
    let heading =
      tr("Ingredients · %s").filled(servings.description)
      + (context.units.system == .asWritten ? "" : " · " + context.units.system.label)
      + " · " + tr("tick them as you gather, → to start cooking")
    canvas.writeTruncated(heading, in: layout.heading, style: .muted)
    if !meal.cookware.isEmpty {
      canvas.writeTruncated(
        tr("Cookware: %s").filled(Cookware.line(meal.cookware)), in: layout.cookware,
        style: .muted)
    }
    for (offset, line) in layout.notes.lines.enumerated() {
      canvas.writeTruncated(
        line, row: layout.notes.area.y + offset, column: layout.notes.area.x,
        width: layout.notes.area.width, style: .muted)
    }
    guard !meal.ingredients.isEmpty else {
      canvas.writeTruncated(
        tr("No ingredients listed: → to the steps."), in: layout.list.area, style: .muted)
      return
    }
    let measures = meal.ingredients.map { line -> String in
      let scaled = servings.measure(line.quantity)
      return DecimalText.shown(context.units.measure(scaled.text, of: line.name))
        + (scaled.scaled ? "" : " *")
    }
    let measureWidth = min(
      layout.list.area.width / 3, (measures.map { TextWidth.columns(of: $0) }.max() ?? 0))
    let ingredients = meal.ingredients
    let gathered = gathered
    let heights = checklistHeights
    let titles = ingredients.indices.map(groupTitle(at:))
    layout.list.render(
      into: &canvas, state: checklist, heights: heights, headings: heights.map { $0 - 1 }
    ) { canvas, row in
      let done = gathered.contains(row.index)
      let style: Style = done ? .muted : .plain
      // A group's title on its own row above its first ingredient, as the editor shows it.
      // Cut at the bottom of the list, it shows its title alone.
      if let title = titles[row.index] {
        canvas.writeTruncated(
          title, row: row.content.y, column: row.content.x,
          width: row.content.width, style: .accent)
        guard row.content.height > 1 else { return }
      }
      let line = row.content.dropping(top: row.content.height - 1)
      // The box, the measure, then the ingredient.
      let parts = line.split(.horizontal, [.fixed(4), .fixed(measureWidth), .fixed(2), .fill])
      canvas.writeTruncated(done ? "[x] " : "[ ] ", in: parts[0], style: style)
      canvas.writeTruncated(measures[row.index], in: parts[1], style: style)
      canvas.writeTruncated(
        ingredients[row.index].name, in: parts[3], style: done ? .muted : .title)
    }
  }

  /// How a step is laid out in `area`: the progress line, its wrapped lines (where they go,
  /// the spacing between them, how many fit; a last row for the `more` mark when it scrolls),
  /// and the timer hint's row.
  struct StepLayout {
    /// "Step 3 of 9" and the meal's name, on the first row.
    var progress: Rect
    var lines: [String]
    var spacing: Int
    /// Lines shown at once; fewer than `lines.count` when the step scrolls.
    var visible: Int
    /// The reading column, centred: where the lines, the `more` mark and the hint go.
    var text: Rect
    /// The row of the timer hint, when the step has a time.
    var hint: Rect?

    var scrolls: Bool { visible < lines.count }
  }

  /// A step's text in the units shown (its timers read from the text as written).
  private func shownStep(_ index: Int) -> String { context.units.text(steps[index]) }

  func stepLayout(_ index: Int, in area: Rect) -> StepLayout {
    let text = shownStep(index)
    let hasTime = !StepDuration.find(in: text).isEmpty
    // The progress line and a gap above; the timer hint (and a gap) below, always in view.
    let rows = area.split(.vertical, [.fixed(1), .fixed(1), .fill, .fixed(hasTime ? 2 : 0)])
    // A comfortable reading width, four columns in at least, centred (two columns in at least).
    let width = max(10, min(Self.readingWidth, area.inset(left: 4, right: 4).width))
    let left = max(2, (area.width - width) / 2)
    let column = Rect(x: area.x + left, y: rows[2].y, width: width, height: rows[2].height)
    let lines = TextWrap.wrap(text, width: width)
    let fit = max(1, rows[2].height)
    // Spaced lines when they fit, else close together; a step that still does not fit keeps
    // its last row for the `more` mark and scrolls.
    let spacing = lines.count * 2 - 1 <= fit ? 2 : 1
    let visible = lines.count <= fit ? lines.count : max(1, fit - 1)
    let hint = hasTime && area.height >= 4 ? rows[3].inset(top: 1) : nil
    return StepLayout(
      progress: rows[0].inset(left: 2), lines: lines, spacing: spacing, visible: visible,
      text: column, hint: hint.map { Rect(x: column.x, y: $0.y, width: width, height: 1) })
  }

  /// The step's area as `render` will give it (the body less the timer bar).
  private var stepArea: Rect { layout(in: context.navigator.body).body }

  /// ↓/↑ (j/k, PgDn/PgUp, the wheel) scroll a step too long for the window; false (the key
  /// goes on) when it fits.
  private func scrollStep(_ action: Pager.Action) -> Bool {
    guard let step else { return false }
    let layout = stepLayout(step, in: stepArea)
    guard layout.scrolls, [.lineDown, .lineUp, .pageDown, .pageUp].contains(action) else {
      return false
    }
    stepView.move(action, count: layout.lines.count, height: layout.visible)
    return true
  }

  private func renderStep(_ index: Int, into canvas: inout Canvas, in area: Rect) {
    let progress =
      tr("Step %1$d of %2$d").filled(String(index + 1), String(steps.count))
      + (sections[index].map { " · \(Quote.name($0))" } ?? "")
    let layout = stepLayout(index, in: area)
    // The progress, three columns, then the meal's name (two columns short of the edge).
    let line = layout.progress.split(
      .horizontal, [.fixed(TextWidth.columns(of: progress)), .fixed(3), .fill, .fixed(2)])
    canvas.write(progress, row: line[0].y, column: line[0].x, style: .key)
    canvas.writeTruncated(MealRules.trimmed(meal.name), in: line[2], style: .muted)
    let text = shownStep(index)
    let durations = StepDuration.find(in: text).map { String(text[$0.range]) }
    let offset = stepView.first(count: layout.lines.count, height: layout.visible)
    var y = layout.text.y
    for line in layout.lines[offset..<(offset + layout.visible)] where y < area.maxY {
      canvas.writeTruncated(
        line, row: y, column: layout.text.x, width: layout.text.width, style: .title)
      for phrase in durations {
        guard let range = line.firstRange(ofText: phrase) else { continue }
        let start = TextWidth.columns(of: String(line[..<range.lowerBound]))
        canvas.applyStyle(
          Style([.bold, .underline], area: .accent),
          to: Rect(x: layout.text.x + start, y: y, width: TextWidth.columns(of: phrase), height: 1))
      }
      y += layout.spacing
    }
    if layout.scrolls, y < area.maxY {
      let below = layout.lines.count - offset - layout.visible
      let mark =
        below > 0
        ? trn("↓ more (%d line) — ↓/j scrolls", "↓ more (%d lines) — ↓/j scrolls", below)
        : tr("↑ more above — ↑/k scrolls back")
      canvas.writeTruncated(
        mark, row: y, column: layout.text.x, width: layout.text.width, style: .muted)
    }
    if let row = layout.hint, let hint = timerHint(step: index, durations: durations) {
      canvas.writeTruncated(hint, in: row, style: .muted)
    }
  }

  /// What `t` would do on this step: start the next time not counting yet, or nothing more.
  private func timerHint(step: Int, durations: [String]) -> String? {
    let counting = countingLabels
    if let next = durations.first(where: {
      !counting.contains(Self.timerLabel(step: step, $0))
    }) {
      return tr("t starts a timer for %s").filled(next)
    }
    guard let first = durations.first else { return nil }
    return durations.count == 1
      ? tr("⏱ %s: counting (T: timers)").filled(first)
      : tr("⏱ All its times are counting (T: timers)")
  }

  private func renderTimers(into canvas: inout Canvas, in area: Rect) {
    let layout = timersLayout(area)
    canvas.writeTruncated(tr("Timers"), in: layout.title, style: .key)
    guard !timers.isEmpty else {
      canvas.writeTruncated(
        tr("No timers. t on a step with a time in it starts one."), in: layout.list.area,
        style: .muted)
      return
    }
    let now = context.navigator.now()
    let timers = timers
    layout.list.render(into: &canvas, state: timerList, count: timers.count) { canvas, row in
      let timer = timers[row.index]
      let state = timer.isDone ? tr("done") : timer.remaining(at: now)
      canvas.writeTruncated(
        state + String(repeating: " ", count: max(0, 8 - TextWidth.columns(of: state))) + " "
          + timer.title,
        in: row.content, style: timer.isDone ? .muted : .plain)
    }
  }

  /// A step's timer as the timers list and the status line name it: `Step 2 · 10 minutes`.
  static func timerLabel(step: Int, _ phrase: String) -> String {
    tr("Step %1$d · %2$s").filled(String(step + 1), phrase)
  }

  private func renderTimerBar(into canvas: inout Canvas, in bar: Rect) {
    let now = context.navigator.now()
    // This meal's timers by their step; another meal's by its name too.
    let parts = timers.map { timer in
      let name = timer.meal == mealName ? timer.label : timer.title
      return timer.isDone
        ? tr("%s done").filled(name) : name + " " + timer.remaining(at: now)
    }
    canvas.writeTruncated("⏱ " + parts.joined(separator: "  │  "), in: bar, style: .key)
  }
}

extension CookModeScreen.Mode {
  /// The step read, or the one under the timers.
  var step: Int? {
    switch self {
    case .checklist: nil
    case .step(let step): step
    case .timers(let over): over
    }
  }
}

extension CookModeScreen: DocumentedScreen {
  /// The checklist, a step, or the timers over either.
  public enum KeyMode: CaseIterable { case checklist, step, timers }

  static func keysPlace(_ mode: KeyMode) -> KeysPlace {
    switch mode {
    case .checklist: .section("cook-mode-checklist", "Cook Mode, the ingredient checklist")
    case .step: .section("cook-mode", "Cook Mode, a step")
    case .timers: .section("cook-mode-timers", "Cook Mode, the timers (`T`)")
    }
  }

  public var keyMode: KeyMode {
    switch mode {
    case .checklist: .checklist
    case .step: .step
    case .timers: .timers
    }
  }

  public static func keyChain(_ mode: KeyMode) -> [KeyLink<CookModeScreen>] {
    switch mode {
    case .checklist:
      // Its own keys, the few of the steps' that make sense before cooking, then the moves.
      [
        .table(checklistKeys, does: { $0.perform($1) }),
        .table(keys, only: { checklistAlso.contains($0) }, does: { $0.perform($1) }),
        .table(ListState.keys, does: { $0.moveInChecklist($1) }),
      ]
    case .step:
      [
        .table(keys, only: { $0 != .tick }, does: { $0.perform($1) }),
        .table(scrollKeys) { $0.scrollStep($1) },
      ]
    case .timers:
      [
        .table(timersKeys, does: { $0.performOnTimers($1) }),
        .table(ListState.keys, does: { $0.moveInTimers($1) }),
      ]
    }
  }
}
