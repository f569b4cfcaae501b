/* shot.c: moves followed by a shot -- a piece moves by its pattern, then fires
 * along a ray from where it landed (Amazons arrows, Trenches grenades). */
#include "shot.h"

#include <string.h>

#include "turn.h"

int wg_shot_guarded(const wg_state *s, int sq, uint32_t types)
{
    const wg_grid *g = &s->rules->grid;
    for (int dy = -1; dy <= 1; dy++)
        for (int dx = -1; dx <= 1; dx++) {
            int t = (dx || dy) ? wg_grid_step(g, sq, dx, dy) : 0;
            int q = t ? wg_at(s, t) : 0;
            if (q && (types >> wg_piece(s, q)[PF_TYPE] & 1))
                return 1;
        }
    return 0;
}

void wg_shot_zone(const wg_state *s, uint32_t types, int except, uint8_t *zone)
{
    const wg_grid *g = &s->rules->grid;
    memset(zone, 0, (size_t)g->nsq + 1);
    for (int side = 1; side <= 2 && types; side++) {
        const int32_t *list = wg_list(s, side);
        for (int i = 0, n = wg_count(s, side); i < n; i++) {
            const int32_t *p = wg_piece(s, list[i]);
            if (!(types >> p[PF_TYPE] & 1) || list[i] == except)
                continue;
            /* the rows below, at and above the piece, clipped to the
             * board, but not its own square */
            int sq = p[PF_SQ], file = g->file_of[sq], rank = g->rank_of[sq];
            int left = file > 0, right = file < g->files - 1;
            for (int dy = rank > 0 ? -1 : 0; dy <= (rank < g->ranks - 1);
                 dy++) {
                uint8_t *row = zone + sq + dy * g->files;
                if (left)
                    row[-1] = 1;
                if (right)
                    row[1] = 1;
                if (dy)
                    row[0] = 1;
            }
        }
    }
}

/* A walk along one atom's line from a square: ride_next() gives, in order,
 * each empty square the walk may stop on, and 0 once the line ends. The
 * piece on `gone` (0: none) counts as moved away. */
typedef struct ride {
    const wg_atom *a;
    const wg_sq *ray;
    int d, max, side, gone;
} ride;

static inline ride ride_from(const wg_state *s, const wg_atom *a, int side,
                             int sq, int gone)
{
    ride w = { a, wg_grid_ray(&s->rules->grid, a->vec, sq), 0,
               a->max ? a->max : WG_MAX_RAY, side, gone };
    return w;
}

/* The next square the walk passes, empty or a piece it passes over, and
 * in *land whether it may stop there; 0 once the line ends. */
static inline int ride_step(const wg_state *s, ride *w, int *land)
{
    const wg_atom *a = w->a;
    if (w->d < w->max && w->ray[w->d]) {
        int t = w->ray[w->d++];
        uint32_t ter = wg_terrain(s, t);
        if (!(ter & a->block)) {
            int q = t == w->gone ? 0 : wg_at(s, t);
            if (!q) {
                *land = w->d >= a->min && !(ter & a->noland);
                return t;
            }
            const int32_t *qp = wg_piece(s, q);
            uint32_t over = qp[PF_SIDE] == w->side ? a->over_own
                                                   : a->over_enemy;
            if (over >> qp[PF_TYPE] & 1) {
                *land = 0;   /* passed over a piece: it cannot stop there */
                return t;
            }
        }
    }
    w->max = 0;
    return 0;
}

static inline int ride_next(const wg_state *s, ride *w)
{
    int land;
    for (int t; (t = ride_step(s, w, &land)) != 0;)
        if (land)
            return t;
    return 0;
}

/* A plain atom slides from distance 1 to the edge over no piece and stops
 * on every square it may pass. */
static int plain_atom(const wg_atom *a)
{
    return a->min <= 1 && !a->max && !a->over_own && !a->over_enemy
           && !a->noland;
}

/* Squares already used, for patterns whose lines overlap: at[sq] == stamp. */
typedef struct seen {
    uint32_t stamp;
    uint32_t at[WG_MAX_SQ + 1];
} seen;

static int first_visit(seen *v, int on, int sq)
{
    if (!on)
        return 1;
    if (v->at[sq] == v->stamp)
        return 0;
    v->at[sq] = v->stamp;
    return 1;
}

static inline int next_to(const wg_grid *g, int a, int b)
{
    int dx = g->file_of[a] - g->file_of[b], dy = g->rank_of[a] - g->rank_of[b];
    return dx >= -1 && dx <= 1 && dy >= -1 && dy <= 1;
}

/* Every shot from `to` after the piece on `from` moved there; zone holds the
 * squares the other pieces guard, and self_guard says the mover guards. */
