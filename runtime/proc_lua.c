/* proc_lua.c: the processes of a selfplay pool -- the cores this process
 * may use, and workers forked from it that talk to it over a socket. */
#define _GNU_SOURCE  /* sched_getaffinity, CPU_COUNT */
#include <errno.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include "core_lua.h"

#define WORKER "wargrid.worker"
#define CHUNK 65536  /* the most one read returns */

/* One end of a worker's socket: the parent's (pid > 0) or the worker's
 * own (pid 0). fd is -1 once closed. */
typedef struct {
    int fd;
    pid_t pid;
    int reaped;
} worker;

static worker *check_worker(lua_State *L, int i)
{
    return luaL_checkudata(L, i, WORKER);
}

static worker *open_worker(lua_State *L, int i)
{
    worker *w = check_worker(L, i);
    if (w->fd < 0)
        luaL_error(L, "the worker's socket is closed");
    return w;
}

/* core.cores() -> the processors this process may run on: its affinity
 * mask (as nproc counts them; a batch system's allocation limits it), or
 * the processors online when the mask is not known */
static int proc_cores(lua_State *L)
{
    cpu_set_t set;
    long n = 0;
    if (sched_getaffinity(0, sizeof set, &set) == 0)
        n = CPU_COUNT(&set);
    if (n < 1)
        n = sysconf(_SC_NPROCESSORS_ONLN);
    lua_pushinteger(L, n < 1 ? 1 : n);
    return 1;
}

/* The worker's side after fork: it dies with its parent (even one killed
 * by SIGKILL), Ctrl-C ends it as any process (the parent may catch
 * SIGINT to report what is done), it runs fn(end) and ends with the
 * status fn returns (1 on an error, told on stderr), never returning into
 * the parent's Lua code nor flushing the parent's buffers. */
static void run_worker(lua_State *L, int fd, pid_t parent)
{
    signal(SIGINT, SIG_DFL);
    signal(SIGPIPE, SIG_DFL);
    if (prctl(PR_SET_PDEATHSIG, SIGTERM) != 0 || getppid() != parent)
        _exit(1);
    worker *w = lua_newuserdatauv(L, sizeof *w, 0);
    w->fd = fd;
    w->pid = 0;
    w->reaped = 1;
    luaL_setmetatable(L, WORKER);
    int status = 1;
    if (lua_pcall(L, 1, 1, 0) == LUA_OK)
        status = (int)luaL_optinteger(L, -1, 0);
    else
        fprintf(stderr, "wargrid: worker: %s\n", lua_tostring(L, -1));
    fflush(stderr);
    _exit(status);
}

/* core.fork(fn) -> a worker: a process forked from this one that runs
 * fn(end), end being its side of a socket to this process (end:send,
 * end:read); the worker object is this process's side. The worker shares
 * everything loaded so far, so it starts in a few milliseconds. */
static void worker_meta(lua_State *L);

static int proc_fork(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TFUNCTION);
    worker_meta(L);
    int sv[2];
    if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, sv) != 0)
        return luaL_error(L, "cannot make a socket: %s", strerror(errno));
    worker *w = lua_newuserdatauv(L, sizeof *w, 0);
    w->fd = -1;
    w->pid = 0;
    w->reaped = 1;
    luaL_setmetatable(L, WORKER);
    fflush(NULL);  /* what is buffered is written once, not by both */
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid < 0) {
        int e = errno;
        close(sv[0]);
        close(sv[1]);
        return luaL_error(L, "cannot start a worker: %s", strerror(e));
    }
    if (pid == 0) {
        close(sv[0]);
        lua_settop(L, 1);
        run_worker(L, sv[1], parent);
    }
    close(sv[1]);
    w->fd = sv[0];
    w->pid = pid;
    w->reaped = 0;
    return 1;
}

/* w:send(text) -> true, or nil and a message (the other side has gone) */
static int worker_send(lua_State *L)
{
    worker *w = open_worker(L, 1);
    size_t len;
    const char *s = luaL_checklstring(L, 2, &len);
    while (len > 0) {
        ssize_t n = send(w->fd, s, len, MSG_NOSIGNAL);
        if (n < 0 && errno == EINTR)
            continue;
        if (n < 0) {
            luaL_pushfail(L);
            lua_pushstring(L, strerror(errno));
            return 2;
        }
        s += n;
        len -= (size_t)n;
    }
    lua_pushboolean(L, 1);
    return 1;
}

/* w:read() -> what has come (up to 64 KiB; waits for something), "" when
 * a signal interrupted the wait, or nil at the end (the other side closed
 * it or died) */
