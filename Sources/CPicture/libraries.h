// The picture libraries (chafa and its glib, libjpeg, libpng), loaded with dlopen when the first
// picture is decoded or drawn rather than at every start: their constructors and relocations
// cost the first frame ~0.7 ms in a program that may show no picture before it.
//
// picture.c and graphics.c call the libraries by their own names; below, each name stands for
// the pointer the loader found (`meals_libraries.name`), so the calls read as usual.
#ifndef MEALS_PICTURE_LIBRARIES_H
#define MEALS_PICTURE_LIBRARIES_H

#include <chafa.h>
#include <stdio.h>  // jpeglib.h needs FILE
#include <jpeglib.h>
#include <png.h>
#include <stddef.h>

// X(library, function): every function meals calls, by library.
#define MEALS_PICTURE_FUNCTIONS(X)                                                             \
  X(chafa, chafa_canvas_config_new)                                                            \
  X(chafa, chafa_canvas_config_set_canvas_mode)                                                \
  X(chafa, chafa_canvas_config_set_cell_geometry)                                              \
  X(chafa, chafa_canvas_config_set_geometry)                                                   \
  X(chafa, chafa_canvas_config_set_pixel_mode)                                                 \
  X(chafa, chafa_canvas_config_set_symbol_map)                                                 \
  X(chafa, chafa_canvas_config_unref)                                                          \
  X(chafa, chafa_canvas_draw_all_pixels)                                                       \
  X(chafa, chafa_canvas_get_char_at)                                                           \
  X(chafa, chafa_canvas_get_raw_colors_at)                                                     \
  X(chafa, chafa_canvas_new)                                                                   \
  X(chafa, chafa_canvas_print)                                                                 \
  X(chafa, chafa_canvas_unref)                                                                 \
  X(chafa, chafa_set_n_threads)                                                                \
  X(chafa, chafa_symbol_map_add_by_tags)                                                       \
  X(chafa, chafa_symbol_map_new)                                                               \
  X(chafa, chafa_term_db_detect)                                                               \
  X(chafa, chafa_term_db_get_default)                                                          \
  X(chafa, chafa_term_info_unref)                                                              \
  X(glib, g_string_free)                                                                       \
  X(jpeg, jpeg_CreateDecompress)                                                               \
  X(jpeg, jpeg_destroy_decompress)                                                             \
  X(jpeg, jpeg_finish_decompress)                                                              \
  X(jpeg, jpeg_mem_src)                                                                        \
  X(jpeg, jpeg_read_header)                                                                    \
  X(jpeg, jpeg_read_scanlines)                                                                 \
  X(jpeg, jpeg_start_decompress)                                                               \
  X(jpeg, jpeg_std_error)                                                                      \
  X(png, png_create_info_struct)                                                               \
  X(png, png_create_write_struct)                                                              \
  X(png, png_destroy_write_struct)                                                             \
  X(png, png_get_io_ptr)                                                                       \
  X(png, png_image_begin_read_from_memory)                                                     \
  X(png, png_image_finish_read)                                                                \
  X(png, png_image_free)                                                                       \
  X(png, png_set_IHDR)                                                                         \
  X(png, png_set_compression_level)                                                            \
  X(png, png_set_filter)                                                                       \
  X(png, png_set_longjmp_fn)                                                                   \
  X(png, png_set_write_fn)                                                                     \
  X(png, png_write_end)                                                                        \
  X(png, png_write_info)                                                                       \
  X(png, png_write_row)

#define MEALS_PICTURE_POINTER(library, function) __typeof__(function) *function;
struct meals_picture_libraries {
  MEALS_PICTURE_FUNCTIONS(MEALS_PICTURE_POINTER)
};
#undef MEALS_PICTURE_POINTER

extern struct meals_picture_libraries meals_libraries;

/// Loads the libraries once (thread-safe); 1 when every function was found, else 0 with the
/// reason in `error`.
int meals_picture_load(char *error, size_t size);

#ifndef MEALS_PICTURE_LOADER
#define chafa_canvas_config_new meals_libraries.chafa_canvas_config_new
#define chafa_canvas_config_set_canvas_mode meals_libraries.chafa_canvas_config_set_canvas_mode
#define chafa_canvas_config_set_cell_geometry meals_libraries.chafa_canvas_config_set_cell_geometry
#define chafa_canvas_config_set_geometry meals_libraries.chafa_canvas_config_set_geometry
#define chafa_canvas_config_set_pixel_mode meals_libraries.chafa_canvas_config_set_pixel_mode
#define chafa_canvas_config_set_symbol_map meals_libraries.chafa_canvas_config_set_symbol_map
#define chafa_canvas_config_unref meals_libraries.chafa_canvas_config_unref
#define chafa_canvas_draw_all_pixels meals_libraries.chafa_canvas_draw_all_pixels
#define chafa_canvas_get_char_at meals_libraries.chafa_canvas_get_char_at
#define chafa_canvas_get_raw_colors_at meals_libraries.chafa_canvas_get_raw_colors_at
#define chafa_canvas_new meals_libraries.chafa_canvas_new
#define chafa_canvas_print meals_libraries.chafa_canvas_print
#define chafa_canvas_unref meals_libraries.chafa_canvas_unref
#define chafa_set_n_threads meals_libraries.chafa_set_n_threads
#define chafa_symbol_map_add_by_tags meals_libraries.chafa_symbol_map_add_by_tags
#define chafa_symbol_map_new meals_libraries.chafa_symbol_map_new
#define chafa_term_db_detect meals_libraries.chafa_term_db_detect
#define chafa_term_db_get_default meals_libraries.chafa_term_db_get_default
#define chafa_term_info_unref meals_libraries.chafa_term_info_unref
#define g_string_free meals_libraries.g_string_free
#define jpeg_CreateDecompress meals_libraries.jpeg_CreateDecompress
#define jpeg_destroy_decompress meals_libraries.jpeg_destroy_decompress
#define jpeg_finish_decompress meals_libraries.jpeg_finish_decompress
#define jpeg_mem_src meals_libraries.jpeg_mem_src
#define jpeg_read_header meals_libraries.jpeg_read_header
#define jpeg_read_scanlines meals_libraries.jpeg_read_scanlines
#define jpeg_start_decompress meals_libraries.jpeg_start_decompress
#define jpeg_std_error meals_libraries.jpeg_std_error
#define png_create_info_struct meals_libraries.png_create_info_struct
#define png_create_write_struct meals_libraries.png_create_write_struct
#define png_destroy_write_struct meals_libraries.png_destroy_write_struct
#define png_get_io_ptr meals_libraries.png_get_io_ptr
#define png_image_begin_read_from_memory meals_libraries.png_image_begin_read_from_memory
#define png_image_finish_read meals_libraries.png_image_finish_read
#define png_image_free meals_libraries.png_image_free
#define png_set_IHDR meals_libraries.png_set_IHDR
#define png_set_compression_level meals_libraries.png_set_compression_level
#define png_set_filter meals_libraries.png_set_filter
#define png_set_longjmp_fn meals_libraries.png_set_longjmp_fn
#define png_set_write_fn meals_libraries.png_set_write_fn
#define png_write_end meals_libraries.png_write_end
#define png_write_info meals_libraries.png_write_info
#define png_write_row meals_libraries.png_write_row
#endif

#endif