static int shoot(const wg_state *s, const wg_shot *spec, int side, int from,
                 int to, const uint8_t *zone, int self_guard, seen *v,
                 wg_actlist *out)
{
    const wg_rules *r = s->rules;
    const wg_type *pt = &r->type[spec->pattern];
    int n0 = out->n;
    v->stamp++;
    int gone = spec->origin_open ? from : 0;
    for (int i = 0; i < pt->natoms[side - 1]; i++) {
        const wg_atom *a = &pt->atom[side - 1][i];
        if (!(a->mode & WG_MOVE))
            continue;
        ride w = ride_from(s, a, side, to, gone);
        for (int t, land; (t = ride_step(s, &w, &land)) != 0;) {
            if (zone[t] || (self_guard && next_to(&r->grid, t, to))) {
                if (spec->guards_stop)   /* even where it could not land */
                    break;
                continue;
            }
            if (!land)
                continue;
            wg_action x = wg_act(spec->kind, (unsigned)from, (unsigned)to,
                                 (unsigned)t, 0, 0);
            if (first_visit(v, pt->overlap, t))
                WG_TRY(wg_actlist_push(out, x));
        }
    }
    return out->n - n0;
}

/* The common case, precomputed once per call: the shot's atoms differ only
 * in direction, start at distance 1 and pass no piece. Then a square stops
 * the shot unless pass[sq], and it may land there iff land[sq]. */
typedef struct fast {
    int natoms;
    const wg_sq *ray[WG_MAX_ATOMS];     /* per atom: ray table of its vector */
    int max[WG_MAX_ATOMS];
    uint32_t block, noland;             /* the atoms' common masks */
    int guards_stop;
    int edge;                           /* every atom rides to the edge */
    int simple;                         /* and a shot lands wherever it
                                           passes (no guards, no noland) */
    const uint8_t *zone;
    uint8_t pass[WG_MAX_SQ + 1], land[WG_MAX_SQ + 1];
} fast;

/* pass[sq] | land[sq] << 1 for a square of terrain `ter`, empty or not,
 * in the guarded zone or not. */
static inline int square_bits(uint32_t ter, int empty, int zoned,
                              uint32_t block, uint32_t noland, int stop)
{
    /* & on flags (0 or 1), not &&: no branch a square */
    int open = empty & !(ter & block);
    return (open & !(stop & zoned)) | (open & !zoned & !(ter & noland)) << 1;
}

/* Sets pass[sq] and land[sq] for a square that is empty or not. */
static inline void fast_square(fast *f, const wg_state *s, int sq, int empty)
{
    int b = square_bits(wg_terrain(s, sq), empty, f->zone[sq], f->block,
                        f->noland, f->guards_stop);
    f->pass[sq] = (uint8_t)(b & 1);
    f->land[sq] = (uint8_t)(b >> 1);
}

static int fast_setup(const wg_state *s, const wg_shot *spec, int side,
                      const uint8_t *zone, fast *f)
{
    const wg_rules *r = s->rules;
    const wg_type *pt = &r->type[spec->pattern];
    const wg_atom *first = NULL;
    f->natoms = 0;
    f->block = f->noland = 0;
    f->guards_stop = !!spec->guards_stop;
    f->zone = zone;
    if (pt->overlap)
        return 0;
    for (int i = 0; i < pt->natoms[side - 1]; i++) {
        const wg_atom *a = &pt->atom[side - 1][i];
        if (!(a->mode & WG_MOVE))
            continue;
        if (!first)
            first = a;
        if (a->min != 1 || a->over_own || a->over_enemy
            || a->block != first->block || a->noland != first->noland)
            return 0;
        f->ray[f->natoms] = r->grid.ray[a->vec];
        f->max[f->natoms++] = a->max ? a->max : WG_MAX_RAY;
    }
    if (first) {
        f->block = first->block;
        f->noland = first->noland;
    }
    f->edge = 1;
    for (int i = 0; i < f->natoms; i++)
        f->edge = f->edge && f->max[i] == WG_MAX_RAY;
    f->simple = f->edge && !spec->guards && !f->noland;
    /* fast_square for every square, with what it reads held in locals:
     * a store to pass or land (bytes) might otherwise change any of it */
    const int32_t *board = s->w + s->o_board, *dyn = s->w + s->o_dyn;
    const uint32_t *terrain = r->grid.terrain;
    uint32_t block = f->block, noland = f->noland;
    int stop = f->guards_stop;
    uint8_t *pass = f->pass, *land = f->land;
    pass[0] = land[0] = 0;
    if (!spec->guards && !noland)   /* no zone: passes and lands alike */
        for (int sq = 1, nsq = r->grid.nsq; sq <= nsq; sq++)
            pass[sq] = land[sq] = !((uint32_t)board[sq]
                                    | ((terrain[sq] | (uint32_t)dyn[sq])
                                       & block));
    else
        for (int sq = 1, nsq = r->grid.nsq; sq <= nsq; sq++) {
            int b = square_bits(terrain[sq] | (uint32_t)dyn[sq], !board[sq],
                                zone[sq], block, noland, stop);
            pass[sq] = (uint8_t)(b & 1);
            land[sq] = (uint8_t)(b >> 1);
        }
    return 1;
}

/* shoot() on the fast path; the caller has opened the mover's origin.
 * Each step of a ray writes its action and keeps it if it may land there
 * (room for every step is made first). */
