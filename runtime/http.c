/* http.c: the browser board's HTTP server, on libmicrohttpd (parsing,
 * connections, timeouts are its) -- a complete request is suspended and
 * queued, and resumed when the host has its answer, so the host answers
 * between polls and may hold a long poll as long as it likes. A held
 * request whose client hangs up is let go at the next poll: suspended,
 * its socket is no longer watched by libmicrohttpd. */
#define _DEFAULT_SOURCE  /* getifaddrs, NI_NUMERICHOST */
#include "http.h"

#include <errno.h>
#include <ifaddrs.h>
#include <microhttpd.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

/* FRESH: its URI seen, its headers not yet; GONE: its client left while
 * it waited, and it is being closed */
enum { FRESH, READING, READY, HANDED, ANSWERED, DONE, GONE };

struct wg_http_req {
    uint64_t id;
    int state, too_big;
    struct MHD_Connection *conn;
    char *method, *path, *origin, *host, *type, *body;
    size_t body_len;
    unsigned status;
    struct MHD_Response *resp;
    char remote[WG_HTTP_ADDRLEN];
    char refuse[96];              /* why it is answered 414, or "" */
    wg_http_req *prev, *next;     /* the live requests, oldest first */
};

struct wg_http {
    struct MHD_Daemon *d;
    uint64_t last_id;
    int stopping, waiting;
    wg_http_req *first, *last;
    uint64_t *gone;               /* handed requests whose client left */
    int ngone, capgone;
};

static char *header(struct MHD_Connection *c, const char *name)
{
    const char *v = MHD_lookup_connection_value(c, MHD_HEADER_KIND, name);
    return strdup(v ? v : "");
}

/* A socket address as text: "127.0.0.1", "::1" (an IPv4 address mapped
 * into IPv6 as its IPv4 form); "" when it cannot be told. */
static void address_text(const struct sockaddr *sa, char *buf, size_t len)
{
    buf[0] = '\0';
    if (!sa)
        return;
    socklen_t n = sa->sa_family == AF_INET6 ? sizeof(struct sockaddr_in6)
                  : sa->sa_family == AF_INET ? sizeof(struct sockaddr_in) : 0;
    if (n == 0 || getnameinfo(sa, n, buf, (socklen_t)len, NULL, 0,
                              NI_NUMERICHOST) != 0) {
        buf[0] = '\0';
        return;
    }
    if (strncmp(buf, "::ffff:", 7) == 0 && strchr(buf + 7, '.'))
        memmove(buf, buf + 7, strlen(buf + 7) + 1);
}

static void unlink_req(wg_http *h, wg_http_req *r)
{
    if (r->prev) r->prev->next = r->next; else h->first = r->next;
    if (r->next) r->next->prev = r->prev; else h->last = r->prev;
    if (r->state == READY || r->state == HANDED)
        h->waiting--;
    if (r->resp)
        MHD_destroy_response(r->resp);
    free(r->method); free(r->path); free(r->origin); free(r->host);
    free(r->type); free(r->body);
    free(r);
}

/* A request as its URI comes, before libmicrohttpd parses the query:
 * one of more than WG_HTTP_MAX_ARGS arguments, or a URI longer than
 * WG_HTTP_MAX_URI, is to be refused, and its query is cut here. (The
 * arguments go to the connection's 32 KB pool: libmicrohttpd 0.9.75,
 * out of room there, neither answers the request nor closes it.) */
