import MealsCore
import MealsStore
import TerminalUI

/// A timer started from a step: it counts down on the event loop's deadlines, to the second.
struct CookTimer: Equatable {
  var label: String
  var seconds: Int
  /// When it ends, in the navigator's milliseconds.
  var endsAt: UInt64
  var isDone = false

  /// `8:59`, `1:29:59`: what is left, rounded up to the second.
  func remaining(at now: UInt64) -> String {
    let left = endsAt > now ? Int((endsAt - now + 999) / 1000) : 0
    let (hours, minutes, seconds) = (left / 3600, left / 60 % 60, left % 60)
    let twoDigits = { (value: Int) in value < 10 ? "0\(value)" : "\(value)" }
    return hours > 0
      ? "\(hours):\(twoDigits(minutes)):\(twoDigits(seconds))" : "\(minutes):\(twoDigits(seconds))"
  }

  /// When what it shows next changes (the next second), or nil once done.
  func nextChange(after now: UInt64) -> UInt64? {
    guard !isDone else { return nil }
    guard endsAt > now else { return now }
    let left = endsAt - now
    return now + (left % 1000 == 0 ? 1000 : left % 1000)
  }
}

/// Cook Mode: a meal to cook by, full screen and free of distraction.
///
/// First the ingredients as a checklist (tick as you gather), then one step at a time in
/// large, spaced text with `Step 3 of 9`. Times written in a step are highlighted; `t` starts
/// the step's timer, several can run, and a bar at the bottom counts them down; when one ends
/// the bell rings, the screen flashes and a message waits for Enter. `+`/`-` change the
/// servings; leaving with timers running asks first.
public final class CookModeScreen: Screen {
  enum Action: Sendable {
    case next, previous, tick, timer, timers, more, fewer, addToList
  }

  static let keys = KeyTable<Action>([
    KeyBinding([.right, .character(" ")], .next, "next step", label: "→/Space"),
    KeyBinding([.left], .previous, "previous step", label: "←"),
    KeyBinding([.character("t")], .timer, "start the step's timer"),
    KeyBinding([.character("T")], .timers, "timers (x stops one)"),
    KeyBinding([.character("+"), .character("=")], .more, "more servings", label: "+"),
    KeyBinding([.character("-")], .fewer, "fewer servings", label: "-"),
    KeyBinding([.character("l")], .addToList, "add the ingredients to the shopping list"),
    KeyBinding([.enter], .tick, "tick an ingredient", footer: false),
  ])

  static let scrollHelp = KeyHelp(
    keys: "↓↑ j/k PgDn PgUp", text: "scroll a step too long for the window", inFooter: false)

  /// The widest a step's lines are drawn: a comfortable reading width.
  static let readingWidth = 64

  /// The app that owns the navigator that owns this screen: never outlived.
  private unowned let context: AppContext
  public let meal: Meal
  public private(set) var servings: Servings
  public let steps: [String]
  /// The heading each step falls under (`Cake`), from the instructions' heading lines.
  let sections: [String?]
  /// nil: the ingredient checklist; else the step shown.
  public private(set) var step: Int? {
    didSet { if step != oldValue { stepOffset = 0 } }
  }
  /// The first line shown of a step too long for the window.
  private var stepOffset = 0
  private var gathered = Set<Int>()
  private var checklist = ListState()
  private(set) var timers: [CookTimer] = []
  /// Showing the list of timers (`T`), with its selection.
  private var showsTimers = false
  private var timerList = ListState()

  init(meal: Meal, context: AppContext) {
    self.meal = meal
    self.context = context
    servings = Servings(for: meal)
    let cooked = CookSteps.steps(meal.instructions)
    steps = cooked.map(\.text)
    sections = cooked.map(\.section)
  }

  public var title: String { "Cook Mode" }

  public var keyHelp: [KeyHelp] {
    if showsTimers {
      return [
        KeyHelp(keys: "x", text: "stop the timer"), KeyHelp(keys: "Esc/T", text: "back to cooking"),
      ]
    }
    let leave = KeyHelp(keys: "Esc", text: "leave Cook Mode")
    guard step == nil else {
      return Self.keys.help.filter { $0.keys != "Enter" } + [Self.scrollHelp, leave]
    }
    // On the checklist, Space ticks and → starts cooking.
    return [
      KeyHelp(keys: "→", text: "start cooking", key: .right),
      KeyHelp(keys: "Space/Enter", text: "tick", key: .character(" ")),
    ] + Self.keys.help.filter { ["+", "-", "l", "T"].contains($0.keys) } + [leave]
  }

