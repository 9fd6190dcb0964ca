import Translation

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
  /// The table and the action a config file's `bind` names, when it can.
  var bindTable: String?
  var bindAction: String?

  /// `my-meals delete`: what `bind` names (for docs/keys.md).
  public var bindAs: String? {
    guard let bindTable, let bindAction else { return nil }
    return bindTable + " " + bindAction
  }

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
  /// The action's name in a config file (`bind my-meals x delete`): the case, in kebab case.
  public var name: String

  /// A binding whose action has no name a config file could use (`name` empty).
  public init(
    _ keys: [Key], _ action: Action, _ text: String, label: String? = nil, footer: Bool = true,
    detail: String? = nil, name: String = ""
  ) {
    self.keys = keys
    self.action = action
    self.name = name
    let labels = keys.map(\.label)
    self.help = KeyHelp(
      keys: label ?? labels.joinedText(separator: "/"),
      text: text,
      inFooter: footer,
      key: keys.first,
      detail: detail,
      allKeys: labels
    )
  }
}

// Names come from the actions' raw values or `NamedKeyAction`, never from reflection:
// `String(describing:)` on 36 action types costs milliseconds of conformance lookups at start.
extension KeyBinding where Action: RawRepresentable, Action.RawValue == String {
  /// A binding named after its action's case (`toggleFavourite` → `toggle-favourite`).
  public init(
    _ keys: [Key], _ action: Action, _ text: String, label: String? = nil, footer: Bool = true,
    detail: String? = nil
  ) {
    self.init(
      keys, action, text, label: label, footer: footer, detail: detail,
      name: KeyMap.kebab(action.rawValue))
  }
}

extension KeyBinding where Action: NamedKeyAction {
  public init(
    _ keys: [Key], _ action: Action, _ text: String, label: String? = nil, footer: Bool = true,
    detail: String? = nil
  ) {
    self.init(
      keys, action, text, label: label, footer: footer, detail: detail, name: action.keyName)
  }
}

/// An action with a value (a welcome button), named by hand for config files.
public protocol NamedKeyAction: Sendable {
  var keyName: String { get }
}

/// A screen's key table: looks up the action for a key and lists the help lines.
///
/// A named table follows the config file's `bind` and `unbind` lines (`KeyMap`), in what
/// keys do and in what the footer and `?` help say.
public struct KeyTable<Action: Sendable>: Sendable {
  public private(set) var bindings: [KeyBinding<Action>]
  /// One help line standing for all the bindings (a widget's moves: "↑↓ PgUp PgDn  move").
  public var summary: KeyHelp?
  /// The table's name in a config file (`my-meals`); empty for one that cannot be rebound.
  public private(set) var name: String
  /// Every key the table takes, shared by its copies (the bindings and name never change
  /// after `init`): the footer asks for them at every frame.
  private let allKeys = KeySetCache()
  /// True when a text field has the focus: keys that type cannot be bound here.
  public var typing: Bool

  /// A table no config line can change (a part of another's moves).
  public init(_ bindings: [KeyBinding<Action>], summary: KeyHelp? = nil) {
    self.init("", bindings, summary: summary)
  }

  public init(
    _ name: String, _ bindings: [KeyBinding<Action>], summary: KeyHelp? = nil,
    typing: Bool = false
  ) {
    self.name = name
    self.bindings = bindings
    self.summary = summary
    self.typing = typing
    if !name.isEmpty {
      for index in self.bindings.indices where !self.bindings[index].name.isEmpty {
        self.bindings[index].help.bindTable = name
        self.bindings[index].help.bindAction = self.bindings[index].name
      }
    }
  }

  public func action(for key: Key) -> Action? {
    if let changes = KeyMap.changes(for: name), let change = changes[key] {
      guard case .action(let bound) = change else { return nil }
      return bindings.first { $0.name == bound }?.action
    }
    return bindings.first { $0.keys.contains(key) }?.action
  }

