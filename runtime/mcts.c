/* mcts.c: Monte Carlo tree search (UCT) over any game -- open loop, so chance
 * and hidden information are resampled each iteration. */
#include "mcts.h"
#include "mem.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "turn.h"

/* A node is reached by an action from its parent; the tree is open loop:
 * the state at a node is whatever playing the actions from the root gives
 * this iteration (chance may differ), and the actions legal there are
 * generated each time. */
typedef struct node {
    wg_action action;
    int32_t parent;
    int32_t visits;
    double reward;        /* summed rewards of `player`, who chose action */
    int8_t player;
    int8_t proven;        /* 1 a sure win for player, -1 a sure loss, 0 open */
    int8_t chance;        /* reaching it drew on the state's random generator */
    int32_t kids;         /* children made so far */
    int32_t known;        /* its legal actions kept (see tree.kept), or -1 */
} node;

/* The legal actions of a node the search went through, as generated
 * (pool + at, n of them) and once the game ordered them (pool + ordered,
 * or -1): kept when every iteration reaches the node in the same state
 * (no chance on the way, no sampled state), so that generating and
 * ordering them again would give them again. */
typedef struct kept {
    int64_t at, ordered;
    int n;
} kept;

typedef struct tree {
    node *n;
    int len, cap;
    int32_t *slot;        /* hash of (parent, action) -> node, -1 empty */
    int hcap;
    wg_actlist *lists;    /* one per depth, reused */
    int nlists;
    wg_actlist playout;   /* the playouts' own */
    int solve;            /* prove wins and losses (no sampled states) */
    int32_t *path;
    int pathcap;
    uint64_t rng;
    /* With no sampling the root's state is the same every iteration, and
     * so are its legal actions: generated once (root), and without the
     * game's order each one's child is root_child[i] (-1: none yet), not a
     * hash probe -- Amazons has ~2,200 actions at the root. */
    const wg_actlist *root;
    int32_t *root_child;
    kept *kept;
    int nkept, keptcap;
    wg_action *pool;
    int64_t pooln, poolcap;
} tree;

/* Actions kept at most, over all nodes: past this the search generates
 * again (a node's list is kept once it has children; Amazons' lists are
 * ~2,200 actions, so a few hundred such nodes). */
#define KEEP_MAX (1 << 20)

/* Appends l's actions to the pool; returns their offset, or -1 when the
 * pool is full or memory runs out (then nothing is kept). */
static int64_t keep_list(tree *t, const wg_actlist *l)
{
    if (t->pooln + l->n > KEEP_MAX)
        return -1;
    if (t->pooln + l->n > t->poolcap) {
        int64_t cap = t->poolcap ? t->poolcap * 2 : 4096;
        while (cap < t->pooln + l->n)
            cap *= 2;
        wg_action *p = wg_realloc(t->pool, (size_t)cap * sizeof *p);
        if (!p)
            return -1;
        t->pool = p;
        t->poolcap = cap;
    }
    memcpy(t->pool + t->pooln, l->a, (size_t)l->n * sizeof *l->a);
    t->pooln += l->n;
    return t->pooln - l->n;
}

/* Keeps node c's legal actions l, as generated; nothing when it cannot. */
static void keep_node(tree *t, int32_t c, const wg_actlist *l)
{
    if (t->nkept == t->keptcap) {
        int cap = t->keptcap ? t->keptcap * 2 : 64;
        kept *k = wg_realloc(t->kept, (size_t)cap * sizeof *k);
        if (!k)
            return;
        t->kept = k;
        t->keptcap = cap;
    }
    int64_t at = keep_list(t, l);
    if (at < 0)
        return;
    t->kept[t->nkept] = (kept){ .at = at, .ordered = -1, .n = l->n };
    t->n[c].known = t->nkept++;
}

