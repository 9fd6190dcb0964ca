#include "CCurl.h"

CURLcode ccurl_easy_setopt_long(CURL *handle, CURLoption option, long value) {
  return curl_easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_string(CURL *handle, CURLoption option, const char *value) {
  return curl_easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_pointer(CURL *handle, CURLoption option, void *value) {
  return curl_easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_off_t(CURL *handle, CURLoption option, curl_off_t value) {
  return curl_easy_setopt(handle, option, value);
}

CURLcode ccurl_easy_setopt_write_function(CURL *handle, ccurl_write_callback callback) {
  return curl_easy_setopt(handle, CURLOPT_WRITEFUNCTION, callback);
}

CURLcode ccurl_easy_getinfo_long(CURL *handle, CURLINFO info, long *value) {
  return curl_easy_getinfo(handle, info, value);
}

CURLcode ccurl_easy_getinfo_string(CURL *handle, CURLINFO info, const char **value) {
  return curl_easy_getinfo(handle, info, value);
}

CURLcode ccurl_easy_getinfo_off_t(CURL *handle, CURLINFO info, curl_off_t *value) {
  return curl_easy_getinfo(handle, info, value);
}

CURLcode ccurl_easy_getinfo_double(CURL *handle, CURLINFO info, double *value) {
  return curl_easy_getinfo(handle, info, value);
}

CURLMcode ccurl_multi_setopt_long(CURLM *multi, CURLMoption option, long value) {
  return curl_multi_setopt(multi, option, value);
}

int ccurl_message_done(CURLMsg *message, CURL **handle, CURLcode *result) {
  if (message == NULL || message->msg != CURLMSG_DONE) {
    return 0;
  }
  *handle = message->easy_handle;
  *result = message->data.result;
  return 1;
}
