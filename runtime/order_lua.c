/* order_lua.c: Lua binding of action ordering -- a search's captures
 * first, by the pieces' values, as a method of a state. */
#include <math.h>

#include "core_lua.h"
#include "exchange.h"
#include "order.h"

/* s:order_captures(out, value [, promotions]) -> n: sorts out captures
 * first, the most valuable victim first, then the least valuable attacker
 * (MVV-LVA: the key 10 * value[victim] + 1 - value[attacker] / 10), and
 * with promotions true a promotion's new type's value added; the rest, and
 * equal keys, keep their order. value: type id -> number (a missing one
 * counts 0). Returns how many actions have a key above 0: the captures
 * and promotions, a search's forcing actions. The game's Lua loop of
 * s:at and s:type an action and out:order, in one call. */
static int order_order_captures(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    wg_actlist *l = wg_check_actions(L, 2);
    luaL_checktype(L, 3, LUA_TTABLE);
    int promotions = lua_toboolean(L, 4);
    double value[WG_MAX_TYPES + 1] = { 0 };
    for (int t = 1; t <= s->rules->ntypes; t++) {
        int type = lua_rawgeti(L, 3, t);
        if (type == LUA_TNUMBER)
            value[t] = lua_tonumber(L, -1);
        else if (type != LUA_TNIL)
            return luaL_argerror(L, 3, "'value' must hold numbers");
        lua_pop(L, 1);
    }
    int n = l->n;
    enum { ROOM = 128 };          /* most lists: no allocation */
    wg_keyed room[2 * ROOM];
    wg_keyed *k = n <= ROOM ? room
                  : lua_newuserdatauv(L, 2 * (size_t)n * sizeof *k, 0);
    int above = wg_order_capture_keys(s, l, value, promotions, k);
    if (above < 0)
        return luaL_error(L, "order_captures: action %d is not a move of a "
                          "piece", -above);
    int same = 1;                 /* every key 0: in order already */
    for (int i = 0; i < n; i++) {
        /* NaN (inf - inf) has no order: the sort needs a consistent one */
        if (k[i].key != k[i].key)
            return luaL_argerror(L, 3, lua_pushfstring(L, "'value' gives "
                                 "action %d the key NaN", i + 1));
        same = same && k[i].key == 0;
    }
    if (!same) {
        wg_order_sort(k, k + n, n);
        for (int i = 0; i < n; i++)
            l->a[i] = k[i].a;
    }
    lua_pushinteger(L, above);
    return 1;
}

/* s:exchange(action, value) -> number: what the move wins for its mover
 * once the pieces that can take back on its square have taken, the least
 * valuable first, each side free to stop (static exchange evaluation;
 * wg_exchange), by value: type id -> number (a missing one counts 0). */
static int order_exchange(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    wg_action a = (wg_action)luaL_checkinteger(L, 2);
    luaL_checktype(L, 3, LUA_TTABLE);
    int32_t value[WG_MAX_TYPES + 1] = { 0 };
    for (int t = 1; t <= s->rules->ntypes; t++) {
        int type = lua_rawgeti(L, 3, t);
        double v = lua_tonumber(L, -1);
        if (type != LUA_TNIL && (type != LUA_TNUMBER || !(fabs(v) < 1e6)))
            return luaL_argerror(L, 3, "'value' must hold numbers within "
                                 "+-10^6");
        value[t] = (int32_t)lround(v * 100);
        lua_pop(L, 1);
    }
    int32_t gain = 0;
    int rc = wg_exchange(s, a, value, &gain);
    if (rc == WG_EINVAL)
        return luaL_argerror(L, 2, "not a move of a piece from a square to "
                             "another");
    wg_check_rc(L, rc, "exchange: out of memory");
    lua_pushnumber(L, gain / 100.0);
    return 1;
}

const luaL_Reg wg_order_methods[] = {
    { "order_captures", order_order_captures },
    { "exchange", order_exchange },
    { NULL, NULL }
};
