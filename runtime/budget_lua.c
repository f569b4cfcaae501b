/* budget_lua.c: the budget untrusted game code runs under -- per call an
 * instruction count, a wall-clock deadline and a memory limit -- and the
 * functions the sandbox gives scripts in place of Lua's coroutine.resume.
 *
 * A budgeted call (a closure made by host.guard) starts a budget when none
 * runs; calls nested in it share it. Counting every instruction costs too
 * much in Lua 5.4 (a count hook traps every instruction, whatever its count),
 * so no hook runs at first: a timer ticks every TICK_MS milliseconds, and a
 * tick that finds a call under way turns the count hook on for the rest of
 * that call. A call of a few microseconds, as a game's actions or play is,
 * thus never pays for the hook; a long one is counted from its first tick.
 * The tick also checks the deadline: past it, the hook raises the error at
 * the next instruction, and a call still running GRACE_MS of the process's
 * own processor time later is inside a C function (a backtracking
 * string.find) where no hook runs: the process
 * ends with a line naming the script and exit status 2. Time is read from
 * the monotonic clock, never counted in ticks (signals merge under load),
 * and the timer is started again in every child a fork makes (a search's
 * helpers, selfplay's workers), so a forked process runs scripts under the
 * same budget. Beyond each call, a command may cap the time all calls of a
 * unit of its work spend together (a move, a game, a whole command). The
 * allocator counts the Lua state's memory and refuses to grow it past the
 * limit while a budgeted call runs; the memory of the runtime's objects
 * (states, action lists: C's malloc) is seen by the tick, which reads the
 * process's resident size and stops a call that has let it grow past the
 * limit. The budget is one per process, in a static: the signal handler
 * must reach it. */
#define _DEFAULT_SOURCE  /* SA_RESTART, setitimer */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <signal.h>
#include <stdlib.h>
#include <string.h>
#include <sys/time.h>
#include <time.h>
#include <unistd.h>

#include "core_lua.h"

enum {
    TICK_MS = 10,       /* the timer's period */
    GRACE_MS = 1000,    /* past the deadline, a call stuck in C ends it all */
    PAUSE_MS = 500,     /* a longer gap between two ticks: the process was
                         * stopped (Ctrl-Z) or not run at all */
    STEP = 1000,        /* instructions between two calls of the hook */
    NTRUSTED = 4,       /* directories of wargrid's own Lua files */
};

enum { RAN_OUT_NOT, RAN_OUT_INSTRUCTIONS, RAN_OUT_TIME, RAN_OUT_MEMORY,
       RAN_OUT_COMMAND };

typedef struct budget {
    lua_Alloc f;                     /* the allocator it counts for */
    void *ud;
    size_t used, limit;              /* bytes; the limit while a call runs */
    lua_Integer instructions;        /* a call's budget */
    long ms;                         /* a call's deadline */
    long command_ms;                 /* all calls of a unit of work; 0 none */
    int command_given;               /* command_ms is the user's */
    volatile long spent_ms;          /* what the calls of the unit spent */
    char unit[40];                   /* "move", "game", "command" */
    int timer;                       /* the timer is running */
    int statm;                       /* /proc/self/statm, or -1 */
    long page;                       /* bytes in a page */
    volatile sig_atomic_t depth;     /* budgeted calls under way */
    volatile sig_atomic_t busy;      /* the fields below are changing */
    volatile long start;             /* the clock's ms when a tick first
                                      * found the call running (0: none
                                      * has yet) */
    volatile long last_tick;         /* the clock's ms at the last tick */
    volatile long told_cpu;          /* the process's CPU ms when the call
                                      * was told to end (ran_out set) */
    volatile sig_atomic_t armed;     /* the running thread's hook is on */
    volatile sig_atomic_t step;      /* its count */
    volatile sig_atomic_t ran_out;   /* RAN_OUT_...: the call must end */
    lua_State *volatile current;     /* the thread running the call */
    const char *volatile script;     /* Lua strings the guard holds */
    const char *volatile callback;
    lua_Integer counted;             /* instructions since the hook came on */
    char where[300];                 /* file:line where it ran out */
    char trusted[NTRUSTED][300];     /* chunk names never blamed */
} budget;

