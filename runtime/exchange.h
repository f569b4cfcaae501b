/* exchange.h: static exchange evaluation -- what a capture wins once the
 * pieces that can take back on its square have taken, the least valuable
 * first, each side free to stop. */
#ifndef WG_EXCHANGE_H
#define WG_EXCHANGE_H

#include "actions.h"
#include "state.h"

/* The material the move a (kind, from, to, ..., promotion type e) wins for
 * its mover, by value[t] (t = 0..ntypes; a royal piece should be worth more
 * than all the rest): the victim on `to`, if any, and a promotion's gain,
 * less what the other side then takes back on `to` -- each side capturing
 * there with its least valuable piece that can, or stopping when that
 * loses. Pins are not read. The state is as it was on return. Returns
 * WG_OK with the gain in *gain, WG_EINVAL when a is not a move of a
 * one-square piece from a square to a square, or a state error. */
int wg_exchange(wg_state *s, wg_action a, const int32_t *value,
                int32_t *gain);

#endif