static int shoot_fast(const fast *f, wg_action base, int to, wg_actlist *out)
{
    int need = f->natoms * WG_MAX_RAY;
    while (out->cap - out->n < need)
        WG_TRY(wg_actlist_grow(out));
    wg_action *dst = out->a + out->n;
    const uint8_t *pass = f->pass, *land = f->land;
    if (f->simple) {   /* the Amazons: each square passed is a shot */
        for (int i = 0, n = f->natoms; i < n; i++)
            for (const wg_sq *ray = f->ray[i] + to * WG_MAX_RAY; pass[*ray];
                 ray++)
                *dst++ = base | wg_act(0, 0, 0, *ray, 0, 0);
        out->n = (int)(dst - out->a);
        return 0;
    }
    int off = to * WG_MAX_RAY;
    if (f->edge)   /* every ray to the edge: the 0 ends it */
        for (int i = 0, n = f->natoms; i < n; i++)
            for (const wg_sq *ray = f->ray[i] + off; pass[*ray]; ray++) {
                *dst = base | wg_act(0, 0, 0, *ray, 0, 0);
                dst += land[*ray];
            }
    else
        for (int i = 0, n = f->natoms; i < n; i++) {
            const wg_sq *ray = f->ray[i] + off, *end = ray + f->max[i];
            for (; ray < end && pass[*ray]; ray++) {
                *dst = base | wg_act(0, 0, 0, *ray, 0, 0);
                dst += land[*ray];
            }
        }
    out->n = (int)(dst - out->a);
    return 0;
}

/* 1 if the type's moves stop on exactly the squares the fast path's shots
 * pass (pass[]): plain atoms on distinct lines with the shots' block. */
static int moves_pass(const fast *f, const wg_type *ty, int side)
{
    if (ty->overlap)
        return 0;
    for (int k = 0; k < ty->natoms[side - 1]; k++) {
        const wg_atom *a = &ty->atom[side - 1][k];
        if ((a->mode & WG_MOVE) && (!plain_atom(a) || a->block != f->block))
            return 0;
    }
    return 1;
}

/* wg_shot_trace, on the fast path where it can (quick) or walking every
 * shot. */
static int trace(const wg_state *s, int side, const wg_shot *spec,
                 wg_actlist *out, int quick)
{
    const wg_rules *r = s->rules;
    if (spec->pattern < 1 || spec->pattern > r->ntypes)
        return 0;
    uint8_t zone[WG_MAX_SQ + 1], own[WG_MAX_SQ + 1];
    wg_shot_zone(s, spec->guards, 0, zone);
    fast f;
    quick = quick && fast_setup(s, spec, side, zone, &f);
    seen shots, moves;  /* used only when lines overlap: cleared then */
    shots.stamp = moves.stamp = 0;
    int overlap = r->type[spec->pattern].overlap;
    for (int t = 1; t <= r->ntypes; t++)
        overlap |= (spec->movers >> t & 1) && r->type[t].overlap;
    for (int sq = 0; overlap && sq <= r->grid.nsq; sq++)
        shots.at[sq] = moves.at[sq] = 0;
    int8_t plain_moves[WG_MAX_TYPES + 1];   /* moves_pass by type, or -1 */
    memset(plain_moves, -1, sizeof plain_moves);
    const int32_t *list = wg_list(s, side);
    int n0 = out->n;
    for (int i = 0, n = wg_count(s, side); i < n; i++) {
        const int32_t *p = wg_piece(s, list[i]);
        const wg_type *ty = &r->type[p[PF_TYPE]];
        int from = p[PF_SQ];
        if (!(spec->movers >> p[PF_TYPE] & 1) || ty->nshape)
            continue;
        moves.stamp++;
        int self_guard = spec->guards >> p[PF_TYPE] & 1;
        if (self_guard)   /* guarded squares around its landing, not here */
            wg_shot_zone(s, spec->guards, list[i], own);
        int go = quick && !self_guard;
        uint8_t pass = f.pass[from], land = f.land[from];
        if (go && spec->origin_open)   /* the mover has left its origin */
            fast_square(&f, s, from, 1);
        /* unless guarded squares stop shots, a plain mover's moves are
         * the squares its rays pass, as the shots' */
        int pass_moves = go && !(spec->guards && spec->guards_stop);
        if (pass_moves) {   /* worked out once a type */
            int8_t *m = &plain_moves[p[PF_TYPE]];
            if (*m < 0)
                *m = (int8_t)moves_pass(&f, ty, side);
            pass_moves = *m;
        }
        for (int k = 0; k < ty->natoms[side - 1]; k++) {
            const wg_atom *a = &ty->atom[side - 1][k];
            if (!(a->mode & WG_MOVE))
                continue;
            for (const wg_sq *ray = wg_grid_ray(&r->grid, a->vec, from);
                 pass_moves && f.pass[*ray]; ray++)
                WG_TRY(shoot_fast(&f, wg_act(spec->kind, (unsigned)from,
                                             *ray, 0, 0, 0), *ray, out));
            if (pass_moves)
                continue;
            ride w = ride_from(s, a, side, from, 0);
            for (int t; (t = ride_next(s, &w)) != 0;) {
                if (!first_visit(&moves, ty->overlap, t))
                    continue;
                wg_action base = wg_act(spec->kind, (unsigned)from,
                                        (unsigned)t, 0, 0, 0);
                WG_TRY(go ? shoot_fast(&f, base, t, out)
                          : shoot(s, spec, side, from, t,
                                  self_guard ? own : zone, self_guard,
                                  &shots, out));
            }
        }
        f.pass[from] = pass;
        f.land[from] = land;
    }
    return out->n - n0;
}

