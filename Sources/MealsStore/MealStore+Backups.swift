import Dispatch
import FoundationEssentials
import Translation

#if canImport(Glibc)
  import Glibc
#endif

/// A backup file beside the database, as `--restore-backup` describes it before asking.
public struct BackupInfo: Equatable, Sendable {
  public var number: Int
  public var path: String
  /// Seconds since 1970 (the file's modification time).
  public var madeAt: Double
  public var mealCount: Int
  public var schemaVersion: Int
}

extension MealStore {
  /// Backups kept beside the database: `.bak.1` (newest) to `.bak.3`.
  public static let backupCount = 3
  /// The daily backup is made at start when the newest is older than this.
  public static let backupInterval = 86_400.0

  public static func backupPath(of path: String, number: Int) -> String {
    "\(path).bak.\(number)"
  }

  // MARK: - Making backups

  /// Copies the database page by page to `.bak.1`, shifting older ones up to `.bak.3`.
  ///
  /// The copy is written under a temporary name and renamed, so a crash never leaves a
  /// half-written backup in the rotation. With `tag`, the copy is also kept as `PATH.TAG.bak`
  /// (the file as it was before a migration) unless that exists already.
  func backUp(tag: String? = nil) throws(StoreError) {
    try Self.backUp(with: db, time: clock(), tag: tag)
  }

  /// The same with any connection to the file (a worker's own, read-only), dated `time`.
  static func backUp(with db: SQLiteConnection, time: Double, tag: String? = nil)
    throws(StoreError)
  {
    let path = db.path
    let fresh = path + ".bak.new"
    unlink(fresh)
    do {
      try db.copyWhole(to: fresh)
    } catch {
      unlink(fresh)
      throw error
    }
    unlink(Self.backupPath(of: path, number: Self.backupCount))
    for number in stride(from: Self.backupCount - 1, through: 1, by: -1) {
      rename(
        Self.backupPath(of: path, number: number), Self.backupPath(of: path, number: number + 1))
    }
    let newest = Self.backupPath(of: path, number: 1)
    guard rename(fresh, newest) == 0 else {
      let reason = String(cString: strerror(errno))
      unlink(fresh)
      throw StoreError(.failure, tr("Cannot write the backup %1$s: %2$s.").filled(newest, reason))
    }
    // Dated by the store's clock, so "once a day" follows the same time as everything else.
    var times = [
      timeval(tv_sec: Int(time), tv_usec: 0), timeval(tv_sec: Int(time), tv_usec: 0),
    ]
    utimes(newest, &times)
    if let tag {
      let tagged = "\(path).\(tag).bak"
      if access(tagged, F_OK) != 0 { link(newest, tagged) }
    }
  }

  /// A backup made on another thread, with a connection of its own (read-only), while this
  /// one reads on: the big first-schema upgrade puts the names in order meanwhile.
  final class BackupOnTheSide: @unchecked Sendable {
    private let finished = DispatchSemaphore(value: 0)
    /// Written before `finished` is signalled, read only after.
    private var failure: StoreError?

    /// Starts the copy of the file at `path`, dated `time`, kept as `PATH.TAG.bak` too.
    init(path: String, time: Double, tag: String) {
      DispatchQueue.global().async { [self] in
        defer { finished.signal() }
        do throws(StoreError) {
          let db = try SQLiteConnection(path: path, readOnly: true)
          db.setBusyTimeout(milliseconds: 2000)
          try MealStore.backUp(with: db, time: time, tag: tag)
          db.close()
        } catch {
          failure = error
        }
      }
    }

    /// Waits for the copy; throws what stopped it.
    func wait() throws(StoreError) {
      finished.wait()
      if let failure { throw failure }
    }
  }

  /// Makes the daily backup when the newest is a day old or missing; true when it made one.
  @discardableResult
  public func backUpIfDue() throws(StoreError) -> Bool {
    guard isBackupDue else { return false }
    try backUp()
    return true
  }

  /// Whether the daily backup is due: the newest is a day old or missing.
  public var isBackupDue: Bool {
    // Read-only: nothing can change, so there is nothing to keep a copy of (nor leave beside it).
    if isReadOnly { return false }
    var info = stat()
    let newest = Self.backupPath(of: db.path, number: 1)
    // A backup dated in the future (the clock was wrong once) does not stop later ones.
    if stat(newest, &info) == 0 {
      let age = clock() - Double(info.st_mtim.tv_sec)
      if age >= 0 && age < Self.backupInterval { return false }
    }
    return true
  }

  // MARK: - Restoring

