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
 * generated each time, unless kept (see kept). */
typedef struct node {
    wg_action action;
    double reward;        /* summed rewards of `player`, who chose action */
    /* reward / visits and 1 / sqrt(visits), kept so that scoring a child
     * takes no division and no square root */
    double mean, spread;
    int32_t parent;
    int32_t visits;
    /* its children in the order made: first, then each one's next, to -1;
     * last, to add one at the end */
    int32_t first, last, next;
    int32_t kids;         /* children made so far */
    int32_t known;        /* its legal actions kept (see tree.kept), or -1 */
    int8_t player;
    int8_t proven;        /* 1 a sure win for player, -1 a sure loss, 0 open */
    int8_t chance;        /* reaching it drew on the state's random generator */
} node;

/* The legal actions of a node the search went through, as generated
 * (pool + at, n of them) and once the game ordered them (pool + ordered,
 * or -1): kept when every iteration reaches the node in the same state
 * (no chance on the way, no sampled state), so that generating and
 * ordering them again would give them again. The node's children are then
 * reached through its child list, never by looking its actions up, and a
 * new one is the next action in the game's order (ordered + kids) or,
 * with no order, a uniform pick among the untried ones: the node's first
 * `kids` actions at pool + at are those tried, the rest untried, and a
 * pick swaps one of the rest to the front of them (a Fisher-Yates shuffle
 * made as it goes: one draw). */
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
    /* explore is small enough that only a proven win scores 1e9 (a mean
     * is at most 1, and log(visits) below 22) */
    int sure;
    kept *kept;
    int nkept, keptcap;
    wg_action *pool;
    int64_t pooln, poolcap;
} tree;

/* Actions kept at most, over all nodes: past this the search generates
 * again (the root's list is kept from the start, another node's once it
 * has children; Amazons' lists are ~2,200 actions, so a few hundred such
 * nodes). */
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

/* Keeps node c's legal actions l, as generated -- with no order, its
 * children's actions moved to the front (see kept); nothing when it cannot,
 * or when c has a child whose action l lacks (actions that vary from one
 * iteration to the next: c is then searched as if chance led to it). */
static void keep_node(tree *t, int32_t c, const wg_actlist *l, int order)
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
    if (!order) {
        wg_action *a = t->pool + at;
        int j = 0;
        for (int32_t d = t->n[c].first; d >= 0; d = t->n[d].next, j++) {
            wg_action x = t->n[d].action;
            int i = j;
            while (i < l->n && a[i] != x)
                i++;
            if (i == l->n) {
                t->pooln = at;
                return;
            }
            a[i] = a[j];
            a[j] = x;
        }
    }
    t->kept[t->nkept] = (kept){ .at = at, .ordered = -1, .n = l->n };
    t->n[c].known = t->nkept++;
}

/* Keeps the game's order l of node c's kept actions k, when its first
 * actions are c's children in the order they were made. */
