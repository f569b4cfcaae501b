/* trace.c: tracing compiled patterns on a state -- slides, leaps, large
 * pieces, move-then-capture, attacks, and the royal-safety filter. */
#include "trace.h"

/* The tracer's innermost walk goes inline into the loops over pieces that
 * call it (GCC and Clang would not, for its size). */
#ifdef __GNUC__
#define ALWAYS_INLINE inline __attribute__((always_inline))
#else
#define ALWAYS_INLINE inline
#endif

static int emit(const wg_type *ty, int side, unsigned kind, int from, int to,
                wg_actlist *out)
{
    if (ty->npromo && ty->promo_zone[side - 1][to]) {
        for (int i = 0; i < ty->npromo; i++)
            WG_TRY(wg_actlist_push(out, wg_act(kind, (unsigned)from,
                                               (unsigned)to, 0, 0,
                                               ty->promo[i])));
        if (!ty->promo_optional)
            return WG_OK;
    }
    return wg_actlist_push(out, wg_act(kind, (unsigned)from, (unsigned)to,
                                       0, 0, 0));
}

/* May atom a of a piece of `side` capture the piece qp? */
static inline int takes(const wg_atom *a, const int32_t *qp, int side)
{
    return qp[PF_SIDE] != side && !(a->not_capture >> qp[PF_TYPE] & 1);
}

/* The end square of route r of path atom a from sq, when every square on
 * the way obeys the atom's conditions (the start's terrain included), no
 * piece it may not pass stands before the end, and it may stop there by
 * terrain; else 0. The end square's piece is not read. */
static int route_open(const wg_state *s, const wg_atom *a, int side, int sq,
                      int r)
{
    const wg_grid *g = &s->rules->grid;
    uint32_t prev = wg_terrain(s, sq);
    if ((prev & a->within) != a->within)
        return 0;
    int t = sq;
    for (int k = 0; k < a->nstep; k++) {
        t = wg_grid_ray(g, a->route[r][k], t)[0];
        if (!t)
            return 0;
        uint32_t ter = wg_terrain(s, t);
        if ((ter & a->block) || (ter & a->within) != a->within
            || (ter & prev & a->nostep))
            return 0;
        prev = ter;
        if (k == a->nstep - 1)           /* the end square */
            return ter & a->noland ? 0 : t;
        int q = wg_at(s, t);
        if (q) {
            const int32_t *qp = wg_piece(s, q);
            if (!((qp[PF_SIDE] == side ? a->over_own : a->over_enemy)
                  >> qp[PF_TYPE] & 1))
                return 0;
        }
    }
    return 0;
}

/* The square a path atom reaches from sq by one of its open routes, with
 * *mode WG_MOVE (an empty square) or WG_CAPTURE (an enemy piece); 0 if no
 * route is open. Every square on the way obeys the atom's conditions. */
static int route_stop(const wg_state *s, const wg_atom *a, int side, int sq,
                      int *mode)
{
    for (int r = 0; r < a->nroute; r++) {
        int t = route_open(s, a, side, sq, r);
        if (!t)
            continue;
        int q = wg_at(s, t);
        const int32_t *qp = q ? wg_piece(s, q) : NULL;
        if (!q && (a->mode & WG_MOVE)) {
            *mode = WG_MOVE;
            return t;
        }
        if (q && (a->mode & WG_CAPTURE) && takes(a, qp, side)) {
            *mode = WG_CAPTURE;
            return t;
        }
        return 0;   /* every route ends there */
    }
    return 0;
}

/* A stop of a walk on square T in mode M: ON_STOP sees them as `to` and
 * `mode`. */
#define STOP_(T, M, ON_STOP)                                                \
    {                                                                       \
        int to = (T), mode = (M);                                           \
        ON_STOP;                                                            \
    }

/* Walks one atom from sq; calls back for each square it may stop on. The
 * callback gets mode WG_MOVE (empty square) or WG_CAPTURE (enemy piece).
 * Every square from the start on must have the `within` layers, and no step
 * may join two squares of a `nostep` layer. A hopper (a->hop) passes its
 * screen, the first piece on its line, and may stop only beyond it: on the
 * empty squares up to the next piece, which it may capture (the cannon),
 * or on the square right behind it (the grasshopper). */
#define WALK_ATOM(s, a, side, sq, ON_STOP)                                  \
    do {                                                                    \
        if ((a)->nroute) {                                                  \
            int rmode_, rto_ = route_stop((s), (a), (side), (sq), &rmode_); \
            if (rto_)                                                       \
                STOP_(rto_, rmode_, ON_STOP);                               \
            break;                                                          \
        }                                                                   \
        const wg_sq *ray_ = wg_grid_ray(&(s)->rules->grid, (a)->vec, (sq)); \
        int max_ = (a)->max ? (a)->max : WG_MAX_RAY;                        \
        if (!((a)->within | (a)->block | (a)->nostep | (a)->noland          \
              | (a)->hop)) {                                                \
            /* no terrain condition: the board alone decides */             \
            for (int d_ = 1; d_ <= max_ && ray_[d_ - 1]; d_++) {            \
                int t_ = ray_[d_ - 1], q_ = wg_at((s), t_);                 \
                if (!q_) {                                                  \
                    if (d_ >= (a)->min && ((a)->mode & WG_MOVE))            \
                        STOP_(t_, WG_MOVE, ON_STOP);                        \
                    continue;                                               \
                }                                                           \
                const int32_t *qp_ = wg_piece((s), q_);                     \
                int own_ = qp_[PF_SIDE] == (side);                          \
                if (!own_ && d_ >= (a)->min && ((a)->mode & WG_CAPTURE)     \
                    && !((a)->not_capture >> qp_[PF_TYPE] & 1))             \
                    STOP_(t_, WG_CAPTURE, ON_STOP);                         \
                uint32_t over_ = own_ ? (a)->over_own : (a)->over_enemy;    \
                if (!(over_ & (1u << qp_[PF_TYPE])))                        \
                    break;                                                  \
            }                                                               \
            break;                                                          \
        }                                                                   \
        uint32_t prev_ = wg_terrain((s), (sq));                             \
        if ((prev_ & (a)->within) != (a)->within)                           \
            break;                                                          \
        int screen_ = 0;                                                    \
        for (int d_ = 1; d_ <= max_ && ray_[d_ - 1]; d_++) {                \
            int t_ = ray_[d_ - 1];                                          \
            uint32_t ter_ = wg_terrain((s), t_);                            \
            if ((ter_ & (a)->block) || (ter_ & (a)->within) != (a)->within  \
                || (ter_ & prev_ & (a)->nostep))                            \
                break;                                                      \
            prev_ = ter_;                                                   \
            int q_ = wg_at((s), t_);                                        \
            if ((a)->hop && !screen_) {   /* before the screen */           \
                if (q_ && ((a)->screen_not                                  \
                           >> wg_piece((s), q_)[PF_TYPE] & 1))              \
                    break;                                                  \
                screen_ = q_ != 0;                                          \
                continue;                                                   \
            }                                                               \
            if (q_) {                                                       \
                const int32_t *qp_ = wg_piece((s), q_);                     \
                int own_ = qp_[PF_SIDE] == (side);                          \
                if (!own_ && d_ >= (a)->min && ((a)->mode & WG_CAPTURE)     \
                    && !(ter_ & (a)->noland)                                \
                    && !((a)->not_capture >> qp_[PF_TYPE] & 1))             \
                    STOP_(t_, WG_CAPTURE, ON_STOP);                         \
                uint32_t over_ = own_ ? (a)->over_own : (a)->over_enemy;    \
                if ((a)->hop || !(over_ & (1u << qp_[PF_TYPE])))            \
                    break;                                                  \
                continue;                                                   \
            }                                                               \
            if (d_ >= (a)->min && ((a)->mode & WG_MOVE)                     \
                && !(ter_ & (a)->noland))                                   \
                STOP_(t_, WG_MOVE, ON_STOP);                                \
            if ((a)->hop == WG_HOP_GRASS)   /* right behind the screen */   \
                break;                                                      \
        }                                                                   \
    } while (0)

