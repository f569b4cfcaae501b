/* mcts_lua.c: Lua binding of the tree search -- core.mcts(game, s, opts)
 * searches with the game's own Lua rules as the callbacks (an untrusted
 * game's each under a budget: budget_lua.c). */
#include <math.h>

#include "core_lua.h"
#include "mcts.h"
#include "turn.h"

typedef struct ctx {
    lua_State *L;
    int game, root, actions, play, result, evaluate, order, view, list, sampled;
    int over;
    wg_phases phases;      /* declared phases dispatched here */
    int input;             /* the host's opts.input */
    int lent_root, lent_list, lent_sampled;  /* what the callbacks are
                                              * handed: an untrusted game's
                                              * script gets handles */
    wg_state *root_s, *sampled_s;
    const char *script;    /* an untrusted game's, or NULL */
    int side;              /* the searching side, for the view */
    double scale;          /* evaluation units for a 73% chance */
} ctx;

/* Pushes the userdata of state s. */
static void push_state(ctx *c, wg_state *s)
{
    lua_pushvalue(c->L, s == c->sampled_s ? c->lent_sampled : c->lent_root);
}

static int call(ctx *c, int nargs, int nres, const char *name)
{
    return wg_budget_pcall(c->L, nargs, nres, c->script, name) == LUA_OK
           ? WG_OK : WG_ECALLBACK;
}

/* Calls fn(game, s, list) with the search's own list in place of the Lua
 * list, so the game fills or reorders it directly. */
static int with_list(ctx *c, int fn, wg_state *s, wg_actlist *out,
                     const char *name)
{
    lua_State *L = c->L;
    wg_actlist *l = &((wg_lactions *)lua_touserdata(L, c->list))->l;
    wg_actlist saved = *l;
    *l = *out;
    lua_pushvalue(L, fn);
    lua_pushvalue(L, c->game);
    push_state(c, s);
    lua_pushvalue(L, c->lent_list);
    int rc = call(c, 3, 0, name);
    *out = *l;
    *l = saved;
    return rc;
}

static int cb_actions(void *p, wg_state *s, wg_actlist *out)
{
    ctx *c = p;
    int fn = c->actions;
    if (c->phases.n) {
        fn = wg_phases_pick(c->L, &c->phases, s, c->game,
                            s == c->sampled_s ? c->lent_sampled
                                              : c->lent_root, c->script);
        if (!fn)
            return WG_ECALLBACK;
    }
    return with_list(c, fn, s, out, "actions");
}

/* game:order(s, out) may reorder the legal actions, most promising first.
 * It must keep every action: a node expands its actions in that order, and
 * one dropped would be a move the search never tries (and may prove a node
 * lost for want of it). */
static int cb_order(void *p, wg_state *s, wg_actlist *out)
{
    ctx *c = p;
    int n = out->n;
    WG_TRY(with_list(c, c->order, s, out, "order"));
    if (out->n != n) {
        lua_pushstring(c->L, "mcts: game:order must keep every action "
                             "(it may only reorder them)");
        return WG_ECALLBACK;
    }
    return WG_OK;
}

static int cb_play(void *p, wg_state *s, wg_action a)
{
    ctx *c = p;
    lua_pushvalue(c->L, c->play);
    lua_pushvalue(c->L, c->game);
    push_state(c, s);
    lua_pushinteger(c->L, (lua_Integer)a);
    return call(c, 3, 0, "play");
}

static int cb_result(void *p, wg_state *s, int *winner)
{
    ctx *c = p;
    lua_State *L = c->L;
    lua_pushvalue(L, c->result);
    lua_pushvalue(L, c->game);
    push_state(c, s);
    WG_TRY(call(c, 2, 1, "result"));
    lua_Integer w = lua_tointeger(L, -1);   /* compared whole: no wrap */
    lua_pop(L, 1);
    *winner = w == 1 || w == 2 ? (int)w : 0;
    return WG_OK;
}

/* game:over(s) -> nil, or winner (0 a draw) and reason */
static int cb_over(void *p, wg_state *s, int *ended, int *winner)
{
    ctx *c = p;
    lua_State *L = c->L;
    lua_pushvalue(L, c->over);
    lua_pushvalue(L, c->game);
    push_state(c, s);
    WG_TRY(call(c, 2, 1, "over"));
    lua_Integer w = lua_tointeger(L, -1);
    *ended = !lua_isnil(L, -1);
    lua_pop(L, 1);
    *winner = w == 1 || w == 2 ? (int)w : 0;
    return WG_OK;
}

