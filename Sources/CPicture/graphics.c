// Real pixels for the terminal graphics protocols: the picture is scaled here to the exact
// pixel size that keeps its shape in the terminal's cells, then sent 1:1. Kitty and iTerm2
// are written here (chafa 1.12 stretches to whole cells and leaves seams of alpha 243 in
// kitty's pixels); sixel goes through chafa, given pixels it does not have to scale.
#include "CPicture.h"
#include "chafa_print.h"
#include "libraries.h"

#include <chafa.h>
#include <math.h>
#include <png.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

// MARK: - Scaling

// One output sample's source taps: the first source index and the weights that follow.
typedef struct {
  int first;
  int count;
  float *weights;
} taps;

// A tent filter as wide as one output pixel's footprint (at least one source pixel): an
// area average when shrinking, bilinear when enlarging.
static taps *make_taps(int source, int target) {
  taps *all = calloc((size_t)target, sizeof *all);
  if (!all) return NULL;
  double scale = (double)source / target;
  double radius = scale > 1 ? scale : 1;
  for (int i = 0; i < target; i++) {
    double center = (i + 0.5) * scale;
    int first = (int)floor(center - radius);
    int last = (int)ceil(center + radius);
    if (first < 0) first = 0;
    if (last > source) last = source;
    int count = last - first;
    if (count < 1) {
      first = (int)center < source ? (int)center : source - 1;
      count = 1;
    }
    all[i].first = first;
    all[i].count = count;
    all[i].weights = malloc((size_t)count * sizeof(float));
    if (!all[i].weights) return all;  // freed by the caller; counted as a failure there
    double total = 0;
    for (int k = 0; k < count; k++) {
      double distance = fabs(first + k + 0.5 - center) / radius;
      double weight = distance < 1 ? 1 - distance : 0;
      all[i].weights[k] = (float)weight;
      total += weight;
    }
    for (int k = 0; k < count; k++)
      all[i].weights[k] = total > 0 ? (float)(all[i].weights[k] / total) : 1.0f / count;
  }
  return all;
}

static void free_taps(taps *all, int count) {
  if (!all) return;
  for (int i = 0; i < count; i++) free(all[i].weights);
  free(all);
}

static int taps_complete(const taps *all, int count) {
  if (!all) return 0;
  for (int i = 0; i < count; i++)
    if (!all[i].weights) return 0;
  return 1;
}

static uint8_t clamp_byte(float value) {
  if (value <= 0) return 0;
  if (value >= 255) return 255;
  return (uint8_t)(value + 0.5f);
}

uint8_t *meals_picture_scaled(const meals_picture *picture, int width, int height) {
  if (!picture->pixels || width < 1 || height < 1) return NULL;
  int source_width = (int)picture->width, source_height = (int)picture->height;
  taps *across = make_taps(source_width, width);
  taps *down = make_taps(source_height, height);
  // Premultiplied floats between the passes, so transparent pixels lend no colour.
  float *middle = malloc((size_t)width * source_height * 4 * sizeof(float));
  uint8_t *out = malloc((size_t)width * height * 4);
  if (!taps_complete(across, width) || !taps_complete(down, height) || !middle || !out) {
    free_taps(across, width);
    free_taps(down, height);
    free(middle);
    free(out);
    return NULL;
  }
  for (int y = 0; y < source_height; y++) {
    const uint8_t *row = picture->pixels + (size_t)y * source_width * 4;
    for (int x = 0; x < width; x++) {
      float sum[4] = {0, 0, 0, 0};
      for (int k = 0; k < across[x].count; k++) {
        const uint8_t *pixel = row + (size_t)(across[x].first + k) * 4;
        float weight = across[x].weights[k], alpha = pixel[3] / 255.0f;
        sum[0] += weight * pixel[0] * alpha;
        sum[1] += weight * pixel[1] * alpha;
        sum[2] += weight * pixel[2] * alpha;
        sum[3] += weight * pixel[3];
      }
      memcpy(middle + ((size_t)y * width + x) * 4, sum, sizeof sum);
    }
  }
  for (int y = 0; y < height; y++) {
    for (int x = 0; x < width; x++) {
      float sum[4] = {0, 0, 0, 0};
      for (int k = 0; k < down[y].count; k++) {
        const float *pixel = middle + ((size_t)(down[y].first + k) * width + x) * 4;
        float weight = down[y].weights[k];
        for (int c = 0; c < 4; c++) sum[c] += weight * pixel[c];
      }
      uint8_t *target = out + ((size_t)y * width + x) * 4;
      float alpha = sum[3] / 255.0f;
      for (int c = 0; c < 3; c++) target[c] = clamp_byte(alpha > 0 ? sum[c] / alpha : 0);
      target[3] = clamp_byte(sum[3]);
    }
  }
  free_taps(across, width);
  free_taps(down, height);
  free(middle);
  return out;
}