static void *on_uri(void *cls, const char *uri, struct MHD_Connection *c)
{
    wg_http *h = cls;
    if (h->stopping)
        return NULL;
    wg_http_req *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->conn = c;
    r->id = ++h->last_id;
    r->prev = h->last;
    if (h->last) h->last->next = r; else h->first = r;
    h->last = r;
    char *query = uri ? strchr(uri, '?') : NULL;
    size_t args = 0;
    for (const char *p = query; p && *p; p++)
        args += *p == '&' || p == query;
    if (uri && strlen(uri) > WG_HTTP_MAX_URI)
        snprintf(r->refuse, sizeof r->refuse, "request URI too long (at "
                 "most %d bytes)\n", WG_HTTP_MAX_URI);
    else if (args > WG_HTTP_MAX_ARGS)
        snprintf(r->refuse, sizeof r->refuse, "too many query arguments (at "
                 "most %d)\n", WG_HTTP_MAX_ARGS);
    if (r->refuse[0] && query)
        query[1] = '\0';   /* the URI is the read buffer's, ours to cut */
    return r;
}

/* Fills in what the host reads of a request whose headers have come: 0,
 * or -1 when out of memory. */
static int fill_req(wg_http_req *r, const char *url, const char *method)
{
    struct MHD_Connection *c = r->conn;
    r->method = strdup(method);
    r->path = strdup(url);
    r->origin = header(c, "Origin");
    r->host = header(c, "Host");
    r->type = header(c, "Content-Type");
    r->body = calloc(1, 1);
    const union MHD_ConnectionInfo *i =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_CLIENT_ADDRESS);
    address_text(i ? i->client_addr : NULL, r->remote, sizeof r->remote);
    return r->method && r->path && r->origin && r->host && r->type
           && r->body ? 0 : -1;
}

static enum MHD_Result answer_now(struct MHD_Connection *c, unsigned status,
                                  const char *text)
{
    struct MHD_Response *resp = MHD_create_response_from_buffer(
        strlen(text), (void *)text, MHD_RESPMEM_MUST_COPY);
    if (!resp)
        return MHD_NO;
    MHD_add_response_header(resp, "Content-Type", "text/plain");
    enum MHD_Result ok = MHD_queue_response(c, status, resp);
    MHD_destroy_response(resp);
    return ok;
}

static enum MHD_Result on_request(void *cls, struct MHD_Connection *c,
                                  const char *url, const char *method,
                                  const char *version, const char *data,
                                  size_t *size, void **con_cls)
{
    wg_http *h = cls;
    wg_http_req *r = *con_cls;
    (void)version;
    if (!r || r->state == GONE)
        return MHD_NO;
    if (r->state == FRESH) {
        if (h->stopping || fill_req(r, url, method) != 0)
            return MHD_NO;
        r->state = READING;
        if (r->refuse[0])
            return answer_now(c, 414, r->refuse);
        return MHD_YES;
    }
    if (*size > 0) {
        if (r->body_len + *size > WG_HTTP_MAX_BODY) {
            r->too_big = 1;
        } else if (!r->too_big) {
            char *b = realloc(r->body, r->body_len + *size + 1);
            if (!b)
                return MHD_NO;
            memcpy(b + r->body_len, data, *size);
            r->body_len += *size;
            b[r->body_len] = '\0';
            r->body = b;
        }
        *size = 0;
        return MHD_YES;
    }
    if (r->too_big)
        return answer_now(c, 413, "request body too large\n");
    if (r->state == ANSWERED) {
        enum MHD_Result ok = MHD_queue_response(c, r->status, r->resp);
        MHD_destroy_response(r->resp);
        r->resp = NULL;
        r->state = DONE;
        return ok;
    }
    if (h->stopping)
        return MHD_NO;
    if (r->state == READING) {
        r->state = READY;
        h->waiting++;
    }
    MHD_suspend_connection(c);   /* until the host answers */
    return MHD_YES;
}

static void on_completed(void *cls, struct MHD_Connection *c, void **con_cls,
                         enum MHD_RequestTerminationCode why)
{
    (void)c; (void)why;
    if (*con_cls)
        unlink_req(cls, *con_cls);
    *con_cls = NULL;
}

