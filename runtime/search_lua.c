/* search_lua.c: Lua binding of the alpha-beta search -- core.search(game,
 * s, opts) searches with the game's own Lua rules as the callbacks, an
 * untrusted game's each under a budget (budget_lua.c). */
#include <math.h>
#include <stdio.h>

#include "core_lua.h"
#include "search.h"
#include "trace.h"

typedef struct glue {
    lua_State *L;
    const char *script;            /* an untrusted game's script, or NULL */
    int game, state, list;         /* stack indices */
    int lent_state, lent_list;     /* what the callbacks are handed:
                                    * handles for an untrusted game */
    int actions, play, result, evaluate, order, forcing, over;
    int input, info;               /* the host's opts.input, opts.info */
    wg_phases phases;              /* declared phases dispatched here */
} glue;

/* Calls the function and nargs arguments on the stack, under the budget of
 * an untrusted game's callback `name`. */
static int call(glue *g, int nargs, int nres, const char *name)
{
    return wg_budget_pcall(g->L, nargs, nres, g->script, name) == LUA_OK
           ? WG_OK : WG_ECALLBACK;
}

/* Calls fn(game, s, list, ...) with the search's list `out` standing in
 * the Lua list, so the game fills or reorders it in place; nres results
 * are left on the stack. */
static int call_list(glue *g, int fn, wg_actlist *out, int nres,
                     const char *name)
{
    lua_State *L = g->L;
    wg_actlist *l = &((wg_lactions *)lua_touserdata(L, g->list))->l;
    wg_actlist saved = *l;
    *l = *out;
    lua_pushvalue(L, fn);
    lua_pushvalue(L, g->game);
    lua_pushvalue(L, g->lent_state);
    lua_pushvalue(L, g->lent_list);
    int rc = call(g, 3, nres, name);
    *out = *l;
    *l = saved;
    return rc;
}

static int cb_actions(void *p, wg_state *s, wg_actlist *out)
{
    glue *g = p;
    int fn = g->actions;
    if (g->phases.n) {
        fn = wg_phases_pick(g->L, &g->phases, s, g->game, g->lent_state,
                            g->script);
        if (!fn)
            return WG_ECALLBACK;
    }
    return call_list(g, fn, out, 0, "actions");
}

static int cb_play(void *p, wg_state *s, wg_action a)
{
    (void)s;
    glue *g = p;
    lua_pushvalue(g->L, g->play);
    lua_pushvalue(g->L, g->game);
    lua_pushvalue(g->L, g->lent_state);
    lua_pushinteger(g->L, (lua_Integer)a);
    return call(g, 3, 0, "play");
}

/* Leaves one result of fn(game, s [, side]) on the stack. */
static int call_state(glue *g, int fn, int side, const char *name)
{
    lua_pushvalue(g->L, fn);
    lua_pushvalue(g->L, g->game);
    lua_pushvalue(g->L, g->lent_state);
    if (side)
        lua_pushinteger(g->L, side);
    return call(g, side ? 3 : 2, 1, name);
}

static int cb_result(void *p, wg_state *s, int *winner)
{
    (void)s;
    glue *g = p;
    WG_TRY(call_state(g, g->result, 0, "result"));
    int w = (int)lua_tointeger(g->L, -1);
    lua_pop(g->L, 1);
    *winner = w == 1 || w == 2 ? w : 0;
    return WG_OK;
}

/* game:over(s) -> nil, or winner (0 a draw) and reason */
static int cb_over(void *p, wg_state *s, int *ended, int *winner)
{
    (void)s;
    glue *g = p;
    WG_TRY(call_state(g, g->over, 0, "over"));
    int w = (int)lua_tointeger(g->L, -1);
    *ended = !lua_isnil(g->L, -1);
    lua_pop(g->L, 1);
    *winner = w == 1 || w == 2 ? w : 0;
    return WG_OK;
}

/* game:evaluate(s, side) in the game's units; the search counts
 * hundredths. */
