/* http.c: the browser board's HTTP server, on libmicrohttpd (parsing,
 * connections, timeouts are its) -- a complete request is suspended and
 * queued, and resumed when the host has its answer, so the host answers
 * between polls and may hold a long poll as long as it likes. */
#include "http.h"

#include <microhttpd.h>
#include <netdb.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>

enum { READING, READY, HANDED, ANSWERED, DONE };

struct wg_http_req {
    uint64_t id;
    int state, too_big;
    struct MHD_Connection *conn;
    char *method, *path, *origin, *host, *type, *body;
    size_t body_len;
    unsigned status;
    struct MHD_Response *resp;
    wg_http_req *prev, *next;     /* the live requests, oldest first */
};

struct wg_http {
    struct MHD_Daemon *d;
    uint64_t last_id;
    int stopping, waiting;
    wg_http_req *first, *last;
};

static char *header(struct MHD_Connection *c, const char *name)
{
    const char *v = MHD_lookup_connection_value(c, MHD_HEADER_KIND, name);
    return strdup(v ? v : "");
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

static wg_http_req *new_req(wg_http *h, struct MHD_Connection *c,
                            const char *url, const char *method)
{
    wg_http_req *r = calloc(1, sizeof *r);
    if (!r)
        return NULL;
    r->conn = c;
    r->id = ++h->last_id;
    r->method = strdup(method);
    r->path = strdup(url);
    r->origin = header(c, "Origin");
    r->host = header(c, "Host");
    r->type = header(c, "Content-Type");
    r->body = calloc(1, 1);
    r->prev = h->last;
    if (h->last) h->last->next = r; else h->first = r;
    h->last = r;
    if (!r->method || !r->path || !r->origin || !r->host || !r->type
        || !r->body) {
        unlink_req(h, r);
        return NULL;
    }
    return r;
}

static enum MHD_Result answer_now(struct MHD_Connection *c, unsigned status,
                                  const char *text)
{
    struct MHD_Response *resp = MHD_create_response_from_buffer(
        strlen(text), (void *)text, MHD_RESPMEM_PERSISTENT);
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
    if (!r) {
        if (h->stopping || !(r = new_req(h, c, url, method)))
            return MHD_NO;
        *con_cls = r;
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
    if (ai->ai_family == AF_INET6)
        flags |= MHD_USE_IPv6;
    h->d = MHD_start_daemon(
        flags, (uint16_t)port, NULL, NULL, on_request, h,
        MHD_OPTION_SOCK_ADDR, ai->ai_addr,
        MHD_OPTION_NOTIFY_COMPLETED, on_completed, h,
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

void wg_http_poll(wg_http *h, int ms)
{
    MHD_run_wait(h->d, ms);
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
    free(h);
}