static budget B = {
    .limit = (size_t)512 << 20, .instructions = 200000000, .ms = 3000,
    .statm = -1, .unit = "command",
};

/* The process's processor time in milliseconds; async-signal-safe. */
static long cpu_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
    return (long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

/* The monotonic clock in milliseconds; async-signal-safe. Only the timer
 * reads it: a callback of a few microseconds reads no clock at all. */
static long now_ms(void)
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (long)t.tv_sec * 1000 + t.tv_nsec / 1000000;
}

static void *plain_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    (void)ud;
    (void)osize;
    if (nsize == 0) {
        free(ptr);
        return NULL;
    }
    return realloc(ptr, nsize);
}

/* Counts the state's memory; refuses to grow it past the limit while a
 * budgeted call runs (wargrid's own code never meets the limit). */
static void *budget_alloc(void *ud, void *ptr, size_t osize, size_t nsize)
{
    (void)ud;
    size_t old = ptr ? osize : 0;
    if (nsize > old && B.depth > 0 && B.used + (nsize - old) > B.limit)
        return NULL;
    void *p = B.f(B.ud, ptr, osize, nsize);
    if (p || nsize == 0)
        B.used = B.used - (old < B.used ? old : B.used) + (p ? nsize : 0);
    return p;
}

lua_State *wg_budget_newstate(void)
{
    B.f = plain_alloc;
    return lua_newstate(budget_alloc, NULL);
}

/* The module in a plain Lua (busted): count from here on. */
static void wrap_allocator(lua_State *L)
{
    void *ud;
    lua_Alloc f = lua_getallocf(L, &ud);
    if (f == budget_alloc)
        return;
    B.f = f;
    B.ud = ud;
    B.used = (size_t)lua_gc(L, LUA_GCCOUNT, 0) * 1024
             + (size_t)lua_gc(L, LUA_GCCOUNTB, 0);
    lua_setallocf(L, budget_alloc, NULL);
}

/* ---- the hook, the timer and the watchdog ----------------------------- */

static int trusted(const char *source)
{
    for (int i = 0; i < NTRUSTED; i++) {
        size_t n = strlen(B.trusted[i]);
        if (n > 0 && strncmp(source, B.trusted[i], n) == 0)
            return 1;
    }
    return 0;
}

/* Notes where the call ran out: the innermost line of a script's file. */
static void note_where(lua_State *L)
{
    if (B.where[0])
        return;
    lua_Debug d;
    for (int level = 0; lua_getstack(L, level, &d); level++) {
        if (lua_getinfo(L, "Sl", &d) && d.source[0] == '@'
            && d.currentline > 0 && !trusted(d.source + 1)) {
            snprintf(B.where, sizeof B.where, "%s:%d", d.source + 1,
                     d.currentline);
            return;
        }
    }
    snprintf(B.where, sizeof B.where, "%s", B.script);
}

static void hook(lua_State *L, lua_Debug *ar)
{
    (void)ar;
    if (B.depth == 0) {  /* a coroutine armed in an earlier call */
        lua_sethook(L, NULL, 0, 0);
        return;
    }
    B.counted += B.step;
    if (!B.ran_out && B.counted > B.instructions)
        B.ran_out = RAN_OUT_INSTRUCTIONS;
    if (B.ran_out) {
        note_where(L);
        lua_pushlightuserdata(L, &B);  /* the budget's error */
        lua_error(L);
    }
}

static void arm(lua_State *L, int count)
{
    B.step = count;
    lua_sethook(L, hook, LUA_MASKCOUNT, count);
    B.armed = 1;
}

/* Appends text to buf (at *n, up to size); async-signal-safe. */
static void put(char *buf, size_t *n, size_t size, const char *text)
{
    while (*text && *n + 1 < size)
        buf[(*n)++] = *text++;
}

/* A call stuck in a C function past its deadline: nothing can stop it but
 * ending the process, with one line (from the signal handler). */
