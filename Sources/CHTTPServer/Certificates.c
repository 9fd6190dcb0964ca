#include "CCertificates.h"

#include <arpa/inet.h>
#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

// MARK: - GnuTLS, loaded when HTTPS is first asked for

typedef struct {
  unsigned char *data;
  unsigned int size;
} datum;

/// GnuTLS's entry points for making and reading certificates (its ABI; handles are opaque).
static struct {
  int (*key_init)(void **);
  int (*key_generate)(void *, int, unsigned int, unsigned int);
  int (*key_export2)(void *, int, datum *);
  int (*key_import)(void *, const datum *, int);
  void (*key_deinit)(void *);
  int (*crt_init)(void **);
  int (*crt_import)(void *, const datum *, int);
  int (*crt_set_version)(void *, unsigned int);
  int (*crt_set_serial)(void *, const void *, size_t);
  int (*crt_set_activation_time)(void *, time_t);
  int (*crt_set_expiration_time)(void *, time_t);
  int (*crt_set_dn_by_oid)(void *, const char *, unsigned int, const void *, unsigned int);
  int (*crt_set_subject_alt_name)(void *, int, const void *, unsigned int, unsigned int);
  int (*crt_set_key)(void *, void *);
  int (*crt_set_key_usage)(void *, unsigned int);
  int (*crt_set_basic_constraints)(void *, unsigned int, int);
  int (*crt_set_key_purpose_oid)(void *, const void *, unsigned int);
  int (*crt_get_key_id)(void *, unsigned int, unsigned char *, size_t *);
  int (*crt_set_subject_key_id)(void *, const void *, size_t);
  int (*crt_set_authority_key_id)(void *, const void *, size_t);
  int (*crt_set_name_constraints)(void *, void *, unsigned int);
  int (*crt_get_name_constraints)(void *, void *, unsigned int, unsigned int *);
  int (*crt_get_subject_alt_name)(void *, unsigned int, void *, size_t *, unsigned int *);
  time_t (*crt_get_expiration_time)(void *);
  int (*crt_verify)(void *, void *const *, unsigned int, unsigned int, unsigned int *);
  int (*crt_sign2)(void *, void *, void *, int, unsigned int);
  int (*crt_export2)(void *, int, datum *);
  int (*crt_get_fingerprint)(void *, int, void *, size_t *);
  void (*crt_deinit)(void *);
  int (*nc_init)(void **);
  void (*nc_deinit)(void *);
  int (*nc_add_permitted)(void *, int, const datum *);
  int (*nc_get_permitted)(void *, unsigned int, unsigned int *, datum *);
  void (**free_function)(void *);
} tls;

static pthread_once_t tls_once = PTHREAD_ONCE_INIT;
static int tls_loaded = 0;
static char tls_error[256];

#define FIND_TLS(field, name)                                                  \
  do {                                                                         \
    *(void **)(&tls.field) = dlsym(library, name);                             \
    if (tls.field == NULL) {                                                   \
      snprintf(tls_error, sizeof tls_error, "GnuTLS lacks %s", name);          \
      return;                                                                  \
    }                                                                          \
  } while (0)