/* Fills l from the pool at offset at, n actions. */
static int from_pool(tree *t, wg_actlist *l, int64_t at, int n)
{
    while (l->cap < n)
        WG_TRY(wg_actlist_grow(l));
    memcpy(l->a, t->pool + at, (size_t)n * sizeof *l->a);
    l->n = n;
    return WG_OK;
}

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

static uint32_t below(tree *t, uint32_t n)
{
    return wg_rng_next(&t->rng, n);
}

static uint64_t key(int32_t parent, wg_action a)
{
    return wg_mix64((uint64_t)parent * 0x100000001b3ULL ^ a);
}

/* The child of parent by action a, or -1 when it is not in the tree. */
static int32_t find(const tree *t, int32_t parent, wg_action a)
{
    uint32_t mask = (uint32_t)t->hcap - 1;
    for (uint32_t i = (uint32_t)key(parent, a) & mask;; i = (i + 1) & mask) {
        int32_t c = t->slot[i];
        if (c < 0)
            return -1;
        if (t->n[c].parent == parent && t->n[c].action == a)
            return c;
    }
}

static void insert(tree *t, int32_t c)
{
    uint32_t mask = (uint32_t)t->hcap - 1;
    uint32_t i = (uint32_t)key(t->n[c].parent, t->n[c].action) & mask;
    while (t->slot[i] >= 0)
        i = (i + 1) & mask;
    t->slot[i] = c;
}

static int grow_hash(tree *t)
{
    int cap = t->hcap ? t->hcap * 2 : 1024;
    int32_t *slot = wg_malloc((size_t)cap * sizeof *slot);
    if (!slot)
        return WG_ENOMEM;
    wg_free(t->slot);
    t->slot = slot;
    t->hcap = cap;
    memset(slot, 0xff, (size_t)cap * sizeof *slot);
    for (int32_t c = 1; c < t->len; c++)
        insert(t, c);
    return WG_OK;
}

static int32_t add_node(tree *t, int32_t parent, wg_action a, int player)
{
    if (t->len == t->cap) {
        int cap = t->cap ? t->cap * 2 : 1024;
        node *n = wg_realloc(t->n, (size_t)cap * sizeof *n);
        if (!n)
            return WG_ENOMEM;
        t->n = n;
        t->cap = cap;
    }
    if (2 * (t->len + 1) > t->hcap)
        WG_TRY(grow_hash(t));
    int32_t c = t->len++;
    t->n[c] = (node){ .action = a, .parent = parent, .player = (int8_t)player,
                      .known = -1 };
    if (c > 0) {
        insert(t, c);
        t->n[parent].kids++;
    }
    return c;
}

static wg_actlist *list_at(tree *t, int depth)
{
    if (depth >= t->nlists) {
        int n = depth + 16;
        wg_actlist *l = wg_realloc(t->lists, (size_t)n * sizeof *l);
        if (!l)
            return NULL;
        memset(l + t->nlists, 0, (size_t)(n - t->nlists) * sizeof *l);
        t->lists = l;
        t->nlists = n;
    }
    t->lists[depth].n = 0;
    return &t->lists[depth];
}

static int push_path(tree *t, int depth, int32_t c)
{
    if (depth >= t->pathcap) {
        int cap = depth + 64;
        int32_t *p = wg_realloc(t->path, (size_t)cap * sizeof *p);
        if (!p)
            return WG_ENOMEM;
        t->path = p;
        t->pathcap = cap;
    }
    t->path[depth] = c;
    return WG_OK;
}

/* Reward for side 1 of a finished game. */
static double reward_of(int winner)
{
    return winner == 1 ? 1.0 : winner == 2 ? 0.0 : 0.5;
}

/* Fills l with the legal actions of s. Returns WG_OVER when there are none
 * (*r1 is then side 1's reward), WG_OK when there are, or an error. */
static int legal_or_end(wg_state *s, const wg_mcts_ops *ops, wg_actlist *l,
                        double *r1)
{
    l->n = 0;
    WG_TRY(ops->actions(ops->ctx, s, l));
    if (l->n)
        return WG_OK;
    int winner;
    WG_TRY(ops->result(ops->ctx, s, &winner));
    *r1 = reward_of(winner);
    return WG_OVER;
}

