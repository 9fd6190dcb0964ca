import MealsCore
import MealsLaunch
import TerminalUI

/// The config file's `set theme`, `color`, `bind` and `unbind` lines, checked against the
/// themes, the areas and the key tables; a wrong line is reported and the rest still applies.
public struct AppSettings: Equatable, Sendable {
  public var theme = Theme.standard
  /// Per table: the keys the file binds (to an action's name) or unbinds.
  public var keyChanges: [String: [Key: KeyMap.Change]] = [:]
  /// Every problem with the file, in line order: `config:7: no theme "x" (default, …)`.
  public var problems: [String] = []

  public init() {}

  /// The file's settings; `keys` false leaves the `bind` and `unbind` lines out (checking them
  /// builds every screen's key table: start-up does it after the first frame).
  public init(_ config: LoadedConfig, keys: Bool = true) {
    var problems = config.problems
    var colors: [Style.Area: Look] = [:]
    // Every table is built only for a file that binds keys (start-up pays for each one).
    let binds =
      keys
      && config.file.lines.contains { line in
        switch line.statement {
        case .bind, .unbind: true
        default: false
        }
      }
    let tables = KeyIndex(binds ? ConfigurableKeys.tables : [])
    for line in config.file.lines {
      let result: ConfigProblem?
      switch line.statement {
      case .set("theme", let name):
        if let theme = Theme.named(name) {
          self.theme = theme
          result = nil
        } else {
          result = ConfigProblem(
            line: 0,
            message:
              "no theme \(ConfigWords.quote(name)) (\(Theme.builtIn.map(\.name).joined(separator: ", ")))"
          )
        }
      case .color(let area, let foreground, let background, let attributes):
        switch Self.look(area: area, foreground, background, attributes) {
        case .success(let (area, look)):
          colors[area] = look
          result = nil
        case .failure(let problem): result = problem
        }
      case .bind(let screen, let key, let action):
        result = keys ? bind(screen: screen, key: key, action: action, tables: tables) : nil
      case .unbind(let screen, let key):
        result = keys ? unbind(screen: screen, key: key, tables: tables) : nil
      case .set:
        result = nil  // the launch options' (MealsLaunch), already checked there
      }
      if let result { problems.append(ConfigProblem(line: line.number, message: result.message)) }
    }
    theme = theme.refined(colors)
    var all = config
    all.problems = problems
    self.problems = all.messages
  }

  /// Makes the key changes live (every named table reads them).
  public func applyKeys() {
    KeyMap.set(keyChanges)
  }

  // MARK: - Lines

  static func look(
    area name: String, _ foreground: String, _ background: String, _ attributes: [String]
  ) -> Result<(Style.Area, Look), ConfigProblem> {
    func wrong(_ message: String) -> Result<(Style.Area, Look), ConfigProblem> {
      .failure(ConfigProblem(line: 0, message: message))
    }
    guard let area = Style.Area(name: name) else {
      let names = Style.Area.allCases.map(\.name).joined(separator: ", ")
      return wrong("no area \(ConfigWords.quote(name)) (\(names))")
    }
    var colors: [ThemeColor] = []
    for text in [foreground, background] {
      guard let color = ThemeColor(name: text) else {
        return wrong(
          "no colour \(ConfigWords.quote(text)) (a name such as red or bright-red, color0–color255, #rrggbb, default)"
        )
      }
      colors.append(color)
    }
    var look = Look(colors[0], colors[1])
    for text in attributes {
      guard let attribute = Style.Attributes(name: text) else {
        let names = Style.Attributes.named.map(\.0).joined(separator: ", ")
        return wrong("no attribute \(ConfigWords.quote(text)) (\(names))")
      }
      look.attributes.insert(attribute)
    }
    return .success((area, look))
  }

