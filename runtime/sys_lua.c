/* sys_lua.c: process facts for the CLI and benchmarks -- a monotonic clock,
 * resource usage, whether output is a terminal and how wide, the
 * executable's path, seeds from the system's random source -- the two
 * file calls Lua's io lacks: fsync, for atomic saves, and a file's
 * modification time to the nanosecond, for watching rules files -- Ctrl-C,
 * which stops a selfplay run with the games it has finished (its workers,
 * proc_lua.c, die with it) and waits for a save to end -- and a read that
 * waits no longer than told, for the engine protocols' input. */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/random.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
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

/* Set by SIGINT once on_interrupt is called; a signal handler's flag. */
static volatile sig_atomic_t interrupted;

static void on_sigint(int sig)
{
    (void)sig;
    interrupted = 1;
}

/* core.on_interrupt(): Ctrl-C (SIGINT) no longer ends the process but
 * sets the flag core.interrupted() reads, and interrupts a read from a
 * pipe (which returns nil and a message) */
static int sys_on_interrupt(lua_State *L)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_sigint;
    sigemptyset(&sa.sa_mask);
    if (sigaction(SIGINT, &sa, NULL) != 0)
        return luaL_error(L, "cannot catch Ctrl-C: %s", strerror(errno));
    return 0;
}

const volatile sig_atomic_t *wg_interrupt_flag(void)
{
    return &interrupted;
}

static int sys_interrupted(lua_State *L)
{
    lua_pushboolean(L, interrupted);
    return 1;
}

/* host.shielded(f, ...) -> what f(...) returns, f run with Ctrl-C and the
 * signals that end a process from outside (SIGINT, SIGTERM, SIGHUP,
 * SIGQUIT) held back: one that comes meanwhile is delivered when f ends,
 * by a return or an error (raised again). A record's save runs so, and
 * leaves no temporary file behind a Ctrl-C. */
static int sys_shielded(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TFUNCTION);
    sigset_t held, old;
    sigemptyset(&held);
    sigaddset(&held, SIGINT);
    sigaddset(&held, SIGTERM);
    sigaddset(&held, SIGHUP);
    sigaddset(&held, SIGQUIT);
    if (sigprocmask(SIG_BLOCK, &held, &old) != 0)
        return luaL_error(L, "cannot hold signals: %s", strerror(errno));
    int rc = lua_pcall(L, lua_gettop(L) - 1, LUA_MULTRET, 0);
    sigprocmask(SIG_SETMASK, &old, NULL);
    if (rc != LUA_OK)
        return lua_error(L);
    return lua_gettop(L);
}

/* core.fsync(f) -> true, or nil and a message: flushes the Lua file f (or
 * the file or directory named by a path) to the disk. A record is saved to
 * a temporary file, synced, then renamed over the old one, and the
 * directory synced: a crash leaves the old record or the new one. */
static int sys_fsync(lua_State *L)
{
    int fd, own = 0;
    if (lua_type(L, 1) == LUA_TSTRING) {
        const char *path = lua_tostring(L, 1);
        fd = open(path, O_RDONLY);
        if (fd < 0)
            return luaL_fileresult(L, 0, path);
        own = 1;
    } else {
        luaL_Stream *p = luaL_checkudata(L, 1, LUA_FILEHANDLE);
        luaL_argcheck(L, p->closef != NULL, 1, "the file is closed");
        if (fflush(p->f) != 0)
            return luaL_fileresult(L, 0, NULL);
        fd = fileno(p->f);
    }
    int rc;
    do
        rc = fsync(fd);
    while (rc < 0 && errno == EINTR);
    int saved = errno;
    if (own)
        close(fd);
    errno = saved;
    return luaL_fileresult(L, rc == 0, NULL);
}

/* core.mtime(path) -> the file's modification time in nanoseconds and its
 * size, or nil and a message */
static int sys_mtime(lua_State *L)
{
    const char *path = luaL_checkstring(L, 1);
    struct stat st;
    if (stat(path, &st) != 0)
        return luaL_fileresult(L, 0, path);
    lua_pushinteger(L, (lua_Integer)st.st_mtim.tv_sec * 1000000000
                           + st.st_mtim.tv_nsec);
    lua_pushinteger(L, (lua_Integer)st.st_size);
    return 2;
}

/* core.read_input(fd, seconds) -> what the file descriptor fd has to read
 * (at most 4096 bytes), "" when nothing came within seconds (negative:
 * wait as long as it takes), or nil at its end. Lua's io cannot tell an
 * engine protocol's input waiting from none: the engine polls it (and its
 * search watches the descriptor: stop_fd), and so reads through here
 * rather than through stdio, whose buffer the search could not see. */
static int sys_read_input(lua_State *L)
{
    int fd = (int)wg_check_range(L, 1, 0, INT32_MAX,
                                 "'fd' is not a file descriptor");
    lua_Number seconds = luaL_checknumber(L, 2);
    int ms = seconds < 0 ? -1
             : seconds > 86400 ? 86400000 : (int)(seconds * 1000);
    struct pollfd p = { .fd = fd, .events = POLLIN };
    int rc;
    do
        rc = poll(&p, 1, ms);
    while (rc < 0 && errno == EINTR);
    if (rc < 0)
        return luaL_fileresult(L, 0, NULL);
    if (rc == 0) {
        lua_pushliteral(L, "");
        return 1;
    }
    char buf[4096];
    ssize_t n;
    do
        n = read(fd, buf, sizeof buf);
    while (n < 0 && errno == EINTR);
    if (n < 0)
        return luaL_fileresult(L, 0, NULL);
    if (n == 0)
        return 0;
    lua_pushlstring(L, buf, (size_t)n);
    return 1;
}

const luaL_Reg wg_sys_functions[] = {
    { "clock", sys_clock },
    { "usage", sys_usage },
    { "isatty", sys_isatty },
    { "term_width", sys_term_width },
    { "exe", sys_exe },
    { "random_seed", sys_random_seed },
    { "on_interrupt", sys_on_interrupt },
    { "interrupted", sys_interrupted },
    { "fsync", sys_fsync },
    { "shielded", sys_shielded },
    { "mtime", sys_mtime },
    { "read_input", sys_read_input },
    { NULL, NULL }
};
