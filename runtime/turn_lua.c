/* turn_lua.c: Lua binding of the turn machinery -- side to move, decider,
 * phase, action budget, result and repetitions, as methods of a state. */
#include "core_lua.h"
#include "turn.h"

static int get_word(lua_State *L, int idx)
{
    lua_pushinteger(L, wg_check_state(L, 1)->w[idx]);
    return 1;
}

static int set_word(lua_State *L, int idx, lua_Integer lo, lua_Integer hi,
                    const char *msg)
{
    wg_state *s = wg_check_state(L, 1);
    lua_Integer v = wg_check_range(L, 2, lo, hi, msg);
    wg_check_rc(L, wg_state_set_word(s, idx, (int32_t)v), NULL);
    return 0;
}

/* s:side() -> the side to move, 1 or 2 */
static int turn_side(lua_State *L) { return get_word(L, W_SIDE); }

/* s:set_side(side): side 1 or 2 is to move */
static int turn_set_side(lua_State *L)
{
    return set_word(L, W_SIDE, 1, 2, "'side' must be 1 or 2");
}

/* s:decider() -> the side whose decision it is: the side to move, unless
 * a sub-phase asks the other (s:set_decider) */
static int turn_decider(lua_State *L)
{
    lua_pushinteger(L, wg_turn_decider(wg_check_state(L, 1)));
    return 1;
}

/* s:set_decider(side): another player decides (0: the side to move) */
static int turn_set_decider(lua_State *L)
{
    return set_word(L, W_DECIDER, 0, 2, "'side' must be 0, 1 or 2");
}

/* s:phase() -> the phase number (ids in game.P; 0 when the game has none) */
static int turn_phase(lua_State *L) { return get_word(L, W_PHASE); }

/* s:set_phase(n): the game is now in phase n */
static int turn_set_phase(lua_State *L)
{
    return set_word(L, W_PHASE, 0, 1000000, "'phase' must be a phase number");
}

/* s:left() -> the actions left in this turn (actions_per_turn) */
static int turn_left(lua_State *L) { return get_word(L, W_LEFT); }

/* s:set_left(n): the actions left in this turn (for position text) */
static int turn_set_left(lua_State *L)
{
    return set_word(L, W_LEFT, 0, 1000, "'n' must be 0 to 1000");
}

/* s:spend([n]): uses n (default 1) actions of this turn's budget */
static int turn_spend(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    lua_Integer n = lua_isnoneornil(L, 2) ? 1 : luaL_checkinteger(L, 2);
    luaL_argcheck(L, n >= 0 && n <= s->w[W_LEFT], 2,
                  "'n' is more actions than are left this turn");
    wg_check_rc(L, wg_turn_spend(s, (int)n), NULL);
    return 0;
}

/* s:end_turn(): the other side is to move, with a fresh action budget and
 * the decision its own; the turn number grows by one, and the position
 * joins the history that s:repetitions counts */
static int turn_end_turn(lua_State *L)
{
    wg_check_rc(L, wg_turn_end(wg_check_state(L, 1)),
                "end_turn: the turn counter is at its limit (2^31-1)");
    return 0;
}

/* s:turn() -> the turn number: one more at each s:end_turn */
static int turn_turn(lua_State *L) { return get_word(L, W_TURN); }

/* s:set_turn(n): the turn number is n (for position text) */
static int turn_set_turn(lua_State *L)
{
    return set_word(L, W_TURN, 0, 0x7fffffff,
                    "'turn' must be from 0 to 2147483647");
}

/* s:result() -> winner (1, 2, or 3 for a draw), reason; or nil */
static int turn_result(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    if (!s->w[W_RESULT])
        return 0;
    lua_pushinteger(L, s->w[W_RESULT]);
    lua_pushinteger(L, s->w[W_REASON]);
    return 2;
}

/* s:set_result(winner, reason): winner 1 or 2, 3 for a draw, 0 to clear */
static int turn_set_result(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    int w = (int)wg_check_range(L, 2, 0, 3, "'winner' must be 0, 1, 2 or 3");
    int32_t reason = lua_isnoneornil(L, 3) ? 0 : wg_check_word(L, 3, "reason");
    wg_check_rc(L, wg_turn_set_result(s, w, reason), NULL);
    return 0;
}

/* s:repetitions() -> how often the current position occurred before */
static int turn_repetitions(lua_State *L)
{
    lua_pushinteger(L, wg_state_repetitions(wg_check_state(L, 1)));
    return 1;
}

/* s:repetition_span() -> n: how many turns back the current position
 * first occurred (the earliest of its earlier occurrences), 0 if never:
 * the positions of a repetition are the last n + 1 */
static int turn_repetition_span(lua_State *L)
{
    lua_pushinteger(L, wg_state_repetition_span(wg_check_state(L, 1)));
    return 1;
}

/* s:begin(): play starts here; the history holds this position alone */
static int turn_begin(lua_State *L)
{
    wg_check_rc(L, wg_turn_begin(wg_check_state(L, 1)), NULL);
    return 0;
}

const luaL_Reg wg_turn_methods[] = {
    { "side", turn_side },
    { "set_side", turn_set_side },
    { "decider", turn_decider },
    { "set_decider", turn_set_decider },
    { "phase", turn_phase },
    { "set_phase", turn_set_phase },
    { "left", turn_left },
    { "set_left", turn_set_left },
    { "spend", turn_spend },
    { "end_turn", turn_end_turn },
    { "repetition_span", turn_repetition_span },
    { "turn", turn_turn },
    { "set_turn", turn_set_turn },
    { "result", turn_result },
    { "set_result", turn_set_result },
    { "repetitions", turn_repetitions },
    { "begin", turn_begin },
    { NULL, NULL }
};