/* WALK_ATOM for every atom of the piece's type with mode `modes` (WG_MOVE or
 * WG_CAPTURE, one of them), from its table (wg_type.walk) when it has one:
 * the terrain was read when the rules were built, so only the board is
 * read here. The stops come in the same order, in that mode; dup is 0
 * where no other atom may stop on the same square. */
#define WALK_PIECE(s, ty, side, sq, modes, ON_STOP)                         \
    do {                                                                    \
        const wg_type *ty_ = (ty);                                          \
        const uint16_t *e_ = ty_->walk[(side) - 1][(modes) - 1];            \
        if (!e_) {                                                          \
            for (int i_ = 0; i_ < ty_->natoms[(side) - 1]; i_++) {          \
                const wg_atom *a_ = &ty_->atom[(side) - 1][i_];             \
                int dup = ty_->overlap;                                     \
                (void)dup;                                                  \
                if (a_->mode & (modes))                                     \
                    WALK_ATOM(s, a_, side, sq, ON_STOP);                    \
            }                                                               \
            break;                                                          \
        }                                                                   \
        const int32_t *board_ = (s)->w + (s)->o_board;                      \
        const int32_t *pieces_ = (s)->w + (s)->o_piece;                     \
        const uint32_t *row_ = ty_->walk_row[(side) - 1][(modes) - 1];      \
        const uint16_t *end_ = e_ + row_[(sq) + 1];                         \
        e_ += row_[sq];                                                     \
        for (const uint16_t *next_; e_ < end_; e_ = next_) {                \
            unsigned h_ = *e_++;                                            \
            int am_ = (int)(h_ >> 6 & 3) & (modes);                         \
            const wg_atom *a_ = &ty_->atom[(side) - 1][h_ & 63];            \
            next_ = e_ + (h_ >> 9);                                         \
            if (h_ & WG_ROUTE) {                                            \
                /* the first open route; they share their end square */     \
                for (int n_ = a_->nstep; e_ < next_; e_ += n_) {            \
                    int k_ = 0;                                             \
                    for (; k_ < n_ - 1; k_++) {                             \
                        int q_ = board_[e_[k_]];                            \
                        const int32_t *qp_ = pieces_ + q_ * PF_SIZE;        \
                        if (q_ && !((qp_[PF_SIDE] == (side)                 \
                                     ? a_->over_own : a_->over_enemy)       \
                                    >> qp_[PF_TYPE] & 1))                   \
                            break;                                          \
                    }                                                       \
                    if (k_ < n_ - 1)                                        \
                        continue;                                           \
                    int t_ = e_[n_ - 1] & 0xfff, q_ = board_[t_];           \
                    int dup = e_[n_ - 1] & WG_SHARED;                       \
                    (void)dup;                                              \
                    if (!q_ && (am_ & WG_MOVE))                             \
                        STOP_(t_, WG_MOVE, ON_STOP)                         \
                    else if (q_ && (am_ & WG_CAPTURE)                       \
                             && takes(a_, pieces_ + q_ * PF_SIZE, (side)))  \
                        STOP_(t_, WG_CAPTURE, ON_STOP)                      \
                    break;                                                  \
                }                                                           \
                continue;                                                   \
            }                                                               \
            if (a_->hop) {                                                  \
                /* the screen first, then the stops beyond it */            \
                int screen_ = 0;                                            \
                for (; e_ < next_; e_++) {                                  \
                    int t_ = *e_ & 0xfff, q_ = board_[t_];                  \
                    int dup = *e_ & WG_SHARED;                              \
                    (void)dup;                                              \
                    if (!screen_) {                                         \
                        if (q_ && (a_->screen_not                           \
                                   >> pieces_[q_ * PF_SIZE + PF_TYPE] & 1)) \
                            break;                                          \
                        screen_ = q_ != 0;                                  \
                        continue;                                           \
                    }                                                       \
                    if (!q_) {                                              \
                        if ((*e_ & WG_LAND) && (am_ & WG_MOVE))             \
                            STOP_(t_, WG_MOVE, ON_STOP);                    \
                        if (a_->hop == WG_HOP_GRASS)                        \
                            break;                                          \
                        continue;                                           \
                    }                                                       \
                    if ((*e_ & WG_LAND) && (am_ & WG_CAPTURE)               \
                        && takes(a_, pieces_ + q_ * PF_SIZE, (side)))       \
                        STOP_(t_, WG_CAPTURE, ON_STOP);                     \
                    break;                                                  \
                }                                                           \
                continue;                                                   \
            }                                                               \
            for (; e_ < next_; e_++) {                                      \
                int t_ = *e_ & 0xfff, q_ = board_[t_];                      \
                int dup = *e_ & WG_SHARED;                                  \
                (void)dup;                                                  \
                if (!q_) {                                                  \
                    if ((*e_ & WG_LAND) && (am_ & WG_MOVE))                 \
                        STOP_(t_, WG_MOVE, ON_STOP);                        \
                    continue;                                               \
                }                                                           \
                const int32_t *qp_ = pieces_ + q_ * PF_SIZE;                \
                int own_ = qp_[PF_SIDE] == (side);                          \
                if (!own_ && (*e_ & WG_LAND) && (am_ & WG_CAPTURE)          \
                    && !(a_->not_capture >> qp_[PF_TYPE] & 1))              \
                    STOP_(t_, WG_CAPTURE, ON_STOP);                         \
                uint32_t over_ = own_ ? a_->over_own : a_->over_enemy;      \
                if (!(over_ >> qp_[PF_TYPE] & 1))                           \
                    break;                                                  \
            }                                                               \
        }                                                                   \
    } while (0)

/* Moves of a large piece: each step of a move atom takes the anchor along
 * the ray, and every square the piece would cover must be on the board and
 * empty (or its own) and free of the atom's blocking terrain. */
static int trace_large(const wg_state *s, int pid, unsigned kind,
                       wg_actlist *out)
{
    const int32_t *p = wg_piece(s, pid);
    int sq = p[PF_SQ], side = p[PF_SIDE], t = p[PF_TYPE];
    const wg_type *ty = &s->rules->type[t];
    for (int i = 0; i < ty->natoms[side - 1]; i++) {
        const wg_atom *a = &ty->atom[side - 1][i];
        if (!(a->mode & WG_MOVE))
            continue;
        const wg_sq *ray = wg_grid_ray(&s->rules->grid, a->vec, sq);
        int max = a->max ? a->max : WG_MAX_RAY;
        for (int d = 1; d <= max && ray[d - 1]; d++) {
            int cover[WG_MAX_SHAPE],
                n = wg_state_cover(s, t, side, ray[d - 1], cover);
            int free = n > 0, land = 1;
            for (int k = 0; k < n && free; k++) {
                int q = wg_at(s, cover[k]);
                uint32_t ter = wg_terrain(s, cover[k]);
                free = (!q || q == pid) && !(ter & a->block);
                land = land && !(ter & a->noland);
            }
            if (!free)
                break;
            if (d >= a->min && land)
                WG_TRY(wg_actlist_push(out, wg_act(kind, (unsigned)sq,
                                                   ray[d - 1], 0, 0, 0)));
        }
    }
    return WG_OK;
}

/* Room for n more actions in out. */
static int reserve(wg_actlist *out, int n)
{
    while (out->cap - out->n < n)
        WG_TRY(wg_actlist_grow(out));
    return WG_OK;
}

/* A move of a plain piece to `to`, with room in out: one action, or one
 * per promotion type (and the plain move too when promotion is optional). */
static inline void emit_plain(const wg_type *ty, const uint8_t *zone,
                              wg_action x, int to, wg_actlist *out)
{
    x |= (wg_action)to << 20;
    if (zone && zone[to]) {
        for (int i = 0; i < ty->npromo; i++)
            out->a[out->n++] = x | (wg_action)ty->promo[i] << 56;
        if (!ty->promo_optional)
            return;
    }
    out->a[out->n++] = x;
}

/* A move of a plain piece to `to`: with count, the actions emit_plain
 * would add, else it adds them and says 0. */
static ALWAYS_INLINE int stop_plain(const wg_type *ty, const uint8_t *zone,
                                    wg_action x, int to, wg_actlist *out,
                                    int count)
{
    if (count)
        return zone && zone[to] ? ty->npromo + (ty->promo_optional != 0) : 1;
    emit_plain(ty, zone, x, to, out);
    return 0;
}