static void stuck(void)
{
    char msg[800], secs[24];
    size_t n = 0, k = sizeof secs - 1;
    long s = (B.ms + 999) / 1000;
    secs[k] = 0;
    do
        secs[--k] = (char)('0' + s % 10);
    while ((s /= 10) > 0 && k > 0);
    put(msg, &n, sizeof msg, "wargrid: ");
    put(msg, &n, sizeof msg, B.script ? B.script : "?");
    put(msg, &n, sizeof msg, ": ");
    put(msg, &n, sizeof msg, B.callback ? B.callback : "?");
    put(msg, &n, sizeof msg, " ran out of time inside a C function (");
    put(msg, &n, sizeof msg, secs + k);
    put(msg, &n, sizeof msg, " s a call; --time-limit)\n");
    ssize_t w = write(2, msg, n);
    (void)w;
    _exit(2);
}

/* The process's resident size in bytes (0 if unknown); async-signal-safe */
static size_t resident(void)
{
    char buf[128];
    ssize_t n = B.statm < 0 ? -1 : pread(B.statm, buf, sizeof buf - 1, 0);
    if (n <= 0)
        return 0;
    buf[n] = 0;
    const char *p = strchr(buf, ' ');  /* after the size: resident pages */
    size_t pages = 0;
    while (p && *++p >= '0' && *p <= '9')
        pages = pages * 10 + (size_t)(*p - '0');
    return pages * (size_t)B.page;
}

/* Each tick reads the clock. A call's deadline counts from the first tick
 * that finds it running (within a tick of its start); the unit's time
 * grows by the time since the last tick whenever a tick finds a call
 * running, so callbacks too short for any clock are counted by the share
 * of ticks that meet them. A gap between ticks longer than PAUSE_MS is
 * time the process did not run (stopped by Ctrl-Z or SIGSTOP): neither the
 * call's nor the unit's, it counts as one tick. */
static void on_tick(int sig)
{
    (void)sig;
    int saved = errno;
    long now = now_ms(), since = now - B.last_tick;
    B.last_tick = now;
    if (B.depth > 0 && !B.busy && B.current) {
        if (since > PAUSE_MS) {
            if (B.start)
                B.start += since - TICK_MS;
            since = TICK_MS;
        }
        if (!B.start)
            B.start = now;
        B.spent_ms += since;
        long ms = now - B.start;
        /* told to end, the call went on running for GRACE_MS of the
         * process's own time without reaching the hook: it is inside a C
         * function (a machine too busy to run it is not counted) */
        if (B.ran_out && cpu_ms() - B.told_cpu > GRACE_MS)
            stuck();
        if (ms > B.ms && !B.ran_out) {
            B.ran_out = RAN_OUT_TIME;
            B.told_cpu = cpu_ms();
            arm(B.current, 1);
        } else if (B.command_ms > 0 && B.spent_ms > B.command_ms
                   && !B.ran_out) {
            B.ran_out = RAN_OUT_COMMAND;
            B.told_cpu = cpu_ms();
            arm(B.current, 1);
        } else if (!B.ran_out && resident() > B.limit) {
            B.ran_out = RAN_OUT_MEMORY;
            B.told_cpu = cpu_ms();
            arm(B.current, 1);
        } else if (!B.armed) {
            arm(B.current, STEP);
        }
    }
    errno = saved;
}

static int set_timer(void)
{
    struct timeval tick = { TICK_MS / 1000, TICK_MS % 1000 * 1000 };
    struct itimerval it = { tick, tick };
    if (B.statm >= 0)
        close(B.statm);
    B.statm = open("/proc/self/statm", O_RDONLY | O_CLOEXEC);
    return setitimer(ITIMER_REAL, &it, NULL);
}

/* A fork's child has no timer (setitimer is not inherited), and the
 * parent's /proc/self/statm open: both made again for the child. */
static void in_child(void)
{
    B.last_tick = now_ms();
    if (B.timer && set_timer() != 0)
        _exit(70);
}

static void start_timer(lua_State *L)
{
    struct sigaction sa;
    memset(&sa, 0, sizeof sa);
    sa.sa_handler = on_tick;
    sa.sa_flags = SA_RESTART;  /* reads from a terminal or a pipe go on */
    sigemptyset(&sa.sa_mask);
    B.page = sysconf(_SC_PAGESIZE);
    B.last_tick = now_ms();
    if (sigaction(SIGALRM, &sa, NULL) != 0 || set_timer() != 0
        || pthread_atfork(NULL, NULL, in_child) != 0)
        luaL_error(L, "cannot start the budget's timer: %s", strerror(errno));
    B.timer = 1;
}

