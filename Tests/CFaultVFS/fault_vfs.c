// Fault injection for the store's tests: every file SQLite opens through the default VFS is
// wrapped, its calls counted by kind, and from the Nth call of the armed kind on they fail.
#include "fault_vfs.h"

#include <sqlite3.h>
#include <stdatomic.h>
#include <string.h>

typedef struct FaultFile {
  sqlite3_file base;
  sqlite3_file *real;  // the unix VFS's file, allocated right after this struct
} FaultFile;

static sqlite3_vfs *real_vfs;
static sqlite3_vfs fault_vfs;
static sqlite3_io_methods fault_methods;

// Atomic: the daily backup and counts may run on a worker's connection.
static atomic_int calls[4];
static atomic_int armed_kind = -1;
static atomic_int armed_nth;
static atomic_int armed_code;
static atomic_int fired;

/// Counts a call of `kind`; its result code: SQLITE_OK, or the armed fault.
static int hit(int kind) {
  int count = atomic_fetch_add(&calls[kind], 1) + 1;
  if (atomic_load(&armed_kind) == kind && count >= atomic_load(&armed_nth)) {
    atomic_fetch_add(&fired, 1);
    return atomic_load(&armed_code);
  }
  return SQLITE_OK;
}

static sqlite3_file *real(sqlite3_file *file) { return ((FaultFile *)file)->real; }

// MARK: - The file's methods

static int f_close(sqlite3_file *file) {
  int code = real(file)->pMethods ? real(file)->pMethods->xClose(real(file)) : SQLITE_OK;
  return code;
}

static int f_read(sqlite3_file *file, void *buffer, int amount, sqlite3_int64 offset) {
  int fault = hit(MEALS_FAULT_READ);
  if (fault != SQLITE_OK) return fault;
  return real(file)->pMethods->xRead(real(file), buffer, amount, offset);
}

static int f_write(sqlite3_file *file, const void *buffer, int amount, sqlite3_int64 offset) {
  int fault = hit(MEALS_FAULT_WRITE);
  if (fault != SQLITE_OK) return fault;
  return real(file)->pMethods->xWrite(real(file), buffer, amount, offset);
}

static int f_truncate(sqlite3_file *file, sqlite3_int64 size) {
  int fault = hit(MEALS_FAULT_WRITE);
  if (fault != SQLITE_OK) return fault;
  return real(file)->pMethods->xTruncate(real(file), size);
}

static int f_sync(sqlite3_file *file, int flags) {
  int fault = hit(MEALS_FAULT_SYNC);
  if (fault != SQLITE_OK) return fault;
  return real(file)->pMethods->xSync(real(file), flags);
}

static int f_file_size(sqlite3_file *file, sqlite3_int64 *size) {
  return real(file)->pMethods->xFileSize(real(file), size);
}

static int f_lock(sqlite3_file *file, int level) {
  if (level > SQLITE_LOCK_SHARED) {
    int fault = hit(MEALS_FAULT_LOCK);
    if (fault != SQLITE_OK) return fault;
  }
  return real(file)->pMethods->xLock(real(file), level);
}

static int f_unlock(sqlite3_file *file, int level) {
  return real(file)->pMethods->xUnlock(real(file), level);
}

static int f_check_reserved(sqlite3_file *file, int *out) {
  return real(file)->pMethods->xCheckReservedLock(real(file), out);
}

static int f_file_control(sqlite3_file *file, int op, void *argument) {
  return real(file)->pMethods->xFileControl(real(file), op, argument);
}

static int f_sector_size(sqlite3_file *file) {
  return real(file)->pMethods->xSectorSize(real(file));
}

static int f_device(sqlite3_file *file) {
  return real(file)->pMethods->xDeviceCharacteristics(real(file));
}

static int f_shm_map(sqlite3_file *file, int region, int size, int extend, void volatile **out) {
  return real(file)->pMethods->xShmMap(real(file), region, size, extend, out);
}

static int f_shm_lock(sqlite3_file *file, int offset, int count, int flags) {
  // Slot 0 is WAL's write lock (the others are readers', the checkpointer's and recovery's,
  // which SQLite retries for seconds: a writer elsewhere never holds them long).
  if (offset == 0 && (flags & SQLITE_SHM_LOCK) && (flags & SQLITE_SHM_EXCLUSIVE)) {
    int fault = hit(MEALS_FAULT_LOCK);
    if (fault != SQLITE_OK) return fault;
  }
  return real(file)->pMethods->xShmLock(real(file), offset, count, flags);
}

static void f_shm_barrier(sqlite3_file *file) { real(file)->pMethods->xShmBarrier(real(file)); }

static int f_shm_unmap(sqlite3_file *file, int delete_flag) {
  return real(file)->pMethods->xShmUnmap(real(file), delete_flag);
}

