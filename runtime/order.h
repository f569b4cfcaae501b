/* order.h: ordering actions for a search -- the stable sort by keys, and
 * the keys that put captures first by the pieces' values. */
#ifndef WG_ORDER_H
#define WG_ORDER_H

#include "actions.h"
#include "state.h"

typedef struct wg_keyed {
    double key;
    int index;        /* the action's place before sorting */
    wg_action a;
} wg_keyed;

/* Sorts k[0..n) highest key first, equal keys by index (lowest first),
 * with tmp as room for n more. */
void wg_order_sort(wg_keyed *k, wg_keyed *tmp, int n);

/* Fills k[0..l->n) with l's actions, their places and their keys as
 * captures (MVV-LVA): an action (kind, from, to, ..., promotion type e)
 * whose `to` holds a piece of the other side than from's gets
 * 10 * value[victim] + 1 - value[attacker] / 10
 * -- the most valuable victim first, then the least valuable attacker;
 * with promotions, a nonzero e adds value[e]; any other action gets 0.
 * value[t] is type t's value, for t = 0..ntypes. Returns how many keys are
 * above 0, or -(i + 1) when action i does not move a piece from a square
 * of the board to one (or, with promotions, promotes to no type). */
int wg_order_capture_keys(const wg_state *s, const wg_actlist *l,
                          const double *value, int promotions, wg_keyed *k);

#endif