int wg_shot_trace(const wg_state *s, int side, const wg_shot *spec,
                  wg_actlist *out)
{
    return trace(s, side, spec, out, 1);
}

int wg_shot_trace_walk(const wg_state *s, int side, const wg_shot *spec,
                       wg_actlist *out)
{
    return trace(s, side, spec, out, 0);
}

int wg_shot_play(wg_state *s, wg_action x, int layer)
{
    int rc = wg_state_apply_move(s, wg_act_a(x), wg_act_b(x), wg_act_e(x));
    if (rc < 0)
        return rc;
    WG_TRY(wg_state_set_layer(s, (int)wg_act_c(x), layer, 1));
    return wg_turn_end(s);
}

/* ---- One action of the list, drawn without making it ---------------------
 * A random playout needs one action a ply, drawn uniformly, not the list
 * (the Amazons: some 700 actions a ply). On the fast path where shots land
 * wherever they pass and moves stop where shots pass, each move's shots are
 * counted along their rays instead of written, and only the one drawn is
 * made. */

/* The squares a shot passes along a ray (a row of a ray table) before it
 * stops. */
static inline int span(const uint8_t *pass, const wg_sq *t)
{
    const wg_sq *u = t;
    while (pass[*u])
        u++;
    return (int)(u - t);
}

/* The same from sq along a ray table. */
static inline int run(const uint8_t *pass, const wg_sq *ray, int sq)
{
    return span(pass, ray + sq * WG_MAX_RAY);
}

/* The k-th shot from `to` (k less than their number), in shoot_fast's
 * order. */
static wg_action nth_shot(const fast *f, wg_action base, int to, int k)
{
    for (int i = 0;; i++) {
        int c = run(f->pass, f->ray[i], to);
        if (k < c)
            return base | wg_act(0, 0, 0, f->ray[i][to * WG_MAX_RAY + k], 0,
                                 0);
        k -= c;
    }
}

/* A side's part of the memo: the fast path's atoms (f, but for pass and
 * land), whether it applies, moves_pass by type (or -1), and the lines of
 * one mover type. */
typedef struct side_memo {
    int ready, quick;
    fast f;
    int8_t plain[WG_MAX_TYPES + 1];
    struct wg_shot_lines {
        int type;   /* which, or 0 */
        int8_t same[WG_MAX_ATOMS], back[WG_MAX_ATOMS], nwalk[WG_MAX_ATOMS];
        const wg_sq *walk[WG_MAX_ATOMS][WG_MAX_ATOMS];   /* ray tables */
    } lines;
} side_memo;

struct wg_shot_memo {
    const wg_rules *rules;   /* what it was worked out for */
    side_memo side[2];
};

size_t wg_shot_memo_size(void) { return sizeof(wg_shot_memo); }

/* The shot atom of vector (dx, dy), or -1: at[] holds the shot atoms by
 * the vector's low bits, and a vector of the same bits is told apart. */
static int shot_atom(const wg_grid *g, const int8_t *at, const int *vec,
                     int n, int dx, int dy)
{
    int i = at[(dx & 7) | (dy & 7) << 3];
    if (i >= 0 && g->vec[vec[i]][0] == dx && g->vec[vec[i]][1] == dy)
        return i;
    for (i = 0; i < n; i++)
        if (g->vec[vec[i]][0] == dx && g->vec[vec[i]][1] == dy)
            return i;
    return -1;
}

/* The memo's lines of a mover type for a side: for each move atom, the
 * shot atoms along its vector and the opposite one (-1: none), and those
 * piece_shots walks from each square it moves to -- the others when both
 * are there, else all. */
static void find_lines(const wg_state *s, const wg_shot *spec, int type,
                       int side, wg_shot_memo *m)
{
    const wg_grid *g = &s->rules->grid;
    const wg_type *pt = &s->rules->type[spec->pattern];
    const wg_type *ty = &s->rules->type[type];
    int vec[WG_MAX_ATOMS], n = 0;   /* the shot atoms' vectors, as fast's */
    int8_t at[64];
    memset(at, -1, sizeof at);
    for (int i = 0; i < pt->natoms[side - 1]; i++)
        if (pt->atom[side - 1][i].mode & WG_MOVE) {
            int v = pt->atom[side - 1][i].vec;
            at[(g->vec[v][0] & 7) | (g->vec[v][1] & 7) << 3] = (int8_t)n;
            vec[n++] = v;
        }
    struct wg_shot_lines *ln = &m->side[side - 1].lines;
    for (int k = 0; k < ty->natoms[side - 1]; k++) {
        int v = ty->atom[side - 1][k].vec, dx = g->vec[v][0],
            dy = g->vec[v][1];
        int same = shot_atom(g, at, vec, n, dx, dy);
        int back = shot_atom(g, at, vec, n, -dx, -dy);
        if (same < 0 || back < 0)
            same = back = -1;
        ln->same[k] = (int8_t)same;
        ln->back[k] = (int8_t)back;
        ln->nwalk[k] = 0;
        for (int i = 0; i < n; i++)
            if (i != same && i != back)
                ln->walk[k][ln->nwalk[k]++] = m->side[side - 1].f.ray[i];
    }
    ln->type = type;
}

