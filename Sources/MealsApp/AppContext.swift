import Files
import FoundationEssentials
import MealsCore
import MealsNet
import MealsStore
import TerminalUI
import Translation

/// What every screen shares: the navigator, the persistence controller, TheMealDB, and the
/// catalogue import.
public final class AppContext {
  public let navigator: Navigator
  public let store: MealStore
  public let service: MealDBService
  public let catalogue: CatalogueImport
  /// TheMealDB's answers for the browse screens, loaded lazily, once, and kept.
  public let remote: RemoteData
  /// Meal, category and ingredient pictures (off unless the app is given a mode).
  public let pictures: PictureLoader
  /// Counts over the saved meals, on a thread and a connection of their own.
  public let counter = Worker(label: "meals.counts")
  let countReader: StoreReader
  /// The daily backup, likewise (so it never holds up a count).
  public let backupWorker = Worker(label: "meals.backup")
  let backupReader: StoreReader
  /// Every worker, for the event loop to wait on.
  public var workers: [Worker] { [pictures.worker, counter, backupWorker, sync.worker, importer] }
  /// Imports a recipe manager's export from the import screen, with a connection of its own.
  let importer = Worker(label: "meals.import")
  /// The sync folder kept in step (`set sync-folder`), on a worker of its own.
  public let sync: AppSync
  /// The book served to a phone while the app runs (`P`).
  public let serve: AppServe
  /// Changes waiting for another program's write lock (`write`).
  let writes: PendingWrites
  /// Cook Mode's timers, which count on whatever screen is open.
  let timers: CookTimers
  /// Where each list was left (selected item and scroll), so reopening it finds it there.
  var listPositions: [String: ListPosition] = [:]
  /// The units meals are read in (`set units`, `set cup`; `U` cycles them while the app runs).
  public var units = UnitConversion.asWritten
  /// What counts as always at home for What can I cook (`set staples`).
  public var staples = Pantry.defaultStaples
  /// The rules the Week Plan's `s` fills a week by (`set plan-fresh-days`, …).
  public var planRules = PlanRules()
  /// Whether ticking a shopping list row puts it in the pantry (`set pantry-from-shopping`).
  public var pantryFromShopping = false
  /// The shop's aisles the shopping list follows (`aisle.conf` in the sync or config folder);
  /// nil when there is no folder for one.
  public var aisleFile: AisleFile?

  /// Today, as the store's clock and the user's time zone say: asked again after a minute (a
  /// book left open over midnight moves on), not at every row of every frame.
  var today: CivilDate {
    let now = store.clock()
    if let cachedToday, now >= cachedToday.at, now - cachedToday.at < 60 { return cachedToday.date }
    let date = CivilDate.today(Date(timeIntervalSince1970: now))
    cachedToday = (now, date)
    return date
  }
  private var cachedToday: (at: Double, date: CivilDate)?
  /// The last "cooked it" (`M`), which `M` on the same meal the same day takes back.
  var lastCooked: (mealID: Int64, entry: CookLogEntry)?

  /// `U`: the next units, said on the status line.
  func cycleUnits() {
    units.system = units.system.next
    navigator.showInfo(
      tr("Units: %s (the meals are not changed).").filled(units.system.label))
  }

  public init(
    navigator: Navigator, store: MealStore, service: MealDBService,
    pictures: PictureMode = .off, pictureCache: PictureCache? = nil, syncFolder: String? = nil,
    serving: AppServe.Options = AppServe.Options()
  ) {
    self.navigator = navigator
    self.store = store
    self.service = service
    self.catalogue = CatalogueImport(store: store, service: service, navigator: navigator)
    self.remote = RemoteData(store: store, service: service)
    writes = PendingWrites(navigator: navigator)
    timers = CookTimers(navigator: navigator, store: store)
    sync = AppSync(folder: syncFolder, store: store, navigator: navigator)
    serve = AppServe(options: serving, store: store, navigator: navigator)
    // A lock is waited for between keys (`PendingWrites`), not by blocking the loop for long.
    store.setBusyTimeout(milliseconds: PendingWrites.lockWait)
    self.pictures = PictureLoader(mode: pictures, service: service, cache: pictureCache)
    self.pictures.ownPhoto = { [unowned store] id in
      (try? store.photo(mealID: id)).flatMap { $0 }.map { Data($0.bytes) }
    }
    // Every read that fails is said, once while it stays the same.
    store.onReadFailure = { [unowned navigator] error in
      let message = Self.readFailure(error)
      if navigator.status?.text != message { navigator.showError(message) }
    }
    countReader = store.makeReader()
    backupReader = store.makeReader()
    remote.now = { [unowned navigator] in navigator.now() }
    self.pictures.changed = { [unowned navigator] in navigator.needsDisplay = true }
    self.pictures.report = { [unowned navigator] in navigator.showError($0) }
    let pictures = self.pictures
    navigator.onTerminalAttributes = { pictures.terminalAttributes($0) }
    navigator.onWindowReport = { pictures.windowReport($0, textSize: $1) }
  }

