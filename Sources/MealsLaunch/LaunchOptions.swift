import Files
import FoundationEssentials
import MealsCore
import MealsNet
import Translation

/// What the command line asks for.
public enum LaunchCommand: Equatable {
  case run(LaunchOptions)
  /// Put backup N (`.bak.N` beside the database) back, after a y/n question.
  case restoreBackup(Int, LaunchOptions)
  /// `meals list …` and the other subcommands, with the words after the subcommand's name.
  case subcommand(Subcommand, [String], LaunchOptions)
  /// `meals config`: the settings in effect, in the config file's syntax; `--check`: only
  /// the problems, exit status 1 when there are any.
  case config(check: Bool, LaunchOptions)
  case help
  /// `meals config --help`: what `meals config` does.
  case configHelp
  case version
}

/// Where the app keeps its data and which server it asks.
public struct LaunchOptions: Equatable {
  public var databasePath: String
  /// True when the path is the default one, whose folder the app may create.
  public var isDefaultDatabase: Bool
  public var apiURL: String
  public var colors: Bool
  /// Mouse reports (wheel, clicks); off with `--no-mouse` or `MEALS_MOUSE=0`.
  public var mouse = true
  /// Slides and gliding bars; off with `--no-animation` or `MEALS_ANIMATION=0`.
  public var animations = true
  /// Meal pictures: `--images` or `MEALS_IMAGES` (the app chooses for the terminal on auto).
  public var images = PictureChoice.auto
  /// Where pictures are kept between runs, when there is a place.
  public var pictureCacheFolder: String?
  /// `--read-only`: the database is opened for reading only (browse, search, cook, export).
  public var readOnly = false
  /// The folder `meals sync` keeps the book in step with (`set sync-folder`,
  /// `MEALS_SYNC_FOLDER`); nil when none is set.
  public var syncFolder: String?
  /// Where `meals serve` and the app's `P` listen (`set serve-port`, `MEALS_SERVE_PORT`).
  public var servePort = Self.defaultServePort
  public static let defaultServePort = ServePort.standard
  /// Serving on the machine's addresses over HTTPS, for a phone on the same network
  /// (`set serve-lan = yes`, `MEALS_SERVE_LAN=1`); else on this machine only.
  public var serveOnLAN = false
  /// The units recipes are read in (`set units`, `MEALS_UNITS`): as written, metric or US.
  public var units = UnitSystem.asWritten
  /// What a recipe's cup holds (`set cup`, `MEALS_CUP`): the US, metric or imperial cup.
  public var cup = CupSize.us
  /// What counts as always at home (`set staples`, `MEALS_STAPLES`): salt, pepper, water and
  /// oil unless the user says otherwise; `none` for nothing.
  public var staples = Pantry.defaultStaples
  /// The rules `meals plan suggest` and the Week Plan's `s` fill a week by (`set plan-…`).
  public var planRules = PlanRules()
  /// Ticking an item off the shopping list puts it in the pantry (`set pantry-from-shopping`).
  public var pantryFromShopping = false
  /// The shop's aisles the shopping list follows: the sync folder's `aisle.conf` (or the shop's
  /// own, `set shop`), else the one beside the usual config file (whatever `--config` names);
  /// nil with no folder for one.
  public var aisleFile: AisleFile?
  /// The two as one conversion, for reading a meal.
  public var conversion: UnitConversion { UnitConversion(units, cup: cup) }
  /// How long a lone Esc waits for the rest of a key's sequence, in ms (`set escape-delay`).
  public var escapeDelay = Self.defaultEscapeDelay
  /// The key decoder's own (`Self.defaultEscapeDelay`; a test holds the two equal, as
  /// this target builds without the terminal's), and the longest a config may ask.
  public static let defaultEscapeDelay: UInt64 = 25
  public static let longestEscapeDelay: UInt64 = 1_000
  /// The config file: its `bind`, `color` and `set theme` lines are the app's to apply.
  public var config = LoadedConfig()
  /// Where each option's value came from (`default`, `--no-mouse`, `MEALS_MOUSE`, `config:3`),
  /// by its name in the config file.
  public var sources: [String: String] = [:]
}

