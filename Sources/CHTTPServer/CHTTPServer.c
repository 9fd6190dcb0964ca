#include "CHTTPServer.h"

#include <arpa/inet.h>
#include <dlfcn.h>
#include <netinet/in.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>
#include <unistd.h>

// MARK: - libmicrohttpd's numbers (its ABI; the header is not needed to build)

enum {
  MHD_NO = 0,
  MHD_YES = 1,
  USE_TLS = 2,
  USE_THREAD_PER_CONNECTION = 4,
  USE_INTERNAL_POLLING_THREAD = 8,
  USE_DUAL_STACK = 16 | 2048,
  USE_POLL = 64,
  OPTION_END = 0,
  OPTION_CONNECTION_MEMORY_LIMIT = 1,
  OPTION_CONNECTION_LIMIT = 2,
  OPTION_CONNECTION_TIMEOUT = 3,
  OPTION_NOTIFY_COMPLETED = 4,
  OPTION_PER_IP_CONNECTION_LIMIT = 5,
  OPTION_SOCK_ADDR = 6,
  OPTION_HTTPS_MEM_KEY = 8,
  OPTION_HTTPS_MEM_CERT = 9,
  OPTION_HTTPS_PRIORITIES = 11,
  OPTION_THREAD_STACK_SIZE = 19,
  OPTION_NOTIFY_CONNECTION = 27,
  CONNECTION_NOTIFY_STARTED = 0,
  CONNECTION_NOTIFY_CLOSED = 1,
  CONNECTION_INFO_CONNECTION_FD = 6,
  HEADER_KIND = 1,
  COOKIE_KIND = 2,
  GET_ARGUMENT_KIND = 8,
  RESPMEM_MUST_COPY = 2,
  DAEMON_INFO_BIND_PORT = 6,
  CONNECTION_INFO_CLIENT_ADDRESS = 2,
};
#define SIZE_UNKNOWN ((uint64_t)-1LL)
#define READER_END_OF_STREAM ((ssize_t)-1)

// MARK: - Loading

typedef int (*access_handler)(void *, void *, const char *, const char *, const char *,
                              const char *, size_t *, void **);
typedef void (*completed_handler)(void *, void *, void **, int);

/// libmicrohttpd's entry points, found by dlsym once.
static struct {
  void *(*start_daemon)(unsigned int, uint16_t, void *, void *, access_handler, void *, ...);
  void (*stop_daemon)(void *);
  const void *(*get_daemon_info)(void *, int, ...);
  int (*get_values)(void *, int, int (*)(void *, int, const char *, const char *), void *);
  const void *(*get_connection_info)(void *, int, ...);
  void *(*response_from_buffer)(size_t, void *, int);
  void *(*response_from_callback)(uint64_t, size_t, ssize_t (*)(void *, uint64_t, char *, size_t),
                                  void *, void (*)(void *));
  int (*add_header)(void *, const char *, const char *);
  int (*queue_response)(void *, unsigned int, void *);
  void (*destroy_response)(void *);
} mhd;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;
static int loaded = 0;
static char load_error[256];

#define FIND(field, name)                                                      \
  do {                                                                         \
    *(void **)(&mhd.field) = dlsym(library, name);                             \
    if (mhd.field == NULL) {                                                   \
      snprintf(load_error, sizeof load_error, "libmicrohttpd lacks %s", name); \
      return;                                                                  \
    }                                                                          \
  } while (0)

static void load(void) {
  void *library = dlopen("libmicrohttpd.so.12", RTLD_NOW | RTLD_LOCAL);
  if (library == NULL) {
    const char *why = dlerror();
    snprintf(load_error, sizeof load_error,
             "libmicrohttpd is not installed (Debian's libmicrohttpd12: %s)",
             why ? why : "not found");
    return;
  }
  FIND(start_daemon, "MHD_start_daemon");
  FIND(stop_daemon, "MHD_stop_daemon");
  FIND(get_daemon_info, "MHD_get_daemon_info");
  FIND(get_values, "MHD_get_connection_values");
  FIND(get_connection_info, "MHD_get_connection_info");
  FIND(response_from_buffer, "MHD_create_response_from_buffer");
  FIND(response_from_callback, "MHD_create_response_from_callback");
  FIND(add_header, "MHD_add_response_header");
  FIND(queue_response, "MHD_queue_response");
  FIND(destroy_response, "MHD_destroy_response");
  loaded = 1;
}

