import Files
import FoundationEssentials
import MealsCore

#if canImport(Glibc)
  import Glibc
#endif

/// One sync at a time per book: `flock` on a file beside the database, there only while a
/// sync runs (the holder removes it before letting go).
///
/// A file removed by its holder can still be open in a second process that is about to lock
/// it, so a lock is good only while the path still names the file that was locked; otherwise
/// it is taken again on the file that is there now.
enum SyncLock {
  /// The lock's descriptor, or why not (another sync holds it; the file cannot be made).
  ///
  /// A sync under way is waited for a few seconds (the app's timer and `S`, two commands).
  static func take(_ path: String) -> Result<Int32, SyncError> {
    let deadline = ProcessClock.seconds() + 3
    var attempts = 0
    while attempts < 8 {
      attempts += 1
      let lock = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
      guard lock >= 0 else {
        return .failure(
          SyncError("cannot make the sync lock \(path): \(SyncFolder.reason(errno))."))
      }
      guard flock(lock, LOCK_EX | LOCK_NB) == 0 else {
        close(lock)
        guard ProcessClock.seconds() < deadline else {
          return .failure(
            SyncError("another meals is syncing this book just now; try again in a moment."))
        }
        attempts -= 1
        usleep(50_000)
        continue
      }
      if namesTheSameFile(lock, path) { return .success(lock) }
      // The holder removed it between our open and our lock: take the one there now.
      close(lock)
    }
    return .failure(
      SyncError("another meals is syncing this book just now; try again in a moment."))
  }

  /// Removes the file, then lets go of the lock.
  static func release(_ lock: Int32, at path: String) {
    unlink(path)
    close(lock)
  }

  private static func namesTheSameFile(_ descriptor: Int32, _ path: String) -> Bool {
    var opened = stat()
    var named = stat()
    guard fstat(descriptor, &opened) == 0, stat(path, &named) == 0 else { return false }
    return opened.st_dev == named.st_dev && opened.st_ino == named.st_ino
  }
}
