import FoundationEssentials
import MealsCore

#if canImport(Glibc)
  import Glibc
#endif

/// Pictures kept on disk, so they show offline and at once next time: one file per address,
/// the least recently used dropped when the folder grows past its cap.
public final class PictureCache {
  public let folder: String
  public let capacity: Int

  /// `$XDG_CACHE_HOME/meals/images`, else `~/.cache/meals/images`; nil without either.
  public static func defaultFolder(environment: [String: String]) -> String? {
    if let cache = environment["XDG_CACHE_HOME"], cache.hasPrefix("/") {
      return cache + "/meals/images"
    }
    guard let home = environment["HOME"], !home.isEmpty else { return nil }
    return home + "/.cache/meals/images"
  }

  /// Creates the folder when missing; nil when it cannot (then pictures are fetched each run).
  public init?(folder: String, capacity: Int = 100 * 1_048_576) {
    // Made at every start: one stat while it is there, FileManager only to make it.
    if PathKind.of(folder) != .folder {
      do {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      } catch {
        return nil
      }
    }
    self.folder = folder
    self.capacity = capacity
  }

  /// The file for `url`: a hash of the address (FNV-1a, 64 bits).
  func path(for url: String) -> String {
    var hash: UInt64 = 0xcbf2_9ce4_8422_2325
    for byte in url.utf8 {
      hash ^= UInt64(byte)
      hash = hash &* 0x100_0000_01b3
    }
    return folder + "/" + String(hash, radix: 16) + ".picture"
  }

  /// The bytes kept for `url`, marked as just used; nil when there are none.
  public func read(_ url: String) -> Data? {
    let path = path(for: url)
    guard let data = FileManager.default.contents(atPath: path) else { return nil }
    utime(path, nil)  // now: the least recently used go first
    return data
  }

  /// Keeps `data` for `url` (written whole or not at all), then trims the folder to its cap.
  public func write(_ data: Data, for url: String) {
    // Not kept is not an error: the picture is fetched again next time.
    guard (try? AtomicFile.write(Array(data), to: path(for: url))) != nil else { return }
    trim()
  }

  /// Forgets `url` (its file did not decode).
  public func remove(_ url: String) {
    unlink(path(for: url))
  }

  /// Drops the least recently used files until the folder is within its cap.
  func trim() {
    guard let names = try? FileManager.default.contentsOfDirectory(atPath: folder) else { return }
    var files: [(path: String, size: Int, used: Double)] = []
    var total = 0
    for name in names where name.hasSuffix(".picture") {
      let path = folder + "/" + name
      var status = stat()
      guard stat(path, &status) == 0 else { continue }
      let used = Double(status.st_mtim.tv_sec) + Double(status.st_mtim.tv_nsec) / 1e9
      files.append((path, Int(status.st_size), used))
      total += Int(status.st_size)
    }
    guard total > capacity else { return }
    for file in files.sorted(by: { $0.used < $1.used }) where total > capacity {
      unlink(file.path)
      total -= file.size
    }
  }
}
