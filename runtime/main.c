/* main.c: the wargrid executable -- embeds Lua 5.4 with the runtime preloaded,
 * finds the stdlib, and hands the command line to the stdlib's wargrid.cli. */
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef WARGRID_LUA_LMOD
#define WARGRID_LUA_LMOD "/usr/local/share/lua/5.4"
#endif

LUAMOD_API int luaopen_wargrid_core(lua_State *L);
LUAMOD_API int luaopen_wargrid_http(lua_State *L);
LUAMOD_API int luaopen_wargrid_trial(lua_State *L);

/* budget_lua.c: a state whose allocator counts memory for the budget */
lua_State *wg_budget_newstate(void);

#define PATHLEN 4096

/* Is dir/wargrid/init.lua there: is dir a directory of Lua modules that
 * holds the stdlib? */
static int has_stdlib(const char *dir)
{
    char path[PATHLEN + 32];
    snprintf(path, sizeof path, "%s/wargrid/init.lua", dir);
    return access(path, R_OK) == 0;
}

/* The directory of Lua modules holding the stdlib: $WARGRID_HOME/stdlib; the
 * stdlib/ of the source tree the executable was built in (build/wargrid);
 * share/lua/5.4 beside the bin/ it is installed in (make install, luarocks);
 * or the one make install was told at build time. */
static int find_stdlib(char *dir, size_t n)
{
    const char *env = getenv("WARGRID_HOME");
    if (env && *env) {
        snprintf(dir, n, "%s/stdlib", env);
        return has_stdlib(dir);
    }
    char exe[PATHLEN];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len > 0) {
        exe[len] = 0;
        char *slash = strrchr(exe, '/');
        if (slash)
            *slash = 0;                 /* the executable's directory */
        slash = strrchr(exe, '/');
        if (slash) {
            *slash = 0;                 /* and the one above it */
            const char *under[] = { "stdlib", "share/lua/5.4" };
            for (int i = 0; i < 2; i++) {
                if ((size_t)snprintf(dir, n, "%s/%s", exe, under[i]) < n
                    && has_stdlib(dir))
                    return 1;
            }
        }
    }
    snprintf(dir, n, "%s", WARGRID_LUA_LMOD);
    return has_stdlib(dir);
}

static int report(lua_State *L, int status)
{
    if (status != LUA_OK) {
        const char *msg = lua_tostring(L, -1);
        fprintf(stderr, "wargrid: %s\n",
                msg ? msg : "(error object is not a string)");
        return 1;
    }
    return 0;
}

static int traceback(lua_State *L)
{
    const char *msg = lua_tostring(L, 1);
    if (getenv("WARGRID_DEBUG"))
        luaL_traceback(L, L, msg, 1);
    else
        lua_pushstring(L, msg ? msg : "(error object is not a string)");
    return 1;
}

int main(int argc, char **argv)
{
    lua_State *L = wg_budget_newstate();
    if (!L) {
        fprintf(stderr, "wargrid: cannot create the Lua state\n");
        return 1;
    }
    luaL_openlibs(L);
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_PRELOAD_TABLE);
    lua_pushcfunction(L, luaopen_wargrid_core);
    lua_setfield(L, -2, "wargrid.core");
    lua_pushcfunction(L, luaopen_wargrid_http);
    lua_setfield(L, -2, "wargrid.http");
    lua_pushcfunction(L, luaopen_wargrid_trial);
    lua_setfield(L, -2, "wargrid.trial");
    lua_pop(L, 1);

    char dir[PATHLEN];
    if (!find_stdlib(dir, sizeof dir)) {
        fprintf(stderr, "wargrid: cannot find the stdlib (looked in %s); "
                "set WARGRID_HOME to the directory that holds stdlib/\n", dir);
        return 1;
    }
    lua_getglobal(L, "package");
    lua_pushfstring(L, "%s/?.lua;%s/?/init.lua", dir, dir);
    lua_setfield(L, -2, "path");
    lua_pop(L, 1);

    lua_pushcfunction(L, traceback);
    int msgh = lua_gettop(L);
    lua_getglobal(L, "require");
    lua_pushstring(L, "wargrid.cli");
    int status = lua_pcall(L, 1, 1, msgh);
    if (status == LUA_OK) {
        lua_getfield(L, -1, "main");
        lua_createtable(L, argc, 0);
        for (int i = 1; i < argc; i++) {
            lua_pushstring(L, argv[i]);
            lua_rawseti(L, -2, i);
        }
        status = lua_pcall(L, 1, 1, msgh);
    }
    int rc = report(L, status);
    if (status == LUA_OK)
        rc = (int)luaL_optinteger(L, -1, 0);
    fflush(stdout);
    lua_close(L);
    return rc;
}