static int worker_read(lua_State *L)
{
    worker *w = open_worker(L, 1);
    char buf[CHUNK];
    ssize_t n = recv(w->fd, buf, sizeof buf, 0);
    if (n < 0 && errno == EINTR) {
        lua_pushliteral(L, "");
        return 1;
    }
    if (n <= 0)
        return 0;
    lua_pushlstring(L, buf, (size_t)n);
    return 1;
}

/* core.poll(workers [, ms]) -> the indices in the list of the workers
 * that have something to read (or have ended), waiting for one at most ms
 * milliseconds (default: as long as it takes); none when a signal (Ctrl-C)
 * interrupted the wait */
static int proc_poll(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    int ms = (int)luaL_optinteger(L, 2, -1);
    lua_Integer n = luaL_len(L, 1);
    luaL_argcheck(L, n >= 1 && n <= 4096, 1, "1 to 4096 workers");
    struct pollfd fds[4096];
    for (lua_Integer k = 0; k < n; k++) {
        lua_geti(L, 1, k + 1);
        fds[k].fd = open_worker(L, -1)->fd;
        fds[k].events = POLLIN;
        lua_pop(L, 1);
    }
    int got = poll(fds, (nfds_t)n, ms);
    if (got < 0 && errno != EINTR)
        return luaL_error(L, "cannot wait for the workers: %s",
                          strerror(errno));
    lua_createtable(L, got > 0 ? got : 0, 0);
    int j = 0;
    for (lua_Integer k = 0; got > 0 && k < n; k++) {
        if (fds[k].revents) {
            lua_pushinteger(L, k + 1);
            lua_rawseti(L, -2, ++j);
        }
    }
    return 1;
}

/* Shut down, not only closed: the workers forked later hold copies of
 * this side, and the worker must see the end all the same. */
static void close_worker(worker *w)
{
    if (w->fd >= 0) {
        shutdown(w->fd, SHUT_RDWR);
        close(w->fd);
    }
    w->fd = -1;
}

/* w:wait() -> how the worker ended, as io.close tells a command's end:
 * true or nil, then "exit" and its status or "signal" and the signal.
 * Closes this side first, which tells the worker there is no more. */
static int worker_wait(lua_State *L)
{
    worker *w = check_worker(L, 1);
    luaL_argcheck(L, w->pid > 0 && !w->reaped, 1, "not a running worker");
    close_worker(w);
    int st;
    while (waitpid(w->pid, &st, 0) < 0) {
        if (errno != EINTR)
            return luaL_error(L, "cannot wait for worker %d: %s",
                              (int)w->pid, strerror(errno));
    }
    w->reaped = 1;
    int sig = WIFSIGNALED(st);
    int code = sig ? WTERMSIG(st) : WEXITSTATUS(st);
    if (!sig && code == 0)
        lua_pushboolean(L, 1);
    else
        luaL_pushfail(L);
    lua_pushstring(L, sig ? "signal" : "exit");
    lua_pushinteger(L, code);
    return 3;
}

/* w:kill() sends the worker SIGTERM (w:wait() then reaps it) */
static int worker_kill(lua_State *L)
{
    worker *w = check_worker(L, 1);
    if (w->pid > 0 && !w->reaped)
        kill(w->pid, SIGTERM);
    return 0;
}

/* A worker object collected unreaped: the run is over (an error unwound
 * it), so the worker is stopped rather than left behind. */
static int worker_gc(lua_State *L)
{
    worker *w = check_worker(L, 1);
    close_worker(w);
    if (w->pid > 0 && !w->reaped) {
        kill(w->pid, SIGKILL);
        while (waitpid(w->pid, NULL, 0) < 0 && errno == EINTR)
            ;
        w->reaped = 1;
    }
    return 0;
}

static const luaL_Reg worker_methods[] = {
    { "send", worker_send },
    { "read", worker_read },
    { "wait", worker_wait },
    { "kill", worker_kill },
    { NULL, NULL }
};

/* core.fork makes the metatable on its first call. */
static void worker_meta(lua_State *L)
{
    if (luaL_newmetatable(L, WORKER)) {
        luaL_newlib(L, worker_methods);
        lua_setfield(L, -2, "__index");
        lua_pushcfunction(L, worker_gc);
        lua_setfield(L, -2, "__gc");
    }
    lua_pop(L, 1);
}

const luaL_Reg wg_proc_functions[] = {
    { "cores", proc_cores },
    { "fork", proc_fork },
    { "poll", proc_poll },
    { NULL, NULL }
};
