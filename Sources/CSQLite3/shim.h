// SQLite's C API for Swift.
#ifndef MEALS_CSQLITE3_SHIM_H
#define MEALS_CSQLITE3_SHIM_H
#include <sqlite3.h>
#endif