/* Makes l a copy of src (the root's actions); WG_OK or WG_ENOMEM. */
static int copy_list(wg_actlist *l, const wg_actlist *src)
{
    while (l->cap < src->n)
        WG_TRY(wg_actlist_grow(l));
    memcpy(l->a, src->a, (size_t)src->n * sizeof *l->a);
    l->n = src->n;
    return WG_OK;
}

/* Plays at random from s; *r1 gets side 1's reward. */
static int playout(tree *t, wg_state *s, const wg_mcts_ops *ops,
                   const wg_mcts_opts *o, int plies, double *r1)
{
    wg_actlist *l = &t->playout;
    for (int depth = 0;; depth++, plies++) {
        int end = legal_or_end(s, ops, l, r1);
        if (end != WG_OK)
            return end < 0 ? end : WG_OK;
        if (plies >= o->max_plies) {
            *r1 = 0.5;
            return WG_OK;
        }
        if (o->playout_depth >= 0 && depth >= o->playout_depth) {
            double v = 0.5;
            if (ops->evaluate)
                WG_TRY(ops->evaluate(ops->ctx, s, 1, &v));
            *r1 = v;
            return WG_OK;
        }
        WG_TRY(ops->play(ops->ctx, s, l->a[below(t, (uint32_t)l->n)]));
    }
}

/* Tries to settle node p, whose legal actions are in lists[depth]: it is
 * won for the player deciding there if one action surely wins, lost if all
 * surely lose. Returns 1 if p became proven. Chance breaks proofs. */
static int prove(tree *t, int32_t p, int depth)
{
    node *np = &t->n[p];
    if (np->proven || np->chance)
        return 0;
    const wg_actlist *l = &t->lists[depth];
    int32_t *kids = p == 0 ? t->root_child : NULL;  /* lists[0]: the root's */
    int decider = 0, all_lost = l->n > 0;
    for (int i = 0; i < l->n; i++) {
        int32_t c = kids ? kids[i] : find(t, p, l->a[i]);
        const node *n = c >= 0 ? &t->n[c] : NULL;
        if (!n || n->chance || n->proven >= 0) {
            all_lost = 0;
            if (n && !n->chance && n->proven > 0) {
                decider = n->player;
                goto won;
            }
            continue;
        }
        decider = n->player;
    }
    if (!all_lost)
        return 0;
    np->proven = p == 0 ? -1 : (np->player == decider ? -1 : 1);
    return 1;
won:
    np->proven = p == 0 ? 1 : (np->player == decider ? 1 : -1);
    return 1;
}

