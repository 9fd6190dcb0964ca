#include "CQRCode.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

// MARK: - Loading

/// libqrencode's QRcode (its ABI: version, width, then width × width bytes, bit 0 dark).
typedef struct {
  int version;
  int width;
  unsigned char *data;
} qrcode;

static struct {
  qrcode *(*encode_string)(const char *, int, int, int, int);
  void (*free_code)(qrcode *);
} qr;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded = 0;
static char load_error[256];

#define FIND(field, name)                                                      \
  do {                                                                         \
    *(void **)(&qr.field) = dlsym(library, name);                              \
    if (qr.field == NULL) {                                                    \
      snprintf(load_error, sizeof load_error, "libqrencode lacks %s", name);  \
      return;                                                                  \
    }                                                                          \
  } while (0)

static void load(void) {
  void *library = dlopen("libqrencode.so.4", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char *why = dlerror();
    snprintf(load_error, sizeof load_error,
             "libqrencode is not installed (Debian's libqrencode4: %s)", why ? why : "not found");
    return;
  }
  FIND(encode_string, "QRcode_encodeString");
  FIND(free_code, "QRcode_free");
  loaded = 1;
}

// MARK: - Encoding

int cqrcode_encode(const char *text, unsigned char *modules, size_t capacity, int *width,
                   char *error, size_t size) {
  pthread_once(&load_once, load);
  if (!loaded) {
    snprintf(error, size, "%s", load_error);
    return 0;
  }
  // Version 0: the smallest that holds it; QR_ECLEVEL_L (0): a screen is not a scratched
  // label, and the smaller code fits an 80x24 terminal; QR_MODE_8 (2); case kept.
  qrcode *code = qr.encode_string(text, 0, 0, 2, 1);
  if (code == NULL) {
    snprintf(error, size, "the address is too long for a QR code");
    return 0;
  }
  size_t count = (size_t)code->width * (size_t)code->width;
  if (count > capacity) {
    qr.free_code(code);
    snprintf(error, size, "the QR code is larger than its room");
    return 0;
  }
  for (size_t i = 0; i < count; i++) modules[i] = code->data[i] & 1;
  *width = code->width;
  qr.free_code(code);
  return 1;
}