static void load_tls(void) {
  void *library = dlopen("libgnutls.so.30", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char *why = dlerror();
    snprintf(tls_error, sizeof tls_error, "GnuTLS is not installed (Debian's libgnutls30: %s)",
             why ? why : "not found");
    return;
  }
  FIND_TLS(key_init, "gnutls_x509_privkey_init");
  FIND_TLS(key_generate, "gnutls_x509_privkey_generate");
  FIND_TLS(key_export2, "gnutls_x509_privkey_export2");
  FIND_TLS(key_import, "gnutls_x509_privkey_import");
  FIND_TLS(key_deinit, "gnutls_x509_privkey_deinit");
  FIND_TLS(crt_init, "gnutls_x509_crt_init");
  FIND_TLS(crt_import, "gnutls_x509_crt_import");
  FIND_TLS(crt_set_version, "gnutls_x509_crt_set_version");
  FIND_TLS(crt_set_serial, "gnutls_x509_crt_set_serial");
  FIND_TLS(crt_set_activation_time, "gnutls_x509_crt_set_activation_time");
  FIND_TLS(crt_set_expiration_time, "gnutls_x509_crt_set_expiration_time");
  FIND_TLS(crt_set_dn_by_oid, "gnutls_x509_crt_set_dn_by_oid");
  FIND_TLS(crt_set_subject_alt_name, "gnutls_x509_crt_set_subject_alt_name");
  FIND_TLS(crt_set_key, "gnutls_x509_crt_set_key");
  FIND_TLS(crt_set_key_usage, "gnutls_x509_crt_set_key_usage");
  FIND_TLS(crt_set_basic_constraints, "gnutls_x509_crt_set_basic_constraints");
  FIND_TLS(crt_set_key_purpose_oid, "gnutls_x509_crt_set_key_purpose_oid");
  FIND_TLS(crt_get_key_id, "gnutls_x509_crt_get_key_id");
  FIND_TLS(crt_set_subject_key_id, "gnutls_x509_crt_set_subject_key_id");
  FIND_TLS(crt_set_authority_key_id, "gnutls_x509_crt_set_authority_key_id");
  FIND_TLS(crt_set_name_constraints, "gnutls_x509_crt_set_name_constraints");
  FIND_TLS(crt_get_name_constraints, "gnutls_x509_crt_get_name_constraints");
  FIND_TLS(crt_get_subject_alt_name, "gnutls_x509_crt_get_subject_alt_name");
  FIND_TLS(crt_get_expiration_time, "gnutls_x509_crt_get_expiration_time");
  FIND_TLS(crt_verify, "gnutls_x509_crt_verify");
  FIND_TLS(crt_sign2, "gnutls_x509_crt_sign2");
  FIND_TLS(crt_export2, "gnutls_x509_crt_export2");
  FIND_TLS(crt_get_fingerprint, "gnutls_x509_crt_get_fingerprint");
  FIND_TLS(crt_deinit, "gnutls_x509_crt_deinit");
  FIND_TLS(nc_init, "gnutls_x509_name_constraints_init");
  FIND_TLS(nc_deinit, "gnutls_x509_name_constraints_deinit");
  FIND_TLS(nc_add_permitted, "gnutls_x509_name_constraints_add_permitted");
  FIND_TLS(nc_get_permitted, "gnutls_x509_name_constraints_get_permitted");
  FIND_TLS(free_function, "gnutls_free");
  tls_loaded = 1;
}

/// Whether GnuTLS is there; else why in `error`.
static int tls_ready(char *error, size_t size) {
  pthread_once(&tls_once, load_tls);
  if (!tls_loaded) snprintf(error, size, "%s", tls_error);
  return tls_loaded;
}

enum {
  PK_RSA = 1,
  DIG_SHA256 = 6,
  FMT_PEM = 1,
  SAN_DNSNAME = 1,
  SAN_IPADDRESS = 4,
  FSAN_APPEND = 1,
  KEY_DIGITAL_SIGNATURE = 128,
  KEY_KEY_ENCIPHERMENT = 32,
  KEY_KEY_CERT_SIGN = 4,
  KEY_CRL_SIGN = 2,
  E_REQUESTED_DATA_NOT_AVAILABLE = -56,
};

static const char *const SERVER_AUTH = "1.3.6.1.5.5.7.3.1";

// MARK: - Names

/// One name of a newline-separated list: an IP address (its 4 or 16 bytes) or a host name.
typedef struct {
  int type;
  unsigned char bytes[256];
  unsigned int size;
} name;

/// Calls `visit` with each name of `names`; stops at the first that fails (returns 0).
static int each_name(const char *names, int (*visit)(void *, const name *), void *context) {
  const char *line = names;
  while (line != NULL && *line != '\0') {
    const char *end = strchr(line, '\n');
    size_t length = end ? (size_t)(end - line) : strlen(line);
    char text[256];
    if (length > 0 && length < sizeof text) {
      memcpy(text, line, length);
      text[length] = '\0';
      name one = {SAN_DNSNAME, {0}, 0};
      if (inet_pton(AF_INET, text, one.bytes) == 1) {
        one.type = SAN_IPADDRESS;
        one.size = 4;
      } else if (inet_pton(AF_INET6, text, one.bytes) == 1) {
        one.type = SAN_IPADDRESS;
        one.size = 16;
      } else {
        memcpy(one.bytes, text, length);
        one.size = (unsigned int)length;
      }
      if (!visit(context, &one)) return 0;
    }
    line = end ? end + 1 : NULL;
  }
  return 1;
}