  /// Runs a change to the database and what the screen does once it is made; when another
  /// program holds the write lock it is tried again for up to 10 s while keys keep working.
  func write(
    _ change: @escaping () throws(StoreError) -> Void, failed: ((StoreError) -> Void)? = nil
  ) {
    if case .refused(let error) = writes.perform(change, failed: failed) {
      if let failed { failed(error) } else { navigator.showError(error.message) }
    }
  }

  /// A change made from `owner`: it lands now, or once another program's lock is released;
  /// `then` — what the screen does with it (a message, the selection, its delegate) — runs only
  /// while `owner` is still on the stack, so a screen closed meanwhile hears nothing (a failure
  /// is then said on the status line, not to the screen).
  func write<Owner: Screen, Value>(
    by owner: Owner, _ change: @escaping () throws(StoreError) -> Value,
    then reaction: @escaping (Owner, Value) -> Void,
    failed: ((Owner, StoreError) -> Void)? = nil
  ) {
    let navigator = self.navigator
    write(
      owned(by: owner, change, then: reaction),
      failed: { [weak owner] error in
        guard let failed, let owner, navigator.holds(owner) else {
          return navigator.showError(error.message)
        }
        failed(owner, error)
      })
  }

  /// A change only `owner` can want, made only while it is on the stack when it lands: an
  /// editor discarded while its save waited for a lock saves nothing.
  func writeWhileOpen<Owner: Screen>(
    by owner: Owner, _ change: @escaping (Owner) throws(StoreError) -> Void
  ) {
    let navigator = self.navigator
    write { [weak owner] () throws(StoreError) in
      guard let owner, navigator.holds(owner) else { return }
      try change(owner)
    }
  }

  /// `write` for a prompt that stays open on a refusal: the message of an error met at once
  /// (nil when the change was made, or waits for a lock; a later failure goes to the status line).
  func writeFromPrompt(_ change: @escaping () throws(StoreError) -> Void) -> String? {
    guard case .refused(let error) = writes.perform(change) else { return nil }
    return error.message
  }

  /// `writeFromPrompt` for a screen's prompt: `then` reaches `owner` only while it is on the
  /// stack, as with `write(by:)`.
  func writeFromPrompt<Owner: Screen, Value>(
    by owner: Owner, _ change: @escaping () throws(StoreError) -> Value,
    then reaction: @escaping (Owner, Value) -> Void
  ) -> String? {
    writeFromPrompt(owned(by: owner, change, then: reaction))
  }

  /// `change`, then `reaction` for `owner` if it is still on the stack when the change lands.
  private func owned<Owner: Screen, Value>(
    by owner: Owner, _ change: @escaping () throws(StoreError) -> Value,
    then reaction: @escaping (Owner, Value) -> Void
  ) -> () throws(StoreError) -> Void {
    let navigator = self.navigator
    return { [weak owner] () throws(StoreError) in
      let value = try change()
      guard let owner, navigator.holds(owner) else { return }
      reaction(owner, value)
    }
  }

  /// What a failed read says, on the status line and where a list's rows would be (never a
  /// false "nothing here").
  static func readFailure(_ error: StoreError) -> String {
    tr("Could not read the database (%s)").filled(error.message)
  }

  /// Says a failed read (a screen that keeps what it showed).
  func readFailed(_ error: StoreError) { store.onReadFailure?(error) }

  /// True when the window is wide enough for the list screens' preview pane.
  var showsPreviewPane: Bool { ListLayout(navigator.body).preview != nil }
}

extension AppContext {
  /// The Meal Editor on a saved meal (nil: a new one), reporting to `delegate`; a meal that
  /// cannot be read says so.
  func openEditor(mealID: Int64?, delegate: MealEditorScreenDelegate) {
    do {
      openEditor(draft: try store.editableCopy(of: mealID), delegate: delegate)
    } catch {
      navigator.showError(error.message)
    }
  }

  /// The Meal Editor on `draft`, or on one an earlier session kept (`keptSlot`).
  ///
  /// On a read-only database a saved meal opens to be read, saying so; a new one is refused.
  func openEditor(draft: MealDraft, keptSlot: Int64? = nil, delegate: MealEditorScreenDelegate) {
    if store.isReadOnly && draft.meal.id == nil {
      navigator.showError(MealEditorScreen.readOnlyNewMeal)
      return
    }
    let editor = MealEditorScreen(context: self, draft: draft, keptSlot: keptSlot)
    editor.delegate = delegate
    navigator.push(editor)
    if store.isReadOnly { navigator.showInfo(MealEditorScreen.readOnlyMessage) }
  }

  /// Where a list was left: its selected item's index among `keys` now, and its first row.
  func savedPosition(_ list: String, among keys: [String]) -> (selection: Int, top: Int)? {
    guard let saved = listPositions[list], let index = keys.firstIndex(of: saved.key) else {
      return nil
    }
    return (index, min(saved.top, index))
  }
}

/// A list's selected item (by a key that survives a refresh) and its first visible row.
struct ListPosition: Equatable {
  var key: String
  var top: Int
}
