// Decoding with limits (libjpeg-turbo, libpng) and rendering (chafa) for meals' pictures.
#include "CPicture.h"
#include "chafa_print.h"
#include "libraries.h"

#include <stdio.h>

#include <chafa.h>
#include <jpeglib.h>
#include <png.h>
#include <dlfcn.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static void say(char *error, size_t size, const char *message) {
  if (error && size) snprintf(error, size, "%s", message);
}

static int too_big(uint32_t width, uint32_t height, uint32_t max_side, uint64_t max_pixels,
                   char *error, size_t error_size) {
  if (width == 0 || height == 0) {
    say(error, error_size, "the picture has no pixels");
    return 1;
  }
  if (width > max_side || height > max_side || (uint64_t)width * height > max_pixels) {
    char message[160];
    snprintf(message, sizeof message, "the picture is %ux%u pixels, more than meals opens",
             width, height);
    say(error, error_size, message);
    return 1;
  }
  return 0;
}

// MARK: - JPEG

typedef struct {
  struct jpeg_error_mgr manager;
  jmp_buf jump;
  int warnings;
  char message[JMSG_LENGTH_MAX];
} jpeg_failure;

static void jpeg_fail(j_common_ptr info) {
  jpeg_failure *failure = (jpeg_failure *)info->err;
  info->err->format_message(info, failure->message);
  longjmp(failure->jump, 1);
}

// A warning (a truncated file is one: libjpeg fills the rest with grey) counts as broken.
static void jpeg_warn(j_common_ptr info, int level) {
  jpeg_failure *failure = (jpeg_failure *)info->err;
  if (level < 0 && !failure->warnings) {
    info->err->format_message(info, failure->message);
    failure->warnings = 1;
  }
}

static int decode_jpeg(const uint8_t *data, size_t size, uint32_t max_side, uint64_t max_pixels,
                       meals_picture *out, char *error, size_t error_size) {
  struct jpeg_decompress_struct info;
  jpeg_failure failure;
  memset(&failure, 0, sizeof failure);
  info.err = jpeg_std_error(&failure.manager);
  failure.manager.error_exit = jpeg_fail;
  failure.manager.emit_message = jpeg_warn;
  uint8_t *volatile pixels = NULL;
  if (setjmp(failure.jump)) {
    free(pixels);
    jpeg_destroy_decompress(&info);
    char message[JMSG_LENGTH_MAX + 32];
    snprintf(message, sizeof message, "broken JPEG: %s", failure.message);
    say(error, error_size, message);
    return 1;
  }
  jpeg_create_decompress(&info);
  jpeg_mem_src(&info, data, (unsigned long)size);
  jpeg_read_header(&info, TRUE);
  if (too_big(info.image_width, info.image_height, max_side, max_pixels, error, error_size)) {
    jpeg_destroy_decompress(&info);
    return 1;
  }
  info.out_color_space = JCS_EXT_RGBA;
  jpeg_start_decompress(&info);
  size_t stride = (size_t)info.output_width * 4;
  pixels = malloc(stride * info.output_height);
  if (!pixels) {
    jpeg_destroy_decompress(&info);
    say(error, error_size, "not enough memory for the picture");
    return 1;
  }
  while (info.output_scanline < info.output_height) {
    JSAMPROW row = pixels + stride * info.output_scanline;
    jpeg_read_scanlines(&info, &row, 1);
  }
  jpeg_finish_decompress(&info);
  if (failure.warnings) longjmp(failure.jump, 1);  // the one way out for a broken file
  out->pixels = pixels;
  out->width = info.output_width;
  out->height = info.output_height;
  jpeg_destroy_decompress(&info);
  return 0;
}

// MARK: - PNG