/// A command-line mistake; the message goes to stderr with the usage, exit status 2.
public struct UsageError: Error, Equatable {
  public var message: String

  public init(message: String) {
    self.message = message
  }
}

extension LaunchOptions {
  /// The one line a usage error shows (with a pointer to `--help`).
  public static var usageLine: String {
    tr("Usage:") + " meals [--db PATH] [--api-url URL] [OPTIONS] [COMMAND [ARGUMENTS]]"
  }

  /// The forms of `meals` as typed (never translated), shown under the `Usage:` heading.
  public static let synopsis = [
    "meals [--db PATH] [--api-url URL] [--no-mouse] [--no-animation] [--images MODE]",
    "      [--config PATH] [--read-only]",
    "meals [--db PATH] --restore-backup N",
    "meals [--config PATH] config [--check]",
    "meals [--db PATH] [--api-url URL] COMMAND [ARGUMENTS]",
    "meals --help | --version",
  ]

  /// What `meals --help` prints, in the user's language (the options' names stay).
  public static var usage: String {
    // The synopsis under its heading, so no translated word has to be as wide as `Usage: `.
    let commands = Subcommand.allCases.map {
      "  " + $0.rawValue + String(repeating: " ", count: max(0, 9 - $0.rawValue.count))
        + $0.summary
    }
    return ([tr("Usage:")] + synopsis.map { "  " + $0 }).joined(separator: "\n")
      + "\n\n"
      + tr("A full-screen terminal recipe book: your meals in SQLite, new ones from TheMealDB.")
      + "\n\n"
      + tr("Commands (for scripts; they never start the full-screen app; COMMAND --help for more):")
      + "\n" + commands.joined(separator: "\n") + "\n\n"
      + tr(
        """
        Options:
          --db PATH        the database file (default: $XDG_DATA_HOME/meals/meals.sqlite,
                           else ~/.local/share/meals/meals.sqlite)
          --api-url URL    TheMealDB base URL (default: %s)
          --no-mouse       no mouse reports (the terminal's own selection works unchanged)
          --no-animation   no slides between screens, bars jump instead of gliding
          --images MODE    meal pictures: auto, kitty, sixel, iterm, truecolor (blocks in 24-bit
                           colour), symbols (blocks in the palette, every terminal) or off. auto:
                           kitty in kitty/WezTerm/ghostty, iterm in iTerm2, sixel when the
                           terminal says so, truecolor when COLORTERM says so, else symbols
                           (always inside tmux). Kept in
                           $XDG_CACHE_HOME/meals/images (else ~/.cache/meals/images)
          --config PATH    the config file (default: $XDG_CONFIG_HOME/meals/config, else
                           ~/.config/meals/config): set, bind, unbind and color lines;
                           meals config prints the settings in effect, --check checks the file
          --read-only      open the database for reading only: browse, search, cook and
                           export; every change is refused (also when the file or its
                           folder cannot be written)
          --restore-backup N
                           put backup N (1 newest … 3) back in place of the database, after
                           checking it and asking; the current contents are kept as
                           PATH.before-restore. Backups are made once a day and before upgrades.
          -h, --help       show this help
          --version        show the version

        Environment: MEALS_DB, MEALS_API_URL, MEALS_MOUSE=0, MEALS_ANIMATION=0, MEALS_IMAGES,
        MEALS_SYNC_FOLDER, MEALS_CONFIG (the flags win over them, they win over the config
        file), NO_COLOR,
        VISUAL/EDITOR, XDG_DATA_HOME, XDG_CACHE_HOME, XDG_CONFIG_HOME, and the proxy variables
        libcurl reads (https_proxy, no_proxy, …).
        Inside the app, press ? for the keys of each screen.
        """
      ).filled(MealDBClient.defaultBaseURL)
  }

