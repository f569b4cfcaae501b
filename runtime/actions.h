/* actions.h: compact actions and the lists that hold them.
 * An action is a 64-bit integer: a kind and five small fields. */
#ifndef WG_ACTIONS_H
#define WG_ACTIONS_H

#include <stdint.h>

#include "rc.h"

typedef uint64_t wg_action;

/* kind: bits 0-7; a, b, c, d: 12 bits each from bit 8; e: bits 56-62. */
#define WG_FIELD_MAX 4095
#define WG_E_MAX 127
#define WG_MAX_ACTIONS (1 << 20)   /* per list; more is an error */

static inline wg_action wg_act(unsigned kind, unsigned a, unsigned b,
                               unsigned c, unsigned d, unsigned e)
{
    return (wg_action)kind | (wg_action)a << 8 | (wg_action)b << 20
           | (wg_action)c << 32 | (wg_action)d << 44 | (wg_action)e << 56;
}

static inline unsigned wg_act_kind(wg_action x) { return (unsigned)(x & 0xff); }

static inline unsigned wg_act_a(wg_action x)
{
    return (unsigned)(x >> 8) & 0xfff;
}

static inline unsigned wg_act_b(wg_action x)
{
    return (unsigned)(x >> 20) & 0xfff;
}

static inline unsigned wg_act_c(wg_action x)
{
    return (unsigned)(x >> 32) & 0xfff;
}

static inline unsigned wg_act_d(wg_action x)
{
    return (unsigned)(x >> 44) & 0xfff;
}

static inline unsigned wg_act_e(wg_action x)
{
    return (unsigned)(x >> 56) & 0x7f;
}

typedef struct wg_actlist {
    wg_action *a;
    int n, cap;
} wg_actlist;

/* WG_EFULL past WG_MAX_ACTIONS, WG_ENOMEM when memory runs out. */
int wg_actlist_grow(wg_actlist *l);
void wg_actlist_free(wg_actlist *l);
/* Keeps the actions of l that are among only[0..n), in l's order; all of
 * them when none is. */
void wg_actlist_keep(wg_actlist *l, const wg_action *only, int n);

static inline int wg_actlist_push(wg_actlist *l, wg_action x)
{
    if (l->n == l->cap)
        WG_TRY(wg_actlist_grow(l));
    l->a[l->n++] = x;
    return WG_OK;
}

#endif
