/* proc_lua.c: processes -- a selfplay pool's (the cores, workers forked
 * that talk over a socket), trials (a function run in a child that may be
 * stuck or killed) and programs (a shell command talked to by lines). */
#define _GNU_SOURCE  /* sched_getaffinity, CPU_COUNT, pipe2 */
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <time.h>
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
    pid_t owner;  /* the process that made it: only it may stop the worker */
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

/* core.pid() -> this process's id: a forked worker's is its own, so that
 * what a process started (a pipe to an engine) is known to be its own */
static int proc_pid(lua_State *L)
{
    lua_pushinteger(L, (lua_Integer)getpid());
    return 1;
}

/* core.quiet_pipes(): from now on a write to a pipe whose reader has gone
 * fails (EPIPE) instead of ending this process by SIGPIPE, so that a
 * program it talks to (a tune teacher) may die and be named in an error */
static int proc_quiet_pipes(lua_State *L)
{
    (void)L;
    signal(SIGPIPE, SIG_IGN);
    return 0;
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
    w->owner = getpid();
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
    w->owner = getpid();
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
 * it), so the worker is stopped rather than left behind -- by the process
 * that made it, not by a child forked since, whose collector finds its
 * copy (shutting the socket down would end the worker's run). */
static int worker_gc(lua_State *L)
{
    worker *w = check_worker(L, 1);
    if (w->owner != getpid())
        return 0;
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

/* The metatable of a type of process object, made on its first use:
 * methods, and gc when one is collected. */
static void process_meta(lua_State *L, const char *name,
                         const luaL_Reg *methods, lua_CFunction gc)
{
    if (luaL_newmetatable(L, name)) {
        lua_newtable(L);
        luaL_setfuncs(L, methods, 0);
        lua_setfield(L, -2, "__index");
        lua_pushcfunction(L, gc);
        lua_setfield(L, -2, "__gc");
    }
    lua_pop(L, 1);
}

/* core.fork makes the metatable on its first call. */
static void worker_meta(lua_State *L)
{
    process_meta(L, WORKER, worker_methods, worker_gc);
}

/* ---- trials ------------------------------------------------------------ */

enum {
    TRIAL_OUT = 1 << 20,  /* the most of a trial's result kept */
    TRIAL_ERR = 2048,     /* the most of what it writes on stderr kept */
};

static int write_all(int fd, const char *s, size_t len)
{
    while (len > 0) {
        ssize_t n = write(fd, s, len);
        if (n < 0 && errno == EINTR)
            continue;
        if (n <= 0)
            return -1;
        s += n;
        len -= (size_t)n;
    }
    return 0;
}

/* The trial's side after fork: it dies with its parent; it reads nothing
 * (stdin is /dev/null, as stdout), its stderr goes to the parent (the
 * budget's timer runs in it: budget_lua.c starts it again in every child);
 * fn's result goes to out. It ends with _exit: nothing of the parent's is
 * flushed or closed. */
static void run_trial(lua_State *L, int out, int err, pid_t parent)
{
    signal(SIGPIPE, SIG_DFL);
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent)
        _exit(1);
    int null = open("/dev/null", O_RDWR);
    if (null < 0 || dup2(null, 0) < 0 || dup2(null, 1) < 0
        || dup2(err, 2) < 0)
        _exit(1);
    if (lua_pcall(L, 0, 1, 0) != LUA_OK) {
        const char *msg = lua_tostring(L, -1);
        msg = msg ? msg : "the trial failed with an error that is not text";
        if (write_all(2, msg, strlen(msg)) == 0)
            write_all(2, "\n", 1);
        _exit(1);
    }
    size_t len = 0;
    const char *s = lua_tolstring(L, -1, &len);
    _exit(s && write_all(out, s, len) != 0 ? 1 : 0);
}

static double now_s(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (double)t.tv_sec + t.tv_nsec / 1e9;
}

/* Reads what is there on fd into buf (up to cap, the rest dropped): -1
 * at its end, else 0. */
static int take(int fd, char *buf, size_t *len, size_t cap)
{
    char chunk[CHUNK];
    ssize_t n = read(fd, chunk, sizeof chunk);
    if (n < 0)
        return errno == EINTR || errno == EAGAIN ? 0 : -1;
    if (n == 0)
        return -1;
    size_t k = (size_t)n < cap - *len ? (size_t)n : cap - *len;
    memcpy(buf + *len, chunk, k);
    *len += k;
    return 0;
}

/* Waits for the trial's child until the deadline, then kills it: how it
 * ended (waitpid's status), *killed set when it was. */
static int reap(pid_t pid, double deadline, int *killed)
{
    int st;
    for (;;) {
        pid_t r = waitpid(pid, &st, WNOHANG);
        if (r == pid)
            return st;
        if (r < 0 && errno != EINTR)
            return 1 << 8;  /* reaped elsewhere (SIGCHLD ignored): failed */
        if (now_s() >= deadline && !*killed) {
            kill(pid, SIGKILL);
            *killed = 1;
        }
        struct timespec pause = { 0, 5000000 };
        nanosleep(&pause, NULL);
    }
}

/* The parent's side: reads the child's result (into res) and stderr until
 * both end or the deadline passes (the child is then killed), and reaps
 * it. */
static int await_trial(lua_State *L, pid_t pid, int out, int err,
                       double seconds, char *res)
{
    char msg[TRIAL_ERR];
    size_t nres = 0, nmsg = 0;
    double deadline = now_s() + seconds;
    struct pollfd fds[2] = { { out, POLLIN, 0 }, { err, POLLIN, 0 } };
    int killed = 0;
    while (fds[0].fd >= 0 || fds[1].fd >= 0) {
        double left = deadline - now_s();
        if (left <= 0) {
            kill(pid, SIGKILL);
            killed = 1;
            break;
        }
        int got = poll(fds, 2, (int)(left * 1000) + 1);
        if (got < 0 && errno != EINTR)
            break;
        for (int i = 0; got > 0 && i < 2; i++) {
            if (!fds[i].revents)
                continue;
            int end = i == 0 ? take(out, res, &nres, TRIAL_OUT)
                             : take(err, msg, &nmsg, sizeof msg);
            if (end)
                fds[i].fd = -1;
        }
    }
    close(out);
    close(err);
    int st = reap(pid, deadline, &killed);
    lua_createtable(L, 0, 5);
    int sig = WIFSIGNALED(st);
    lua_pushstring(L, killed ? "deadline" : sig ? "signal" : "exit");
    lua_setfield(L, -2, "ended");
    lua_pushinteger(L, sig ? WTERMSIG(st) : WEXITSTATUS(st));
    lua_setfield(L, -2, "code");
    lua_pushboolean(L, !killed && !sig && WEXITSTATUS(st) == 0);
    lua_setfield(L, -2, "ok");
    lua_pushlstring(L, res, nres);
    lua_setfield(L, -2, "out");
    lua_pushlstring(L, msg, nmsg);
    lua_setfield(L, -2, "err");
    return 1;
}

/* Two pipes, both ends close-on-exec: 0, or -1 with errno set and neither
 * open. */
static int two_pipes(int a[2], int b[2])
{
    if (pipe2(a, O_CLOEXEC) != 0)
        return -1;
    if (pipe2(b, O_CLOEXEC) != 0) {
        int e = errno;
        close(a[0]);
        close(a[1]);
        errno = e;
        return -1;
    }
    return 0;
}

/* host.trial(fn, seconds) -> { ok =, out =, err =, ended =, code = }: runs
 * fn() in a child forked from this process, which nothing it does there
 * can harm, and waits for it at most seconds (up to 10^6; then kills
 * it). ok: it returned; out: what it returned (a string; at most 1 MiB);
 * err: what the child wrote on stderr (its first 2 KiB: an error fn
 * raised, the budget's watchdog's line); ended: "exit", "signal" or
 * "deadline"; code: the exit status or the signal. */
static int proc_trial(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TFUNCTION);
    lua_Number seconds = luaL_checknumber(L, 2);
    /* up to some 11 days: a day's --time-limit and the session's margin
     * fit, and the poll's milliseconds an int */
    luaL_argcheck(L, seconds > 0 && seconds <= 1e6, 2,
                  "'seconds' must be more than 0, at most 1000000");
    char *res = lua_newuserdatauv(L, TRIAL_OUT, 0);
    int out[2], err[2];
    if (two_pipes(out, err) != 0)
        return luaL_error(L, "cannot make a pipe: %s", strerror(errno));
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid == 0) {
        close(out[0]);
        close(err[0]);
        lua_settop(L, 1);
        run_trial(L, out[1], err[1], parent);
    }
    int e = errno;
    close(out[1]);
    close(err[1]);
    if (pid < 0) {
        close(out[0]);
        close(err[0]);
        return luaL_error(L, "cannot start a trial: %s", strerror(e));
    }
    return await_trial(L, pid, out[0], err[0], seconds, res);
}

