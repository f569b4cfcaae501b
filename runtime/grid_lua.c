/* grid_lua.c: Lua binding of the grid -- square names and coordinates and
 * static terrain, as methods of a rules object. Coordinates are 1-based. */
#include "core_lua.h"

static const wg_grid *check_grid(lua_State *L, int i)
{
    return &wg_check_rules(L, i)->grid;
}

/* rules:size() -> files, ranks, squares */
static int grid_size(lua_State *L)
{
    const wg_grid *g = check_grid(L, 1);
    lua_pushinteger(L, g->files);
    lua_pushinteger(L, g->ranks);
    lua_pushinteger(L, g->nsq);
    return 3;
}

/* rules:square("e4") -> 53, or nil, message */
static int grid_square(lua_State *L)
{
    const wg_grid *g = check_grid(L, 1);
    size_t n;
    const char *name = luaL_checklstring(L, 2, &n);
    int used = 0, sq = wg_grid_parse(g, name, &used);
    if (!sq || (size_t)used != n) {
        lua_pushnil(L);
        lua_pushfstring(L, "'%s' is not a square of the %dx%d board", name,
                        g->files, g->ranks);
        return 2;
    }
    lua_pushinteger(L, sq);
    return 1;
}

/* rules:name(sq) -> the square's name ("e4") */
static int grid_name(lua_State *L)
{
    const wg_grid *g = check_grid(L, 1);
    lua_Integer sq = luaL_checkinteger(L, 2);
    luaL_argcheck(L, sq >= 1 && sq <= g->nsq, 2, "'square' is off the board");
    char buf[8];
    wg_grid_name(g, (int)sq, buf);
    lua_pushstring(L, buf);
    return 1;
}

/* rules:coords(sq) -> file, rank (from 1) */
static int grid_coords(lua_State *L)
{
    const wg_grid *g = check_grid(L, 1);
    lua_Integer sq = luaL_checkinteger(L, 2);
    luaL_argcheck(L, sq >= 1 && sq <= g->nsq, 2, "'square' is off the board");
    lua_pushinteger(L, g->file_of[sq] + 1);
    lua_pushinteger(L, g->rank_of[sq] + 1);
    return 2;
}

/* The square at 1-based (file, rank) given as Lua integers, or 0 when it
 * is off the board; compared before any narrowing, so no far-off integer
 * wraps onto the board. */
static int square_at(const wg_grid *g, lua_Integer f, lua_Integer r)
{
    if (f < 1 || r < 1 || f > g->files || r > g->ranks)
        return 0;
    return wg_grid_at(g, (int)f - 1, (int)r - 1);
}

static int push_square(lua_State *L, int sq)
{
    if (sq)
        lua_pushinteger(L, sq);
    else
        lua_pushnil(L);
    return 1;
}

/* rules:at(file, rank) -> square, or nil when off the board */
static int grid_at(lua_State *L)
{
    const wg_grid *g = check_grid(L, 1);
    lua_Integer f = luaL_checkinteger(L, 2), r = luaL_checkinteger(L, 3);
    return push_square(L, square_at(g, f, r));
}

/* rules:step(sq, dx, dy) -> square, or nil when off the board */
static int grid_step(lua_State *L)
{
    const wg_grid *g = check_grid(L, 1);
    lua_Integer sq = luaL_checkinteger(L, 2);
    luaL_argcheck(L, sq >= 1 && sq <= g->nsq, 2, "'square' is off the board");
    lua_Integer dx = luaL_checkinteger(L, 3), dy = luaL_checkinteger(L, 4);
    /* a step longer than the board leaves it; shorter ones cannot overflow */
    if (dx < -g->files || dx > g->files || dy < -g->ranks || dy > g->ranks)
        return push_square(L, 0);
    return push_square(L, square_at(g, g->file_of[sq] + 1 + dx,
                                    g->rank_of[sq] + 1 + dy));
}

/* rules:layer("road") -> bit index (0-based), or nil */
static int grid_layer(lua_State *L)
{
    const wg_grid *g = check_grid(L, 1);
    int i = wg_grid_find_layer(g, luaL_checkstring(L, 2));
    if (i < 0)
        lua_pushnil(L);
    else
        lua_pushinteger(L, i);
    return 1;
}

const luaL_Reg wg_grid_methods[] = {
    { "size", grid_size },
    { "square", grid_square },
    { "name", grid_name },
    { "coords", grid_coords },
    { "at", grid_at },
    { "step", grid_step },
    { "layer", grid_layer },
    { NULL, NULL }
};