static int decode_png(const uint8_t *data, size_t size, uint32_t max_side, uint64_t max_pixels,
                      meals_picture *out, char *error, size_t error_size) {
  png_image image;
  memset(&image, 0, sizeof image);
  image.version = PNG_IMAGE_VERSION;
  if (!png_image_begin_read_from_memory(&image, data, size)) {
    char message[96];
    snprintf(message, sizeof message, "broken PNG: %s", image.message);
    say(error, error_size, message);
    png_image_free(&image);
    return 1;
  }
  if (too_big(image.width, image.height, max_side, max_pixels, error, error_size)) {
    png_image_free(&image);
    return 1;
  }
  image.format = PNG_FORMAT_RGBA;
  size_t bytes = PNG_IMAGE_SIZE(image);
  uint8_t *pixels = malloc(bytes);
  if (!pixels) {
    png_image_free(&image);
    say(error, error_size, "not enough memory for the picture");
    return 1;
  }
  if (!png_image_finish_read(&image, NULL, pixels, 0, NULL)) {
    char message[96];
    snprintf(message, sizeof message, "broken PNG: %s", image.message);
    say(error, error_size, message);
    free(pixels);
    png_image_free(&image);
    return 1;
  }
  out->pixels = pixels;
  out->width = image.width;
  out->height = image.height;
  return 0;
}

// MARK: - WebP

/// libwebp's two calls meals needs, found on the first WebP (a photo imported from Mealie):
/// most books hold none, so no start or JPEG pays for loading it.
static struct {
  int (*get_info)(const uint8_t *, size_t, int *, int *);
  uint8_t *(*decode_rgba_into)(const uint8_t *, size_t, uint8_t *, size_t, int);
} webp;
static pthread_once_t webp_once = PTHREAD_ONCE_INIT;
static int webp_loaded = 0;

static void load_webp(void) {
  void *library = dlopen("libwebp.so.7", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) return;
  *(void **)(&webp.get_info) = dlsym(library, "WebPGetInfo");
  *(void **)(&webp.decode_rgba_into) = dlsym(library, "WebPDecodeRGBAInto");
  webp_loaded = webp.get_info != NULL && webp.decode_rgba_into != NULL;
}

static int decode_webp(const uint8_t *data, size_t size, uint32_t max_side, uint64_t max_pixels,
                       meals_picture *out, char *error, size_t error_size) {
  pthread_once(&webp_once, load_webp);
  if (!webp_loaded) {
    say(error, error_size, "WebP pictures need libwebp7, which could not be loaded");
    return 1;
  }
  int width = 0, height = 0;
  if (!webp.get_info(data, size, &width, &height) || width <= 0 || height <= 0) {
    say(error, error_size, "broken WebP picture");
    return 1;
  }
  if (too_big((uint32_t)width, (uint32_t)height, max_side, max_pixels, error, error_size)) return 1;
  size_t stride = (size_t)width * 4;
  size_t bytes = stride * (size_t)height;
  uint8_t *pixels = malloc(bytes);
  if (!pixels) {
    say(error, error_size, "not enough memory for the picture");
    return 1;
  }
  if (webp.decode_rgba_into(data, size, pixels, bytes, (int)stride) == NULL) {
    free(pixels);
    say(error, error_size, "broken WebP picture");
    return 1;
  }
  out->pixels = pixels;
  out->width = (uint32_t)width;
  out->height = (uint32_t)height;
  return 0;
}

int meals_picture_decode(const uint8_t *data, size_t size, uint32_t max_side, uint64_t max_pixels,
                         meals_picture *out, char *error, size_t error_size) {
  memset(out, 0, sizeof *out);
  if (!meals_picture_load(error, error_size)) return 1;
  if (size >= 3 && data[0] == 0xFF && data[1] == 0xD8 && data[2] == 0xFF)
    return decode_jpeg(data, size, max_side, max_pixels, out, error, error_size);
  static const uint8_t png_signature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  if (size >= 8 && memcmp(data, png_signature, 8) == 0)
    return decode_png(data, size, max_side, max_pixels, out, error, error_size);
  if (size >= 12 && memcmp(data, "RIFF", 4) == 0 && memcmp(data + 8, "WEBP", 4) == 0)
    return decode_webp(data, size, max_side, max_pixels, out, error, error_size);
  say(error, error_size, "not a JPEG, PNG or WebP picture");
  return 1;
}

void meals_picture_free(meals_picture *picture) {
  free(picture->pixels);
  picture->pixels = NULL;
}

// MARK: - Rendering