/* ---- budgeted calls ---------------------------------------------------- */

static void enter(lua_State *L, const char *script, const char *name,
                  int exact)
{
    if (!B.timer)
        start_timer(L);
    B.busy = 1;
    B.script = script;
    B.callback = name;
    B.counted = 0;
    B.ran_out = RAN_OUT_NOT;
    B.where[0] = 0;
    B.current = L;
    B.start = 0;
    B.armed = 0;
    if (exact)  /* a load counts from its first instruction */
        arm(L, STEP);
    if (B.command_ms > 0 && B.spent_ms >= B.command_ms) {
        B.ran_out = RAN_OUT_COMMAND;   /* the unit's time is all spent */
        B.told_cpu = cpu_ms();
        arm(L, 1);
    }
    B.depth = 1;
    B.busy = 0;
}

static void leave(lua_State *L)
{
    B.busy = 1;
    B.depth = 0;
    if (B.armed)
        lua_sethook(L, NULL, 0, 0);
    B.armed = 0;
    B.current = NULL;
    B.busy = 0;
}

/* Pushes a script's error message as one line of at most 400 bytes. */
static void push_line(lua_State *L, int i)
{
    size_t len;
    const char *s = lua_tolstring(L, i, &len);
    if (len <= 400 && !memchr(s, '\n', len) && !memchr(s, '\r', len)) {
        lua_pushvalue(L, i);
        return;
    }
    luaL_Buffer b;
    luaL_buffinit(L, &b);
    for (size_t k = 0; k < len && k < 400; k++) {
        if (s[k] == '\n')
            luaL_addstring(&b, "\\n");
        else if (s[k] == '\r')
            luaL_addstring(&b, "\\r");
        else
            luaL_addchar(&b, s[k]);
    }
    if (len > 400)
        luaL_addstring(&b, "...");
    luaL_pushresult(&b);
}

/* Is msg ("file:line: ...") from one of wargrid's own files? Lua cuts a
 * long file name to "..." and its end: such a name is in a directory when
 * what it keeps up to that directory's last part ends the directory. */
static int trusted_message(const char *msg)
{
    if (strncmp(msg, "...", 3) != 0)
        return trusted(msg);
    const char *tail = msg + 3, *colon = strchr(tail, ':');
    for (int i = 0; colon && i < NTRUSTED; i++) {
        const char *dir = B.trusted[i];
        size_t n = strlen(dir);
        if (n < 2)
            continue;
        const char *last = dir + n - 1;  /* the last part, with its '/' */
        while (last > dir && last[-1] != '/')
            last--;
        const char *at = strstr(tail, last);
        if (!at || at > colon)
            continue;
        size_t head = (size_t)(at - tail) + strlen(last);
        if (head <= n && strncmp(dir + n - head, tail, head) == 0)
            return 1;
    }
    return 0;
}

/* Ends the budgeted call that failed and puts in place of its error the
 * message to give: what ran out, or the script's message in one line; an
 * error object that is not text is never asked for its text (its
 * __tostring is the script's). */
