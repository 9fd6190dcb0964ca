import FoundationEssentials
import MealsCore
import MealsStore
import TextSafety

#if canImport(Glibc)
  import Glibc
#endif

/// Who and when a sync is, for the names of the versions it keeps beside others.
public struct SyncMachine: Sendable {
  /// This machine's name (its host name), as a conflict copy says it.
  public var name: String
  /// The minute of the sync, in the system's time zone (`2026-12-05 14:31`).
  public var time: String

  public init(name: String, time: String) {
    self.name = name
    self.time = time
  }

  /// This machine, now: named by `MEALS_SYNC_MACHINE` when set (two machines that share a
  /// host name, `debian` or `localhost`, are told apart so), else by its host name.
  public static func here() -> SyncMachine {
    let time = BackupHint.minute(Date().timeIntervalSince1970)
    if let named = ProcessInfo.processInfo.environment["MEALS_SYNC_MACHINE"],
      !MealRules.isBlank(named)
    {
      return SyncMachine(name: TextSanitizer.singleLine(MealRules.trimmed(named)), time: time)
    }
    var bytes = [CChar](repeating: 0, count: 256)
    let host =
      gethostname(&bytes, bytes.count - 1) == 0
      ? String(decoding: bytes.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
      : ""
    // The first label of a dotted name (`laptop.home.lan` → `laptop`).
    let short = host.split(separator: ".").first.map(String.init) ?? ""
    return SyncMachine(name: short.isEmpty ? "another machine" : short, time: time)
  }
}
