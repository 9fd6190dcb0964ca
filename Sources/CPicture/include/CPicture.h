// Pictures for meals: JPEG and PNG decoded with limits, and chafa's renderings of them.
// Plain C types only, so Swift imports it without glib.
#ifndef MEALS_CPICTURE_H
#define MEALS_CPICTURE_H

#include <stddef.h>
#include <stdint.h>

/// A decoded picture: RGBA, 8 bits a channel, rows packed (width * 4 bytes).
typedef struct {
  uint8_t *pixels;
  uint32_t width;
  uint32_t height;
} meals_picture;

/// Decodes JPEG or PNG bytes (told apart by their first bytes). 0 on success; otherwise a
/// message in `error` and nothing to free. Pictures wider or taller than `max_side`, or of more
/// than `max_pixels` pixels, are refused from their header, before any pixel is allocated.
int meals_picture_decode(const uint8_t *data, size_t size, uint32_t max_side, uint64_t max_pixels,
                         meals_picture *out, char *error, size_t error_size);

void meals_picture_free(meals_picture *picture);

/// Colours of a symbols rendering.
enum { MEALS_COLORS_NONE = 0, MEALS_COLORS_256 = 1 };

/// Renders the picture as `columns` x `rows` character cells with chafa (block and half-block
/// symbols). Each cell gets a Unicode scalar and two palette indexes (0-255; -1 for the
/// terminal's default). Arrays hold columns * rows entries. 0 on success.
int meals_picture_symbols(const meals_picture *picture, int columns, int rows, int colors,
                          uint32_t *characters, int16_t *foregrounds, int16_t *backgrounds);

/// Graphics protocols chafa writes.
/// TRUECOLOR is not a protocol but symbols in 24-bit colour escapes, one line per row.
enum {
  MEALS_PROTOCOL_KITTY = 1,
  MEALS_PROTOCOL_SIXEL = 2,
  MEALS_PROTOCOL_ITERM = 3,
  MEALS_PROTOCOL_TRUECOLOR = 4
};

/// Symbols in 24-bit colour escapes over `columns` x `rows` cells, one line per row: the only
/// `protocol` it takes is MEALS_PROTOCOL_TRUECOLOR (real pixels: meals_picture_graphics).
/// malloc'd (free it); NULL on failure.
char *meals_picture_protocol(const meals_picture *picture, int columns, int rows, int protocol,
                             int cell_width, int cell_height, size_t *length);

/// The picture scaled to exactly `width` x `height` pixels (RGBA, an area average when
/// shrinking, bilinear when enlarging). malloc'd (free it); NULL on failure.
uint8_t *meals_picture_scaled(const meals_picture *picture, int width, int height);

/// The bytes that draw the picture at `width` x `height` pixels (its shape, fitted by the
/// caller) from the cursor, in a terminal speaking `protocol` (kitty, sixel or iTerm2), within
/// `columns` x `rows` cells of `cell_width` x `cell_height` pixels. malloc'd; NULL on failure.
char *meals_picture_graphics(const meals_picture *picture, int protocol, int width, int height,
                             int columns, int rows, int cell_width, int cell_height,
                             size_t *length);

#endif
