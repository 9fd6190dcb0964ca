#include "CArchive.h"

#include <dlfcn.h>
#include <locale.h>
#include <pthread.h>
#include <stdio.h>

// MARK: - Loading

/// libarchive's entry points, found by dlsym once (its types are opaque pointers here: the
/// header is not needed to build).
static struct {
  void *(*read_new)(void);
  int (*support_filter_gzip)(void *);
  int (*support_format_zip)(void *);
  int (*support_format_tar)(void *);
  int (*support_format_raw)(void *);
  int (*support_format_empty)(void *);
  int (*open_filename)(void *, const char *, size_t);
  int (*open_memory)(void *, const void *, size_t);
  int (*next_header)(void *, void **);
  const char *(*pathname_utf8)(void *);
  const char *(*pathname)(void *);
  int64_t (*entry_size)(void *);
  int (*entry_size_is_set)(void *);
  unsigned int (*entry_filetype)(void *);
  ssize_t (*read_data)(void *, void *, size_t);
  const char *(*error_string)(void *);
  int (*read_free)(void *);
} la;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded = 0;
static char load_error[256];
/// UTF-8 for libarchive's names whatever the process's locale (`C` under a script): it converts
/// member names to the thread's character set, and a name in UTF-8 fails in ASCII.
static locale_t utf8_locale = (locale_t)0;

/// Runs `statement` in the UTF-8 locale on this thread, then puts the thread's own back.
#define IN_UTF8(statement)                                                     \
  do {                                                                         \
    locale_t previous = utf8_locale ? uselocale(utf8_locale) : (locale_t)0;    \
    statement;                                                                 \
    if (previous) uselocale(previous);                                         \
  } while (0)

#define FIND(field, name)                                                      \
  do {                                                                         \
    *(void **)(&la.field) = dlsym(library, name);                              \
    if (la.field == NULL) {                                                    \
      snprintf(load_error, sizeof load_error, "libarchive lacks %s", name);   \
      return;                                                                  \
    }                                                                          \
  } while (0)

static void load(void) {
  void *library = dlopen("libarchive.so.13", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char *why = dlerror();
    snprintf(load_error, sizeof load_error,
             "libarchive is not installed (Debian's libarchive13: %s)", why ? why : "not found");
    return;
  }
  FIND(read_new, "archive_read_new");
  FIND(support_filter_gzip, "archive_read_support_filter_gzip");
  FIND(support_format_zip, "archive_read_support_format_zip");
  FIND(support_format_tar, "archive_read_support_format_tar");
  FIND(support_format_raw, "archive_read_support_format_raw");
  FIND(support_format_empty, "archive_read_support_format_empty");
  FIND(open_filename, "archive_read_open_filename");
  FIND(open_memory, "archive_read_open_memory");
  FIND(next_header, "archive_read_next_header");
  FIND(pathname_utf8, "archive_entry_pathname_utf8");
  FIND(pathname, "archive_entry_pathname");
  FIND(entry_size, "archive_entry_size");
  FIND(entry_size_is_set, "archive_entry_size_is_set");
  FIND(entry_filetype, "archive_entry_filetype");
  FIND(read_data, "archive_read_data");
  FIND(error_string, "archive_error_string");
  FIND(read_free, "archive_read_free");
  utf8_locale = newlocale(LC_CTYPE_MASK, "C.UTF-8", (locale_t)0);
  loaded = 1;
}

int carchive_load(char *error, size_t size) {
  pthread_once(&load_once, load);
  if (!loaded && error != NULL && size > 0) snprintf(error, size, "%s", load_error);
  return loaded;
}

// MARK: - Reading

/// A reader with the formats it accepts set up; NULL (with why) when libarchive is not here.
static void *reader_new(int bare, char *error, size_t size) {
  if (!carchive_load(error, size)) return NULL;
  void *archive = la.read_new();
  if (archive == NULL) {
    snprintf(error, size, "libarchive could not start a reader (out of memory?)");
    return NULL;
  }
  la.support_filter_gzip(archive);
  if (bare) {
    la.support_format_raw(archive);
  } else {
    la.support_format_zip(archive);
    la.support_format_tar(archive);
    la.support_format_empty(archive);
  }
  return archive;
}

/// Frees `archive` after a failed open, with why in `error`.
static carchive_reader *failed_open(void *archive, char *error, size_t size) {
  const char *why = la.error_string(archive);
  snprintf(error, size, "%s", why ? why : "it is not an archive libarchive reads");
  la.read_free(archive);
  return NULL;
}

carchive_reader *carchive_open_file(const char *path, int bare, char *error, size_t size) {
  void *archive = reader_new(bare, error, size);
  if (archive == NULL) return NULL;
  int status;
  IN_UTF8(status = la.open_filename(archive, path, 65536));
  if (status != 0) return failed_open(archive, error, size);
  return archive;
}

carchive_reader *carchive_open_memory(
  const void *bytes, size_t count, int bare, char *error, size_t size) {
  void *archive = reader_new(bare, error, size);
  if (archive == NULL) return NULL;
  int status;
  IN_UTF8(status = la.open_memory(archive, bytes, count));
  if (status != 0) return failed_open(archive, error, size);
  return archive;
}

int carchive_next(carchive_reader *reader, const char **path, int64_t *size, int *is_file) {
  void *entry = NULL;
  int status;
  IN_UTF8(status = la.next_header(reader, &entry));
  if (status == 1) return 0;  // ARCHIVE_EOF
  // ARCHIVE_OK (0) or ARCHIVE_WARN (-20): the entry is there.
  if (status != 0 && status != -20) return -1;
  const char *name;
  IN_UTF8(name = la.pathname_utf8(entry));
  if (name == NULL) IN_UTF8(name = la.pathname(entry));
  *path = name;
  if (*path == NULL) *path = "";
  *size = la.entry_size_is_set(entry) ? la.entry_size(entry) : -1;
  *is_file = la.entry_filetype(entry) == 0100000;  // AE_IFREG
  return 1;
}

ssize_t carchive_read(carchive_reader *reader, void *buffer, size_t count) {
  ssize_t got;
  IN_UTF8(got = la.read_data(reader, buffer, count));
  return got < 0 ? -1 : got;
}

const char *carchive_error(carchive_reader *reader) {
  const char *why = la.error_string(reader);
  return why ? why : "the archive is broken";
}

void carchive_close(carchive_reader *reader) {
  if (reader != NULL) la.read_free(reader);
}
