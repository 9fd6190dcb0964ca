// A test VFS over SQLite's own "unix" one that fails the Nth read, write, sync or lock.
#ifndef MEALS_FAULT_VFS_H
#define MEALS_FAULT_VFS_H

/// What can fail: file reads, file writes (and truncations), syncs, and write locks (a
/// file lock above SHARED, or WAL's write lock: what another writer would hold).
enum MealsFaultKind {
  MEALS_FAULT_READ = 0,
  MEALS_FAULT_WRITE = 1,
  MEALS_FAULT_SYNC = 2,
  MEALS_FAULT_LOCK = 3,
};

/// Makes the fault VFS the default one (connections opened after this go through it).
void meals_fault_install(void);
/// Makes "unix" the default again.
void meals_fault_uninstall(void);
/// From the `nth` (1-based) call of `kind` on, every such call fails with `code` (an SQLite
/// result code such as SQLITE_FULL, SQLITE_IOERR_WRITE or SQLITE_BUSY); counts restart.
void meals_fault_arm(int kind, int nth, int code);
/// No more faults; counts restart.
void meals_fault_disarm(void);
/// Calls of `kind` since the last arm or disarm.
int meals_fault_calls(int kind);
/// How many calls failed since the last arm.
int meals_fault_fired(void);

#endif
