/* http_lua.c: the Lua module "wargrid.http" -- a server the browser board
 * polls from Lua. Not part of wargrid.core: game scripts never see it. */
#include <lauxlib.h>
#include <lua.h>
#include <unistd.h>

#include "http.h"

#define HTTP_META "wargrid.http"
#define MAX_HEADERS 16

typedef struct {
    wg_http *h;
    pid_t owner;  /* the process that listens: only it may stop */
} lhttp;

LUAMOD_API int luaopen_wargrid_http(lua_State *L);

static wg_http *check_http(lua_State *L)
{
    lhttp *u = luaL_checkudata(L, 1, HTTP_META);
    if (!u->h)
        luaL_argerror(L, 1, "server is closed");
    return u->h;
}

/* http.listen(host, port) -> server, or nil and a message */
static int http_listen(lua_State *L)
{
    const char *host = luaL_checkstring(L, 1);
    lua_Integer port = luaL_checkinteger(L, 2);
    luaL_argcheck(L, port >= 0 && port <= 65535, 2,
                  "'port' must be 0 to 65535");
    lhttp *u = lua_newuserdatauv(L, sizeof *u, 0);
    u->h = NULL;
    u->owner = getpid();
    luaL_setmetatable(L, HTTP_META);
    char err[256];
    u->h = wg_http_start(host, (unsigned)port, err, sizeof err);
    if (!u->h) {
        luaL_pushfail(L);
        lua_pushstring(L, err);
        return 2;
    }
    return 1;
}

/* server:port() -> the port it listens on */
static int http_port(lua_State *L)
{
    lua_pushinteger(L, wg_http_port(check_http(L)));
    return 1;
}

/* server:address() -> the address it listens on ("127.0.0.1", "::") */
static int http_address(lua_State *L)
{
    char buf[WG_HTTP_ADDRLEN];
    wg_http_address(check_http(L), buf, sizeof buf);
    lua_pushstring(L, buf);
    return 1;
}

static void add_address(void *ctx, const char *address)
{
    lua_State *L = ctx;
    lua_pushstring(L, address);
    lua_rawseti(L, -2, (lua_Integer)lua_rawlen(L, -2) + 1);
}

/* http.addresses() -> the addresses of this machine's interfaces, as
 * text (an empty list when they cannot be told) */
static int http_addresses(lua_State *L)
{
    lua_newtable(L);
    wg_http_local_addresses(add_address, L);
    return 1;
}

static void set_arg(void *ctx, const char *k, const char *v)
{
    lua_State *L = ctx;
    lua_pushstring(L, v);
    lua_setfield(L, -2, k);
}

static void set_string(lua_State *L, const char *k, const char *v)
{
    lua_pushstring(L, v);
    lua_setfield(L, -2, k);
}

/* server:poll(ms) -> the requests come in, each { id =, method =, path =,
 * args = { query arguments }, origin =, host =, type =, body =, remote =
 * the client's address }, after waiting up to ms for one; and the ids of
 * requests handed before whose clients left without their answer */
static int http_poll(lua_State *L)
{
    wg_http *h = check_http(L);
    int ms = (int)luaL_optinteger(L, 2, 0);
    luaL_argcheck(L, ms >= 0 && ms <= 60000, 2, "'ms' must be 0 to 60000");
    wg_http_poll(h, ms);
    lua_newtable(L);
    wg_http_info info;
    wg_http_req *r;
    int n = 0;
    while ((r = wg_http_next(h, &info))) {
        lua_createtable(L, 0, 8);
        lua_pushinteger(L, (lua_Integer)info.id);
        lua_setfield(L, -2, "id");
        set_string(L, "method", info.method);
        set_string(L, "path", info.path);
        set_string(L, "origin", info.origin);
        set_string(L, "host", info.host);
        set_string(L, "type", info.type);
        set_string(L, "remote", info.remote);
        lua_pushlstring(L, info.body, info.body_len);
        lua_setfield(L, -2, "body");
        lua_newtable(L);
        wg_http_args(r, set_arg, L);
        lua_setfield(L, -2, "args");
        lua_rawseti(L, -2, ++n);
    }
    lua_newtable(L);
    uint64_t id;
    for (n = 0; wg_http_next_gone(h, &id);) {
        lua_pushinteger(L, (lua_Integer)id);
        lua_rawseti(L, -2, ++n);
    }
    return 2;
}

/* server:respond(id, status, headers, body) -> true, or false when the
 * request no longer waits (its client left). headers: { name = value } */
static int http_respond(lua_State *L)
{
    wg_http *h = check_http(L);
    lua_Integer id = luaL_checkinteger(L, 2);
    lua_Integer status = luaL_checkinteger(L, 3);
    luaL_argcheck(L, status >= 100 && status <= 599, 3,
                  "'status' must be 100 to 599");
    luaL_checktype(L, 4, LUA_TTABLE);
    size_t len;
    const char *body = luaL_checklstring(L, 5, &len);
    const char *headers[2 * MAX_HEADERS];
    int n = 0;
    lua_pushnil(L);
    while (lua_next(L, 4)) {
        if (n == MAX_HEADERS)
            luaL_argerror(L, 4, "too many headers");
        if (lua_type(L, -2) != LUA_TSTRING || lua_type(L, -1) != LUA_TSTRING)
            luaL_argerror(L, 4, "headers are names and values, as strings");
        headers[2 * n] = lua_tostring(L, -2);   /* kept alive by the table */
        headers[2 * n + 1] = lua_tostring(L, -1);
        n++;
        lua_pop(L, 1);
    }
    lua_pushboolean(L, wg_http_respond(h, (uint64_t)id, (unsigned)status,
                                       headers, n, body, len) == 0);
    return 1;
}

/* server:waiting() -> how many requests wait for an answer */
static int http_waiting(lua_State *L)
{
    lua_pushinteger(L, wg_http_waiting(check_http(L)));
    return 1;
}

/* server:close(): stops listening; closes every connection */
static int http_close(lua_State *L)
{
    lhttp *u = luaL_checkudata(L, 1, HTTP_META);
    wg_http_stop(u->h);
    u->h = NULL;
    return 0;
}

/* A server collected: closed, by the process that listens, not by a child
 * forked since (core.trial), whose collector finds its copy: closing the
 * connections there would shut them down for the parent too. */
static int http_gc(lua_State *L)
{
    lhttp *u = luaL_checkudata(L, 1, HTTP_META);
    if (u->owner == getpid())
        wg_http_stop(u->h);
    u->h = NULL;
    return 0;
}

static const luaL_Reg methods[] = {
    { "port", http_port },
    { "address", http_address },
    { "poll", http_poll },
    { "respond", http_respond },
    { "waiting", http_waiting },
    { "close", http_close },
    { NULL, NULL }
};

static const luaL_Reg functions[] = {
    { "listen", http_listen },
    { "addresses", http_addresses },
    { NULL, NULL }
};

LUAMOD_API int luaopen_wargrid_http(lua_State *L)
{
    if (luaL_newmetatable(L, HTTP_META)) {
        luaL_newlib(L, methods);
        lua_setfield(L, -2, "__index");
        lua_pushcfunction(L, http_gc);
        lua_setfield(L, -2, "__gc");
        lua_pushcfunction(L, http_close);
        lua_setfield(L, -2, "__close");
    }
    lua_pop(L, 1);
    luaL_newlib(L, functions);
    return 1;
}
