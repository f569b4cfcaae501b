/* phase_lua.c: a game's declared phases dispatched from C -- the drivers
 * (perft, playouts, the searches) call the actions of the phase a state
 * is in without the Lua dispatcher between. */
#include "core_lua.h"

/* A game whose actions are wargrid.game's dispatcher (game.actions is
 * game.phase_actions) lists the actions of the phase a state is in: the
 * stored one (s:phase()), or, when its first phase is derived, the first
 * phase and each whose end holds giving way to its next. The drivers read
 * the declaration once (game.phases, as wargrid.game compiled it) and
 * pick the phase's actions function at each node in C, as Game:actions
 * would: one Lua call a node, as a game writing its own actions makes. */

/* Reads phase i (the table on top) into q; pushes its actions function
 * and, when it ends by a method, that method. Returns 0 when the phase
 * names no actions method. */
static int read_phase(lua_State *L, int game, struct wg_phase *q)
{
    int p = lua_gettop(L);
    q->fn = q->ends_fn = 0;
    q->var[0] = q->var[1] = -1;
    q->neg = 0;
    q->value = 0;
    q->next = lua_getfield(L, p, "next_id") == LUA_TNUMBER
              ? (int)lua_tointeger(L, -1) - 1 : -1;
    lua_pop(L, 1);
    if (lua_getfield(L, p, "var_ids") == LUA_TTABLE) {
        for (int side = 0; side < 2; side++) {
            lua_rawgeti(L, -1, side + 1);
            q->var[side] = (int)lua_tointeger(L, -1) - 1;
            lua_pop(L, 1);
        }
        lua_getfield(L, p, "ends");
        q->neg = lua_getfield(L, -1, "is") == LUA_TNIL;
        if (q->neg) {
            lua_pop(L, 1);
            lua_getfield(L, -1, "is_not");
        }
        q->value = lua_tointeger(L, -1);
        lua_pop(L, 2);
    }
    lua_pop(L, 1);
    if (lua_getfield(L, p, "actions") != LUA_TSTRING) {
        lua_pop(L, 1);
        return 0;
    }
    lua_gettable(L, game);              /* game[name]: its actions */
    q->fn = lua_gettop(L);
    if (lua_getfield(L, p, "ends") == LUA_TSTRING) {
        q->ends_name = lua_tostring(L, -1);  /* the declaration keeps it */
        lua_gettable(L, game);
        q->ends_fn = lua_gettop(L);
    } else {
        lua_pop(L, 1);
    }
    return 1;
}

void wg_phases_read(lua_State *L, int game, wg_phases *ph)
{
    ph->n = 0;
    game = lua_absindex(L, game);
    lua_getfield(L, game, "actions");
    lua_getfield(L, game, "phase_actions");
    int dispatches = lua_isfunction(L, -1) && lua_rawequal(L, -1, -2);
    lua_pop(L, 2);
    if (!dispatches)
        return;
    int top = lua_gettop(L);
    if (lua_getfield(L, game, "phases") != LUA_TTABLE) {
        lua_settop(L, top);
        return;
    }
    int list = lua_gettop(L);
    int n = (int)lua_rawlen(L, list);
    if (n < 1 || n > WG_MAX_PHASES) {
        lua_settop(L, top);
        return;
    }
    luaL_checkstack(L, 3 * n + 8, "too many phases");
    for (int i = 0; i < n; i++) {
        lua_rawgeti(L, list, i + 1);
        int slot = lua_gettop(L);
        if (!read_phase(L, game, &ph->p[i])) {
            lua_settop(L, top);
            return;
        }
        (void)slot;
    }
    ph->n = n;
    ph->derived = ph->p[0].ends_fn || ph->p[0].var[0] >= 0;
}

int wg_phases_pick(lua_State *L, const wg_phases *ph, const wg_state *s,
                   int game, int state, const char *script)
{
    int i = 0;
    if (!ph->derived) {
        i = s->w[W_PHASE] - 1;
        if (i < 0 || i >= ph->n)
            i = 0;
    }
    for (int k = 0; k < ph->n; k++) {
        const struct wg_phase *q = &ph->p[i];
        if (q->next < 0 || q->next >= ph->n)
            break;
        int over;
        if (q->var[0] >= 0) {
            int side = s->w[W_SIDE] == 2 ? 1 : 0;
            lua_Integer v = s->w[s->o_var + q->var[side]];
            over = q->neg ? v != q->value : v == q->value;
        } else if (q->ends_fn) {
            lua_pushvalue(L, q->ends_fn);
            lua_pushvalue(L, game);
            lua_pushvalue(L, state);
            if (wg_budget_pcall(L, 2, 1, script, q->ends_name) != LUA_OK)
                return 0;
            over = lua_toboolean(L, -1);
            lua_pop(L, 1);
        } else {
            break;
        }
        if (!over)
            break;
        i = q->next;
    }
    return ph->p[i].fn;
}