static int cb_evaluate(void *p, wg_state *s, int side, int32_t *score)
{
    (void)s;
    glue *g = p;
    WG_TRY(call_state(g, g->evaluate, side, "evaluate"));
    double v = lua_tonumber(g->L, -1) * 100.0;
    lua_pop(g->L, 1);
    if (!(v == v))
        v = 0;                    /* NaN: no opinion */
    v = v > WG_SEARCH_EVAL_MAX ? WG_SEARCH_EVAL_MAX
        : v < -WG_SEARCH_EVAL_MAX ? -WG_SEARCH_EVAL_MAX : v;
    *score = (int32_t)lround(v);
    return WG_OK;
}

/* game:order(s, out) reorders; it may return how many of the first
 * actions are forcing. It must keep every action. */
static int cb_order(void *p, wg_state *s, wg_actlist *l, int *forcing)
{
    (void)s;
    glue *g = p;
    int n = l->n;
    WG_TRY(call_list(g, g->order, l, 1, "order"));
    lua_Integer k = lua_isinteger(g->L, -1) ? lua_tointeger(g->L, -1) : 0;
    lua_pop(g->L, 1);
    if (l->n != n) {
        lua_pushstring(g->L, "search: game:order must keep every action "
                             "(it may only reorder them)");
        return WG_ECALLBACK;
    }
    *forcing = k < 0 ? 0 : k > n ? n : (int)k;
    return WG_OK;
}

/* game:forcing(s, out) fills out; true when they are every legal action. */
static int cb_forcing(void *p, wg_state *s, wg_actlist *out, int *all)
{
    (void)s;
    glue *g = p;
    WG_TRY(call_list(g, g->forcing, out, 1, "forcing"));
    *all = lua_toboolean(g->L, -1);
    lua_pop(g->L, 1);
    return WG_OK;
}

/* In check: a royal piece of side attacked (trace.c; no Lua called). */
static int cb_in_check(void *p, wg_state *s, int side, int *check)
{
    (void)p;
    *check = wg_trace_in_check(s, side);
    return WG_OK;
}

static int cb_input(void *p, int *stop, double *more)
{
    glue *g = p;
    return wg_host_ask(g->L, g->input, stop, more);
}

/* The failed callback's message, from the top of the stack. */
static void cb_failure(void *p, char *buf, size_t size)
{
    glue *g = p;
    const char *msg = lua_tostring(g->L, -1);
    snprintf(buf, size, "%s", msg ? msg : "a search helper failed");
}

static void cb_fail(void *p, const char *msg)
{
    glue *g = p;
    lua_pushstring(g->L, msg);
}

static void push_stats(lua_State *L, const wg_search_stats *st);

/* opts.info(stats) hears of each iteration completed. */
static int cb_progress(void *p, const wg_search_stats *st)
{
    glue *g = p;
    lua_pushvalue(g->L, g->info);
    push_stats(g->L, st);
    return lua_pcall(g->L, 1, 0, 0) == LUA_OK ? WG_OK : WG_ECALLBACK;
}

static double number_opt(lua_State *L, const char *k, double def, double min,
                         double max)
{
    lua_getfield(L, 3, k);
    double v = luaL_optnumber(L, -1, def);
    lua_pop(L, 1);
    if (!(v >= min && v <= max)) {
        char range[64];
        snprintf(range, sizeof range, "%g to %g", min, max);
        luaL_error(L, "bad argument #3 to 'search' ('%s' must be %s)", k,
                   range);
    }
    return v;
}

static int flag_opt(lua_State *L, const char *k, int def)
{
    lua_getfield(L, 3, k);
    int v = lua_isnil(L, -1) ? def : lua_toboolean(L, -1);
    lua_pop(L, 1);
    return v;
}