static int cb_evaluate(void *p, wg_state *s, int side, double *value)
{
    ctx *c = p;
    lua_State *L = c->L;
    lua_pushvalue(L, c->evaluate);
    lua_pushvalue(L, c->game);
    push_state(c, s);
    lua_pushinteger(L, side);
    WG_TRY(call(c, 3, 1, "evaluate"));
    double score = lua_tonumber(L, -1);
    lua_pop(L, 1);
    *value = 1.0 / (1.0 + exp(-score / c->scale));
    return WG_OK;
}

/* game:view(s, side, seed) gives the state as the side knows it, with what
 * it cannot see drawn at random: the search never reads the true state. */
static int cb_sample(void *p, uint64_t seed, wg_state **out)
{
    ctx *c = p;
    lua_State *L = c->L;
    lua_pushvalue(L, c->view);
    lua_pushvalue(L, c->game);
    lua_pushvalue(L, c->lent_root);
    lua_pushinteger(L, c->side);
    lua_pushinteger(L, (lua_Integer)(seed >> 1));
    WG_TRY(call(c, 4, 1, "view"));
    wg_lstate *u = lua_touserdata(L, -1);
    if (lua_type(L, -1) != LUA_TUSERDATA || lua_rawlen(L, -1) < sizeof *u
        || u->tag != WG_TAG_STATE || !u->s || u->lent) {
        lua_pushfstring(L, "%s: view returned %s, not a state",
                        c->script ? c->script : "the game",
                        luaL_typename(L, -1));
        return WG_ECALLBACK;
    }
    c->sampled_s = u->s;
    lua_replace(L, c->sampled);
    if (c->script) {           /* the new sample lent, as the root is */
        wg_lend(L, c->sampled);
        lua_replace(L, c->lent_sampled);
    } else {
        lua_pushvalue(L, c->sampled);
        lua_replace(L, c->lent_sampled);
    }
    *out = c->sampled_s;
    return WG_OK;
}

static int cb_input(void *p, int *stop, double *more)
{
    ctx *c = p;
    return wg_host_ask(c->L, c->input, stop, more);
}

/* opts[k] (opts is argument t) as a number, or def when absent */
static double opt_number(lua_State *L, int t, const char *k, double def)
{
    lua_getfield(L, t, k);
    int ok = 1;
    double v = lua_isnil(L, -1) ? def : lua_tonumberx(L, -1, &ok);
    lua_pop(L, 1);
    if (!ok)
        luaL_argerror(L, t, lua_pushfstring(L, "'opts.%s' must be a number",
                                            k));
    return v;
}

/* core.mcts(game, s, opts) -> action, stats
 * opts: iterations, seconds, seed, explore, playout_depth (random actions
 * before game:evaluate(s, side) ends a playout, scaled by eval_scale; 0
 * evaluates the new node; none: play to the end), max_plies,
 * repetition_draw (a repeated position in the tree is a draw), widen (expand
 * only the first of game:order's actions, more as a node is visited), hidden
 * (use game:view for each iteration), stop_fd (input waiting on this file
 * descriptor ends the search as its time would; with neither iterations
 * nor seconds the search runs until then), input (asked then: it may read
 * the input and return false to go on, or a number n to go on for n
 * seconds more from now), only (the root's actions to choose among).
 * Deterministic for a given seed
 * and iteration budget. Returns nil, stats when there is no legal action;
 * stats.input tells that input ended it. */
