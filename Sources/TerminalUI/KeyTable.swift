/// One line of the footer and the help overlay: the keys as written and what they do.
public struct KeyHelp: Equatable, Sendable {
  public var keys: String
  public var text: String
  /// Shown in the footer, not only in `?` help.
  public var inFooter: Bool
  /// The key a click on the footer hint sends (the first of `keys` when not given).
  public var key: Key?
  /// What `docs/keys.md` says, when more than `text` (the footer's words) is worth saying.
  public var detail: String?
  /// Every key that does it, for `docs/keys.md` (`d`, `Del`); `keys` when not given.
  public var allKeys: [String]

  public init(
    keys: String, text: String, inFooter: Bool = true, key: Key? = nil, detail: String? = nil,
    allKeys: [String]? = nil
  ) {
    self.keys = keys
    self.text = text
    self.inFooter = inFooter
    self.key = key ?? Key(label: keys)
    self.detail = detail
    self.allKeys = allKeys ?? [keys]
  }
}

/// A key binding as data: the keys, the action they trigger, and the help text for both
/// the footer and the `?` overlay, so help can never disagree with behaviour.
public struct KeyBinding<Action: Sendable>: Sendable {
  public var keys: [Key]
  public var action: Action
  public var help: KeyHelp

  public init(
    _ keys: [Key], _ action: Action, _ text: String, label: String? = nil, footer: Bool = true,
    detail: String? = nil
  ) {
    self.keys = keys
    self.action = action
    self.help = KeyHelp(
      keys: label ?? keys.map(\.label).joined(separator: "/"),
      text: text,
      inFooter: footer,
      key: keys.first,
      detail: detail,
      allKeys: keys.map(\.label)
    )
  }
}

/// A screen's key table: looks up the action for a key and lists the help lines.
public struct KeyTable<Action: Sendable>: Sendable {
  public var bindings: [KeyBinding<Action>]
  /// One help line standing for all the bindings (a widget's moves: "↑↓ PgUp PgDn  move").
  public var summary: KeyHelp?

  public init(_ bindings: [KeyBinding<Action>], summary: KeyHelp? = nil) {
    self.bindings = bindings
    self.summary = summary
  }

  public func action(for key: Key) -> Action? {
    bindings.first { $0.keys.contains(key) }?.action
  }

  public var help: [KeyHelp] { summary.map { [$0] } ?? bindings.map(\.help) }
}

extension KeyHelp {
  /// `Esc` goes back: the line nearly every screen ends with.
  public static let back = KeyHelp(keys: "Esc", text: "back")
  /// `Esc` leaves a form or a field without keeping what was typed.
  public static let cancel = KeyHelp(keys: "Esc", text: "cancel")
}
