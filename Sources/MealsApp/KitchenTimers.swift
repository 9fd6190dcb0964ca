import MealsCore
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

/// The timers Cook Mode starts, which belong to the app rather than the screen.
///
/// Something simmers while the cook looks at the shopping list, so they keep counting on every
/// screen (the status line shows the soonest), and ring wherever the cook is.
final class KitchenTimers: Ticker {
  private unowned let navigator: Navigator
  private(set) var timers: [CookTimer] = []

  init(navigator: Navigator) {
    self.navigator = navigator
  }

  var running: [CookTimer] { timers.filter { !$0.isDone } }

  func start(_ timer: CookTimer) { timers.append(timer) }

  /// Stops (or, once done, clears) the timer at `index`; returns it.
  func remove(at index: Int) -> CookTimer? {
    guard timers.indices.contains(index) else { return nil }
    return timers.remove(at: index)
  }

  /// `⏱ Step 3 · 10 minutes 8:59 (+1)`: the soonest running timer, for the status line.
  func summary(now: UInt64) -> String? {
    let running = running.sorted { $0.endsAt < $1.endsAt }
    guard let soonest = running.first else { return nil }
    let more = running.count > 1 ? " (+\(running.count - 1))" : ""
    return "⏱ \(soonest.label) \(soonest.remaining(at: now))\(more)"
  }

  var nextDeadline: UInt64? {
    let now = navigator.now()
    return timers.compactMap { $0.nextChange(after: now) }.min()
  }

  /// Counts down; a timer that ends rings (the bell, a flash) and says so in a box that waits
  /// for Enter, on whatever screen is open.
  func tick(now: UInt64) -> Bool {
    var changed = false
    for index in timers.indices where !timers[index].isDone {
      changed = true
      guard timers[index].endsAt <= now else { continue }
      timers[index].isDone = true
      let timer = timers[index]
      navigator.send(.bell)
      navigator.send(.flash)
      navigator.showInfo("⏰ \(timer.label) is done.")
      navigator.present(
        AlertPrompt("⏰ Time's up: \(timer.label)", detail: "Enter or Esc to carry on cooking"))
    }
    return changed
  }
}