  var runningTimers: [CookTimer] { timers.filter { !$0.isDone } }

  // MARK: - Keys

  public func handle(_ key: Key) -> Bool {
    if showsTimers { return handleTimersKey(key) }
    if key == .escape || key == .character("q") {
      leave()
      return true
    }
    if step == nil, key != .character(" "),
      checklist.handle(key, count: meal.ingredients.count, pageSize: context.bodyHeight - 4)
    {
      return true
    }
    if scrollStep(key) { return true }
    guard let action = Self.keys.action(for: key) else { return false }
    switch action {
    case .next:
      if step == nil, key == .character(" "), !meal.ingredients.isEmpty {
        toggleGathered()
      } else {
        move(by: 1)
      }
    case .previous: move(by: -1)
    case .tick: if step == nil { toggleGathered() }
    case .timer: startTimer()
    case .timers:
      showsTimers = true
      timerList = ListState()
    case .more: servings.increase()
    case .fewer: servings.decrease()
    case .addToList: Kitchen.addToShoppingList(meal, servings: servings, context: context)
    }
    return true
  }

  private func toggleGathered() {
    let index = checklist.selection
    guard meal.ingredients.indices.contains(index) else { return }
    if gathered.remove(index) == nil { gathered.insert(index) }
    checklist.select(index + 1, count: meal.ingredients.count)
  }

  private func move(by offset: Int) {
    guard !steps.isEmpty else {
      context.navigator.showInfo("This meal has no instructions to cook by.")
      return
    }
    let current = step ?? -1
    let target = current + offset
    if target < 0 {
      step = nil
    } else if target < steps.count {
      step = target
    } else {
      context.navigator.showInfo("That was the last step. Enjoy your meal! Esc leaves Cook Mode.")
    }
  }

  private func startTimer() {
    guard let step else {
      context.navigator.showInfo("Timers belong to steps: → starts cooking.")
      return
    }
    let durations = StepDuration.find(in: steps[step])
    guard !durations.isEmpty else {
      context.navigator.showInfo("Step \(step + 1) has no time in it to count.")
      return
    }
    // Each t starts the next time of the step not already counting.
    let label = { (duration: StepDuration) in
      "Step \(step + 1) · " + String(self.steps[step][duration.range])
    }
    let counting = Set(runningTimers.map(\.label))
    guard let duration = durations.first(where: { !counting.contains(label($0)) }) else {
      context.navigator.showInfo("Every time in step \(step + 1) is already counting.")
      return
    }
    let now = context.navigator.now()
    timers.append(
      CookTimer(
        label: label(duration), seconds: duration.seconds,
        endsAt: now + UInt64(duration.seconds) * 1000))
    let note = duration.upperSeconds.map { _ in " (the shorter time of the range)" } ?? ""
    context.navigator.showInfo("Timer started: \(label(duration))\(note). T lists the timers.")
  }

  private func handleTimersKey(_ key: Key) -> Bool {
    switch key {
    case .escape, .character("T"), .character("q"):
      showsTimers = false
    case .character("x"):
      if timers.indices.contains(timerList.selection) {
        let removed = timers.remove(at: timerList.selection)
        timerList.clamp(count: timers.count)
        context.navigator.showInfo("Stopped the timer “\(Quote.name(removed.label))”.")
      }
    default:
      _ = timerList.handle(key, count: timers.count, pageSize: context.bodyHeight - 3)
    }
    return true
  }

  private func leave() {
    let running = runningTimers.count
    guard running > 0 else {
      context.navigator.pop()
      return
    }
    let question =
      running == 1
      ? "A timer is running. Leave Cook Mode and stop it? (y/n)"
      : "\(running) timers are running. Leave Cook Mode and stop them? (y/n)"
    context.navigator.present(
      ConfirmPrompt(question) { [weak self] in
        guard let self else { return }
        self.timers = []
        self.context.navigator.pop()
      })
  }

  // MARK: - Time

  public var nextDeadline: UInt64? {
    let now = context.navigator.now()
    return timers.compactMap { $0.nextChange(after: now) }.min()
  }

  public func tick(now: UInt64) -> Bool {
    var changed = false
    for index in timers.indices where !timers[index].isDone {
      changed = true
      guard timers[index].endsAt <= now else { continue }
      timers[index].isDone = true
      let timer = timers[index]
      context.navigator.send(.bell)
      context.navigator.send(.flash)
      context.navigator.showInfo("⏰ \(timer.label) is done.")
      context.navigator.present(
        AlertPrompt("⏰ Time's up: \(timer.label)", detail: "Enter or Esc to carry on cooking"))
    }
    return changed
  }

