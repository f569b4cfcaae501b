/* core_lua.h: what the Lua bindings share -- the userdata types, their
 * checks, and the method tables each binding file contributes. */
#ifndef WG_CORE_LUA_H
#define WG_CORE_LUA_H

#include <signal.h>

#include <lauxlib.h>
#include <lua.h>

#include "actions.h"
#include "rules.h"
#include "state.h"

/* Every function of the core module has the three metatables as upvalues,
 * so checking a userdata is one pointer comparison. */
enum { UV_RULES = 1, UV_STATE, UV_ACTIONS, UV_COUNT = 3 };

/* Each userdata of the module starts with its kind's tag, so checking an
 * argument reads one word (lua_rawlen says the block holds it; a light
 * userdata has none) instead of fetching and comparing its metatable: a
 * userdata of another library does not begin with these numbers. */
#define WG_TAG_RULES 0x9e3779b97f4a7c15ULL
#define WG_TAG_STATE 0xbf58476d1ce4e5b9ULL
#define WG_TAG_ACTIONS 0x94d049bb133111ebULL

typedef struct { uint64_t tag; wg_rules *r; } wg_lrules;
/* A state or an action list is an owner (it owns the C object) or a
 * handle lent to a script (lend_lua.c): the handle points to its owner's
 * object and works while a loan it was lent in is open. */
typedef struct {
    uint64_t tag;
    wg_state *s;          /* NULL: freed, or handed over */
    int lent;             /* 1: a handle; 2: handed over (lend_lua.c) */
    uint64_t gen;         /* a handle's loan */
} wg_lstate;              /* uservalues: 1 its rules; 2 an owner's handle,
                           * or a handle's owner */
typedef struct {
    uint64_t tag;
    wg_actlist *p;        /* &l for an owner; a handle: its owner's; NULL
                           * when handed over */
    wg_actlist l;
    int lent;             /* as a state's */
    uint64_t gen;
} wg_lactions;            /* uservalue 1: an owner's handle, or a
                           * handle's owner */
/* a piece-square table (rules:piece_squares), for s:material */
#define WG_TAG_SQUARES 0xd6e8feb86659fd93ULL
typedef struct {
    uint64_t tag;
    int ntypes, nsq;
    double v[];   /* wg_state_material's layout */
} wg_lsquares;

/* The flag Ctrl-C sets once core.on_interrupt caught it (sys_lua.c): a
 * search given it ends when it is set. */
const volatile sig_atomic_t *wg_interrupt_flag(void);

wg_rules *wg_check_rules(lua_State *L, int i);
wg_state *wg_check_state(lua_State *L, int i);
wg_actlist *wg_check_actions(lua_State *L, int i);

/* Raises the error for a failed runtime call (rc < 0; see rc.h): "out of
 * memory" for WG_ENOMEM, else `what` (or, when NULL, what the code means). */
void wg_check_rc(lua_State *L, int rc, const char *what);

/* Checks argument i as an integer from lo to hi, before any arithmetic or
 * narrowing cast: msg names the argument ("'n' must be 0 to 1000"). */
lua_Integer wg_check_range(lua_State *L, int i, lua_Integer lo,
                           lua_Integer hi, const char *msg);
/* Checks argument i as a value a state word holds (32-bit signed); what
 * names it. */
int32_t wg_check_word(lua_State *L, int i, const char *what);

/* Reads field key of the table argument t (called name: "spec", "opts")
 * as an integer from lo to hi, or def when it is nil. */
lua_Integer wg_opt_field(lua_State *L, int t, const char *name,
                         const char *key, lua_Integer def, lua_Integer lo,
                         lua_Integer hi);

/* Reads field key of the table argument t as a list of actions, into a
 * userdata pushed (it holds them while it stays on the stack) whose
 * actions are returned, their number in *n; NULL and *n = 0 (nothing
 * pushed) when the field is nil. */
const wg_action *wg_opt_actions(lua_State *L, int t, const char *key,
                                int *n);

