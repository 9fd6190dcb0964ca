import Foundation

/// Folder copies exchanged as Syncthing exchanges them, for runs too many for real Syncthing.
///
/// Each machine's folder is compared, file by file, with the shared copy and with what both
/// held after that machine's last exchange: a side that changed is carried to the other,
/// with its modification time; a file changed on both sides keeps one version (either,
/// as clocks decide) and the other is kept beside it as
/// `NAME.sync-conflict-YYYYMMDD-HHMMSS-DEVICE.EXT`, the name Syncthing's `conflictName`
/// gives (the extension after the last dot, so `.shopping-checked` gives
/// `.sync-conflict-…-DEVICE.shopping-checked`); a file removed on one side and changed on
/// the other comes back.
final class SyncthingLikeHub {
  let root: String
  /// Per machine's folder: each file's bytes after its last exchange.
  private var seen: [String: [String: Data]] = [:]
  /// Seconds added to the conflict copies' time, so two never share a name.
  private var clock = 0

  init(root: String) throws {
    self.root = root
    try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
  }

  func exchange(_ folder: String, device: String, random: inout SeededGenerator) throws {
    let local = try Self.files(in: folder)
    let shared = try Self.files(in: root)
    let before = seen[folder] ?? [:]
    for path in Set(local.keys).union(shared.keys).union(before.keys).sorted() {
      let here = local[path]
      let there = shared[path]
      guard here?.bytes != there?.bytes else { continue }
      let changedHere = here?.bytes != before[path]
      let changedThere = there?.bytes != before[path]
      switch (changedHere, changedThere) {
      case (true, false): try Self.put(here, at: root + "/" + path)
      case (false, _): try Self.put(there, at: folder + "/" + path)
      case (true, true):
        guard let here else {
          try Self.put(there, at: folder + "/" + path)
          continue
        }
        guard let there else {
          try Self.put(here, at: root + "/" + path)
          continue
        }
        // The older loses: kept beside, under Syncthing's conflict name.
        let hereWins = Bool.random(using: &random)
        let loser = hereWins ? there : here
        let copy = conflictName(path, device: hereWins ? "ZZZZZZZ" : device)
        try Self.put(loser, at: root + "/" + copy)
        try Self.put(loser, at: folder + "/" + copy)
        try Self.put(hereWins ? here : there, at: (hereWins ? root : folder) + "/" + path)
      }
    }
    seen[folder] = try Self.files(in: root).mapValues(\.bytes)
    guard try Self.files(in: folder).mapValues(\.bytes) == seen[folder] else {
      throw RunFailure("the exchange of \(folder) left it unlike the shared copy")
    }
  }

  /// Syncthing's `conflictName`: the time and the device before the extension.
  private func conflictName(_ path: String, device: String) -> String {
    clock += 1
    let stamp = String(format: "%02d%02d%02d", 10 + clock / 3600 % 14, clock / 60 % 60, clock % 60)
    let slash = path.lastIndex(of: "/").map { path.index(after: $0) } ?? path.startIndex
    let name = path[slash...]
    let dot = name.lastIndex(of: ".") ?? name.endIndex
    return String(path[..<dot]) + ".sync-conflict-20261205-\(stamp)-\(device)" + path[dot...]
  }

  // MARK: - Files

  private struct File {
    var bytes: Data
    var modified: Date
  }

  /// Every file under `root` but `.git` and Syncthing's own, relative to it.
  private static func files(in root: String) throws -> [String: File] {
    var files: [String: File] = [:]
    let enumerator = FileManager.default.enumerator(atPath: root)
    while let path = enumerator?.nextObject() as? String {
      let full = root + "/" + path
      let attributes = try FileManager.default.attributesOfItem(atPath: full)
      guard attributes[.type] as? FileAttributeType == .typeRegular,
        !path.hasPrefix(".stfolder"), !path.hasPrefix(".stversions")
      else { continue }
      files[path] = File(
        bytes: try Data(contentsOf: URL(fileURLWithPath: full)),
        modified: attributes[.modificationDate] as? Date ?? Date())
    }
    return files
  }

  /// A file put in place with its modification time (as Syncthing keeps it), or removed.
  private static func put(_ file: File?, at path: String) throws {
    guard let file else {
      if FileManager.default.fileExists(atPath: path) {
        try FileManager.default.removeItem(atPath: path)
      }
      return
    }
    try FileManager.default.createDirectory(
      atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
    try file.bytes.write(to: URL(fileURLWithPath: path), options: .atomic)
    try FileManager.default.setAttributes([.modificationDate: file.modified], ofItemAtPath: path)
  }
}
