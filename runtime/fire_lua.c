/* fire_lua.c: Lua binding of line of fire -- range, lines and arcs on rules,
 * clear lines on states (s:trace_fire is in trace_lua.c). */
#include "core_lua.h"
#include "fire.h"

static int check_corner(lua_State *L, int i)
{
    static const char *const names[] = { "both", "either", NULL };
    return luaL_checkoption(L, i, "both", names);
}

/* rules:distance(a, b) -> king moves from a to b */
static int fire_distance(lua_State *L)
{
    wg_rules *r = wg_check_rules(L, 1);
    int a = wg_check_square(L, r, 2), b = wg_check_square(L, r, 3);
    lua_pushinteger(L, wg_fire_distance(&r->grid, a, b));
    return 1;
}

/* rules:line(a, b) -> { sq, ... }, { [i] = true, ... }: the squares between
 * a and b that the line crosses, and the first of each pair it passes
 * exactly between */
static int fire_line(lua_State *L)
{
    wg_rules *r = wg_check_rules(L, 1);
    int a = wg_check_square(L, r, 2), b = wg_check_square(L, r, 3);
    int sq[WG_MAX_RAY * 2];
    uint8_t pair[WG_MAX_RAY * 2];
    int n = wg_fire_line(&r->grid, a, b, sq, pair);
    lua_createtable(L, n, 0);
    lua_createtable(L, 0, 0);
    for (int i = 0; i < n; i++) {
        lua_pushinteger(L, sq[i]);
        lua_rawseti(L, -3, i + 1);
        if (pair[i]) {
            lua_pushboolean(L, 1);
            lua_rawseti(L, -2, i + 1);
        }
    }
    return 2;
}

/* rules:in_arc(from, to, fx, fy, arc) -> boolean: is the direction from
 * `from` to `to` at most arc degrees from the facing (fx, fy) */
static int fire_in_arc(lua_State *L)
{
    wg_rules *r = wg_check_rules(L, 1);
    int a = wg_check_square(L, r, 2), b = wg_check_square(L, r, 3);
    /* a facing is a direction on the board: no longer than a board side */
    int fx = (int)wg_check_range(L, 4, -WG_MAX_FILES, WG_MAX_FILES,
                                 "'fx' must be from -16 to 16");
    int fy = (int)wg_check_range(L, 5, -WG_MAX_RANKS, WG_MAX_RANKS,
                                 "'fy' must be from -16 to 16");
    int arc = (int)wg_check_range(L, 6, 0, 180,
                                  "'arc' must be 0 to 180 degrees");
    luaL_argcheck(L, fx || fy, 4, "the facing (fx, fy) must not be (0, 0)");
    const wg_grid *g = &r->grid;
    lua_pushboolean(L, a != b && wg_fire_in_arc(g->file_of[b] - g->file_of[a],
                                                g->rank_of[b] - g->rank_of[a],
                                                fx, fy, arc));
    return 1;
}

/* s:line_clear(a, b [, corner]) -> true, or nil and the blocking square:
 * pieces block, except those standing on a and b; corner "both" (the
 * default) or "either" for a line passing exactly between two squares */
static int fire_line_clear(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    int a = wg_check_square(L, s->rules, 2),
        b = wg_check_square(L, s->rules, 3);
    int blocker = wg_fire_blocker(s, a, b, check_corner(L, 4), 0);
    if (!blocker) {
        lua_pushboolean(L, 1);
        return 1;
    }
    lua_pushnil(L);
    lua_pushinteger(L, blocker);
    return 2;
}

const luaL_Reg wg_fire_rules_methods[] = {
    { "distance", fire_distance },
    { "line", fire_line },
    { "in_arc", fire_in_arc },
    { NULL, NULL }
};

const luaL_Reg wg_fire_methods[] = {
    { "line_clear", fire_line_clear },
    { NULL, NULL }
};