int chttp_load(char *error, size_t size) {
  pthread_once(&load_once, load);
  if (!loaded && error != NULL && size > 0) snprintf(error, size, "%s", load_error);
  return loaded;
}

// MARK: - Server and requests

/// A connection waiting for a request's headers (a new one, or one kept alive between two
/// requests): slow ones are cut, so they cannot hold every connection the server has.
typedef struct waiting {
  void *connection;
  int fd;
  char address[INET6_ADDRSTRLEN];
  double since;
  int is_waiting;
  struct waiting *next;
} waiting;

/// At most this many connections of one address wait for headers at once; the oldest is cut
/// when another comes (a phone's request is never the one left waiting behind them).
enum { WAITING_PER_ADDRESS = 16 };
/// A connection's thread's stack: its answer needs tens of kilobytes; the usual 8 MB each would
/// leave glibc's cache of stacks (40 MB) room for five, so a crowd of phones mapped and unmapped
/// a stack per request (each unmapping stops the other cores to flush their address caches).
static const size_t THREAD_STACK_BYTES = 512 * 1024;
/// Seconds a connection may take to send a request's headers (TLS's handshake included).
static const double HEADER_DEADLINE = 10.0;

struct chttp_server {
  void *daemon;
  chttp_handler handler;
  void *context;
  size_t body_bytes;
  pthread_mutex_t lock;
  pthread_cond_t wake;
  pthread_t reaper;
  int reaping;
  int stopping;
  waiting *connections;
};

static double now_seconds(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return (double)t.tv_sec + (double)t.tv_nsec / 1e9;
}

struct chttp_request {
  chttp_server *server;
  void *connection;
  const char *method;
  const char *path;
  uint8_t *body;
  size_t count;
  size_t capacity;
  int too_big;
  int answered;
  int queued;
  char client[INET6_ADDRSTRLEN];
};

/// A streamed answer's reader and what it reads for.
typedef struct {
  chttp_stream_reader reader;
  chttp_stream_done done;
  void *context;
} stream;

/// Adds `Name: value` lines to a response; a line without a colon is skipped.
static void add_headers(void *response, const char *headers) {
  if (headers == NULL) return;
  const char *line = headers;
  while (*line != '\0') {
    const char *end = strchr(line, '\n');
    size_t length = end ? (size_t)(end - line) : strlen(line);
    const char *colon = memchr(line, ':', length);
    if (colon != NULL && length < 4096) {
      char name[256];
      char value[4096];
      size_t name_length = (size_t)(colon - line);
      const char *value_start = colon + 1;
      while (value_start < line + length && *value_start == ' ') value_start++;
      size_t value_length = (size_t)(line + length - value_start);
      if (name_length < sizeof name && value_length < sizeof value) {
        memcpy(name, line, name_length);
        name[name_length] = '\0';
        memcpy(value, value_start, value_length);
        value[value_length] = '\0';
        mhd.add_header(response, name, value);
      }
    }
    line += length;
    if (*line == '\n') line++;
  }
}

static int queue(chttp_request *request, unsigned status, void *response) {
  request->answered = 1;
  if (response == NULL) return 0;
  request->queued = mhd.queue_response(request->connection, status, response) == MHD_YES;
  mhd.destroy_response(response);
  return request->queued;
}

int chttp_respond(
  chttp_request *request, unsigned status, const char *headers, const void *bytes, size_t count) {
  if (request->answered) return 0;
  void *response = mhd.response_from_buffer(count, (void *)(count ? bytes : ""), RESPMEM_MUST_COPY);
  if (response != NULL) add_headers(response, headers);
  return queue(request, status, response);
}

static ssize_t read_stream(void *context, uint64_t position, char *buffer, size_t max) {
  (void)position;
  stream *s = context;
  ssize_t got = s->reader(s->context, buffer, max);
  return got < 0 ? READER_END_OF_STREAM : got;
}

static void free_stream(void *context) {
  stream *s = context;
  if (s->done) s->done(s->context);
  free(s);
}

int chttp_respond_stream(
  chttp_request *request, unsigned status, const char *headers, chttp_stream_reader reader,
  chttp_stream_done done, void *context) {
  if (request->answered) {
    if (done) done(context);
    return 0;
  }
  stream *s = malloc(sizeof *s);
  if (s == NULL) {
    if (done) done(context);
    request->answered = 1;
    return 0;
  }
  s->reader = reader;
  s->done = done;
  s->context = context;
  void *response = mhd.response_from_callback(SIZE_UNKNOWN, 4096, read_stream, s, free_stream);
  if (response == NULL) {
    free_stream(s);
    request->answered = 1;
    return 0;
  }
  add_headers(response, headers);
  return queue(request, status, response);
}