  /// What `meals config --help` prints.
  public static var configUsage: String {
    tr("Usage:") + "\n  meals [--config PATH] config [--check]\n\n"
      + tr(
        """
        The settings in force, in the config file's own syntax (set, bind, color lines), each
        with where its value comes from: a flag, the environment, the file's line, or the
        default. --check prints only the file's problems, with their line numbers, and exits 1
        when there are any. The flags that set what it shows are taken before or after it:
        --db, --api-url, --images, --config, --read-only, --no-mouse, --no-animation.
        """)
  }

  /// The flags that set what `meals config` prints, taken after it as before it.
  static let settingFlags: Set<String> = [
    "--config", "--db", "--api-url", "--images", "--read-only", "--no-mouse", "--no-animation",
  ]

  /// Reads flags first, then the environment, then the config file, then the defaults.
  public static func parse(
    _ arguments: [String],
    environment: [String: String],
    readConfig: (String) -> ConfigRead = ConfigRead.load
  ) -> Result<LaunchCommand, UsageError> {
    var flags: [String: (value: String, flag: String)] = [:]
    var configPath: String?
    var restore: Int?
    var readOnly = false
    var subcommand: Subcommand?
    var configCommand: Bool?
    var subcommandArguments: [String] = []
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      var name = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      // `meals config` shows the settings, so it takes the flags that set them as well.
      if configCommand != nil && !Self.settingFlags.contains(name) {
        if argument == "--help" || argument == "-h" { return .success(.configHelp) }
        guard argument == "--check" else {
          return .failure(
            UsageError(
              message:
                tr(
                  "meals config takes --check and the flags that set what it shows (--db, --api-url, --images, --config, --read-only, --no-mouse, --no-animation), not “%s”."
                ).filled(argument)
            ))
        }
        configCommand = true
        continue
      }
      if subcommand != nil && name != "--db" && name != "--api-url" && name != "--config"
        && name != "--read-only"
      {
        subcommandArguments.append(argument)
        continue
      }
      switch name {
      case "-h", "--help":
        return .success(.help)
      case "--version":
        return .success(.version)
      case "--db", "--api-url", "--images", "--config":
        guard let value = inlineValue ?? remaining.popFirst(), !value.isEmpty else {
          return .failure(UsageError(message: tr("%s needs a value.").filled(name)))
        }
        switch name {
        case "--db": flags["db"] = (value, name)
        case "--images": flags["images"] = (value, name)
        case "--config": configPath = value
        default: flags["api-url"] = (value, name)
        }
      case "--no-mouse":
        flags["mouse"] = ("no", name)
      case "--no-animation":
        flags["animation"] = ("no", name)
      case "--read-only":
        readOnly = true
      case "--restore-backup":
        guard let value = inlineValue ?? remaining.popFirst() else {
          return .failure(UsageError(message: tr("--restore-backup needs a backup number (1–3).")))
        }
        guard let number = Int(value), (1...3).contains(number) else {
          return .failure(
            UsageError(
              message: tr("--restore-backup takes 1, 2 or 3 (1 is the newest), not “%s”.").filled(
                value)))
        }
        restore = number
      default:
        if argument == "config" {
          configCommand = false
          continue
        }
        if let command = Subcommand(rawValue: argument) {
          subcommand = command
          continue
        }
        if !argument.hasPrefix("-") {
          let names = (Subcommand.allCases.map(\.rawValue) + ["config"]).joined(separator: ", ")
          return .failure(
            UsageError(
              message: tr("unknown command “%1$s” (the commands: %2$s).").filled(argument, names)))
        }
        return .failure(UsageError(message: tr("unknown argument “%s”.").filled(argument)))
      }
    }
    var config = LoadedConfig(
      path: configPath ?? nonEmpty(environment["MEALS_CONFIG"])
        ?? LoadedConfig.defaultPath(environment: environment))
    if let path = config.path {
      switch readConfig(path) {
      case .missing:
        if configPath != nil || nonEmpty(environment["MEALS_CONFIG"]) != nil {
          config.problems.append(
            ConfigProblem(line: 0, message: tr("there is no file %s.").filled(path)))
        }
      case .unreadable(let reason):
        config.problems.append(
          ConfigProblem(line: 0, message: tr("cannot read %1$s: %2$s.").filled(path, reason)))
      case .text(let text):
        config.file = ConfigFile.parse(text)
        config.problems += config.file.problems
      }
    }
    var settings = SettingLayers(
      flags: flags, environment: environment, file: config.file,
      home: nonEmpty(environment["HOME"]),
      label: config.label)
    let mouse = settings.bool("mouse", variable: "MEALS_MOUSE")
    let animations = settings.bool("animation", variable: "MEALS_ANIMATION")
    let images = settings.value("images", variable: "MEALS_IMAGES") { value in
      PictureChoice.parse(value).map { _ in value }
    }
    let url = settings.value("api-url", variable: "MEALS_API_URL") { url in
      guard url.hasPrefix("http://") || url.hasPrefix("https://"), URL(string: url)?.host != nil
      else {
        return .failure(
          UsageError(message: tr("the API URL “%s” is not an http(s) URL.").filled(url)))
      }
      return .success(url)
    }
    let escape = settings.value("escape-delay", variable: "MEALS_ESCAPE_DELAY") { text in
      guard let ms = UInt64(text), ms <= Self.longestEscapeDelay else {
        return .failure(
          UsageError(
            message:
              tr("the escape delay “%1$s” is not a number of milliseconds from 0 to %2$s.").filled(
                text, String(Self.longestEscapeDelay))
          ))
      }
      return .success(text)
    }
    let explicit = settings.value("db", variable: "MEALS_DB") { Result.success($0) }
    let syncFolder = settings.value("sync-folder", variable: "MEALS_SYNC_FOLDER") { folder in
      folder.hasPrefix("/") || folder.hasPrefix("~/")
        ? .success(folder)
        : .failure(
          UsageError(
            message: tr("the sync folder “%s” is not a whole path (/… or ~/…).").filled(folder)))
    }
    let servePort = settings.value("serve-port", variable: "MEALS_SERVE_PORT") { text in
      guard let port = Int(text), (0...65_535).contains(port) else {
        return .failure(
          UsageError(message: tr("the port “%s” is not a number from 0 to 65535.").filled(text)))
      }
      return .success(text)
    }
    let serveOnLAN = settings.bool("serve-lan", variable: "MEALS_SERVE_LAN")
    let units = settings.value("units", variable: "MEALS_UNITS") { text in
      UnitSystem(spelling: text).map { .success($0.rawValue) }
        ?? .failure(
          UsageError(
            message: tr("the units “%s” are none of as-written, metric or us.").filled(text)))
    }
    let cup = settings.value("cup", variable: "MEALS_CUP") { text in
      CupSize(rawValue: text.lowercased()).map { .success($0.rawValue) }
        ?? .failure(
          UsageError(message: tr("the cup “%s” is none of us, metric or imperial.").filled(text)))
    }
    let staples = settings.value("staples", variable: "MEALS_STAPLES") { Result.success($0) }
    let pantryFromShopping = settings.bool(
      "pantry-from-shopping", variable: "MEALS_PANTRY_FROM_SHOPPING")
    let shop = settings.value("shop", variable: "MEALS_SHOP") { Result.success($0) }
    let freshDays = settings.value("plan-fresh-days", variable: "MEALS_PLAN_FRESH_DAYS") { text in
      guard let days = Int(text), (0...3650).contains(days) else {
        return .failure(
          UsageError(message: tr("plan-fresh-days “%s” is not 0 to 3650 days.").filled(text)))
      }
      return .success(text)
    }
    let weekdayMinutes = settings.value(
      "plan-weekday-minutes", variable: "MEALS_PLAN_WEEKDAY_MINUTES"
    ) { text in
      if text.lowercased() == "none" { return .success("none") }
      guard let minutes = Int(text), (1...1440).contains(minutes) else {
        return .failure(
          UsageError(
            message: tr("plan-weekday-minutes “%s” is not 1 to 1440 minutes, or none.").filled(text)
          ))
      }
      return .success(text)
    }
    let pins = settings.value("plan-pins", variable: "MEALS_PLAN_PINS") { text in
      switch PlanRules.pins(in: text) {
      case .success: return .success(text)
      case .failure(let error):
        return .failure(
          UsageError(
            message:
              tr("plan-pins: “%s” is not DAY [SLOT]: MEAL (friday dinner: Fish Pie).").filled(
                error.part)))
      }
    }
    settings.checkTheRest()
    if let usage = settings.usageError { return .failure(usage) }
    config.problems += settings.problems
    guard
      let path = explicit.value ?? defaultDatabasePath(environment: environment)
    else {
      return .failure(
        UsageError(message: tr("no database path: set --db, MEALS_DB, XDG_DATA_HOME or HOME.")))
    }
    var options = LaunchOptions(
      databasePath: path,
      isDefaultDatabase: explicit.value == nil,
      apiURL: url.value ?? MealDBClient.defaultBaseURL,
      colors: nonEmpty(environment["NO_COLOR"]) == nil
    )
    options.mouse = mouse.value ?? true
    options.animations = animations.value ?? true
    switch PictureChoice.parse(images.value) {
    case .success(let choice): options.images = choice
    case .failure(let error): return .failure(error)
    }
    options.pictureCacheFolder = PictureCache.defaultFolder(environment: environment)
    options.readOnly = readOnly
    options.escapeDelay = escape.value.flatMap { UInt64($0) } ?? Self.defaultEscapeDelay
    options.syncFolder = syncFolder.value.map {
      $0.hasPrefix("~/") ? (nonEmpty(environment["HOME"]) ?? "") + $0.dropFirst() : $0
    }
    options.servePort = servePort.value.flatMap { Int($0) } ?? Self.defaultServePort
    options.serveOnLAN = serveOnLAN.value ?? false
    options.units = units.value.flatMap(UnitSystem.init(spelling:)) ?? .asWritten
    options.cup = cup.value.flatMap(CupSize.init(rawValue:)) ?? .us
    options.staples = staples.value.map(Self.staples(in:)) ?? Pantry.defaultStaples
    options.pantryFromShopping = pantryFromShopping.value ?? false
    var rules = PlanRules()
    if let days = freshDays.value.flatMap({ Int($0) }) { rules.freshDays = days }
    if let minutes = weekdayMinutes.value {
      rules.weekdayMinutes = minutes == "none" ? nil : Int(minutes)
    }
    if let text = pins.value, case .success(let parsed) = PlanRules.pins(in: text) {
      rules.pins = parsed
    }
    options.planRules = rules
    options.aisleFile = AisleFile(
      syncFolder: options.syncFolder,
      configFolder: LoadedConfig.defaultPath(environment: environment).map(PathText.folder),
      shop: shop.value)
    options.config = config
    options.sources = settings.sources
    if let check = configCommand { return .success(.config(check: check, options)) }
    if let subcommand {
      return .success(.subcommand(subcommand, subcommandArguments, options))
    }
    if let restore {
      if readOnly {
        return .failure(
          UsageError(
            message: tr("--restore-backup writes the database; it cannot go with --read-only.")))
      }
      return .success(.restoreBackup(restore, options))
    }
    return .success(.run(options))
  }

  /// The staples a setting names: comma-separated (`salt, pepper, olive oil`), `none` (or
  /// nothing) for none.
  static func staples(in text: String) -> [String] {
    let names = text.split(separator: ",").map { MealRules.trimmed(String($0)) }
      .filter { !$0.isEmpty }
    return names.map { $0.lowercased() } == ["none"] ? [] : names
  }

  /// `$XDG_DATA_HOME/meals/meals.sqlite`, else `~/.local/share/meals/meals.sqlite`.
  public static func defaultDatabasePath(environment: [String: String]) -> String? {
    if let data = nonEmpty(environment["XDG_DATA_HOME"]), data.hasPrefix("/") {
      return data + "/meals/meals.sqlite"
    }
    guard let home = nonEmpty(environment["HOME"]) else { return nil }
    return home + "/.local/share/meals/meals.sqlite"
  }

  static func nonEmpty(_ value: String?) -> String? {
    guard let value, !value.isEmpty else { return nil }
    return value
  }
}
