/* core_lua.c: the Lua module "wargrid.core" -- what a rule script may call:
 * the metatables of rules, states and action lists, and their checks. */
#include "core_lua.h"
#include "mem.h"

#include <stdint.h>
#include <stdlib.h>

static void *check_ud(lua_State *L, int i, uint64_t tag, const char *tname)
{
    void *u = lua_touserdata(L, i);
    if (u && lua_rawlen(L, i) >= sizeof tag && *(uint64_t *)u == tag)
        return u;
    luaL_typeerror(L, i, tname);
    return NULL;
}

wg_rules *wg_check_rules(lua_State *L, int i)
{
    return ((wg_lrules *)check_ud(L, i, WG_TAG_RULES, "wargrid.rules"))->r;
}

wg_state *wg_check_state(lua_State *L, int i)
{
    wg_lstate *u = check_ud(L, i, WG_TAG_STATE, "wargrid.state");
    if (!u->s || (u->lent == 1 && !wg_lend_valid(u->gen)))
        luaL_argerror(L, i, u->lent == 1 ? "the state was lent to a call "
                      "that has ended (a script keeps no state beyond its "
                      "call)" : u->lent == 2 ? "the state was handed over to "
                      "wargrid (a script keeps no state it returns)"
                      : "state has been freed");
    return u->s;
}

wg_actlist *wg_check_actions(lua_State *L, int i)
{
    wg_lactions *u = check_ud(L, i, WG_TAG_ACTIONS, "wargrid.actions");
    if (!u->p || (u->lent == 1 && !wg_lend_valid(u->gen)))
        luaL_argerror(L, i, u->lent == 1 ? "the action list was lent to a "
                      "call that has ended (a script keeps no list beyond "
                      "its call)" : "the action list was handed over to "
                      "wargrid (a script keeps no list it returns)");
    return u->p;
}

void wg_check_rc(lua_State *L, int rc, const char *what)
{
    if (rc >= 0)
        return;
    if (rc == WG_ENOMEM)
        luaL_error(L, "out of memory");
    if (!what)
        what = rc == WG_EFULL ? "a limit of the runtime is reached"
               : rc == WG_ECALLBACK ? "a callback of the game failed"
               : "invalid argument";
    luaL_error(L, "%s", what);
}

lua_Integer wg_check_range(lua_State *L, int i, lua_Integer lo,
                           lua_Integer hi, const char *msg)
{
    lua_Integer v = luaL_checkinteger(L, i);
    luaL_argcheck(L, v >= lo && v <= hi, i, msg);
    return v;
}

int32_t wg_check_word(lua_State *L, int i, const char *what)
{
    lua_Integer v = luaL_checkinteger(L, i);
    if (v < INT32_MIN || v > INT32_MAX)
        luaL_argerror(L, i, lua_pushfstring(L, "'%s' must be from %I to %I",
                                            what, (lua_Integer)INT32_MIN,
                                            (lua_Integer)INT32_MAX));
    return (int32_t)v;
}

lua_Integer wg_opt_field(lua_State *L, int t, const char *name,
                         const char *key, lua_Integer def, lua_Integer lo,
                         lua_Integer hi)
{
    lua_getfield(L, t, key);
    int ok = 1;
    lua_Integer v = lua_isnil(L, -1) ? def : lua_tointegerx(L, -1, &ok);
    lua_pop(L, 1);
    if (!ok || v < lo || v > hi)
        luaL_argerror(L, t, lua_pushfstring(L, "'%s.%s' must be an integer "
                                            "from %I to %I", name, key, lo,
                                            hi));
    return v;
}

const wg_action *wg_opt_actions(lua_State *L, int t, const char *key,
                                int *n)
{
    *n = 0;
    lua_getfield(L, t, key);
    if (lua_isnil(L, -1)) {
        lua_pop(L, 1);
        return NULL;
    }
    if (!lua_istable(L, -1))
        luaL_argerror(L, t, lua_pushfstring(L, "'%s' must be a list of "
                                            "actions", key));
    lua_Integer len = luaL_len(L, -1);
    if (len > WG_MAX_ACTIONS)
        luaL_argerror(L, t, lua_pushfstring(L, "'%s' lists too many "
                                            "actions", key));
    wg_action *a = lua_newuserdatauv(L, (size_t)(len > 0 ? len : 1)
                                        * sizeof *a, 0);
    for (lua_Integer i = 0; i < len; i++) {
        lua_rawgeti(L, -2, i + 1);
        if (!lua_isinteger(L, -1))
            luaL_argerror(L, t, lua_pushfstring(L, "'%s' must be a list of "
                                                "actions", key));
        a[i] = (wg_action)lua_tointeger(L, -1);
        lua_pop(L, 1);
    }
    lua_remove(L, -2);
    *n = (int)len;
    return a;
}

