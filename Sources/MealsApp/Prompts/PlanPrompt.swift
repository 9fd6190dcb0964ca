import MealsCore
import TerminalUI
import TextSafety
import Translation

/// Plans a meal (`p` on My Meals): a day, today first (`←→` a day, `↑↓` a week), and a slot
/// (`Tab`), in a small box over the screen; Enter plans it, Esc leaves it.
public final class PlanPrompt: Prompt {
  enum Action: String, Sendable {
    case previousDay, nextDay, previousWeek, nextWeek, slot, plan, cancel
  }

  static let keys = KeyTable<Action>(
    "plan-prompt",
    [
      KeyBinding([.enter], .plan, tr("plan it")),
      KeyBinding([.left], .previousDay, tr("a day earlier"), footer: false),
      KeyBinding([.right], .nextDay, tr("a day later"), footer: false),
      KeyBinding([.up], .previousWeek, tr("a week earlier"), footer: false),
      KeyBinding([.down], .nextWeek, tr("a week later"), footer: false),
      KeyBinding([.tab, .character(" ")], .slot, tr("the slot"), label: "Tab"),
      KeyBinding([.escape], .cancel, tr("cancel")),
    ])

  /// True when the meal is planned already and the prompt moves it (the title says so).
  public let moving: Bool
  public let mealName: String
  public private(set) var day: CivilDate
  public private(set) var slot: PlanSlot
  private let today: CivilDate
  private var error: String?
  /// Plans it; an error message keeps the prompt open.
  private let onPlan: (CivilDate, PlanSlot) -> String?

  /// Starts on `day` (today when nil) and `slot`.
  public init(
    moving: Bool = false, mealName: String, today: CivilDate, day: CivilDate? = nil,
    slot: PlanSlot = .dinner, onPlan: @escaping (CivilDate, PlanSlot) -> String?
  ) {
    self.moving = moving
    self.mealName = mealName
    self.today = today
    self.day = day ?? today
    self.slot = slot
    self.onPlan = onPlan
  }

  public var title: String {
    (moving ? tr("Move “%s”") : tr("Plan “%s”")).filled(TextSanitizer.singleLine(mealName))
  }

  public var keyHelp: [KeyHelp] {
    // Enter says what the box's title says: "plan it", "move it".
    var help = Self.keys.help
    if let enter = help.firstIndex(where: { $0.key == .enter }) {
      help[enter].text = moving ? tr("move it") : tr("plan it")
    }
    return help
  }

  public func handle(_ key: Key) -> PromptResult {
    switch Self.keys.action(for: key) {
    case .previousDay: day = day.adding(days: -1)
    case .nextDay: day = day.adding(days: 1)
    case .previousWeek: day = day.adding(days: -7)
    case .nextWeek: day = day.adding(days: 7)
    case .slot:
      let all = PlanSlot.allCases
      slot = all[((all.firstIndex(of: slot) ?? 0) + 1) % all.count]
    case .plan:
      if let message = onPlan(day, slot) {
        error = message
        return .stay
      }
      return .close
    case .cancel:
      return .close
    case nil:
      return .stay
    }
    error = nil
    return .stay
  }

  public func render(into canvas: inout Canvas, in area: Rect) {
    let width = min(Box.widest(in: area), 56)
    // The border's two rows, the choice, a gap, the hint or the error.
    let box = Box.centered(in: area, width: width, height: 2 + 3)
    Box.draw(box, title: title, into: &canvas)
    let rows = Box.content(of: box).split(.vertical, [.fixed(1), .fixed(1), .fill])
    let when =
      day == today
      ? tr("today, %s").filled(day.short) : tr("%1$s %2$d").filled(day.short, String(day.year))
    canvas.writeTruncated("◂ \(when) ▸   \(slot.label)", in: rows[0], style: .title)
    if let error {
      canvas.writeTruncated(error, in: rows[2], style: .error)
    } else {
      canvas.writeTruncated(tr("←→ a day · ↑↓ a week · Tab the slot"), in: rows[2], style: .muted)
    }
  }
}

// MARK: - In the keys reference

extension PlanPrompt: KeysDocumented {
  static var keySections: [KeysReference.Section] {
    [
      KeysReference.Section(
        "plan-prompt", "Planning or moving a meal (`p`, `m`)", [KeysReference.link(keys)])
    ]
  }
}