  public var help: [KeyHelp] {
    guard KeyMap.changes(for: name) != nil else {
      if let summary { return [summary] }
      var lines: [KeyHelp] = []
      for index in 0..<bindings.count { lines.append(bindings[index].help) }
      return lines
    }
    return help { _ in true }
  }

  /// The help lines of the actions `include` accepts, with the keys bound to them now.
  public func help(where include: (Action) -> Bool) -> [KeyHelp] {
    help(of: chosen { include($0.action) })
  }

  /// The help lines of a table asked after keys `taken` went to earlier ones: a binding whose
  /// keys all go elsewhere first is not listed (it is never reached there).
  public func help(after taken: Set<Key>, where include: ((Action) -> Bool)? = nil) -> [KeyHelp] {
    let reached = chosen { binding in
      (include?(binding.action) ?? true) && !keys(of: binding).allSatisfy(taken.contains)
    }
    if reached.count == bindings.count, include == nil { return help }
    return help(of: reached)
  }

  /// The keys the table takes now (those of the actions `include` accepts).
  public func keys(where include: ((Action) -> Bool)? = nil) -> Set<Key> {
    if include == nil {
      return allKeys.keys(generation: KeyMap.generation) { keys(including: nil) }
    }
    return keys(including: include)
  }

  private func keys(including include: ((Action) -> Bool)?) -> Set<Key> {
    var keys: Set<Key> = []
    for index in 0..<bindings.count where include?(bindings[index].action) ?? true {
      keys.formUnion(self.keys(of: bindings[index]))
    }
    return keys
  }

  /// The bindings `keep` keeps, in order.
  ///
  /// This file loops by index where `filter`, `map` or `flatMap` would do: in this generic
  /// code the standard library's run unspecialised, and their first use (the first frame's
  /// footer) scans every conformance in the binary.
  private func chosen(_ keep: (KeyBinding<Action>) -> Bool) -> [KeyBinding<Action>] {
    var kept: [KeyBinding<Action>] = []
    for index in 0..<bindings.count where keep(bindings[index]) { kept.append(bindings[index]) }
    return kept
  }

  private func help(of bindings: [KeyBinding<Action>]) -> [KeyHelp] {
    var lines: [KeyHelp] = []
    for index in 0..<bindings.count {
      let binding = bindings[index]
      var help = binding.help
      let keys = keys(of: binding)
      if keys != binding.keys {
        guard let first = keys.first else { continue }
        help.keys = keys.map(\.label).joinedText(separator: "/")
        help.key = first
        help.allKeys = keys.map(\.label)
      }
      lines.append(help)
    }
    return lines
  }

  /// The keys that trigger `binding` now: its own, less those bound elsewhere or unbound,
  /// plus those the config binds to it.
  public func keys(of binding: KeyBinding<Action>) -> [Key] {
    guard let changes = KeyMap.changes(for: name) else { return binding.keys }
    let kept = binding.keys.filter { key in
      changes[key].map { $0 == .action(binding.name) } ?? true
    }
    let added = changes.filter {
      $0.value == .action(binding.name) && !binding.keys.contains($0.key)
    }
    .map(\.key).sorted { $0.label < $1.label }
    return kept + added
  }

  /// What the config file's validation needs to know of the table, whatever its action type.
  public var summaryForConfig: KeyTableInfo {
    KeyTableInfo(
      name: name, typing: typing,
      actions: bindings.map { KeyTableInfo.Entry(name: $0.name, keys: $0.keys, text: $0.help.text) }
    )
  }
}

extension KeyHelp {
  /// `Esc` goes back: the line nearly every screen ends with.
  public static let back = KeyHelp(keys: "Esc", text: tr("back"))
  /// `Esc` leaves a form or a field without keeping what was typed.
  public static let cancel = KeyHelp(keys: "Esc", text: tr("cancel"))
}