static void push_stats(lua_State *L, const wg_search_stats *st)
{
    lua_createtable(L, 0, 10);
    lua_pushinteger(L, st->depth);
    lua_setfield(L, -2, "depth");
    lua_pushinteger(L, st->seldepth);
    lua_setfield(L, -2, "seldepth");
    lua_pushinteger(L, st->nodes);
    lua_setfield(L, -2, "nodes");
    lua_pushinteger(L, st->nodes_main);
    lua_setfield(L, -2, "nodes_main");
    lua_pushnumber(L, st->seconds);
    lua_setfield(L, -2, "seconds");
    lua_pushinteger(L, st->threads);
    lua_setfield(L, -2, "threads");
    lua_pushboolean(L, st->input);
    lua_setfield(L, -2, "input");
    static const char *const cut[] = { "null_move", "futility", "late_move",
                                       "exchange" };
    lua_createtable(L, 0, 4);
    for (int i = 0; i < 4; i++) {
        lua_pushinteger(L, st->cutoffs[i]);
        lua_setfield(L, -2, cut[i]);
    }
    lua_setfield(L, -2, "cutoffs");
    int32_t v = st->score;
    if (v > WG_SEARCH_WIN - 1000 || v < -WG_SEARCH_WIN + 1000) {
        /* plies to the end of a won (positive) or lost game */
        lua_pushinteger(L, v > 0 ? WG_SEARCH_WIN - v : -WG_SEARCH_WIN - v);
        lua_setfield(L, -2, "win");
    } else {
        lua_pushnumber(L, v / 100.0);
        lua_setfield(L, -2, "score");
    }
    lua_createtable(L, st->pvlen, 0);
    for (int i = 0; i < st->pvlen; i++) {
        lua_pushinteger(L, (lua_Integer)st->pv[i]);
        lua_rawseti(L, -2, i + 1);
    }
    lua_setfield(L, -2, "pv");
}

/* opts.values: type id -> number, into value (hundredths); value, or
 * NULL when there is none. */
static const int32_t *read_values(lua_State *L, const wg_state *s,
                                  int32_t *value)
{
    lua_getfield(L, 3, "values");
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        return NULL;
    }
    luaL_argcheck(L, lua_istable(L, -1), 3, "'values' must be a table");
    for (int t = 1; t <= s->rules->ntypes; t++) {
        int type = lua_rawgeti(L, -1, t);
        double v = lua_tonumber(L, -1);
        if (type != LUA_TNIL && (type != LUA_TNUMBER || !(fabs(v) < 1e6)))
            luaL_argerror(L, 3, "'values' must hold numbers within +-10^6");
        value[t] = (int32_t)lround(v * 100);
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    return value;
}

/* core.search(game, s, opts) -> action, stats
 * opts: depth, nodes, seconds (the budget: what is given; none: depth 4,
 * or with stop_fd until input comes; cpu = true counts seconds of
 * processor time, each process its own), stop_fd (input waiting on this
 * file descriptor ends the search as its time would; input(), when given,
 * is asked then and may read it and return false to go on, or a number n
 * to go on for n seconds more from now), info(stats)
 * (hears of each iteration completed, the state as it was),
 * threads (processes searching together), repetition_draw, tt_bits, lmr,
 * aspiration (hundredths), noise (hundredths added to or taken from each
 * evaluation by a hash of the position and seed), null_move, futility
 * (hundredths a ply), lmp (late-move pruning's base count), check (false:
 * no check is seen; else a game with royal pieces is in check when one is
 * attacked, and the search neither prunes there nor passes),
 * check_extension, values (type id -> a piece's value: captures that lose
 * by static exchange go last, quiescence leaves them out), only (the
 * root's actions to choose among), ctrl_c (true: Ctrl-C, once
 * core.on_interrupt caught it, ends the search as its time would). The
 * game's actions, play, result and evaluate are called, and order and
 * forcing when it has them. stats:
 * depth, seldepth, nodes (every process's), nodes_main, seconds, threads,
 * score (for the side to decide, in the evaluation's units) or win (plies
 * to the end: positive when that side wins, negative when it loses), pv
 * (the expected actions), input (input ended it), cutoffs (null_move,
 * futility, late_move, exchange: the nodes or actions each left out).
 * Returns nil, stats when there is no legal action. */