// MARK: - Bytes out

typedef struct {
  char *bytes;
  size_t length;
  size_t capacity;
  int failed;
} buffer;

static void append(buffer *out, const char *bytes, size_t length) {
  if (out->failed) return;
  if (out->length + length + 1 > out->capacity) {
    size_t capacity = out->capacity ? out->capacity : 4096;
    while (out->length + length + 1 > capacity) capacity *= 2;
    char *grown = realloc(out->bytes, capacity);
    if (!grown) {
      out->failed = 1;
      return;
    }
    out->bytes = grown;
    out->capacity = capacity;
  }
  memcpy(out->bytes + out->length, bytes, length);
  out->length += length;
  out->bytes[out->length] = 0;
}

static void append_text(buffer *out, const char *text) { append(out, text, strlen(text)); }

static void append_base64(buffer *out, const uint8_t *data, size_t length) {
  static const char alphabet[] =
      "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  char quad[4];
  for (size_t i = 0; i < length; i += 3) {
    uint32_t value = (uint32_t)data[i] << 16;
    if (i + 1 < length) value |= (uint32_t)data[i + 1] << 8;
    if (i + 2 < length) value |= data[i + 2];
    quad[0] = alphabet[(value >> 18) & 63];
    quad[1] = alphabet[(value >> 12) & 63];
    quad[2] = i + 1 < length ? alphabet[(value >> 6) & 63] : '=';
    quad[3] = i + 2 < length ? alphabet[value & 63] : '=';
    append(out, quad, 4);
  }
}

static char *finish(buffer *out, size_t *length) {
  if (out->failed) {
    free(out->bytes);
    return NULL;
  }
  *length = out->length;
  return out->bytes;
}

// MARK: - Kitty

// RGBA at its own pixel size (no c/r: kitty would stretch it to fill the cells), the cursor
// left where it was (C=1), no answers (q=2); the payload in chunks of 4096 base64 bytes.
static char *kitty(const uint8_t *pixels, int width, int height, size_t *length) {
  size_t raw = (size_t)width * height * 4;
  buffer encoded = {0}, out = {0};
  append_base64(&encoded, pixels, raw);
  if (encoded.failed) return finish(&encoded, length);
  for (size_t offset = 0; offset < encoded.length; offset += 4096) {
    size_t chunk = encoded.length - offset < 4096 ? encoded.length - offset : 4096;
    int more = offset + chunk < encoded.length;
    char head[96];
    if (offset == 0)
      snprintf(head, sizeof head, "\x1b_Ga=T,f=32,s=%d,v=%d,C=1,q=2,m=%d;", width, height, more);
    else
      snprintf(head, sizeof head, "\x1b_Gm=%d;", more);
    append_text(&out, head);
    append(&out, encoded.bytes + offset, chunk);
    append_text(&out, "\x1b\\");
  }
  free(encoded.bytes);
  return finish(&out, length);
}

// MARK: - iTerm2

// PNG written into a growing buffer by libpng.
static void png_append(png_structp png, png_bytep data, png_size_t length) {
  append((buffer *)png_get_io_ptr(png), (const char *)data, length);
}

static void png_flush(png_structp png) { (void)png; }