wg_http *wg_http_start(const char *host, unsigned port, char *err,
                       size_t errlen)
{
    struct addrinfo hints, *ai;
    char service[16];
    memset(&hints, 0, sizeof hints);
    hints.ai_family = AF_UNSPEC;
    hints.ai_socktype = SOCK_STREAM;
    hints.ai_flags = AI_PASSIVE;
    snprintf(service, sizeof service, "%u", port);
    int gai = getaddrinfo(host, service, &hints, &ai);
    if (gai != 0) {
        snprintf(err, errlen, "cannot listen on '%s': %s", host,
                 gai_strerror(gai));
        return NULL;
    }
    wg_http *h = calloc(1, sizeof *h);
    if (!h) {
        freeaddrinfo(ai);
        snprintf(err, errlen, "out of memory");
        return NULL;
    }
    /* select(2), not epoll: under epoll (edge-triggered) 0.9.75 missed a
     * client's hang-up after a partial request and kept the connection
     * until its timeout; 256 connections stay far below FD_SETSIZE */
    unsigned flags = MHD_ALLOW_SUSPEND_RESUME;
    if (ai->ai_family == AF_INET6)   /* "::" takes IPv4 as well */
        flags |= MHD_USE_DUAL_STACK;
    h->d = MHD_start_daemon(
        flags, (uint16_t)port, NULL, NULL, on_request, h,
        MHD_OPTION_SOCK_ADDR, ai->ai_addr,
        MHD_OPTION_NOTIFY_COMPLETED, on_completed, h,
        MHD_OPTION_URI_LOG_CALLBACK, on_uri, h,
        MHD_OPTION_CONNECTION_LIMIT, (unsigned)WG_HTTP_MAX_CONNECTIONS,
        MHD_OPTION_CONNECTION_TIMEOUT, (unsigned)30,
        MHD_OPTION_CONNECTION_MEMORY_LIMIT, (size_t)32768,
        MHD_OPTION_END);
    freeaddrinfo(ai);
    if (!h->d) {
        snprintf(err, errlen, "cannot listen on %s port %u (is the port in "
                 "use, or %s not an address of this machine?)", host, port,
                 host);
        free(h);
        return NULL;
    }
    return h;
}

unsigned wg_http_port(const wg_http *h)
{
    const union MHD_DaemonInfo *i =
        MHD_get_daemon_info(h->d, MHD_DAEMON_INFO_BIND_PORT);
    return i ? i->port : 0;
}

/* Whether the client of a suspended request hung up (or its connection
 * failed): a read finds the end. A client that only shut down its
 * sending side is taken as gone too. */
static int hung_up(struct MHD_Connection *c)
{
    const union MHD_ConnectionInfo *i =
        MHD_get_connection_info(c, MHD_CONNECTION_INFO_CONNECTION_FD);
    if (!i)
        return 0;
    char byte;
    ssize_t n = recv(i->connect_fd, &byte, 1, MSG_PEEK | MSG_DONTWAIT);
    return n == 0 || (n < 0 && errno != EAGAIN && errno != EWOULDBLOCK
                      && errno != EINTR);
}

static void note_gone(wg_http *h, uint64_t id)
{
    if (h->ngone == h->capgone) {
        int cap = h->capgone ? 2 * h->capgone : 64;
        uint64_t *g = realloc(h->gone, (size_t)cap * sizeof *g);
        if (!g)
            return;   /* the host answers it in vain later: no harm */
        h->gone = g;
        h->capgone = cap;
    }
    h->gone[h->ngone++] = id;
}

/* Lets go the waiting requests whose clients left: resumed, they are
 * closed unanswered (on_request), which frees their connections. */
static void let_go(wg_http *h)
{
    int resumed = 0;
    for (wg_http_req *r = h->first; r; r = r->next) {
        if ((r->state != READY && r->state != HANDED) || !hung_up(r->conn))
            continue;
        if (r->state == HANDED)
            note_gone(h, r->id);
        r->state = GONE;
        h->waiting--;
        MHD_resume_connection(r->conn);
        resumed = 1;
    }
    if (resumed)
        MHD_run(h->d);
}

