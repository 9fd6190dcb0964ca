import Foundation
import MealsNet

/// What the command line asks for.
public enum LaunchCommand: Equatable {
  case run(LaunchOptions)
  /// Put backup N (`.bak.N` beside the database) back, after a y/n question.
  case restoreBackup(Int, LaunchOptions)
  /// `meals list …` and the other subcommands, with the words after the subcommand's name.
  case subcommand(Subcommand, [String], LaunchOptions)
  case help
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
}

/// A command-line mistake; the message goes to stderr with the usage, exit status 2.
public struct UsageError: Error, Equatable {
  public var message: String
}

extension LaunchOptions {
  /// The one line a usage error shows (with a pointer to `--help`).
  public static let usageLine =
    "Usage: meals [--db PATH] [--api-url URL] [OPTIONS] [COMMAND [ARGUMENTS]]"

  public static let usage = """
    Usage: meals [--db PATH] [--api-url URL] [--no-mouse] [--no-animation] [--images MODE]
           meals [--db PATH] --restore-backup N
           meals [--db PATH] [--api-url URL] COMMAND [ARGUMENTS]
           meals --help | --version

    A full-screen terminal recipe book: your meals in SQLite, new ones from TheMealDB.

    Commands (for scripts; they never start the full-screen app; COMMAND --help for more):
    \(Subcommand.allCases.map { "  " + $0.rawValue.padding(toLength: 9, withPad: " ", startingAt: 0) + $0.summary }.joined(separator: "\n"))

    Options:
      --db PATH        the database file (default: $XDG_DATA_HOME/meals/meals.sqlite,
                       else ~/.local/share/meals/meals.sqlite)
      --api-url URL    TheMealDB base URL (default: \(MealDBClient.defaultBaseURL))
      --no-mouse       no mouse reports (the terminal's own selection works unchanged)
      --no-animation   no slides between screens, bars jump instead of gliding
      --images MODE    meal pictures: auto, kitty, sixel, iterm, truecolor (blocks in 24-bit
                       colour), symbols (blocks in the palette, every terminal) or off. auto:
                       kitty in kitty/WezTerm/ghostty, iterm in iTerm2, sixel when the
                       terminal says so, truecolor when COLORTERM says so, else symbols
                       (always inside tmux). Kept in
                       $XDG_CACHE_HOME/meals/images (else ~/.cache/meals/images)
      --restore-backup N
                       put backup N (1 newest … 3) back in place of the database, after
                       checking it and asking; the current contents are kept as
                       PATH.before-restore. Backups are made once a day and before upgrades.
      -h, --help       show this help
      --version        show the version

    Environment: MEALS_DB, MEALS_API_URL, MEALS_MOUSE=0, MEALS_ANIMATION=0, MEALS_IMAGES
    (the flags win), NO_COLOR, VISUAL/EDITOR, XDG_DATA_HOME, XDG_CACHE_HOME, and the proxy
    variables libcurl reads (https_proxy, no_proxy, …).
    Inside the app, press ? for the keys of each screen.
    """

  /// Reads flags first, then the environment, then the defaults.
  public static func parse(
    _ arguments: [String],
    environment: [String: String]
  ) -> Result<LaunchCommand, UsageError> {
    var database: String?
    var apiURL: String?
    var restore: Int?
    var subcommand: Subcommand?
    var subcommandArguments: [String] = []
    var mouse = environment["MEALS_MOUSE"] != "0"
    var animations = environment["MEALS_ANIMATION"] != "0"
    var images = nonEmpty(environment["MEALS_IMAGES"])
    var remaining = arguments[...]
    while let argument = remaining.popFirst() {
      var name = argument
      var inlineValue: String?
      if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
        name = String(argument[..<equals])
        inlineValue = String(argument[argument.index(after: equals)...])
      }
      if subcommand != nil && name != "--db" && name != "--api-url" {
        subcommandArguments.append(argument)
        continue
      }
      switch name {
      case "-h", "--help":
        return .success(.help)
      case "--version":
        return .success(.version)
      case "--db", "--api-url", "--images":
        guard let value = inlineValue ?? remaining.popFirst(), !value.isEmpty else {
          return .failure(UsageError(message: "\(name) needs a value."))
        }
        switch name {
        case "--db": database = value
        case "--images": images = value
        default: apiURL = value
        }
      case "--no-mouse":
        mouse = false
      case "--no-animation":
        animations = false
      case "--restore-backup":
        guard let value = inlineValue ?? remaining.popFirst() else {
          return .failure(UsageError(message: "--restore-backup needs a backup number (1–3)."))
        }
        guard let number = Int(value), (1...3).contains(number) else {
          return .failure(
            UsageError(
              message: "--restore-backup takes 1, 2 or 3 (1 is the newest), not “\(value)”."))
        }
        restore = number
      default:
        if let command = Subcommand(rawValue: argument) {
          subcommand = command
          continue
        }
        if !argument.hasPrefix("-") {
          let names = Subcommand.allCases.map(\.rawValue).joined(separator: ", ")
          return .failure(
            UsageError(message: "unknown command “\(argument)” (the commands: \(names))."))
        }
        return .failure(UsageError(message: "unknown argument “\(argument)”."))
      }
    }
    let url = apiURL ?? nonEmpty(environment["MEALS_API_URL"]) ?? MealDBClient.defaultBaseURL
    guard url.hasPrefix("http://") || url.hasPrefix("https://"), URL(string: url)?.host != nil
    else {
      return .failure(UsageError(message: "the API URL “\(url)” is not an http(s) URL."))
    }
    let explicit = database ?? nonEmpty(environment["MEALS_DB"])
    guard let path = explicit ?? defaultDatabasePath(environment: environment) else {
      return .failure(
        UsageError(message: "no database path: set --db, MEALS_DB, XDG_DATA_HOME or HOME."))
    }
    var options = LaunchOptions(
      databasePath: path,
      isDefaultDatabase: explicit == nil,
      apiURL: url,
      colors: nonEmpty(environment["NO_COLOR"]) == nil
    )
    options.mouse = mouse
    options.animations = animations
    switch PictureChoice.parse(images) {
    case .success(let choice): options.images = choice
    case .failure(let error): return .failure(error)
    }
    options.pictureCacheFolder = PictureCache.defaultFolder(environment: environment)
    if let subcommand {
      return .success(.subcommand(subcommand, subcommandArguments, options))
    }
    if let restore { return .success(.restoreBackup(restore, options)) }
    return .success(.run(options))
  }

  /// `$XDG_DATA_HOME/meals/meals.sqlite`, else `~/.local/share/meals/meals.sqlite`.
  public static func defaultDatabasePath(environment: [String: String]) -> String? {
    if let data = nonEmpty(environment["XDG_DATA_HOME"]), data.hasPrefix("/") {
      return data + "/meals/meals.sqlite"
    }
    guard let home = nonEmpty(environment["HOME"]) else { return nil }
    return home + "/.local/share/meals/meals.sqlite"
  }

  private static func nonEmpty(_ value: String?) -> String? {
    guard let value, !value.isEmpty else { return nil }
    return value
  }
}
