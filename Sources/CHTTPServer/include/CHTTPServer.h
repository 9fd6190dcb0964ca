// libmicrohttpd for Swift: loaded on first use (dlopen), so a start that serves nothing does
// not load it. A server that answers each request whole, or with a stream (server-sent events).
#ifndef MEALS_CHTTPSERVER_H
#define MEALS_CHTTPSERVER_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

#include "CCertificates.h"

/// A running server (libmicrohttpd's daemon and our limits).
typedef struct chttp_server chttp_server;
/// One request being answered; valid only during the handler's call.
typedef struct chttp_request chttp_request;

/// Called on a connection's own thread with a whole request (its body read, within the limit);
/// it answers with chttp_respond or chttp_respond_stream before it returns.
typedef void (*chttp_handler)(void *context, chttp_request *request);

/// Gives the next bytes of a streamed answer: writes up to `max` bytes to `buffer` and returns
/// how many (0 is allowed: asked again), or -1 when the stream ends. May wait (≤ 1 s).
typedef ssize_t (*chttp_stream_reader)(void *context, char *buffer, size_t max);
/// Called once when a streamed answer is over (sent or the client gone).
typedef void (*chttp_stream_done)(void *context);

/// Loads libmicrohttpd (once); 1 when it is ready, else 0 with why in `error`.
int chttp_load(char *error, size_t size);

/// Starts serving on `port` (0: any free one) at 127.0.0.1, or every address when `lan`.
/// `certificate` and `key` (PEM, both or neither) serve HTTPS with TLS 1.2 or later.
/// At most `connections` at once and `per_address` from one address, `header_bytes` of request
/// line and headers, `body_bytes` of body (413 beyond), `timeout_seconds` idle before a
/// connection is closed. A connection slow to send a request's headers is cut (10 s, and at
/// most 16 of one address waiting at once: the oldest goes).
/// NULL when it cannot start, with why in `error`.
chttp_server *chttp_start(
  uint16_t port, int lan, const char *certificate, const char *key, unsigned connections,
  unsigned per_address, size_t header_bytes, size_t body_bytes, unsigned timeout_seconds,
  chttp_handler handler, void *context, char *error, size_t size);

/// The port it listens on (the one chosen when started with 0).
uint16_t chttp_port(chttp_server *server);

/// Stops serving: every connection closed, every handler returned.
void chttp_stop(chttp_server *server);

/// The request's method (`GET`) and path (decoded, without the query).
const char *chttp_method(chttp_request *request);
const char *chttp_path(chttp_request *request);
/// Every header (kind 0), cookie (1) or query argument (2, decoded) of the request, in the
/// order sent; `value` is NULL for an argument without one (`?x`).
typedef void (*chttp_value)(void *context, const char *name, const char *value);
void chttp_values(chttp_request *request, int kind, chttp_value each, void *context);
/// The body's bytes and their count (NULL and 0 when there is none).
const uint8_t *chttp_body(chttp_request *request, size_t *count);
/// The client's address as text (`127.0.0.1`, `::1`), or "" when unknown.
const char *chttp_client(chttp_request *request);

/// Answers with `count` bytes (copied) and headers given as `Name: value` lines ending in
/// `\n`. 1 when queued.
int chttp_respond(
  chttp_request *request, unsigned status, const char *headers, const void *bytes, size_t count);

/// Answers with a stream read from `reader` until it ends; `done` is called once after.
int chttp_respond_stream(
  chttp_request *request, unsigned status, const char *headers, chttp_stream_reader reader,
  chttp_stream_done done, void *context);

#endif