/* The moves of a one-square piece whose atoms are plain slides and leaps
 * (ty->plain): WALK_ATOM's terrain-free walk with the room for every move
 * made first, and no route or large-piece cases to pass. With count (a
 * constant where it goes inline) it only counts them: out is not touched,
 * and the count is returned. */
static ALWAYS_INLINE int trace_plain(const wg_state *s, const wg_type *ty,
                                     int side, int sq, int modes,
                                     unsigned kind, wg_actlist *out,
                                     int count)
{
    const wg_atom *atom = ty->atom[side - 1];
    int natoms = ty->natoms[side - 1], added = 0;
    if (!count)
        WG_TRY(reserve(out, natoms * WG_MAX_RAY * (ty->npromo + 1)));
    const int32_t *board = s->w + s->o_board, *pieces = s->w + s->o_piece;
    const uint8_t *zone = ty->npromo ? ty->promo_zone[side - 1] : NULL;
    wg_action x = wg_act(kind, (unsigned)sq, 0, 0, 0, 0);
    if (ty->leap[side - 1]) {
        /* the squares its leaps reach from here, from the type's table */
        const uint16_t *leap = ty->leap[side - 1][sq] + 1;
        for (int i = 0, n = leap[-1]; i < n; i++) {
            int t = leap[i] & 0xfff, am = leap[i] >> 12 & modes;
            int q = board[t];
            if (!q ? (am & WG_MOVE)
                   : (am & WG_CAPTURE) && pieces[q * PF_SIZE + PF_SIDE] != side)
                added += stop_plain(ty, zone, x, t, out, count);
        }
        return count ? added : WG_OK;
    }
    for (int i = 0; i < natoms; i++) {
        const wg_atom *a = &atom[i];
        int am = a->mode & modes;
        if (!am)
            continue;
        const wg_sq *ray = wg_grid_ray(&s->rules->grid, a->vec, sq);
        int max = a->max ? a->max : WG_MAX_RAY;
        for (int d = 1; d <= max && ray[d - 1]; d++) {
            int t = ray[d - 1], q = board[t];
            if (!q) {
                if (d >= a->min && (am & WG_MOVE))
                    added += stop_plain(ty, zone, x, t, out, count);
                continue;
            }
            const int32_t *qp = pieces + q * PF_SIZE;
            int own = qp[PF_SIDE] == side;
            if (!own && d >= a->min && (am & WG_CAPTURE))
                added += stop_plain(ty, zone, x, t, out, count);
            uint32_t over = own ? a->over_own : a->over_enemy;
            if (!(over >> qp[PF_TYPE] & 1))
                break;
        }
    }
    return count ? added : WG_OK;
}

/* The moves of a one-square piece from its type's walk table (wg_type.walk),
 * with the room for every move made first. */
static int trace_row(const wg_state *s, const wg_type *ty, int side, int sq,
                     int modes, unsigned kind, wg_actlist *out)
{
    const uint32_t *row = ty->walk_row[side - 1][modes - 1];
    int n0 = out->n;
    WG_TRY(reserve(out, (int)(row[sq + 1] - row[sq]) * (ty->npromo + 1)));
    const uint8_t *zone = ty->npromo ? ty->promo_zone[side - 1] : NULL;
    wg_action x = wg_act(kind, (unsigned)sq, 0, 0, 0, 0);
    uint64_t seen[(WG_MAX_SQ + 64) / 64] = { 0 };   /* a bit a square */
    WALK_PIECE(s, ty, side, sq, modes, {
        (void)mode;   /* one of `modes`: all it asked for */
        if (!dup || !(seen[to >> 6] >> (to & 63) & 1)) {
            seen[to >> 6] |= 1ull << (to & 63);
            emit_plain(ty, zone, x, to, out);
        }
    });
    return out->n - n0;
}

int wg_trace_piece_modes(const wg_state *s, int pid, int modes, unsigned kind,
                         wg_actlist *out)
{
    const int32_t *p = wg_piece(s, pid);
    int sq = p[PF_SQ], side = p[PF_SIDE], n0 = out->n;
    const wg_type *ty = &s->rules->type[p[PF_TYPE]];
    if (!sq)
        return 0;
    if (ty->plain[side - 1]) {
        WG_TRY(trace_plain(s, ty, side, sq, modes, kind, out, 0));
        return out->n - n0;
    }
    if (ty->nshape) {
        if (modes & WG_MOVE)
            WG_TRY(trace_large(s, pid, kind, out));
        return out->n - n0;
    }
    if (ty->walk[side - 1][modes - 1])
        return trace_row(s, ty, side, sq, modes, kind, out);
    uint8_t seen[WG_MAX_SQ + 1];
    if (ty->overlap)
        for (int i = 0; i <= s->rules->grid.nsq; i++)
            seen[i] = 0;
    for (int i = 0; i < ty->natoms[side - 1]; i++) {
        const wg_atom *a = &ty->atom[side - 1][i];
        if (!(a->mode & modes))
            continue;
        WALK_ATOM(s, a, side, sq, {
            if ((mode & modes) && (!ty->overlap || !seen[to])) {
                if (ty->overlap)
                    seen[to] = 1;
                WG_TRY(emit(ty, side, kind, sq, to, out));
            }
        });
    }
    return out->n - n0;
}

int wg_trace_piece(const wg_state *s, int pid, unsigned kind, wg_actlist *out)
{
    return wg_trace_piece_modes(s, pid, WG_MOVE | WG_CAPTURE, kind, out);
}

int wg_trace_via(wg_state *s, int pid, unsigned kind, wg_actlist *out)
{
    int32_t *p = wg_piece(s, pid);
    int from = p[PF_SQ], side = p[PF_SIDE], n0 = out->n;
    const wg_type *ty = &s->rules->type[p[PF_TYPE]];
    if (!from || ty->nshape)
        return 0;
    int vias[WG_MAX_SQ + 1], nvias = 0;
    uint8_t seen[WG_MAX_SQ + 1];
    if (ty->overlap)
        for (int i = 0; i <= s->rules->grid.nsq; i++)
            seen[i] = 0;
    vias[nvias++] = from;
    WALK_PIECE(s, ty, side, from, WG_MOVE, {
        if (mode == WG_MOVE && (!ty->overlap || !seen[to])) {
            if (ty->overlap)
                seen[to] = 1;
            vias[nvias++] = to;
        }
    });
    int32_t *board = s->w + s->o_board;
    board[from] = 0;   /* the piece has left its square; put back below */
    int rc = WG_OK;
    for (int v = 0; v < nvias && rc == WG_OK; v++) {
        int via = vias[v], first = out->n;
        WALK_PIECE(s, ty, side, via, WG_CAPTURE, {
            if (mode == WG_CAPTURE && rc == WG_OK) {
                /* a target once per via, by its anchor */
                unsigned target = (unsigned)wg_piece(s, wg_at(s, to))[PF_SQ];
                int dup = 0;
                for (int k = first; k < out->n && !dup; k++)
                    dup = wg_act_b(out->a[k]) == target;
                if (!dup)
                    rc = wg_actlist_push(out, wg_act(kind, (unsigned)from,
                                                     target, (unsigned)via,
                                                     0, 0));
            }
        });
    }
    board[from] = pid;
    return rc < 0 ? rc : out->n - n0;
}

int wg_trace_side_modes(const wg_state *s, int side, int modes, uint32_t types,
                        unsigned kind, wg_actlist *out)
{
    const int32_t *list = wg_list(s, side);
    int n0 = out->n;
    /* wg_trace_piece_modes's cases, the plain and the table walks first */
    for (int i = 0, n = wg_count(s, side); i < n; i++) {
        const int32_t *p = wg_piece(s, list[i]);
        const wg_type *ty = &s->rules->type[p[PF_TYPE]];
        int sq = p[PF_SQ];
        if (!(types >> p[PF_TYPE] & 1) || !sq)
            continue;
        if (ty->plain[side - 1])
            WG_TRY(trace_plain(s, ty, side, sq, modes, kind, out, 0));
        else if (ty->walk[side - 1][modes - 1])
            WG_TRY(trace_row(s, ty, side, sq, modes, kind, out));
        else
            WG_TRY(wg_trace_piece_modes(s, list[i], modes, kind, out));
    }
    return out->n - n0;
}