/* One iteration: select down the tree, expand one node, play out, back up. */
static int iterate(tree *t, wg_state *s, const wg_mcts_ops *ops,
                   const wg_mcts_opts *o, int *max_depth)
{
    int32_t cur = 0;
    int depth = 0;
    double r1 = 0.5;
    int same = t->solve;   /* the state at cur is the same every iteration */
    WG_TRY(push_path(t, 0, 0));
    for (;;) {
        wg_actlist *l = list_at(t, depth);
        if (!l)
            return WG_ENOMEM;
        int at_root = depth == 0 && t->root;
        const kept *k = same && t->n[cur].known >= 0
                        ? &t->kept[t->n[cur].known] : NULL;
        int end = at_root ? copy_list(l, t->root)
                  : k ? from_pool(t, l, k->at, k->n)
                  : legal_or_end(s, ops, l, &r1);
        if (end < 0)
            return end;
        if (end == WG_OK && same && !k && t->n[cur].kids > 0) {
            keep_node(t, cur, l);   /* a node gone through a second time */
            k = t->n[cur].known >= 0 ? &t->kept[t->n[cur].known] : NULL;
        }
        if (end == WG_OVER) {
            /* a sure outcome, unless chance or sampled hidden information
             * led here: another iteration may end differently */
            node *n = &t->n[cur];
            if (t->solve && cur > 0 && r1 != 0.5 && !n->chance)
                n->proven = (r1 == 1.0) == (n->player == 1) ? 1 : -1;
            break;
        }
        /* Widening progressively (with the game's order), a node visited v
         * times gets at most 2 + sqrt(v) children, the most promising first;
         * the order is asked for only when a child may be added. */
        const node *here = &t->n[cur];
        int room = here->kids < l->n
                   && (!o->widen
                       || here->kids < 2 + (int)sqrt((double)here->visits));
        if (ops->order && room) {
            if (k && k->ordered >= 0) {
                WG_TRY(from_pool(t, l, k->ordered, k->n));
            } else {
                WG_TRY(ops->order(ops->ctx, s, l));
                if (k && l->n == k->n) {
                    int64_t at = keep_list(t, l);
                    t->kept[t->n[cur].known].ordered = at;
                }
            }
        }
        int decider = wg_turn_decider(s);
        double logn = log((double)t->n[cur].visits + 1.0);
        int32_t best = -1;
        double best_ucb = -1.0;
        wg_action untried = 0;
        uint32_t nuntried = 0;
        int untried_i = 0;
        int32_t *kids = at_root ? t->root_child : NULL;
        for (int i = 0; i < l->n; i++) {
            int32_t c = kids ? kids[i] : find(t, cur, l->a[i]);
            if (c < 0) {
                /* the first in the game's order, or a uniform pick */
                if (ops->order ? !nuntried++ : below(t, ++nuntried) == 0) {
                    untried = l->a[i];
                    untried_i = i;
                }
                continue;
            }
            const node *n = &t->n[c];
            double ucb = n->reward / n->visits
                         + o->explore * sqrt(logn / n->visits);
            /* known outcomes */
            if (n->proven && !n->chance)
                ucb = n->proven > 0 ? 1e9 : -1.0 + ucb * 1e-9;
            if (ucb > best_ucb) {
                best_ucb = ucb;
                best = c;
            }
        }
        int32_t child = best;
        if (!room && best >= 0)
            nuntried = 0;
        if (nuntried && !(best >= 0 && best_ucb >= 1e9)) {
            child = add_node(t, cur, untried, decider);
            if (child < 0)
                return child;
            if (kids)
                kids[untried_i] = child;
        } else {
            nuntried = 0;
        }
        uint32_t rng_lo = (uint32_t)s->w[W_RNG_LO],
                 rng_hi = (uint32_t)s->w[W_RNG_HI];
        WG_TRY(ops->play(ops->ctx, s, t->n[child].action));
        if ((uint32_t)s->w[W_RNG_LO] != rng_lo
            || (uint32_t)s->w[W_RNG_HI] != rng_hi)
            t->n[child].chance = 1;
        depth++;
        WG_TRY(push_path(t, depth, child));
        cur = child;
        same = same && !t->n[child].chance;
        if (o->repetition_draw && wg_state_repetitions(s) > 0) {
            r1 = 0.5;  /* going round in circles: no progress for either side */
            break;
        }
        if (nuntried) {
            WG_TRY(playout(t, s, ops, o, depth, &r1));
            break;
        }
    }
    if (depth > *max_depth)
        *max_depth = depth;
    t->n[0].visits++;
    for (int i = 1; i <= depth; i++) {
        node *n = &t->n[t->path[i]];
        n->visits++;
        n->reward += n->player == 1 ? r1 : 1.0 - r1;
    }
    if (t->solve)
        for (int i = depth; i >= 1 && prove(t, t->path[i - 1], i - 1); i--)
            ;
    return WG_OK;
}

void wg_mcts_defaults(wg_mcts_opts *o)
{
    memset(o, 0, sizeof *o);
    o->iterations = 1000;
    o->explore = 1.0;
    o->playout_depth = -1;
    o->max_plies = 1000;
    o->stop_fd = -1;
}

