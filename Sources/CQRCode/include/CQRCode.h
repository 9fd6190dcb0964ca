// libqrencode for Swift: loaded on first use (dlopen), only when a pairing code is drawn.
#ifndef MEALS_CQRCODE_H
#define MEALS_CQRCODE_H

#include <stddef.h>

/// Encodes `text` (8-bit, error correction M) into `modules`: `*width` rows of `*width`
/// modules, 1 for dark. 1 when done; 0 with why in `error` (no library, too long for
/// `capacity` modules).
int cqrcode_encode(const char *text, unsigned char *modules, size_t capacity, int *width,
                   char *error, size_t size);

#endif
