// SQLite's C API for Swift.
#ifndef MEALS_CSQLITE3_SHIM_H
#define MEALS_CSQLITE3_SHIM_H
#include <sqlite3.h>

/// SQLite without its memory statistics (which meals never reads): each allocation and free
/// then takes no process-wide lock. Only before SQLite starts (the first open); SQLITE_MISUSE
/// after, and nothing changes.
static inline int meals_sqlite3_skip_memory_statistics(void) {
  return sqlite3_config(SQLITE_CONFIG_MEMSTATUS, 0);
}
#endif
