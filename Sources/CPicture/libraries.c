// Loads chafa, glib, libjpeg and libpng on the first picture (see libraries.h).
#define MEALS_PICTURE_LOADER
#include "libraries.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>

struct meals_picture_libraries meals_libraries;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded = 0;
static char load_error[256] = "";

static void load(void) {
  // Debian's sonames; chafa brings glib with it.
  void *chafa = dlopen("libchafa.so.0", RTLD_NOW | RTLD_LOCAL);
  void *glib = dlopen("libglib-2.0.so.0", RTLD_NOW | RTLD_LOCAL);
  void *jpeg = dlopen("libjpeg.so.62", RTLD_NOW | RTLD_LOCAL);
  void *png = dlopen("libpng16.so.16", RTLD_NOW | RTLD_LOCAL);
  struct {
    const char *name;
    void *handle;
  } libraries[] = {{"libchafa.so.0", chafa}, {"libglib-2.0.so.0", glib}, {"libjpeg.so.62", jpeg},
                   {"libpng16.so.16", png}};
  for (size_t index = 0; index < sizeof libraries / sizeof libraries[0]; index++) {
    if (libraries[index].handle == NULL) {
      snprintf(load_error, sizeof load_error, "pictures need %s, which could not be loaded",
               libraries[index].name);
      return;
    }
  }
#define MEALS_PICTURE_FIND(library, function)                                                  \
  *(void **)(&meals_libraries.function) = dlsym(library, #function);                           \
  if (meals_libraries.function == NULL) {                                                      \
    snprintf(load_error, sizeof load_error, "pictures need %s, which the library lacks",       \
             #function);                                                                       \
    return;                                                                                    \
  }
  MEALS_PICTURE_FUNCTIONS(MEALS_PICTURE_FIND)
#undef MEALS_PICTURE_FIND
  loaded = 1;
}

int meals_picture_load(char *error, size_t size) {
  pthread_once(&load_once, load);
  if (!loaded && error != NULL && size > 0) {
    snprintf(error, size, "%s", load_error);
  }
  return loaded;
}