static ChafaCanvas *new_canvas(const meals_picture *picture, int columns, int rows,
                               ChafaCanvasMode mode, ChafaPixelMode pixel_mode, int cell_width,
                               int cell_height) {
  // One thread: meals owns its threads (chafa would start a pool).
  chafa_set_n_threads(1);
  // Built once (building it is most of the cost of a small drawing); meals draws on one thread.
  static ChafaSymbolMap *symbols = NULL;
  if (!symbols) {
    symbols = chafa_symbol_map_new();
    chafa_symbol_map_add_by_tags(symbols, CHAFA_SYMBOL_TAG_BLOCK | CHAFA_SYMBOL_TAG_HALF |
                                              CHAFA_SYMBOL_TAG_SPACE);
  }
  ChafaCanvasConfig *config = chafa_canvas_config_new();
  chafa_canvas_config_set_geometry(config, columns, rows);
  chafa_canvas_config_set_canvas_mode(config, mode);
  chafa_canvas_config_set_pixel_mode(config, pixel_mode);
  chafa_canvas_config_set_symbol_map(config, symbols);
  if (cell_width > 0 && cell_height > 0)
    chafa_canvas_config_set_cell_geometry(config, cell_width, cell_height);
  ChafaCanvas *canvas = chafa_canvas_new(config);
  if (canvas)
    chafa_canvas_draw_all_pixels(canvas, CHAFA_PIXEL_RGBA8_UNASSOCIATED, picture->pixels,
                                 (gint)picture->width, (gint)picture->height,
                                 (gint)picture->width * 4);
  chafa_canvas_config_unref(config);
  return canvas;
}

int meals_picture_symbols(const meals_picture *picture, int columns, int rows, int colors,
                          uint32_t *characters, int16_t *foregrounds, int16_t *backgrounds) {
  if (!picture->pixels || columns < 1 || rows < 1) return 1;
  if (!meals_picture_load(NULL, 0)) return 1;
  ChafaCanvasMode mode = colors == MEALS_COLORS_256 ? CHAFA_CANVAS_MODE_INDEXED_256
                                                    : CHAFA_CANVAS_MODE_FGBG;
  ChafaCanvas *canvas =
      new_canvas(picture, columns, rows, mode, CHAFA_PIXEL_MODE_SYMBOLS, 0, 0);
  if (!canvas) return 1;
  for (int y = 0; y < rows; y++) {
    for (int x = 0; x < columns; x++) {
      int index = y * columns + x;
      characters[index] = chafa_canvas_get_char_at(canvas, x, y);
      gint fg = -1, bg = -1;
      if (colors == MEALS_COLORS_256) chafa_canvas_get_raw_colors_at(canvas, x, y, &fg, &bg);
      foregrounds[index] = (int16_t)(fg < 0 || fg > 255 ? -1 : fg);
      backgrounds[index] = (int16_t)(bg < 0 || bg > 255 ? -1 : bg);
    }
  }
  chafa_canvas_unref(canvas);
  return 0;
}

char *meals_chafa_print(ChafaCanvas *canvas, gchar **environment, size_t *length) {
  ChafaTermInfo *term = chafa_term_db_detect(chafa_term_db_get_default(), environment);
  char *copy = NULL;
  if (canvas && term) {
    GString *printed = chafa_canvas_print(canvas, term);
    copy = malloc(printed->len + 1);
    if (copy) {
      memcpy(copy, printed->str, printed->len + 1);
      *length = printed->len;
    }
    g_string_free(printed, TRUE);
  }
  if (term) chafa_term_info_unref(term);
  return copy;
}

char *meals_picture_protocol(const meals_picture *picture, int columns, int rows, int protocol,
                             int cell_width, int cell_height, size_t *length) {
  if (!meals_picture_load(NULL, 0)) return NULL;
  // Real pixels are graphics.c's; here, symbols in 24-bit colour escapes.
  if (!picture->pixels || columns < 1 || rows < 1 || protocol != MEALS_PROTOCOL_TRUECOLOR)
    return NULL;
  gchar *environment[] = {"TERM=xterm-256color", "COLORTERM=truecolor", NULL};
  ChafaCanvas *canvas = new_canvas(picture, columns, rows, CHAFA_CANVAS_MODE_TRUECOLOR,
                                   CHAFA_PIXEL_MODE_SYMBOLS, cell_width, cell_height);
  char *bytes = meals_chafa_print(canvas, environment, length);
  if (canvas) chafa_canvas_unref(canvas);
  return bytes;
}
