import Files
import FoundationEssentials
import MealsApp
import MealsCLI
import MealsCore
import MealsLaunch
import MealsNet
import MealsStore
import TerminalUI
import Translation

#if canImport(Glibc)
  import Glibc
#endif

/// Writes to standard error, whole.
func standardError(_ text: String) {
  _ = writeFully(Array(text.utf8), to: 2)
}

/// The running program's path (`/proc/self/exe`), to find the catalogs installed beside it.
func executablePath() -> String? {
  var buffer = [CChar](repeating: 0, count: 4_096)
  let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
  guard count > 0 else { return nil }
  return String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// Prints to standard error (the terminal is not in full-screen mode when this is called).
func fail(_ message: String, status: Int32) -> Never {
  standardError("meals: \(message)\n")
  exit(status)
}

// Start-up's phases, for `meals-bench start` (nothing is kept unless it asks).
var phases = StartPhases()
let options: LaunchOptions
// Without HOME (`env -i`, cron) the account's home folder stands in, as a login shell sets it.
let environment = HomeFolder.filling(ProcessEnvironment.current())
// The user's language, before anything is said (a catalog is read only for a language other
// than English).
if !LanguageChoice.catalogs(environment: environment).isEmpty,
  let problem = Translator.load(
    environment: environment,
    folders: Translator.folders(environment: environment, executable: executablePath()))
{
  standardError("meals: \(problem.reason); English is shown.\n")
}
// Where a phone's page finds its browser's language (looked for only when a page asks).
Translator.catalogs(in: { [environment] in
  Translator.folders(environment: environment, executable: executablePath())
})
switch LaunchOptions.parse(Array(CommandLine.arguments.dropFirst()), environment: environment) {
case .success(.help):
  print(LaunchOptions.usage)
  exit(0)
case .success(.configHelp):
  print(LaunchOptions.configUsage)
  exit(0)
case .success(.version):
  print("meals \(MealsVersion.current)")
  exit(0)
case .success(.run(let parsed)):
  options = parsed
case .success(.restoreBackup(let number, let parsed)):
  exit(
    RestoreBackup.run(
      number: number, options: parsed,
      answer: {
        fflush(nil)  // the question must be out before waiting for the answer (pipes buffer)
        return readLine()
      }, say: { print($0) }))
case .success(.subcommand(let command, let arguments, let parsed)):
  // A reader that goes away (`meals list | head`) is not an error: writes report EPIPE.
  signal(SIGPIPE, SIG_IGN)
  // The config file's mistakes that matter here (its options), said once, not fatal.
  for problem in parsed.config.messages {
    standardError("meals: \(problem)\n")
  }
  exit(
    command.run(
      arguments, options: parsed,
      io: CommandIO(
        output: CommandOutput(descriptor: 1), errors: CommandOutput(descriptor: 2),
        currentDirectory: FileManager.default.currentDirectoryPath),
      search: Subcommand.networkSearch(apiURL: parsed.apiURL),
      pages: Subcommand.networkPages(apiURL: parsed.apiURL),
      pictures: Subcommand.networkPictures(
        apiURL: parsed.apiURL,
        cacheFolder: parsed.images == .off ? nil : parsed.pictureCacheFolder)))
case .success(.config(let check, let parsed)):
  signal(SIGPIPE, SIG_IGN)
  exit(
    ConfigCommand.run(
      check: check, options: parsed, settings: ConfigLook(AppSettings(parsed.config)),
      output: { print($0) },
      errors: { standardError($0 + "\n") }))
case .failure(let error):
  standardError(
    "meals: \(error.message)\n\(LaunchOptions.usageLine)\n"
      + tr("%s says more.").filled("meals --help") + "\n")
  exit(2)
}

guard isatty(1) == 1 else {
  fail(
    "standard output is not a terminal, and the full-screen app needs one. For scripts: meals list, show, search, export, import (meals --help).",
    status: 1)
}

if let problem = options.makeDataFolder() { fail(problem, status: 1) }
phases.mark("options and config read")

let store: MealStore
do {
  // Before the screen is taken: a big database takes seconds to upgrade, once; a line on the
  // terminal says how far it has come.
  let line = UpgradeLine(path: options.databasePath, isTerminal: isatty(2) == 1)
  // The names in the order of the user's language (`LC_COLLATE`): the book is put in it
  // once, when the language changes (commands and the phone keep the book's order).
  store = try MealStore(
    path: options.databasePath, readOnly: options.readOnly,
    nameOrder: NameCollation(environment: environment), upgradeProgress: { line.show($0) })
} catch {
  fail(error.message, status: 1)
}
phases.mark("book opened")

let http: HTTPClient
do {
  http = try HTTPClient()
} catch {
  fail(error.message, status: 1)
}

// The config file's theme and colours (its keys wait for the first frame, below).
let look = AppSettings(options.config, keys: false)
phases.mark("network client made")
let signalDescriptor = SignalPipe.install()
let terminal: NcursesTerminal
do {
  terminal = try NcursesTerminal(
    colors: options.colors, mouse: options.mouse, theme: look.theme,
    escapeDelay: options.escapeDelay)
} catch {
  fail(error.message, status: 1)
}
phases.mark("terminal started")

let service = MealDBClient(baseURL: options.apiURL, http: http)
let pictureCache =
  options.images == .off ? nil : options.pictureCacheFolder.flatMap { PictureCache(folder: $0) }
let app = MealsApplication(
  store: store, service: service,
  pictures: PictureMode.resolve(options.images, environment: environment),
  pictureCache: pictureCache, screenSize: terminal.size,
  syncFolder: store.isReadOnly ? nil : options.syncFolder,
  serving: AppServe.Options(
    port: options.servePort, lan: options.serveOnLAN, units: options.conversion,
    aisles: options.aisleFile))
app.navigator.animations = options.animations
app.context.units = options.conversion
app.context.staples = options.staples
app.context.planRules = options.planRules
app.context.pantryFromShopping = options.pantryFromShopping
app.context.aisleFile = options.aisleFile
if store.isReadOnly { app.navigator.headerMark = "read-only" }
let loop = EventLoop(
  terminal: terminal, navigator: app.navigator, waiter: NetworkWaiter(http: http),
  signalDescriptor: signalDescriptor)
// Pictures are decoded, drawn and encoded on their own thread; the loop hears when they are done.
let pictures = app.context.pictures
pictures.measuredCellSize = { terminal.cellPixels() }
loop.wakes = app.context.workers.map { worker in (worker.descriptor, { worker.drain() }) }
if PictureMode.asksForSixel(options.images, environment: environment) {
  terminal.askForAttributes()
}
// Pictures keep their shape in the real cells: ask when the window size has no pixels.
if pictures.isOn && terminal.cellPixels() == nil { terminal.askForCellSize() }
app.startBeforeFirstFrame()
phases.mark("screens made")
// The first frame goes out before anything that could delay it: the network, the backup.
loop.runOnce(maximumWaitMilliseconds: 0)
phases.mark("first frame written")
phases.write()
// Then the config file's keys (checking them builds every key table, a millisecond) and its
// mistakes, before any key is read; the next frame shows them.
let settings = AppSettings(options.config)
settings.applyKeys()
app.reportConfigProblems(settings.problems)
app.startAfterFirstFrame()
loop.run()
app.finishBackgroundWork()
terminal.shutdown()
let unsaved = app.landWaitingChanges { text in
  standardError("meals: \(text)\n")
}
for message in unsaved {
  standardError("meals: not saved: \(message)\n")
}
// The last changes travel: one more sync with the folder, said on the terminal.
if loop.stopSignal == nil, let synced = app.context.sync.syncAtQuit() {
  standardError("meals: \(synced)\n")
}
// Every other connection is closed by now: the log goes into the file, which alone holds the
// book (people copy it to back up or move machines).
store.closeAtQuit()
if let signal = loop.stopSignal {
  exit(128 + signal)
}
exit(unsaved.isEmpty ? 0 : 1)

extension ConfigLook {
  /// The app's reading of the config file, for `meals config` (the commands sit below the app).
  init(_ settings: AppSettings) {
    self.init(
      theme: settings.theme, keyChanges: settings.keyChanges, problems: settings.problems,
      tables: ConfigurableKeys.tables)
  }
}
