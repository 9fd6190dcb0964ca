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

  /// The date in a Syncthing conflict copy's name (`Stew.sync-conflict-20261202-101010-ABC.cook`
  /// → `2026-12-02`); nil for any other file.
  public static func syncthingConflictDate(_ name: String) -> String? {
    guard let marker = name.firstRange(ofText: ".sync-conflict-") else { return nil }
    let digits = name[marker.upperBound...].prefix(8)
    guard digits.count == 8, digits.allSatisfy(\.isASCII), digits.allSatisfy(\.isNumber) else {
      return ""
    }
    let text = String(digits)
    return "\(text.prefix(4))-\(text.dropFirst(4).prefix(2))-\(text.suffix(2))"
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

  /// The name a conflicting version gets: `Stew (conflict from the folder, 2026-12-02)`.
  public static func conflictName(_ name: String, date: String) -> String {
    "\(name) (conflict from the folder, \(date))"
  }
}
