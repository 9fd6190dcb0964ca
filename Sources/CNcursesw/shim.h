// The wide-character ncurses API for Swift: feature macros first, then getters for macros
// and mutable globals that Swift cannot import.
#ifndef MEALS_CNCURSESW_SHIM_H
#define MEALS_CNCURSESW_SHIM_H

#ifndef _XOPEN_SOURCE
#define _XOPEN_SOURCE 600
#endif
#ifndef _DEFAULT_SOURCE
#define _DEFAULT_SOURCE 1
#endif
#ifndef NCURSES_WIDECHAR
#define NCURSES_WIDECHAR 1
#endif

#include <locale.h>
#include <langinfo.h>
#include <wchar.h>
#include <ncursesw/curses.h>

static inline WINDOW *meals_stdscr(void) { return stdscr; }
static inline FILE *meals_stdin(void) { return stdin; }
static inline FILE *meals_stdout(void) { return stdout; }
/// glibc's cell width for one character, as ncurses measures it (needs _XOPEN_SOURCE).
static inline int meals_wcwidth(wchar_t c) { return wcwidth(c); }
static inline int meals_lines(void) { return LINES; }
static inline int meals_cols(void) { return COLS; }
static inline int meals_colors(void) { return COLORS; }
static inline int meals_color_pairs(void) { return COLOR_PAIRS; }

static inline attr_t meals_a_normal(void) { return A_NORMAL; }
static inline attr_t meals_a_bold(void) { return A_BOLD; }
static inline attr_t meals_a_reverse(void) { return A_REVERSE; }
static inline attr_t meals_a_underline(void) { return A_UNDERLINE; }
static inline attr_t meals_a_dim(void) { return A_DIM; }
static inline attr_t meals_a_italic(void) { return A_ITALIC; }
static inline int meals_key_f(int n) { return KEY_F(n); }
static inline int meals_color_pair(int n) { return (int)COLOR_PAIR(n); }

/// Draws `count` wide characters at (y, x) with one attribute set and colour pair.
static inline int meals_put(int y, int x, const wchar_t *text, int count, attr_t attrs, short pair) {
  attr_set(attrs, pair, NULL);
  return mvaddnwstr(y, x, text, count);
}

#endif
