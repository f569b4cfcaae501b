/* actions_lua.c: Lua binding of actions -- packing and unpacking the 64-bit
 * action values, and the action lists that games fill. */

#include "core_lua.h"
#include "order.h"

static unsigned check_bits(lua_State *L, int i, lua_Integer max,
                           const char *msg)
{
    lua_Integer v = luaL_optinteger(L, i, 0);
    luaL_argcheck(L, v >= 0 && v <= max, i, msg);
    return (unsigned)v;
}

static wg_action check_act(lua_State *L, int i)
{
    unsigned k = check_bits(L, i, 255, "'kind' must be 0 to 255");
    unsigned a = check_bits(L, i + 1, WG_FIELD_MAX, "'a' must be 0 to 4095");
    unsigned b = check_bits(L, i + 2, WG_FIELD_MAX, "'b' must be 0 to 4095");
    unsigned c = check_bits(L, i + 3, WG_FIELD_MAX, "'c' must be 0 to 4095");
    unsigned d = check_bits(L, i + 4, WG_FIELD_MAX, "'d' must be 0 to 4095");
    unsigned e = check_bits(L, i + 5, WG_E_MAX, "'e' must be 0 to 127");
    return wg_act(k, a, b, c, d, e);
}

/* core.act(kind, a, b, c, d, e) -> action */
static int act_pack(lua_State *L)
{
    lua_pushinteger(L, (lua_Integer)check_act(L, 1));
    return 1;
}

/* core.fields(action) -> kind, a, b, c, d, e */
static int act_fields(lua_State *L)
{
    wg_action x = (wg_action)luaL_checkinteger(L, 1);
    lua_pushinteger(L, wg_act_kind(x));
    lua_pushinteger(L, wg_act_a(x));
    lua_pushinteger(L, wg_act_b(x));
    lua_pushinteger(L, wg_act_c(x));
    lua_pushinteger(L, wg_act_d(x));
    lua_pushinteger(L, wg_act_e(x));
    return 6;
}

void wg_push_actions(lua_State *L)
{
    wg_gc_account(L);
    wg_lactions *u = lua_newuserdatauv(L, sizeof *u, 1);
    u->tag = WG_TAG_ACTIONS;
    u->l.a = NULL;
    u->l.n = u->l.cap = 0;
    u->p = &u->l;
    u->lent = 0;
    u->gen = 0;
    lua_pushvalue(L, lua_upvalueindex(UV_ACTIONS));
    lua_setmetatable(L, -2);
}

/* core.actions() -> an empty action list */
static int actions_new(lua_State *L)
{
    wg_push_actions(L);
    return 1;
}

static void push(lua_State *L, wg_actlist *l, wg_action x)
{
    int rc = wg_actlist_push(l, x);
    if (rc == WG_EFULL)
        luaL_error(L, "too many actions in one list (at most %d)",
                   WG_MAX_ACTIONS);
    wg_check_rc(L, rc, NULL);
}

/* out:add(kind, a, b, c, d, e) */
static int actions_add(lua_State *L)
{
    wg_actlist *l = wg_check_actions(L, 1);
    push(L, l, check_act(L, 2));
    return 0;
}

/* out:push(action) */
static int actions_push(lua_State *L)
{
    wg_actlist *l = wg_check_actions(L, 1);
    push(L, l, (wg_action)luaL_checkinteger(L, 2));
    return 0;
}

/* out:size() -> how many actions the list holds (also #out) */
int wg_actions_len(lua_State *L)
{
    lua_pushinteger(L, wg_check_actions(L, 1)->n);
    return 1;
}

static int check_index(lua_State *L, const wg_actlist *l, int i)
{
    return (int)wg_check_range(L, i, 1, l->n, "'index' is out of range") - 1;
}

/* out:get(i) -> the i-th action (from 1) */
static int actions_get(lua_State *L)
{
    wg_actlist *l = wg_check_actions(L, 1);
    lua_pushinteger(L, (lua_Integer)l->a[check_index(L, l, 2)]);
    return 1;
}