static void keep_order(tree *t, int32_t c, kept *k, const wg_actlist *l)
{
    if (l->n != k->n)
        return;
    int i = 0;
    for (int32_t d = t->n[c].first; d >= 0; d = t->n[d].next)
        if (l->a[i++] != t->n[d].action)
            return;
    k->ordered = keep_list(t, l);
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
                      .first = -1, .last = -1, .next = -1, .known = -1 };
    if (c > 0) {
        insert(t, c);
        node *p = &t->n[parent];
        if (p->last >= 0)
            t->n[p->last].next = c;
        else
            p->first = c;
        p->last = c;
        p->kids++;
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
    int winner, end = 0;
    if (ops->over)
        WG_TRY(ops->over(ops->ctx, s, &end, &winner));
    if (!end)
        WG_TRY(ops->actions(ops->ctx, s, l));
    if (l->n)
        return WG_OK;
    if (!end)
        WG_TRY(ops->result(ops->ctx, s, &winner));
    *r1 = reward_of(winner);
    return WG_OVER;
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

/* Tries to settle node p at depth, whose child c was just visited: p is
 * won for the player deciding there if one action surely wins, lost if all
 * surely lose. Returns 1 if p became proven. Chance breaks proofs.
 * Reached in the same state every iteration (same), p's children are all
 * its actions' once it has as many as it has actions, and only c can have
 * changed since p was last tried (each child proven is followed by its
 * parent's try); else the children are looked up for this iteration's
 * actions, lists[depth]. */
static int prove(tree *t, int32_t p, int depth, int same, int32_t c)
{
    node *np = &t->n[p];
    if (np->proven || np->chance)
        return 0;
    int decider = 0, all_lost;
    if (same) {
        const node *n = &t->n[c];
        if (n->chance || !n->proven)
            return 0;
        decider = n->player;
        if (n->proven > 0)
            goto won;
        all_lost = np->kids == (np->known >= 0 ? t->kept[np->known].n
                                               : t->lists[depth].n);
        for (c = np->first; all_lost && c >= 0; c = t->n[c].next) {
            n = &t->n[c];
            if (n->chance || n->proven >= 0) {
                all_lost = 0;
                if (!n->chance && n->proven > 0) {
                    decider = n->player;
                    goto won;
                }
            }
        }
    } else {
        const wg_actlist *l = &t->lists[depth];
        all_lost = l->n > 0;
        for (int i = 0; i < l->n; i++) {
            int32_t d = find(t, p, l->a[i]);
            const node *n = d >= 0 ? &t->n[d] : NULL;
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
    }
    if (!all_lost)
        return 0;
    np->proven = p == 0 ? -1 : (np->player == decider ? -1 : 1);
    return 1;
won:
    np->proven = p == 0 ? 1 : (np->player == decider ? 1 : -1);
    return 1;
}

/* The UCT score of child n of a node visited v times, given
 * explore * sqrt(log(v + 1)): mean + explore * sqrt(log(v + 1) / visits). */
static double score(const node *n, double explore_logv)
{
    double ucb = n->mean + explore_logv * n->spread;
    /* known outcomes */
    if (n->proven && !n->chance)
        ucb = n->proven > 0 ? 1e9 : -1.0 + ucb * 1e-9;
    return ucb;
}

/* One iteration: select down the tree, expand one node, play out, back up. */
static int iterate(tree *t, wg_state *s, const wg_mcts_ops *ops,
                   const wg_mcts_opts *o, int *max_depth)
{
    int32_t cur = 0;
    int depth = 0;
    double r1 = 0.5;
    int same = t->solve;   /* the state at cur is the same every iteration */
    int same_depth = -1;   /* the deepest where it is */
    WG_TRY(push_path(t, 0, 0));
    for (;;) {
        if (same)
            same_depth = depth;
        wg_actlist *l = list_at(t, depth);
        if (!l)
            return WG_ENOMEM;
        kept *k = same && t->n[cur].known >= 0 ? &t->kept[t->n[cur].known]
                                               : NULL;
        if (!k) {
            int end = legal_or_end(s, ops, l, &r1);
            if (end < 0)
                return end;
            if (depth == 0)
                wg_actlist_keep(l, o->only, o->nonly);
            if (end == WG_OVER) {
                /* a sure outcome, unless chance or sampled hidden
                 * information led here: another iteration may end
                 * differently */
                node *n = &t->n[cur];
                if (t->solve && cur > 0 && r1 != 0.5 && !n->chance)
                    n->proven = (r1 == 1.0) == (n->player == 1) ? 1 : -1;
                break;
            }
            if (same && t->n[cur].kids > 0) {
                keep_node(t, cur, l, ops->order != NULL);   /* a node gone
                                                   through a second time */
                k = t->n[cur].known >= 0 ? &t->kept[t->n[cur].known] : NULL;
            }
        }
        /* Widening progressively (with the game's order), a node visited v
         * times gets at most 2 + sqrt(v) children, the most promising first;
         * the order is asked for only when a child may be added. */
        const node *here = &t->n[cur];
        int n = k ? k->n : l->n, kids = here->kids;
        int room = kids < n
                   && (!o->widen || kids < 2 + (int)sqrt((double)here->visits));
        int32_t best = -1;
        /* below every score (a sure loss scores -1.0 with explore 0 and a
         * mean of 0), so that a node with children always has a best */
        double best_ucb = -HUGE_VAL;
        wg_action untried = 0;
        int grow;
        if (same && (k || kids == 0)) {
            /* The children are those of the node's actions tried, each
             * once: the scores are theirs alone, and a new one is picked
             * without looking any up. Where one may be added and the node
             * is not proven, no child is a sure win (prove would have
             * proven it), so none needs scoring. */
            if (!room || here->proven || !t->sure) {
                double e = o->explore * sqrt(log(here->visits + 1.0));
                for (int32_t c = here->first; c >= 0; c = t->n[c].next) {
                    double ucb = score(&t->n[c], e);
                    if (ucb > best_ucb) {
                        best_ucb = ucb;
                        best = c;
                    }
                }
            }
            grow = kids < n && (room || best < 0)
                   && !(best >= 0 && best_ucb >= 1e9);
            if (grow && ops->order) {
                /* the first untried in the game's order: the children are
                 * the first kids (see kept) */
                if (k && k->ordered >= 0) {
                    untried = t->pool[k->ordered + kids];
                } else {
                    if (k)
                        WG_TRY(from_pool(t, l, k->at, k->n));
                    WG_TRY(ops->order(ops->ctx, s, l));
                    if (k)
                        keep_order(t, cur, k, l);
                    untried = l->a[0];
                    for (int i = 0; kids > 0 && i < l->n; i++)
                        if (find(t, cur, l->a[i]) < 0) {
                            untried = l->a[i];
                            break;
                        }
                }
            } else if (grow && k) {
                wg_action *a = t->pool + k->at;
                uint32_t j = (uint32_t)kids + below(t, (uint32_t)(n - kids));
                untried = a[j];
                a[j] = a[kids];
                a[kids] = untried;
            } else if (grow) {
                untried = l->a[below(t, (uint32_t)n)];
            }
        } else {
            /* this iteration's actions, each one's child looked up */
            if (ops->order && room)
                WG_TRY(ops->order(ops->ctx, s, l));
            double e = o->explore * sqrt(log(here->visits + 1.0));
            uint32_t nuntried = 0;
            for (int i = 0; i < l->n; i++) {
                int32_t c = find(t, cur, l->a[i]);
                if (c < 0) {
                    /* the first in the game's order, or a uniform pick */
                    if (ops->order ? !nuntried++ : below(t, ++nuntried) == 0)
                        untried = l->a[i];
                    continue;
                }
                double ucb = score(&t->n[c], e);
                if (ucb > best_ucb) {
                    best_ucb = ucb;
                    best = c;
                }
            }
            if (!room && best >= 0)
                nuntried = 0;
            grow = nuntried && !(best >= 0 && best_ucb >= 1e9);
        }
        int32_t child = best;
        if (grow) {
            child = add_node(t, cur, untried, wg_turn_decider(s));
            if (child < 0)
                return child;
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
        if (grow) {
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
        n->mean = n->reward / n->visits;
        n->spread = 1.0 / sqrt((double)n->visits);
    }
    if (t->solve)
        for (int i = depth;
             i >= 1 && prove(t, t->path[i - 1], i - 1, i - 1 <= same_depth,
                             t->path[i]);
             i--)
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
    t.sure = o->explore < 1e8;
    wg_mcts_stats stats;
    memset(&stats, 0, sizeof stats);
    double start = now();
    wg_actlist legal = { 0 };
    int end = 0, winner;
    int rc = ops->over ? ops->over(ops->ctx, root, &end, &winner) : WG_OK;
    if (rc >= 0 && !end)
        rc = ops->actions(ops->ctx, root, &legal);
    if (rc < 0)
        goto done;
    if (legal.n == 0) {
        rc = WG_OVER;
        goto done;
    }
    wg_actlist_keep(&legal, o->only, o->nonly);
    if (add_node(&t, -1, 0, 0) < 0) {
        rc = WG_ENOMEM;
        goto done;
    }
    /* the root's state is the same every iteration, unless sampled */
    if (!ops->sample)
        keep_node(&t, 0, &legal, ops->order != NULL);
    wg_input in = { .fd = o->stop_fd, .ask = ops->input, .ctx = ops->ctx,
                    .more = -1 };
    double deadline = o->seconds > 0 ? start + o->seconds : 0;
    while (legal.n > 1 && !t.n[0].proven) {
        if (o->iterations && stats.iterations >= o->iterations)
            break;
        if (!o->iterations && o->seconds <= 0 && in.fd < 0)
            break;
        if ((stats.iterations & 15) == 0 && (deadline > 0 || in.fd >= 0)) {
            double t = now();
            if (deadline > 0 && t >= deadline)
                break;
            /* after one iteration at least, so there is a choice */
            int stop = stats.iterations > 0 ? wg_input_stop(&in, t) : 0;
            if (stop < 0)
                rc = stop;
            if (stop) {
                stats.input = stop > 0;
                break;
            }
            if (in.more >= 0) {   /* the host gave it this long from now */
                deadline = t + in.more;
                in.more = -1;
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