static void free_tree(tree *t)
{
    wg_free(t->n);
    wg_free(t->slot);
    for (int i = 0; i < t->nlists; i++)
        wg_actlist_free(&t->lists[i]);
    wg_free(t->lists);
    wg_actlist_free(&t->playout);
    wg_free(t->path);
    wg_free(t->root_child);
    wg_free(t->kept);
    wg_free(t->pool);
}

int wg_mcts_search(wg_state *root, const wg_mcts_ops *ops,
                   const wg_mcts_opts *o, wg_action *best, wg_mcts_stats *st)
{
    tree t;
    memset(&t, 0, sizeof t);
    t.rng = o->seed;
    t.solve = ops->sample == NULL;
    wg_mcts_stats stats;
    memset(&stats, 0, sizeof stats);
    double start = now();
    wg_actlist legal = { 0 };
    int rc = ops->actions(ops->ctx, root, &legal);
    if (rc < 0)
        goto done;
    if (legal.n == 0) {
        rc = WG_OVER;
        goto done;
    }
    if (add_node(&t, -1, 0, 0) < 0) {
        rc = WG_ENOMEM;
        goto done;
    }
    if (!ops->sample) {
        t.root = &legal;
        if (!ops->order) {
            t.root_child = wg_malloc((size_t)legal.n * sizeof *t.root_child);
            if (!t.root_child) {
                rc = WG_ENOMEM;
                goto done;
            }
            memset(t.root_child, 0xff,
                   (size_t)legal.n * sizeof *t.root_child);
        }
    }
    wg_input in = { .fd = o->stop_fd, .ask = ops->input, .ctx = ops->ctx };
    while (legal.n > 1 && !t.n[0].proven) {
        if (o->iterations && stats.iterations >= o->iterations)
            break;
        if (!o->iterations && o->seconds <= 0 && in.fd < 0)
            break;
        if ((stats.iterations & 15) == 0 && (o->seconds > 0 || in.fd >= 0)) {
            double t = now();
            if (o->seconds > 0 && t - start >= o->seconds)
                break;
            /* after one iteration at least, so there is a choice */
            int stop = stats.iterations > 0 ? wg_input_stop(&in, t) : 0;
            if (stop < 0)
                rc = stop;
            if (stop) {
                stats.input = stop > 0;
                break;
            }
        }
        wg_state *s = root;
        if (ops->sample) {
            rc = ops->sample(ops->ctx, wg_rng_bits(&t.rng), &s);
            if (rc < 0)
                break;
        }
        if (!s)
            s = root;
        int mark = wg_state_mark(s);
        rc = iterate(&t, s, ops, o, &stats.max_depth);
        wg_state_undo(s, mark);
        if (rc < 0)
            break;
        stats.iterations++;
    }
    if (rc == WG_OK) {
        /* a sure win; else the most visited action not surely lost; ties:
         * the better mean, then the first */
        int32_t pick = -1;
        *best = legal.a[0];
        for (int i = 0; i < legal.n; i++) {
            int32_t c = find(&t, 0, legal.a[i]);
            if (c < 0)
                continue;
            const node *n = &t.n[c], *b = pick >= 0 ? &t.n[pick] : NULL;
            int rank = n->chance ? 0 : n->proven,
                brank = b ? (b->chance ? 0 : b->proven) : -2;
            if (rank > brank
                || (rank == brank && (n->visits > b->visits
                    || (n->visits == b->visits
                        && n->reward / n->visits > b->reward / b->visits)))) {
                pick = c;
                *best = legal.a[i];
            }
        }
        if (pick >= 0)
            stats.value = t.n[pick].reward / t.n[pick].visits;
        stats.root_visits = t.n[0].visits;
    }
done:
    stats.nodes = t.len;
    stats.seconds = now() - start;
    if (st)
        *st = stats;
    wg_actlist_free(&legal);
    free_tree(&t);
    return rc;
}
