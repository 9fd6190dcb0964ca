// libarchive for Swift: loaded on first use (dlopen), so a start that imports nothing does not
// load it. Only reading: zip, tar and a bare gzip stream, entry by entry, never to disk.
#ifndef MEALS_CARCHIVE_H
#define MEALS_CARCHIVE_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/// An archive being read (libarchive's `struct archive`).
typedef struct carchive_reader carchive_reader;

/// Loads libarchive (once); 1 when it is ready, else 0 with why in `error`.
int carchive_load(char *error, size_t size);

/// Opens a file (read in 64 KiB blocks) or bytes in memory (the caller keeps them alive until
/// it closes). `bare` reads a bare gzip stream (or plain bytes) as one entry; otherwise zip and
/// tar, gzip-compressed or not. NULL when it cannot start, with why in `error`.
carchive_reader *carchive_open_file(const char *path, int bare, char *error, size_t size);
carchive_reader *carchive_open_memory(
  const void *bytes, size_t count, int bare, char *error, size_t size);

/// The next entry: 1 with its path (UTF-8 where the archive says, else as stored), its size
/// (-1 when the archive does not say) and whether it is a regular file; 0 at the end; -1 on a
/// broken archive (why: carchive_error).
int carchive_next(carchive_reader *reader, const char **path, int64_t *size, int *is_file);

/// Up to `count` bytes of the current entry: 0 at its end, -1 on an error.
ssize_t carchive_read(carchive_reader *reader, void *buffer, size_t count);

/// Why the last call failed, in libarchive's words (never NULL).
const char *carchive_error(carchive_reader *reader);

void carchive_close(carchive_reader *reader);

#endif