static void convert(lua_State *L, int status)
{
    const char *script = B.script, *name = B.callback;
    int ran_out = B.ran_out;
    leave(L);
    if (ran_out == RAN_OUT_INSTRUCTIONS) {
        lua_pushfstring(L, "%s: %s ran out of its instruction budget (%I "
                        "million instructions a call; --instruction-limit)",
                        B.where, name,
                        (lua_Integer)(B.instructions / 1000000));
    } else if (ran_out == RAN_OUT_TIME) {
        lua_pushfstring(L, "%s: %s ran out of time (%f s a call; "
                        "--time-limit)", B.where, name, B.ms / 1000.0);
    } else if (ran_out == RAN_OUT_COMMAND) {
        lua_pushfstring(L, "%s: %s ran out of the time its script has for "
                        "the whole %s (%f s a %s; --command-limit)",
                        B.where, name, B.unit, B.command_ms / 1000.0,
                        B.unit);
    } else if (ran_out == RAN_OUT_MEMORY || status == LUA_ERRMEM
               || (lua_type(L, -1) == LUA_TSTRING
                   && strcmp(lua_tostring(L, -1), "not enough memory") == 0)) {
        lua_gc(L, LUA_GCCOLLECT, 0);
        lua_pushfstring(L, "%s: %s ran out of memory (%I MB; "
                        "--memory-limit)",
                        ran_out == RAN_OUT_MEMORY ? B.where : script, name,
                        (lua_Integer)(B.limit >> 20));
    } else if (lua_type(L, -1) == LUA_TSTRING
               || lua_type(L, -1) == LUA_TNUMBER) {
        /* an error in wargrid's code that the script called is the
         * script's: its message names the script first */
        if (trusted_message(lua_tostring(L, -1)) && !trusted(script))
            lua_pushfstring(L, "%s: %s: ", script, name);
        else
            lua_pushliteral(L, "");
        push_line(L, -2);
        lua_concat(L, 2);
    } else {
        lua_pushfstring(L, "%s: %s raised a %s as its error, not a message",
                        script, name, luaL_typename(L, -1));
    }
    lua_replace(L, -2);
}

int wg_budget_raise(lua_State *L, int status)
{
    if (B.depth > 0)  /* from a budgeted call */
        convert(L, status);
    return lua_error(L);
}

/* Takes the results of a call from index fn on (lend_lua.c): 0, or the
 * results replaced by the message why a state or list among them was kept
 * beyond its call, and -1. The call's loan must still be open. */
static int take_results(lua_State *L, int fn, const char *script,
                        const char *name)
{
    const char *why = wg_loan_refused(L, fn);
    if (why) {
        lua_settop(L, fn - 1);
        lua_pushfstring(L, "%s: %s returned %s", script, name, why);
        return -1;
    }
    wg_loan_results(L, fn);
    return 0;
}

/* The drivers' calls: the driver lends its states and lists for its
 * whole run (lend_lua.c); a state or list the script made and returns is
 * taken over. */
void wg_budget_call(lua_State *L, int nargs, int nresults,
                    const char *script, const char *name)
{
    if (!script || B.depth > 0) {
        lua_call(L, nargs, nresults);
        return;
    }
    int fn = lua_gettop(L) - nargs;
    enter(L, script, name, 0);
    lua_call(L, nargs, nresults);  /* an error: the driver converts it */
    leave(L);
    if (nresults != 0 && take_results(L, fn, script, name) != 0)
        lua_error(L);
}

int wg_budget_pcall(lua_State *L, int nargs, int nresults,
                    const char *script, const char *name)
{
    if (!script || B.depth > 0)
        return lua_pcall(L, nargs, nresults, 0);
    int fn = lua_gettop(L) - nargs;
    enter(L, script, name, 0);
    int status = lua_pcall(L, nargs, nresults, 0);
    if (status != LUA_OK) {
        convert(L, status);
        return status;
    }
    leave(L);
    if (nresults != 0 && take_results(L, fn, script, name) != 0)
        return LUA_ERRRUN;
    return LUA_OK;
}

/* The raw key of a face's script: { game = the script's own, script =
 * its path }. */
static const char face_key = 0;

const char *wg_budget_face(lua_State *L, int i)
{
    if (lua_type(L, i) != LUA_TTABLE
        || lua_rawgetp(L, i, &face_key) != LUA_TTABLE) {
        lua_pop(L, lua_type(L, i) == LUA_TTABLE);
        return NULL;
    }
    lua_getfield(L, -1, "script");
    const char *script = lua_tostring(L, -1);  /* the face keeps it */
    lua_getfield(L, -2, "game");
    lua_replace(L, -3);
    lua_pop(L, 1);
    return script;
}

/* host.face(face, game, script): marks face as the face of the script's
 * game, for the runtime's drivers (wg_budget_face) */
static int budget_face(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    luaL_checktype(L, 2, LUA_TTABLE);
    luaL_checkstring(L, 3);
    lua_createtable(L, 0, 2);
    lua_pushvalue(L, 2);
    lua_setfield(L, -2, "game");
    lua_pushvalue(L, 3);
    lua_setfield(L, -2, "script");
    lua_rawsetp(L, 1, &face_key);
    return 0;
}