  /// Checks backup `number` of the database at `path` and says what it holds.
  ///
  /// Fails with a clear message when it is missing, damaged or not a meals database.
  public static func inspectBackup(number: Int, of path: String) throws(StoreError) -> BackupInfo {
    let backup = backupPath(of: path, number: number)
    var info = stat()
    guard stat(backup, &info) == 0 else {
      throw StoreError(
        .notFound, tr("There is no backup %1$s (%2$s).").filled(String(number), backup))
    }
    let connection = try SQLiteConnection(path: backup, readOnly: true)
    let check = try connection.statement("PRAGMA integrity_check").rows { $0.text(0) }
    guard check == ["ok"] else {
      throw StoreError(
        .corrupt,
        tr("Backup %1$s (%2$s) is damaged: %3$s.").filled(
          String(number), backup, check.joined(separator: "; ")))
    }
    let version = Int(try connection.statement("PRAGMA user_version").scalar() ?? 0)
    guard version > 0, version <= Schema.version else {
      throw StoreError(
        .invalid, tr("%s is not a meals database this version can read.").filled(backup))
    }
    let meals = Int(try connection.statement("SELECT count(*) FROM meal").scalar() ?? 0)
    return BackupInfo(
      number: number, path: backup, madeAt: Double(info.st_mtim.tv_sec), mealCount: meals,
      schemaVersion: version)
  }

  /// Why the database at `path` cannot be read (damaged, or no longer an SQLite file), or nil
  /// when it reads well or is not there: a restore then keeps it aside rather than copying it.
  public static func damage(at path: String) -> String? {
    guard access(path, F_OK) == 0 else { return nil }
    do {
      let connection = try SQLiteConnection(path: path, readOnly: true)
      defer { connection.close() }
      let check = try connection.statement("PRAGMA quick_check").rows { $0.text(0) }
      return check == ["ok"] ? nil : check.prefix(3).joined(separator: "; ")
    } catch {
      switch error.kind {
      case .corrupt: return "database disk image is malformed"
      case .notADatabase: return "it is no longer an SQLite file"
      default: return nil
      }
    }
  }

  /// Where a damaged database is kept when a backup is restored over it: `PATH.damaged-DATE`
  /// (a number after it when one is there already), never deleted.
  public static func damagedPath(
    of path: String, time: Double = Date().timeIntervalSince1970
  ) -> String {
    let base = "\(path).damaged-\(BackupHint.day(time))"
    var candidate = base
    var number = 2
    while access(candidate, F_OK) == 0 {
      candidate = "\(base).\(number)"
      number += 1
    }
    return candidate
  }

  /// Replaces the database at `path` with backup `number`, migrated when older.
  ///
  /// Returns where the earlier contents are kept: `PATH.before-restore`,
  /// or — when the database is damaged (`damage(at:)`) — the damaged file itself, moved
  /// aside with its log (`damagedPath`). A restore that fails puts everything back.
  @discardableResult
  public static func restoreBackup(
    number: Int, of path: String, busyTimeout: Int32 = 2000,
    time: Double = Date().timeIntervalSince1970
  ) throws(StoreError) -> String {
    _ = try inspectBackup(number: number, of: path)
    if damage(at: path) != nil {
      return try restoreOverDamaged(number: number, of: path, busyTimeout: busyTimeout, time: time)
    }
    let live = try MealStore(path: path, busyTimeout: busyTimeout)
    let keep = path + ".before-restore"
    unlink(keep)
    try live.db.copyWhole(to: keep)
    let backup = try SQLiteConnection(path: backupPath(of: path, number: number), readOnly: true)
    try live.db.replaceContents(with: backup)
    live.db.close()
    // Reopening migrates a backup made by an earlier version.
    _ = try MealStore(path: path, busyTimeout: busyTimeout)
    return keep
  }

  /// The damaged file (and its log) renamed aside, the backup copied into a new file at `path`.
  private static func restoreOverDamaged(
    number: Int, of path: String, busyTimeout: Int32, time: Double
  ) throws(StoreError) -> String {
    let aside = damagedPath(of: path, time: time)
    guard rename(path, aside) == 0 else {
      throw StoreError(
        .failure,
        tr("Cannot move the damaged %1$s aside: %2$s.").filled(
          path, String(cString: strerror(errno))))
    }
    let movedLog = rename(path + "-wal", aside + "-wal") == 0
    // The shared-memory index describes the damaged log: never for the new file.
    unlink(path + "-shm")
    do {
      let fresh = try SQLiteConnection(path: path)
      let backup = try SQLiteConnection(path: backupPath(of: path, number: number), readOnly: true)
      try fresh.replaceContents(with: backup)
      fresh.close()
      backup.close()
      _ = try MealStore(path: path, busyTimeout: busyTimeout)
      return aside
    } catch {
      for suffix in ["", "-wal", "-shm", "-journal"] { unlink(path + suffix) }
      rename(aside, path)
      if movedLog { rename(aside + "-wal", path + "-wal") }
      throw error
    }
  }
}
