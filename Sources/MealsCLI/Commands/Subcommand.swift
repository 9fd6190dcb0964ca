import FoundationEssentials
import MealsCore
import MealsLaunch
import MealsNet
import MealsStore
import Translation

/// Each subcommand's arguments and its run.
extension Subcommand {
  var spec: CommandArguments.Spec {
    switch self {
    case .list:
      CommandArguments.Spec(
        switches: ["--json", "--favourites"], valued: ["--filter"], maximumPositionals: 0)
    case .show:
      CommandArguments.Spec(
        switches: ["--json", "--markdown"], valued: ["--units"], maximumPositionals: 1)
    case .search: CommandArguments.Spec(switches: ["--json"], maximumPositionals: nil)
    case .export:
      CommandArguments.Spec(valued: ["--format", "--output", "--units"], maximumPositionals: nil)
    case .import: CommandArguments.Spec(maximumPositionals: nil)
    case .plan:
      CommandArguments.Spec(
        switches: ["--json", "--save"],
        valued: [
          "--week", "--from", "--days", "--slot", "--servings", "--format", "--output", "--slots",
          "--seed",
        ],
        maximumPositionals: 3)
    case .pantry: CommandArguments.Spec(switches: ["--json"], maximumPositionals: nil)
    case .canCook:
      CommandArguments.Spec(
        switches: ["--json"], valued: ["--missing"], maximumPositionals: 0)
    case .cooked:
      CommandArguments.Spec(
        valued: ["--date", "--servings", "--note", "--rating"], maximumPositionals: 1)
    case .log: CommandArguments.Spec(switches: ["--json"], maximumPositionals: 1)
    case .history: CommandArguments.Spec(valued: ["--show", "--restore"], maximumPositionals: 1)
    case .sync: CommandArguments.Spec(maximumPositionals: 1)
    case .serve:
      CommandArguments.Spec(
        switches: ["--new-token", "--new-certificate", "--lan"], valued: ["--port"],
        maximumPositionals: 0)
    }
  }

  // MARK: - Running

  /// `--units U` read, else `fallback`; nil (said as a usage error) for an unknown name.
  static func conversion(
    _ arguments: CommandArguments, fallback: UnitConversion, command: Subcommand, io: CommandIO
  ) -> UnitConversion? {
    guard let text = arguments.values["--units"] else { return fallback }
    guard let system = UnitSystem(spelling: text) else {
      _ = usageError(
        tr("--units takes as-written, metric or us, not “%s”.").filled(text), command, io: io)
      return nil
    }
    return UnitConversion(system, cup: fallback.cup)
  }

