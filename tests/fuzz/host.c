/* host.c: the host of one fuzz target -- a Lua state with the runtime
 * preloaded and the stdlib on its path, as runtime/main.c builds it, which
 * hands each input to the target's Lua function. */
#include "host.h"

#include <lauxlib.h>
#include <lua.h>
#include <lualib.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

LUAMOD_API int luaopen_wargrid_core(lua_State *L);
LUAMOD_API int luaopen_wargrid_host(lua_State *L);

/* Lua's memory is limited, as in the wargrid executable: a script that
 * asks for gigabytes gets Lua's "not enough memory", not the fuzzer's
 * out-of-memory report. */
#define MEMORY_LIMIT ((size_t)512 << 20)

typedef struct budget {
    size_t used;
} budget;

static void *alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    budget *b = ud;
    if (!ptr)
        osize = 0;
    if (nsize == 0) {
        free(ptr);
        b->used -= osize;
        return NULL;
    }
    if (nsize > osize && b->used + (nsize - osize) > MEMORY_LIMIT)
        return NULL;
    void *p = realloc(ptr, nsize);
    if (p)
        b->used = b->used - osize + nsize;
    return p;
}

#ifdef FUZZ_COVERAGE
/* Lua-level coverage for libFuzzer: the parsers under test are Lua, which
 * the compiler's coverage cannot see, so a line hook counts edges between
 * (chunk, line) pairs in libFuzzer's extra counters. A script's own hook
 * (the loader's instruction budget) goes through debug.sethook, which the
 * host replaces with one that keeps the line hook and chains to the
 * script's function on the events it asked for. */
#define NCOUNTERS (1 << 16)
__attribute__((section("__libfuzzer_extra_counters"), used))
static uint8_t counters[NCOUNTERS];
static uint32_t prev_line;
static const char hooks_key = 0;  /* registry: thread -> { f, wants lines } */

static uint32_t line_key(const char *src, int line)
{
    static const char *last;   /* a chunk's lines come in runs */
    static uint32_t last_h;
    if (src != last) {
        uint32_t h = 2166136261u;  /* FNV-1a */
        for (const char *p = src; *p; p++)
            h = (h ^ (uint8_t)*p) * 16777619u;
        last = src;
        last_h = h;
    }
    return (last_h ^ (uint32_t)line) * 2654435761u;
}

static void hook(lua_State *L, lua_Debug *ar)
{
    static const char *const names[] = {
        "call", "return", "line", "count", "tail call"
    };
    if (ar->event == LUA_HOOKLINE && lua_getinfo(L, "S", ar)) {
        uint32_t here = line_key(ar->source, ar->currentline);
        counters[(here ^ prev_line) & (NCOUNTERS - 1)]++;
        prev_line = here >> 1;
    }
    lua_rawgetp(L, LUA_REGISTRYINDEX, &hooks_key);
    lua_pushthread(L);
    if (lua_rawget(L, -2) != LUA_TTABLE) {
        lua_pop(L, 2);
        return;
    }
    lua_rawgeti(L, -1, 2);
    int wanted = ar->event != LUA_HOOKLINE || lua_toboolean(L, -1);
    lua_pop(L, 1);
    if (!wanted) {
        lua_pop(L, 2);
        return;
    }
    lua_rawgeti(L, -1, 1);
    lua_replace(L, -3);   /* the function where the table of hooks was */
    lua_pop(L, 1);
    lua_pushstring(L, names[ar->event]);
    if (ar->currentline >= 0)
        lua_pushinteger(L, ar->currentline);
    else
        lua_pushnil(L);
    lua_call(L, 2, 0);
}

