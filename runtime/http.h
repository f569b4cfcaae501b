/* http.h: a small HTTP server on libmicrohttpd for the browser board --
 * requests are queued for the host to answer between polls. */
#ifndef WG_HTTP_H
#define WG_HTTP_H

#include <stddef.h>
#include <stdint.h>

#define WG_HTTP_MAX_BODY 65536     /* a larger body is answered 413 */
#define WG_HTTP_MAX_CONNECTIONS 256
#define WG_HTTP_MAX_URI 4096       /* a longer URI is answered 414 */
#define WG_HTTP_MAX_ARGS 64        /* and so is a query of more arguments */
#define WG_HTTP_ADDRLEN 64         /* an address as text, with its NUL */

typedef struct wg_http wg_http;
typedef struct wg_http_req wg_http_req;

/* What the host reads of a request: all strings NUL-terminated. */
typedef struct {
    uint64_t id;
    const char *method, *path;
    const char *origin, *host, *type;  /* headers; "" when absent */
    const char *body;
    size_t body_len;
    const char *remote;                /* the client's address; "" unknown */
} wg_http_info;

/* Starts listening on host (a name or an address) and port (0: any free
 * one). NULL and a message in err when it cannot. */
wg_http *wg_http_start(const char *host, unsigned port, char *err,
                       size_t errlen);
unsigned wg_http_port(const wg_http *h);
/* The address it listens on, as text ("127.0.0.1", "::"); "" unknown. */
void wg_http_address(const wg_http *h, char *buf, size_t len);
/* Calls fn for each address of this machine's interfaces (link-local
 * IPv6 ones left out). 0, or -1 when they cannot be listed. */
int wg_http_local_addresses(void (*fn)(void *ctx, const char *address),
                            void *ctx);
/* Waits up to ms for network activity and does what it asks; lets go the
 * waiting requests whose clients have left. */
void wg_http_poll(wg_http *h, int ms);
/* A handed request whose client left before its answer (once each): 1
 * and its id, or 0 when there is none. */
int wg_http_next_gone(wg_http *h, uint64_t *id);
/* The next complete request not yet handed over, or NULL; it stays
 * waiting for its answer until wg_http_respond names its id. */
wg_http_req *wg_http_next(wg_http *h, wg_http_info *info);
/* Calls fn for each argument of the request's query string. */
void wg_http_args(wg_http_req *r,
                  void (*fn)(void *ctx, const char *k, const char *v),
                  void *ctx);
/* Answers request id (headers: n name/value pairs). 0 done, -1 when no
 * such request waits (its client went away, or it was answered). */
int wg_http_respond(wg_http *h, uint64_t id, unsigned status,
                    const char *const *headers, int n, const char *body,
                    size_t len);
/* The requests waiting for an answer. */
int wg_http_waiting(const wg_http *h);
void wg_http_stop(wg_http *h);

#endif
