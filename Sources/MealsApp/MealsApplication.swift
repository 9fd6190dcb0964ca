import Files
import FoundationEssentials
import MealsCore
import MealsNet
import MealsStore
import TerminalUI
import Translation

/// The assembled app: the navigator with My Meals at the root, over the store and TheMealDB.
public final class MealsApplication {
  public let context: AppContext
  public let root: MyMealsScreen
  /// True while the daily backup runs on its worker.
  public private(set) var isBackingUp = false
  /// Polling for other processes' commits and the catalogue import's progress.
  private let timers: AppTimers
  /// The log copied into the file after a quiet spell.
  private let checkpoint: IdleCheckpoint

  /// The app on `store`, for a window of `screenSize` (the terminal's, so the first screen
  /// reads the rows it shows and no more).
  public init(
    store: MealStore, service: MealDBService, pictures: PictureMode = .off,
    pictureCache: PictureCache? = nil, screenSize: Size = Size(width: 80, height: 24),
    syncFolder: String? = nil, serving: AppServe.Options = AppServe.Options()
  ) {
    let navigator = Navigator(size: screenSize)
    context = AppContext(
      navigator: navigator, store: store, service: service, pictures: pictures,
      pictureCache: pictureCache, syncFolder: syncFolder, serving: serving)
    root = MyMealsScreen(context: context)
    timers = AppTimers(context: context)
    checkpoint = IdleCheckpoint(context: context)
    navigator.tickers = [
      timers, context.writes, context.timers, context.sync, context.serve, checkpoint,
    ]
    // The soonest kitchen timer on the status line, on every screen but Cook Mode (its own
    // bar), and the phones served.
    let timers = context.timers
    let serve = context.serve
    navigator.statusMark = { [unowned navigator] now in
      let timer = navigator.top is CookModeScreen ? nil : timers.summary(now: now)
      let marks = [timer, serve.summary].compactMap { $0 }
      return marks.isEmpty ? nil : marks.joined(separator: " · ")
    }
    navigator.questionBeforeQuitting = { [unowned navigator] in
      let running = timers.running.count
      guard running > 0 else { return nil }
      return ConfirmPrompt(
        trn(
          "A timer is counting — quit anyway? It is kept for the next start. (y/n)",
          "%d timers are counting — quit anyway? They are kept for the next start. (y/n)",
          running),
        onYes: { navigator.quit() })
    }
    navigator.push(root)
  }

  public var navigator: Navigator { context.navigator }

  /// Start-up work: erase meals deleted over 30 days ago, offer drafts an earlier session left
  /// unsaved, and import the ingredient catalogue when the table is empty.
  public func start() {
    startBeforeFirstFrame()
    purgeOldTrash()
    context.catalogue.startIfNeeded()
  }

  /// What the first frame shows: kept drafts offered.
  public func startBeforeFirstFrame() {
    offerKeptDrafts()
    context.timers.restore()
  }

  /// Meals deleted over 30 days ago erased; no screen shows the trash at start, so it waits
  /// for the first frame (a query, ~0.05 ms at start-up).
  private func purgeOldTrash() {
    do {
      try context.store.purgeTrash()
    } catch {
      context.navigator.showError(error.message)
    }
  }

  /// The config file's problems, once at start: the first on the status line, and how many
  /// more `meals config --check` lists.
  public func reportConfigProblems(_ problems: [String]) {
    context.navigator.needsDisplay = true  // the footer follows the file's keys
    guard let first = problems.first else { return }
    // The count first, so a narrow window still says there is more than one.
    context.navigator.showNotice(
      problems.count == 1
        ? first
        : tr("%1$d problems in the config file (meals config --check); %2$s").filled(
          String(problems.count), first))
  }

  /// What waits for the first frame: the trash's purge, the catalogue's first import (its
  /// request loads libcurl, some milliseconds), the daily backup and the first sync.
  public func startAfterFirstFrame() {
    purgeOldTrash()
    context.catalogue.startIfNeeded()
    backUpIfDue()
    if !context.store.isReadOnly { context.sync.start(asked: false) }
  }