int wg_trace_side_promotions(const wg_state *s, int side, uint32_t types,
                             unsigned kind, wg_actlist *out)
{
    int n0 = out->n;
    WG_TRY(wg_trace_side_modes(s, side, WG_MOVE, types, kind, out));
    int kept = n0;
    for (int i = n0; i < out->n; i++)
        if (wg_act_e(out->a[i]))
            out->a[kept++] = out->a[i];
    out->n = kept;
    return kept - n0;
}

int wg_trace_side_count(const wg_state *s, int side, int modes,
                        uint32_t types)
{
    const int32_t *list = wg_list(s, side);
    wg_actlist other = { 0 };   /* for the moves of a piece not plain */
    int n = 0, rc = WG_OK;
    if (modes == WG_TRACE_PROMOTION) {   /* few, and not at every leaf */
        rc = wg_trace_side_promotions(s, side, types, 1, &other);
        wg_actlist_free(&other);
        return rc;
    }
    for (int i = 0, np = wg_count(s, side); i < np && rc >= 0; i++) {
        const int32_t *p = wg_piece(s, list[i]);
        const wg_type *ty = &s->rules->type[p[PF_TYPE]];
        int sq = p[PF_SQ];
        if (!(types >> p[PF_TYPE] & 1) || !sq)
            continue;
        if (ty->plain[side - 1]) {
            n += trace_plain(s, ty, side, sq, modes, 0, NULL, 1);
            continue;
        }
        other.n = 0;
        rc = wg_trace_piece_modes(s, list[i], modes, 1, &other);
        n += rc > 0 ? rc : 0;
    }
    wg_actlist_free(&other);
    return rc < 0 ? rc : n;
}

int wg_trace_side(const wg_state *s, int side, unsigned kind, wg_actlist *out)
{
    return wg_trace_side_modes(s, side, WG_MOVE | WG_CAPTURE, 0xffffffffu,
                               kind, out);
}

int wg_trace_reaches(const wg_state *s, int pid, int sq, int want)
{
    const int32_t *p = wg_piece(s, pid);
    int from = p[PF_SQ], side = p[PF_SIDE];
    const wg_type *ty = &s->rules->type[p[PF_TYPE]];
    if (!from || ty->nshape)
        return 0;
    WALK_PIECE(s, ty, side, from, want, {
        if (to == sq && mode == want)
            return 1;
    });
    return 0;
}

/* ---- why a pattern does not reach a square (explanations) ---------- */

/* A failure and how good an explanation it is: PATTERN 0, MODE 1, a
 * failure on the way 2 + the index of the square where it happened (0 the
 * start), OWN above all (the square can never be entered). */
enum { SCORE_OWN = 1000 };

typedef struct why_best {
    wg_why w;
    int score;
} why_best;

static void why_keep(why_best *best, int why, int at, int at2,
                     uint32_t layers, int score)
{
    if (score > best->score) {
        best->w.why = why;
        best->w.at = at;
        best->w.at2 = at2;
        best->w.layers = layers;
        best->score = score;
    }
}

/* Is there a square with every layer of `within`? An atom kept within
 * layers the board has nowhere (a variant took them away) goes nowhere:
 * its failure is its pattern's, not the squares'. */
static int why_somewhere(const wg_state *s, uint32_t within)
{
    for (int sq = 1; sq <= s->rules->grid.nsq; sq++)
        if ((wg_terrain(s, sq) & within) == within)
            return 1;
    return 0;
}

/* The terrain of the step from a square of terrain prev onto one of
 * terrain ter, as the tracer reads it: WG_WHY_OK if it may be entered. */
static int why_terrain(const wg_atom *a, uint32_t prev, uint32_t ter,
                       uint32_t *layers)
{
    if (ter & a->block) {
        *layers = ter & a->block;
        return WG_WHY_TERRAIN;
    }
    if ((ter & a->within) != a->within) {
        *layers = a->within & ~ter;
        return WG_WHY_OUTSIDE;
    }
    if (ter & prev & a->nostep) {
        *layers = ter & prev & a->nostep;
        return WG_WHY_STEP;
    }
    return WG_WHY_OK;
}

/* Can the piece pass a piece q standing in its way? */
static int why_passes(const wg_state *s, const wg_atom *a, int side, int q)
{
    const int32_t *qp = wg_piece(s, q);
    uint32_t over = qp[PF_SIDE] == side ? a->over_own : a->over_enemy;
    return (over >> qp[PF_TYPE]) & 1;
}

/* What stands on the end square sq rules out the atom: own piece, or a
 * mode the atom has not among those asked; else 0. */
static int why_target(const wg_state *s, const wg_atom *a, int side, int sq,
                      int modes, int *score)
{
    int q = wg_at(s, sq);
    if (q && wg_piece(s, q)[PF_SIDE] == side) {
        *score = SCORE_OWN;
        return WG_WHY_OWN;
    }
    if (!(a->mode & modes & (q ? WG_CAPTURE : WG_MOVE))) {
        *score = 1;
        return WG_WHY_MODE;
    }
    if (q && (a->not_capture >> wg_piece(s, q)[PF_TYPE] & 1)) {
        *score = 1;
        return WG_WHY_VICTIM;
    }
    return WG_WHY_OK;
}

/* A path atom to sq (its single end square): the best failure among its
 * routes, with another route's failing square in at2. */
static void why_routes(const wg_state *s, const wg_atom *a, int side,
                       int from, int sq, int modes, why_best *best)
{
    const wg_grid *g = &s->rules->grid;
    uint32_t start = wg_terrain(s, from);
    int why, score;
    if (wg_grid_ray(g, a->vec, from)[0] != sq) {
        why_keep(best, WG_WHY_PATTERN, sq, 0, 0, 0);
        return;
    }
    if ((why = why_target(s, a, side, sq, modes, &score))) {
        why_keep(best, why, sq, 0, 0, score);
        return;
    }
    if (!why_somewhere(s, a->within)) {
        why_keep(best, WG_WHY_PATTERN, sq, 0, 0, 0);
        return;
    }
    if ((start & a->within) != a->within) {
        why_keep(best, WG_WHY_OUTSIDE, from, 0, a->within & ~start, 2);
        return;
    }
    wg_why fail[WG_MAX_ROUTES];
    int reach[WG_MAX_ROUTES], n = 0;
    for (int r = 0; r < a->nroute; r++) {
        int t = from, k;
        uint32_t prev = start, layers = 0;
        why = WG_WHY_OK;
        for (k = 0; k < a->nstep; k++) {
            t = wg_grid_ray(g, a->route[r][k], t)[0];
            if (!t)
                break;                  /* the route leaves the board */
            uint32_t ter = wg_terrain(s, t);
            if ((why = why_terrain(a, prev, ter, &layers)))
                break;
            prev = ter;
            if (k == a->nstep - 1 && (ter & a->noland)) {
                why = WG_WHY_LAND;
                layers = ter & a->noland;
                break;
            }
            if (k < a->nstep - 1 && wg_at(s, t)
                && !why_passes(s, a, side, wg_at(s, t))) {
                why = WG_WHY_PIECE;
                break;
            }
        }
        if (!t)
            continue;
        if (why == WG_WHY_OK) {
            why_keep(best, WG_WHY_OK, sq, 0, 0, INT32_MAX);
            return;
        }
        fail[n] = (wg_why){ why, t, 0, layers };
        reach[n++] = 3 + k;             /* the start is square 0 */
    }
    if (!n) {
        why_keep(best, WG_WHY_PATTERN, sq, 0, 0, 0);
        return;
    }
    int b = 0;
    for (int i = 1; i < n; i++)
        if (reach[i] > reach[b])
            b = i;
    int at2 = 0;
    for (int i = 0; i < n && !at2; i++)
        if (i != b)
            at2 = fail[i].at;
    why_keep(best, fail[b].why, fail[b].at, at2, fail[b].layers, reach[b]);
}

/* How many steps of a slide or leap atom take it from `from` to sq, if it
 * may stop there by its length (min, max); else 0. */
