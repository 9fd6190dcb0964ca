import Files
import FoundationEssentials
import MealsCore
import MealsStore

/// Keeps the book and a folder of Cooklang files in step, both ways (`meals sync`).
///
/// Three phases, so that a sync cut short at any moment (SIGKILL, a full disk) leaves every
/// meal once and the next sync finishes the work: (1) list the folder and read only the files
/// whose size or time moved since the record; decide. (2) One transaction: the folder's
/// changes into the book (new meals, edits, removals to Recently Deleted, conflicts as second
/// meals) with the records of the files they came from. (3) The book's changes into the
/// folder, each file written whole, its record kept as it is written.
///
/// A file each: the plan and the run here, phase 1 in `BookSync+Decide`, phase 2 in
/// `BookSync+ToBook`, phase 3 in `BookSync+ToFolder`, the photos beside files in
/// `BookSync+Photos`.
public struct BookSync {
  let store: MealStore
  let folder: SyncFolder
  /// This machine and the minute, which a version kept beside another is named after.
  let machine: SyncMachine
  /// How near now a file's time makes its record unsure (`SyncRecord.settled`): wider where
  /// the folder's file system keeps times in steps of seconds.
  let window: Double

  public init(store: MealStore, folder: String, today: CivilDate, machine: SyncMachine) {
    self.store = store
    self.folder = SyncFolder(root: folder)
    self.machine = machine
    window = self.folder.keepsFineTimes ? SyncRecord.fineWindow : SyncRecord.coarseWindow
  }

  // MARK: - The plan

  /// A meal's file to write from the book; `from` is the file it has now (moved from there
  /// first, so a sync cut short finds it by its `meals-id`).
  struct FileWrite {
    var uid: String
    var from: String?
    var isConflict = false
  }

  /// A meal read from a file, bound to that file.
  struct Read {
    var meal: Meal
    var uid: String
    var entry: SyncFolder.Entry
    var hash: String
    /// Whether the file says its `meals-id` (a file written by hand does not, at first).
    var hasID = true
    /// What the file says wrongly, read as well as it could be (`line 3: …`).
    var notes: [String] = []
    /// Whether its category is the folder it is in (the file names none): moved to another
    /// folder, the same text says another meal.
    var categoryFromFolder = false
  }

  struct Plan {
    /// Meals this book saved that the folder already has under another book's id (the same
    /// TheMealDB meal): they take the folder's id, before anything else is applied.
    var rekeys: [(id: Int64, uid: String)] = []
    /// This book's own version of a TheMealDB meal the folder holds otherwise: kept beside it,
    /// renamed as a conflict and unlinked from TheMealDB (one meal holds the id).
    var unlinks: [(id: Int64, name: String)] = []
    /// This book's own versions of meals the folder changed meanwhile, kept beside them as
    /// meals of their own (with the photo of the meal they were), before the folder's
    /// versions replace them.
    var ownCopies: [(fromID: Int64, meal: Meal, uid: String)] = []
    var inserts: [Read] = []
    var replaces: [(id: Int64, read: Read)] = []
    /// Meals replaced by the folder's version whose photo is the folder's alone (none there:
    /// none in the meal; its own went with its own version).
    var photoFromFileOnly = Set<Int64>()
    /// Syncthing conflict copies another machine already made meals of: removed.
    var strayCopies: [String] = []
    /// Meals whose recorded file is another meal's now: never written over it.
    var displaced = Set<String>()
    var trashes: [(id: Int64, uid: String)] = []
    var dropRecords: [String] = []
    var touches: [SyncRecord] = []
    var writes: [FileWrite] = []
    var removals: [(path: String, uid: String)] = []
    /// Files written by hand that are given their meal's `meals-id` (one line added).
    var idLines: [(path: String, uid: String)] = []
    /// Photos changed beside recipe files that did not change (taken into their meals when
    /// their bytes differ), with the photo's modification time to record.
    var photoTakes: [(id: Int64, record: SyncRecord, mtime: Double)] = []
    /// Photos whose modification time is recorded for the first time (nothing read).
    var photoStamps: [(uid: String, mtime: Double)] = []
    /// Photos removed from beside files that did not change: gone from their meals too.
    var photoDrops: [(id: Int64, record: SyncRecord)] = []
    /// Files moved by hand without their photos: the photos follow them.
    var photoMoves: [(from: String, to: String)] = []
  }

  // MARK: - Running

  /// Runs the sync; `namesGiven` are the names git's merge gave versions it kept (new files
  /// yet to be read), which a version kept here must not take too.
  public func run(namesGiven: Set<String> = []) throws(SyncError) -> SyncReport {
    var report = SyncReport(folder: folder.root)
    let (files, problems, photos) = try folder.list()
    let records: [String: SyncRecord]
    let meals: [SyncedMeal]
    do {
      // The records are of one folder: another folder starts afresh (its files and the
      // book's meals are matched by their ids).
      let real = SyncFolder.realPath(folder.root) ?? folder.root
      if store.setting(Self.folderSetting) != real {
        try store.forgetSyncRecords(folder: real, setting: Self.folderSetting)
      }
      records = try store.syncRecords()
      meals = try store.syncedMeals()
    } catch {
      throw SyncError(error.message)
    }
    report.setAside = problems.map { "\($0.path): \($0.reason)" }
    // An unmounted disk's empty mount point must not read as "every file removed"; a folder
    // that still holds anything (git's `.git`, Syncthing's `.stfolder`, the plan) is there,
    // its recipes removed by hand.
    if !records.isEmpty && files.isEmpty && Self.isEmptyFolder(folder.root) {
      throw SyncError(
        "the sync folder \(folder.root) holds none of the \(records.count) recipes synced before (a disk not mounted?); nothing was changed."
      )
    }
    var plan = Plan()
    decide(
      records: records, meals: meals, files: files, namesGiven: namesGiven, plan: &plan,
      report: &report)
    changedPhotos(records: records, meals: meals, files: files, photos: photos, plan: &plan)
    report.changedInFolder += try applyToBook(plan, report: &report)
    try applyToFolder(plan, files: files, report: &report)
    return report
  }
}
