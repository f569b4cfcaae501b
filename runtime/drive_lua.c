/* drive_lua.c: driving a game's Lua rules from C -- perft and random
 * playouts, with one reused action list per ply and journal undo. An
 * untrusted game's callbacks run each under a budget (budget_lua.c): the
 * drive runs protected, and a failure ends the budget. */
#include "core_lua.h"

typedef struct drive {
    int game, state, actions, play;   /* stack indices */
    int random_action;                /* its index, or 0: the game has none */
    int over;                         /* game:over's index, or 0 */
    int lists;                        /* index of the list for ply 0 */
    int lent_state, lent_lists;       /* what the callbacks are handed:
                                       * handles for an untrusted game */
    int loan;                         /* its loan's mark, or -1 */
    wg_phases phases;                 /* declared phases dispatched here */
    wg_state *s;
    const char *script;               /* an untrusted game's, or NULL */
} drive;

static wg_actlist *gen(lua_State *L, const drive *d, int ply)
{
    wg_actlist *l = &((wg_lactions *)lua_touserdata(L, d->lists + ply))->l;
    l->n = 0;
    int fn = d->actions;
    if (d->phases.n) {
        fn = wg_phases_pick(L, &d->phases, d->s, d->game, d->lent_state,
                            d->script);
        if (!fn)
            lua_error(L);   /* an ends method failed: its error */
    }
    lua_pushvalue(L, fn);
    lua_pushvalue(L, d->game);
    lua_pushvalue(L, d->lent_state);
    lua_pushvalue(L, d->lent_lists + ply);
    wg_budget_call(L, 3, 0, d->script, "actions");
    return l;
}

/* game:random_action(s, out, draw): the action a playout draws, drawn by
 * the game, which may count its actions rather than list them; 0 when
 * there is none. */
static int pick(lua_State *L, const drive *d, uint32_t draw, wg_action *x)
{
    lua_pushvalue(L, d->random_action);
    lua_pushvalue(L, d->game);
    lua_pushvalue(L, d->lent_state);
    lua_pushvalue(L, d->lent_lists);
    ((wg_lactions *)lua_touserdata(L, d->lists))->l.n = 0;
    lua_pushinteger(L, (lua_Integer)draw);
    wg_budget_call(L, 4, 1, d->script, "random_action");
    int ok;
    *x = (wg_action)lua_tointegerx(L, -1, &ok);
    if (!ok && !lua_isnil(L, -1))
        luaL_error(L, "random_action returned %s, not an action or nil",
                   luaL_typename(L, -1));
    lua_pop(L, 1);
    return ok;
}

/* game:over(s): the game ended though actions remain (a playout stops) */
static int game_over(lua_State *L, const drive *d)
{
    lua_pushvalue(L, d->over);
    lua_pushvalue(L, d->game);
    lua_pushvalue(L, d->lent_state);
    wg_budget_call(L, 2, 1, d->script, "over");
    int end = !lua_isnil(L, -1);
    lua_pop(L, 1);
    return end;
}

static void play(lua_State *L, const drive *d, wg_action x)
{
    lua_pushvalue(L, d->play);
    lua_pushvalue(L, d->game);
    lua_pushvalue(L, d->lent_state);
    lua_pushinteger(L, (lua_Integer)x);
    wg_budget_call(L, 3, 0, d->script, "play");
}

static uint64_t perft(lua_State *L, const drive *d, int depth, int ply)
{
    if (depth == 0)
        return 1;
    wg_actlist *l = gen(L, d, ply);
    if (depth == 1)
        return (uint64_t)l->n;
    uint64_t total = 0;
    for (int i = 0; i < l->n; i++) {
        int mark = wg_state_mark(d->s);
        play(L, d, l->a[i]);
        total += perft(L, d, depth - 1, ply + 1);
        wg_state_undo(d->s, mark);
    }
    return total;
}


/* The list playouts keep between calls, in the registry under this key's
 * address while no playout uses it: a playout's list grows to the game's
 * largest turn (Amazons: about 2,200 actions), and a new one each call grew
 * again by realloc and was garbage the collector did not see. A playout
 * within a playout (from `after`) finds none there and makes its own. */
static const char spare_list = 0;

static void take_spare_list(lua_State *L)
{
    lua_rawgetp(L, LUA_REGISTRYINDEX, &spare_list);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        wg_push_actions(L);
        return;
    }
    lua_pushnil(L);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &spare_list);
}

/* Checks (game, state) at 1 and 2, finds game.actions and game.play (the
 * script's own for an untrusted game), and pushes nlists empty action
 * lists. */
static void setup(lua_State *L, drive *d, int nlists)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    d->s = wg_check_state(L, 2);
    d->game = 1;
    d->state = 2;
    d->script = wg_budget_face(L, 1);
    if (d->script)
        d->game = lua_gettop(L);
    lua_getfield(L, d->game, "actions");
    luaL_argcheck(L, lua_isfunction(L, -1), 1,
                  "'game' has no actions function");
    d->actions = lua_gettop(L);
    lua_getfield(L, d->game, "play");
    luaL_argcheck(L, lua_isfunction(L, -1), 1, "'game' has no play function");
    d->play = lua_gettop(L);
    wg_phases_read(L, d->game, &d->phases);
    d->random_action = 0;
    d->over = 0;
    d->loan = -1;
    luaL_checkstack(L, 2 * nlists + 24, "too deep");
    d->lists = lua_gettop(L) + 1;
    for (int i = 0; i < nlists; i++)
        wg_push_actions(L);
}

