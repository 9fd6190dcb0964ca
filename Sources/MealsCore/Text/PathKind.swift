#if canImport(Glibc)
  import Glibc
#endif

/// What is at a path, from one `stat`: the checks start-up makes before the first frame.
///
/// FoundationEssentials' `FileManager.default` is made at its first use (its lock and its
/// implementation, ~0.08 ms of every start in `perf`), and a path's kind is all start-up asks.
public enum PathKind: Sendable, Equatable {
  case file
  case folder
  /// A device, a socket, a pipe: something, but neither.
  case other

  /// The kind of what `path` names (symbolic links followed); nil when there is nothing or it
  /// cannot be looked at.
  public static func of(_ path: String) -> PathKind? {
    var status = stat()
    guard !path.isEmpty, stat(path, &status) == 0 else { return nil }
    switch status.st_mode & S_IFMT {
    case S_IFREG: return .file
    case S_IFDIR: return .folder
    default: return .other
    }
  }

  /// True when something is at `path`, as `FileManager.fileExists(atPath:)` says.
  public static func exists(_ path: String) -> Bool { of(path) != nil }
}