/// An answer the server gives before the handler sees the request (413), with the headers
/// every answer carries.
static int respond_text(chttp_request *request, unsigned status, const char *text) {
  return chttp_respond(request, status,
                       "Content-Type: text/plain; charset=utf-8\n"
                       "X-Content-Type-Options: nosniff\nX-Frame-Options: DENY\n"
                       "Referrer-Policy: no-referrer\nCache-Control: no-store\n",
                       text, strlen(text));
}

// MARK: - Slow clients

/// Marks a connection as waiting for headers (from now) or not.
static void set_waiting(chttp_server *server, void *connection, int is_waiting) {
  pthread_mutex_lock(&server->lock);
  for (waiting *w = server->connections; w != NULL; w = w->next) {
    if (w->connection == connection) {
      w->is_waiting = is_waiting;
      w->since = now_seconds();
      break;
    }
  }
  pthread_mutex_unlock(&server->lock);
}

/// Cuts a waiting connection: its thread reads the end and libmicrohttpd closes it.
static void cut(waiting *w) {
  w->is_waiting = 0;
  shutdown(w->fd, SHUT_RDWR);
}

/// Cuts those past the deadline, then the oldest of `address` beyond the per-address number.
static void cut_slow(chttp_server *server, const char *address) {
  double now = now_seconds();
  unsigned count = 0;
  for (waiting *w = server->connections; w != NULL; w = w->next) {
    if (!w->is_waiting) continue;
    if (now - w->since > HEADER_DEADLINE) {
      cut(w);
    } else if (address != NULL && strcmp(w->address, address) == 0) {
      count++;
    }
  }
  while (address != NULL && count > WAITING_PER_ADDRESS) {
    waiting *oldest = NULL;
    for (waiting *w = server->connections; w != NULL; w = w->next) {
      if (w->is_waiting && strcmp(w->address, address) == 0 &&
          (oldest == NULL || w->since < oldest->since)) {
        oldest = w;
      }
    }
    if (oldest == NULL) break;
    cut(oldest);
    count--;
  }
}

static void address_of(void *connection, char *text, size_t size) {
  text[0] = '\0';
  struct sockaddr *const *address =
    mhd.get_connection_info(connection, CONNECTION_INFO_CLIENT_ADDRESS);
  if (address == NULL || *address == NULL) return;
  const struct sockaddr *a = *address;
  if (a->sa_family == AF_INET) {
    inet_ntop(AF_INET, &((const struct sockaddr_in *)a)->sin_addr, text, (socklen_t)size);
  } else if (a->sa_family == AF_INET6) {
    inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)a)->sin6_addr, text, (socklen_t)size);
  }
}

/// A connection opened (kept in the list, waiting) or closed (taken out).
static void on_connection(void *cls, void *connection, void **socket_context, int what) {
  (void)socket_context;
  chttp_server *server = cls;
  if (what == CONNECTION_NOTIFY_STARTED) {
    waiting *w = calloc(1, sizeof *w);
    if (w == NULL) return;
    w->connection = connection;
    const int *fd = mhd.get_connection_info(connection, CONNECTION_INFO_CONNECTION_FD);
    w->fd = fd ? *fd : -1;
    address_of(connection, w->address, sizeof w->address);
    w->since = now_seconds();
    w->is_waiting = w->fd >= 0;
    pthread_mutex_lock(&server->lock);
    w->next = server->connections;
    server->connections = w;
    cut_slow(server, w->address);
    pthread_mutex_unlock(&server->lock);
  } else if (what == CONNECTION_NOTIFY_CLOSED) {
    pthread_mutex_lock(&server->lock);
    for (waiting **link = &server->connections; *link != NULL; link = &(*link)->next) {
      if ((*link)->connection == connection) {
        waiting *gone = *link;
        *link = gone->next;
        free(gone);
        break;
      }
    }
    pthread_mutex_unlock(&server->lock);
  }
}

/// Once a second: connections past the headers' deadline are cut, new ones or not.
static void *reap(void *cls) {
  chttp_server *server = cls;
  pthread_mutex_lock(&server->lock);
  while (!server->stopping) {
    struct timespec until;
    clock_gettime(CLOCK_REALTIME, &until);
    until.tv_sec += 1;
    pthread_cond_timedwait(&server->wake, &server->lock, &until);
    if (!server->stopping) cut_slow(server, NULL);
  }
  pthread_mutex_unlock(&server->lock);
  return NULL;
}

