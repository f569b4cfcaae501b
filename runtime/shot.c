/* shot.c: moves followed by a shot -- a piece moves by its pattern, then fires
 * along a ray from where it landed (Amazons arrows, Trenches grenades). */
#include "shot.h"

#include <string.h>

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
            for (int dy = -1; dy <= 1; dy++)
                for (int dx = -1; dx <= 1; dx++)
                    if (dx || dy)
                        zone[wg_grid_step(g, p[PF_SQ], dx, dy)] = 1;
        }
    }
    zone[0] = 0;
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

static inline int ride_next(const wg_state *s, ride *w)
{
    const wg_atom *a = w->a;
    while (w->d < w->max && w->ray[w->d]) {
        int t = w->ray[w->d++];
        uint32_t ter = wg_terrain(s, t);
        if (ter & a->block)
            break;
        int q = t == w->gone ? 0 : wg_at(s, t);
        if (q) {
            const int32_t *qp = wg_piece(s, q);
            uint32_t over = qp[PF_SIDE] == w->side ? a->over_own
                                                   : a->over_enemy;
            if (!(over >> qp[PF_TYPE] & 1))
                break;
            continue;   /* passed over a piece: it cannot stop there */
        }
        if (w->d >= a->min && !(ter & a->noland))
            return t;
    }
    w->max = 0;
    return 0;
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
        for (int t; (t = ride_next(s, &w)) != 0;) {
            if (zone[t] || (self_guard && next_to(&r->grid, t, to))) {
                if (spec->guards_stop)
                    break;
                continue;
            }
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
    int simple;                         /* every atom rides to the edge, and
                                           a shot lands wherever it passes
                                           (no guards, no noland) */
    const uint8_t *zone;
    uint8_t pass[WG_MAX_SQ + 1], land[WG_MAX_SQ + 1];
} fast;

/* pass[sq] | land[sq] << 1 for a square of terrain `ter`, empty or not,
 * in the guarded zone or not. */
static inline int square_bits(uint32_t ter, int empty, int zoned,
                              uint32_t block, uint32_t noland, int stop)
{
    int open = empty && !(ter & block);
    return (open && !(stop && zoned)) | (open && !zoned && !(ter & noland))
                                        << 1;
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
    f->guards_stop = spec->guards_stop;
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
    f->simple = !spec->guards && !f->noland;
    for (int i = 0; i < f->natoms; i++)
        f->simple = f->simple && f->max[i] == WG_MAX_RAY;
    /* fast_square for every square, with what it reads held in locals:
     * a store to pass or land (bytes) might otherwise change any of it */
    const int32_t *board = s->w + s->o_board, *dyn = s->w + s->o_dyn;
    const uint32_t *terrain = r->grid.terrain;
    uint32_t block = f->block, noland = f->noland;
    int stop = f->guards_stop;
    uint8_t *pass = f->pass, *land = f->land;
    pass[0] = land[0] = 0;
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
    for (int i = 0, n = f->natoms; i < n; i++) {
        const wg_sq *ray = f->ray[i] + to * WG_MAX_RAY, *end = ray + f->max[i];
        if (f->max[i] == WG_MAX_RAY)   /* to the edge: the 0 ends the ray */
            for (int t; pass[t = *ray]; ray++) {
                *dst = base | wg_act(0, 0, 0, (unsigned)t, 0, 0);
                dst += land[t];
            }
        else
            for (int t; ray < end && pass[t = *ray]; ray++) {
                *dst = base | wg_act(0, 0, 0, (unsigned)t, 0, 0);
                dst += land[t];
            }
    }
    out->n = (int)(dst - out->a);
    return 0;
}

int wg_shot_trace(const wg_state *s, int side, const wg_shot *spec,
                  wg_actlist *out)
{
    const wg_rules *r = s->rules;
    if (spec->pattern < 1 || spec->pattern > r->ntypes)
        return 0;
    uint8_t zone[WG_MAX_SQ + 1], own[WG_MAX_SQ + 1];
    wg_shot_zone(s, spec->guards, 0, zone);
    fast f;
    int quick = fast_setup(s, spec, side, zone, &f);
    seen shots, moves;  /* used only when lines overlap: cleared then */
    shots.stamp = moves.stamp = 0;
    int overlap = r->type[spec->pattern].overlap;
    for (int t = 1; t <= r->ntypes; t++)
        overlap |= (spec->movers >> t & 1) && r->type[t].overlap;
    for (int sq = 0; overlap && sq <= r->grid.nsq; sq++)
        shots.at[sq] = moves.at[sq] = 0;
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
        for (int k = 0; k < ty->natoms[side - 1]; k++) {
            const wg_atom *a = &ty->atom[side - 1][k];
            if (!(a->mode & WG_MOVE))
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

static int plain_atom(const wg_atom *a)
{
    return a->min <= 1 && !a->max && !a->over_own && !a->over_enemy
           && !a->noland;
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

void wg_shot_territory(const wg_state *s, int pattern, int count[4])
{
    const wg_rules *r = s->rules;
    uint16_t d1[WG_MAX_SQ + 1] = { 0 }, d2[WG_MAX_SQ + 1] = { 0 };
    count[0] = count[1] = count[2] = count[3] = 0;
    if (pattern < 1 || pattern > r->ntypes)
        return;
    race rc;
    rc.pt = &r->type[pattern];
    rc.plain = 1;
    uint32_t block = 0;
    for (int side = 0; side < 2; side++)
        for (int k = 0; k < rc.pt->natoms[side]; k++) {
            const wg_atom *a = &rc.pt->atom[side][k];
            if (!(a->mode & WG_MOVE))
                continue;
            if (!plain_atom(a) || (rc.plain == 2 && a->block != block))
                rc.plain = 0;
            else if (rc.plain) {
                block = a->block;
                rc.plain = 2;
            }
        }
    for (int sq = 0; rc.plain && sq <= r->grid.nsq; sq++)
        rc.open[sq] = sq && !wg_at(s, sq) && !(wg_terrain(s, sq) & block);
    count[2] = distances(s, &rc, 1, d1);
    count[3] = distances(s, &rc, 2, d2);
    for (int sq = 1; sq <= r->grid.nsq; sq++) {
        int a = d1[sq], b = d2[sq];
        if (a && (!b || a < b))
            count[0]++;
        else if (b && (!a || b < a))
            count[1]++;
    }
}