  // MARK: - Rendering

  public func render(into canvas: inout Canvas, in area: Rect) {
    let barRows = timers.isEmpty ? 0 : 1
    let body = Rect(
      x: area.x, y: area.y, width: area.width, height: max(1, area.height - barRows))
    if showsTimers {
      renderTimers(into: &canvas, in: body)
    } else if let step {
      renderStep(step, into: &canvas, in: body)
    } else {
      renderChecklist(into: &canvas, in: body)
    }
    if barRows > 0 { renderTimerBar(into: &canvas, row: area.maxY - 1, in: area) }
  }

  private func renderChecklist(into canvas: inout Canvas, in area: Rect) {
    let name = MealRules.trimmed(meal.name)
    canvas.writeTruncated(
      name, row: area.y, column: area.x + 2, width: area.width - 4, style: .title)
    let heading =
      "Ingredients · \(servings.description) · tick them as you gather, → to start cooking"
    canvas.writeTruncated(
      heading, row: area.y + 1, column: area.x + 2, width: area.width - 4, style: .muted)
    let listArea = Rect(
      x: area.x + 2, y: area.y + 3, width: area.width - 4, height: max(1, area.height - 3))
    guard !meal.ingredients.isEmpty else {
      canvas.writeTruncated(
        "No ingredients listed: → to the steps.", row: listArea.y, column: listArea.x,
        width: listArea.width, style: .muted)
      return
    }
    let measures = meal.ingredients.map { line -> String in
      let scaled = servings.measure(line.quantity)
      return scaled.text + (scaled.scaled ? "" : " *")
    }
    let measureWidth = min(
      listArea.width / 3, (measures.map { TextWidth.columns(of: $0) }.max() ?? 0))
    let top = checklist.visibleTop(height: listArea.height, count: meal.ingredients.count)
    for offset in 0..<listArea.height {
      let index = top + offset
      guard index < meal.ingredients.count else { break }
      let y = listArea.y + offset
      let done = gathered.contains(index)
      let style: Style = done ? .muted : .plain
      canvas.write(done ? "[x] " : "[ ] ", row: y, column: listArea.x, style: style)
      canvas.writeTruncated(
        measures[index], row: y, column: listArea.x + 4, width: measureWidth, style: style)
      canvas.writeTruncated(
        meal.ingredients[index].name, row: y, column: listArea.x + 6 + measureWidth,
        width: listArea.width - measureWidth - 6, style: done ? .muted : .title)
      if index == checklist.selection {
        canvas.applyStyle(
          .selected, to: Rect(x: listArea.x, y: y, width: listArea.width, height: 1))
      }
    }
  }

  /// How a step is laid out in `area`: its wrapped lines, the spacing between them, how
  /// many fit, and the rows for the text (a last row for the `more` mark when it scrolls).
  struct StepLayout {
    var lines: [String]
    var spacing: Int
    /// Lines shown at once; fewer than `lines.count` when the step scrolls.
    var visible: Int
    var width: Int
    var left: Int
    /// The row of the timer hint, when the step has a time.
    var hintRow: Int?

    var scrolls: Bool { visible < lines.count }
    var lastOffset: Int { max(0, lines.count - visible) }
  }

  func stepLayout(_ index: Int, in area: Rect) -> StepLayout {
    let width = max(10, min(Self.readingWidth, area.width - 8))
    let left = area.x + max(2, (area.width - width) / 2)
    let text = steps[index]
    let lines = TextWrap.wrap(text, width: width)
    let hasTime = !StepDuration.find(in: text).isEmpty
    // The progress line and a gap above; the timer hint (and a gap) below, always in view.
    let rows = max(1, area.height - 2 - (hasTime ? 2 : 0))
    // Spaced lines when they fit, else close together; a step that still does not fit keeps
    // its last row for the `more` mark and scrolls.
    let spacing = lines.count * 2 - 1 <= rows ? 2 : 1
    let visible = lines.count <= rows ? lines.count : max(1, rows - 1)
    return StepLayout(
      lines: lines, spacing: spacing, visible: visible, width: width, left: left,
      hintRow: hasTime && area.height >= 4 ? area.maxY - 1 : nil)
  }

  /// The step's area as `render` will give it (the body less the timer bar).
  private var stepArea: Rect {
    Rect(
      x: 0, y: 1, width: context.bodyWidth,
      height: max(1, context.bodyHeight - (timers.isEmpty ? 0 : 1)))
  }

