import Files
import FoundationEssentials
import MealsCore
import MealsStore

extension BookSync {
  // MARK: - Phase 2: the folder's changes into the book

  /// Returns how many photos beside unchanged files were taken in (another machine's).
  ///
  /// Each file's change in a savepoint of its own: one the book refuses (a rule of its tables)
  /// is set aside with its reason, its record left as it was so the next sync tries it again,
  /// and the rest is kept. A full disk or a failing device stops the whole step.
  func applyToBook(_ plan: Plan, report: inout SyncReport) throws(SyncError) -> Int {
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
}