  /// Runs the subcommand and returns the exit status; standard output is flushed.
  public func run(
    _ arguments: [String], options: LaunchOptions, io: CommandIO,
    search: (String) -> Result<[Meal], NetworkSearchError> = { _ in
      .failure(NetworkSearchError(message: "no network client"))
    },
    pages: @escaping (String) -> Result<HTTPClient.Response, NetworkError> = { _ in
      .failure(.other("no network client"))
    },
    pictures: @escaping (String) -> Void = { _ in },
    today: CivilDate = .today(), now: Double = Date().timeIntervalSince1970
  ) -> Int32 {
    if arguments.contains("-h") || arguments.contains("--help") {
      io.output.line(usage)
      io.output.flush()
      return Status.success
    }
    let parsed: CommandArguments
    switch CommandArguments.parse(arguments, spec: spec, command: rawValue) {
    case .success(let value): parsed = value
    case .failure(let error):
      return Self.usageError(
        String(error.message.dropFirst("meals \(rawValue): ".count)), self, io: io)
    }
    let status: Int32
    if self == .search {
      status = SearchCommand.run(parsed, io: io, search: search)
    } else {
      // Only import, sync, serve and pantry add may start a database: a mistyped --db must not make an empty
      // one. Before
      // the default database exists (a new user's first command) the book is empty: answered
      // as such, and nothing is made.
      let exists = FileManager.default.fileExists(atPath: options.databasePath)
      let mayStart =
        self == .import || self == .sync || self == .serve
        || (self == .pantry && parsed.positionals.first == "add")
      let emptyBook = !exists && !mayStart && options.isDefaultDatabase
      if !exists && !mayStart && !emptyBook {
        let folder = PathText.folder(options.databasePath)
        let folderIsThere = folder.isEmpty || FileManager.default.fileExists(atPath: folder)
        io.fail(
          folderIsThere
            ? tr(
              "there is no database at %s (check --db or MEALS_DB; meals import or the app makes one)."
            ).filled(options.databasePath)
            : tr(
              "there is no database at %1$s: its folder %2$s does not exist (check --db or MEALS_DB)."
            ).filled(options.databasePath, folder)
        )
        return Status.failure
      }
      // The first import into the default database makes its folder, as the app does.
      if mayStart, let problem = options.makeDataFolder() {
        io.fail(problem)
        return Status.failure
      }
      let store: MealStore
      do {
        // A script may wait for a running meals to finish writing, as the app does for it.
        store =
          try emptyBook
          ? MealStore.emptyBook()
          : MealStore(
            path: options.databasePath, readOnly: options.readOnly, busyTimeout: Self.lockWait)
      } catch {
        io.fail(error.message)
        return Status.failure
      }
      switch self {
      case .list: status = ListCommand.run(parsed, store: store, io: io)
      case .show:
        status = ShowCommand.run(parsed, store: store, io: io, conversion: options.conversion)
      case .export:
        status = ExportCommand.run(parsed, store: store, io: io, cup: options.cup)
      case .import:
        status = ImportCommand.run(parsed, store: store, io: io, pages: pages, pictures: pictures)
      case .plan:
        status = PlanCommand.run(
          parsed, store: store, io: io, today: today, now: now, rules: options.planRules,
          aisles: options.aisleFile)
      case .pantry: status = PantryCommand.run(parsed, store: store, io: io)
      case .canCook:
        status = CanCookCommand.run(parsed, store: store, staples: options.staples, io: io)
      case .cooked: status = CookedCommand.run(parsed, store: store, io: io, today: today)
      case .log: status = LogCommand.run(parsed, store: store, io: io)
      case .history: status = HistoryCommand.run(parsed, store: store, io: io)
      case .sync:
        status = SyncCommand.run(parsed, store: store, options: options, io: io, today: today)
      case .serve: status = ServeCommand.run(parsed, options: options, io: io)
      case .search: status = Status.usage
      }
    }
    io.output.flush()
    io.errors.flush()
    if let failure = io.output.failure {
      io.fail(tr("cannot write the output: %s.").filled(failure))
      return Status.failure
    }
    return status
  }

  /// How long a command waits for another program's write lock before it gives up.
  static let lockWait: Int32 = 10_000

  /// A usage error (an unknown flag, a missing argument, flags that exclude each other): the
  /// message, the usage line of the command (or of its `action`: `plan add`), and where the
  /// rest is.
  static func usageError(
    _ message: String, _ command: Subcommand, action: String? = nil, io: CommandIO
  ) -> Int32 {
    let lines = command.synopsis
    let actionLine = action.flatMap { action in
      lines.first { $0.contains("meals \(command.rawValue) \(action) ") }
    }
    let usageLine = tr("Usage:") + " " + MealRules.trimmed(actionLine ?? lines.first ?? "")
    let name = [command.rawValue, actionLine == nil ? nil : action].compactMap { $0 }
      .joined(separator: " ")
    io.fail(
      "\(name): \(message)\n\(usageLine)\n"
        + tr("%s says more.").filled("meals \(command.rawValue) --help"))
    return Status.usage
  }

  /// The meal `text` names, or nil after saying why there is none (exit status 1).
  static func resolve(_ text: String, store: MealStore, io: CommandIO) -> Int64? {
    do {
      switch try store.lookUpMeal(text) {
      case .found(let id): return id
      case .none:
        if Int64(MealRules.trimmed(text)) != nil {
          io.fail(
            tr("no saved meal has the id %s (see meals list).").filled(MealRules.trimmed(text)))
        } else {
          io.fail(tr("no saved meal is called “%s” (see meals list).").filled(text))
        }
      case .ambiguous(let candidates):
        let lines = candidates.map { "  \($0.0)\t\($0.1)" }.joined(separator: "\n")
        let exact = candidates.filter { $0.1.lowercased() == text.lowercased() }
        if exact.count > 1 {
          io.fail(
            tr("%1$d saved meals are called “%2$s”; give the id of the one you mean:").filled(
              String(exact.count), text) + "\n" + lines
          )
        } else {
          io.fail(
            tr("“%s” could be any of these; give the id or the whole name:").filled(text) + "\n"
              + lines)
        }
      }
    } catch {
      io.fail(error.message)
    }
    return nil
  }
}

/// A failed TheMealDB search, as `meals search` reports it.
public struct NetworkSearchError: Error, Sendable {
  public var message: String

  public init(message: String) {
    self.message = message
  }
}
