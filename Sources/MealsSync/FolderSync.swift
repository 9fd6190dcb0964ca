import FoundationEssentials
import MealsCore
import MealsStore

#if canImport(Glibc)
  import Glibc
#endif

/// One whole sync of the book with its folder, as `meals sync` and the app run it: one at a
/// time per book (a lock beside the database), git around it when the folder is a work tree.
public enum FolderSync {
  /// Syncs `store` (kept at `databasePath`) with `folder`.
  ///
  /// With git: the folder's own changes committed, the upstream merged, the sync, what it
  /// wrote committed and pushed (pulled and synced once more when another machine pushed
  /// meanwhile).
  public static func run(
    store: MealStore, databasePath: String, folder: String, today: CivilDate,
    machine: SyncMachine = .here()
  ) -> Result<SyncReport, SyncError> {
    let lockPath = databasePath + ".sync-lock"
    let lock: Int32
    switch SyncLock.take(lockPath) {
    case .failure(let error): return .failure(error)
    case .success(let taken): lock = taken
    }
    // Removed while still held, so no 0-byte file is left beside the book between syncs.
    defer { SyncLock.release(lock, at: lockPath) }
    // A first sync may make its folder (its parent must be there); a folder synced before
    // that is gone is said, never made again (an unmounted disk's mount point).
    if !FileManager.default.fileExists(atPath: folder),
      store.setting(BookSync.folderSetting) != folder,
      FileManager.default.fileExists(atPath: PathText.folder(folder))
    {
      do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: false)
      } catch {
        return .failure(
          SyncError("cannot make the sync folder \(folder): \(ErrorText.message(error))."))
      }
    }
    do {
      return .success(try sync(store: store, folder: folder, today: today, machine: machine))
    } catch {
      return .failure(error)
    }
  }

  private static func sync(
    store: MealStore, folder: String, today: CivilDate, machine: SyncMachine
  ) throws(SyncError) -> SyncReport {
    let book = BookSync(store: store, folder: folder, today: today, machine: machine)
    let shopping = ShoppingSync(store: store, folder: SyncFolder(root: folder))
    let plan = PlanSync(store: store, folder: SyncFolder(root: folder))
    let cooked = CookLogSync(store: store, folder: SyncFolder(root: folder))
    var conflicts: [String] = []
    func both() throws(SyncError) -> SyncReport {
      var report = try book.run(namesGiven: Set(conflicts))
      // After the meals' step: the files as it left them, read once for both.
      let files = try RecipeFiles(store: store)
      report.shoppingListChanged = try shopping.run(files: files)
      let (planChanged, problems) = try plan.run(files: files)
      report.planChanged = planChanged
      report.setAside += problems
      report.cookLogChanged = try cooked.run()
      return report
    }
    guard GitFolder.isWorkTree(folder) else { return try both() }
    let git = GitFolder(root: folder, machine: machine)
    var gitSteps: [String] = []
    try git.excludeOwnTemporaries()
    conflicts += try git.recover()
    if try git.commitAll(message: "meals: changes made in the folder") {
      gitSteps.append("committed the folder's own changes")
    }
    var upstream = git.hasUpstream
    if upstream {
      conflicts += try git.pull()
      gitSteps.append("pulled")
    } else if let merged = try git.followRemote() {
      conflicts += merged
      upstream = true
      gitSteps.append("pulled")
    }
    try git.mergeLogsAsUnions()
    var report = try both()
    for attempt in 0..<3 {
      if try git.commitAll(message: report.commitMessage), attempt == 0 {
        gitSteps.append("committed")
      }
      guard upstream else { break }
      if try git.push() {
        gitSteps.append("pushed")
        break
      }
      // Another machine pushed meanwhile: merge it in, sync what it brought, push again.
      conflicts += try git.pull(taken: Set(conflicts + report.conflicts))
      let again = try both()
      report.merge(again)
    }
    // git's second versions were read as new files: they are said as conflicts.
    report.newFromFolder = max(0, report.newFromFolder - conflicts.count)
    report.conflicts = conflicts + report.conflicts
    report.git = gitSteps
    return report
  }
}

extension SyncReport {
  /// Adds a second pass's counts to this one's.
  mutating func merge(_ other: SyncReport) {
    changedHere += other.changedHere
    newFromFolder += other.newFromFolder
    changedInFolder += other.changedInFolder
    removedInFolder += other.removedInFolder
    conflicts += other.conflicts
    setAside += other.setAside
    readNotes += other.readNotes
    shoppingListChanged = shoppingListChanged || other.shoppingListChanged
    planChanged = planChanged || other.planChanged
    cookLogChanged = cookLogChanged || other.cookLogChanged
  }
}
