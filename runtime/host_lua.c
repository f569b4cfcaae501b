/* host_lua.c: the Lua module "wargrid.host" -- what only wargrid's own code
 * may call: the drivers of rules, the process, input, clock and budgets. */
#include "core_lua.h"
#include "mem.h"

/* A rule script is handed wargrid.core and nothing else (the loader's
 * sandbox): whatever touches the process, the time, the input or the
 * outside, or runs a game (perft, playouts, the searches, which fork), is
 * here, where no script's environment reaches. */

/* host.memory() -> bytes the runtime's C allocations hold now (mem.h) */
static int host_memory(lua_State *L)
{
    lua_pushinteger(L, (lua_Integer)wg_mem_used());
    return 1;
}

const luaL_Reg wg_host_functions[] = {
    { "memory", host_memory },
    { NULL, NULL }
};

LUAMOD_API int luaopen_wargrid_host(lua_State *L)
{
    static const luaL_Reg *const tables[] = {
        wg_host_functions, wg_drive_functions, wg_sys_functions,
        wg_mcts_functions, wg_search_functions, wg_proc_functions,
        wg_budget_functions, NULL
    };
    static const char *const names[UV_COUNT] = {
        "wargrid.rules", "wargrid.state", "wargrid.actions"
    };
    luaL_requiref(L, "wargrid.core", luaopen_wargrid_core, 0);
    lua_pop(L, 1);
    lua_newtable(L);
    for (const luaL_Reg *const *t = tables; *t; t++) {
        for (int k = 0; k < UV_COUNT; k++)   /* as core's functions have */
            luaL_getmetatable(L, names[k]);
        luaL_setfuncs(L, *t, UV_COUNT);
    }
    return 1;
}
