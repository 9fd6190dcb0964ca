import FoundationEssentials
import Translation

#if canImport(Glibc)
  import Glibc
#endif

// MARK: - The file alone holds the book

/// How far a checkpoint got: the log's frames, and how many of them are in the file now.
public struct CheckpointResult: Equatable, Sendable {
  /// Frames in the write-ahead log when it ran.
  public var logFrames: Int
  /// Of those, the frames now copied into the database file.
  public var copiedFrames: Int
  /// True when every committed change is in the database file: a copy of it alone is the book.
  public var isComplete: Bool { copiedFrames >= logFrames }
}

extension MealStore {
  /// At quit: every change copied from the write-ahead log into the file and the log emptied,
  /// then the connection closed — people copy `meals.sqlite` alone to back up or move a book.
  ///
  /// Other connections of this process must be closed first (a reader's snapshot would hold
  /// the log back). A read-only or in-memory book has nothing to copy.
  public func closeAtQuit() {
    if !isReadOnly && db.path != ":memory:" {
      _ = try? db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    }
    db.close()
  }

  /// A checkpoint on a connection of its own (a worker's), for a quiet spell while the app
  /// runs: PASSIVE, so it never waits for or blocks the app's writes; nil when the file is
  /// gone or cannot be written (read-only books are never asked).
  public static func checkpoint(path: String) -> Result<CheckpointResult, StoreError> {
    guard access(path, W_OK) == 0 else {
      return .failure(StoreError(.readOnly, tr("The database %s cannot be written.").filled(path)))
    }
    return Result { () throws(StoreError) in
      let connection = try SQLiteConnection(path: path)
      defer { connection.close() }
      let statement = try connection.statement("PRAGMA wal_checkpoint(PASSIVE)")
      guard try statement.step() else {
        return CheckpointResult(logFrames: 0, copiedFrames: 0)
      }
      // (busy, frames in the log, frames checkpointed); -1 when the file is not in WAL mode.
      let frames = max(0, Int(statement.int(1)))
      return CheckpointResult(logFrames: frames, copiedFrames: max(0, Int(statement.int(2))))
    }
  }

  /// How many commits this connection has made or heard of: the app checkpoints after a
  /// quiet spell only when it moved.
  public var changeCount: Int { generation }
}