/* A guard's upvalues: the function, what it needs at every call (in a
 * userdata), the strings it points to, the faces of its load (face -> the
 * script's own game), the cleaner of results. */
enum { G_FN = 1, G_INFO, G_SCRIPT, G_NAME, G_FACES, G_CLEAN, G_N };

typedef struct guard {
    const char *script, *name;
    int exact, faces, clean;
} guard;

/* A guard: calls its function under a budget (or within the one running),
 * a face as the first argument replaced by the game it stands for; results
 * that are functions or tables go through the cleaner. */
static int guard_call(lua_State *L)
{
    const guard *g = lua_touserdata(L, lua_upvalueindex(G_INFO));
    int n = lua_gettop(L);
    if (g->faces && n >= 1 && lua_type(L, 1) == LUA_TTABLE) {
        lua_pushvalue(L, 1);
        if (lua_rawget(L, lua_upvalueindex(G_FACES)) == LUA_TTABLE)
            lua_replace(L, 1);
        else
            lua_pop(L, 1);
    }
    if (B.depth > 0) {
        lua_pushvalue(L, lua_upvalueindex(G_FN));
        lua_insert(L, 1);
        lua_call(L, n, LUA_MULTRET);
        return lua_gettop(L);
    }
    /* the script gets copies of the arguments, its states and lists lent
     * for this call; the caller's own stay below, keeping the owners */
    luaL_checkstack(L, n + 4, "too many arguments");
    lua_pushvalue(L, lua_upvalueindex(G_FN));
    int mark = wg_loan_open(L);
    for (int i = 1; i <= n; i++)
        wg_lend(L, i);
    enter(L, g->script, g->name, g->exact);
    int status = lua_pcall(L, n, LUA_MULTRET, 0);
    if (status != LUA_OK) {
        wg_loan_close(mark);
        return wg_budget_raise(L, status);
    }
    leave(L);
    /* a handle of this call's loan is as good as its owner; one kept from
     * an earlier call is not */
    const char *why = wg_loan_refused(L, n + 1);
    wg_loan_close(mark);
    if (why) {
        lua_pushfstring(L, "%s: %s returned %s", g->script, g->name, why);
        return lua_error(L);
    }
    wg_loan_results(L, n + 1);
    int nres = lua_gettop(L) - n;
    for (int i = n + 1; g->clean && i <= n + nres; i++) {
        int t = lua_type(L, i);
        if (t == LUA_TFUNCTION || t == LUA_TTABLE) {
            lua_pushvalue(L, lua_upvalueindex(G_CLEAN));
            lua_insert(L, n + 1);
            lua_call(L, nres, LUA_MULTRET);
            return lua_gettop(L) - n;
        }
    }
    return nres;
}

/* host.guard(fn, script, name [, faces [, clean [, exact]]]) -> a function
 * calling fn under a budget: script and name are for messages ("x.lua:
 * actions ran out of ..."); a first argument that is a key of the table
 * faces is replaced by its value; clean(...) filters results that are
 * functions or tables; exact counts every instruction from the start (a
 * load). */
static int budget_guard(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TFUNCTION);
    luaL_checkstring(L, 2);
    luaL_checkstring(L, 3);
    if (!lua_isnoneornil(L, 4))
        luaL_checktype(L, 4, LUA_TTABLE);
    if (!lua_isnoneornil(L, 5))
        luaL_checktype(L, 5, LUA_TFUNCTION);
    lua_settop(L, 6);
    guard *g = lua_newuserdatauv(L, sizeof *g, 0);
    g->script = lua_tostring(L, 2);
    g->name = lua_tostring(L, 3);
    g->faces = !lua_isnil(L, 4);
    g->clean = !lua_isnil(L, 5);
    g->exact = lua_toboolean(L, 6);
    lua_pushvalue(L, 1);       /* G_FN */
    lua_pushvalue(L, -2);      /* G_INFO */
    lua_pushvalue(L, 2);       /* G_SCRIPT */
    lua_pushvalue(L, 3);       /* G_NAME */
    lua_pushvalue(L, 4);       /* G_FACES */
    lua_pushvalue(L, 5);       /* G_CLEAN */
    lua_pushcclosure(L, guard_call, G_N - 1);
    return 1;
}

