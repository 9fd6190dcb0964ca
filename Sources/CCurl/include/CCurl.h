// libcurl for Swift: loaded on first use (dlopen), so a start that needs no network does not
// load and relocate libcurl and the thirty libraries under it; typed wrappers for its variadic
// calls, which Swift cannot call directly. The header gives only curl's types and constants.
#ifndef MEALS_CCURL_H
#define MEALS_CCURL_H

#include <curl/curl.h>
#include <stddef.h>

/// The write callback shape curl calls with each chunk of a response body.
typedef size_t (*ccurl_write_callback)(char *data, size_t size, size_t count, void *context);

/// Loads libcurl (once) and initialises it; 1 when it is ready. Otherwise 0, with why in
/// `error` (a library missing, a symbol missing, curl_global_init failing).
int ccurl_load(char *error, size_t size);

CURL *ccurl_easy_init(void);
void ccurl_easy_cleanup(CURL *handle);
const char *ccurl_easy_strerror(CURLcode code);
CURLM *ccurl_multi_init(void);
CURLMcode ccurl_multi_cleanup(CURLM *multi);
CURLMcode ccurl_multi_add_handle(CURLM *multi, CURL *handle);
CURLMcode ccurl_multi_remove_handle(CURLM *multi, CURL *handle);
CURLMcode ccurl_multi_perform(CURLM *multi, int *running);
CURLMcode ccurl_multi_poll(
  CURLM *multi, struct curl_waitfd *extra, unsigned int count, int timeout, int *ready);
CURLMcode ccurl_multi_timeout(CURLM *multi, long *milliseconds);
CURLMsg *ccurl_multi_info_read(CURLM *multi, int *queued);
struct curl_slist *ccurl_slist_append(struct curl_slist *list, const char *text);
void ccurl_slist_free_all(struct curl_slist *list);

CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value);
CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value);
CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value);
CURLcode ccurl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value);
CURLcode ccurl_easy_setopt_write_function(CURL *handle, ccurl_write_callback callback);
CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value);
CURLcode ccurl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value);
/// A string the handle owns (valid until the handle is cleaned up), or NULL.
CURLcode ccurl_easy_getinfo_string(CURL *handle, CURLINFO info, const char **value);
CURLcode ccurl_easy_getinfo_double(CURL *handle, CURLINFO info, double *value);
CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value);

/// The message's easy handle and its result code; 0 when the message is not CURLMSG_DONE.
int ccurl_message_done(CURLMsg *message, CURL **handle, CURLcode *result);

#endif