int wg_check_square(lua_State *L, const wg_rules *r, int i)
{
    return (int)wg_check_range(L, i, 1, r->grid.nsq,
                               "'square' is off the board");
}

int wg_check_side(lua_State *L, int i)
{
    return (int)wg_check_range(L, i, 1, 2, "'side' must be 1 or 2");
}

int wg_check_piece(lua_State *L, const wg_state *s, int i)
{
    return (int)wg_check_range(L, i, 1, s->w[W_NPIECES],
                               "'piece' is not a piece id");
}

/* Lua's collector counts only its own allocations: a state or an action
 * list is a few bytes to it and many kilobytes to the runtime, so garbage
 * ones piled up between cycles (20 KB a game of selfplay, growing with the
 * heap). Each new one now tells the collector what the runtime's C memory
 * grew by since the last one, as debt that brings the next step nearer. */
void wg_gc_account(lua_State *L)
{
    static size_t told;
    size_t used = wg_mem_used();
    if (used > told + 16384)
        lua_gc(L, LUA_GCSTEP, (int)((used - told) >> 10));
    if (used > told + 16384 || used < told)
        told = used;
}

void wg_push_state(lua_State *L, wg_state *s, int ri)
{
    wg_gc_account(L);
    ri = lua_absindex(L, ri);
    wg_lstate *u = lua_newuserdatauv(L, sizeof *u, 2);
    u->tag = WG_TAG_STATE;
    u->s = s;
    u->lent = 0;
    u->gen = 0;
    lua_pushvalue(L, lua_upvalueindex(UV_STATE));
    lua_setmetatable(L, -2);
    lua_pushvalue(L, ri);
    lua_setiuservalue(L, -2, 1);
}

static int state_gc(lua_State *L)
{
    wg_lstate *u = lua_touserdata(L, 1);
    if (!u->lent && u->s && lua_getiuservalue(L, 1, 2) == LUA_TUSERDATA)
        ((wg_lstate *)lua_touserdata(L, -1))->s = NULL;  /* its handle */
    if (!u->lent)
        wg_state_free(u->s);
    u->s = NULL;
    return 0;
}

static int rules_gc(lua_State *L)
{
    wg_lrules *u = lua_touserdata(L, 1);
    if (u->r) {
        wg_rules_free(u->r);
        wg_free(u->r);
        u->r = NULL;
    }
    return 0;
}

static int actions_gc(lua_State *L)
{
    wg_lactions *u = lua_touserdata(L, 1);
    if (!u->lent && lua_getiuservalue(L, 1, 1) == LUA_TUSERDATA)
        ((wg_lactions *)lua_touserdata(L, -1))->p = NULL;  /* its handle */
    wg_actlist_free(&u->l);
    return 0;
}

static int tostring_named(lua_State *L)
{
    lua_pushfstring(L, "%s: %p", lua_tostring(L, lua_upvalueindex(1)),
                    lua_topointer(L, 1));
    return 1;
}

/* core.limits() -> the runtime's compile-time limits */
static int core_limits(lua_State *L)
{
    lua_createtable(L, 0, 8);
    lua_pushinteger(L, WG_MAX_FILES);
    lua_setfield(L, -2, "files");
    lua_pushinteger(L, WG_MAX_RANKS);
    lua_setfield(L, -2, "ranks");
    lua_pushinteger(L, WG_MAX_TYPES);
    lua_setfield(L, -2, "types");
    lua_pushinteger(L, WG_MAX_PIECES);
    lua_setfield(L, -2, "pieces");
    lua_pushinteger(L, WG_MAX_VARS);
    lua_setfield(L, -2, "vars");
    lua_pushinteger(L, WG_MAX_LAYERS);
    lua_setfield(L, -2, "layers");
    lua_pushinteger(L, PF_NUSER);
    lua_setfield(L, -2, "fields");
    return 1;
}

