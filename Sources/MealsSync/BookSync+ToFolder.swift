import Files
import FoundationEssentials
import MealsCore
import MealsStore

extension BookSync {
  // MARK: - Phase 3: the book's changes into the folder

  func applyToFolder(
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

  /// Adds `meals-id: UID` to a file written by hand, and nothing else.
  ///
  /// Its own way of writing is kept; with the id, a rename on another machine is known as
  /// one. Left alone when it changed since it was read.
  func giveID(_ uid: String, toFileAt path: String, records: inout [String: SyncRecord])
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
  func target(for meal: Meal, from: String?, taken: Set<String>, portable: Bool)
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