void wg_http_poll(wg_http *h, int ms)
{
    MHD_run_wait(h->d, ms);
    let_go(h);
}

int wg_http_next_gone(wg_http *h, uint64_t *id)
{
    if (h->ngone == 0)
        return 0;
    *id = h->gone[--h->ngone];
    return 1;
}

void wg_http_address(const wg_http *h, char *buf, size_t len)
{
    buf[0] = '\0';
    const union MHD_DaemonInfo *i =
        MHD_get_daemon_info(h->d, MHD_DAEMON_INFO_LISTEN_FD);
    struct sockaddr_storage ss;
    socklen_t n = sizeof ss;
    if (i && getsockname(i->listen_fd, (struct sockaddr *)&ss, &n) == 0)
        address_text((struct sockaddr *)&ss, buf, len);
}

int wg_http_local_addresses(void (*fn)(void *ctx, const char *address),
                            void *ctx)
{
    struct ifaddrs *all;
    if (getifaddrs(&all) != 0)
        return -1;
    for (struct ifaddrs *a = all; a; a = a->ifa_next) {
        char buf[WG_HTTP_ADDRLEN];
        address_text(a->ifa_addr, buf, sizeof buf);
        if (buf[0] && !strchr(buf, '%'))   /* no link-local zones */
            fn(ctx, buf);
    }
    freeifaddrs(all);
    return 0;
}

wg_http_req *wg_http_next(wg_http *h, wg_http_info *info)
{
    for (wg_http_req *r = h->first; r; r = r->next) {
        if (r->state != READY)
            continue;
        r->state = HANDED;
        info->id = r->id;
        info->method = r->method;
        info->path = r->path;
        info->origin = r->origin;
        info->host = r->host;
        info->type = r->type;
        info->body = r->body;
        info->body_len = r->body_len;
        info->remote = r->remote;
        return r;
    }
    return NULL;
}

struct args_ctx {
    void (*fn)(void *, const char *, const char *);
    void *ctx;
};

static enum MHD_Result each_arg(void *cls, enum MHD_ValueKind kind,
                                const char *k, const char *v)
{
    struct args_ctx *a = cls;
    (void)kind;
    a->fn(a->ctx, k, v ? v : "");
    return MHD_YES;
}

void wg_http_args(wg_http_req *r,
                  void (*fn)(void *ctx, const char *k, const char *v),
                  void *ctx)
{
    struct args_ctx a = { fn, ctx };
    MHD_get_connection_values(r->conn, MHD_GET_ARGUMENT_KIND, each_arg, &a);
}

int wg_http_respond(wg_http *h, uint64_t id, unsigned status,
                    const char *const *headers, int n, const char *body,
                    size_t len)
{
    wg_http_req *r = h->first;
    while (r && !(r->id == id && r->state == HANDED))
        r = r->next;
    if (!r)
        return -1;
    struct MHD_Response *resp = MHD_create_response_from_buffer(
        len, (void *)body, MHD_RESPMEM_MUST_COPY);
    if (!resp)
        return -1;
    for (int i = 0; i < n; i++)
        MHD_add_response_header(resp, headers[2 * i], headers[2 * i + 1]);
    r->resp = resp;
    r->status = status;
    r->state = ANSWERED;
    h->waiting--;
    MHD_resume_connection(r->conn);
    return 0;
}

int wg_http_waiting(const wg_http *h)
{
    return h->waiting;
}

void wg_http_stop(wg_http *h)
{
    if (!h)
        return;
    h->stopping = 1;   /* resumed requests are then closed, unanswered */
    for (wg_http_req *r = h->first; r; r = r->next)
        if (r->state == READY || r->state == HANDED)
            MHD_resume_connection(r->conn);
    MHD_run(h->d);
    MHD_stop_daemon(h->d);
    while (h->first)
        unlink_req(h, h->first);
    free(h->gone);
    free(h);
}
