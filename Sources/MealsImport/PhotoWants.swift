import MealsCore

/// The photos an export's recipes name by path, matched by the end of a member's path (an
/// export zipped with a folder around it still matches), with or without an extension.
struct PhotoWants {
  private var byName: [String: [(suffix: [Substring], id: Int64)]] = [:]

  var isEmpty: Bool { byName.isEmpty }

  /// Wants `path` (relative to the recipe file's folder, or to the export's top with `/`) for
  /// the meal `id`.
  mutating func want(_ path: String, from recipePath: String, for id: Int64) {
    var parts: [Substring]
    if path.hasPrefix("/") {
      parts = []
    } else {
      parts = recipePath.lowercased().split(separator: "/").dropLast()
    }
    for part in path.lowercased().split(separator: "/") where part != "." {
      if part == ".." { _ = parts.popLast() } else { parts.append(part) }
    }
    guard let last = parts.last else { return }
    byName[String(last), default: []].append((parts, id))
  }

  /// The meals that want the member at `path`.
  func ids(for path: String) -> [Int64] {
    let parts = path.lowercased().split(separator: "/")
    guard let name = parts.last else { return [] }
    var keys = [String(name)]
    if MealPhoto.isPhotoName(String(name)), let dot = name.lastIndex(of: ".") {
      keys.append(String(name[..<dot]))
    }
    var found: [Int64] = []
    for key in keys {
      for wanted in byName[key] ?? [] {
        var candidate = parts
        if key != String(name), let last = candidate.indices.last {
          candidate[last] = Substring(key)
        }
        if candidate.count >= wanted.suffix.count,
          Array(candidate.suffix(wanted.suffix.count)) == wanted.suffix
        {
          found.append(wanted.id)
        }
      }
    }
    return found
  }
}
