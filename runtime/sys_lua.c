/* sys_lua.c: process facts for the CLI and benchmarks -- a monotonic clock,
 * resource usage, whether output is a terminal and how wide, the
 * executable's path, and seeds from the system's random source. */
#include <errno.h>
#include <stdint.h>
#include <string.h>
#include <sys/random.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <time.h>
#include <unistd.h>

#include "core_lua.h"

/* core.isatty(fd) -> true if the file descriptor is a terminal */
static int sys_isatty(lua_State *L)
{
    int fd = (int)wg_check_range(L, 1, 0, INT32_MAX,
                                 "'fd' is not a file descriptor");
    lua_pushboolean(L, isatty(fd));
    return 1;
}

/* core.term_width(fd) -> the columns of the terminal fd is, or nil */
static int sys_term_width(lua_State *L)
{
    struct winsize ws;
    int fd = (int)luaL_checkinteger(L, 1);
    if (ioctl(fd, TIOCGWINSZ, &ws) != 0 || ws.ws_col == 0)
        return 0;
    lua_pushinteger(L, ws.ws_col);
    return 1;
}

/* core.exe() -> the path of the running executable, or nil */
static int sys_exe(lua_State *L)
{
    char buf[4096];
    ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
    if (n <= 0)
        return 0;
    lua_pushlstring(L, buf, (size_t)n);
    return 1;
}

/* core.random_seed() -> a seed from 0 to 2^32 - 1 read from the system's
 * random source (getrandom(2)), never from the clock: a seed a player could
 * guess would tell the hidden cards (BW-H2) */
static int sys_random_seed(lua_State *L)
{
    uint32_t x;
    ssize_t n;
    do
        n = getrandom(&x, sizeof x, 0);
    while (n < 0 && errno == EINTR);
    if (n != (ssize_t)sizeof x)
        return luaL_error(L, "cannot read the system's random source: %s",
                          n < 0 ? strerror(errno) : "short read");
    lua_pushinteger(L, (lua_Integer)x);
    return 1;
}

/* core.clock() -> seconds on a monotonic clock */
static int sys_clock(lua_State *L)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    lua_pushnumber(L, (lua_Number)ts.tv_sec + (lua_Number)ts.tv_nsec * 1e-9);
    return 1;
}

/* core.usage() -> { cpu = seconds, peak_kib = peak resident memory } */
static int sys_usage(lua_State *L)
{
    struct rusage ru;
    getrusage(RUSAGE_SELF, &ru);
    lua_createtable(L, 0, 2);
    lua_pushnumber(L, (lua_Number)ru.ru_utime.tv_sec
                          + (lua_Number)ru.ru_stime.tv_sec
                          + ((lua_Number)ru.ru_utime.tv_usec
                             + (lua_Number)ru.ru_stime.tv_usec) * 1e-6);
    lua_setfield(L, -2, "cpu");
    lua_pushinteger(L, ru.ru_maxrss);
    lua_setfield(L, -2, "peak_kib");
    return 1;
}

const luaL_Reg wg_sys_functions[] = {
    { "clock", sys_clock },
    { "usage", sys_usage },
    { "isatty", sys_isatty },
    { "term_width", sys_term_width },
    { "exe", sys_exe },
    { "random_seed", sys_random_seed },
    { NULL, NULL }
};