static int mcts_search(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    wg_state *s = wg_check_state(L, 2);
    if (lua_isnoneornil(L, 3)) {
        lua_settop(L, 2);
        lua_newtable(L);
    }
    luaL_checktype(L, 3, LUA_TTABLE);
    lua_settop(L, 3);
    ctx c = {
        .L = L, .game = 1, .root = 2, .root_s = s, .side = wg_turn_decider(s)
    };
    wg_mcts_opts o;
    wg_mcts_defaults(&o);
    o.seconds = opt_number(L, 3, "seconds", 0);
    o.stop_fd = (int)wg_opt_field(L, 3, "opts", "stop_fd", -1, -1,
                                  INT32_MAX);
    o.iterations = (int)wg_opt_field(L, 3, "opts", "iterations",
                                     o.seconds > 0 || o.stop_fd >= 0
                                     ? 0 : o.iterations, 0, 1000000000);
    o.playout_depth = (int)wg_opt_field(L, 3, "opts", "playout_depth", -1,
                                        -1, 1000000);
    o.max_plies = (int)wg_opt_field(L, 3, "opts", "max_plies", o.max_plies,
                                    1, 1000000000);
    o.seed = (uint64_t)wg_opt_field(L, 3, "opts", "seed", 1, LUA_MININTEGER,
                                    LUA_MAXINTEGER);
    o.explore = opt_number(L, 3, "explore", o.explore);
    c.scale = opt_number(L, 3, "eval_scale", 3.0);
    luaL_argcheck(L, c.scale > 0 && o.explore >= 0 && o.seconds >= 0, 3,
                  "'eval_scale' must be positive, "
                  "'explore' and 'seconds' not negative");
    lua_getfield(L, 3, "hidden");
    int hidden = lua_toboolean(L, -1);
    lua_getfield(L, 3, "repetition_draw");
    o.repetition_draw = lua_toboolean(L, -1);
    lua_getfield(L, 3, "widen");
    o.widen = lua_toboolean(L, -1);
    lua_pop(L, 3);
    o.only = wg_opt_actions(L, 3, "only", &o.nonly);
    c.script = wg_budget_face(L, 1);
    if (c.script)
        c.game = lua_gettop(L);
    c.actions = wg_game_function(L, c.game, "actions", 1, "mcts");
    c.play = wg_game_function(L, c.game, "play", 1, "mcts");
    c.result = wg_game_function(L, c.game, "result", 1, "mcts");
    c.over = wg_game_function(L, c.game, "over", 0, "mcts");
    wg_phases_read(L, c.game, &c.phases);
    c.evaluate = wg_game_function(L, c.game, "evaluate", 0, "mcts");
    c.order = wg_game_function(L, c.game, "order", 0, "mcts");
    o.widen = o.widen && !lua_isnil(L, c.order);
    c.view = wg_game_function(L, c.game, "view", hidden, "mcts");
    c.input = wg_host_function(L, 3, "input");
    wg_push_actions(L);
    c.list = lua_gettop(L);
    lua_pushnil(L);
    c.sampled = lua_gettop(L);
    lua_pushnil(L);
    c.lent_sampled = lua_gettop(L);
    /* an untrusted game's script is handed handles, lent for the search */
    int loan = c.script ? wg_loan_open(L) : -1;
    c.lent_root = c.root;
    c.lent_list = c.list;
    if (c.script) {
        wg_lend(L, c.root);
        c.lent_root = lua_gettop(L);
        wg_lend(L, c.list);
        c.lent_list = lua_gettop(L);
    }
    wg_mcts_ops ops = {
        .ctx = &c, .actions = cb_actions, .play = cb_play, .result = cb_result,
        .over = lua_isnil(L, c.over) ? NULL : cb_over,
        .evaluate = o.playout_depth >= 0 && !lua_isnil(L, c.evaluate)
                    ? cb_evaluate : NULL,
        .order = lua_isnil(L, c.order) ? NULL : cb_order,
        .sample = hidden ? cb_sample : NULL,
        .input = lua_isnil(L, c.input) ? NULL : cb_input,
    };
    wg_action best = 0;
    wg_mcts_stats st;
    int rc = wg_mcts_search(s, &ops, &o, &best, &st);
    wg_loan_close(loan);
    if (rc == WG_ECALLBACK)
        return lua_error(L);  /* the callback's message is on top (and its
                                 budget ended: wg_budget_pcall) */
    if (rc == WG_ENOMEM)
        return luaL_error(L, "mcts: out of memory");
    wg_check_rc(L, rc, NULL);
    if (rc == WG_OVER)
        lua_pushnil(L);
    else
        lua_pushinteger(L, (lua_Integer)best);
    lua_createtable(L, 0, 7);
    lua_pushinteger(L, st.iterations);
    lua_setfield(L, -2, "iterations");
    lua_pushinteger(L, st.nodes);
    lua_setfield(L, -2, "nodes");
    lua_pushinteger(L, st.max_depth);
    lua_setfield(L, -2, "depth");
    lua_pushnumber(L, st.seconds);
    lua_setfield(L, -2, "seconds");
    lua_pushnumber(L, st.value);
    lua_setfield(L, -2, "value");
    lua_pushboolean(L, st.input);
    lua_setfield(L, -2, "input");
    return 2;
}

const luaL_Reg wg_mcts_functions[] = {
    { "mcts", mcts_search },
    { NULL, NULL }
};
