import FoundationEssentials
import MealsCore
import MealsStore
import MealsSync
import TerminalUI
import TextSafety
import Translation

/// The sync folder kept in step while the app runs: after the first frame, every 30 s (so
/// another machine's changes appear), on `S` in My Meals, and at quit.
///
/// Each sync runs on a worker with a connection of its own, so a key never waits for it; the
/// app's lists see its commits as any other program's. What it did, or what went wrong, is
/// said on the status line.
public final class AppSync: Ticker {
  public let worker = Worker(label: "meals.sync")
  /// nil when no sync folder is set (then nothing here runs).
  public let folder: String?
  private let databasePath: String
  private unowned let navigator: Navigator
  private var lastStart: UInt64 = 0
  /// True while a sync runs on the worker.
  public private(set) var isSyncing = false
  /// `S` pressed while a sync (the app's own, every 30 s) was under way: another runs after it
  /// and says what it did — the "Syncing…" on the status line is always answered.
  private var askedMeanwhile = false
  /// What the last sync said it set aside: said again only when it changes (or on `S`), not
  /// every 30 s.
  private var saidSetAside: [String] = []
  /// Between the syncs made while the app runs.
  static let interval: UInt64 = 30_000

  /// The app's own connection: told at once of what a sync committed, so the lists show it
  /// with the message (not at the next poll).
  private unowned let store: MealStore

  init(folder: String?, store: MealStore, navigator: Navigator) {
    self.folder = folder
    self.databasePath = store.filePath
    self.store = store
    self.navigator = navigator
  }

  // MARK: - Ticker

  public var nextDeadline: UInt64? { folder == nil ? nil : lastStart + Self.interval }

  public func tick(now: UInt64) -> Bool {
    guard folder != nil, now >= lastStart + Self.interval, !isSyncing else { return false }
    start(asked: false)
    return false
  }

  // MARK: - Syncing

  /// Starts a sync on the worker; `asked` (the `S` key) says so at once and says the result
  /// even when nothing changed.
  public func start(asked: Bool) {
    guard let folder else {
      if asked {
        navigator.showNotice(
          tr("No sync folder is set: set sync-folder = ~/Recipes in the config."))
      }
      return
    }
    lastStart = MonotonicClock.now()
    if asked {
      navigator.showInfo(
        tr("Syncing with %s…").filled(PathText.abbreviatingHome(folder, home: Self.home)))
    }
    guard !isSyncing else {
      if asked { askedMeanwhile = true }
      return
    }
    isSyncing = true
    let databasePath = self.databasePath
    let today = CivilDate.today()
    worker.run(
      { Self.sync(databasePath: databasePath, folder: folder, today: today) },
      then: { [weak self] result in
        guard let self else { return }
        self.isSyncing = false
        if self.store.checkForExternalChanges() { self.navigator.needsDisplay = true }
        if self.askedMeanwhile {
          self.askedMeanwhile = false
          self.start(asked: true)
          return
        }
        self.say(result, asked: asked)
      })
  }

  /// At quit, after the screen is given back: waits for a sync under way, then syncs once
  /// more (the last changes travel); the line to print, nil without a sync folder or when
  /// nothing changed.
  public func syncAtQuit() -> String? {
    guard let folder else { return nil }
    worker.finishAll()
    switch Self.sync(databasePath: databasePath, folder: folder, today: .today()) {
    case .success(let report): return report.changedAnything ? report.summary(home: Self.home) : nil
    case .failure(let error): return tr("sync: %s").filled(error.message)
    }
  }

  /// One sync on a connection of its own (the worker's thread, or the quit).
  private static func sync(databasePath: String, folder: String, today: CivilDate)
    -> Result<SyncReport, SyncError>
  {
    let store: MealStore
    do {
      store = try MealStore(path: databasePath, busyTimeout: 10_000)
    } catch {
      return .failure(SyncError(message: error.message))
    }
    return FolderSync.run(
      store: store, databasePath: databasePath, folder: folder, today: today)
  }

  private func say(_ result: Result<SyncReport, SyncError>, asked: Bool) {
    switch result {
    case .failure(let error):
      navigator.showError(tr("Sync: %s").filled(error.message))
    case .success(let report):
      defer { saidSetAside = report.setAside }
      // `?` lists them all, whatever the screen, until a sync sets nothing aside.
      navigator.helpNotes = report.setAside.map {
        KeyHelp(keys: tr("set aside"), text: TextSanitizer.singleLine($0), inFooter: false)
      }
      if let first = report.setAside.first, asked || report.setAside != saidSetAside {
        // First, where an 80-column line shows it: how many, the file and what to do.
        let file = TextSanitizer.singleLine(first)
        navigator.showNotice(
          report.setAside.count > 1
            ? tr("Sync set aside %1$d files (? lists them): %2$s.").filled(
              String(report.setAside.count), file)
            : tr("Sync set aside %s.").filled(file))
      } else if let conflict = report.conflicts.first {
        navigator.showNotice(
          report.summary(home: Self.home) + " " + tr("Kept both: “%s”.").filled(conflict))
      } else if let first = report.readNotes.first {
        // A file written wrongly by hand: read as well as it could be, and said where.
        let said =
          report.readNotes.count > 1
          ? tr("Read as well as it could be: %1$s (and %2$d more: meals sync lists them).").filled(
            first, String(report.readNotes.count - 1))
          : tr("Read as well as it could be: %s.").filled(first)
        navigator.showNotice(report.summary(home: Self.home) + " " + said)
      } else if report.changedAnything || asked {
        navigator.showInfo(report.summary(home: Self.home))
      }
    }
  }

  private static var home: String? { ProcessInfo.processInfo.environment["HOME"] }
}
