// meals' own certificate authority and the serving certificates it signs, through GnuTLS
// loaded on first use (dlopen): a start that serves nothing over HTTPS does not load it.
#ifndef MEALS_CCERTIFICATES_H
#define MEALS_CCERTIFICATES_H

#include <stddef.h>

/// A certificate authority (RSA 2048, SHA-256, ten years, `common` as its name) that can vouch
/// for nothing but `names` — host names and IP addresses, one per line — through X.509 name
/// constraints: 1 with its PEM and its key's in `*certificate` and `*key` (free() them) and
/// its SHA-256 (`AB:CD:…`, 96 bytes) in `fingerprint`; else 0 with why in `error`.
int chttp_make_authority(const char *names, const char *common, char **certificate, char **key,
                         char *fingerprint, size_t fingerprint_size, char *error, size_t size);

/// A serving certificate for `names` (one per line) signed by `authority` with `authority_key`
/// (both PEM): RSA 2048, SHA-256, for TLS servers only, 800 days (Apple's phones take no longer
/// than 825); as `chttp_make_authority` otherwise.
int chttp_make_certificate(const char *names, const char *authority, const char *authority_key,
                           char **certificate, char **key, char *fingerprint,
                           size_t fingerprint_size, char *error, size_t size);

/// What a PEM certificate says: in `*names` (free() it) its subject alternative names, then the
/// names it may vouch for when it is an authority, one per line; its end in `*expires` (Unix
/// time); its SHA-256 in `fingerprint`; and with an `issuer` (PEM, else NULL) whether that
/// issuer vouches for it now — signature, dates and name constraints — in `*vouched`. 0 with
/// why when either cannot be read.
int chttp_read_certificate(const char *certificate, const char *issuer, char **names,
                           long long *expires, int *vouched, char *fingerprint,
                           size_t fingerprint_size, char *error, size_t size);

#endif
