// What picture.c and graphics.c share: chafa's canvas printed for a terminal, as bytes.
#ifndef MEALS_CHAFA_PRINT_H
#define MEALS_CHAFA_PRINT_H

#include <chafa.h>
#include <stddef.h>

/// The canvas printed for the terminal `environment` describes (`TERM=…`). malloc'd (free
/// it); NULL when chafa cannot. The canvas stays the caller's.
char *meals_chafa_print(ChafaCanvas *canvas, gchar **environment, size_t *length);

#endif