/// libmicrohttpd calls this first with no body (we keep the request), then with each part of
/// the body, then once more with none: the request is whole and the handler answers it.
static int on_request(void *cls, void *connection, const char *url, const char *method,
                      const char *version, const char *upload, size_t *upload_size,
                      void **state) {
  (void)version;
  chttp_server *server = cls;
  chttp_request *request = *state;
  if (request == NULL) {
    request = calloc(1, sizeof *request);
    if (request == NULL) return MHD_NO;
    request->server = server;
    request->connection = connection;
    *state = request;
    set_waiting(server, connection, 0);
    return MHD_YES;
  }
  if (*upload_size > 0) {
    if (!request->too_big) {
      size_t needed = request->count + *upload_size;
      if (needed > server->body_bytes) {
        request->too_big = 1;
        free(request->body);
        request->body = NULL;
        request->count = 0;
      } else {
        if (needed > request->capacity) {
          size_t capacity = needed < 1024 ? 1024 : needed * 2;
          if (capacity > server->body_bytes) capacity = server->body_bytes;
          uint8_t *grown = realloc(request->body, capacity);
          if (grown == NULL) return MHD_NO;
          request->body = grown;
          request->capacity = capacity;
        }
        memcpy(request->body + request->count, upload, *upload_size);
        request->count = needed;
      }
    }
    *upload_size = 0;
    return MHD_YES;
  }
  if (request->answered) return request->queued ? MHD_YES : MHD_NO;
  request->method = method;
  request->path = url;
  if (request->too_big) {
    return respond_text(request, 413, "The request's body is too large.\n") ? MHD_YES : MHD_NO;
  }
  server->handler(server->context, request);
  if (!request->answered) respond_text(request, 500, "The request could not be answered.\n");
  return request->queued ? MHD_YES : MHD_NO;
}

static void on_completed(void *cls, void *connection, void **state, int why) {
  (void)why;
  // Kept alive: it waits for the next request's headers, under the same deadline.
  set_waiting(cls, connection, 1);
  chttp_request *request = *state;
  if (request == NULL) return;
  free(request->body);
  free(request);
  *state = NULL;
}

chttp_server *chttp_start(
  uint16_t port, int lan, const char *certificate, const char *key, unsigned connections,
  unsigned per_address, size_t header_bytes, size_t body_bytes, unsigned timeout_seconds,
  chttp_handler handler, void *context, char *error, size_t size) {
  if (!chttp_load(error, size)) return NULL;
  chttp_server *server = calloc(1, sizeof *server);
  if (server == NULL) {
    snprintf(error, size, "out of memory");
    return NULL;
  }
  server->handler = handler;
  server->context = context;
  server->body_bytes = body_bytes;
  pthread_mutex_init(&server->lock, NULL);
  pthread_cond_init(&server->wake, NULL);
  unsigned flags = USE_INTERNAL_POLLING_THREAD | USE_THREAD_PER_CONNECTION | USE_POLL;
  int tls = certificate != NULL && key != NULL;
  if (tls) flags |= USE_TLS;
  // TLS 1.2 and 1.3 only, GnuTLS's usual ciphers.
  const char *priorities = "NORMAL:-VERS-ALL:+VERS-TLS1.3:+VERS-TLS1.2";
  struct sockaddr_in loopback;
  memset(&loopback, 0, sizeof loopback);
  loopback.sin_family = AF_INET;
  loopback.sin_port = htons(port);
  loopback.sin_addr.s_addr = htonl(lan ? INADDR_ANY : INADDR_LOOPBACK);
  // Every address: IPv6 and IPv4 on one socket where the machine has IPv6, else IPv4.
  unsigned tries = lan ? 2 : 1;
  for (unsigned attempt = 0; attempt < tries && server->daemon == NULL; attempt++) {
    int dual = lan && attempt == 0;
    unsigned these = flags | (dual ? USE_DUAL_STACK : 0);
    if (tls) {
      server->daemon = mhd.start_daemon(
        these, port, NULL, NULL, (access_handler)on_request, server,
        OPTION_CONNECTION_LIMIT, connections, OPTION_CONNECTION_MEMORY_LIMIT, header_bytes,
        OPTION_CONNECTION_TIMEOUT, timeout_seconds, OPTION_PER_IP_CONNECTION_LIMIT,
        per_address, OPTION_NOTIFY_COMPLETED, (completed_handler)on_completed, server,
        OPTION_NOTIFY_CONNECTION, on_connection, server, OPTION_THREAD_STACK_SIZE,
        THREAD_STACK_BYTES, OPTION_HTTPS_MEM_KEY, key,
        OPTION_HTTPS_MEM_CERT, certificate, OPTION_HTTPS_PRIORITIES, priorities, OPTION_SOCK_ADDR,
        dual ? NULL : (struct sockaddr *)&loopback, OPTION_END);
    } else {
      server->daemon = mhd.start_daemon(
        these, port, NULL, NULL, (access_handler)on_request, server,
        OPTION_CONNECTION_LIMIT, connections, OPTION_CONNECTION_MEMORY_LIMIT, header_bytes,
        OPTION_CONNECTION_TIMEOUT, timeout_seconds, OPTION_PER_IP_CONNECTION_LIMIT,
        per_address, OPTION_NOTIFY_COMPLETED, (completed_handler)on_completed, server,
        OPTION_NOTIFY_CONNECTION, on_connection, server, OPTION_THREAD_STACK_SIZE,
        THREAD_STACK_BYTES, OPTION_SOCK_ADDR,
        dual ? NULL : (struct sockaddr *)&loopback, OPTION_END);
    }
  }
  if (server->daemon == NULL) {
    snprintf(error, size, "cannot listen on port %u (is it in use?)", (unsigned)port);
    pthread_mutex_destroy(&server->lock);
    pthread_cond_destroy(&server->wake);
    free(server);
    return NULL;
  }
  server->reaping = pthread_create(&server->reaper, NULL, reap, server) == 0;
  return server;
}