/* ---- programs ----------------------------------------------------------- */

#define PROGRAM "wargrid.program"

enum {
    LINE_MAX_BYTES = 65536,  /* the longest line a program may write */
    GRACE_MS = 1000,         /* how long a program closed has to end */
};

/* A shell command's process (pid: the leader of a process group of its
 * own; 0 once reaped), in: its standard input, out: its standard output
 * (-1 once closed), and what it wrote that no line has taken yet. */
typedef struct {
    int in, out;
    pid_t pid;
    pid_t owner;  /* the process that started it: only it may stop it */
    size_t len;
    char buf[LINE_MAX_BYTES + 1];  /* a longest line and its "\n" */
} program;

static program *check_program(lua_State *L, int i)
{
    return luaL_checkudata(L, i, PROGRAM);
}

/* The program's side after fork: a process group of its own (wargrid
 * stops it, with whatever it started, and a Ctrl-C is wargrid's to
 * tell), killed when this process ends however it ends; stdin and stdout
 * the pipes, stderr /dev/null; no timer, and the signals as a new process
 * has them. */
static void run_program(const char *cmd, int in, int out, pid_t parent)
{
    /* the budget's timer, set again in every child, would outlive exec
     * and end the program by SIGALRM */
    struct itimerval off = { { 0, 0 }, { 0, 0 } };
    setitimer(ITIMER_REAL, &off, NULL);
    sigset_t none;
    sigemptyset(&none);
    sigprocmask(SIG_SETMASK, &none, NULL);
    signal(SIGPIPE, SIG_DFL);
    signal(SIGINT, SIG_DFL);
    setpgid(0, 0);
    if (prctl(PR_SET_PDEATHSIG, SIGKILL) != 0 || getppid() != parent)
        _exit(127);
    int null = open("/dev/null", O_WRONLY);
    if (null < 0 || dup2(in, 0) < 0 || dup2(out, 1) < 0 || dup2(null, 2) < 0)
        _exit(127);
    execl("/bin/sh", "sh", "-c", cmd, (char *)NULL);
    _exit(127);
}