/* Checks argument i as a square of r's board. */
int wg_check_square(lua_State *L, const wg_rules *r, int i);
int wg_check_side(lua_State *L, int i);
int wg_check_piece(lua_State *L, const wg_state *s, int i);

/* Tells Lua's collector how much the runtime's C memory grew since it was
 * last told (called as a userdata owning C memory is made). */
void wg_gc_account(lua_State *L);

/* Pushes a new state userdata owning s, tied to the rules at index ri. */
void wg_push_state(lua_State *L, wg_state *s, int ri);

/* Phases dispatched from C (phase_lua.c). */
enum { WG_MAX_PHASES = 32 };
struct wg_phase {
    int fn;                /* stack index of its actions function */
    int ends_fn;           /* of its ends method, or 0 */
    const char *ends_name; /* that method's name */
    int var[2];            /* the counter (each side's) that ends it, or -1 */
    int neg;               /* it ends when the counter is not `value` */
    lua_Integer value;
    int next;              /* the phase that follows (0-based), or -1 */
};
typedef struct {
    int n;                 /* phases; 0: the game lists its own actions */
    int derived;           /* its first phase is derived: no stored word */
    struct wg_phase p[WG_MAX_PHASES];
} wg_phases;
/* Reads the declared phases of the game at index game when its actions
 * are wargrid.game's dispatcher (game.actions is game.phase_actions),
 * pushing what the driver needs for its run (the phases' functions); n is
 * 0 when the game lists its own actions. */
void wg_phases_read(lua_State *L, int game, wg_phases *ph);
/* The stack index of the actions function of the phase s is in; 0 when an
 * ends method failed (its error on top, as wg_budget_pcall leaves it). */
int wg_phases_pick(lua_State *L, const wg_phases *ph, const wg_state *s,
                   int game, int state, const char *script);

/* Lending (lend_lua.c). An untrusted script is handed, in place of each
 * state and action list, a handle that works while the loan it was lent
 * in is open: around a script's call, or a driver's run. */
/* Opens a loan; returns the mark wg_loan_close takes. */
int wg_loan_open(lua_State *L);
/* Closes the loan (and any opened after it and left open). */
void wg_loan_close(int mark);
/* Closes every loan: a new unit of work starts (host.budget). */
void wg_loan_reset(void);
/* Pushes the handle of the owner at i (made once per owner), valid in the
 * open loans, and returns 1; pushes the value itself and returns 0 when it
 * is no owner or no loan is open. The owner must stay referenced
 * elsewhere (a driver's own slot, the caller's arguments). */
int wg_lend(lua_State *L, int i);
/* A handle lent in the loan of generation gen works now: the loans open,
 * innermost last (lend_lua.c's; read at every method call on a handle). */
extern uint64_t wg_lend_open_gen[];
extern int wg_lend_nopen;
static inline int wg_lend_valid(uint64_t gen)
{
    for (int k = wg_lend_nopen - 1; k >= 0; k--)
        if (wg_lend_open_gen[k] == gen)
            return 1;
    return 0;
}
/* Why a call's results, from index first to the top, cannot be taken (a
 * handle lent to a call that has ended, a state or list the script handed
 * over before: kept beyond its call), or NULL; asked while the call's own
 * loan is open. */
const char *wg_loan_refused(lua_State *L, int first);
/* A call's results, from index first to the top: a handle becomes its
 * owner, a state or list the script made is taken over (its userdata is
 * left empty). */
void wg_loan_results(lua_State *L, int first);

