/* mcts.h: Monte Carlo tree search (UCT) over any game -- open loop, so chance
 * and hidden information are resampled each iteration; the game is reached
 * through callbacks. */
#ifndef WG_MCTS_H
#define WG_MCTS_H

#include "actions.h"
#include "input.h"
#include "state.h"

/* What the search needs from a game. Each returns WG_OK, or WG_ECALLBACK
 * after an error (the search stops and returns it). */
typedef struct wg_mcts_ops {
    void *ctx;
    /* The legal actions of state s (none iff the game is over). */
    int (*actions)(void *ctx, wg_state *s, wg_actlist *out);
    int (*play)(void *ctx, wg_state *s, wg_action a);
    /* For a finished game: *winner = 1 or 2, or 0 for a draw. */
    int (*result)(void *ctx, wg_state *s, int *winner);
    /* Optional: *ended = 1 when the game ends at s though actions remain
     * (game:over), with *winner as result's. */
    int (*over)(void *ctx, wg_state *s, int *ended, int *winner);
    /* Optional: the chance of winning for `side` in an unfinished game,
     * from 0 to 1, to end a playout early. */
    int (*evaluate)(void *ctx, wg_state *s, int side, double *value);
    /* Optional: reorders the legal actions at a tree node, most promising
     * first; new nodes are then expanded in that order (else at random). */
    int (*order)(void *ctx, wg_state *s, wg_actlist *l);
    /* Optional: the state to search this iteration, as the root player
     * may know it (hidden information sampled with the seed). Returns the
     * state in *out, which the search may change freely; NULL: use root. */
    int (*sample)(void *ctx, uint64_t seed, wg_state **out);
    /* Optional: asked when input waits on opts.stop_fd (wg_input's ask);
     * without it, input stops the search. */
    int (*input)(void *ctx, int *stop, double *more);
} wg_mcts_ops;

typedef struct wg_mcts_opts {
    int iterations;       /* stop after this many (0: no limit) */
    double seconds;       /* stop after this much time (0: no limit) */
    /* Input waiting on this file descriptor (a GUI's command) ends the
     * search as its time would (-1: none). With neither iterations nor
     * seconds, the search runs until then. */
    int stop_fd;
    uint64_t seed;
    double explore;       /* the UCT constant */
    int playout_depth;    /* plies of random playout before evaluating
                             (0: evaluate the new node itself); negative:
                             play to the end of the game */
    int max_plies;        /* a playout longer than this is a draw */
    int repetition_draw;  /* the game draws on repetition: in the tree, a
                             position seen before counts as a draw */
    int widen;            /* with an order: expand only the first 2 + sqrt(v)
                             actions of a node visited v times */
    /* The root's actions to choose among: the legal ones of only[0..nonly)
     * (every legal one when none is), the others never tried. */
    const wg_action *only;
    int nonly;
} wg_mcts_opts;

typedef struct wg_mcts_stats {
    int iterations, nodes, max_depth;
    double seconds;
    int root_visits;
    double value;         /* mean reward of the chosen action */
    int input;            /* input on stop_fd ended it */
} wg_mcts_stats;

void wg_mcts_defaults(wg_mcts_opts *o);

/* Chooses an action for the decider of root. The root state is left as it
 * was. Returns WG_OK, WG_OVER if there is no legal action, WG_ECALLBACK after
 * a callback error, WG_ENOMEM when memory runs out. */
int wg_mcts_search(wg_state *root, const wg_mcts_ops *ops,
                   const wg_mcts_opts *o, wg_action *best, wg_mcts_stats *st);

#endif