/* Appends base with the move's square `to` and, from bit 32, the number
 * of shots up to its last; returns that number, or the list's error. */
static inline int note(wg_actlist *out, wg_action base, int to, int total)
{
    if (out->n >= out->cap)
        WG_TRY(wg_actlist_grow(out));
    out->a[out->n++] = base | wg_act(0, 0, (unsigned)to, 0, 0, 0)
                       | (wg_action)total << 32;
    return total;
}

/* The shots after the moves of the piece on `from`, a mover whose moves
 * stop where shots pass (the origin open or not in f as the spec says), in
 * wg_shot_trace's order: appends to out, for each move with shots, base
 * with the move's square and, from bit 32, the number of shots up to its
 * last (total before, plus its own). Returns the new total, or the list's
 * error. Along the move's own line the shots are not walked: from the
 * j-th of m squares, m - j lie ahead and j - 1 behind, then the origin if
 * open and what lies beyond it. */
static int piece_shots(const fast *f, const wg_state *s, const wg_type *ty,
                       int side, const struct wg_shot_lines *ln,
                       wg_action base, int from, int total, wg_actlist *out)
{
    const wg_grid *g = &s->rules->grid;
    const uint8_t *pass = f->pass;
    int reach[WG_MAX_ATOMS];   /* the squares each shot ray passes here */
    for (int i = 0; i < f->natoms; i++)
        reach[i] = run(pass, f->ray[i], from);
    /* held in locals: a store to out might otherwise change any of it */
    const wg_atom *atom = ty->atom[side - 1];
    int natoms = ty->natoms[side - 1], origin = pass[from];
    for (int a = 0; a < natoms; a++) {
        if (!(atom[a].mode & WG_MOVE))
            continue;
        const wg_sq *ray = wg_grid_ray(g, atom[a].vec, from);
        const wg_sq *const *walk = ln->walk[a];
        int nwalk = ln->nwalk[a], along = 0;
        if (ln->same[a] >= 0)
            along = reach[ln->same[a]] - 1 + origin * (1 + reach[ln->back[a]]);
        if (nwalk == 6) {   /* a queen's other six rays, in registers */
            const wg_sq *w0 = walk[0], *w1 = walk[1], *w2 = walk[2],
                        *w3 = walk[3], *w4 = walk[4], *w5 = walk[5];
            for (; pass[*ray]; ray++) {
                int at = *ray * WG_MAX_RAY;
                int c = along + span(pass, w0 + at) + span(pass, w1 + at)
                        + span(pass, w2 + at) + span(pass, w3 + at)
                        + span(pass, w4 + at) + span(pass, w5 + at);
                if (c)
                    WG_TRY(total = note(out, base, *ray, total + c));
            }
            continue;
        }
        for (; pass[*ray]; ray++) {
            int c = along;
            for (int i = 0; i < nwalk; i++)
                c += run(pass, walk[i], *ray);
            if (c)
                WG_TRY(total = note(out, base, *ray, total + c));
        }
    }
    return total;
}

/* No square is guarded: the zone of a spec without guards. */
static const uint8_t no_zone[WG_MAX_SQ + 1];

