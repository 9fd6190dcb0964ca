import MealsCore

/// What one sync did, for the command's line and the app's status line.
public struct SyncReport: Equatable, Sendable {
  /// The folder as the user named it.
  public var folder: String
  /// Files written or removed for the book's own changes.
  public var changedHere = 0
  public var newFromFolder = 0
  public var changedInFolder = 0
  /// Files gone from the folder whose meals went to Recently Deleted.
  public var removedInFolder = 0
  /// The names given to the second versions kept.
  public var conflicts: [String] = []
  /// `path: reason — what to do` for each file or change set aside (tried again at the next
  /// sync; the rest of the sync went on).
  public var setAside: [String] = []
  /// `path: line 3: …` for what a file read said wrongly (read as well as it could be).
  public var readNotes: [String] = []
  /// Whether the shopping list or its ticks changed, on either side.
  public var shoppingListChanged = false
  /// Whether the week plan changed, on either side.
  public var planChanged = false
  /// Whether the cook log changed, on either side.
  public var cookLogChanged = false
  /// What git did (`committed`, `pulled`, `pushed`), in order.
  public var git: [String] = []

  public init(folder: String) {
    self.folder = folder
  }

  /// Whether the book or the folder changed.
  public var changedAnything: Bool {
    changedHere + newFromFolder + changedInFolder + removedInFolder + conflicts.count > 0
      || shoppingListChanged || planChanged || cookLogChanged
  }

  /// The line `meals sync` prints (`Synced with ~/Recipes: 2 changed here, 1 new from the
  /// folder.`).
  public func summary(home: String?) -> String {
    var parts: [String] = []
    if changedHere > 0 { parts.append("\(changedHere) changed here") }
    if newFromFolder > 0 { parts.append("\(newFromFolder) new from the folder") }
    if changedInFolder > 0 { parts.append("\(changedInFolder) changed in the folder") }
    if removedInFolder > 0 {
      parts.append("\(removedInFolder) removed in the folder (in Recently Deleted)")
    }
    if shoppingListChanged { parts.append("the shopping list brought up to date") }
    if planChanged { parts.append("the week plan brought up to date") }
    if cookLogChanged { parts.append("the cook log brought up to date") }
    if !conflicts.isEmpty {
      parts.append(
        conflicts.count == 1
          ? "1 conflict kept as two meals" : "\(conflicts.count) conflicts kept as two meals each")
    }
    if !setAside.isEmpty {
      parts.append(
        setAside.count == 1
          ? "1 file set aside (tried again at the next sync)"
          : "\(setAside.count) files set aside (tried again at the next sync)")
    }
    let what = parts.isEmpty ? "nothing changed" : parts.joined(separator: ", ")
    return "Synced with \(PathText.abbreviatingHome(folder, home: home)): \(what)."
  }

  /// A commit message for what this sync wrote: `meals: 2 changed, 1 new, 1 removed`.
  public var commitMessage: String {
    var parts: [String] = []
    if changedHere > 0 { parts.append("\(changedHere) changed") }
    if newFromFolder > 0 { parts.append("\(newFromFolder) new") }
    if removedInFolder > 0 { parts.append("\(removedInFolder) removed") }
    if !conflicts.isEmpty { parts.append("\(conflicts.count) conflict") }
    if shoppingListChanged { parts.append("shopping list") }
    if planChanged { parts.append("plan") }
    if cookLogChanged { parts.append("cook log") }
    return "meals: " + (parts.isEmpty ? "sync" : parts.joined(separator: ", "))
  }
}
