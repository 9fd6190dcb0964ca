// Typed wrappers for libcurl's variadic calls, which Swift cannot call directly.
#ifndef MEALS_CCURL_H
#define MEALS_CCURL_H

#include <curl/curl.h>
#include <stddef.h>

/// The write callback shape curl calls with each chunk of a response body.
typedef size_t (*ccurl_write_callback)(char *data, size_t size, size_t count, void *context);

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