int wg_shot_pick(const wg_state *s, int side, const wg_shot *spec,
                 wg_shot_memo *memo, uint32_t draw, wg_actlist *out,
                 wg_action *x)
{
    const wg_rules *r = s->rules;
    if (spec->pattern < 1 || spec->pattern > r->ntypes)
        return 0;
    if (memo->rules != r) {
        memset(memo, 0, sizeof *memo);
        memo->rules = r;
    }
    side_memo *sm = &memo->side[side - 1];
    fast *f = &sm->f;
    if (!sm->ready) {   /* what depends on the rules and the spec alone */
        sm->quick = !spec->guards && fast_setup(s, spec, side, no_zone, f)
                    && f->simple;
        memset(sm->plain, -1, sizeof sm->plain);
        sm->ready = 1;
    }
    int quick = sm->quick;
    if (quick) {   /* the squares shots pass, as fast_setup finds them */
        const int32_t *board = s->w + s->o_board, *dyn = s->w + s->o_dyn;
        const uint32_t *terrain = r->grid.terrain;
        uint32_t block = f->block;
        uint8_t *pass = f->pass;
        for (int sq = 1, nsq = r->grid.nsq; sq <= nsq; sq++)
            pass[sq] = !((uint32_t)board[sq]
                         | ((terrain[sq] | (uint32_t)dyn[sq]) & block));
    }
    const int32_t *list = wg_list(s, side);
    int n0 = out->n, n = 0;
    struct wg_shot_lines *ln = &sm->lines;
    for (int i = 0, count = wg_count(s, side); quick && i < count; i++) {
        const int32_t *p = wg_piece(s, list[i]);
        const wg_type *ty = &r->type[p[PF_TYPE]];
        if (!(spec->movers >> p[PF_TYPE] & 1) || ty->nshape)
            continue;
        int8_t *plain = &sm->plain[p[PF_TYPE]];
        if (*plain < 0)
            *plain = (int8_t)moves_pass(f, ty, side);
        if (!*plain) {
            quick = 0;   /* moves the shots' squares do not tell */
            break;
        }
        if (ln->type != p[PF_TYPE])
            find_lines(s, spec, p[PF_TYPE], side, memo);
        int from = p[PF_SQ];
        uint8_t pass = f->pass[from];
        if (spec->origin_open)   /* the mover has left its origin */
            fast_square(f, s, from, 1);
        n = piece_shots(f, s, ty, side, ln,
                        wg_act(spec->kind, (unsigned)from, 0, 0, 0, 0), from,
                        n, out);
        f->pass[from] = pass;
        if (n < 0)
            return n;
    }
    if (!quick) {   /* the list, and the action drawn from it */
        out->n = n0;
        n = wg_shot_trace(s, side, spec, out);
        if (n > 0)
            *x = out->a[n0 + (int)wg_rng_index(draw, (uint32_t)n)];
        return n;
    }
    if (n == 0)
        return 0;
    /* the move whose shots hold the one drawn: the first whose count up
     * to its last passes it */
    int k = (int)wg_rng_index(draw, (uint32_t)n), lo = n0, hi = out->n - 1;
    while (lo < hi) {
        int mid = (lo + hi) / 2;
        if ((int)(out->a[mid] >> 32) > k)
            hi = mid;
        else
            lo = mid + 1;
    }
    wg_action base = out->a[lo] & 0xffffffffu;
    if (lo > n0)
        k -= (int)(out->a[lo - 1] >> 32);
    out->n = n0;
    int from = (int)wg_act_a(base);
    uint8_t pass = f->pass[from];
    if (spec->origin_open)
        fast_square(f, s, from, 1);
    *x = nth_shot(f, base, (int)wg_act_b(base), k);
    f->pass[from] = pass;
    return n;
}

/* Territory's search. An atom is plain when it slides from distance 1 to
 * the edge over no piece and stops on every square it may pass: then a
 * walk goes on from a square as any other walk of the atom that passed it
 * did, and stops at a square an earlier one (from no further) passed. When
 * every move atom is plain with the same blocking layers, open[sq] says
 * whether a walk passes sq, worked out once for both sides. */
typedef struct race {
    const wg_type *pt;
    int plain;                        /* every move atom is, alike */
    uint8_t open[WG_MAX_SQ + 1];
    uint8_t swept[WG_MAX_ATOMS][WG_MAX_SQ + 1];
} race;

/* 1 if every move atom of the pattern, both sides', is plain with the same
 * blocking layers (*block: those; 0 when it has no move atom). */
static int plain_pattern(const wg_type *pt, uint32_t *block)
{
    int seen = 0;
    *block = 0;
    for (int side = 0; side < 2; side++)
        for (int k = 0; k < pt->natoms[side]; k++) {
            const wg_atom *a = &pt->atom[side][k];
            if (!(a->mode & WG_MOVE))
                continue;
            if (!plain_atom(a) || (seen && a->block != *block))
                return 0;
            *block = a->block;
            seen = 1;
        }
    return 1;
}

static void race_init(const wg_state *s, int pattern, race *rc)
{
    uint32_t block;
    rc->pt = &s->rules->type[pattern];
    rc->plain = plain_pattern(rc->pt, &block);
    for (int sq = 0; rc->plain && sq <= s->rules->grid.nsq; sq++)
        rc->open[sq] = sq && !wg_at(s, sq) && !(wg_terrain(s, sq) & block);
}

/* dist[sq]: the moves side's pieces need to reach sq by the pattern (0:
 * none, or a piece's own square), breadth first from all of them at once.
 * Returns the squares reached in one move. */
