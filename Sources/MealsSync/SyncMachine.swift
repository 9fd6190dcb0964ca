import FoundationEssentials
import MealsCore
import MealsStore

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

  /// This machine, now (`MachineName.here`).
  public static func here() -> SyncMachine {
    SyncMachine(name: MachineName.here(), time: BackupHint.minute(Date().timeIntervalSince1970))
  }
}
