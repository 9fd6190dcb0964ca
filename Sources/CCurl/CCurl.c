#include "CCurl.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <string.h>

// MARK: - Loading

/// libcurl's entry points, found by dlsym once.
static struct {
  CURLcode (*global_init)(long);
  CURL *(*easy_init)(void);
  void (*easy_cleanup)(CURL *);
  const char *(*easy_strerror)(CURLcode);
  CURLcode (*easy_setopt)(CURL *, CURLoption, ...);
  CURLcode (*easy_getinfo)(CURL *, CURLINFO, ...);
  CURLM *(*multi_init)(void);
  CURLMcode (*multi_cleanup)(CURLM *);
  CURLMcode (*multi_add_handle)(CURLM *, CURL *);
  CURLMcode (*multi_remove_handle)(CURLM *, CURL *);
  CURLMcode (*multi_perform)(CURLM *, int *);
  CURLMcode (*multi_poll)(CURLM *, struct curl_waitfd *, unsigned int, int, int *);
  CURLMcode (*multi_timeout)(CURLM *, long *);
  CURLMsg *(*multi_info_read)(CURLM *, int *);
  CURLMcode (*multi_setopt)(CURLM *, CURLMoption, ...);
  struct curl_slist *(*slist_append)(struct curl_slist *, const char *);
  void (*slist_free_all)(struct curl_slist *);
} curl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded = 0;
static char load_error[256];

#define FIND(field, name)                                                      \
  do {                                                                         \
    *(void **)(&curl.field) = dlsym(library, name);                            \
    if (curl.field == NULL) {                                                  \
      snprintf(load_error, sizeof load_error, "libcurl lacks %s", name);      \
      return;                                                                  \
    }                                                                          \
  } while (0)

static void load(void) {
  void *library = dlopen("libcurl.so.4", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char *why = dlerror();
    snprintf(load_error, sizeof load_error,
             "libcurl is not installed (Debian's libcurl4: %s)", why ? why : "not found");
    return;
  }
  FIND(global_init, "curl_global_init");
  FIND(easy_init, "curl_easy_init");
  FIND(easy_cleanup, "curl_easy_cleanup");
  FIND(easy_strerror, "curl_easy_strerror");
  FIND(easy_setopt, "curl_easy_setopt");
  FIND(easy_getinfo, "curl_easy_getinfo");
  FIND(multi_init, "curl_multi_init");
  FIND(multi_cleanup, "curl_multi_cleanup");
  FIND(multi_add_handle, "curl_multi_add_handle");
  FIND(multi_remove_handle, "curl_multi_remove_handle");
  FIND(multi_perform, "curl_multi_perform");
  FIND(multi_poll, "curl_multi_poll");
  FIND(multi_timeout, "curl_multi_timeout");
  FIND(multi_info_read, "curl_multi_info_read");
  FIND(multi_setopt, "curl_multi_setopt");
  FIND(slist_append, "curl_slist_append");
  FIND(slist_free_all, "curl_slist_free_all");
  if (curl.global_init(CURL_GLOBAL_DEFAULT) != CURLE_OK) {
    snprintf(load_error, sizeof load_error, "libcurl could not be initialised");
    return;
  }
  loaded = 1;
}

int ccurl_load(char *error, size_t size) {
  pthread_once(&load_once, load);
  if (!loaded && error != NULL && size > 0) {
    snprintf(error, size, "%s", load_error);
  }
  return loaded;
}

// MARK: - Calls (only after ccurl_load said yes)

CURL *ccurl_easy_init(void) { return curl.easy_init(); }
void ccurl_easy_cleanup(CURL *handle) { curl.easy_cleanup(handle); }
const char *ccurl_easy_strerror(CURLcode code) { return curl.easy_strerror(code); }
CURLM *ccurl_multi_init(void) { return curl.multi_init(); }
CURLMcode ccurl_multi_cleanup(CURLM *multi) { return curl.multi_cleanup(multi); }

CURLMcode ccurl_multi_add_handle(CURLM *multi, CURL *handle) {
  return curl.multi_add_handle(multi, handle);
}

CURLMcode ccurl_multi_remove_handle(CURLM *multi, CURL *handle) {
  return curl.multi_remove_handle(multi, handle);
}

CURLMcode ccurl_multi_perform(CURLM *multi, int *running) {
  return curl.multi_perform(multi, running);
}

CURLMcode ccurl_multi_poll(
  CURLM *multi, struct curl_waitfd *extra, unsigned int count, int timeout, int *ready) {
  return curl.multi_poll(multi, extra, count, timeout, ready);
}

CURLMcode ccurl_multi_timeout(CURLM *multi, long *milliseconds) {
  return curl.multi_timeout(multi, milliseconds);
}

CURLMsg *ccurl_multi_info_read(CURLM *multi, int *queued) {
  return curl.multi_info_read(multi, queued);
}

struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *text) {
  return curl.slist_append(list, text);
}

void ccurl_slist_free_all(struct curl_slist *list) { curl.slist_free_all(list); }

CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
  return curl.easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
  return curl.easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
  return curl.easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
  return curl.easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_write_function(CURL *handle, ccurl_write_callback callback) {
  return curl.easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
}

CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
  return curl.easy_getinfo(handle, info, value);
}

CURLcode ccurl_easy_getinfo_string(CURL *handle, CURLINFO info, const char **value) {
  return curl.easy_getinfo(handle, info, value);
}

CURLcode ccurl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
  return curl.easy_getinfo(handle, info, value);
}

CURLcode ccurl_easy_getinfo_double(CURL *handle, CURLINFO info, double *value) {
  return curl.easy_getinfo(handle, info, value);
}

CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
  return curl.multi_setopt(multi, option, value);
}

int ccurl_message_done(CURLMsg *message, CURL **handle, CURLcode *result) {
  if (message == NULL || message->msg != CURLMSG_DONE) {
    return 0;
  }
  *handle = message->easy_handle;
  *result = message->data.result;
  return 1;
}