static int why_steps(const wg_state *s, const wg_atom *a, int from, int sq)
{
    const wg_sq *ray = wg_grid_ray(&s->rules->grid, a->vec, from);
    int max = a->max ? a->max : WG_MAX_RAY;
    for (int k = 1; k <= max && ray[k - 1]; k++)
        if (ray[k - 1] == sq)
            return k >= a->min ? k : 0;
    return 0;
}

/* A hopper's piece on t, k steps of its walk to sq (d steps): the failure
 * it makes, or WG_WHY_OK when it is the screen (*screen gets t). */
static int why_screen(const wg_state *s, const wg_atom *a, int t, int k,
                      int d, int *screen)
{
    if (*screen)
        return WG_WHY_HOPS;
    if (a->screen_not >> wg_piece(s, wg_at(s, t))[PF_TYPE] & 1)
        return WG_WHY_JUMP;
    *screen = t;
    return a->hop == WG_HOP_GRASS && k < d - 1 ? WG_WHY_BEHIND : WG_WHY_OK;
}

/* A slide, leap or hop atom to sq. */
static void why_ray(const wg_state *s, const wg_atom *a, int side, int from,
                    int sq, int modes, why_best *best)
{
    const wg_sq *ray = wg_grid_ray(&s->rules->grid, a->vec, from);
    int d = why_steps(s, a, from, sq), why, score;
    if (!d) {
        why_keep(best, WG_WHY_PATTERN, sq, 0, 0, 0);
        return;
    }
    if ((why = why_target(s, a, side, sq, modes, &score))) {
        why_keep(best, why, sq, 0, 0, score);
        return;
    }
    uint32_t prev = wg_terrain(s, from), layers;
    if (!why_somewhere(s, a->within)) {
        why_keep(best, WG_WHY_PATTERN, sq, 0, 0, 0);
        return;
    }
    if ((prev & a->within) != a->within) {
        why_keep(best, WG_WHY_OUTSIDE, from, 0, a->within & ~prev, 2);
        return;
    }
    int screen = 0;
    for (int k = 1; k <= d; k++) {
        int t = ray[k - 1];
        uint32_t ter = wg_terrain(s, t);
        if ((why = why_terrain(a, prev, ter, &layers))) {
            why_keep(best, why, t, 0, layers, 2 + k);
            return;
        }
        prev = ter;
        if (k < d && wg_at(s, t) && a->hop) {
            int before = screen;
            if ((why = why_screen(s, a, t, k, d, &screen))) {
                why_keep(best, why, t, before, 0, 2 + k);
                return;
            }
        } else if (k < d && wg_at(s, t)
                   && !why_passes(s, a, side, wg_at(s, t))) {
            why_keep(best, WG_WHY_PIECE, t, 0, 0, 2 + k);
            return;
        }
    }
    if (a->hop && !screen) {
        why_keep(best, WG_WHY_SCREEN, sq, 0, 0, 2 + d);
        return;
    }
    if (wg_terrain(s, sq) & a->noland) {
        why_keep(best, WG_WHY_LAND, sq, 0, wg_terrain(s, sq) & a->noland,
                 2 + d);
        return;
    }
    why_keep(best, WG_WHY_OK, sq, 0, 0, INT32_MAX);
}

/* A move atom of a large piece to sq: every square it would cover on the
 * way must be on the board, free of other pieces and of blocking terrain
 * (as trace_large reads it). */
static void why_large(const wg_state *s, const wg_atom *a, int pid, int from,
                      int sq, why_best *best)
{
    const int32_t *p = wg_piece(s, pid);
    const wg_sq *ray = wg_grid_ray(&s->rules->grid, a->vec, from);
    int d = why_steps(s, a, from, sq);
    if (!d) {
        why_keep(best, WG_WHY_PATTERN, sq, 0, 0, 0);
        return;
    }
    for (int k = 1; k <= d; k++) {
        int cover[WG_MAX_SHAPE];
        int n = wg_state_cover(s, p[PF_TYPE], p[PF_SIDE], ray[k - 1], cover);
        if (!n) {
            why_keep(best, WG_WHY_EDGE, ray[k - 1], 0, 0, 2 + k);
            return;
        }
        for (int i = 0; i < n; i++) {
            int q = wg_at(s, cover[i]);
            uint32_t ter = wg_terrain(s, cover[i]);
            if (q && q != pid) {
                why_keep(best, WG_WHY_PIECE, cover[i], 0, 0, 2 + k);
                return;
            }
            if (ter & a->block) {
                why_keep(best, WG_WHY_TERRAIN, cover[i], 0, ter & a->block,
                         2 + k);
                return;
            }
            if (k == d && (ter & a->noland)) {
                why_keep(best, WG_WHY_LAND, cover[i], 0, ter & a->noland,
                         2 + k);
                return;
            }
        }
    }
    why_keep(best, WG_WHY_OK, sq, 0, 0, INT32_MAX);
}

int wg_trace_why(const wg_state *s, int pid, int sq, int modes, wg_why *out)
{
    const int32_t *p = wg_piece(s, pid);
    int from = p[PF_SQ], side = p[PF_SIDE];
    const wg_type *ty = &s->rules->type[p[PF_TYPE]];
    why_best best = { { WG_WHY_PATTERN, sq, 0, 0 }, -1 };
    if (ty->nshape && !(modes & WG_MOVE))
        modes = 0;                      /* a large piece never captures */
    for (int i = 0; from && i < ty->natoms[side - 1]; i++) {
        const wg_atom *a = &ty->atom[side - 1][i];
        if (!(a->mode & modes))
            continue;
        if (ty->nshape) {
            if (a->mode & WG_MOVE)
                why_large(s, a, pid, from, sq, &best);
        } else if (a->nroute) {
            why_routes(s, a, side, from, sq, modes, &best);
        } else {
            why_ray(s, a, side, from, sq, modes, &best);
        }
        if (best.w.why == WG_WHY_OK)
            break;
    }
    *out = best.w;
    return out->why;
}

int wg_trace_threats(const wg_state *s, int by, int need, int sq,
                     wg_actlist *out)
{
    const wg_rules *r = s->rules;
    uint8_t count[WG_MAX_SQ + 1] = { 0 };
    uint8_t seen[WG_MAX_SQ + 1] = { 0 };   /* list index + 1 of the last
                                             attacker counted there */
    const int32_t *list = wg_list(s, by);
    int n0 = out->n;
    for (int i = 0, n = wg_count(s, by); i < n; i++) {
        const int32_t *p = wg_piece(s, list[i]);
        const wg_type *ty = &r->type[p[PF_TYPE]];
        int from = p[PF_SQ];
        if (ty->nshape)
            continue;
        WALK_PIECE(s, ty, by, from, WG_CAPTURE, {
            if (mode == WG_CAPTURE && (!sq || to == sq)
                && seen[to] != i + 1) {
                seen[to] = (uint8_t)(i + 1);
                count[to]++;
                WG_TRY(wg_actlist_push(out, wg_act(0, (unsigned)from,
                                                   (unsigned)to, 0,
                                                   (unsigned)list[i],
                                                   (unsigned)p[PF_TYPE])));
            }
        });
    }
    /* keep the well-attacked targets, grouped by target square */
    int kept = n0;
    for (int j = n0; j < out->n; j++) {
        wg_action x = out->a[j];
        unsigned to = wg_act_b(x);
        if (count[to] >= need)
            out->a[kept++] = x | (wg_action)count[to] << 32;
    }
    out->n = kept;
    for (int j = n0 + 1; j < kept; j++) {
        wg_action x = out->a[j];
        uint32_t key = wg_act_b(x) << 12 | wg_act_a(x);
        int k = j;
        for (; k > n0 && (wg_act_b(out->a[k - 1]) << 12
                          | wg_act_a(out->a[k - 1])) > key; k--)
            out->a[k] = out->a[k - 1];
        out->a[k] = x;
    }
    return kept - n0;
}