static int search_run(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    wg_state *s = wg_check_state(L, 2);
    if (lua_isnoneornil(L, 3)) {
        lua_settop(L, 2);
        lua_newtable(L);
    }
    luaL_checktype(L, 3, LUA_TTABLE);
    lua_settop(L, 3);
    wg_search_opts o;
    wg_search_defaults(&o);
    o.depth = (int)number_opt(L, "depth", 0, 0, WG_SEARCH_MAX_PLY);
    o.nodes = (long)number_opt(L, "nodes", 0, 0, 1e15);
    o.seconds = number_opt(L, "seconds", 0, 0, 1e9);
    o.stop_fd = (int)number_opt(L, "stop_fd", -1, -1, INT32_MAX);
    if (!o.depth && !o.nodes && !o.seconds && o.stop_fd < 0)
        o.depth = 4;
    o.threads = (int)number_opt(L, "threads", 1, 1, WG_SEARCH_MAX_THREADS);
    o.tt_bits = (int)number_opt(L, "tt_bits", 0, 0, 26);
    o.aspiration = (int)number_opt(L, "aspiration", 0, 0, 1e6);
    o.repetition_draw = flag_opt(L, "repetition_draw", 0);
    o.cpu = flag_opt(L, "cpu", 0);
    o.noise = (int)number_opt(L, "noise", 0, 0, 1e6);
    o.seed = (uint64_t)number_opt(L, "seed", 0, 0, 9e15);
    o.lmr = flag_opt(L, "lmr", o.lmr);
    o.null_move = flag_opt(L, "null_move", 0);
    o.futility = (int)number_opt(L, "futility", 0, 0, 1e6);
    o.lmp = (int)number_opt(L, "lmp", 0, 0, 1000);
    o.check_ext = flag_opt(L, "check_extension", 0);
    if (flag_opt(L, "ctrl_c", 0))
        o.interrupt = wg_interrupt_flag();
    int check = flag_opt(L, "check", 1) && s->rules->royal_types;
    int32_t values[WG_MAX_TYPES + 1] = { 0 };
    o.values = read_values(L, s, values);
    o.only = wg_opt_actions(L, 3, "only", &o.nonly);
    glue g = { .L = L, .game = 1, .state = 2 };
    g.input = wg_host_function(L, 3, "input");
    g.info = wg_host_function(L, 3, "info");
    g.script = wg_budget_face(L, 1);  /* an untrusted game: its own table */
    if (g.script)
        g.game = lua_gettop(L);
    g.actions = wg_game_function(L, g.game, "actions", 1, "search");
    g.play = wg_game_function(L, g.game, "play", 1, "search");
    g.result = wg_game_function(L, g.game, "result", 1, "search");
    g.evaluate = wg_game_function(L, g.game, "evaluate", 1, "search");
    g.order = wg_game_function(L, g.game, "order", 0, "search");
    g.forcing = wg_game_function(L, g.game, "forcing", 0, "search");
    g.over = wg_game_function(L, g.game, "over", 0, "search");
    wg_phases_read(L, g.game, &g.phases);
    wg_push_actions(L);
    g.list = lua_gettop(L);
    /* an untrusted game's script is handed handles, lent for the search */
    int loan = g.script ? wg_loan_open(L) : -1;
    g.lent_state = g.state;
    g.lent_list = g.list;
    if (g.script) {
        wg_lend(L, g.state);
        g.lent_state = lua_gettop(L);
        wg_lend(L, g.list);
        g.lent_list = lua_gettop(L);
    }
    wg_search_ops ops = {
        .ctx = &g, .actions = cb_actions, .play = cb_play,
        .result = cb_result, .evaluate = cb_evaluate,
        .order = lua_isnil(L, g.order) ? NULL : cb_order,
        .forcing = lua_isnil(L, g.forcing) ? NULL : cb_forcing,
        .over = lua_isnil(L, g.over) ? NULL : cb_over,
        .in_check = check ? cb_in_check : NULL,
        .input = lua_isnil(L, g.input) ? NULL : cb_input,
        .progress = lua_isnil(L, g.info) ? NULL : cb_progress,
        .failure = cb_failure, .fail = cb_fail,
    };
    wg_action best = 0;
    wg_search_stats st;
    int rc = wg_search(s, &ops, &o, &best, &st);
    wg_loan_close(loan);
    if (rc == WG_ECALLBACK)
        return lua_error(L);  /* the callback's message is on top (and its
                                 budget ended: wg_budget_pcall) */
    wg_check_rc(L, rc, "search: out of memory");
    if (rc == WG_OVER)
        lua_pushnil(L);
    else
        lua_pushinteger(L, (lua_Integer)best);
    push_stats(L, &st);
    return 2;
}

const luaL_Reg wg_search_functions[] = {
    { "search", search_run },
    { NULL, NULL }
};