static void program_meta(lua_State *L);

/* host.spawn(cmd) -> a program: the shell command cmd run by /bin/sh in a
 * child (p:write, p:line, p:close), or nil and a message */
static int proc_spawn(lua_State *L)
{
    const char *cmd = luaL_checkstring(L, 1);
    program_meta(L);
    program *p = lua_newuserdatauv(L, sizeof *p, 0);
    p->in = p->out = -1;
    p->pid = 0;
    p->owner = getpid();
    p->len = 0;
    luaL_setmetatable(L, PROGRAM);
    int to[2], from[2];
    if (two_pipes(to, from) != 0)
        goto failed;
    pid_t parent = getpid();
    pid_t pid = fork();
    if (pid == 0)
        run_program(cmd, to[0], from[1], parent);
    int e = errno;
    close(to[0]);
    close(from[1]);
    if (pid < 0) {
        close(to[1]);
        close(from[0]);
        errno = e;
        goto failed;
    }
    setpgid(pid, pid);  /* as the child does: whichever comes first */
    p->in = to[1];
    p->out = from[0];
    p->pid = pid;
    return 1;
failed:
    luaL_pushfail(L);
    lua_pushstring(L, strerror(errno));
    return 2;
}

/* p:write(text) -> true, or nil and a message (it has closed its input) */
static int program_write(lua_State *L)
{
    program *p = check_program(L, 1);
    size_t len;
    const char *s = luaL_checklstring(L, 2, &len);
    if (p->in < 0 || write_all(p->in, s, len) != 0) {
        luaL_pushfail(L);
        lua_pushstring(L, p->in < 0 ? "closed" : strerror(errno));
        return 2;
    }
    lua_pushboolean(L, 1);
    return 1;
}