static int add_subject_name(void *crt, const name *one) {
  return tls.crt_set_subject_alt_name(crt, one->type, one->bytes, one->size, FSAN_APPEND) >= 0;
}

/// A permitted subtree: a host name (and the names under it), or one address (mask all ones).
static int add_permitted(void *constraints, const name *one) {
  unsigned char bytes[32];
  datum value = {bytes, one->size};
  memcpy(bytes, one->bytes, one->size);
  if (one->type == SAN_IPADDRESS) {
    memset(bytes + one->size, 0xFF, one->size);
    value.size = one->size * 2;
  }
  return tls.nc_add_permitted(constraints, one->type, &value) >= 0;
}

/// Appends `text` and a newline to the growing `*list` (NULL when out of memory).
static void append_line(char **list, size_t *length, const char *text) {
  if (*list == NULL) return;
  size_t more = strlen(text);
  char *grown = realloc(*list, *length + more + 2);
  if (grown == NULL) {
    free(*list);
    *list = NULL;
    return;
  }
  memcpy(grown + *length, text, more);
  grown[*length + more] = '\n';
  grown[*length + more + 1] = '\0';
  *length += more + 1;
  *list = grown;
}

/// An address's text: 4 bytes or 16 (an address and its mask: the first half).
static void address_text(const unsigned char *bytes, size_t size, char *out, size_t out_size) {
  if (size == 4 || size == 8) {
    inet_ntop(AF_INET, bytes, out, (socklen_t)out_size);
  } else if (size == 16 || size == 32) {
    inet_ntop(AF_INET6, bytes, out, (socklen_t)out_size);
  } else {
    snprintf(out, out_size, "?");
  }
}

// MARK: - Making

/// "AB:CD:…" of a certificate's SHA-256.
static int fingerprint_of(void *crt, char *out, size_t size) {
  unsigned char digest[32];
  size_t length = sizeof digest;
  if (tls.crt_get_fingerprint(crt, DIG_SHA256, digest, &length) < 0 || size < length * 3) return 0;
  for (size_t i = 0; i < length; i++) {
    snprintf(out + i * 3, 4, i + 1 < length ? "%02X:" : "%02X", digest[i]);
  }
  return 1;
}

/// A copy of GnuTLS's text that our caller frees with free().
static char *copied(datum d) {
  char *text = malloc(d.size + 1);
  if (text != NULL) {
    memcpy(text, d.data, d.size);
    text[d.size] = '\0';
  }
  (*tls.free_function)(d.data);
  return text;
}

/// What every certificate of ours has: version 3, a random serial, valid from an hour ago
/// for `days`, `common` as its name, `key`'s public half and its id.
static int fill(void *crt, void *key, const char *common, long days) {
  unsigned char serial[16];
  FILE *random = fopen("/dev/urandom", "rb");
  if (random == NULL || fread(serial, 1, sizeof serial, random) != sizeof serial) {
    if (random) fclose(random);
    return 0;
  }
  fclose(random);
  serial[0] &= 0x7F;
  time_t now = time(NULL);
  unsigned char id[64];
  size_t id_size = sizeof id;
  return tls.crt_set_version(crt, 3) >= 0 && tls.crt_set_serial(crt, serial, sizeof serial) >= 0 &&
         tls.crt_set_activation_time(crt, now - 3600) >= 0 &&
         tls.crt_set_expiration_time(crt, now + days * 86400) >= 0 &&
         tls.crt_set_dn_by_oid(crt, "2.5.4.3", 0, common, (unsigned)strlen(common)) >= 0 &&
         tls.crt_set_key(crt, key) >= 0 && tls.crt_get_key_id(crt, 0, id, &id_size) >= 0 &&
         tls.crt_set_subject_key_id(crt, id, id_size) >= 0;
}