int wg_trace_flanked(const wg_state *s, int by, int lines, unsigned kind,
                     wg_actlist *out)
{
    static const int8_t dir[4][2] = { { 1, 0 }, { 0, 1 }, { 1, 1 }, { 1, -1 } };
    const wg_grid *g = &s->rules->grid;
    const int32_t *list = wg_list(s, 3 - by);
    int n0 = out->n;
    for (int i = 0, n = wg_count(s, 3 - by); i < n; i++) {
        const int32_t *p = wg_piece(s, list[i]);
        int sq = p[PF_SQ];
        if (s->rules->type[p[PF_TYPE]].nshape)
            continue;
        for (int d = 0; d < 4; d++) {
            if (!(lines & (d < 2 ? WG_ORTHOGONAL : WG_DIAGONAL)))
                continue;
            /* one side first: most neighbours are empty or not by's */
            int a = wg_grid_step(g, sq, dir[d][0], dir[d][1]);
            int pa = a ? wg_at(s, a) : 0;
            if (!pa || wg_piece(s, pa)[PF_SIDE] != by)
                continue;
            int b = wg_grid_step(g, sq, -dir[d][0], -dir[d][1]);
            int pb = b ? wg_at(s, b) : 0;
            if (pb && wg_piece(s, pb)[PF_SIDE] == by) {
                WG_TRY(wg_actlist_push(out, wg_act(kind, 0, (unsigned)sq,
                                                   0, 0, 0)));
                break;
            }
        }
    }
    return out->n - n0;
}

/* 1 if a piece of side `by` attacks sq by one of the leaps of the jump
 * table (rules.h). */
static int jump_attacks(const wg_state *s, int sq, int by)
{
    const wg_rules *r = s->rules;
    const int32_t *board = s->w + s->o_board, *pieces = s->w + s->o_piece;
    if (!r->jump[by - 1])
        return 0;
    const struct wg_jump *row = r->jump[by - 1] + sq * r->jstride[by - 1];
    for (int i = 1; i <= row[0].sq; i++) {
        int q = board[row[i].sq];
        if (q && pieces[q * PF_SIZE + PF_SIDE] == by
            && (row[i].types >> pieces[q * PF_SIZE + PF_TYPE] & 1))
            return 1;
    }
    return 0;
}

/* Could a path atom a of a piece of `by` on `from` capture on sq, were a
 * piece of type vt there (0: of any type it may capture)? The piece on sq
 * itself is not read. */
static int route_hits(const wg_state *s, const wg_atom *a, int by, int from,
                      int sq, int vt)
{
    if (!(a->mode & WG_CAPTURE) || (vt && (a->not_capture >> vt & 1)))
        return 0;
    for (int r = 0; r < a->nroute; r++)
        if (route_open(s, a, by, from, r) == sq)
            return 1;
    return 0;
}

/* The same for a slide, a leap or a hop. */
static int line_hits(const wg_state *s, const wg_atom *a, int by, int from,
                     int sq, int vt)
{
    const wg_sq *ray = wg_grid_ray(&s->rules->grid, a->vec, from);
    uint32_t prev = wg_terrain(s, from);
    if (!(a->mode & WG_CAPTURE) || (prev & a->within) != a->within
        || (vt && (a->not_capture >> vt & 1)))
        return 0;
    int max = a->max ? a->max : WG_MAX_RAY, screen = 0;
    for (int d = 1; d <= max && ray[d - 1]; d++) {
        int t = ray[d - 1];
        uint32_t ter = wg_terrain(s, t);
        if ((ter & a->block) || (ter & a->within) != a->within
            || (ter & prev & a->nostep))
            return 0;
        prev = ter;
        if (t == sq)
            return d >= a->min && !(ter & a->noland) && (!a->hop || screen);
        int q = wg_at(s, t);
        if (a->hop && screen && (q || a->hop == WG_HOP_GRASS))
            return 0;            /* a second piece, or not right behind */
        if (!q)
            continue;
        const int32_t *qp = wg_piece(s, q);
        if (a->hop) {
            if (a->screen_not >> qp[PF_TYPE] & 1)
                return 0;
            screen = 1;
        } else if (!((qp[PF_SIDE] == by ? a->over_own : a->over_enemy)
                     >> qp[PF_TYPE] & 1)) {
            return 0;
        }
    }
    return 0;
}

/* 1 if a piece of `by` attacks sq along the general probe p (one with
 * terrain conditions, a hop, a type it may not capture, or royal sight):
 * the walk back from sq reads the terrain of every square on the way, as
 * the tracer would going forward. vt: the type on sq, or 0. */
static int probe_hits(const wg_state *s, const wg_probe *p, int sq,
                      uint32_t ter, int vt, int by)
{
    const int32_t *board = s->w + s->o_board, *pieces = s->w + s->o_piece;
    if ((ter & (p->noland | p->block)) || (ter & p->within) != p->within
        || (vt && (p->not_capture >> vt & 1)))
        return 0;
    const wg_sq *ray = wg_grid_ray(&s->rules->grid, p->vec, sq);
    int max = p->max ? p->max : WG_MAX_RAY, screen = 0;
    uint32_t prev = ter;
    for (int d = 1; d <= max && ray[d - 1]; d++) {
        int t = ray[d - 1], q = board[t];
        uint32_t tt = wg_terrain(s, t);
        if ((tt & prev & p->nostep) || (tt & p->within) != p->within)
            return 0;
        prev = tt;
        if (q) {
            const int32_t *qp = pieces + q * PF_SIZE;
            if (!p->hop || screen)
                return qp[PF_SIDE] == by && (p->types >> qp[PF_TYPE] & 1)
                       && d >= p->min;
            if ((tt & p->block) || (p->screen_not >> qp[PF_TYPE] & 1))
                return 0;
            screen = d;
            continue;
        }
        if ((tt & p->block) || (p->hop == WG_HOP_GRASS && !screen))
            return 0;            /* a grasshopper's screen is next to sq */
    }
    return 0;
}

/* 1 if a piece of `by` attacks sq by a path atom (wg_rules.reach). */
static int reach_attacks(const wg_state *s, int sq, int by, int vt)
{
    const wg_rules *r = s->rules;
    const int32_t *board = s->w + s->o_board, *pieces = s->w + s->o_piece;
    if (!r->reach[by - 1])
        return 0;
    const uint32_t *row = r->reach_row[by - 1];
    for (uint32_t i = row[sq]; i < row[sq + 1]; i++) {
        const wg_reach *e = &r->reach[by - 1][i];
        int q = board[e->from];
        if (q && pieces[q * PF_SIZE + PF_SIDE] == by
            && pieces[q * PF_SIZE + PF_TYPE] == e->type
            && route_hits(s, &r->type[e->type].atom[by - 1][e->atom], by,
                          e->from, sq, vt))
            return 1;
    }
    return 0;
}

/* 1 if a piece of side `by` could capture on sq (a piece of the type
 * standing there, or, when it is empty, of any type); with sight, a royal
 * piece there also counts as attacked by an enemy royal piece it faces
 * (royal_sight). */
static int attacks(const wg_state *s, int sq, int by, int sight)
{
    const wg_rules *r = s->rules;
    const int32_t *board = s->w + s->o_board, *pieces = s->w + s->o_piece;
    uint32_t ter = wg_terrain(s, sq);
    int q0 = board[sq], vt = q0 ? pieces[q0 * PF_SIZE + PF_TYPE] : 0;
    int royal = sight && vt && (r->royal_types >> vt & 1);
    if (jump_attacks(s, sq, by))
        return 1;
    const wg_probe *p = r->probe[by - 1], *end = p + r->nwalk[by - 1];
    for (; p < end; p++) {
        if (p->general) {
            if ((!p->sight || royal) && probe_hits(s, p, sq, ter, vt, by))
                return 1;
            continue;
        }
        if (ter & (p->noland | p->block))
            continue;
        const wg_sq *ray = wg_grid_ray(&r->grid, p->vec, sq);
        if (p->max == 1) {
            /* a leap or a step: one square to look at */
            int q = ray[0] ? board[ray[0]] : 0;
            if (q) {
                const int32_t *qp = pieces + q * PF_SIZE;
                if (qp[PF_SIDE] == by
                    && ((p->types | p->near) >> qp[PF_TYPE] & 1)
                    && (p->min <= 1 || (p->near >> qp[PF_TYPE] & 1)))
                    return 1;
            }
            continue;
        }
        int max = p->max ? p->max : WG_MAX_RAY;
        for (int d = 1; d <= max && ray[d - 1]; d++) {
            int t = ray[d - 1], q = board[t];
            if (q) {
                const int32_t *qp = pieces + q * PF_SIZE;
                uint32_t types = d == 1 ? p->types | p->near : p->types;
                if (qp[PF_SIDE] == by && (types >> qp[PF_TYPE] & 1)
                    && (d >= p->min || (p->near >> qp[PF_TYPE] & 1)))
                    return 1;
                break;
            }
            if (p->block && (wg_terrain(s, t) & p->block))
                break;
        }
    }
    if (reach_attacks(s, sq, by, vt))
        return 1;
    uint32_t fwd = r->forward_types[by - 1];
    if (fwd) {
        /* pieces that pass over others: each of their atoms, forwards */
        const int32_t *list = wg_list(s, by);
        for (int i = 0, n = wg_count(s, by); i < n; i++) {
            const int32_t *qp = wg_piece(s, list[i]);
            const wg_type *ty = &r->type[qp[PF_TYPE]];
            int from = qp[PF_SQ];
            if (!(fwd >> qp[PF_TYPE] & 1) || from == sq
                || wg_at(s, from) != list[i])
                continue;
            for (int k = 0; k < ty->natoms[by - 1]; k++) {
                const wg_atom *a = &ty->atom[by - 1][k];
                if (a->nroute ? route_hits(s, a, by, from, sq, vt)
                              : line_hits(s, a, by, from, sq, vt))
                    return 1;
            }
        }
    }
    return 0;
}

