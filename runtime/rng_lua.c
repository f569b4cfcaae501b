/* rng_lua.c: Lua binding of the state's seeded random generator. Its state is
 * part of the game state, so draws are journaled and undone like moves. */
#include "core_lua.h"

/* s:random(n) -> an integer from 1 to n */
static int rng_random(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    lua_Integer n = luaL_checkinteger(L, 2);
    luaL_argcheck(L, n >= 1 && n <= 0x7fffffff, 2,
                  "'n' must be from 1 to 2^31-1");
    uint32_t r;
    wg_check_rc(L, wg_state_random(s, (uint32_t)n, &r), NULL);
    lua_pushinteger(L, (lua_Integer)r + 1);
    return 1;
}

/* s:seed(x): sets the generator's state */
static int rng_seed(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    wg_check_rc(L, wg_state_seed(s, (uint64_t)luaL_checkinteger(L, 2)), NULL);
    return 0;
}

/* s:rng() -> the generator's state, for position text */
static int rng_rng(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    lua_pushinteger(L, (lua_Integer)wg_state_rng(s));
    return 1;
}

const luaL_Reg wg_rng_methods[] = {
    { "random", rng_random },
    { "seed", rng_seed },
    { "rng", rng_rng },
    { NULL, NULL }
};