/// Signs, exports and fingerprints `crt` and exports `key`: the caller's copies.
static int finish(void *crt, void *issuer, void *issuer_key, void *key, char **certificate,
                  char **key_text, char *fingerprint, size_t fingerprint_size, char *error,
                  size_t size) {
  datum out_crt = {NULL, 0};
  datum out_key = {NULL, 0};
  int done = 0;
  if (tls.crt_sign2(crt, issuer, issuer_key, DIG_SHA256, 0) < 0 ||
      tls.crt_export2(crt, FMT_PEM, &out_crt) < 0 || tls.key_export2(key, FMT_PEM, &out_key) < 0 ||
      !fingerprint_of(crt, fingerprint, fingerprint_size)) {
    snprintf(error, size, "GnuTLS could not sign the certificate");
  } else {
    *certificate = copied(out_crt);
    *key_text = copied(out_key);
    out_crt.data = NULL;
    out_key.data = NULL;
    done = *certificate != NULL && *key_text != NULL;
    if (!done) snprintf(error, size, "out of memory");
  }
  if (out_crt.data) (*tls.free_function)(out_crt.data);
  if (out_key.data) (*tls.free_function)(out_key.data);
  return done;
}

int chttp_make_authority(const char *names, const char *common, char **certificate, char **key,
                         char *fingerprint, size_t fingerprint_size, char *error, size_t size) {
  if (!tls_ready(error, size)) return 0;
  void *private_key = NULL;
  void *crt = NULL;
  void *constraints = NULL;
  int done = 0;
  if (tls.key_init(&private_key) < 0 || tls.key_generate(private_key, PK_RSA, 2048, 0) < 0 ||
      tls.crt_init(&crt) < 0 || tls.nc_init(&constraints) < 0) {
    snprintf(error, size, "GnuTLS could not make a key");
    goto end;
  }
  // An authority for signing certificates (no path below it), for these names alone.
  if (!fill(crt, private_key, common, 10L * 365) ||
      tls.crt_set_basic_constraints(crt, 1, 0) < 0 ||
      tls.crt_set_key_usage(crt, KEY_KEY_CERT_SIGN | KEY_CRL_SIGN) < 0 ||
      !each_name(names, add_permitted, constraints) ||
      tls.crt_set_name_constraints(crt, constraints, 1) < 0) {
    snprintf(error, size, "GnuTLS could not fill the certificate authority");
    goto end;
  }
  done = finish(crt, crt, private_key, private_key, certificate, key, fingerprint,
                fingerprint_size, error, size);
end:
  if (constraints) tls.nc_deinit(constraints);
  if (crt) tls.crt_deinit(crt);
  if (private_key) tls.key_deinit(private_key);
  return done;
}

int chttp_make_certificate(const char *names, const char *authority, const char *authority_key,
                           char **certificate, char **key, char *fingerprint,
                           size_t fingerprint_size, char *error, size_t size) {
  if (!tls_ready(error, size)) return 0;
  void *issuer = NULL;
  void *issuer_key = NULL;
  void *private_key = NULL;
  void *crt = NULL;
  int done = 0;
  datum issuer_text = {(unsigned char *)authority, (unsigned int)strlen(authority)};
  datum issuer_key_text = {(unsigned char *)authority_key, (unsigned int)strlen(authority_key)};
  if (tls.crt_init(&issuer) < 0 || tls.crt_import(issuer, &issuer_text, FMT_PEM) < 0 ||
      tls.key_init(&issuer_key) < 0 || tls.key_import(issuer_key, &issuer_key_text, FMT_PEM) < 0) {
    snprintf(error, size, "the certificate authority or its key cannot be read");
    goto end;
  }
  if (tls.key_init(&private_key) < 0 || tls.key_generate(private_key, PK_RSA, 2048, 0) < 0 ||
      tls.crt_init(&crt) < 0) {
    snprintf(error, size, "GnuTLS could not make a key");
    goto end;
  }
  unsigned char authority_id[64];
  size_t authority_id_size = sizeof authority_id;
  if (!fill(crt, private_key, "meals kitchen", 800) ||
      tls.crt_set_basic_constraints(crt, 0, -1) < 0 ||
      tls.crt_set_key_usage(crt, KEY_DIGITAL_SIGNATURE | KEY_KEY_ENCIPHERMENT) < 0 ||
      tls.crt_set_key_purpose_oid(crt, SERVER_AUTH, 0) < 0 ||
      !each_name(names, add_subject_name, crt) ||
      tls.crt_get_key_id(issuer, 0, authority_id, &authority_id_size) < 0 ||
      tls.crt_set_authority_key_id(crt, authority_id, authority_id_size) < 0) {
    snprintf(error, size, "GnuTLS could not fill the certificate");
    goto end;
  }
  done = finish(crt, issuer, issuer_key, private_key, certificate, key, fingerprint,
                fingerprint_size, error, size);
end:
  if (crt) tls.crt_deinit(crt);
  if (private_key) tls.key_deinit(private_key);
  if (issuer_key) tls.key_deinit(issuer_key);
  if (issuer) tls.crt_deinit(issuer);
  return done;
}