int wg_trace_attacked(const wg_state *s, int sq, int by)
{
    return attacks(s, sq, by, 0);
}

int wg_trace_in_check(const wg_state *s, int side)
{
    uint32_t royal = s->rules->royal_types;
    const int32_t *list = wg_list(s, side);
    for (int i = 0, n = wg_count(s, side); i < n && royal; i++) {
        const int32_t *p = wg_piece(s, list[i]);
        if ((royal >> p[PF_TYPE] & 1) && p[PF_SQ]
            && attacks(s, p[PF_SQ], 3 - side, 1))
            return 1;
    }
    return 0;
}

int wg_trace_exposure(const wg_state *s, int side)
{
    uint32_t royal = s->rules->royal_types;
    const wg_grid *g = &s->rules->grid;
    const int32_t *list = wg_list(s, side);
    int n = 0;
    for (int i = 0, k = wg_count(s, side); i < k && royal; i++) {
        const int32_t *p = wg_piece(s, list[i]);
        if (!(royal >> p[PF_TYPE] & 1) || !p[PF_SQ])
            continue;
        for (int dy = -1; dy <= 1; dy++)
            for (int dx = -1; dx <= 1; dx++) {
                int t = wg_grid_step(g, p[PF_SQ], dx, dy);
                n += t && attacks(s, t, 3 - side, 0);
            }
    }
    return n;
}

int wg_trace_facing(const wg_state *s, int *a, int *b)
{
    static const int8_t dirs[2][2] = { { 1, 0 }, { 0, 1 } };
    uint32_t royal = s->rules->royal_types;
    const wg_grid *g = &s->rules->grid;
    const int32_t *list = wg_list(s, 1);
    for (int i = 0, n = wg_count(s, 1); i < n && royal; i++) {
        const int32_t *p = wg_piece(s, list[i]);
        if (!(royal >> p[PF_TYPE] & 1) || !p[PF_SQ])
            continue;
        for (int d = 0; d < 2; d++)
            for (int sign = -1; sign <= 1; sign += 2) {
                int t = p[PF_SQ];
                do
                    t = wg_grid_step(g, t, sign * dirs[d][0],
                                     sign * dirs[d][1]);
                while (t && !wg_at(s, t));
                if (!t)
                    continue;
                const int32_t *q = wg_piece(s, wg_at(s, t));
                if (q[PF_SIDE] == 2 && (royal >> q[PF_TYPE] & 1)) {
                    *a = p[PF_SQ];
                    *b = t;
                    return 1;
                }
            }
    }
    return 0;
}

/* 1 if the mover pid or the piece it takes, cap (0: none), stands on more
 * than one square. */
static int spans(const wg_state *s, int pid, int cap)
{
    const wg_type *types = s->rules->type;
    return types[wg_piece(s, pid)[PF_TYPE]].nshape
           || (cap && types[wg_piece(s, cap)[PF_TYPE]].nshape);
}

/* 1 if playing move x (on the board alone) leaves a royal piece of `side`
 * attacked (or, under royal_sight, facing an enemy one); lone_king: x moves
 * the side's only royal piece. The probes read only the board, and the
 * forward check skips a piece whose square another piece has taken. */
static int exposes(wg_state *s, wg_action x, int side, int lone_king)
{
    int32_t *board = s->w + s->o_board;
    int from = (int)wg_act_a(x), to = (int)wg_act_b(x);
    int pid = board[from], cap = board[to];
    if (spans(s, pid, cap)) {
        /* a piece on several squares moves or leaves them all: play the
         * move out, as the board alone cannot tell */
        int mark = wg_state_mark(s);
        wg_state_apply_move(s, (unsigned)from, (unsigned)to, wg_act_e(x));
        int bad = wg_trace_in_check(s, side);
        wg_state_undo(s, mark);
        return bad;
    }
    int32_t *pp = wg_piece(s, pid);
    int oldsq = pp[PF_SQ];
    board[from] = 0;
    board[to] = pid;
    pp[PF_SQ] = to;
    /* the side's only royal piece moving: where it lands is all to ask */
    int bad = lone_king ? attacks(s, to, 3 - side, 1)
                        : wg_trace_in_check(s, side);
    pp[PF_SQ] = oldsq;
    board[to] = cap;
    board[from] = pid;
    return bad;
}

static void mark(uint64_t *set, int sq)
{
    set[sq >> 6] |= 1ull << (sq & 63);
}

/* A hopper's probe p from the royal piece on ksq, for attacked_or_pins:
 * 1 if it attacks ksq now. Else, for each attacker of the probe among the
 * first three pieces on the line, one move putting a piece on the line or
 * taking one off it may make it attack: every square up to it is marked
 * in `guard` (moves to or from there are played out). */
static int hop_guard(const wg_state *s, const wg_probe *p, int ksq, int by,
                     uint32_t ter, int vt, uint64_t *guard, int *guarded)
{
    if (probe_hits(s, p, ksq, ter, vt, by))
        return 1;
    const wg_sq *ray = wg_grid_ray(&s->rules->grid, p->vec, ksq);
    int max = p->max ? p->max : WG_MAX_RAY, seen = 0;
    for (int d = 1; d <= max && ray[d - 1] && seen < 3; d++) {
        int q = wg_at(s, ray[d - 1]);
        if (!q)
            continue;
        seen++;
        const int32_t *qp = wg_piece(s, q);
        if (qp[PF_SIDE] == by && (p->types >> qp[PF_TYPE] & 1)) {
            for (int k = 1; k < d; k++)
                mark(guard, ray[k - 1]);
            *guarded = 1;
        }
    }
    return 0;
}

/* A line probe with conditions (p->general), for attacked_or_pins: 1 if
 * it attacks ksq now; else the piece of `side` that alone stands between
 * ksq and an attacker, if any, is marked pinned. */
static int general_pins(const wg_state *s, const wg_probe *p, int ksq,
                        int side, uint32_t ter, int vt, uint64_t *pinned)
{
    int by = 3 - side;
    if ((ter & (p->noland | p->block)) || (ter & p->within) != p->within
        || (vt && (p->not_capture >> vt & 1)))
        return 0;
    const wg_sq *ray = wg_grid_ray(&s->rules->grid, p->vec, ksq);
    int max = p->max ? p->max : WG_MAX_RAY, shield = 0;
    uint32_t prev = ter;
    for (int d = 1; d <= max && ray[d - 1]; d++) {
        int t = ray[d - 1], q = wg_at(s, t);
        uint32_t tt = wg_terrain(s, t);
        if ((tt & prev & p->nostep) || (tt & p->within) != p->within)
            return 0;
        prev = tt;
        if (q) {
            const int32_t *qp = wg_piece(s, q);
            if (qp[PF_SIDE] == side && !shield && !(tt & p->block)) {
                shield = t;
                continue;
            }
            if (qp[PF_SIDE] == by && (p->types >> qp[PF_TYPE] & 1)
                && d >= p->min) {
                if (!shield)
                    return 1;
                mark(pinned, shield);
            }
            return 0;
        }
        if (tt & p->block)
            return 0;
    }
    return 0;
}

