import Files
import FoundationEssentials
import MealsCore
import MealsStore

extension BookSync {
  // MARK: - Phase 1: deciding

  func decide(
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
  static func isEmptyFolder(_ path: String) -> Bool {
    ((try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []).isEmpty
  }

  /// Whether the file's size or time is not what the record says (then it is read); an
  /// unsure record (`SyncRecord.settled`) always is.
  func moved(_ entry: SyncFolder.Entry, _ record: SyncRecord) -> Bool {
    entry.size != record.size || entry.mtime != record.mtime
  }

  /// The file read as a meal: its id from `meals-id` (a new one without), the folder it is in
  /// as its category when it names none.
  func read(_ entry: SyncFolder.Entry) -> Result<Read, SyncFolder.Problem> {
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
  func agrees(_ read: Read, with meal: SyncedMeal, as uid: String? = nil) -> Bool {
    guard let stored = try? store.meal(id: meal.id) else { return false }
    // The folder it is in says its category when its text does not.
    if read.categoryFromFolder, stored.category != read.meal.category { return false }
    return ContentHash.of(Cooklang.render(stored, syncID: uid ?? meal.uid)) == read.hash
  }

  /// Whether `meal` says what the book's meal says (ids aside).
  func agrees(rendering meal: Meal, with held: SyncedMeal) -> Bool {
    guard let stored = try? store.meal(id: held.id) else { return false }
    return Cooklang.render(stored, syncID: "") == Cooklang.render(meal, syncID: "")
  }

  func bound(_ read: Read, stamp: Double) -> SyncRecord {
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
}
