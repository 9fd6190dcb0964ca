import FoundationEssentials

/// Where a meal's file lives in the sync folder, and which files the sync leaves alone.
///
/// CookCLI's layout: `<Category>/<Name>.cook`, a meal without a category at the top level.
/// Names are kept as they are wherever a file system allows them; only what no file name can
/// hold (`/`, control characters, a leading dot that would hide it) is replaced.
public enum SyncPaths {
  /// A new `meals-id`: a random UUID, lower-case.
  public static func newID() -> String { UUID().uuidString.lowercased() }

  /// The file of a meal named `name` in `category`, relative to the folder.
  public static func path(name: String, category: String?) -> String {
    let file = component(name, fallback: "Untitled") + ".cook"
    guard let category, !MealRules.isBlank(category) else { return file }
    return component(category, fallback: "Other") + "/" + file
  }

  /// `path` with ` (2)`, ` (3)`… before `.cook`: the next free name when two meals would share
  /// a file.
  public static func numbered(_ path: String, _ number: Int) -> String {
    guard path.hasSuffix(".cook") else { return path + " (\(number))" }
    return String(path.dropLast(5)) + " (\(number)).cook"
  }

  /// One name as a file or folder name: `/`, `\` and control characters become `-`, leading
  /// dots and spaces and trailing dots and spaces go, and it is cut to 150 bytes (file systems
  /// allow 255, and ` (2).cook` or a conflict's date may be added).
  public static func component(_ text: String, fallback: String = "Untitled") -> String {
    var name = String(
      text.map { character -> Character in
        if character == "/" || character == "\\" { return "-" }
        if character.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
          return "-"
        }
        return character
      })
    name = String(name.drop { $0 == "." || $0.isWhitespace })
    while let last = name.last, last == "." || last.isWhitespace { name.removeLast() }
    if name.utf8.count > 150 {
      var cut = ""
      for character in name {
        if cut.utf8.count + String(character).utf8.count > 150 { break }
        cut.append(character)
      }
      name = MealRules.trimmed(cut)
    }
    return name.isEmpty ? fallback : name
  }

  /// The characters FAT and exFAT (a USB stick, an SD card, many phones' storage) cannot
  /// hold in a name.
  static let unportable: Set<Character> = [":", "*", "?", "\"", "<", ">", "|"]

  /// `path` as a FAT or exFAT file system can hold it: those characters as `-`.
  public static func portable(_ path: String) -> String {
    String(path.map { unportable.contains($0) ? "-" : $0 })
  }

  /// Whether `path` has a character only some file systems hold.
  public static func needsPortableForm(_ path: String) -> Bool {
    path.contains { unportable.contains($0) }
  }

  // MARK: - What the sync reads

  /// A file or folder the sync passes over: hidden ones (`.git`, `.stfolder`, `.#x` editor
  /// locks, our own temporary files), backups and swap files (`x~`, `*.swp`, `*.tmp`, `#x#`).
  public static func isSkipped(_ name: String) -> Bool {
    name.hasPrefix(".") || name.hasSuffix("~") || name.hasSuffix(".swp")
      || name.hasSuffix(".swx") || name.hasSuffix(".tmp")
      || (name.hasPrefix("#") && name.hasSuffix("#"))
  }

  /// Whether this file may be a meal's photo beside its recipe (`Stew.jpg` by `Stew.cook`).
  public static func isPhoto(_ name: String) -> Bool {
    !isSkipped(name) && MealPhoto.isPhotoName(name)
  }

  /// Where a recipe file's photo may lie: its path with each photo extension for `.cook`.
  public static func photoPaths(besides recipe: String) -> [String] {
    let stem = recipe.hasSuffix(".cook") ? String(recipe.dropLast(5)) : recipe
    return MealPhoto.fileExtensions.map { stem + "." + $0 }
  }

  /// Whether the sync reads this file as a meal.
  public static func isRecipe(_ name: String) -> Bool {
    name.hasSuffix(".cook") && !isSkipped(name) && name.count > 5
  }

  /// Whether a path is a Syncthing conflict copy's (cheap: asked of every recorded file).
  private static let conflictMarker = Array(".sync-conflict-".utf8)

  public static func isSyncthingConflict(_ path: String) -> Bool {
    // A plain scan of the bytes: the generic `firstRange(of:)` costs ~10 µs a call.
    let marker = conflictMarker
    var copy = path
    return copy.withUTF8 { bytes in
      guard bytes.count >= marker.count else { return false }
      for start in 0...(bytes.count - marker.count) where bytes[start] == marker[0] {
        var index = 1
        while index < marker.count, bytes[start + index] == marker[index] { index += 1 }
        if index == marker.count { return true }
      }
      return false
    }
  }

  // MARK: - Conflicts

  /// Who made a version kept beside another.
  public enum Editor: Equatable, Sendable {
    /// This machine (its host name): its own version lost the race to the folder.
    case machine(String)
    /// A Syncthing device (the seven letters its conflict copy's name ends with).
    case device(String)
  }

  /// The name a version kept beside another gets: `Stew (edited on laptop, 2026-12-05
  /// 14:31)`, any earlier such note taken off first (a conflict of a conflict says one).
  public static func conflictName(_ name: String, editor: Editor, time: String) -> String {
    let base = withoutConflictNote(name)
    switch editor {
    case .machine(let machine): return "\(base) (edited on \(machine), \(time))"
    case .device(let device): return "\(base) (edited on device \(device), \(time))"
    }
  }

  /// The name of a second file of one meal, kept as a meal of its own: `Stew (copy in
  /// Soups)`, `Stew (copy in the top folder)`.
  public static func copyName(_ name: String, path: String) -> String {
    let folder = PathText.folder(path)
    return "\(withoutConflictNote(name)) (copy in \(folder.isEmpty ? "the top folder" : folder))"
  }

  /// A name without the conflict notes a sync added (`Stew (edited on laptop, …)` → `Stew`),
  /// earlier versions' `(conflict from the folder, DATE)` too.
  public static func withoutConflictNote(_ name: String) -> String {
    var base = name
    while base.hasSuffix(")"), let open = base.lastIndex(of: "(") {
      let note = base[base.index(after: open)..<base.index(before: base.endIndex)]
      let isCopy = note.hasPrefix("copy in ")
      guard
        isCopy
          || (note.hasPrefix("edited on ") || note.hasPrefix("conflict from the folder, "))
            && note.lastIndex(of: ",").map({
              note[note.index(after: $0)...].dropFirst().prefix(4).allSatisfy(\.isNumber)
            }) == true
      else { break }
      base = MealRules.trimmed(String(base[..<open]))
    }
    return base.isEmpty ? name : base
  }

  /// An id made from what a sync read (a file's id and path, a conflict copy's name), so two
  /// machines that make the same decision give the same meal the same id.
  public static func derivedID(_ seed: String) -> String {
    let high = ContentHash.of(seed)
    let low = ContentHash.of("meals-id " + seed)
    let hex = Array(high + low)
    return [0..<8, 8..<12, 12..<16, 16..<20, 20..<32].map { String(hex[$0]) }
      .joined(separator: "-")
  }

  /// The time in a Syncthing conflict copy's name (`…sync-conflict-20261202-101010-ABC…`
  /// → `2026-12-02 10:10:10`) and the device that made the losing version (`ABC`); nil for any
  /// other file, an empty time when the name is a conflict copy's cut short.
  public static func syncthingConflict(_ name: String) -> (time: String, device: String)? {
    guard let marker = name.firstRange(ofText: ".sync-conflict-") else { return nil }
    let rest = Array(name[marker.upperBound...])
    guard rest.count >= 15, rest[8] == "-",
      (rest[0..<8] + rest[9..<15]).allSatisfy({ $0.isASCII && $0.isNumber })
    else { return ("", "unknown") }
    // To the second, as the copy's name has it: two copies of one file are two names.
    let digits = String(rest[0..<8] + rest[9..<15])
    let device = String(rest.dropFirst(16).prefix { $0 != "." })
    let time =
      "\(digits.prefix(4))-\(digits.dropFirst(4).prefix(2))-\(digits.dropFirst(6).prefix(2)) "
      + "\(digits.dropFirst(8).prefix(2)):\(digits.dropFirst(10).prefix(2)):\(digits.suffix(2))"
    return (time, device.isEmpty ? "unknown" : device)
  }
}