/* p:line() -> the next line the program wrote, without its "\n" (its
 * last may have none), or nil and why not: "end" (its output ended),
 * "long" (a line longer than 64 KiB: not a protocol's), "interrupted" (a
 * signal came while it was awaited: Ctrl-C; another call reads on) */
static int program_line(lua_State *L)
{
    program *p = check_program(L, 1);
    for (;;) {
        char *nl = memchr(p->buf, '\n', p->len);
        if (nl || (p->out < 0 && p->len > 0)) {
            size_t n = nl ? (size_t)(nl - p->buf) : p->len;
            size_t used = nl ? n + 1 : n;
            lua_pushlstring(L, p->buf, n);
            memmove(p->buf, p->buf + used, p->len - used);
            p->len -= used;
            return 1;
        }
        const char *why = p->len == sizeof p->buf ? "long"
                          : p->out < 0 ? "end" : NULL;
        ssize_t got = why ? 0 : read(p->out, p->buf + p->len,
                                     sizeof p->buf - p->len);
        if (!why && got < 0 && errno == EINTR)
            why = "interrupted";
        if (why) {
            luaL_pushfail(L);
            lua_pushstring(L, why);
            return 2;
        }
        if (got <= 0) {  /* its end, or an error: nothing more comes */
            close(p->out);
            p->out = -1;
        } else {
            p->len += (size_t)got;
        }
    }
}

/* Closes both pipes (the end of the program's input), gives it GRACE_MS
 * to end, then kills what is left of its group and reaps it -- in the
 * process that started it; a process forked since only closes its
 * copies. */
static void stop_program(program *p)
{
    if (p->in >= 0)
        close(p->in);
    if (p->out >= 0)
        close(p->out);
    p->in = p->out = -1;
    if (p->pid <= 0 || p->owner != getpid())
        return;
    /* unreaped, its pid and its group's id are its own (no other process
     * can have them), so killing the group kills nothing else */
    double deadline = now_s() + GRACE_MS / 1000.0;
    for (;;) {
        siginfo_t info;
        info.si_pid = 0;
        if (waitid(P_PID, (id_t)p->pid, &info,
                   WEXITED | WNOHANG | WNOWAIT) != 0) {
            if (errno == EINTR)
                continue;
            p->pid = 0;  /* reaped elsewhere (SIGCHLD ignored) */
            return;
        }
        if (info.si_pid != 0 || now_s() >= deadline)
            break;
        struct timespec pause = { 0, 5000000 };
        nanosleep(&pause, NULL);
    }
    kill(-p->pid, SIGKILL);
    kill(p->pid, SIGKILL);  /* had it no group of its own */
    while (waitpid(p->pid, NULL, 0) < 0 && errno == EINTR)
        ;
    p->pid = 0;
}

/* p:close(): the program's input ends; it has a second to end, then it is
 * killed, with whatever it started. A program collected is closed so. */
static int program_close(lua_State *L)
{
    stop_program(check_program(L, 1));
    return 0;
}

static const luaL_Reg program_methods[] = {
    { "write", program_write },
    { "line", program_line },
    { "close", program_close },
    { NULL, NULL }
};

/* host.spawn makes the metatable on its first call. */
static void program_meta(lua_State *L)
{
    process_meta(L, PROGRAM, program_methods, program_close);
}

const luaL_Reg wg_proc_functions[] = {
    { "cores", proc_cores },
    { "fork", proc_fork },
    { "pid", proc_pid },
    { "poll", proc_poll },
    { "quiet_pipes", proc_quiet_pipes },
    { "spawn", proc_spawn },
    { "trial", proc_trial },
    { NULL, NULL }
};