/* The path atoms that may reach ksq, for attacked_or_pins: 1 if one
 * attacks it now; else the squares on the routes of every attacker in
 * place are marked pinned (a piece leaving one may open a route). */
static int reach_pins(const wg_state *s, int ksq, int by, int vt,
                      uint64_t *pinned)
{
    const wg_rules *r = s->rules;
    if (!r->reach[by - 1])
        return 0;
    const uint32_t *row = r->reach_row[by - 1];
    for (uint32_t i = row[ksq]; i < row[ksq + 1]; i++) {
        const wg_reach *e = &r->reach[by - 1][i];
        int q = wg_at(s, e->from);
        if (!q || wg_piece(s, q)[PF_SIDE] != by
            || wg_piece(s, q)[PF_TYPE] != e->type)
            continue;
        const wg_atom *a = &r->type[e->type].atom[by - 1][e->atom];
        if (route_hits(s, a, by, e->from, ksq, vt))
            return 1;
        for (int k = 0; k < a->nroute; k++)
            for (int j = 0, t = e->from; j < a->nstep - 1 && t; j++) {
                t = wg_grid_ray(&r->grid, a->route[k][j], t)[0];
                if (t)
                    mark(pinned, t);
            }
    }
    return 0;
}

/* attacks(s, ksq, 3 - side, 1) without the forward check, in the same walk
 * from ksq marking the pieces of `side` that stand between its royal piece
 * there and an enemy line piece or a path atom's attacker (moving one of
 * them may expose the royal piece), and, for hoppers, in `guard` the
 * squares where any move on or off may expose it. Returns 1 if ksq is
 * attacked (the marks are then unfinished). */
static int attacked_or_pins(const wg_state *s, int ksq, int side,
                            uint64_t *pinned, uint64_t *guard, int *guarded)
{
    const wg_rules *r = s->rules;
    int by = 3 - side, q0 = wg_at(s, ksq);
    int vt = q0 ? wg_piece(s, q0)[PF_TYPE] : 0;
    uint32_t ter = wg_terrain(s, ksq);
    if (jump_attacks(s, ksq, by) || reach_pins(s, ksq, by, vt, pinned))
        return 1;
    for (int i = 0; i < r->nwalk[by - 1]; i++) {
        const wg_probe *p = &r->probe[by - 1][i];
        if (p->hop) {
            if (hop_guard(s, p, ksq, by, ter, vt, guard, guarded))
                return 1;
            continue;
        }
        if (p->general) {
            if (general_pins(s, p, ksq, side, ter, vt, pinned))
                return 1;
            continue;
        }
        if (ter & (p->noland | p->block))
            continue;
        const wg_sq *ray = wg_grid_ray(&r->grid, p->vec, ksq);
        int max = p->max ? p->max : WG_MAX_RAY, shield = 0;
        for (int d = 1; d <= max && ray[d - 1]; d++) {
            int t = ray[d - 1], q = wg_at(s, t);
            if (q) {
                const int32_t *qp = wg_piece(s, q);
                if (qp[PF_SIDE] == side) {
                    if (shield || p->max == 1)
                        break;
                    shield = t;
                    continue;
                }
                uint32_t types = d == 1 ? p->types | p->near : p->types;
                int reaches = (types >> qp[PF_TYPE] & 1)
                              && (d >= p->min || (p->near >> qp[PF_TYPE] & 1));
                if (reaches && !shield)
                    return 1;
                if (reaches)
                    mark(pinned, shield);
                break;
            }
            if (p->block && (wg_terrain(s, t) & p->block))
                break;
        }
    }
    return 0;
}

/* What the royal filter knows of a position before it looks at a move. */
typedef struct safety {
    int side, ksq, nroyal;
    int fast;      /* one royal piece, not attacked, every attacker seen by
                      the probes and the path table: only the king's moves,
                      those from a pinned square and those to or from a
                      guarded one can expose it */
    int shaped;    /* the game has pieces on several squares */
    int guarded;   /* some square is guarded */
    uint64_t pinned[(WG_MAX_SQ + 64) / 64];   /* a bit a square, when fast */
    uint64_t guard[(WG_MAX_SQ + 64) / 64];
} safety;

static int is_pinned(const safety *c, int sq)
{
    return c->pinned[sq >> 6] >> (sq & 63) & 1;
}

static int is_guarded(const safety *c, int sq)
{
    return c->guard[sq >> 6] >> (sq & 63) & 1;
}

static void safety_init(wg_state *s, int side, safety *c)
{
    uint32_t royal = s->rules->royal_types;
    c->side = side;
    c->ksq = c->nroyal = 0;
    const int32_t *list = wg_list(s, side);
    for (int i = 0, n = wg_count(s, side); i < n; i++) {
        const int32_t *p = wg_piece(s, list[i]);
        if (royal >> p[PF_TYPE] & 1) {
            c->ksq = p[PF_SQ];
            c->nroyal++;
        }
    }
    for (size_t i = 0; i < sizeof c->pinned / sizeof c->pinned[0]; i++)
        c->pinned[i] = c->guard[i] = 0;
    c->guarded = 0;
    c->fast = c->nroyal == 1 && c->ksq && !s->rules->forward_types[2 - side]
              && !attacked_or_pins(s, c->ksq, side, c->pinned, c->guard,
                                   &c->guarded);
    /* a piece on several squares shields, or is taken, on all of them at
     * once, which the pinned squares do not tell */
    c->shaped = 0;
    for (int t = 1; t <= s->rules->ntypes; t++)
        c->shaped |= s->rules->type[t].nshape;
}

/* Drops from l->a[first..] the moves after which one of the side's royal
 * pieces would be attacked; returns l->n. */
static int keep_safe(wg_state *s, wg_actlist *l, int first, const safety *c)
{
    int kept = first;
    for (int i = first; i < l->n; i++) {
        wg_action x = l->a[i];
        int from = (int)wg_act_a(x), to = (int)wg_act_b(x);
        int safe = c->fast && from != c->ksq && !is_pinned(c, from)
                   && !(c->guarded && (is_guarded(c, from)
                                       || is_guarded(c, to)))
                   && !(c->shaped && spans(s, wg_at(s, from), wg_at(s, to)));
        if (safe || !exposes(s, x, c->side,
                             c->nroyal == 1 && from == c->ksq))
            l->a[kept++] = x;
    }
    l->n = kept;
    return kept;
}

int wg_trace_keep_royal_safe(wg_state *s, wg_actlist *l)
{
    if (!s->rules->royal_types || !l->n)
        return l->n;
    safety c;
    safety_init(s, wg_piece(s, wg_at(s, (int)wg_act_a(l->a[0])))[PF_SIDE],
                &c);
    return keep_safe(s, l, 0, &c);
}

int wg_trace_side_safe(wg_state *s, int side, unsigned kind, wg_actlist *out)
{
    int n0 = out->n;
    if (!s->rules->royal_types)
        return wg_trace_side(s, side, kind, out);
    safety c;
    safety_init(s, side, &c);
    if (!c.fast || c.shaped) {
        WG_TRY(wg_trace_side(s, side, kind, out));
        return keep_safe(s, out, n0, &c) - n0;
    }
    /* only the king's moves, a pinned piece's, and where a square is
     * guarded any piece's need the filter */
    const int32_t *list = wg_list(s, side);
    for (int i = 0, n = wg_count(s, side); i < n; i++) {
        const int32_t *p = wg_piece(s, list[i]);
        const wg_type *ty = &s->rules->type[p[PF_TYPE]];
        int first = out->n, sq = p[PF_SQ];
        if (ty->plain[side - 1] && sq)
            WG_TRY(trace_plain(s, ty, side, sq, WG_MOVE | WG_CAPTURE, kind,
                               out, 0));
        else
            WG_TRY(wg_trace_piece(s, list[i], kind, out));
        if (sq == c.ksq || is_pinned(&c, sq) || c.guarded)
            keep_safe(s, out, first, &c);
    }
    return out->n - n0;
}