/* What the callbacks are handed: an untrusted game's script gets handles
 * of the state and the nlists lists, lent for the drive's run (its loan
 * is closed by protected); a trusted game's code the owners themselves. */
static void lend(lua_State *L, drive *d, int nlists)
{
    d->lent_state = d->state;
    d->lent_lists = d->lists;
    if (!d->script)
        return;
    d->loan = wg_loan_open(L);
    wg_lend(L, d->state);
    d->lent_state = lua_gettop(L);
    d->lent_lists = lua_gettop(L) + 1;
    for (int i = 0; i < nlists; i++)
        wg_lend(L, d->lists + i);
}

/* Runs body(L, d) protected, on the stack as it is (the arguments are
 * checked and d set up outside, so that their errors name the function):
 * an error of a budgeted callback ends its budget before it goes on. */
static int protected(lua_State *L, lua_CFunction body, drive *d,
                     int nresults)
{
    lua_pushlightuserdata(L, d);
    lua_pushcfunction(L, body);
    lua_insert(L, 1);
    int status = lua_pcall(L, lua_gettop(L) - 1, nresults, 0);
    wg_loan_close(d->loan);
    if (status != LUA_OK)
        return wg_budget_raise(L, status);
    return nresults;
}

static int perft_body(lua_State *L)
{
    drive *d = lua_touserdata(L, lua_gettop(L));
    int depth = (int)lua_tointeger(L, 3);
    lua_pushinteger(L, (lua_Integer)perft(L, d, depth, 0));
    return 1;
}

/* core.perft(game, s, depth) -> leaf count. The state is left as it was. */
static int drive_perft(lua_State *L)
{
    lua_Integer depth = wg_check_range(L, 3, 0, 64, "'depth' must be 0 to 64");
    lua_settop(L, 3);
    drive d;
    setup(L, &d, (int)depth);
    lend(L, &d, (int)depth);
    return protected(L, perft_body, &d, 1);
}

static int playout_body(lua_State *L)
{
    drive *d = lua_touserdata(L, lua_gettop(L));
    uint64_t rng = (uint64_t)lua_tointeger(L, 3);
    lua_Integer max = lua_isnil(L, 4) ? 100000 : lua_tointeger(L, 4);
    int after = !lua_isnil(L, 5);
    lua_Integer n = 0;
    int ended = 0;
    while (n < max) {
        wg_action a;
        if (d->over && game_over(L, d)) {
            ended = 1;
            break;
        }
        if (d->random_action) {   /* the same draw, the list's n after it */
            if (!pick(L, d, (uint32_t)(wg_rng_bits(&rng) >> 32), &a)) {
                ended = 1;
                break;
            }
        } else {
            wg_actlist *l = gen(L, d, 0);
            if (l->n == 0) {
                ended = 1;
                break;
            }
            a = l->a[wg_rng_next(&rng, (uint32_t)l->n)];
        }
        play(L, d, a);
        n++;
        if (after) {
            lua_pushvalue(L, 5);
            lua_pushvalue(L, d->state);
            lua_pushinteger(L, (lua_Integer)a);
            lua_call(L, 2, 0);
        }
    }
    lua_pushvalue(L, d->lists);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &spare_list);
    lua_pushinteger(L, n);
    lua_pushboolean(L, ended);
    return 2;
}

/* core.playout(game, s, seed [, max [, after]]) -> actions played, ended:
 * plays uniformly random actions until none is legal or max actions; after,
 * if given, is called as after(s, action) once each action is played (to
 * check invariants: an error stops the playout). The state is left at the
 * end of the playout (undo to a mark to get it back). */
static int drive_playout(lua_State *L)
{
    luaL_checkinteger(L, 3);
    if (!lua_isnoneornil(L, 4))
        wg_check_range(L, 4, 0, LUA_MAXINTEGER, "'max' must not be negative");
    if (!lua_isnoneornil(L, 5))
        luaL_checktype(L, 5, LUA_TFUNCTION);
    lua_settop(L, 5);
    drive d;
    setup(L, &d, 0);
    take_spare_list(L);
    d.random_action = wg_game_function(L, d.game, "random_action", 0,
                                       "playout");
    if (lua_isnil(L, d.random_action))
        d.random_action = 0;
    d.over = wg_game_function(L, d.game, "over", 0, "playout");
    if (lua_isnil(L, d.over))
        d.over = 0;
    lend(L, &d, 1);
    return protected(L, playout_body, &d, 2);
}

const luaL_Reg wg_drive_functions[] = {
    { "perft", drive_perft },
    { "playout", drive_playout },
    { NULL, NULL }
};
