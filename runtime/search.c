/* search.c: alpha-beta search over any game of perfect information without
 * chance; helper processes share its transposition table (lazy SMP). */
#define _DEFAULT_SOURCE   /* MAP_ANONYMOUS */
#include "search.h"

#include <errno.h>
#include <math.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "exchange.h"
#include "order.h"
#include "turn.h"

/* The transposition table: buckets of two entries, the first kept for the
 * deeper search, the second always replaced. Helper processes write it
 * without locks, so an entry stores its key xor its two other words: a torn
 * entry no longer matches its key and is ignored. */
typedef struct tt_entry {
    _Atomic uint64_t check;   /* key ^ move ^ data */
    _Atomic uint64_t move;
    _Atomic uint64_t data;    /* score (32 bits), depth (8), bound (2),
                                 the evaluation (22, or NO_EVAL) */
} tt_entry;

enum { NONE = 0, LOWER = 1, UPPER = 2, EXACT = 3 };
#define NO_EVAL (-(1 << 21))   /* no evaluation kept, or none that fits */

/* What a process tells the others, in memory they share. */
typedef struct slot {
    long nodes;
    int depth, seldepth, pvlen;
    int32_t score;
    wg_action pv[WG_SEARCH_MAX_PLY];
    int failed;              /* a helper's callback failed: */
    char error[512];         /* its message */
} slot;

typedef struct shared {
    atomic_int stop;
    slot slot[WG_SEARCH_MAX_THREADS];
    tt_entry tt[];
} shared;

#define HISTORY 4096       /* history scores by hashed action and side */
#define QUIESCENCE 16      /* the most plies of quiescence */
#define TICK 64            /* nodes between looks at the clock */
#define TRIED 64           /* quiet actions a cutoff's history remembers */
#define FUTILE 3           /* the plies of depth futility pruning reads */
#define EXTEND_PLY 48      /* checks are extended below this ply only */
#define EVALS 16384        /* evaluations kept by position (a power of 2) */

typedef struct search {
    wg_state *s;
    const wg_search_ops *ops;
    const wg_search_opts *o;
    shared *sh;
    uint64_t mask;         /* buckets - 1 */
    int id;                /* 0: the main process; else a helper */
    long nodes;
    double start, deadline;  /* deadline 0: none */
    wg_input in;           /* the main process's stop_fd */
    int stopped, can_stop, rc, seldepth, input;
    wg_actlist lists[WG_SEARCH_MAX_PLY];
    wg_action killer[WG_SEARCH_MAX_PLY][2];
    int32_t history[2][HISTORY];
    wg_action pv[WG_SEARCH_MAX_PLY][WG_SEARCH_MAX_PLY];
    int pvlen[WG_SEARCH_MAX_PLY];
    wg_keyed *sort;        /* order's room: sortcap actions, as many more */
    int sortcap;
    wg_action *losing;     /* order's room for losing captures */
    int losingcap;
    char nulled[WG_SEARCH_MAX_PLY + 1];  /* ply reached by a null move */
    /* whether the decider at a ply is in check, as the action that led
     * there found (-1: not known) */
    signed char check_at[WG_SEARCH_MAX_PLY + 1];
    long cut[4];           /* null move, futility, late move, exchange */
    /* the last evaluations by key (the position's hash for its side, low
     * bit set: 0 is no entry), so that a position met again, as
     * quiescence often does, is not evaluated again */
    struct {
        uint64_t key;
        int32_t v;
    } evals[EVALS];
} search;

/* The clock the budget counts: the wall's, or this process's processor
 * time (fair on a machine shared with other work). */