extern const luaL_Reg wg_grid_methods[];     /* grid_lua.c: on rules */
extern const luaL_Reg wg_rules_methods[];    /* rules_lua.c */
extern const luaL_Reg wg_state_methods[];    /* state_lua.c */
extern const luaL_Reg wg_turn_methods[];     /* turn_lua.c: on states */
extern const luaL_Reg wg_trace_methods[];    /* trace_lua.c: on states */
extern const luaL_Reg wg_rng_methods[];      /* rng_lua.c: on states */
extern const luaL_Reg wg_shot_methods[];     /* shot_lua.c: on states */
extern const luaL_Reg wg_deck_methods[];     /* deck_lua.c: on states */
extern const luaL_Reg wg_fire_methods[];     /* fire_lua.c: on states */
extern const luaL_Reg wg_order_methods[];    /* order_lua.c: on states */
extern const luaL_Reg wg_fire_rules_methods[];  /* fire_lua.c: on rules */
extern const luaL_Reg wg_actions_methods[];  /* actions_lua.c */
extern const luaL_Reg wg_core_functions[];   /* the module's own functions */
extern const luaL_Reg wg_host_functions[];   /* host_lua.c: wargrid.host's */
extern const luaL_Reg wg_rules_functions[];
extern const luaL_Reg wg_actions_functions[];
extern const luaL_Reg wg_drive_functions[];  /* drive_lua.c */
extern const luaL_Reg wg_sys_functions[];    /* sys_lua.c */
extern const luaL_Reg wg_mcts_functions[];   /* mcts_lua.c */
extern const luaL_Reg wg_search_functions[]; /* search_lua.c */
extern const luaL_Reg wg_proc_functions[];   /* proc_lua.c */
extern const luaL_Reg wg_budget_functions[]; /* budget_lua.c */
int wg_actions_len(lua_State *L);
LUAMOD_API int luaopen_wargrid_core(lua_State *L);
LUAMOD_API int luaopen_wargrid_host(lua_State *L);
/* Pushes a new empty action list (actions_lua.c); the calling function
 * must have the module's upvalues, as every function of core has. */
void wg_push_actions(lua_State *L);
/* Pushes the function game[k] (the table at index game), or nil when it
 * has none, and returns its index; a required one missing is an error
 * naming the driver `who` ("mcts", "search"). core_lua.c */
int wg_game_function(lua_State *L, int game, const char *k, int required,
                     const char *who);

/* The host's own callbacks to a driver (the search's opts.input): the
 * function opts[k] (opts is an argument), or nil, pushed; returns its
 * index. wg_host_ask calls the one at fn, which tells (true) whether the
 * search must stop for the input that came, or with a number n >= 0 that
 * it goes on for n seconds more from now (*more = n), its budget of time
 * what it was or not: WG_OK, or WG_ECALLBACK with its error on top. Not
 * under a budget: the host is trusted. core_lua.c */
int wg_host_function(lua_State *L, int opts, const char *k);
int wg_host_ask(lua_State *L, int fn, int *stop, double *more);

/* budget_lua.c: a Lua state whose allocator counts memory for the budget
 * (the wargrid executable), and counting from now on in a state made
 * elsewhere (the module in a plain Lua) */
lua_State *wg_budget_newstate(void);
void wg_budget_open(lua_State *L);

/* The runtime's drivers (perft, playouts, the search) call a game's
 * callbacks many times a second; for an untrusted game they call the
 * script's own functions with a budget each, not the face's guards.
 * wg_budget_face: if the table at i is the face of an untrusted game,
 * pushes the script's own game and returns the script's path (which the
 * face keeps alive); else pushes nothing and returns NULL. */
const char *wg_budget_face(lua_State *L, int i);
/* lua_call of the function below nargs arguments under a budget of its
 * own, named as script's callback `name` (a plain lua_call when script is
 * NULL or a budget runs). An error leaves the budget running: the driver
 * runs protected and passes the error to wg_budget_raise. */
void wg_budget_call(lua_State *L, int nargs, int nresults,
                    const char *script, const char *name);
/* Raises the error on top, first ending the budget it ran out of (and
 * saying so) when it comes from a budgeted call. */
int wg_budget_raise(lua_State *L, int status);
/* lua_pcall under a budget (as wg_budget_call); on failure the message to
 * give is on top and the budget has ended. */
int wg_budget_pcall(lua_State *L, int nargs, int nresults,
                    const char *script, const char *name);

#endif
