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
  private struct FileWrite {
    var uid: String
    var from: String?
    var isConflict = false
  }

  /// A meal read from a file, bound to that file.
  private struct Read {
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

  private struct Plan {
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

  // MARK: - Phase 1: deciding

  private func decide(
    records: [String: SyncRecord], meals: [SyncedMeal], files: [String: SyncFolder.Entry],
    namesGiven: Set<String>, plan: inout Plan, report: inout SyncReport
  ) {
    let mealByUID = Dictionary(meals.map { ($0.uid, $0) }, uniquingKeysWith: { first, _ in first })
    let mealByDBID = Dictionary(
      meals.compactMap { meal in meal.mealDBID.map { ($0, meal) } },
      uniquingKeysWith: { first, _ in first })
    // Meals from the web this book has never put in the folder, by their page's address.
    let unsyncedBySource = Dictionary(
      meals.filter { records[$0.uid] == nil }.compactMap { meal in
        meal.sourceURL.map { ($0, meal) }
      },
      uniquingKeysWith: { first, _ in first })
    var accounted = Set<String>()
    /// The book's meals never put in the folder, by what they would write (no id): made the
    /// first time a new file asks.
    var contentIndex: [String: SyncedMeal]?
    func unsyncedByContent() -> [String: SyncedMeal] {
      if let contentIndex { return contentIndex }
      var index: [String: SyncedMeal] = [:]
      for meal in meals where records[meal.uid] == nil {
        guard let stored = try? store.meal(id: meal.id) else { continue }
        index[ContentHash.of(Cooklang.render(stored, syncID: ""))] = meal
      }
      contentIndex = index
      return index
    }
    let recordByPath = Dictionary(
      records.values.map { ($0.path, $0) }, uniquingKeysWith: { first, _ in first })
    var missing: [String: SyncRecord] = [:]
    var handled = Set<String>()

    /// `name`, or `name 2`, `name 3`… when the book holds it already or this sync gave it.
    var given = namesGiven
    func unique(_ name: String) -> String {
      var candidate = name
      var number = 2
      while given.contains(candidate) || !store.mealIDs(named: candidate).isEmpty {
        candidate = "\(name) \(number)"
        number += 1
      }
      given.insert(candidate)
      return candidate
    }

    /// The name this book's own version of a meal gets beside the folder's: none a meal in
    /// Recently Deleted has either (one deleted here may come back from a machine that kept
    /// it, and two versions never share a name).
    func ownName(_ name: String) -> String {
      let conflict = SyncPaths.conflictName(
        name, editor: .machine(machine.name), time: machine.time)
      var candidate = unique(conflict)
      var number = 2
      while !store.trashedMealIDs(named: candidate).isEmpty {
        given.remove(candidate)
        candidate = unique("\(conflict) \(number)")
        number += 1
      }
      return candidate
    }

    func leaveAlone(_ problem: SyncFolder.Problem) {
      report.setAside.append("\(problem.path): \(problem.reason)")
    }

    /// A file read (once a sync), what it says wrongly kept for the report.
    var readFiles: [String: Result<Read, SyncFolder.Problem>] = [:]
    func reading(_ entry: SyncFolder.Entry) -> Result<Read, SyncFolder.Problem> {
      if let known = readFiles[entry.path] { return known }
      let result = read(entry)
      if case .success(let read) = result { report.readNotes += read.notes }
      readFiles[entry.path] = result
      return result
    }

    // Two files that say one id (a file moved on one machine and changed on another, both
    // kept by Syncthing; a copy made by hand): the one whose path sorts first is the meal's,
    // the others meals of their own — the same choice on every machine, whatever it recorded.
    var keeper: [String: String] = [:]
    for (path, entry) in files {
      let uid: String
      if let record = recordByPath[path], !moved(entry, record) {
        uid = record.uid
      } else if case .success(let read) = reading(entry) {
        uid = read.uid
      } else {
        continue
      }
      if let kept = keeper[uid], kept.utf8.lexicographicallyPrecedes(path.utf8) { continue }
      keeper[uid] = path
    }

    /// A new file of a TheMealDB meal the book holds under another id (two books saved it).
    ///
    /// Never in the folder from here and alike: one meal, which takes the file's id. Never in
    /// the folder and different: the file's version holds the TheMealDB id (it came first);
    /// this book's is kept beside it, named as a conflict and unlinked. Already in the folder
    /// under its own file: the new file is the second claim, kept as a conflict copy, unlinked.
    func sameMealDB(_ read: Read, held: SyncedMeal, recorded: Bool) {
      let path = read.entry.path
      if !recorded && !handled.contains(held.uid) && !claimed.contains(held.uid) {
        handled.insert(held.uid)
        claimed.insert(read.uid)
        if agrees(read, with: held, as: read.uid) {
          plan.rekeys.append((held.id, read.uid))
          plan.touches.append(bound(read, stamp: held.updatedAt))
          return
        }
        let name = ownName((try? store.meal(id: held.id))??.name ?? read.meal.name)
        plan.unlinks.append((held.id, name))
        plan.inserts.append(read)
        plan.writes.append(FileWrite(uid: held.uid, from: nil))
        report.newFromFolder += 1
        report.conflicts.append(name)
        return
      }
      var copy = read
      copy.meal.name = unique(
        "\(SyncPaths.withoutConflictNote(read.meal.name)) (a second copy of TheMealDB \(held.mealDBID ?? ""))"
      )
      copy.meal.mealDBID = nil
      copy.uid = SyncPaths.derivedID(read.uid + " " + path)
      claimed.insert(copy.uid)
      plan.inserts.append(copy)
      plan.writes.append(FileWrite(uid: copy.uid, from: path, isConflict: true))
      report.conflicts.append(copy.meal.name)
    }

    /// Both sides changed one meal: the folder's version keeps it (its name, file and id:
    /// it reached the folder first, and every machine reads it so); this book's own version
    /// is kept beside it as a meal of its own, named after this machine and the minute, so
    /// the two read the same on every machine.
    func conflict(_ read: Read, book meal: SyncedMeal) {
      handled.insert(meal.uid)
      plan.replaces.append((meal.id, read))
      plan.photoFromFileOnly.insert(meal.id)
      report.changedInFolder += 1
      guard var own = try? store.meal(id: meal.id) else { return }
      own.name = ownName(own.name)
      own.mealDBID = nil
      let uid = SyncPaths.derivedID(meal.uid + " " + own.name)
      plan.ownCopies.append((meal.id, own, uid))
      plan.writes.append(FileWrite(uid: uid, from: nil, isConflict: true))
      report.conflicts.append(own.name)
    }

    // In no particular order: what the plan holds is put in order where order matters.
    for record in records.values {
      var entry = files[record.path]
      if entry != nil, mealByUID[record.uid] != nil, let kept = keeper[record.uid],
        kept != record.path
      {
        // Another file holds this meal now: this one is read as a new file.
        entry = nil
      }
      if let present = entry, moved(present, record), case .success(let read) = reading(present),
        read.hasID, read.uid != record.uid
      {
        // Another meal's file in this one's place (this one moved or removed, that one
        // written here): each meal goes by the id its file says.
        entry = nil
        plan.displaced.insert(record.uid)
      }
      if entry != nil { accounted.insert(record.path) }
      guard let meal = mealByUID[record.uid] else {
        // Deleted in the book: its file goes, unless the folder changed it since.
        guard let entry else {
          plan.dropRecords.append(record.uid)
          continue
        }
        if !moved(entry, record) {
          plan.removals.append((record.path, record.uid))
          continue
        }
        switch reading(entry) {
        case .failure(let problem): leaveAlone(problem)
        case .success(let read) where read.hash == record.hash:
          plan.removals.append((record.path, record.uid))
        case .success(var read):
          read.uid = record.uid
          plan.inserts.append(read)
          report.changedInFolder += 1
        }
        continue
      }
      handled.insert(record.uid)
      guard let entry else {
        missing[record.uid] = record
        continue
      }
      let bookChanged = meal.updatedAt != record.stamp
      guard moved(entry, record) else {
        if bookChanged || SyncPaths.isSyncthingConflict(record.path) {
          plan.writes.append(FileWrite(uid: record.uid, from: record.path))
        }
        continue
      }
      switch reading(entry) {
      case .failure(let problem): leaveAlone(problem)
      case .success(let read) where read.hash == record.hash:
        // Touched, not changed.
        var touched = record
        touched.size = entry.size
        touched.mtime = entry.mtime
        plan.touches.append(touched)
        if bookChanged { plan.writes.append(FileWrite(uid: record.uid, from: record.path)) }
      case .success(var read):
        read.uid = record.uid
        if !bookChanged {
          plan.replaces.append((meal.id, read))
          report.changedInFolder += 1
          // The photo put beside the file is gone from there (removed with a change): gone
          // from the meal too, as every book reading the folder has it.
          if photoRemoved(record) { plan.photoFromFileOnly.insert(meal.id) }
        } else if agrees(read, with: meal) {
          plan.touches.append(bound(read, stamp: meal.updatedAt))
        } else {
          conflict(read, book: meal)
        }
      }
    }

    // Files no record knows: new ones, moved ones, copies, Syncthing's conflict copies.
    var claimed = Set<String>()
    // Syncthing's conflict copies last: the meal a copy was made into may come in this sync.
    let unaccounted = files.keys.filter { !accounted.contains($0) }.sorted {
      let (first, second) = (SyncPaths.isSyncthingConflict($0), SyncPaths.isSyncthingConflict($1))
      return first != second ? second : $0 < $1
    }
    for path in unaccounted {
      guard let entry = files[path] else { continue }
      let read: Read
      switch reading(entry) {
      case .failure(let problem):
        leaveAlone(problem)
        continue
      case .success(let value): read = value
      }
      let id = read.uid
      if let stamp = SyncPaths.syncthingConflict(PathText.name(path)) {
        // The same name and id on every machine that reads the copy, so two that read it
        // before they meet make one meal; one that finds it made removes it.
        var copy = read
        copy.uid = SyncPaths.derivedID(read.uid + " " + path)
        let name = SyncPaths.conflictName(
          read.meal.name, editor: .device(stamp.device),
          time: stamp.time.isEmpty ? machine.time : stamp.time)
        // Made a meal of already (here, or on a machine whose file comes in this sync): the
        // copy goes, unless someone changed it since (then what they wrote is a meal of its
        // own, never lost with the copy).
        var same = copy.meal
        same.name = name
        same.mealDBID = nil
        if let made = mealByUID[copy.uid], agrees(rendering: same, with: made) {
          plan.strayCopies.append(path)
          continue
        }
        if mealByUID[copy.uid] == nil,
          let made = plan.inserts.first(where: { $0.uid == copy.uid }),
          Cooklang.render(made.meal, syncID: "") == Cooklang.render(same, syncID: "")
        {
          plan.strayCopies.append(path)
          continue
        }
        while mealByUID[copy.uid] != nil || claimed.contains(copy.uid) || records[copy.uid] != nil {
          copy.uid = SyncPaths.derivedID(copy.uid + " " + path)
        }
        copy.meal.name = unique(name)
        copy.meal.mealDBID = nil
        claimed.insert(copy.uid)
        plan.inserts.append(copy)
        plan.writes.append(FileWrite(uid: copy.uid, from: path, isConflict: true))
        report.conflicts.append(copy.meal.name)
        continue
      }
      let isKeeper = keeper[id] == path
      if isKeeper, let record = missing.removeValue(forKey: id), let meal = mealByUID[id] {
        // Moved or renamed by hand.
        claimed.insert(id)
        let bookChanged = meal.updatedAt != record.stamp
        // The same text in another folder says another category when it names none.
        let sameMeal =
          read.hash == record.hash
          && !(read.categoryFromFolder && PathText.folder(path) != PathText.folder(record.path))
        if sameMeal {
          plan.touches.append(bound(read, stamp: record.stamp))
          if bookChanged { plan.writes.append(FileWrite(uid: id, from: path)) }
        } else if !bookChanged {
          plan.replaces.append((meal.id, read))
          report.changedInFolder += 1
          // Its old file still there is another meal's now, with the photo beside it; or the
          // photo put in the folder went with the old file: this meal's photo is the one
          // beside its file, or none.
          if files[record.path] != nil || photoRemoved(record) {
            plan.photoFromFileOnly.insert(meal.id)
          }
        } else if agrees(read, with: meal) {
          plan.touches.append(bound(read, stamp: meal.updatedAt))
        } else {
          conflict(read, book: meal)
          continue
        }
        plan.photoMoves.append((record.path, path))
        continue
      }
      if isKeeper, let meal = mealByUID[id], !handled.contains(id), !claimed.contains(id) {
        // The book has the meal but no record of its file (a first sync cut short, or a
        // meal both machines had): one meal when they agree, else both kept.
        claimed.insert(id)
        handled.insert(id)
        if agrees(read, with: meal) {
          plan.touches.append(bound(read, stamp: meal.updatedAt))
        } else {
          conflict(read, book: meal)
        }
        continue
      }
      if let key = read.meal.mealDBID, let held = mealByDBID[key], held.uid != id,
        mealByUID[id] == nil
      {
        sameMealDB(read, held: held, recorded: records[held.uid] != nil)
        continue
      }
      // The same page imported in two books: one meal when they say the same (the page's
      // address is no unique key: different versions are simply two meals).
      if read.meal.mealDBID == nil, let address = read.meal.sourceURL,
        let held = unsyncedBySource[address], held.uid != id, mealByUID[id] == nil,
        !handled.contains(held.uid), !claimed.contains(held.uid),
        agrees(read, with: held, as: id)
      {
        handled.insert(held.uid)
        claimed.insert(id)
        plan.rekeys.append((held.id, id))
        plan.touches.append(bound(read, stamp: held.updatedAt))
        continue
      }
      // The same meal saved in two books before they met by any other way (the same export
      // imported in both, a meal typed alike): one meal when they say exactly the same.
      if mealByUID[id] == nil, records[id] == nil, isKeeper,
        let held = unsyncedByContent()[ContentHash.of(Cooklang.render(read.meal, syncID: ""))],
        held.uid != id, !handled.contains(held.uid), !claimed.contains(held.uid)
      {
        handled.insert(held.uid)
        claimed.insert(id)
        plan.rekeys.append((held.id, id))
        plan.touches.append(bound(read, stamp: held.updatedAt))
        continue
      }
      var new = read
      if mealByUID[id] != nil || claimed.contains(id) || records[id] != nil || !isKeeper {
        // A copy of another meal's file (made by hand, or a file moved on one machine and
        // changed on another, both kept): a meal of its own, its file given its own id, and
        // named after where it is — the same on every machine that finds it.
        new.uid = SyncPaths.derivedID(id + " " + path)
        // A copy made from this path before (Syncthing brought an older version back): the
        // next id of the same chain.
        while mealByUID[new.uid] != nil || claimed.contains(new.uid) || records[new.uid] != nil {
          new.uid = SyncPaths.derivedID(new.uid + " " + path)
        }
        new.meal.name = SyncPaths.copyName(read.meal.name, path: path)
        plan.writes.append(FileWrite(uid: new.uid, from: path))
      }
      claimed.insert(new.uid)
      // A later conflict copy's version is never given this name too.
      given.insert(new.meal.name)
      plan.inserts.append(new)
      if !new.hasID && new.uid == read.uid { plan.idLines.append((path, new.uid)) }
      report.newFromFolder += 1
    }

    // Recorded files gone from the folder.
    for record in missing.values.sorted(by: { $0.path < $1.path }) {
      guard let meal = mealByUID[record.uid] else { continue }
      if meal.updatedAt != record.stamp {
        // Changed in the book meanwhile: the edit is kept, its file written again.
        plan.writes.append(FileWrite(uid: record.uid, from: nil))
      } else {
        plan.trashes.append((meal.id, record.uid))
        report.removedInFolder += 1
      }
    }

    // Meals the folder has never had (new in the book, or put back from Recently Deleted).
    for meal in meals where records[meal.uid] == nil && !handled.contains(meal.uid) {
      plan.writes.append(FileWrite(uid: meal.uid, from: nil))
    }
  }

  /// Whether a folder holds nothing at all, hidden files included.
  private static func isEmptyFolder(_ path: String) -> Bool {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).isEmpty
  }

  /// Whether the file's size or time is not what the record says (then it is read); an
  /// unsure record (`SyncRecord.settled`) always is.
  private func moved(_ entry: SyncFolder.Entry, _ record: SyncRecord) -> Bool {
    entry.size != record.size || entry.mtime != record.mtime
  }

  /// The file read as a meal: its id from `meals-id` (a new one without), the folder it is in
  /// as its category when it names none.
  private func read(_ entry: SyncFolder.Entry) -> Result<Read, SyncFolder.Problem> {
    let text: String
    switch folder.read(entry.path) {
    case .failure(let problem): return .failure(problem)
    case .success(let value): text = value
    }
    let candidate = Cooklang.meal(from: text, fileName: PathText.name(entry.path))
    guard var meal = candidate.meal else {
      return .failure(SyncFolder.Problem(path: entry.path, reason: candidate.problem ?? "not read"))
    }
    let parent = PathText.folder(entry.path)
    let categoryFromFolder = meal.category == nil
    if categoryFromFolder, !parent.isEmpty { meal.category = PathText.name(parent) }
    var draft = MealDraft(of: nil)
    draft.meal = meal
    if case .failure(let rule) = draft.validated(steps: .mayBeMissing) {
      return .failure(SyncFolder.Problem(path: entry.path, reason: rule.message))
    }
    let id = Cooklang.syncID(in: text)
    return .success(
      Read(
        meal: meal, uid: id ?? SyncPaths.newID(), entry: entry, hash: ContentHash.of(text),
        hasID: id != nil, notes: candidate.notes.map { "\(entry.path): \($0)" },
        categoryFromFolder: categoryFromFolder))
  }

  /// Whether the file says exactly what the book's meal would write.
  ///
  /// Under `uid`: the meal's own id, unless it is to take the file's.
  private func agrees(_ read: Read, with meal: SyncedMeal, as uid: String? = nil) -> Bool {
    guard let stored = try? store.meal(id: meal.id) else { return false }
    // The folder it is in says its category when its text does not.
    if read.categoryFromFolder, stored.category != read.meal.category { return false }
    return ContentHash.of(Cooklang.render(stored, syncID: uid ?? meal.uid)) == read.hash
  }

  /// Whether `meal` says what the book's meal says (ids aside).
  private func agrees(rendering meal: Meal, with held: SyncedMeal) -> Bool {
    guard let stored = try? store.meal(id: held.id) else { return false }
    return Cooklang.render(stored, syncID: "") == Cooklang.render(meal, syncID: "")
  }

  private func bound(_ read: Read, stamp: Double) -> SyncRecord {
    SyncRecord(
      uid: read.uid, path: read.entry.path, hash: read.hash, size: read.entry.size,
      mtime: read.entry.mtime, stamp: stamp)
  }

  /// Why the book refused a file's change, in words a cook acts on.
  static func words(for error: StoreError) -> String {
    switch error.kind {
    case .constraint:
      return "the book already holds a meal with the id this file gives (its meals-id line); "
        + "it stays in the folder and is tried again at the next sync — to keep it as a meal "
        + "of its own, remove that line from the file"
    case .notFound: return "its meal is no longer in the book; tried again at the next sync"
    default: return "\(error.message) It stays in the folder and is tried again at the next sync."
    }
  }

  /// The setting that names the folder the records are of.
  static let folderSetting = "sync.folder"

  // MARK: - Phase 2: the folder's changes into the book

  /// Returns how many photos beside unchanged files were taken in (another machine's).
  ///
  /// Each file's change in a savepoint of its own: one the book refuses (a rule of its tables)
  /// is set aside with its reason, its record left as it was so the next sync tries it again,
  /// and the rest is kept. A full disk or a failing device stops the whole step.
  private func applyToBook(_ plan: Plan, report: inout SyncReport) throws(SyncError) -> Int {
    guard
      !(plan.inserts.isEmpty && plan.replaces.isEmpty && plan.trashes.isEmpty
        && plan.dropRecords.isEmpty && plan.touches.isEmpty && plan.photoTakes.isEmpty
        && plan.photoStamps.isEmpty && plan.rekeys.isEmpty && plan.unlinks.isEmpty
        && plan.photoDrops.isEmpty
        && plan.ownCopies.isEmpty)
    else { return 0 }
    var photosTaken = 0
    var refused: [String] = []
    /// One file's change, set aside when the book refuses it.
    func each(_ path: String, _ change: () throws(StoreError) -> Void) throws(StoreError) {
      do {
        try store.savepoint(change)
      } catch {
        guard [.constraint, .invalid, .notFound].contains(error.kind) else { throw error }
        refused.append("\(path): \(Self.words(for: error))")
      }
    }
    let ownCopies = Dictionary(
      plan.ownCopies.map { ($0.fromID, $0) }, uniquingKeysWith: { first, _ in first })
    defer { report.setAside += refused }
    do {
      try store.syncTransaction { () throws(StoreError) in
        for (id, uid) in plan.rekeys { try store.rekeySynced(mealID: id, to: uid) }
        for (id, name) in plan.unlinks {
          guard var meal = try store.meal(id: id) else { continue }
          meal.name = name
          meal.mealDBID = nil
          try store.replaceSynced(meal, id: id)
        }
        for uid in plan.dropRecords { try store.removeSyncRecord(uid: uid) }
        for touch in plan.touches { try store.setSyncRecord(touch, window: window) }
        for (id, read) in plan.replaces {
          try each(read.entry.path) { () throws(StoreError) in
            // This book's own version first, kept beside the folder's (a conflict).
            if let own = ownCopies[id] {
              let copy = try store.insertSynced(own.meal, uid: own.uid)
              if let photo = try store.photo(mealID: id) { try store.setPhoto(photo, mealID: copy) }
            }
            try store.replaceSynced(read.meal, id: id)
            if !(try takePhoto(besides: read.entry.path, mealID: id)),
              plan.photoFromFileOnly.contains(id), photos(besides: read.entry.path).isEmpty
            {
              try store.setPhoto(nil, mealID: id)
            }
            try store.setSyncRecord(
              bound(read, stamp: try store.updatedAt(mealID: id) ?? 0), window: window)
            try stampPhoto(besides: read.entry.path, uid: read.uid)
          }
        }
        for read in plan.inserts {
          try each(read.entry.path) { () throws(StoreError) in
            var meal = read.meal
            // A TheMealDB id the book holds already (a case the plan did not foresee) is never
            // a constraint that stops the sync: this meal comes in unlinked.
            if let key = meal.mealDBID, try store.mealID(forMealDBID: key) != nil {
              meal.mealDBID = nil
            }
            let id = try store.insertSynced(meal, uid: read.uid)
            try takePhoto(besides: read.entry.path, mealID: id)
            try store.setSyncRecord(
              bound(read, stamp: try store.updatedAt(mealID: id) ?? 0), window: window)
            try stampPhoto(besides: read.entry.path, uid: read.uid)
          }
        }
        for (id, record, mtime) in plan.photoTakes {
          if try takePhoto(besides: record.path, mealID: id) { photosTaken += 1 }
          var taken = record
          taken.stamp = try store.updatedAt(mealID: id) ?? record.stamp
          taken.photoMtime = mtime
          try store.setSyncRecord(taken, window: window)
        }
        for (uid, mtime) in plan.photoStamps { try store.setSyncPhotoMtime(mtime, uid: uid) }
        for (id, record) in plan.photoDrops {
          try store.setPhoto(nil, mealID: id)
          var dropped = record
          dropped.stamp = try store.updatedAt(mealID: id) ?? record.stamp
          dropped.photoMtime = nil
          try store.setSyncRecord(dropped, window: window)
          try store.clearSyncPhotoMtime(uid: record.uid)
          photosTaken += 1
        }
        for (id, uid) in plan.trashes {
          try store.deleteMeal(id: id)
          try store.removeSyncRecord(uid: uid)
        }
      }
    } catch {
      throw SyncError("cannot write the folder's changes into the book: \(error.message)")
    }
    return photosTaken
  }

  // MARK: - Phase 3: the book's changes into the folder

  private func applyToFolder(
    _ plan: Plan, files: [String: SyncFolder.Entry], report: inout SyncReport
  ) throws(SyncError) {
    guard
      !(plan.writes.isEmpty && plan.idLines.isEmpty && plan.removals.isEmpty
        && plan.photoMoves.isEmpty && plan.strayCopies.isEmpty)
    else { return }
    for path in plan.strayCopies { try folder.remove(path) }
    // A photo left where a moved file was follows it — unless another recipe's file is there
    // now (another meal took that name): the photo is that one's.
    for (from, to) in plan.photoMoves where photos(besides: to).isEmpty && files[from] == nil {
      try movePhotos(besides: from, to: to)
    }
    var taken = Set(files.keys.map { $0.lowercased() })
    /// Paths this sync has given a meal's file already: never another's, even when it was
    /// that one's before (its file removed, another meal renamed into its place).
    var claimed = Set<String>()
    // Asked of the file system once, when a name first needs it.
    var portable: Bool?
    func mustBePortable(_ meal: Meal) -> Bool {
      if let portable { return portable }
      guard SyncPaths.needsPortableForm(SyncPaths.path(name: meal.name, category: meal.category))
      else { return false }
      let answer = !folder.holdsAnyName()
      portable = answer
      return answer
    }
    var records: [String: SyncRecord]
    do { records = try store.syncRecords() } catch { throw SyncError(error.message) }
    var pending: [SyncRecord] = []
    func flush() throws(SyncError) {
      guard !pending.isEmpty else { return }
      do {
        try store.syncTransaction { () throws(StoreError) in
          for record in pending { try store.setSyncRecord(record, window: window) }
        }
      } catch {
        throw SyncError("cannot keep the sync record: \(error.message)")
      }
      pending = []
    }
    /// Files written in batches: every text first, one flush of the file system, then the
    /// renames (each file still appears whole or not at all), then their records.
    var batch: [(text: String, path: String, uid: String, hash: String, stamp: Double)] = []
    func writeBatch() throws(SyncError) {
      guard !batch.isEmpty else { return }
      let entries = try folder.writeAll(batch.map { ($0.text, $0.path) })
      for (item, written) in zip(batch, entries) {
        guard let entry = written else {
          // A name this file system cannot hold (too long, an encoding it refuses).
          report.setAside.append(
            "\(item.path): this folder's file system cannot hold a file of that name — give the meal a shorter or plainer name; it is written at the next sync"
          )
          continue
        }
        let record = SyncRecord(
          uid: item.uid, path: item.path, hash: item.hash, size: entry.size, mtime: entry.mtime,
          stamp: item.stamp)
        records[item.uid] = record
        pending.append(record)
      }
      batch = []
      try flush()
    }
    for write in plan.writes {
      guard let synced = try? store.syncedMeal(uid: write.uid),
        let meal = try? store.meal(id: synced.id)
      else { continue }
      let text = Cooklang.render(meal, syncID: write.uid)
      let hash = ContentHash.of(text)
      // A recorded file that is another meal's now is never this one's to write over.
      let recorded =
        write.from ?? (plan.displaced.contains(write.uid) ? nil : records[write.uid].map(\.path))
      // Its former place given to another meal in this sync: its file there is that one's.
      let from = recorded.flatMap { claimed.contains($0.lowercased()) ? nil : $0 }
      let target = self.target(
        for: meal, from: from, taken: taken, portable: mustBePortable(meal))
      claimed.insert(target.lowercased())
      if let from, from == target, let record = records[write.uid], record.hash == hash,
        let entry = folder.entry(from), entry.mtime == record.mtime,
        entry.size == record.size || (record.isUnsure && folder.holds(hash, at: from))
      {
        // The same text: only the stamp moves.
        var same = record
        same.stamp = synced.updatedAt
        pending.append(same)
        try putPhoto(
          of: meal, mealID: synced.id, uid: write.uid, record: records[write.uid], besides: from)
        continue
      }
      if let from, from != target, folder.entry(from) != nil {
        try movePhotos(besides: from, to: target)
        try folder.move(from, to: target)
        taken.remove(from.lowercased())
      }
      try putPhoto(
        of: meal, mealID: synced.id, uid: write.uid, record: records[write.uid], besides: target)
      taken.insert(target.lowercased())
      batch.append((text, target, write.uid, hash, synced.updatedAt))
      if !write.isConflict { report.changedHere += 1 }
      if batch.count >= 500 { try writeBatch() }
    }
    try writeBatch()
    for (path, uid) in plan.idLines { try giveID(uid, toFileAt: path, records: &records) }
    try flush()
    for (path, uid) in plan.removals {
      for photo in photos(besides: path) { try folder.remove(photo) }
      try folder.remove(path)
      do { try store.removeSyncRecord(uid: uid) } catch { throw SyncError(error.message) }
      report.changedHere += 1
    }
  }

  // MARK: - Photos beside the files

  /// Meals whose file did not change but whose photo beside it may have (another machine put
  /// a new one there): told by the photo's size against the book's, or by its modification
  /// time against the one recorded (a photo of the same size); read only then.
  private func changedPhotos(
    records: [String: SyncRecord], meals: [SyncedMeal], files: [String: SyncFolder.Entry],
    photos: [String: SyncFolder.Entry], plan: inout Plan
  ) {
    var busy = Set(plan.replaces.map(\.read.uid) + plan.inserts.map(\.uid) + plan.writes.map(\.uid))
    busy.formUnion(plan.trashes.map(\.uid))
    // A file touched or moved this sync: its record as it is now (the photo is looked for
    // beside where the file is, and the record kept with the photo's time is that one).
    let touched = Dictionary(
      plan.touches.map { ($0.uid, $0) }, uniquingKeysWith: { first, _ in first })
    let movedTo = Dictionary(plan.photoMoves, uniquingKeysWith: { first, _ in first })
    for meal in meals where !busy.contains(meal.uid) {
      // A meal bound to its file only now (both books had it) is looked at too: its photo
      // goes beside the file, or the one there comes in, in this sync.
      guard photos.isEmpty == false || meal.photoBytes != nil,
        let recorded = records[meal.uid] ?? touched[meal.uid], recorded.stamp == meal.updatedAt
      else { continue }
      var record = recorded
      if let now = touched[meal.uid],
        now.path == recorded.path || movedTo[recorded.path] == now.path
      {
        record.path = now.path
        record.size = now.size
        record.mtime = now.mtime
      }
      if record.path != recorded.path, files[recorded.path] == nil,
        SyncPaths.photoPaths(besides: record.path).allSatisfy({ photos[$0] == nil }),
        SyncPaths.photoPaths(besides: recorded.path).contains(where: { photos[$0] != nil })
      {
        // Moved by hand without its photo, its old place left empty: the photo follows it
        // (phase 3), unchanged.
        continue
      }
      guard
        let photo = SyncPaths.photoPaths(besides: record.path).lazy.compactMap({ photos[$0] })
          .first
      else {
        // The book's photo is not beside its file: removed there since it was put there
        // (gone from the meal too), or never put there (put there now).
        guard meal.photoBytes != nil else { continue }
        if record.photoMtime != nil {
          plan.photoDrops.append((meal.id, record))
        } else {
          plan.writes.append(FileWrite(uid: meal.uid, from: record.path))
        }
        continue
      }
      if Int(photo.size) != meal.photoBytes {
        plan.photoTakes.append((meal.id, record, photo.mtime))
      } else if let known = record.photoMtime {
        if known != photo.mtime { plan.photoTakes.append((meal.id, record, photo.mtime)) }
      } else {
        // The same size and no time recorded yet (a sync before times were kept): the time
        // is recorded, the photo taken as the book's.
        plan.photoStamps.append((meal.uid, photo.mtime))
      }
    }
  }

  /// Records the time of the photo beside a file just taken in, so its removal there is known.
  private func stampPhoto(besides path: String, uid: String) throws(StoreError) {
    guard let photo = photos(besides: path).first, let entry = folder.entry(photo) else { return }
    try store.setSyncPhotoMtime(entry.mtime, uid: uid)
  }

  /// True when the photo the last sync put beside the record's file (or took from there) is
  /// gone from there: removed with the file's change or taken away with its old file.
  private func photoRemoved(_ record: SyncRecord) -> Bool {
    record.photoMtime != nil && photos(besides: record.path).isEmpty
  }

  /// The photo files beside a recipe file that are its meal's (`Stew.cook` → `Stew.jpg`,
  /// `.jpeg`, `.png`, `.webp`), as CookCLI keeps them.
  private func photos(besides path: String) -> [String] {
    SyncPaths.photoPaths(besides: path).filter { folder.entry($0) != nil }
  }

  /// A file's photo taken into its meal when it is a picture and not the meal's already;
  /// returns whether it was taken.
  @discardableResult
  private func takePhoto(besides path: String, mealID: Int64) throws(StoreError) -> Bool {
    guard let file = photos(besides: path).first,
      let data = FileManager.default.contents(atPath: folder.root + "/" + file),
      data.count <= MealPhoto.maximumBytes, let photo = MealPhoto(bytes: [UInt8](data)),
      try store.photo(mealID: mealID) != photo
    else { return false }
    try store.setPhoto(photo, mealID: mealID)
    return true
  }

  /// The meal's photo written beside its file (`Stew.jpg`) when it is not there as it is.
  ///
  /// A photo there that changed since the last sync (its time is not the recorded one) is
  /// another machine's or the user's: taken into the meal, never written over.
  private func putPhoto(
    of meal: Meal, mealID: Int64, uid: String, record: SyncRecord?, besides path: String
  ) throws(SyncError) {
    guard let label = meal.photo else {
      // No photo now: the one this sync put there (or took from there) goes; any other is
      // someone's new photo, taken at the next sync.
      guard let known = record?.photoMtime else { return }
      for photo in photos(besides: path) where folder.entry(photo)?.mtime == known {
        try folder.remove(photo)
      }
      do { try store.clearSyncPhotoMtime(uid: uid) } catch {
        throw SyncError("cannot keep the sync record: \(error.message)")
      }
      return
    }
    let target = String(path.dropLast(".cook".count)) + "." + label.fileExtension
    let there = folder.entry(target)
    let photo: MealPhoto
    do throws(StoreError) {
      if let there, let known = record?.photoMtime, known != there.mtime {
        try takePhoto(besides: path, mealID: mealID)
        try store.setSyncPhotoMtime(there.mtime, uid: uid)
        return
      }
      guard let own = try store.photo(mealID: mealID) else { return }
      photo = own
      if let there, there.size == Int64(label.bytes),
        FileManager.default.contents(atPath: folder.root + "/" + target).map({ [UInt8]($0) })
          == photo.bytes
      {
        if record?.photoMtime == nil { try store.setSyncPhotoMtime(there.mtime, uid: uid) }
        return
      }
    } catch {
      throw SyncError("cannot keep the photo of \(path): \(error.message)")
    }
    for other in photos(besides: path) where other != target { try folder.remove(other) }
    do {
      try FileManager.default.createDirectory(
        atPath: PathText.folder(folder.root + "/" + target), withIntermediateDirectories: true)
      try AtomicFile.write(photo.bytes, to: folder.root + "/" + target)
    } catch {
      throw SyncError("cannot write \(target) in \(folder.root): \(AtomicFile.reason(of: error)).")
    }
    if let written = folder.entry(target) {
      do { try store.setSyncPhotoMtime(written.mtime, uid: uid) } catch {
        throw SyncError("cannot keep the sync record: \(error.message)")
      }
    }
  }

  /// A recipe file's photos moved with it (`Soups/Stew.cook` → `Beef/Stew.cook`).
  private func movePhotos(besides path: String, to target: String) throws(SyncError) {
    let stem = String(path.dropLast(".cook".count))
    let targetStem = String(target.dropLast(".cook".count))
    for photo in photos(besides: path) {
      try folder.move(photo, to: targetStem + photo.dropFirst(stem.count))
    }
  }

  /// Adds `meals-id: UID` to a file written by hand, and nothing else.
  ///
  /// Its own way of writing is kept; with the id, a rename on another machine is known as
  /// one. Left alone when it changed since it was read.
  private func giveID(_ uid: String, toFileAt path: String, records: inout [String: SyncRecord])
    throws(SyncError)
  {
    guard let record = records[uid], record.path == path,
      case .success(let text) = folder.read(path), ContentHash.of(text) == record.hash
    else { return }
    let written = Cooklang.addingSyncID(uid, to: text)
    let entry = try folder.write(written, to: path)
    var updated = record
    updated.hash = ContentHash.of(written)
    updated.size = entry.size
    updated.mtime = entry.mtime
    records[uid] = updated
    do { try store.setSyncRecord(updated, window: window) } catch { throw SyncError(error.message) }
  }

  /// Where a meal's file goes: where it is when its name and category still lead there (the
  /// user's own file names are kept), else `<Category>/<Name>.cook`, numbered when taken.
  ///
  /// `portable`: the folder's file system cannot hold `:` or `?` (FAT): those become `-`.
  private func target(for meal: Meal, from: String?, taken: Set<String>, portable: Bool)
    -> String
  {
    let named = SyncPaths.path(name: meal.name, category: meal.category)
    let wanted = portable ? SyncPaths.portable(named) : named
    if let from {
      if from.lowercased() == wanted.lowercased() { return from }
      // A file named by hand keeps its name while the meal keeps its name and category.
      if case .success(let text) = folder.read(from),
        let old = Cooklang.meal(from: text, fileName: PathText.name(from)).meal,
        old.name == meal.name,
        (old.category ?? PathText.name(PathText.folder(from))) == (meal.category ?? ""),
        SyncPaths.syncthingConflict(PathText.name(from)) == nil
      {
        return from
      }
    }
    if !taken.contains(wanted.lowercased()) { return wanted }
    var number = 2
    while taken.contains(SyncPaths.numbered(wanted, number).lowercased()) { number += 1 }
    return SyncPaths.numbered(wanted, number)
  }
}