static double now(int cpu)
{
    struct timespec ts;
    clock_gettime(cpu ? CLOCK_PROCESS_CPUTIME_ID : CLOCK_MONOTONIC, &ts);
    return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

/* ---- the table ---------------------------------------------------------- */

/* Win scores count plies from the root; the table keeps them counted from
 * the position, as they are found again at other plies. */
static int32_t to_tt(int32_t v, int ply)
{
    if (v > WG_SEARCH_WIN - 1000)
        return v + ply;
    if (v < -WG_SEARCH_WIN + 1000)
        return v - ply;
    return v;
}

static int32_t from_tt(int32_t v, int ply)
{
    if (v > WG_SEARCH_WIN - 1000)
        return v - ply;
    if (v < -WG_SEARCH_WIN + 1000)
        return v + ply;
    return v;
}

typedef struct probe {
    int hit, depth, bound;
    int32_t score, eval;
    wg_action move;
} probe;

static probe tt_probe(const search *z, uint64_t key, int ply)
{
    tt_entry *b = &z->sh->tt[(key & z->mask) * 2];
    probe p = { 0 };
    for (int i = 0; i < 2; i++) {
        uint64_t c = atomic_load_explicit(&b[i].check, memory_order_relaxed);
        uint64_t m = atomic_load_explicit(&b[i].move, memory_order_relaxed);
        uint64_t d = atomic_load_explicit(&b[i].data, memory_order_relaxed);
        if ((c ^ m ^ d) != key || (d >> 40 & 3) == NONE)
            continue;
        p.hit = 1;
        p.move = m;
        p.score = from_tt((int32_t)(uint32_t)d, ply);
        p.depth = (int)(d >> 32 & 0xff);
        p.bound = (int)(d >> 40 & 3);
        p.eval = (int32_t)(d >> 42) + NO_EVAL;
        break;
    }
    return p;
}

static void tt_store(search *z, uint64_t key, int depth, int32_t score,
                     int bound, wg_action move, int ply, int32_t eval)
{
    tt_entry *b = &z->sh->tt[(key & z->mask) * 2];
    uint64_t c = atomic_load_explicit(&b[0].check, memory_order_relaxed);
    uint64_t m = atomic_load_explicit(&b[0].move, memory_order_relaxed);
    uint64_t d = atomic_load_explicit(&b[0].data, memory_order_relaxed);
    int same = (c ^ m ^ d) == key;
    tt_entry *e = &b[1];
    if (same || depth >= (int)(d >> 32 & 0xff) || (d >> 40 & 3) == NONE)
        e = &b[0];
    if (!move && same)
        move = m;                 /* keep the best action known */
    if (eval <= NO_EVAL || eval >= -NO_EVAL)
        eval = same ? (int32_t)(d >> 42) + NO_EVAL : NO_EVAL;
    uint64_t data = (uint32_t)to_tt(score, ply)
                    | (uint64_t)(depth & 0xff) << 32 | (uint64_t)bound << 40
                    | (uint64_t)(uint32_t)(eval - NO_EVAL) << 42;
    atomic_store_explicit(&e->move, move, memory_order_relaxed);
    atomic_store_explicit(&e->data, data, memory_order_relaxed);
    atomic_store_explicit(&e->check, key ^ move ^ data, memory_order_relaxed);
}

/* ---- nodes --------------------------------------------------------------- */

static int failed(search *z, int rc)
{
    if (rc < 0) {
        z->rc = rc;
        z->stopped = 1;
        z->can_stop = 1;
        return 1;
    }
    return 0;
}

/* True when the search must end before its budget: its time is up, the
 * main process has finished (for a helper), Ctrl-C came (o->interrupt),
 * or input came on stop_fd and the host wants an answer now -- which ends
 * it as its time would. */
static int time_up(search *z)
{
    if ((z->deadline > 0 && now(z->o->cpu) >= z->deadline)
        || atomic_load_explicit(&z->sh->stop, memory_order_relaxed)
        || (z->o->interrupt && *z->o->interrupt))
        return 1;
    if (z->id != 0 || z->in.fd < 0)
        return 0;
    int rc = wg_input_stop(&z->in, now(0));
    if (rc < 0)
        return failed(z, rc);
    z->input = rc;
    if (z->in.more >= 0) {   /* the host gave it this long from now */
        z->deadline = now(z->o->cpu) + z->in.more;
        z->in.more = -1;
    }
    return rc;
}

/* Counts a node; true when the search must stop: its budget is spent, its
 * time is up (time_up), or a callback failed. The first iteration always
 * completes, so there is an action to play. */
static int tick(search *z)
{
    z->nodes++;
    if (z->stopped)
        return 1;
    if (!z->can_stop)
        return 0;
    if (z->id == 0 && z->o->nodes > 0 && z->nodes >= z->o->nodes)
        z->stopped = 1;
    else if (z->nodes % TICK == 0 && time_up(z))
        z->stopped = 1;
    return z->stopped;
}

static int32_t evaluate(search *z, int side)
{
    int32_t v = 0;
    uint64_t key = (z->s->hash ^ (side == 1 ? 0 : 0x9e3779b97f4a7c15u)) | 1;
    size_t at = (size_t)(key >> 1) & (EVALS - 1);
    if (z->evals[at].key == key) {
        v = z->evals[at].v;
    } else {
        if (failed(z, z->ops->evaluate(z->ops->ctx, z->s, side, &v)))
            return 0;
        z->evals[at].key = key;
        z->evals[at].v = v;
    }
    if (z->o->noise > 0) {
        /* the same for both sides, so it stays a zero-sum score */
        uint64_t span = 2 * (uint64_t)z->o->noise + 1;
        int32_t d = (int32_t)(wg_mix64(z->s->hash ^ z->o->seed) % span)
                    - z->o->noise;
        v += side == 1 ? d : -d;
    }
    if (v > WG_SEARCH_EVAL_MAX)
        return WG_SEARCH_EVAL_MAX;
    return v < -WG_SEARCH_EVAL_MAX ? -WG_SEARCH_EVAL_MAX : v;
}

static int32_t won_by(search *z, int winner, int ply)
{
    if (!winner)
        return 0;
    return winner == wg_turn_decider(z->s) ? WG_SEARCH_WIN - ply
                                           : -WG_SEARCH_WIN + ply;
}

/* The score of a finished game for the decider at ply. */
static int32_t terminal(search *z, int ply)
{
    int winner = 0;
    if (failed(z, z->ops->result(z->ops->ctx, z->s, &winner)))
        return 0;
    return won_by(z, winner, ply);
}

/* Whether the game has ended at s though actions remain (game:over), and
 * then its score for the decider at ply in *v. */
static int ended(search *z, int ply, int32_t *v)
{
    int end = 0, winner = 0;
    if (!z->ops->over)
        return 0;
    if (failed(z, z->ops->over(z->ops->ctx, z->s, &end, &winner))) {
        *v = 0;
        return 1;
    }
    if (end)
        *v = won_by(z, winner, ply);
    return end;
}

/* Whether side is in check (never without the game's in_check). */
static int checked(search *z, int side)
{
    int c = 0;
    if (!z->ops->in_check
        || failed(z, z->ops->in_check(z->ops->ctx, z->s, side, &c)))
        return 0;
    return c;
}

/* Whether the quiet action a of `me` may give check: never without the
 * game's in_check; for a move of a piece of me's to an empty square, after
 * the piece is moved there alone (no rule of the game's played); else
 * after the action is played. */
static int may_check(search *z, wg_action a, int me)
{
    if (!z->ops->in_check)
        return 0;
    wg_state *s = z->s;
    int nsq = s->rules->grid.nsq, from = (int)wg_act_a(a);
    int to = (int)wg_act_b(a), mark = wg_state_mark(s), check = 1;
    if (from >= 1 && from <= nsq && to >= 1 && to <= nsq && wg_at(s, from)
        && !wg_at(s, to) && wg_piece(s, wg_at(s, from))[PF_SIDE] == me) {
        if (!failed(z, wg_state_move(s, wg_at(s, from), to)))
            check = checked(z, 3 - me);
    } else if (!failed(z, z->ops->play(z->ops->ctx, s, a))) {
        check = wg_turn_decider(s) != me && checked(z, 3 - me);
    }
    wg_state_undo(s, mark);
    return check;
}

/* Whether the capture a loses material by static exchange (opts.values):
 * never when it takes a piece worth at least its mover, or a is not a
 * move of a piece. */
static int losing(search *z, wg_action a)
{
    const int32_t *value = z->o->values;
    const wg_state *s = z->s;
    int nsq = s->rules->grid.nsq;
    int from = (int)wg_act_a(a), to = (int)wg_act_b(a);
    if (!value || from < 1 || from > nsq || to < 1 || to > nsq
        || !wg_at(s, from))
        return 0;
    int mover = wg_piece(s, wg_at(s, from))[PF_TYPE];
    if (wg_at(s, to) && !wg_act_e(a)
        && value[wg_piece(s, wg_at(s, to))[PF_TYPE]] >= value[mover])
        return 0;
    int32_t gain = 0;
    int rc = wg_exchange(z->s, a, value, &gain);
    if (rc == WG_EINVAL || failed(z, rc))
        return 0;
    return gain < 0;
}

static int32_t alphabeta(search *z, int depth, int ply, int32_t alpha,
                         int32_t beta, int pv);

/* The score for `me` of the position after an action, searched with the
 * window (alpha, beta) of me: negated when the other side decides there
 * (two decisions of one side in a row keep the sign). */
static int32_t child(search *z, int me, int depth, int ply, int32_t alpha,
                     int32_t beta, int pv)
{
    if (wg_turn_decider(z->s) == me)
        return alphabeta(z, depth, ply + 1, alpha, beta, pv);
    return -alphabeta(z, depth, ply + 1, -beta, -alpha, pv);
}

static int32_t quiesce(search *z, int ply, int qdepth, int32_t alpha,
                       int32_t beta);

static int32_t qchild(search *z, int me, int ply, int qdepth, int32_t alpha,
                      int32_t beta)
{
    if (wg_turn_decider(z->s) == me)
        return quiesce(z, ply + 1, qdepth + 1, alpha, beta);
    return -quiesce(z, ply + 1, qdepth + 1, -beta, -alpha);
}

/* Whether quiescence may leave out the forcing action a (opts.values):
 * what it takes, and a promotion's gain, leave the score below alpha by
 * more than a ply's futility margin (delta pruning), or it loses material
 * by static exchange. */
static int hopeless(search *z, wg_action a, int32_t stand, int32_t alpha)
{
    const int32_t *value = z->o->values;
    const wg_state *s = z->s;
    int nsq = s->rules->grid.nsq, to = (int)wg_act_b(a);
    if (z->o->futility && to >= 1 && to <= nsq) {
        int32_t gain = wg_at(s, to) ? value[wg_piece(s, wg_at(s, to))[PF_TYPE]]
                                    : 0;
        unsigned promo = wg_act_e(a);
        if (promo && promo <= (unsigned)s->rules->ntypes)
            gain += value[promo];
        if (stand + gain + z->o->futility < alpha) {
            z->cut[1]++;
            return 1;
        }
    }
    if (losing(z, a)) {
        z->cut[3]++;
        return 1;
    }
    return 0;
}

/* Quiescence: the evaluation when the side deciding stands pat, or better
 * for it, over the game's forcing actions only. */
static int32_t quiesce(search *z, int ply, int qdepth, int32_t alpha,
                       int32_t beta)
{
    if (tick(z))
        return 0;
    z->pvlen[ply] = ply;
    if (ply > z->seldepth)
        z->seldepth = ply;
    wg_state *s = z->s;
    int me = wg_turn_decider(s);
    int32_t over;
    if (ended(z, ply, &over))
        return over;
    wg_actlist *l = &z->lists[ply];
    l->n = 0;
    if (!z->ops->forcing) {
        /* a leaf, which may end the game */
        if (failed(z, z->ops->actions(z->ops->ctx, s, l)))
            return 0;
        return l->n ? evaluate(z, me) : terminal(z, ply);
    }
    int32_t stand = evaluate(z, me);
    if (z->stopped || qdepth >= QUIESCENCE || ply >= WG_SEARCH_MAX_PLY - 1
        || stand >= beta)
        return stand;
    int all = 0;
    if (failed(z, z->ops->forcing(z->ops->ctx, s, l, &all)))
        return 0;
    if (all && l->n == 0)
        return terminal(z, ply);
    /* with every action forcing (in check) there is no standing pat */
    int32_t best = all ? -WG_SEARCH_WIN + ply : stand;
    if (!all && stand > alpha)
        alpha = stand;
    for (int i = 0; i < l->n; i++) {
        if (!all && z->o->values && hopeless(z, l->a[i], stand, alpha))
            continue;
        int mark = wg_state_mark(s);
        if (failed(z, z->ops->play(z->ops->ctx, s, l->a[i])))
            return 0;
        int32_t v = qchild(z, me, ply, qdepth, alpha, beta);
        wg_state_undo(s, mark);
        if (z->stopped)
            return 0;
        if (v > best) {
            best = v;
            if (v > alpha) {
                alpha = v;
                if (v >= beta)
                    break;
            }
        }
    }
    return best;
}

static uint32_t hist_index(wg_action a)
{
    return (uint32_t)wg_mix64(a) & (HISTORY - 1);
}

static int sort_quiet(search *z, wg_actlist *l, int forcing, int ply,
                      int me);
static int demote_losing(search *z, wg_actlist *l, int forcing);

/* Orders l: the table's action (already tried), the game's forcing actions
 * in its order, the killers, then the rest by history, ties in the game's
 * order, and last the captures that lose by static exchange (with
 * opts.values). Returns how many are forcing, or -1 on error. */
static int order(search *z, wg_actlist *l, int ply, int me)
{
    int forcing = 0;
    if (z->ops->order
        && failed(z, z->ops->order(z->ops->ctx, z->s, l, &forcing)))
        return -1;
    if (forcing > l->n)
        forcing = l->n;
    if (l->n - forcing >= 2 && sort_quiet(z, l, forcing, ply, me) < 0)
        return -1;
    return z->o->values ? demote_losing(z, l, forcing) : forcing;
}

/* Sorts l's actions from forcing on: the killers, then by history. */
static int sort_quiet(search *z, wg_actlist *l, int forcing, int ply, int me)
{
    if (z->sortcap < l->n) {
        wg_keyed *k = realloc(z->sort, 2 * (size_t)l->n * sizeof *k);
        if (!k) {
            failed(z, WG_ENOMEM);
            return -1;
        }
        z->sort = k;
        z->sortcap = l->n;
    }
    int n = 0;
    for (int i = forcing; i < l->n; i++) {
        wg_action a = l->a[i];
        int64_t key = a == z->killer[ply][0]   ? 3LL << 40
                      : a == z->killer[ply][1] ? 2LL << 40
                      : (int64_t)z->history[me - 1][hist_index(a)]
                            * (1LL << 20);
        /* no two keys alike, exactly as doubles (below 2^53) */
        z->sort[n].key = (double)(key - i);
        z->sort[n].index = i;
        z->sort[n++].a = a;
    }
    wg_order_sort(z->sort, z->sort + n, n);
    for (int i = 0; i < n; i++)
        l->a[forcing + i] = z->sort[i].a;
    return 0;
}

/* Moves the forcing actions of l that lose material by static exchange to
 * its end, after the quiet ones; returns how many forcing ones are left
 * before them, or -1 on error. */
static int demote_losing(search *z, wg_actlist *l, int forcing)
{
    if (z->losingcap < forcing) {
        wg_action *b = realloc(z->losing, (size_t)forcing * sizeof *b);
        if (!b) {
            failed(z, WG_ENOMEM);
            return -1;
        }
        z->losing = b;
        z->losingcap = forcing;
    }
    int good = 0, bad = 0;
    for (int i = 0; i < forcing; i++) {
        if (losing(z, l->a[i]))
            z->losing[bad++] = l->a[i];
        else
            l->a[good++] = l->a[i];
    }
    if (z->rc < 0)
        return -1;
    if (bad) {
        memmove(l->a + good, l->a + forcing,
                (size_t)(l->n - forcing) * sizeof *l->a);
        memcpy(l->a + l->n - bad, z->losing, (size_t)bad * sizeof *l->a);
    }
    return good;
}

/* Adds bonus to the history of me's action a, halving every entry when
 * one grows past 2^18 either way. */
static void credit(search *z, wg_action a, int me, int32_t bonus)
{
    int32_t *h = &z->history[me - 1][hist_index(a)];
    *h += bonus;
    if (*h > 1 << 18 || *h < -(1 << 18))
        for (int k = 0; k < 2 * HISTORY; k++)
            z->history[k / HISTORY][k % HISTORY] /= 2;
}

/* The quiet action a cut off at ply: it becomes a killer there, and its
 * history gains depth squared, which each quiet action tried before it
 * there loses (a history that remembers failures too: 55.0% over 40
 * games at 20,000 nodes a move against the gains alone, historical
 * Courier). */
static void reward(search *z, wg_action a, int ply, int me, int depth,
                   const wg_action *tried, int ntried)
{
    if (z->killer[ply][0] != a) {
        z->killer[ply][1] = z->killer[ply][0];
        z->killer[ply][0] = a;
    }
    credit(z, a, me, depth * depth);
    for (int k = 0; k < ntried; k++)
        credit(z, tried[k], me, -depth * depth);
}

static void save_pv(search *z, int ply, wg_action a)
{
    z->pv[ply][ply] = a;
    int n = z->pvlen[ply + 1];
    for (int k = ply + 1; k < n; k++)
        z->pv[ply][k] = z->pv[ply + 1][k];
    z->pvlen[ply] = n > ply + 1 ? n : ply + 1;
}

/* The principal variation search at an inner node (ply > 0), or at the
 * root for the root's own loop below. */
/* The score for the side to decide when it passes the turn and the other
 * side's reply is searched shallower, with the null window at beta. */
static int32_t null_move(search *z, int depth, int ply, int32_t beta)
{
    int mark = wg_state_mark(z->s);
    if (failed(z, wg_turn_end(z->s)))
        return 0;
    z->nulled[ply + 1] = 1;
    int32_t v = -alphabeta(z, depth - 4 - depth / 4, ply + 1, -beta,
                           -beta + 1, 0);
    z->nulled[ply + 1] = 0;
    wg_state_undo(z->s, mark);
    return v;
}

/* The plies a late quiet action is searched shallower by, at a depth and
 * after so many actions searched: the product of their logarithms, so
 * that the deeper the search and the later the action, the more it
 * saves. In historical Courier at 60,000 nodes a move it scored 60% (40
 * games in pairs) against the fixed one or two plies it replaced. */
static uint8_t late_cut[64][64];

static void init_late_cut(void)
{
    for (int d = 1; d < 64; d++)
        for (int m = 1; m < 64; m++)
            late_cut[d][m] = (uint8_t)(0.75 + log(d) * log(m) / 2.25);
}

static int32_t alphabeta(search *z, int depth, int ply, int32_t alpha,
                         int32_t beta, int pv)
{
    z->pvlen[ply] = ply;
    wg_state *s = z->s;
    if (z->o->repetition_draw && wg_state_repetitions(s) > 0)
        return 0;                 /* round in circles: a draw */
    if (depth <= 0)
        return quiesce(z, ply, 0, alpha, beta);
    int32_t over;
    if (ended(z, ply, &over))
        return over;
    if (tick(z))
        return 0;
    int me = wg_turn_decider(s);
    if (ply >= WG_SEARCH_MAX_PLY - 1)
        return evaluate(z, me);
    /* no win is nearer than the next ply */
    if (alpha < -WG_SEARCH_WIN + ply)
        alpha = -WG_SEARCH_WIN + ply;
    if (beta > WG_SEARCH_WIN - ply - 1)
        beta = WG_SEARCH_WIN - ply - 1;
    if (alpha >= beta)
        return alpha;
    uint64_t key = s->hash;
    probe t = tt_probe(z, key, ply);
    if (t.hit && !pv && t.depth >= depth
        && (t.bound == EXACT || (t.bound == LOWER && t.score >= beta)
            || (t.bound == UPPER && t.score <= alpha)))
        return t.score;
    /* Off the main line, out of check and with no win in sight, the
     * evaluation here may end the node or leave out quiet actions (the
     * game is asked about check only when a pruning is on). */
    int prune = (z->o->futility || z->o->null_move || z->o->lmp) && !pv
                && alpha > -WG_SEARCH_WIN + 1000
                && beta < WG_SEARCH_WIN - 1000
                && !(z->check_at[ply] >= 0 ? z->check_at[ply]
                                            : checked(z, me));
    int32_t eval = NO_EVAL;
    if (prune && (z->o->futility || z->o->null_move)) {
        eval = t.hit && t.eval != NO_EVAL ? t.eval : evaluate(z, me);
        if (z->stopped)
            return 0;
        /* so far above beta that a ply of the other side's will not
         * bring it back (reverse futility) */
        if (z->o->futility && depth <= FUTILE
            && eval - z->o->futility * depth >= beta) {
            z->cut[1]++;
            return eval;
        }
        if (z->o->null_move && depth >= 3 && eval >= beta && !z->nulled[ply]
            && !s->w[W_DECIDER]) {
            int v = null_move(z, depth, ply, beta);
            if (z->stopped)
                return 0;
            if (v >= beta) {
                z->cut[0]++;
                return v > WG_SEARCH_WIN - 1000 ? beta : v;
            }
        }
    }
    wg_actlist *l = &z->lists[ply];
    l->n = 0;
    if (failed(z, z->ops->actions(z->ops->ctx, s, l)))
        return 0;
    if (l->n == 0)
        return terminal(z, ply);
    int next = l->n == 1 ? depth : depth - 1;  /* a forced reply is free */
    int32_t alpha0 = alpha, best = -WG_SEARCH_WIN;
    wg_action best_a = 0;
    /* The table's action first, before the game is asked for an order:
     * it often refutes the position alone. */
    int first = -1;
    if (t.hit && t.move)
        for (int i = 0; i < l->n; i++)
            if (l->a[i] == t.move) {
                first = i;
                break;
            }
    int forcing = 0, ordered = first < 0, searched = 0;
    if (first > 0) {
        l->a[first] = l->a[0];
        l->a[0] = t.move;
    }
    if (ordered && (forcing = order(z, l, ply, me)) < 0)
        return 0;
    /* futile: no quiet action lifts the score to alpha */
    int futile = prune && z->o->futility && depth <= FUTILE
                 && eval + z->o->futility * depth <= alpha;
    int late = prune && z->o->lmp && depth <= FUTILE
               ? z->o->lmp + depth * depth : l->n;
    wg_action tried[TRIED];  /* the quiet actions searched so far */
    int ntried = 0;
    for (int i = 0; i < l->n; i++) {
        if (!ordered && i == 1) {
            /* the rest in order; the table's action, tried, stays first */
            if ((forcing = order(z, l, ply, me)) < 0)
                return 0;
            int j = 0;
            while (j < l->n - 1 && l->a[j] != t.move)
                j++;
            memmove(l->a + 1, l->a, (size_t)j * sizeof *l->a);
            l->a[0] = t.move;
            if (j >= forcing)
                forcing++;
            ordered = 1;
        }
        wg_action a = l->a[i];
        int quiet = i >= forcing && a != z->killer[ply][0]
                    && a != z->killer[ply][1] && !(i == 0 && first >= 0);
        /* late quiet actions go, checks too; futile ones unless they
         * give check */
        if (quiet && prune && searched > 0
            && (searched >= late || (futile && !may_check(z, a, me)))) {
            z->cut[searched >= late ? 2 : 1]++;
            continue;
        }
        int mark = wg_state_mark(s);
        if (failed(z, z->ops->play(z->ops->ctx, s, a)))
            return 0;
        int gives = z->o->check_ext && wg_turn_decider(s) != me
                    && checked(z, wg_turn_decider(s));
        int d = next + (gives && ply < EXTEND_PLY);
        if (z->o->check_ext && wg_turn_decider(s) != me)
            z->check_at[ply + 1] = (signed char)gives;
        int32_t v;
        if (searched == 0) {
            v = child(z, me, d, ply, alpha, beta, pv);
        } else {
            int r = 0;
            if (z->o->lmr && quiet && !gives && depth >= 3 && searched >= 3) {
                r = late_cut[depth < 64 ? depth : 63]
                            [searched < 64 ? searched : 63] - pv;
                r = r > d - 1 ? d - 1 : r < 0 ? 0 : r;
            }
            v = child(z, me, d - r, ply, alpha, alpha + 1, 0);
            if (r && v > alpha && !z->stopped)
                v = child(z, me, d, ply, alpha, alpha + 1, 0);
            if (pv && v > alpha && v < beta && !z->stopped)
                v = child(z, me, d, ply, alpha, beta, 1);
        }
        wg_state_undo(s, mark);
        z->check_at[ply + 1] = -1;
        if (z->stopped)
            return 0;
        searched++;
        if (v > best) {
            best = v;
            best_a = a;
            if (v > alpha) {
                alpha = v;
                if (pv)
                    save_pv(z, ply, a);
                if (v >= beta) {
                    if (i >= forcing || (i == 0 && first >= 0))
                        reward(z, a, ply, me, depth, tried, ntried);
                    break;
                }
            }
        }
        if (i >= forcing && !(i == 0 && first >= 0) && ntried < TRIED)
            tried[ntried++] = a;
    }
    tt_store(z, key, depth, best,
             best >= beta ? LOWER : best > alpha0 ? EXACT : UPPER, best_a,
             ply, eval);
    return best;
}

/* ---- the root ------------------------------------------------------------ */

/* One iteration at the root over moves[0..n), the best of the last first.
 * Returns the best score. A better action than the first, fully searched,
 * is moved to the front, also when the iteration stops before its end;
 * *improved tells whether that happened. */
static int32_t root(search *z, wg_action *moves, int n, int depth,
                    int32_t alpha, int32_t beta, int *improved)
{
    wg_state *s = z->s;
    int me = wg_turn_decider(s);
    int32_t best = -WG_SEARCH_WIN;
    int besti = 0;
    for (int i = 0; i < n; i++) {
        int mark = wg_state_mark(s);
        if (failed(z, z->ops->play(z->ops->ctx, s, moves[i])))
            break;
        int32_t v;
        if (i == 0) {
            v = child(z, me, depth - 1, 0, alpha, beta, 1);
        } else {
            v = child(z, me, depth - 1, 0, alpha, alpha + 1, 0);
            if (v > alpha && v < beta && !z->stopped)
                v = child(z, me, depth - 1, 0, alpha, beta, 1);
        }
        wg_state_undo(s, mark);
        if (z->stopped)
            break;
        if (i == 0 || v > best) {
            best = v;
            if (i == 0 || v > alpha) {
                besti = i;
                save_pv(z, 0, moves[i]);
            }
            if (v > alpha)
                alpha = v;
            if (v >= beta)
                break;
        }
    }
    *improved = besti > 0;
    if (besti > 0) {
        wg_action a = moves[besti];
        memmove(moves + 1, moves, (size_t)besti * sizeof *moves);
        moves[0] = a;
    }
    return best;
}

static void report(search *z, slot *out, int depth, int32_t score)
{
    out->depth = depth;
    out->score = score;
    out->pvlen = z->pvlen[0] > 0 ? z->pvlen[0] : 1;
    memcpy(out->pv, z->pv[0], (size_t)out->pvlen * sizeof *out->pv);
}

/* The statistics of a process's slot, with the main process's counts. */
static void slot_stats(const search *z, const slot *use, wg_search_stats *st)
{
    st->depth = use->depth;
    st->score = use->score;
    st->pvlen = use->pvlen;
    memcpy(st->pv, use->pv, (size_t)use->pvlen * sizeof *use->pv);
    st->seldepth = z->seldepth;
    st->nodes = st->nodes_main = z->nodes;
    st->seconds = now(0) - z->start;
    st->input = z->input;
}

/* Tells the host of an iteration the main process completed. */
static void progress(search *z, const slot *out)
{
    if (z->id != 0 || !z->ops->progress)
        return;
    wg_search_stats st;
    memset(&st, 0, sizeof st);
    st.threads = 1;
    slot_stats(z, out, &st);
    failed(z, z->ops->progress(z->ops->ctx, &st));
}

/* Iterative deepening; the results go to the process's slot. */
static void deepen(search *z, wg_action *moves, int n)
{
    slot *out = &z->sh->slot[z->id];
    int max = z->o->depth > 0 && z->o->depth < WG_SEARCH_MAX_PLY - 1
              ? z->o->depth : WG_SEARCH_MAX_PLY - 2;
    /* helpers start a ply deeper by turns, so the processes are seldom
     * at one iteration together */
    for (int d = 1 + (z->id & 1); d <= max && !z->stopped; d++) {
        int32_t alpha = -WG_SEARCH_WIN, beta = WG_SEARCH_WIN;
        int32_t window = z->o->aspiration, last = out->score;
        if (window > 0 && d >= 4 && last > -WG_SEARCH_WIN + 1000
            && last < WG_SEARCH_WIN - 1000) {
            alpha = last - window;
            beta = last + window;
        }
        int improved;
        int32_t v;
        for (;;) {
            v = root(z, moves, n, d, alpha, beta, &improved);
            if (z->stopped || (v > alpha && v < beta))
                break;
            /* outside the window: again, open on that side */
            if (v <= alpha)
                alpha = -WG_SEARCH_WIN;
            else
                beta = WG_SEARCH_WIN;
        }
        if (z->stopped) {
            /* a partial iteration counts when it found a better action */
            if (improved && out->depth > 0)
                report(z, out, out->depth, v);
            break;
        }
        report(z, out, d, v);
        z->can_stop = 1;
        progress(z, out);
        /* a win or a loss found within this depth will not change */
        if (v > WG_SEARCH_WIN - d - 1 || v < -WG_SEARCH_WIN + d + 1)
            break;
    }
    out->nodes = z->nodes;
    out->seldepth = z->seldepth;
}

static int tt_bits_for(const wg_search_opts *o)
{
    if (o->tt_bits > 0)
        return o->tt_bits < 10 ? 10 : o->tt_bits > 26 ? 26 : o->tt_bits;
    /* a bucket of two entries for every two nodes: quiescence stores
     * none, and room the search never fills costs its page faults */
    double n = o->nodes > 0 ? 0.5 * (double)o->nodes
               : o->seconds > 0 ? o->seconds * 300000.0 : 1 << 20;
    int bits = 10;
    while (bits < 21 && (double)(1L << bits) < n)
        bits++;
    return bits;
}

void wg_search_defaults(wg_search_opts *o)
{
    memset(o, 0, sizeof *o);
    o->threads = 1;
    o->lmr = 1;
    o->stop_fd = -1;
}

static void free_search(search *z)
{
    for (int i = 0; i < WG_SEARCH_MAX_PLY; i++)
        wg_actlist_free(&z->lists[i]);
    free(z->sort);
    free(z->losing);
    free(z);
}

/* A helper process: searches on its copy of everything until the main
 * process is done, then leaves without running anything of its parent's
 * (no exit handlers, no stdio flushed twice). */
static void helper(search *z, wg_action *moves, int n, pid_t parent)
{
#ifdef __linux__
    prctl(PR_SET_PDEATHSIG, SIGKILL);   /* never outlive the search */
#endif
    if (getppid() != parent)
        _exit(0);
    z->can_stop = 1;              /* its result is a bonus */
    deepen(z, moves, n);
    if (z->rc == WG_ECALLBACK) {  /* the game's code failed: say why */
        slot *out = &z->sh->slot[z->id];
        if (z->ops->failure)
            z->ops->failure(z->ops->ctx, out->error, sizeof out->error);
        out->failed = 1;
    }
    _exit(0);
}

int wg_search(wg_state *root_s, const wg_search_ops *ops,
              const wg_search_opts *o, wg_action *best, wg_search_stats *st)
{
    double start = now(0), cpu_start = now(1);
    if (!late_cut[63][63])
        init_late_cut();
    wg_search_stats stats;
    memset(&stats, 0, sizeof stats);
    stats.threads = 1;
    wg_actlist legal = { 0 };
    int end = 0, winner;
    int rc = ops->over ? ops->over(ops->ctx, root_s, &end, &winner) : WG_OK;
    if (rc >= 0 && end) {
        if (st)
            *st = stats;
        return WG_OVER;
    }
    if (rc >= 0)
        rc = ops->actions(ops->ctx, root_s, &legal);
    if (rc >= 0 && legal.n == 0)
        rc = WG_OVER;
    if (rc >= 0 && o->nonly > 0)
        wg_actlist_keep(&legal, o->only, o->nonly);
    if (rc != WG_OK || legal.n == 1) {
        if (rc == WG_OK)
            *best = legal.a[0];
        wg_actlist_free(&legal);
        if (st)
            *st = stats;
        return rc;
    }
    search *z = calloc(1, sizeof *z);
    wg_action *moves = calloc((size_t)legal.n, sizeof *moves);
    int bits = tt_bits_for(o);
    size_t size = sizeof(shared) + ((size_t)2 << bits) * sizeof(tt_entry);
    shared *sh = mmap(NULL, size, PROT_READ | PROT_WRITE,
                      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
    if (!z || !moves || sh == MAP_FAILED) {
        if (sh != MAP_FAILED)
            munmap(sh, size);
        free(z);
        free(moves);
        wg_actlist_free(&legal);
        return WG_ENOMEM;
    }
    int forcing = 0;
    if (ops->order)
        rc = ops->order(ops->ctx, root_s, &legal, &forcing);
    memcpy(moves, legal.a, (size_t)legal.n * sizeof *moves);
    int n = legal.n;
    wg_actlist_free(&legal);
    *z = (search){ .s = root_s, .ops = ops, .o = o, .sh = sh,
                   .mask = ((uint64_t)1 << bits) - 1, .start = start,
                   .in = { .fd = o->stop_fd, .ask = ops->input, .more = -1,
                           .ctx = ops->ctx } };
    memset(z->check_at, -1, sizeof z->check_at);
    if (o->seconds > 0)
        z->deadline = (o->cpu ? cpu_start : start) + o->seconds;
    int threads = o->threads < 1 ? 1
                  : o->threads > WG_SEARCH_MAX_THREADS
                  ? WG_SEARCH_MAX_THREADS : o->threads;
    pid_t pids[WG_SEARCH_MAX_THREADS];
    int helpers = 0;
    pid_t self = getpid();
    for (int i = 1; i < threads && rc == WG_OK; i++) {
        pid_t pid = fork();
        if (pid == 0) {
            z->id = i;
            helper(z, moves, n, self);
        }
        if (pid > 0)
            pids[helpers++] = pid;
    }
    if (rc == WG_OK) {
        deepen(z, moves, n);
        rc = z->rc;
    }
    atomic_store(&sh->stop, 1);
    long helper_nodes = 0;
    const slot *use = &sh->slot[0];
    for (int i = 0; i < helpers; i++) {
        int status;
        while (waitpid(pids[i], &status, 0) < 0 && errno == EINTR)
            ;
        const slot *h = &sh->slot[i + 1];
        if (h->failed && rc == WG_OK) {  /* a helper met a failing call */
            rc = WG_ECALLBACK;
            if (ops->fail)
                ops->fail(ops->ctx, h->error);
        }
        helper_nodes += h->nodes;
        /* a helper that went deeper and agrees it is no worse decides */
        if (h->depth > use->depth && h->pvlen > 0)
            use = h;
    }
    if (rc == WG_OK) {
        *best = use->pv[0];
        slot_stats(z, use, &stats);
    }
    stats.seldepth = sh->slot[0].seldepth;
    stats.nodes_main = z->nodes;
    stats.nodes = z->nodes + helper_nodes;
    stats.threads = 1 + helpers;
    stats.seconds = now(0) - start;
    stats.input = z->input;
    memcpy(stats.cutoffs, z->cut, sizeof stats.cutoffs);
    if (st)
        *st = stats;
    munmap(sh, size);
    free(moves);
    free_search(z);
    return rc;
}
