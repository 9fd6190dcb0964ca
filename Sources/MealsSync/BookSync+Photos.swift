import Files
import FoundationEssentials
import MealsCore
import MealsStore

extension BookSync {
  // MARK: - Photos beside the files

  /// Meals whose file did not change but whose photo beside it may have (another machine put
  /// a new one there): told by the photo's size against the book's, or by its modification
  /// time against the one recorded (a photo of the same size); read only then.
  func changedPhotos(
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
  func stampPhoto(besides path: String, uid: String) throws(StoreError) {
    guard let photo = photos(besides: path).first, let entry = folder.entry(photo) else { return }
    try store.setSyncPhotoMtime(entry.mtime, uid: uid)
  }

  /// True when the photo the last sync put beside the record's file (or took from there) is
  /// gone from there: removed with the file's change or taken away with its old file.
  func photoRemoved(_ record: SyncRecord) -> Bool {
    record.photoMtime != nil && photos(besides: record.path).isEmpty
  }

  /// The photo files beside a recipe file that are its meal's (`Stew.cook` → `Stew.jpg`,
  /// `.jpeg`, `.png`, `.webp`), as CookCLI keeps them.
  func photos(besides path: String) -> [String] {
    SyncPaths.photoPaths(besides: path).filter { folder.entry($0) != nil }
  }

  /// A file's photo taken into its meal when it is a picture and not the meal's already;
  /// returns whether it was taken.
  @discardableResult
  func takePhoto(besides path: String, mealID: Int64) throws(StoreError) -> Bool {
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
  func putPhoto(
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
  func movePhotos(besides path: String, to target: String) throws(SyncError) {
    let stem = String(path.dropLast(".cook".count))
    let targetStem = String(target.dropLast(".cook".count))
    for photo in photos(besides: path) {
      try folder.move(photo, to: targetStem + photo.dropFirst(stem.count))
    }
  }
}