/* debug.sethook([thread,] [f, mask [, count]]) keeping the line hook */
static int host_sethook(lua_State *L)
{
    int arg = 0;
    lua_State *L1 = L;
    if (lua_isthread(L, 1)) {
        L1 = lua_tothread(L, 1);
        arg = 1;
    }
    int mask = 0, count = 0, set = !lua_isnoneornil(L, arg + 1);
    const char *smask = "";
    if (set) {
        luaL_checktype(L, arg + 1, LUA_TFUNCTION);
        smask = luaL_checkstring(L, arg + 2);
        count = (int)luaL_optinteger(L, arg + 3, 0);
        mask |= strchr(smask, 'c') ? LUA_MASKCALL : 0;
        mask |= strchr(smask, 'r') ? LUA_MASKRET : 0;
        mask |= count > 0 ? LUA_MASKCOUNT : 0;
    }
    lua_rawgetp(L, LUA_REGISTRYINDEX, &hooks_key);
    lua_pushthread(L1);
    lua_xmove(L1, L, 1);
    if (set) {
        lua_createtable(L, 2, 0);
        lua_pushvalue(L, arg + 1);
        lua_rawseti(L, -2, 1);
        lua_pushboolean(L, strchr(smask, 'l') != NULL);
        lua_rawseti(L, -2, 2);
    } else {
        lua_pushnil(L);
    }
    lua_rawset(L, -3);
    lua_sethook(L1, hook, mask | LUA_MASKLINE, count);
    return 0;
}

static void cover(lua_State *L)
{
    lua_newtable(L);
    lua_newtable(L);
    lua_pushstring(L, "k");
    lua_setfield(L, -2, "__mode");
    lua_setmetatable(L, -2);
    lua_rawsetp(L, LUA_REGISTRYINDEX, &hooks_key);
    lua_getglobal(L, "debug");
    lua_pushcfunction(L, host_sethook);
    lua_setfield(L, -2, "sethook");
    lua_pop(L, 1);
    lua_sethook(L, hook, LUA_MASKLINE, 0);
}
#endif

static struct {
    const char *target;
    char root[4096];
    lua_State *L;
    budget mem;
    int fresh;            /* a new state for every input */
    char *msg;
} host;

static void fail(const char *what)
{
    fprintf(stderr, "fuzz host (%s): %s\n", host.target, what);
    exit(1);
}

static int traceback(lua_State *L)
{
    luaL_traceback(L, L, luaL_tolstring(L, 1, NULL), 1);
    return 1;
}

/* A state with the target's run function at index 1. */
static void open_state(void)
{
    host.mem.used = 0;
    lua_State *L = lua_newstate(alloc, &host.mem);
    if (!L)
        fail("cannot create a Lua state");
    luaL_openlibs(L);
    luaL_getsubtable(L, LUA_REGISTRYINDEX, LUA_PRELOAD_TABLE);
    lua_pushcfunction(L, luaopen_wargrid_core);
    lua_setfield(L, -2, "wargrid.core");
    lua_pushcfunction(L, luaopen_wargrid_host);
    lua_setfield(L, -2, "wargrid.host");
    lua_pop(L, 1);
    lua_getglobal(L, "package");
    lua_pushfstring(L, "%s/stdlib/?.lua;%s/stdlib/?/init.lua;"
                    "%s/tests/fuzz/?.lua", host.root, host.root, host.root);
    lua_setfield(L, -2, "path");
    lua_pop(L, 1);
#ifdef FUZZ_COVERAGE
    cover(L);
#endif
    lua_pushcfunction(L, traceback);
    lua_getglobal(L, "require");
    lua_pushfstring(L, "targets.%s", host.target);
    if (lua_pcall(L, 1, 1, 1) != LUA_OK)
        fail(lua_tostring(L, -1));
    if (lua_getfield(L, -1, "run") != LUA_TFUNCTION)
        fail("the target has no run function");
    lua_getfield(L, -2, "fresh");
    host.fresh = lua_toboolean(L, -1);
    lua_pop(L, 1);
    lua_replace(L, 1);
    lua_settop(L, 1);
    host.L = L;
}

void host_init(const char *target)
{
    host.target = target;
    if (!getcwd(host.root, sizeof host.root))
        fail("cannot read the current directory");
    open_state();
}

int host_run(const uint8_t *data, size_t size, const char **msg)
{
    if (!host.L)
        open_state();
    lua_State *L = host.L;
    lua_pushcfunction(L, traceback);
    lua_pushvalue(L, 1);
    lua_pushlstring(L, (const char *)data, size);
    int status = lua_pcall(L, 1, 0, 2);
    free(host.msg);
    host.msg = NULL;
    if (status != LUA_OK) {
        const char *m = lua_tostring(L, -1);
        host.msg = strdup(m ? m : "(an error object that is not a string)");
    }
    lua_settop(L, 1);
    if (host.fresh) {
        lua_close(L);
        host.L = NULL;
    }
    *msg = host.msg;
    return host.msg != NULL;
}