/* out:set(i, action): the i-th action becomes action */
static int actions_set(lua_State *L)
{
    wg_actlist *l = wg_check_actions(L, 1);
    int k = check_index(L, l, 2);
    l->a[k] = (wg_action)luaL_checkinteger(L, 3);
    return 0;
}

/* out:clear(): the list is empty */
static int actions_clear(lua_State *L)
{
    wg_check_actions(L, 1)->n = 0;
    return 0;
}

/* out:pick(draw) -> the action at index draw * n >> 32 of the list's n
 * (draw: 32 random bits), or nil when it is empty: a random playout's draw
 * (game:random_action) */
static int actions_pick(lua_State *L)
{
    wg_actlist *l = wg_check_actions(L, 1);
    uint32_t draw = (uint32_t)wg_check_range(L, 2, 0, 0xffffffffLL,
                                             "'draw' must be 32 bits");
    if (l->n == 0)
        lua_pushnil(L);
    else
        lua_pushinteger(L,
                        (lua_Integer)l->a[wg_rng_index(draw, (uint32_t)l->n)]);
    return 1;
}

/* out:truncate(n): keeps the first n actions */
static int actions_truncate(lua_State *L)
{
    wg_actlist *l = wg_check_actions(L, 1);
    l->n = (int)wg_check_range(L, 2, 0, l->n, "'n' is out of range");
    return 0;
}

/* out:table() -> { action, ... } */
static int actions_table(lua_State *L)
{
    wg_actlist *l = wg_check_actions(L, 1);
    lua_createtable(L, l->n, 0);
    for (int i = 0; i < l->n; i++) {
        lua_pushinteger(L, (lua_Integer)l->a[i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* out:contains(action) -> true when the list holds the action */
static int actions_contains(lua_State *L)
{
    wg_actlist *l = wg_check_actions(L, 1);
    wg_action x = (wg_action)luaL_checkinteger(L, 2);
    int found = 0;
    for (int i = 0; i < l->n && !found; i++)
        found = l->a[i] == x;
    lua_pushboolean(L, found);
    return 1;
}

/* out:order(keys): sorts the actions by keys[i] (numbers, one per action),
 * highest first; equal keys keep their order */
static int actions_order(lua_State *L)
{
    wg_actlist *l = wg_check_actions(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    int n = l->n;
    if (n < 2)
        return 0;
    wg_keyed *k = lua_newuserdatauv(L, 2 * (size_t)n * sizeof *k, 0);
    for (int i = 0; i < n; i++) {
        lua_geti(L, 2, i + 1);   /* may run an __index metamethod */
        int ok;
        k[i].key = lua_tonumberx(L, -1, &ok);
        /* NaN has no order: the sort needs a consistent comparison */
        if (!ok || k[i].key != k[i].key)
            return luaL_argerror(L, 2, "'keys' must hold a number "
                                       "for every action");
        lua_pop(L, 1);
        k[i].index = i;
    }
    /* a metamethod may have changed the list: its actions are read now */
    luaL_argcheck(L, l->n == n, 2, "'keys' changed the list it orders");
    for (int i = 0; i < n; i++)
        k[i].a = l->a[i];
    wg_order_sort(k, k + n, n);
    for (int i = 0; i < n; i++)
        l->a[i] = k[i].a;
    return 0;
}

const luaL_Reg wg_actions_methods[] = {
    { "order", actions_order },
    { "add", actions_add },
    { "push", actions_push },
    { "size", wg_actions_len },
    { "get", actions_get },
    { "set", actions_set },
    { "clear", actions_clear },
    { "truncate", actions_truncate },
    { "pick", actions_pick },
    { "table", actions_table },
    { "contains", actions_contains },
    { NULL, NULL }
};

const luaL_Reg wg_actions_functions[] = {
    { "actions", actions_new },
    { "act", act_pack },
    { "fields", act_fields },
    { NULL, NULL }
};
