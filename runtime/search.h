/* search.h: alpha-beta search over any game of perfect information without
 * chance -- the game is reached through callbacks; helper processes share
 * its transposition table (lazy SMP). */
#ifndef WG_SEARCH_H
#define WG_SEARCH_H

#include <signal.h>

#include "actions.h"
#include "input.h"
#include "state.h"

#define WG_SEARCH_MAX_PLY 96       /* plies from the root, quiescence too */
#define WG_SEARCH_MAX_THREADS 16
/* A won game scores WG_SEARCH_WIN less the plies to it; evaluations are
 * kept below WG_SEARCH_EVAL_MAX. */
#define WG_SEARCH_WIN 100000000
#define WG_SEARCH_EVAL_MAX 50000000

typedef struct wg_search_stats wg_search_stats;  /* below */

/* What the search needs from a game. Each returns WG_OK, or WG_ECALLBACK
 * after an error (the search stops and returns it). */
typedef struct wg_search_ops {
    void *ctx;
    /* The legal actions of s (none iff the game is over). */
    int (*actions)(void *ctx, wg_state *s, wg_actlist *out);
    int (*play)(void *ctx, wg_state *s, wg_action a);
    /* For a finished game: *winner = 1 or 2, or 0 for a draw. */
    int (*result)(void *ctx, wg_state *s, int *winner);
    /* Optional: *ended = 1 when the game ends at s though actions remain
     * (a rule such as the fifty-move rule), with *winner as result's. */
    int (*over)(void *ctx, wg_state *s, int *ended, int *winner);
    /* The value of unfinished s for `side`, in hundredths of the game's
     * units (a pawn, a square). */
    int (*evaluate)(void *ctx, wg_state *s, int side, int32_t *score);
    /* Optional: reorders the legal actions, most promising first, and
     * tells in *forcing how many of the first are forcing (captures): the
     * search tries its killers after those. */
    int (*order)(void *ctx, wg_state *s, wg_actlist *l, int *forcing);
    /* Optional: fills out with the forcing actions of s, which quiescence
     * searches (Courier: captures and promotions), most promising first;
     * *all = 1 when they are every legal action (Courier: in check), so
     * that none means the game is over. */
    int (*forcing)(void *ctx, wg_state *s, wg_actlist *out, int *all);
    /* Optional: *check = 1 when `side` is in check (a royal piece of it
     * attacked): the search then extends and prunes nothing there. */
    int (*in_check)(void *ctx, wg_state *s, int side, int *check);
    /* Optional: asked when input waits on opts.stop_fd (wg_input's ask);
     * without it, input stops the search. */
    int (*input)(void *ctx, int *stop, double *more);
    /* Optional: told of each iteration the main process completes (the
     * root state is as it was), with the statistics so far. */
    int (*progress)(void *ctx, const wg_search_stats *st);
    /* Optional: the message of the callback that failed, copied into buf
     * (a helper process's, for the main one), and that message made the
     * failure's in the main process. */
    void (*failure)(void *ctx, char *buf, size_t size);
    void (*fail)(void *ctx, const char *msg);
} wg_search_ops;

typedef struct wg_search_opts {
    int depth;            /* the deepest iteration (0: no limit) */
    long nodes;           /* stop after about this many nodes (0: none) */
    double seconds;       /* stop after this much time (0: no limit) */
    int cpu;              /* seconds of processor time, not the wall's */
    int threads;          /* processes searching (1: this one alone) */
    int repetition_draw;  /* a position seen before is a draw */
    int tt_bits;          /* log2 of the table's entries (0: by budget) */
    int lmr;              /* reduce late quiet actions */
    int aspiration;       /* a window around the last score, in 1/100 */
    /* Passing the turn (wg_turn_end) is never better than an action, in
     * the positions the search meets: a null move searched shallower that
     * still fails high ends the node. */
    int null_move;
    /* At the last plies, leave out quiet actions that cannot bring the
     * score up to alpha: futility (1/100 a ply of depth, 0: none), and
     * late-move pruning (quiet actions after this many searched, times
     * the depth squared, 0: none). */
    int futility;
    int lmp;
    int check_ext;        /* an action that gives check searches a ply on */
    /* Each piece type's value (1/100), t = 0..ntypes, a royal one above
     * the rest; with it, captures that lose material by static exchange
     * (wg_exchange) are tried last, and quiescence leaves them out. */
    const int32_t *values;
    /* The root's actions to choose among: the legal ones of only[0..nonly)
     * (every legal one when none is), the others never searched. */
    const wg_action *only;
    int nonly;
    /* Up to this much (1/100) is added to or taken from each evaluation,
     * by a hash of the position and the seed: games from one position
     * differ by seed, and the search stays repeatable. */
    int noise;
    uint64_t seed;
    /* Input waiting on this file descriptor (a GUI's command) ends the
     * search as its time would (-1: none). */
    int stop_fd;
    /* A flag that, once set (by Ctrl-C's handler), ends the search as its
     * time would (NULL: none). */
    const volatile sig_atomic_t *interrupt;
} wg_search_opts;

struct wg_search_stats {
    int depth;            /* the last iteration completed */
    int seldepth;         /* the deepest ply reached, quiescence too */
    long nodes;           /* every process's */
    long nodes_main;      /* this process's */
    double seconds;
    int32_t score;        /* for the decider of the root, see WG_SEARCH_WIN */
    int threads;          /* processes that searched */
    int input;            /* input on stop_fd ended it */
    long cutoffs[4];      /* null move, futility, late moves, exchange */
    int pvlen;
    wg_action pv[WG_SEARCH_MAX_PLY];
};

void wg_search_defaults(wg_search_opts *o);

/* Chooses an action for the decider of root, among opts.only when it
 * names any. The root state is left as it was. A single legal action is returned without a search. Returns WG_OK,
 * WG_OVER if there is no legal action, WG_ECALLBACK after a callback error,
 * WG_ENOMEM when memory runs out. Deterministic with one thread and a node
 * or depth budget. */
int wg_search(wg_state *root, const wg_search_ops *ops,
              const wg_search_opts *o, wg_action *best,
              wg_search_stats *st);

#endif