uint16_t chttp_port(chttp_server *server) {
  const uint16_t *port = mhd.get_daemon_info(server->daemon, DAEMON_INFO_BIND_PORT);
  return port ? *port : 0;
}

void chttp_stop(chttp_server *server) {
  if (server == NULL) return;
  pthread_mutex_lock(&server->lock);
  server->stopping = 1;
  pthread_cond_signal(&server->wake);
  pthread_mutex_unlock(&server->lock);
  if (server->reaping) pthread_join(server->reaper, NULL);
  mhd.stop_daemon(server->daemon);
  // Every connection closed: the list is empty (anything left is freed all the same).
  while (server->connections != NULL) {
    waiting *gone = server->connections;
    server->connections = gone->next;
    free(gone);
  }
  pthread_mutex_destroy(&server->lock);
  pthread_cond_destroy(&server->wake);
  free(server);
}

// MARK: - What a request holds

const char *chttp_method(chttp_request *request) { return request->method; }
const char *chttp_path(chttp_request *request) { return request->path; }

/// Our callback and its context, for libmicrohttpd's iterator.
typedef struct {
  chttp_value each;
  void *context;
} value_visit;

static int visit_value(void *cls, int kind, const char *name, const char *value) {
  (void)kind;
  value_visit *visit = cls;
  if (name != NULL) visit->each(visit->context, name, value);
  return MHD_YES;
}

void chttp_values(chttp_request *request, int kind, chttp_value each, void *context) {
  static const int kinds[] = {HEADER_KIND, COOKIE_KIND, GET_ARGUMENT_KIND};
  if (kind < 0 || kind > 2) return;
  value_visit visit = {each, context};
  mhd.get_values(request->connection, kinds[kind], visit_value, &visit);
}

const uint8_t *chttp_body(chttp_request *request, size_t *count) {
  *count = request->count;
  return request->body;
}

const char *chttp_client(chttp_request *request) {
  if (request->client[0] != '\0') return request->client;
  struct sockaddr *const *address =
    mhd.get_connection_info(request->connection, CONNECTION_INFO_CLIENT_ADDRESS);
  if (address == NULL || *address == NULL) return "";
  const struct sockaddr *a = *address;
  if (a->sa_family == AF_INET) {
    inet_ntop(AF_INET, &((const struct sockaddr_in *)a)->sin_addr, request->client,
              sizeof request->client);
  } else if (a->sa_family == AF_INET6) {
    inet_ntop(AF_INET6, &((const struct sockaddr_in6 *)a)->sin6_addr, request->client,
              sizeof request->client);
  }
  return request->client;
}