// MARK: - Reading

int chttp_read_certificate(const char *certificate, const char *issuer, char **names,
                           long long *expires, int *vouched, char *fingerprint,
                           size_t fingerprint_size, char *error, size_t size) {
  if (!tls_ready(error, size)) return 0;
  void *crt = NULL;
  void *authority = NULL;
  void *constraints = NULL;
  int done = 0;
  size_t length = 0;
  *names = calloc(1, 1);
  datum text = {(unsigned char *)certificate, (unsigned int)strlen(certificate)};
  if (tls.crt_init(&crt) < 0 || tls.crt_import(crt, &text, FMT_PEM) < 0 ||
      !fingerprint_of(crt, fingerprint, fingerprint_size)) {
    snprintf(error, size, "the certificate cannot be read");
    goto end;
  }
  *expires = (long long)tls.crt_get_expiration_time(crt);
  for (unsigned int index = 0;; index++) {
    unsigned char value[256];
    size_t value_size = sizeof value - 1;
    unsigned int critical = 0;
    int type = tls.crt_get_subject_alt_name(crt, index, value, &value_size, &critical);
    if (type < 0) break;
    char line[256];
    if (type == SAN_IPADDRESS) {
      address_text(value, value_size, line, sizeof line);
    } else {
      value[value_size] = '\0';
      snprintf(line, sizeof line, "%s", (char *)value);
    }
    append_line(names, &length, line);
  }
  unsigned int critical = 0;
  if (tls.nc_init(&constraints) >= 0 &&
      tls.crt_get_name_constraints(crt, constraints, 0, &critical) >= 0) {
    unsigned int type = 0;
    datum value = {NULL, 0};
    for (unsigned int index = 0; tls.nc_get_permitted(constraints, index, &type, &value) >= 0;
         index++) {
      char line[256];
      if (type == SAN_IPADDRESS) {
        address_text(value.data, value.size, line, sizeof line);
      } else {
        snprintf(line, sizeof line, "%.*s", (int)value.size, (char *)value.data);
      }
      append_line(names, &length, line);
    }
  }
  if (*names == NULL) {
    snprintf(error, size, "out of memory");
    goto end;
  }
  *vouched = 0;
  if (issuer != NULL) {
    datum issuer_text = {(unsigned char *)issuer, (unsigned int)strlen(issuer)};
    unsigned int status = 0;
    if (tls.crt_init(&authority) < 0 || tls.crt_import(authority, &issuer_text, FMT_PEM) < 0) {
      snprintf(error, size, "the certificate authority cannot be read");
      goto end;
    }
    *vouched = tls.crt_verify(crt, &authority, 1, 0, &status) >= 0 && status == 0;
  }
  done = 1;
end:
  if (!done) {
    free(*names);
    *names = NULL;
  }
  if (constraints) tls.nc_deinit(constraints);
  if (authority) tls.crt_deinit(authority);
  if (crt) tls.crt_deinit(crt);
  return done;
}
