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
#include <string.h>
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

/// One cell for `meals_put_row`: a spacing character and up to four combining marks
/// (`text` ends at a 0 or after 5), an attribute set and a colour pair (extended pairs too).
/// Filled as `setcchar` does, without its checks: the canvas has measured every character.
static inline cchar_t meals_cell(const wchar_t *text, attr_t attrs, int pair) {
  cchar_t cell;
  memset(&cell, 0, sizeof cell);
  for (int i = 0; i < CCHARW_MAX && text[i] != 0; i++) cell.chars[i] = text[i];
  // Marks on a character glibc calls unprintable are dropped, as setcchar refuses them.
  if (cell.chars[1] != 0 && wcwidth(cell.chars[0]) < 0) cell.chars[1] = 0;
  cell.attr = (attrs & ~A_COLOR) | (attr_t)COLOR_PAIR(pair < 256 ? pair : 255);
  cell.ext_color = pair;
  return cell;
}

/// Puts a row of cells from column 0 of line y (a wide character's lead cell only: ncurses
/// covers the next one), as the window's own cells: no per-character parsing or wrapping.
static inline int meals_put_row(int y, const cchar_t *cells, int count) {
  if (wmove(stdscr, y, 0) == ERR) return ERR;
  return wadd_wchnstr(stdscr, cells, count);
}

#endif