  private mutating func bind(
    screen: String, key text: String, action: String, tables: KeyIndex
  ) -> ConfigProblem? {
    guard let key = KeyName.parse(text) else { return Self.badKey(text) }
    if let why = Navigator.reservedKeys[key] {
      return ConfigProblem(line: 0, message: "\(key.label) \(why) and cannot be bound.")
    }
    if screen == "generic" {
      let having = tables.byAction[action] ?? []
      guard !having.isEmpty else {
        return ConfigProblem(
          line: 0, message: "no screen has an action \(ConfigWords.quote(action)).")
      }
      // Generic keys go where they cannot shadow typing, nor be taken first by another
      // table; said so only if that leaves nothing.
      let typable = having.filter { !($0.typing && Self.types(key)) }
      guard !typable.isEmpty else { return Self.typingProblem(key, screen: having[0].name) }
      let usable = typable.filter { shadowProblem(key, in: $0.name) == nil }
      guard !usable.isEmpty else { return shadowProblem(key, in: typable[0].name) }
      for table in usable { keyChanges[table.name, default: [:]][key] = .action(action) }
      return nil
    }
    guard let table = tables.byName[screen] else {
      return Self.noScreen(screen)
    }
    guard tables.byAction[action]?.contains(where: { $0.name == screen }) == true else {
      let names = table.actions.map(\.name).joined(separator: ", ")
      return ConfigProblem(
        line: 0, message: "no action \(ConfigWords.quote(action)) on \(screen) (\(names))")
    }
    if table.typing && Self.types(key) { return Self.typingProblem(key, screen: screen) }
    if let problem = shadowProblem(key, in: screen) { return problem }
    keyChanges[screen, default: [:]][key] = .action(action)
    return nil
  }

  /// A binding of `key` in `table` that a table earlier in some key chain would take first
  /// (with the changes so far): it could never be reached, so it is refused, naming the taker.
  private func shadowProblem(_ key: Key, in table: String) -> ConfigProblem? {
    let changes = keyChanges
    let taker = KeysReference.shadow(of: key, in: table) { earlier, key in
      if let change = changes[earlier.name]?[key] {
        if case .action(let name) = change { return name }
        return nil
      }
      return earlier.actions.first { $0.keys.contains(key) }?.name
    }
    guard let taker else { return nil }
    return ConfigProblem(
      line: 0,
      message:
        "\(ConfigWords.quote(KeyName.format(key))) on \(table) would never be reached: \(taker.table) takes it first (\(taker.action)) in \(taker.chain); bind another key."
    )
  }

  private mutating func unbind(screen: String, key text: String, tables: KeyIndex)
    -> ConfigProblem?
  {
    guard let key = KeyName.parse(text) else { return Self.badKey(text) }
    let targets = screen == "generic" ? tables.all : tables.byName[screen].map { [$0] } ?? []
    guard !targets.isEmpty else { return Self.noScreen(screen) }
    for table in targets
    where screen != "generic" || table.actions.contains(where: { $0.keys.contains(key) }) {
      keyChanges[table.name, default: [:]][key] = .unbound
    }
    return nil
  }

  /// A key that a text field would type.
  static func types(_ key: Key) -> Bool {
    if case .character = key { return true }
    return false
  }

  private static func typingProblem(_ key: Key, screen: String) -> ConfigProblem {
    ConfigProblem(
      line: 0,
      message:
        "\(ConfigWords.quote(KeyName.format(key))) would type into the field on \(screen); bind a key that does not type (<C-x>, <F5>, <Esc>…)."
    )
  }

  private static func badKey(_ text: String) -> ConfigProblem {
    ConfigProblem(
      line: 0,
      message:
        "no key \(ConfigWords.quote(text)) (one character, or <C-x>, <F5>, <Enter>, <Space>, <Esc>, <Tab>, <Up>, <PgDn>…)"
    )
  }

  private static func noScreen(_ screen: String) -> ConfigProblem {
    let names = ["generic"] + ConfigurableKeys.tables.map(\.name)
    return ConfigProblem(
      line: 0, message: "no screen \(ConfigWords.quote(screen)) (\(names.joined(separator: ", ")))")
  }
}

/// The configurable tables by name and by action, so each `bind` line is a lookup or two.
struct KeyIndex {
  let all: [KeyTableInfo]
  let byName: [String: KeyTableInfo]
  let byAction: [String: [KeyTableInfo]]

  init(_ tables: [KeyTableInfo]) {
    all = tables
    byName = Dictionary(tables.map { ($0.name, $0) }) { first, _ in first }
    var byAction: [String: [KeyTableInfo]] = [:]
    for table in tables {
      for name in Set(table.actions.map(\.name)) { byAction[name, default: []].append(table) }
    }
    self.byAction = byAction
  }
}
