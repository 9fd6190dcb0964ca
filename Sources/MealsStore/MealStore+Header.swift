import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension MealStore {
  /// Whether the file at `path` already has this version's schema (then opening it upgrades
  /// nothing, so it can open while the terminal starts).
  ///
  /// Read from the header alone (SQLite's `user_version`, bytes 60–63). False when it cannot
  /// tell: no file, not SQLite, another schema.
  ///
  /// A hint, which the open checks again: a header behind its write-ahead log (after a crash)
  /// reads as an earlier schema, so the open waits its turn; one that missed a newer meals'
  /// upgrade opens alongside and fails as it would have.
  public static func isCurrent(path: String) -> Bool {
    let file = open(path, O_RDONLY | O_CLOEXEC)
    guard file >= 0 else { return false }
    defer { close(file) }
    var header = [UInt8](repeating: 0, count: 100)
    guard pread(file, &header, header.count, 0) == header.count,
      header.starts(with: Array("SQLite format 3\0".utf8))
    else { return false }
    let version = header[60..<64].reduce(0) { $0 << 8 | Int($1) }
    return version == Schema.migrations.count
  }

  /// Reads what My Meals' first frame shows from `meal_facet` (the count, the chips and their
  /// counts) into the store's caches: done on the thread that opens the store, while the
  /// terminal starts, so the first frame finds them read.
  public func readFirstScreenSummary() {
    _ = chips()
  }
}