/* host.ran_out() -> true while a budget has run out: the sandbox's pcall
 * passes the error on instead of catching it */
static int budget_ran_out(lua_State *L)
{
    lua_pushboolean(L, B.depth > 0 && B.ran_out != RAN_OUT_NOT);
    return 1;
}

/* Arms thread L unless its hook is on already: arming again would start
 * its count afresh, and a script switching threads often would never be
 * counted. */
static void keep_armed(lua_State *L)
{
    if (B.armed && lua_gethook(L) != hook)
        lua_sethook(L, hook, LUA_MASKCOUNT, B.step);
}

/* Runs coroutine co (from L) as the budget's current thread, its hook on
 * when the budget's is; returns whether it did (a budget runs on L). A
 * coroutine's hook stays on when it yields: it counts on where it left,
 * and turns itself off once no budget runs. */
static int switch_to(lua_State *L, lua_State *co)
{
    if (B.depth == 0 || B.current != L)
        return 0;
    B.busy = 1;
    B.current = co;
    keep_armed(co);
    B.busy = 0;
    return 1;
}

static void switch_back(lua_State *L)
{
    B.busy = 1;
    B.current = L;
    keep_armed(L);
    B.busy = 0;
}

/* When coroutine co failed (its error on top of it): false and the error,
 * or the budget's error raised on. */
static int co_failed(lua_State *L, lua_State *co)
{
    lua_xmove(co, L, 1);
    if (B.depth > 0 && B.ran_out != RAN_OUT_NOT)
        return lua_error(L);
    lua_pushboolean(L, 0);
    lua_insert(L, -2);
    return 2;
}

/* host.resume(co, ...) -> as coroutine.resume, within the budget; the
 * budget's error is passed on, not returned */
static int budget_resume(lua_State *L)
{
    lua_State *co = lua_tothread(L, 1);
    luaL_argexpected(L, co, 1, "coroutine");
    int narg = lua_gettop(L) - 1;
    if (lua_status(co) == LUA_OK && lua_gettop(co) == 0) {
        lua_pushboolean(L, 0);
        lua_pushliteral(L, "cannot resume dead coroutine");
        return 2;
    }
    if (!lua_checkstack(co, narg)) {
        lua_pushboolean(L, 0);
        lua_pushliteral(L, "too many arguments to resume");
        return 2;
    }
    lua_xmove(L, co, narg);
    int switched = switch_to(L, co);
    int nres;
    int status = lua_resume(co, L, narg, &nres);
    if (switched)
        switch_back(L);
    if (status != LUA_OK && status != LUA_YIELD)
        return co_failed(L, co);
    if (!lua_checkstack(L, nres + 1)) {
        lua_pop(co, nres);
        lua_pushboolean(L, 0);
        lua_pushliteral(L, "too many results to resume");
        return 2;
    }
    lua_pushboolean(L, 1);
    lua_xmove(co, L, nres);
    return nres + 1;
}

/* host.close(co) -> as coroutine.close, within the budget */
static int budget_close(lua_State *L)
{
    lua_State *co = lua_tothread(L, 1);
    luaL_argexpected(L, co, 1, "coroutine");
    lua_Debug ar;
    if (co == L || (lua_status(co) == LUA_OK && lua_getstack(co, 0, &ar)))
        return luaL_error(L, "cannot close a running coroutine");
    int switched = switch_to(L, co);
    int status = lua_resetthread(co);
    if (switched)
        switch_back(L);
    if (status != LUA_OK)
        return co_failed(L, co);
    lua_pushboolean(L, 1);
    return 1;
}

/* The number on top as milliseconds from 0 or 0.01 to 10^7 seconds. */
static long command_ms(lua_State *L, const char *msg)
{
    lua_Number s = luaL_checknumber(L, -1);
    luaL_argcheck(L, s == 0 || (s >= 0.01 && s <= 1e7), 1, msg);
    return (long)(s * 1000 + 0.5);
}

