import MealsCore
import MealsStore

/// The cook log kept in step with the folder's `.cook-log`, an append-only file.
///
/// No state of the last sync is needed: an entry the book has and the file lacks is appended;
/// one the file has and the book lacks comes in, unless the book took it back (then its
/// removal is appended); a removal in the file takes the entry out of the book. The file only
/// grows, so git merges two machines' logs as a union and Syncthing's conflict copies are
/// joined in.
struct CookLogSync {
  let store: MealStore
  let folder: SyncFolder

  static let logFile = ".cook-log"

  /// Runs the step; true when the book or the folder changed.
  func run() throws(SyncError) -> Bool {
    var text = try read(Self.logFile) ?? ""
    let copies = folder.names(in: "").filter {
      SyncPaths.syncthingConflict($0) != nil && $0.hasSuffix(Self.logFile)
    }.sorted()
    for copy in copies { text = ShoppingSync.union(text, try read(copy) ?? "") }
    let file = CookLogFile.parse(text)
    let book: [CookLogEntry]
    let takenBack: Set<String>
    do {
      book = try store.allCookLogEntries()
      takenBack = try store.cookLogRemovals()
    } catch {
      throw SyncError("cannot read the cook log: \(error.message)")
    }
    let inFile = Set(file.added.map(\.uid))
    let inBook = Set(book.map(\.uid))
    var appended: [String] = []
    for entry in book where !inFile.contains(entry.uid) && !file.removed.contains(entry.uid) {
      appended.append(CookLogFile.line(entry))
    }
    for uid in takenBack.sorted() where !file.removed.contains(uid) && inFile.contains(uid) {
      appended.append(CookLogFile.removal(uid))
    }
    let arriving = file.added.filter {
      !inBook.contains($0.uid) && !file.removed.contains($0.uid) && !takenBack.contains($0.uid)
    }
    let leaving = file.removed.intersection(inBook)
    var changed = false
    do {
      if !arriving.isEmpty || !leaving.isEmpty {
        try store.applyCookLog(adding: arriving, removing: leaving)
        changed = true
      }
    } catch {
      throw SyncError("cannot write the folder's cook log into the book: \(error.message)")
    }
    if !appended.isEmpty || !copies.isEmpty {
      let separator = text.isEmpty || text.hasSuffix("\n") ? "" : "\n"
      let written =
        appended.isEmpty ? text : text + separator + appended.joined(separator: "\n") + "\n"
      _ = try folder.write(written, to: Self.logFile)
      changed = true
    }
    for copy in copies {
      try folder.remove(copy)
      changed = true
    }
    return changed
  }

  private func read(_ name: String) throws(SyncError) -> String? { try folder.text(of: name) }
}
