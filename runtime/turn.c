/* turn.c: the turn machinery -- side to move, the decider, phases, the action
 * budget of a turn, the result, and the repetition history. */
#include "turn.h"

int wg_turn_begin(wg_state *s)
{
    wg_state_clear_history(s);
    WG_TRY(wg_state_push_history(s));
    wg_state_commit(s);
    return WG_OK;
}

int wg_turn_end(wg_state *s)
{
    if (s->w[W_TURN] == INT32_MAX)
        return WG_EFULL;   /* checked first: nothing is half done */
    WG_TRY(wg_state_set_word(s, W_SIDE, 3 - s->w[W_SIDE]));
    WG_TRY(wg_state_set_word(s, W_DECIDER, 0));
    WG_TRY(wg_state_set_word(s, W_LEFT, s->rules->actions_per_turn));
    WG_TRY(wg_state_set_word(s, W_TURN, s->w[W_TURN] + 1));
    return wg_state_push_history(s);
}

int wg_turn_spend(wg_state *s, int n)
{
    if (n < 0 || n > s->w[W_LEFT])
        return WG_EINVAL;
    return wg_state_set_word(s, W_LEFT, s->w[W_LEFT] - n);
}

int wg_turn_set_result(wg_state *s, int winner, int reason)
{
    if (winner < 0 || winner > 3)
        return WG_EINVAL;
    WG_TRY(wg_state_set_word(s, W_RESULT, winner));
    return wg_state_set_word(s, W_REASON, winner ? reason : 0);
}
