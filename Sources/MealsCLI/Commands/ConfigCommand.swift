import MealsCore
import MealsLaunch
import TerminalUI
import Translation

/// What `meals config` reports beyond the launch options: the look and keys the config file
/// gives, as the app read them (checked against its key tables), and those tables.
public struct ConfigLook {
  public var theme: Theme
  /// Per table name, the keys the file binds or unbinds.
  public var keyChanges: [String: [Key: KeyMap.Change]]
  /// Every problem with the file, in line order.
  public var problems: [String]
  /// Every key table a config file may change, in the order the report prints them.
  public var tables: [KeyTableInfo]

  public init(
    theme: Theme, keyChanges: [String: [Key: KeyMap.Change]], problems: [String],
    tables: [KeyTableInfo]
  ) {
    self.theme = theme
    self.keyChanges = keyChanges
    self.problems = problems
    self.tables = tables
  }
}

/// `meals config`: every setting in effect, in the config file's own syntax, so its output is
/// a valid config file that reads back to the same settings.
public enum ConfigCommand {
  /// Runs `meals config` (`check`: only the problems); returns the exit status.
  public static func run(
    check: Bool, options: LaunchOptions, settings: ConfigLook, output: (String) -> Void,
    errors: (String) -> Void
  ) -> Int32 {
    let file =
      options.config.path ?? tr("(no config file: neither XDG_CONFIG_HOME nor HOME is set)")
    if check {
      for problem in settings.problems { output(problem) }
      let count = settings.problems.count
      output(
        count == 0
          ? tr("%s: no problems.").filled(file)
          : trn("%2$s: %1$d problem.", "%2$s: %1$d problems.", count, file))
      return count == 0 ? 0 : 1
    }
    output(text(options: options, settings: settings))
    for problem in settings.problems { errors("meals: " + problem) }
    return 0
  }

  /// The whole report.
  public static func text(options: LaunchOptions, settings: ConfigLook) -> String {
    var lines = [
      "# The settings meals uses (meals config), from \(options.config.path ?? "no config file").",
      "# Every line reads back as it is: meals config > ~/.config/meals/config is a valid start.",
      "# Options: a flag wins over the environment, which wins over this file; a comment says",
      "# where each value came from.",
    ]
    var values: [(String, String)] = [
      ("db", options.databasePath), ("api-url", options.apiURL),
      ("images", options.images.rawValue), ("mouse", options.mouse ? "yes" : "no"),
      ("animation", options.animations ? "yes" : "no"),
      ("escape-delay", "\(options.escapeDelay)"), ("theme", settings.theme.name),
    ]
    if let folder = options.syncFolder { values.append(("sync-folder", folder)) }
    values += [
      ("serve-port", "\(options.servePort)"), ("serve-lan", options.serveOnLAN ? "yes" : "no"),
      ("units", options.units.rawValue), ("cup", options.cup.rawValue),
      ("staples", options.staples.isEmpty ? "none" : options.staples.joined(separator: ", ")),
      ("pantry-from-shopping", options.pantryFromShopping ? "yes" : "no"),
    ]
    if let shop = options.aisleFile?.shop { values.append(("shop", shop)) }
    for (name, value) in values {
      let source =
        name == "theme" ? themeSource(options.config) : options.sources[name] ?? "default"
      lines.append("set \(name) = \(ConfigWords.written(value))  # \(source)")
    }
    lines.append("")
    lines.append("# Colours: color AREA FOREGROUND BACKGROUND [ATTRIBUTES…] (after the theme).")
    for area in Style.Area.allCases {
      let look = settings.theme.look(for: area)
      let words = [area.name, look.foreground.name, look.background.name] + look.attributes.names
      lines.append("color " + words.map(ConfigWords.written).joined(separator: " "))
    }
    lines.append("")
    lines.append("# Keys: bind SCREEN KEY ACTION; unbind SCREEN KEY takes a key away.")
    for table in settings.tables {
      let changes = settings.keyChanges[table.name] ?? [:]
      for entry in table.actions {
        for key in keys(of: entry, changes: changes) {
          lines.append(
            "bind \(table.name) \(ConfigWords.written(KeyName.format(key))) \(entry.name)")
        }
      }
      for (key, change) in changes.sorted(by: { $0.key.label < $1.key.label })
      where change == .unbound && table.actions.contains(where: { $0.keys.contains(key) }) {
        lines.append("unbind \(table.name) \(ConfigWords.written(KeyName.format(key)))")
      }
    }
    return lines.joined(separator: "\n")
  }

  /// The keys that trigger `entry` with `changes` applied (as `KeyTable.keys(of:)` does).
  public static func keys(of entry: KeyTableInfo.Entry, changes: [Key: KeyMap.Change]) -> [Key] {
    let kept = entry.keys.filter { key in changes[key].map { $0 == .action(entry.name) } ?? true }
    let added = changes.filter { $0.value == .action(entry.name) && !entry.keys.contains($0.key) }
      .map(\.key).sorted { $0.label < $1.label }
    return kept + added
  }

  private static func themeSource(_ config: LoadedConfig) -> String {
    let line = config.file.lines.last { line in
      if case .set("theme", let name) = line.statement { return Theme.named(name) != nil }
      return false
    }
    return line.map { "\(config.label):\($0.number)" } ?? "default"
  }
}
