/// One link of a screen's key chain: a table and what the screen does with its actions, or
/// help lines and a catch-all (typing into a field).
///
/// A screen declares, per mode, the links a key is asked in order; the first that takes the
/// key wins. The same links give the footer, `?` help, the keys reference and the config
/// file's checks, so the order a key is resolved in is written once.
public struct KeyLink<Owner: AnyObject> {
  /// Read only by the reference and the config's checks, never on a key or a frame.
  private let tableInfo: () -> KeyTableInfo?
  /// Help lines for the screen now (nil: for the reference), given the keys earlier links take.
  private let helpLines: (Owner?, Set<Key>) -> [KeyHelp]
  private let referenceLines: (Set<Key>) -> [KeyHelp]
  /// The keys the link's table takes now (none for help lines and catch-alls).
  private let takenKeys: () -> Set<Key>
  private let take: (Owner, Key) -> Bool

  init(
    table: @escaping () -> KeyTableInfo?, helpLines: @escaping (Owner?, Set<Key>) -> [KeyHelp],
    referenceLines: ((Set<Key>) -> [KeyHelp])? = nil,
    keys: @escaping () -> Set<Key> = { [] }, take: @escaping (Owner, Key) -> Bool
  ) {
    self.tableInfo = table
    self.helpLines = helpLines
    self.referenceLines = referenceLines ?? { helpLines(nil, $0) }
    self.takenKeys = keys
    self.take = take
  }

  /// The table as the config file and the reference know it; nil for help lines alone.
  public var table: KeyTableInfo? { tableInfo() }

  /// What the link lists in the footer and in `?` help, with the keys bound now, when the
  /// links before it take `taken`: what they shadow is not listed.
  public func help(for owner: Owner, after taken: Set<Key> = []) -> [KeyHelp] {
    helpLines(owner, taken)
  }
  /// What the keys reference lists for the link: its table whole, for a widget's.
  public func reference(after taken: Set<Key> = []) -> [KeyHelp] { referenceLines(taken) }
  /// The keys the link takes before the links after it.
  public var keys: Set<Key> { takenKeys() }

  /// The actions of `table` (those `only` keeps), done by `perform`; `perform` returns false
  /// to let the rest of the chain have the key.
  public static func table<Action>(
    _ table: KeyTable<Action>, only: ((Action) -> Bool)? = nil,
    _ perform: @escaping (Owner, Action) -> Bool
  ) -> KeyLink {
    KeyLink(
      table: {
        guard !table.name.isEmpty else { return nil }
        var info = table.summaryForConfig
        if let only {
          let kept = Set(table.bindings.filter { only($0.action) }.map(\.name))
          info.actions = info.actions.filter { kept.contains($0.name) }
        }
        return info
      },
      helpLines: { table.help(after: $1, where: only) }, keys: { table.keys(where: only) },
      take: { owner, key in
        guard let action = table.action(for: key), only?(action) ?? true else { return false }
        return perform(owner, action)
      })
  }

  /// The same, for a table whose actions always take their key.
  public static func table<Action>(
    _ table: KeyTable<Action>, only: ((Action) -> Bool)? = nil,
    does perform: @escaping (Owner, Action) -> Void
  ) -> KeyLink {
    Self.table(table, only: only) { owner, action in
      perform(owner, action)
      return true
    }
  }

  /// A widget's own table, handled by the widget (a text field types the keys no table
  /// names): `help` is what the screen says of it in the footer and `?` (the table's lines
  /// when nil); the reference lists the table whole.
  public static func widget<Action>(
    _ table: KeyTable<Action>, help: [KeyHelp]? = nil, _ take: @escaping (Owner, Key) -> Bool
  ) -> KeyLink {
    KeyLink(
      table: { table.name.isEmpty ? nil : table.summaryForConfig },
      helpLines: { help ?? table.help(after: $1) }, referenceLines: { table.help(after: $0) },
      keys: { table.keys() }, take: take)
  }

  /// The same, with what the screen says of the widget depending on its state (a pager's
  /// scroll keys only when there is something to scroll).
  public static func widget<Action>(
    _ table: KeyTable<Action>, help: @escaping (Owner) -> [KeyHelp],
    _ take: @escaping (Owner, Key) -> Bool
  ) -> KeyLink {
    KeyLink(
      table: { table.name.isEmpty ? nil : table.summaryForConfig },
      helpLines: { owner, taken in owner.map(help) ?? table.help(after: taken) },
      referenceLines: { table.help(after: $0) }, keys: { table.keys() }, take: take)
  }

  /// Keys no table names (letters typed into a field, a widget's own keys): `take` answers
  /// whether it took the key; `help` says what they do.
  public static func rest(help: [KeyHelp] = [], _ take: @escaping (Owner, Key) -> Bool)
    -> KeyLink
  {
    KeyLink(table: { nil }, helpLines: { _, _ in help }, take: take)
  }

  /// Help lines only: keys another link handles, described apart (digits on a form's row).
  public static func lines(_ help: [KeyHelp]) -> KeyLink {
    KeyLink(table: { nil }, helpLines: { _, _ in help }, take: { _, _ in false })
  }

  /// True when the link took `key` for `owner`.
  func handle(_ key: Key, for owner: Owner) -> Bool { take(owner, key) }

  /// A list screen's chain: its own keys first (a key bound there wins over a move), Esc's
  /// line, then the list's moves.
  public static func list<Action>(
    _ keys: KeyTable<Action>, does perform: @escaping (Owner, Action) -> Void,
    moves: @escaping (Owner, ListState.Move) -> Void
  ) -> [KeyLink] {
    [.table(keys, does: perform), .lines([.back]), .table(ListState.keys, does: moves)]
  }
}

/// A screen whose keys are its chains: each mode an ordered list of links, declared as data.
///
/// `resolve` walks the mode's chain for a key (the navigator's own keys come before and after
/// it); `chainHelp` is what the footer and `?` show. The keys reference reads `keyChain(_:)` for
/// every mode, so the document and the code cannot disagree.
public protocol KeyChained: AnyObject {
  /// What keys do now (a list, a field being typed in, a strip of chips…).
  associatedtype KeyMode: Hashable
  var keyMode: KeyMode { get }
  /// The links a key is asked in `mode`, in order.
  static func keyChain(_ mode: KeyMode) -> [KeyLink<Self>]
}

extension KeyChained {
  /// Asks the links of the mode now, in order; true when one took the key.
  public func resolve(_ key: Key) -> Bool {
    for link in Self.keyChain(keyMode) where link.handle(key, for: self) { return true }
    return false
  }

  /// The help of the mode now, link by link; a key an earlier link takes is not listed again.
  ///
  /// By index, not `flatMap`: in this generic context that runs the standard library's
  /// unspecialized code, whose first use (the first frame's footer) scans every conformance.
  public var chainHelp: [KeyHelp] {
    var taken: Set<Key> = []
    var help: [KeyHelp] = []
    let links = Self.keyChain(keyMode)
    for index in 0..<links.count {
      help += links[index].help(for: self, after: taken)
      // The last link shadows nothing.
      if index < links.count - 1 { taken.formUnion(links[index].keys) }
    }
    return help
  }
}