/* host.budget([limits]) -> the limits: { instructions = a call's count,
 * seconds = a call's deadline, memory = MB while a call runs, command =
 * seconds all calls of a unit of work may spend together (0: no cap; the
 * user's --command-limit), default = the unit's cap unless command was
 * given, unit = what the unit is called ("move", "game", "command"),
 * trusted = { directory, ... } whose files are never blamed }, after
 * setting those given; { spent = 0 } starts a new unit. The answer adds
 * used (the Lua state's bytes) and spent (the unit's seconds so far). */
static int budget_limits(lua_State *L)
{
    if (!lua_isnoneornil(L, 1)) {
        luaL_checktype(L, 1, LUA_TTABLE);
        lua_getfield(L, 1, "instructions");
        if (!lua_isnil(L, -1)) {
            lua_Integer n = luaL_checkinteger(L, -1);
            luaL_argcheck(L, n >= 1, 1, "'instructions' must be positive");
            B.instructions = n;
        }
        lua_getfield(L, 1, "seconds");
        if (!lua_isnil(L, -1)) {
            lua_Number s = luaL_checknumber(L, -1);
            luaL_argcheck(L, s >= 0.01 && s <= 1e6, 1,
                          "'seconds' must be 0.01 to 1000000");
            B.ms = (long)(s * 1000 + 0.5);
        }
        lua_getfield(L, 1, "memory");
        if (!lua_isnil(L, -1)) {
            lua_Integer mb = luaL_checkinteger(L, -1);
            luaL_argcheck(L, mb >= 1 && mb <= ((lua_Integer)1 << 30), 1,
                          "'memory' must be 1 to 2^30 MB");
            B.limit = (size_t)mb << 20;
        }
        lua_getfield(L, 1, "command");
        if (!lua_isnil(L, -1)) {
            B.command_ms = command_ms(L, "'command' must be 0 or 0.01 to "
                                     "10000000");
            B.command_given = 1;
        }
        lua_getfield(L, 1, "default");
        if (!lua_isnil(L, -1)) {
            long ms = command_ms(L, "'default' must be 0 or 0.01 to "
                                 "10000000");
            if (!B.command_given)
                B.command_ms = ms;
        }
        lua_getfield(L, 1, "unit");
        if (!lua_isnil(L, -1))
            snprintf(B.unit, sizeof B.unit, "%s", luaL_checkstring(L, -1));
        lua_getfield(L, 1, "spent");
        if (!lua_isnil(L, -1)) {
            luaL_argcheck(L, lua_tonumber(L, -1) == 0, 1,
                          "'spent' can only be set to 0 (a new unit)");
            B.spent_ms = 0;
            wg_loan_reset();   /* none is left open between units */
        }
        lua_getfield(L, 1, "trusted");
        if (!lua_isnil(L, -1)) {
            luaL_checktype(L, -1, LUA_TTABLE);
            for (int i = 0; i < NTRUSTED; i++) {
                lua_rawgeti(L, -1, i + 1);
                const char *dir = lua_tostring(L, -1);
                snprintf(B.trusted[i], sizeof B.trusted[i], "%s",
                         dir ? dir : "");
                lua_pop(L, 1);
            }
        }
        lua_pop(L, 8);
    }
    lua_createtable(L, 0, 8);
    lua_pushinteger(L, B.instructions);
    lua_setfield(L, -2, "instructions");
    lua_pushnumber(L, B.ms / 1000.0);
    lua_setfield(L, -2, "seconds");
    lua_pushinteger(L, (lua_Integer)(B.limit >> 20));
    lua_setfield(L, -2, "memory");
    lua_pushnumber(L, B.command_ms / 1000.0);
    lua_setfield(L, -2, "command");
    lua_pushstring(L, B.unit);
    lua_setfield(L, -2, "unit");
    lua_pushnumber(L, B.spent_ms / 1000.0);
    lua_setfield(L, -2, "spent");
    lua_pushinteger(L, (lua_Integer)B.used);
    lua_setfield(L, -2, "used");
    return 1;
}

void wg_budget_open(lua_State *L)
{
    wrap_allocator(L);
}

const luaL_Reg wg_budget_functions[] = {
    { "guard", budget_guard },
    { "face", budget_face },
    { "ran_out", budget_ran_out },
    { "resume", budget_resume },
    { "close", budget_close },
    { "budget", budget_limits },
    { NULL, NULL }
};