static int f_fetch(sqlite3_file *file, sqlite3_int64 offset, int amount, void **out) {
  // No memory-mapped pages: every read goes through xRead, where it can fail.
  (void)file;
  (void)offset;
  (void)amount;
  *out = 0;
  return SQLITE_OK;
}

static int f_unfetch(sqlite3_file *file, sqlite3_int64 offset, void *page) {
  (void)file;
  (void)offset;
  (void)page;
  return SQLITE_OK;
}

// MARK: - The VFS

static int v_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *file, int flags, int *out) {
  (void)vfs;
  FaultFile *wrapper = (FaultFile *)file;
  wrapper->real = (sqlite3_file *)&wrapper[1];
  memset(wrapper->real, 0, (size_t)real_vfs->szOsFile);
  int code = real_vfs->xOpen(real_vfs, name, wrapper->real, flags, out);
  // SQLite calls xClose when pMethods is set, even after a failed open.
  file->pMethods = wrapper->real->pMethods ? &fault_methods : 0;
  return code;
}

static int v_delete(sqlite3_vfs *vfs, const char *name, int sync) {
  (void)vfs;
  return real_vfs->xDelete(real_vfs, name, sync);
}

static int v_access(sqlite3_vfs *vfs, const char *name, int flags, int *out) {
  (void)vfs;
  return real_vfs->xAccess(real_vfs, name, flags, out);
}

static int v_full_pathname(sqlite3_vfs *vfs, const char *name, int size, char *out) {
  (void)vfs;
  return real_vfs->xFullPathname(real_vfs, name, size, out);
}

static int v_randomness(sqlite3_vfs *vfs, int size, char *out) {
  (void)vfs;
  return real_vfs->xRandomness(real_vfs, size, out);
}

static int v_sleep(sqlite3_vfs *vfs, int microseconds) {
  (void)vfs;
  // While a fault is armed, SQLite's waits for a lock (retried for seconds) pass at once:
  // the same retries, without the sweep sleeping through them.
  if (atomic_load(&armed_kind) >= 0) return microseconds;
  return real_vfs->xSleep(real_vfs, microseconds);
}

static int v_current_time(sqlite3_vfs *vfs, double *out) {
  (void)vfs;
  return real_vfs->xCurrentTime(real_vfs, out);
}

static int v_last_error(sqlite3_vfs *vfs, int size, char *out) {
  (void)vfs;
  return real_vfs->xGetLastError(real_vfs, size, out);
}

static int v_current_time_64(sqlite3_vfs *vfs, sqlite3_int64 *out) {
  (void)vfs;
  return real_vfs->xCurrentTimeInt64(real_vfs, out);
}

void meals_fault_install(void) {
  if (!real_vfs) {
    real_vfs = sqlite3_vfs_find("unix");
    if (!real_vfs) return;
    fault_methods = (sqlite3_io_methods){
        .iVersion = 3,
        .xClose = f_close,
        .xRead = f_read,
        .xWrite = f_write,
        .xTruncate = f_truncate,
        .xSync = f_sync,
        .xFileSize = f_file_size,
        .xLock = f_lock,
        .xUnlock = f_unlock,
        .xCheckReservedLock = f_check_reserved,
        .xFileControl = f_file_control,
        .xSectorSize = f_sector_size,
        .xDeviceCharacteristics = f_device,
        .xShmMap = f_shm_map,
        .xShmLock = f_shm_lock,
        .xShmBarrier = f_shm_barrier,
        .xShmUnmap = f_shm_unmap,
        .xFetch = f_fetch,
        .xUnfetch = f_unfetch,
    };
    fault_vfs = (sqlite3_vfs){
        .iVersion = 2,
        .szOsFile = (int)sizeof(FaultFile) + real_vfs->szOsFile,
        .mxPathname = real_vfs->mxPathname,
        .zName = "meals-fault",
        .xOpen = v_open,
        .xDelete = v_delete,
        .xAccess = v_access,
        .xFullPathname = v_full_pathname,
        .xRandomness = v_randomness,
        .xSleep = v_sleep,
        .xCurrentTime = v_current_time,
        .xGetLastError = v_last_error,
        .xCurrentTimeInt64 = v_current_time_64,
    };
  }
  sqlite3_vfs_register(&fault_vfs, 1);
}

void meals_fault_uninstall(void) {
  if (real_vfs) sqlite3_vfs_register(real_vfs, 1);
}

static void restart(void) {
  for (int kind = 0; kind < 4; kind++) atomic_store(&calls[kind], 0);
  atomic_store(&fired, 0);
}

void meals_fault_arm(int kind, int nth, int code) {
  restart();
  atomic_store(&armed_nth, nth);
  atomic_store(&armed_code, code);
  atomic_store(&armed_kind, kind);
}

void meals_fault_disarm(void) {
  atomic_store(&armed_kind, -1);
  restart();
}

int meals_fault_calls(int kind) { return atomic_load(&calls[kind]); }

int meals_fault_fired(void) { return atomic_load(&fired); }