const luaL_Reg wg_core_functions[] = {
    { "limits", core_limits },
    { NULL, NULL }
};

int wg_game_function(lua_State *L, int game, const char *k, int required,
                     const char *who)
{
    lua_getfield(L, game, k);
    if (!lua_isfunction(L, -1)) {
        if (required)
            luaL_error(L, "%s: the game has no %s function", who, k);
        lua_pop(L, 1);
        lua_pushnil(L);
    }
    return lua_gettop(L);
}

int wg_host_function(lua_State *L, int opts, const char *k)
{
    lua_getfield(L, opts, k);
    if (!lua_isnil(L, -1) && !lua_isfunction(L, -1))
        luaL_error(L, "bad argument #%d ('opts.%s' must be a function)",
                   opts, k);
    return lua_gettop(L);
}

int wg_host_ask(lua_State *L, int fn, int *stop, double *more)
{
    lua_pushvalue(L, fn);
    if (lua_pcall(L, 0, 1, 0) != LUA_OK)
        return WG_ECALLBACK;      /* its message on top, as a game's */
    *stop = lua_toboolean(L, -1);
    if (lua_type(L, -1) == LUA_TNUMBER) {
        double n = lua_tonumber(L, -1);
        *stop = 0;
        *more = n > 0 ? n : 0;
    }
    lua_pop(L, 1);
    return WG_OK;
}

LUAMOD_API int luaopen_wargrid_core(lua_State *L)
{
    static const luaL_Reg *const rules_tables[] = {
        wg_rules_methods, wg_grid_methods, wg_fire_rules_methods, NULL
    };
    static const luaL_Reg *const state_tables[] = {
        wg_state_methods, wg_turn_methods, wg_trace_methods, wg_rng_methods,
        wg_shot_methods, wg_deck_methods, wg_fire_methods, wg_order_methods,
        NULL
    };
    static const luaL_Reg *const actions_tables[] = {
        wg_actions_methods, NULL
    };
    static const luaL_Reg *const module_tables[] = {
        wg_core_functions, wg_rules_functions, wg_actions_functions, NULL
    };
    static const char *const names[UV_COUNT] = {
        "wargrid.rules", "wargrid.state", "wargrid.actions"
    };
    static const lua_CFunction gcs[UV_COUNT] = {
        rules_gc, state_gc, actions_gc
    };
    static const luaL_Reg *const *tables[UV_COUNT] = {
        rules_tables, state_tables, actions_tables
    };
    wg_budget_open(L);
    int base = lua_gettop(L);
    for (int k = 0; k < UV_COUNT; k++) {
        luaL_newmetatable(L, names[k]);
        lua_pushcfunction(L, gcs[k]);
        lua_setfield(L, -2, "__gc");
        lua_pushstring(L, names[k]);
        lua_pushcclosure(L, tostring_named, 1);
        lua_setfield(L, -2, "__tostring");
    }
    /* metatables at base+1 .. base+3; fill their method tables */
    for (int k = 0; k < UV_COUNT; k++) {
        lua_newtable(L);
        for (const luaL_Reg *const *t = tables[k]; *t; t++) {
            for (int j = 1; j <= UV_COUNT; j++)
                lua_pushvalue(L, base + j);
            luaL_setfuncs(L, *t, UV_COUNT);
        }
        lua_setfield(L, base + 1 + k, "__index");
    }
    lua_pushvalue(L, base + 1);
    lua_pushvalue(L, base + 2);
    lua_pushvalue(L, base + 3);
    lua_pushcclosure(L, wg_actions_len, UV_COUNT);
    lua_setfield(L, base + UV_ACTIONS, "__len");
    lua_newtable(L);
    for (const luaL_Reg *const *t = module_tables; *t; t++) {
        for (int j = 1; j <= UV_COUNT; j++)
            lua_pushvalue(L, base + j);
        luaL_setfuncs(L, *t, UV_COUNT);
    }
    /* core.State: a state's methods, for hot paths to hold in locals */
    lua_getfield(L, base + UV_STATE, "__index");
    lua_setfield(L, -2, "State");
    /* the host's module, in the same library: require finds it here */
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_PRELOAD_TABLE);
    lua_pushcfunction(L, luaopen_wargrid_host);
    lua_setfield(L, -2, "wargrid.host");
    lua_pop(L, 1);
    return 1;
}