  /// ↓/↑ (j/k, PgDn/PgUp, the wheel) scroll a step too long for the window; false when it fits.
  private func scrollStep(_ key: Key) -> Bool {
    guard let step else { return false }
    let layout = stepLayout(step, in: stepArea)
    guard layout.scrolls else { return false }
    let page = max(1, layout.visible - 1)
    switch key {
    case .down, .character("j"): stepOffset += 1
    case .up, .character("k"): stepOffset -= 1
    case .pageDown: stepOffset += page
    case .pageUp: stepOffset -= page
    default: return false
    }
    stepOffset = max(0, min(stepOffset, layout.lastOffset))
    return true
  }

  private func renderStep(_ index: Int, into canvas: inout Canvas, in area: Rect) {
    let progress =
      "Step \(index + 1) of \(steps.count)" + (sections[index].map { " · \(Quote.name($0))" } ?? "")
    canvas.write(progress, row: area.y, column: area.x + 2, style: .key)
    canvas.writeTruncated(
      MealRules.trimmed(meal.name), row: area.y,
      column: area.x + TextWidth.columns(of: progress) + 5,
      width: max(0, area.width - TextWidth.columns(of: progress) - 7), style: .muted)
    let layout = stepLayout(index, in: area)
    let text = steps[index]
    let durations = StepDuration.find(in: text).map { String(text[$0.range]) }
    let offset = min(stepOffset, layout.lastOffset)
    var y = area.y + 2
    for line in layout.lines[offset..<(offset + layout.visible)] where y < area.maxY {
      canvas.writeTruncated(line, row: y, column: layout.left, width: layout.width, style: .title)
      for phrase in durations {
        guard let range = line.range(of: phrase) else { continue }
        let start = TextWidth.columns(of: String(line[..<range.lowerBound]))
        canvas.applyStyle(
          Style([.bold, .underline], color: .accent),
          to: Rect(x: layout.left + start, y: y, width: TextWidth.columns(of: phrase), height: 1))
      }
      y += layout.spacing
    }
    if layout.scrolls, y < area.maxY {
      let below = layout.lines.count - offset - layout.visible
      let mark =
        below > 0
        ? "↓ more (\(below) \(below == 1 ? "line" : "lines")) — ↓/j scrolls"
        : "↑ more above — ↑/k scrolls back"
      canvas.writeTruncated(
        mark, row: y, column: layout.left, width: layout.width, style: .muted)
    }
    if let hintRow = layout.hintRow, let hint = timerHint(step: index, durations: durations) {
      canvas.writeTruncated(
        hint, row: hintRow, column: layout.left, width: layout.width, style: .muted)
    }
  }

  /// What `t` would do on this step: start the next time not counting yet, or nothing more.
  private func timerHint(step: Int, durations: [String]) -> String? {
    let counting = Set(runningTimers.map(\.label))
    if let next = durations.first(where: { !counting.contains("Step \(step + 1) · \($0)") }) {
      return "t starts a timer for \(next)"
    }
    guard let first = durations.first else { return nil }
    return durations.count == 1
      ? "⏱ \(first): counting (T: timers)" : "⏱ All its times are counting (T: timers)"
  }

  private func renderTimers(into canvas: inout Canvas, in area: Rect) {
    canvas.write("Timers", row: area.y, column: area.x + 2, style: .key)
    guard !timers.isEmpty else {
      canvas.writeTruncated(
        "No timers. t on a step with a time in it starts one.", row: area.y + 2,
        column: area.x + 2, width: area.width - 4, style: .muted)
      return
    }
    let now = context.navigator.now()
    for (index, timer) in timers.enumerated() where area.y + 2 + index < area.maxY {
      let y = area.y + 2 + index
      let state = timer.isDone ? "done" : timer.remaining(at: now)
      canvas.writeTruncated(
        "\(state.padding(toLength: 8, withPad: " ", startingAt: 0)) \(timer.label)", row: y,
        column: area.x + 2, width: area.width - 4, style: timer.isDone ? .muted : .plain)
      if index == timerList.selection {
        canvas.applyStyle(
          .selected, to: Rect(x: area.x + 2, y: y, width: area.width - 4, height: 1))
      }
    }
  }

  private func renderTimerBar(into canvas: inout Canvas, row: Int, in area: Rect) {
    let now = context.navigator.now()
    let parts = timers.map { timer in
      timer.isDone ? "\(timer.label) done" : "\(timer.label) \(timer.remaining(at: now))"
    }
    canvas.writeTruncated(
      "⏱ " + parts.joined(separator: "  │  "), row: row, column: area.x + 1,
      width: area.width - 2, style: .key)
  }
}