static int distances(const wg_state *s, race *rc, int side, uint16_t *dist)
{
    const wg_type *pt = rc->pt;
    int16_t queue[WG_MAX_SQ + 1];
    int head = 0, tail = 0, near = 0, nsq = s->rules->grid.nsq;
    const int32_t *list = wg_list(s, side);
    for (int i = 0, n = wg_count(s, side); i < n; i++)
        queue[tail++] = (int16_t)wg_piece(s, list[i])[PF_SQ];
    int natoms = pt->natoms[side - 1];
    for (int k = 0; k < natoms; k++)
        memset(rc->swept[k], 0, (size_t)nsq + 1);
    int level_end = tail;
    for (int d = 1; head < tail; d++) {
        for (; head < level_end; head++) {
            for (int k = 0; k < natoms; k++) {
                const wg_atom *a = &pt->atom[side - 1][k];
                if (!(a->mode & WG_MOVE))
                    continue;
                uint8_t *swept = rc->swept[k];
                if (rc->plain) {
                    const wg_sq *ray = wg_grid_ray(&s->rules->grid, a->vec,
                                                   queue[head]);
                    for (int t; (t = *ray++) && rc->open[t] && !swept[t];) {
                        swept[t] = 1;
                        if (!dist[t]) {
                            dist[t] = (uint16_t)d;
                            queue[tail++] = (int16_t)t;
                            near += d == 1;
                        }
                    }
                    continue;
                }
                int plain = plain_atom(a);
                ride w = ride_from(s, a, side, queue[head], 0);
                for (int t; (t = ride_next(s, &w)) != 0;) {
                    if (plain && swept[t])
                        break;
                    swept[t] = 1;
                    if (!dist[t]) {
                        dist[t] = (uint16_t)d;
                        queue[tail++] = (int16_t)t;
                        near += d == 1;
                    }
                }
            }
        }
        level_end = tail;
    }
    return near;
}

int wg_shot_distances_walk(const wg_state *s, int pattern, int side,
                           uint16_t *dist)
{
    const wg_rules *r = s->rules;
    memset(dist, 0, ((size_t)r->grid.nsq + 1) * sizeof *dist);
    if (pattern < 1 || pattern > r->ntypes)
        return 0;
    race rc;
    race_init(s, pattern, &rc);
    return distances(s, &rc, side, dist);
}

/* ---- The same search on bitsets ------------------------------------------
 * On a board of at most 128 squares, when every move atom is plain with
 * the same blocking layers, the search steps a whole frontier at once
 * instead of a square at a time: a set of squares is two words (square sq
 * is bit sq - 1), and a step along an atom shifts both by the vector's
 * distance in square numbers, then keeps the open squares the vector can
 * arrive on (the grid's arrive sets: they drop what a shift carried off one
 * edge of the board onto the other). */
typedef struct bits {
    uint64_t lo, hi;   /* squares 1..64, 65..128 */
} bits;

static inline int bits_any(bits a) { return (a.lo | a.hi) != 0; }

static inline bits bits_minus(bits a, bits b)
{
    return (bits){ a.lo & ~b.lo, a.hi & ~b.hi };
}

static int count64(uint64_t x)
{   /* bits set, added up in ever wider fields */
    x -= x >> 1 & 0x5555555555555555u;
    x = (x & 0x3333333333333333u) + (x >> 2 & 0x3333333333333333u);
    x = (x + (x >> 4)) & 0x0f0f0f0f0f0f0f0fu;
    return (int)(x * 0x0101010101010101u >> 56);
}

static inline int bits_count(bits a) { return count64(a.lo) + count64(a.hi); }

/* One atom's walks: the vector as a difference of square numbers, and the
 * squares a step along it may reach -- open, where the vector can arrive
 * from a square of the board, and not yet swept (a walk that meets a
 * square an earlier walk of the atom passed finds nothing new from there
 * on, as in the walk above). */
typedef struct lane {
    int shift;
    bits to;
} lane;

/* Every square a walk along the lane reaches from a square of g. */
static bits slide(bits g, const lane *ln)
{
    uint64_t lo = g.lo, hi = g.hi, tlo = ln->to.lo, thi = ln->to.hi;
    bits all = { 0, 0 };
    int n = ln->shift;
    if (n > 0 && n < 64)
        for (;;) {
            hi = (hi << n | lo >> (64 - n)) & thi;
            lo = lo << n & tlo;
            if (!(lo | hi))
                return all;
            all.lo |= lo;
            all.hi |= hi;
        }
    if (n < 0 && n > -64)
        for (n = -n;;) {
            lo = (lo >> n | hi << (64 - n)) & tlo;
            hi = hi >> n & thi;
            if (!(lo | hi))
                return all;
            all.lo |= lo;
            all.hi |= hi;
        }
    /* a step of 64 squares or more: a second would leave the board */
    if (n >= 64)
        all.hi = lo << (n - 64) & thi;
    else
        all.lo = hi >> (-n - 64) & tlo;
    return all;
}

/* One side's search: a lane per move atom, the squares reached so far and
 * those first reached by the last step. */
typedef struct flood {
    int nlanes;
    lane lane[WG_MAX_ATOMS];
    bits front, reached;
} flood;

