import MealsCore
import MealsStore
import TerminalUI
import Translation

/// A timer started from a step: it counts down on the event loop's deadlines, to the second.
struct CookTimer: Equatable {
  /// The meal it was started from (timers of several meals can run at once).
  var meal: String
  /// `Step 2 · 5 minutes`.
  var label: String
  var seconds: Int
  /// When it ends, in the navigator's milliseconds.
  var endsAt: UInt64
  var isDone = false

  /// `Beef Stew · Step 2 · 5 minutes`: what the status line, the list and the bell say.
  var title: String { meal.isEmpty ? label : "\(meal) · \(label)" }

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

/// The timers Cook Mode starts, which belong to the app rather than the screen.
///
/// Something simmers while the cook looks at the shopping list, so they keep counting on every
/// screen (the status line shows the soonest), and ring wherever the cook is. Running timers
/// are kept in the book (`setting` `cook-timers`, with their end as wall-clock time), so a
/// restart shows them still counting, or says they rang while meals was closed.
final class CookTimers: Ticker {
  private unowned let navigator: Navigator
  private let store: MealStore
  private(set) var timers: [CookTimer] = []
  static let settingKey = "cook-timers"

  init(navigator: Navigator, store: MealStore) {
    self.navigator = navigator
    self.store = store
  }

  var running: [CookTimer] { timers.filter { !$0.isDone } }

  func start(_ timer: CookTimer) {
    timers.append(timer)
    keep()
  }

  /// Stops (or, once done, clears) the timer at `index`; returns it.
  func remove(at index: Int) -> CookTimer? {
    guard timers.indices.contains(index) else { return nil }
    let removed = timers.remove(at: index)
    keep()
    return removed
  }

  /// `⏱ 8:59 Beef Stew · Step 3 (+1)`: the soonest running timer, for the status line (the
  /// time first, so a narrow line cuts the name, not the count).
  func summary(now: UInt64) -> String? {
    let running = running.sorted { $0.endsAt < $1.endsAt }
    guard let soonest = running.first else { return nil }
    let more = running.count > 1 ? " (+\(running.count - 1))" : ""
    return "⏱ \(soonest.remaining(at: now)) \(soonest.title)\(more)"
  }

  var nextDeadline: UInt64? {
    let now = navigator.now()
    return timers.compactMap { $0.nextChange(after: now) }.min()
  }

  /// Counts down; a timer that ends rings (the bell, a flash) and says so in a box that waits
  /// for Enter, on whatever screen is open.
  func tick(now: UInt64) -> Bool {
    var changed = false
    var rang = false
    for index in timers.indices where !timers[index].isDone {
      changed = true
      guard timers[index].endsAt <= now else { continue }
      timers[index].isDone = true
      rang = true
      let timer = timers[index]
      navigator.send(.bell)
      navigator.send(.flash)
      navigator.showInfo(tr("⏰ %s is done.").filled(timer.title))
      navigator.present(
        AlertPrompt(
          tr("⏰ Time's up: %s").filled(timer.title),
          detail: tr("Enter or Esc to carry on cooking")))
    }
    if rang { keep() }
    return changed
  }

  // MARK: - Kept in the book

  /// The running timers written to the book; a failure is said (they would not survive a
  /// restart), and a read-only book keeps them in memory only.
  private func keep() {
    guard !store.isReadOnly else { return }
    let nowMs = navigator.now()
    let wall = store.clock()
    let lines = running.map { timer in
      let ends = wall + Double(Int64(timer.endsAt) - Int64(nowMs)) / 1000
      return [
        String(Int64(ends * 1000)), String(timer.seconds), Self.field(timer.meal),
        Self.field(timer.label),
      ].joined(separator: "\t")
    }
    do {
      try store.setSetting(Self.settingKey, to: lines.joined(separator: "\n"))
    } catch {
      navigator.showError(
        tr("The timers could not be kept for the next start: %s").filled(error.message))
    }
  }

  /// The timers an earlier run left counting: those still to go count on; those whose time
  /// passed while meals was closed are listed as done, and said once.
  func restore() {
    guard let text = store.setting(Self.settingKey), !text.isEmpty else { return }
    let wall = store.clock()
    let now = navigator.now()
    var passed: [CookTimer] = []
    for line in text.split(separator: "\n") {
      let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
      guard fields.count == 4, let ends = Int64(fields[0]), let seconds = Int(fields[1]) else {
        continue
      }
      let left = Double(ends) / 1000 - wall
      var timer = CookTimer(
        meal: fields[2], label: fields[3], seconds: seconds,
        endsAt: now + UInt64(max(0, left * 1000)))
      if left <= 0 {
        timer.isDone = true
        passed.append(timer)
      }
      timers.append(timer)
    }
    keep()
    guard let first = passed.first else { return }
    let said =
      passed.count > 1
      ? trn(
        "⏰ Time's up while meals was closed: %2$s (and %1$d more: T in Cook Mode)",
        "⏰ Time's up while meals was closed: %2$s (and %1$d more: T in Cook Mode)",
        passed.count - 1, first.title)
      : tr("⏰ Time's up while meals was closed: %s").filled(first.title)
    // Another question (a kept draft) keeps the box; the status line says it then.
    if navigator.prompt == nil {
      navigator.present(AlertPrompt(said, detail: tr("Enter or Esc to carry on cooking")))
    } else {
      navigator.showNotice(said)
    }
  }

  /// A name or label as one field of a kept line (no tab, no line break).
  private static func field(_ text: String) -> String {
    String(text.map { $0 == "\t" || $0.isNewline ? " " : $0 })
  }
}
