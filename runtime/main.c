/* main.c: the wargrid executable -- embeds Lua 5.4 with the runtime preloaded,
 * finds the stdlib, and hands the command line to stdlib/wargrid/cli.lua. */
#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifndef WARGRID_DATADIR
#define WARGRID_DATADIR "/usr/local/share/wargrid"
#endif

LUAMOD_API int luaopen_wargrid_core(lua_State *L);
/* budget_lua.c: a state whose allocator counts memory for the budget */
lua_State *wg_budget_newstate(void);

#define PATHLEN 4096

static int has_stdlib(const char *root)
{
    char path[PATHLEN + 32];
    snprintf(path, sizeof path, "%s/stdlib/wargrid/init.lua", root);
    return access(path, R_OK) == 0;
}

/* The directory holding stdlib/: $WARGRID_HOME, the build tree the
 * executable sits in, or the installed data directory. */
static int find_root(char *root, size_t n)
{
    const char *env = getenv("WARGRID_HOME");
    if (env && *env) {
        snprintf(root, n, "%s", env);
        return has_stdlib(root);
    }
    char exe[PATHLEN];
    ssize_t len = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (len > 0) {
        exe[len] = 0;
        for (int up = 0; up < 2; up++) {
            char *slash = strrchr(exe, '/');
            if (!slash)
                break;
            *slash = 0;
            if (has_stdlib(exe)) {
                snprintf(root, n, "%s", exe);
                return 1;
            }
            char share[PATHLEN + 16];
            snprintf(share, sizeof share, "%s/share/wargrid", exe);
            if (strlen(share) < n && has_stdlib(share)) {
                memcpy(root, share, strlen(share) + 1);
                return 1;
            }
        }
    }
    snprintf(root, n, "%s", WARGRID_DATADIR);
    return has_stdlib(root);
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
    lua_pop(L, 1);

    char root[4096];
    if (!find_root(root, sizeof root)) {
        fprintf(stderr, "wargrid: cannot find the stdlib (looked in %s); "
                "set WARGRID_HOME to the directory that holds stdlib/\n", root);
        return 1;
    }
    lua_getglobal(L, "package");
    lua_pushfstring(L, "%s/stdlib/?.lua;%s/stdlib/?/init.lua", root, root);
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