static void flood_start(flood *f, const wg_state *s, const wg_type *pt,
                        int side, bits open)
{
    const wg_grid *g = &s->rules->grid;
    f->nlanes = 0;
    f->front = f->reached = (bits){ 0, 0 };
    for (int k = 0; k < pt->natoms[side - 1]; k++) {
        const wg_atom *a = &pt->atom[side - 1][k];
        const uint64_t *arrive = g->arrive[a->vec];
        if (!(a->mode & WG_MOVE) || !(arrive[0] | arrive[1]))
            continue;   /* not a move, or one that goes nowhere here */
        lane *ln = &f->lane[f->nlanes++];
        ln->shift = g->vec[a->vec][1] * g->files + g->vec[a->vec][0];
        ln->to = (bits){ open.lo & arrive[0], open.hi & arrive[1] };
    }
    const int32_t *list = wg_list(s, side);
    for (int i = 0, n = wg_count(s, side); i < n; i++) {
        int b = wg_piece(s, list[i])[PF_SQ] - 1;
        *(b < 64 ? &f->front.lo : &f->front.hi) |= 1ull << (b & 63);
    }
}

/* The squares first reached in one more move: none once the search is
 * over. */
static bits flood_step(flood *f)
{
    bits next = { 0, 0 };
    if (!bits_any(f->front))
        return next;
    for (int k = 0; k < f->nlanes; k++) {
        lane *ln = &f->lane[k];
        bits b = slide(f->front, ln);
        ln->to = bits_minus(ln->to, b);   /* swept */
        next.lo |= b.lo;
        next.hi |= b.hi;
    }
    next = bits_minus(next, f->reached);
    f->reached.lo |= next.lo;
    f->reached.hi |= next.hi;
    f->front = next;
    return next;
}

/* The empty squares first..last (at most 64) no layer of block covers, as
 * one word: built from the last square down, in a register. */
static uint64_t open_word(const wg_state *s, uint32_t block, int first,
                          int last)
{
    const int32_t *board = s->w + s->o_board, *dyn = s->w + s->o_dyn;
    const uint32_t *terrain = s->rules->grid.terrain;
    uint64_t m = 0;
    for (int sq = last; sq >= first; sq--)
        m = m << 1 | !((uint32_t)board[sq]
                       | ((terrain[sq] | (uint32_t)dyn[sq]) & block));
    return m;
}

static bits open_squares(const wg_state *s, uint32_t block)
{
    int nsq = s->rules->grid.nsq;
    return (bits){ open_word(s, block, 1, nsq < 64 ? nsq : 64),
                   open_word(s, block, 65, nsq) };
}

/* Whether the bitset search can stand for the walk: nothing else differs
 * (the tests hold the two to the same distances). */
static int flood_fits(const wg_state *s, int pattern, uint32_t *block)
{
    const wg_rules *r = s->rules;
    return pattern >= 1 && pattern <= r->ntypes
           && r->grid.nsq <= WG_GRID_BITS
           && plain_pattern(&r->type[pattern], block);
}

int wg_shot_distances(const wg_state *s, int pattern, int side,
                      uint16_t *dist)
{
    uint32_t block;
    if (!flood_fits(s, pattern, &block))
        return wg_shot_distances_walk(s, pattern, side, dist);
    const wg_grid *g = &s->rules->grid;
    memset(dist, 0, ((size_t)g->nsq + 1) * sizeof *dist);
    flood f;
    flood_start(&f, s, &s->rules->type[pattern], side,
                open_squares(s, block));
    int near = 0;
    for (int d = 1;; d++) {
        bits next = flood_step(&f);
        if (!bits_any(next))
            return near;
        for (int sq = 1; sq <= g->nsq; sq++)
            if ((sq <= 64 ? next.lo >> (sq - 1) : next.hi >> (sq - 65)) & 1)
                dist[sq] = (uint16_t)d;
        if (d == 1)
            near = bits_count(next);
    }
}

void wg_shot_territory(const wg_state *s, int pattern, int count[4])
{
    count[0] = count[1] = count[2] = count[3] = 0;
    if (pattern < 1 || pattern > s->rules->ntypes)
        return;
    uint32_t block;
    if (flood_fits(s, pattern, &block)) {
        /* both searches a step at a time: a square first reached by one
         * side belongs to it unless the other has reached it too */
        const wg_type *pt = &s->rules->type[pattern];
        bits open = open_squares(s, block);
        flood f1, f2;
        flood_start(&f1, s, pt, 1, open);
        flood_start(&f2, s, pt, 2, open);
        for (int d = 1;; d++) {
            bits a = flood_step(&f1), b = flood_step(&f2);
            if (!bits_any(a) && !bits_any(b))
                return;
            count[0] += bits_count(bits_minus(a, f2.reached));
            count[1] += bits_count(bits_minus(b, f1.reached));
            if (d == 1) {
                count[2] = bits_count(a);
                count[3] = bits_count(b);
            }
        }
    }
    uint16_t d1[WG_MAX_SQ + 1], d2[WG_MAX_SQ + 1];
    count[2] = wg_shot_distances_walk(s, pattern, 1, d1);
    count[3] = wg_shot_distances_walk(s, pattern, 2, d2);
    for (int sq = 1; sq <= s->rules->grid.nsq; sq++) {
        int a = d1[sq], b = d2[sq];
        if (a && (!b || a < b))
            count[0]++;
        else if (b && (!a || b < a))
            count[1]++;
    }
}