// The picture as a PNG file, quickly (zlib's fastest level, no row filters: the terminal
// decodes it at once, and it is never kept).
static int png_file(const uint8_t *pixels, int width, int height, buffer *file) {
  png_structp png = png_create_write_struct(PNG_LIBPNG_VER_STRING, NULL, NULL, NULL);
  if (!png) return 1;
  png_infop info = png_create_info_struct(png);
  if (!info || setjmp(png_jmpbuf(png))) {
    png_destroy_write_struct(&png, info ? &info : NULL);
    return 1;
  }
  png_set_write_fn(png, file, png_append, png_flush);
  png_set_compression_level(png, 1);
  png_set_filter(png, 0, PNG_FILTER_NONE);
  png_set_IHDR(png, info, (png_uint_32)width, (png_uint_32)height, 8, PNG_COLOR_TYPE_RGBA,
               PNG_INTERLACE_NONE, PNG_COMPRESSION_TYPE_DEFAULT, PNG_FILTER_TYPE_DEFAULT);
  png_write_info(png, info);
  for (int y = 0; y < height; y++) png_write_row(png, (png_bytep)(pixels + (size_t)y * width * 4));
  png_write_end(png, NULL);
  png_destroy_write_struct(&png, &info);
  return file->failed;
}

// A PNG file inline, sized in pixels with its shape kept.
static char *iterm(const uint8_t *pixels, int width, int height, size_t *length) {
  buffer file = {0};
  if (png_file(pixels, width, height, &file)) {
    free(file.bytes);
    return NULL;
  }
  buffer out = {0};
  char head[160];
  snprintf(head, sizeof head,
           "\x1b]1337;File=inline=1;size=%zu;width=%dpx;height=%dpx;preserveAspectRatio=1:",
           file.length, width, height);
  append_text(&out, head);
  append_base64(&out, (const uint8_t *)file.bytes, file.length);
  append_text(&out, "\a");
  free(file.bytes);
  return finish(&out, length);
}

// MARK: - Sixel

// chafa's sixel encoder over the whole cells, given the picture at its pixel size in their
// top left corner and transparency around it: it scales nothing, so nothing is stretched (the
// caller fits the picture within whole sixels).
static char *sixel(const uint8_t *pixels, int width, int height, int columns, int rows,
                   int cell_width, int cell_height, size_t *length) {
  // chafa's sixel image is as tall as the cells rounded down to whole sixels (6 pixels).
  int full_width = columns * cell_width, full_height = rows * cell_height / 6 * 6;
  if (full_height < 6) full_height = 6;
  uint8_t *padded = calloc((size_t)full_width * full_height, 4);
  if (!padded) return NULL;
  for (int y = 0; y < height && y < full_height; y++)
    memcpy(padded + (size_t)y * full_width * 4, pixels + (size_t)y * width * 4,
           (size_t)(width < full_width ? width : full_width) * 4);
  chafa_set_n_threads(1);
  ChafaCanvasConfig *config = chafa_canvas_config_new();
  chafa_canvas_config_set_geometry(config, columns, rows);
  chafa_canvas_config_set_canvas_mode(config, CHAFA_CANVAS_MODE_TRUECOLOR);
  chafa_canvas_config_set_pixel_mode(config, CHAFA_PIXEL_MODE_SIXELS);
  chafa_canvas_config_set_cell_geometry(config, cell_width, cell_height);
  ChafaCanvas *canvas = chafa_canvas_new(config);
  if (canvas)
    chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, padded, full_width,
                                 full_height, full_width * 4);
  gchar *environment[] = {"TERM=mlterm", NULL};
  char *bytes = meals_chafa_print(canvas, environment, length);
  if (canvas) chafa_canvas_unref(canvas);
  chafa_canvas_config_unref(config);
  free(padded);
  return bytes;
}

// MARK: - The protocols

char *meals_picture_graphics(const meals_picture *picture, int protocol, int width, int height,
                             int columns, int rows, int cell_width, int cell_height,
                             size_t *length) {
  if (!meals_picture_load(NULL, 0)) return NULL;
  if (!picture->pixels || width < 1 || height < 1 || columns < 1 || rows < 1 ||
      cell_width < 1 || cell_height < 1)
    return NULL;
  uint8_t *pixels = meals_picture_scaled(picture, width, height);
  if (!pixels) return NULL;
  char *bytes = NULL;
  switch (protocol) {
    case MEALS_PROTOCOL_KITTY: bytes = kitty(pixels, width, height, length); break;
    case MEALS_PROTOCOL_ITERM: bytes = iterm(pixels, width, height, length); break;
    case MEALS_PROTOCOL_SIXEL:
      bytes = sixel(pixels, width, height, columns, rows, cell_width, cell_height, length);
      break;
    default: break;
  }
  free(pixels);
  return bytes;
}