  /// The daily backup, when due: on its worker with its own connection, so neither the first
  /// frame nor a key waits for it (it takes a second or more at 100 000 meals).
  public func backUpIfDue() {
    guard context.store.isBackupDue, !isBackingUp else { return }
    isBackingUp = true
    let reader = context.backupReader
    let time = context.store.clock()
    let name = PathText.name(context.backupReader.path)
    context.backupWorker.run(
      { reader.backUp(time: time) },
      then: { [weak self] error in
        guard let self else { return }
        self.isBackingUp = false
        if let error {
          self.context.navigator.showError(tr("The daily backup failed: %s").filled(error.message))
        } else if self.context.navigator.status == nil {
          self.context.navigator.showInfo(
            tr("Today's backup is made (%s).").filled(name + ".bak.1"))
        }
      })
  }

  /// After the screen is given back at quit: changes still waiting for another program's lock
  /// (and a draft that met it) get up to 10 s more; returns what still could not be saved.
  public func landWaitingChanges(announce: (String) -> Void) -> [String] {
    if context.writes.isWaiting { announce(PendingWrites.waitingText) }
    context.store.setBusyTimeout(milliseconds: Int32(PendingWrites.patience))
    defer { context.store.setBusyTimeout(milliseconds: PendingWrites.lockWait) }
    let failures = context.writes.landAll()
    // A draft kept at quit that met the lock was put off a moment: now it may wait.
    context.navigator.keepUnsavedWork()
    return failures
  }

  /// Before the app exits: a backup under way is stopped (its temporary file removed, the
  /// backups as they were) rather than left half-written.
  public func finishBackgroundWork() {
    if isBackingUp { context.backupReader.interrupt() }
    context.serve.stop(saying: false)
    // A sync under way is waited for after the screen is given back (`syncAtQuit`).
    for worker in context.workers where worker !== context.sync.worker { worker.finishAll() }
    context.countReader.close()
    context.backupReader.close()
  }

  // MARK: - Drafts left unsaved

  /// Asks about each kept draft in turn: y opens the editor on it, n drops it, Esc asks
  /// again at the next start.
  private func offerKeptDrafts() {
    let drafts: [KeptDraft]
    do {
      drafts = try context.store.unsavedDrafts()
    } catch {
      context.navigator.showError(error.message)
      return
    }
    offer(drafts[...])
  }

  private func offer(_ drafts: ArraySlice<KeptDraft>) {
    guard let kept = drafts.first else { return }
    let navigator = context.navigator
    navigator.present(
      ConfirmPrompt(
        Self.recoveryQuestion(for: kept),
        onYes: { [weak self] in self?.root.openEditor(resuming: kept) },
        onNo: { [weak self] in
          guard let self else { return }
          let store = self.context.store
          self.context.write { () throws(StoreError) in
            try store.discardDraft(slot: kept.slot)
            navigator.showInfo(tr("Unsaved changes dropped."))
          }
          // The navigator keeps a prompt presented while the previous one closes.
          self.offer(drafts.dropFirst())
        },
        onEscape: { navigator.showInfo(tr("The unsaved changes are kept; asked again next time.")) }
      ))
  }

  static func recoveryQuestion(for kept: KeptDraft) -> String {
    let name = MealRules.trimmed(kept.draft.name)
    if kept.draft.isNew && !kept.mealWasDeleted {
      return name.isEmpty
        ? tr("Recover an unsaved new meal? (y/n)")
        : tr("Recover the unsaved new meal “%s”? (y/n)").filled(Quote.name(name))
    }
    var shown = name.isEmpty ? MealRules.trimmed(kept.draft.original.name) : name
    if shown.isEmpty { shown = tr("an unnamed meal") }
    return kept.mealWasDeleted
      ? tr(
        "Recover unsaved changes to “%s” (deleted since: it comes back as a new meal)? (y/n)"
      ).filled(Quote.name(shown))
      : tr("Recover unsaved changes to “%s”? (y/n)").filled(Quote.name(shown))
  }
}

/// Lets the event loop wait on the keyboard and every HTTP transfer at once.
public final class NetworkWaiter: Waiter {
  private let http: HTTPClient

  public init(http: HTTPClient) {
    self.http = http
  }

  public func wait(for descriptors: [Int32], timeoutMilliseconds: Int) -> Set<Int32> {
    http.wait(for: descriptors, timeoutMilliseconds: timeoutMilliseconds)
  }
}
