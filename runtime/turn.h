/* turn.h: the turn machinery -- side to move, the decider, phases, the action
 * budget of a turn, the result, and the repetition history. */
#ifndef WG_TURN_H
#define WG_TURN_H

#include "state.h"

/* Starts play from the current position: the history holds it alone and the
 * journal is forgotten. */
int wg_turn_begin(wg_state *s);
/* Ends the turn: the other side moves with a fresh budget of actions.
 * WG_EFULL when the turn counter is at INT32_MAX. */
int wg_turn_end(wg_state *s);
/* Uses n actions of the budget; WG_EINVAL if fewer are left. */
int wg_turn_spend(wg_state *s, int n);
/* Who decides now: the decider if one is set, else the side to move. */
static inline int wg_turn_decider(const wg_state *s)
{
    return s->w[W_DECIDER] ? s->w[W_DECIDER] : s->w[W_SIDE];
}
/* winner 1 or 2, or 3 for a draw (else WG_EINVAL); reason is the game's
 * own code. */
int wg_turn_set_result(wg_state *s, int winner, int reason);

#endif
