/* rules.c: a game's compiled declaration -- piece types, movement patterns,
 * promotion, Zobrist keys and the size of its states. */
#include "rules.h"
#include "mem.h"

#include <string.h>

int wg_rules_init(wg_rules *r, int files, int ranks)
{
    memset(r, 0, sizeof *r);
    WG_TRY(wg_grid_init(&r->grid, files, ranks));
    r->maxpieces = 128;
    r->actions_per_turn = 1;
    r->seed = 0x5eed0f3a2c9b7d11ULL;
    for (int i = 0; i < WG_MAX_LAYERS; i++)
        r->mirror[i] = (int8_t)i;
    return WG_OK;
}

void wg_rules_free(wg_rules *r)
{
    wg_grid_free(&r->grid);
    wg_free(r->leaps);
    r->leaps = NULL;
    wg_free(r->walks);
    r->walks = NULL;
    wg_free(r->walk_rows);
    r->walk_rows = NULL;
    for (int side = 0; side < 2; side++) {
        wg_free(r->jump[side]);
        r->jump[side] = NULL;
        wg_free(r->reach[side]);
        r->reach[side] = NULL;
        wg_free(r->reach_row[side]);
        r->reach_row[side] = NULL;
    }
}

int wg_rules_add_type(wg_rules *r, const char *name, char letter)
{
    if (strlen(name) >= sizeof r->type[0].name)
        return WG_EINVAL;
    if (r->ntypes == WG_MAX_TYPES)
        return WG_EFULL;
    int t = ++r->ntypes;
    wg_type *ty = &r->type[t];
    memset(ty, 0, sizeof *ty);
    strcpy(ty->name, name);
    ty->letter = letter;
    return t;
}

int wg_rules_mirror(wg_rules *r, int layer, int other)
{
    if (layer < 0 || other < 0 || layer >= WG_MAX_LAYERS
        || other >= WG_MAX_LAYERS)
        return WG_EINVAL;
    r->mirror[layer] = (int8_t)other;
    return WG_OK;
}

static uint32_t mirror_mask(const wg_rules *r, uint32_t m)
{
    uint32_t out = 0;
    for (int b = 0; m; b++, m >>= 1)
        if (m & 1)
            out |= 1u << r->mirror[b];
    return out;
}

int wg_rules_add_atom(wg_rules *r, int type, int dx, int dy, wg_atom a)
{
    wg_type *ty = &r->type[type];
    if (ty->natoms[0] == WG_MAX_ATOMS || a.nroute > WG_MAX_ROUTES
        || a.nstep > WG_MAX_STEPS)
        return WG_EFULL;
    for (int side = 0; side < 2; side++) {
        int v = wg_grid_vec(&r->grid, dx, side ? -dy : dy);
        if (v < 0)
            return v;
        a.vec = (int16_t)v;
        ty->atom[side][ty->natoms[side]++] = a;
    }
    /* side 2: the mirror image */
    wg_atom *m = &ty->atom[1][ty->natoms[1] - 1];
    m->block = mirror_mask(r, a.block);
    m->noland = mirror_mask(r, a.noland);
    m->within = mirror_mask(r, a.within);
    m->nostep = mirror_mask(r, a.nostep);
    for (int i = 0; i < a.nroute; i++)
        for (int k = 0; k < a.nstep; k++) {
            const int8_t *st = r->grid.vec[a.route[i][k]];
            int v = wg_grid_vec(&r->grid, st[0], -st[1]);
            if (v < 0)
                return v;
            m->route[i][k] = (int16_t)v;
        }
    return WG_OK;
}

uint64_t wg_rules_key(const wg_rules *r, uint64_t kind, uint64_t a, uint64_t b)
{
    return wg_mix64(r->seed ^ wg_mix64((kind << 48) ^ (a << 24) ^ b));
}

/* Do two probes look along the same line under the same conditions? */
static int same_line(const wg_probe *p, const wg_probe *q)
{
    return p->vec == q->vec && p->min == q->min && p->max == q->max
           && p->hop == q->hop && p->sight == q->sight
           && p->block == q->block && p->noland == q->noland
           && p->within == q->within && p->nostep == q->nostep
           && p->screen_not == q->screen_not
           && p->not_capture == q->not_capture;
}

/* Adds the probe q for the attacker types q->types, or adds the types to a
 * probe of the same line. */
static void put_probe(wg_rules *r, int side, int type, const wg_probe *q)
{
    for (int i = 0; i < r->nprobes[side]; i++) {
        wg_probe *p = &r->probe[side][i];
        if (same_line(p, q)) {
            p->types |= q->types;
            return;
        }
    }
    if (q->vec < 0 || r->nprobes[side] == WG_MAX_PROBES) {
        r->forward_types[side] |= 1u << type;  /* still correct, slower */
        return;
    }
    r->probe[side][r->nprobes[side]++] = *q;
}

static void add_probe(wg_rules *r, int side, int type, const wg_atom *a)
{
    const wg_grid *g = &r->grid;
    wg_probe q = {
        .vec = (int16_t)wg_grid_vec(&r->grid, -g->vec[a->vec][0],
                                    -g->vec[a->vec][1]),
        .min = a->min, .max = a->max, .hop = a->hop,
        .block = a->block, .noland = a->noland, .within = a->within,
        .nostep = a->nostep, .screen_not = a->screen_not,
        .not_capture = a->not_capture, .types = 1u << type,
    };
    q.general = a->hop || a->within || a->nostep || a->not_capture;
    put_probe(r, side, type, &q);
}

/* royal_sight: a royal piece "attacks" an enemy royal piece along the four
 * orthogonal lines, up to the first piece, as a rook would capture. */
static void add_sight(wg_rules *r, int side)
{
    static const int8_t dirs[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 },
                                       { 0, -1 } };
    for (int d = 0; d < 4; d++) {
        wg_probe q = {
            .vec = (int16_t)wg_grid_vec(&r->grid, dirs[d][0], dirs[d][1]),
            .min = 1, .max = 0, .sight = 1, .general = 1,
            .types = r->royal_types,
        };
        for (int t = 1; t <= r->ntypes; t++)
            if (r->royal_types >> t & 1)
                put_probe(r, side, t, &q);
    }
}

/* A one-step probe (a king's step) looks at the first square of the line
 * probe in its direction, if there is one: it becomes that probe's `near`
 * types, and "is sq attacked" walks the direction once. */
static void merge_steps(wg_rules *r, int side)
{
    wg_probe *pr = r->probe[side];
    int n = 0;
    for (int i = 0; i < r->nprobes[side]; i++) {
        wg_probe *p = &pr[i];
        wg_probe *line = NULL;
        for (int j = 0; j < r->nprobes[side] && p->max == 1 && p->min <= 1
                        && !p->general; j++)
            if (pr[j].vec == p->vec && pr[j].max == 0 && pr[j].min <= 1
                && !pr[j].general && pr[j].block == p->block
                && pr[j].noland == p->noland)
                line = &pr[j];
        if (line)
            line->near |= p->types;
    }
    for (int i = 0; i < r->nprobes[side]; i++) {
        const wg_probe *p = &pr[i];
        int merged = 0;
        for (int j = 0; j < r->nprobes[side] && p->max == 1 && p->min <= 1
                        && !p->general; j++)
            merged |= pr[j].vec == p->vec && pr[j].max == 0
                      && pr[j].min <= 1 && !pr[j].general
                      && pr[j].block == p->block
                      && pr[j].noland == p->noland;
        if (!merged)
            pr[n++] = *p;
    }
    r->nprobes[side] = n;
}

/* A probe the jump table can hold: one square, no terrain condition. */
static int is_jump(const wg_probe *p)
{
    return p->max == 1 && p->min <= 1 && !p->near && !p->block
           && !p->noland && !p->general;
}

/* Puts the side's jump probes last and makes their table (rules.h); without
 * memory every probe is walked. */
static void make_jumps(wg_rules *r, int side)
{
    wg_probe *pr = r->probe[side], tmp;
    int n = r->nprobes[side], walk = 0;
    for (int i = 0; i < n; i++)
        if (!is_jump(&pr[i])) {
            tmp = pr[walk];
            pr[walk++] = pr[i];
            pr[i] = tmp;
        }
    wg_free(r->jump[side]);
    r->nwalk[side] = n;
    r->jstride[side] = n - walk + 1;
    r->jump[side] = walk < n ? wg_malloc((size_t)(r->grid.nsq + 1)
                                         * (size_t)r->jstride[side]
                                         * sizeof *r->jump[side])
                             : NULL;
    if (!r->jump[side])
        return;
    r->nwalk[side] = walk;
    for (int sq = 0; sq <= r->grid.nsq; sq++) {
        struct wg_jump *row = r->jump[side] + sq * r->jstride[side];
        row[0].sq = 0;
        for (int i = walk; sq && i < n; i++) {
            int from = wg_grid_ray(&r->grid, pr[i].vec, sq)[0];
            if (from)
                row[++row[0].sq] = (struct wg_jump){ (uint16_t)from,
                                                     pr[i].types };
        }
    }
}

/* Is the side's pattern of type ty a leaper's: plain, with at most
 * WG_MAX_LEAPS atoms, each one leap? */
static int is_leaper(const wg_type *ty, int side)
{
    if (!ty->plain[side] || ty->natoms[side] > WG_MAX_LEAPS)
        return 0;
    for (int i = 0; i < ty->natoms[side]; i++)
        if (ty->atom[side][i].max != 1 || ty->atom[side][i].min > 1)
            return 0;
    return 1;
}

/* The leapers' tables of targets (wg_type.leap), in one block; without
 * memory the tracer walks their atoms instead. */
static void make_leaps(wg_rules *r)
{
    int n = 0, rows = r->grid.nsq + 1;
    for (int t = 1; t <= r->ntypes; t++)
        for (int side = 0; side < 2; side++)
            n += is_leaper(&r->type[t], side);
    wg_free(r->leaps);
    r->leaps = n ? wg_malloc((size_t)n * rows * sizeof *r->leaps) : NULL;
    uint16_t (*next)[WG_MAX_LEAPS + 1] = r->leaps;
    for (int t = 1; t <= r->ntypes; t++)
        for (int side = 0; side < 2; side++) {
            wg_type *ty = &r->type[t];
            ty->leap[side] = NULL;
            if (!next || !is_leaper(ty, side))
                continue;
            ty->leap[side] = next;
            next += rows;
            for (int sq = 1; sq < rows; sq++) {
                uint16_t *row = ty->leap[side][sq];
                row[0] = 0;
                for (int i = 0; i < ty->natoms[side]; i++) {
                    const wg_atom *a = &ty->atom[side][i];
                    int to = wg_grid_ray(&r->grid, a->vec, sq)[0];
                    if (to)
                        row[++row[0]] = (uint16_t)(to | a->mode << 12);
                }
            }
        }
}

/* Does the side of type ty get a walk table (wg_type.walk)? A one-square
 * type that is not plain (a plain walk reads no terrain), whose atoms'
 * terrain conditions name no dynamic layer: the terrain the rules are
 * built with decides its walks. */
static int has_walks(const wg_rules *r, const wg_type *ty, int side)
{
    if (ty->nshape || ty->plain[side])
        return 0;
    for (int i = 0; i < ty->natoms[side]; i++) {
        const wg_atom *a = &ty->atom[side][i];
        if ((a->block | a->within | a->nostep | a->noland) & r->grid.dynamic)
            return 0;
    }
    return 1;
}

/* The entries of atom a's walk from sq (wg_type.walk) into out, if not
 * NULL; returns how many. The terrain is read as the tracer reads it:
 * every square from the start on has the `within` layers, none has a
 * `block` layer, no step joins two squares of a `nostep` layer, and the
 * walk may not stop on a `noland` square. */
static int walk_entries(const wg_rules *r, const wg_atom *a, int sq,
                        uint16_t *out)
{
    const wg_grid *g = &r->grid;
    uint32_t start = g->terrain[sq];
    int n = 0;
    if (!a->mode || (start & a->within) != a->within)
        return 0;
    if (a->nroute) {
        for (int i = 0; i < a->nroute; i++) {
            uint16_t route[WG_MAX_STEPS];
            uint32_t prev = start;
            int t = sq, k = 0;
            for (; k < a->nstep; k++) {
                t = wg_grid_ray(g, a->route[i][k], t)[0];
                if (!t)
                    break;
                uint32_t ter = g->terrain[t];
                if ((ter & a->block) || (ter & a->within) != a->within
                    || (ter & prev & a->nostep)
                    || (k == a->nstep - 1 && (ter & a->noland)))
                    break;
                prev = ter;
                route[k] = (uint16_t)t;
            }
            for (int j = 0; k == a->nstep && j < k; j++, n++)
                if (out)
                    out[n] = route[j];
        }
        return n;
    }
    const wg_sq *ray = wg_grid_ray(g, a->vec, sq);
    int max = a->max ? a->max : WG_MAX_RAY, last = 0;
    uint32_t prev = start;
    for (int d = 1; d <= max && ray[d - 1]; d++) {
        uint32_t ter = g->terrain[ray[d - 1]];
        if ((ter & a->block) || (ter & a->within) != a->within
            || (ter & prev & a->nostep))
            break;
        prev = ter;
        int land = d >= a->min && !(ter & a->noland);
        if (out)
            out[n] = (uint16_t)(ray[d - 1] | (land ? WG_LAND : 0));
        n++;
        if (land)
            last = n;
    }
    return last;   /* past the last square it may stop on, nothing to see */
}

/* The row of sq in the side's walk table for `modes` into out, if not
 * NULL; returns its length. */
static uint32_t walk_row(const wg_rules *r, const wg_type *ty, int side,
                         int modes, int sq, uint16_t *out)
{
    uint32_t n = 0;
    for (int i = 0; i < ty->natoms[side]; i++) {
        const wg_atom *a = &ty->atom[side][i];
        if (!(a->mode & modes))
            continue;
        int k = walk_entries(r, a, sq, out ? out + n + 1 : NULL);
        if (!k)
            continue;
        if (out)
            out[n] = (uint16_t)(i | a->mode << 6 | (a->nroute ? WG_ROUTE : 0)
                                | k << 9);
        n += 1 + (uint32_t)k;
    }
    return n;
}

/* Marks WG_SHARED the squares of the row (n entries, for `modes`) where
 * the walks of two atoms may stop in the same mode. */
static void mark_shared(const wg_type *ty, int side, int modes, uint16_t *row,
                        uint32_t n)
{
    uint8_t count[WG_MAX_SQ + 1][2];   /* atoms that may stop there: to
                                           move, to capture */
    memset(count, 0, sizeof count);
    for (int pass = 0; pass < 2; pass++)
        for (uint32_t i = 0, next; i < n; i = next) {
            unsigned h = row[i], m = (h >> 6 & 3) & (unsigned)modes;
            next = i + 1 + (h >> 9);
            /* a path atom stops only at its routes' end, the same square */
            uint32_t step = h & WG_ROUTE ? ty->atom[side][h & 63].nstep : 1;
            for (uint32_t j = i + step; j < next; j += step) {
                int sq = row[j] & 0xfff;
                if (!(h & WG_ROUTE) && !(row[j] & WG_LAND))
                    continue;
                for (int b = 0; b < 2; b++) {
                    if (!(m >> b & 1))
                        continue;
                    if (pass == 0 && (j == i + step || !(h & WG_ROUTE)))
                        count[sq][b]++;
                    if (pass == 1 && count[sq][b] > 1)
                        row[j] |= WG_SHARED;
                }
            }
        }
}

/* The walk tables of the one-square types (wg_type.walk), in one block;
 * without memory the tracer walks the atoms instead. */
static void make_walks(wg_rules *r)
{
    size_t rows = 0, n = 0, nsq = (size_t)r->grid.nsq;
    for (int t = 1; t <= r->ntypes; t++)
        for (int side = 0; side < 2; side++)
            for (int m = WG_MOVE; m <= (WG_MOVE | WG_CAPTURE); m++) {
                r->type[t].walk[side][m - 1] = NULL;
                r->type[t].walk_row[side][m - 1] = NULL;
                if (!has_walks(r, &r->type[t], side))
                    continue;
                rows++;
                for (int sq = 1; sq <= r->grid.nsq; sq++)
                    n += walk_row(r, &r->type[t], side, m, sq, NULL);
            }
    wg_free(r->walks);
    wg_free(r->walk_rows);
    r->walks = rows ? wg_malloc((n ? n : 1) * sizeof *r->walks) : NULL;
    r->walk_rows = rows ? wg_malloc(rows * (nsq + 2) * sizeof *r->walk_rows)
                        : NULL;
    if (!r->walks || !r->walk_rows) {
        wg_free(r->walks);
        wg_free(r->walk_rows);
        r->walks = NULL;
        r->walk_rows = NULL;
        return;
    }
    uint16_t *next = r->walks;
    uint32_t *row = r->walk_rows;
    for (int t = 1; t <= r->ntypes; t++)
        for (int side = 0; side < 2; side++)
            for (int m = WG_MOVE; m <= (WG_MOVE | WG_CAPTURE); m++) {
                wg_type *ty = &r->type[t];
                if (!has_walks(r, ty, side))
                    continue;
                ty->walk[side][m - 1] = next;
                ty->walk_row[side][m - 1] = row;
                row[0] = row[1] = 0;
                for (int sq = 1; sq <= r->grid.nsq; sq++) {
                    uint32_t k = walk_row(r, ty, side, m, sq, next + row[sq]);
                    mark_shared(ty, side, m, next + row[sq], k);
                    row[sq + 1] = row[sq] + k;
                }
                next += row[nsq + 1];
                row += nsq + 2;
            }
}

/* Does the path atom a of a piece on `from` have a route that stays on
 * the board? Its end square, or 0. */
static int route_end(const wg_rules *r, const wg_atom *a, int from)
{
    const wg_grid *g = &r->grid;
    int end = wg_grid_ray(g, a->vec, from)[0];
    for (int i = 0; end && i < a->nroute; i++) {
        int t = from, k = 0;
        for (; k < a->nstep && t; k++)
            t = wg_grid_ray(g, a->route[i][k], t)[0];
        if (t)
            return end;
    }
    return 0;
}

/* Is atom a of the side's a path atom that captures, looked at from its
 * targets (wg_rules.reach)? */
static int is_reach(const wg_atom *a)
{
    return a->nroute && (a->mode & WG_CAPTURE);
}

/* The side's table of path attacks by target square (wg_rules.reach):
 * returns 0 without memory (then they are checked forwards). */
static int make_reach(wg_rules *r, int side)
{
    int nsq = r->grid.nsq, n = 0;
    wg_free(r->reach[side]);
    wg_free(r->reach_row[side]);
    r->reach[side] = NULL;
    r->reach_row[side] = wg_calloc((size_t)nsq + 2, sizeof (uint32_t));
    if (!r->reach_row[side])
        return 0;
    uint32_t *row = r->reach_row[side];
    for (int pass = 0; pass < 2; pass++) {
        /* pass 0 counts the entries of each target, pass 1 fills them */
        for (int t = 1; t <= r->ntypes; t++) {
            const wg_type *ty = &r->type[t];
            for (int i = 0; i < ty->natoms[side] && !ty->nshape; i++) {
                const wg_atom *a = &ty->atom[side][i];
                for (int from = 1; is_reach(a) && from <= nsq; from++) {
                    int end = route_end(r, a, from);
                    if (!end)
                        continue;
                    if (pass == 0)
                        row[end + 1]++;
                    else
                        r->reach[side][row[end]++] = (wg_reach){
                            (uint16_t)from, (uint8_t)t, (uint8_t)i };
                }
            }
        }
        if (pass == 1)
            break;
        for (int sq = 1; sq <= nsq + 1; sq++)
            row[sq] += row[sq - 1];
        n = (int)row[nsq + 1];
        r->reach[side] = wg_malloc((size_t)(n ? n : 1) * sizeof (wg_reach));
        if (!r->reach[side]) {
            wg_free(row);
            r->reach_row[side] = NULL;
            return 0;
        }
    }
    /* pass 1 advanced each row's start to the next row's: shift back */
    for (int sq = nsq + 1; sq > 0; sq--)
        row[sq] = row[sq - 1];
    row[0] = 0;
    return 1;
}

void wg_rules_finish(wg_rules *r)
{
    for (int t = 1; t <= r->ntypes; t++)
        for (int side = 0; side < 2; side++)
            for (int sq = 0; sq <= r->grid.nsq; sq++)
                r->zpiece[t][side][sq] =
                    wg_rules_key(r, 1, (uint64_t)t,
                                 (uint64_t)(side << 12 | sq));
    r->royal_types = 0;
    for (int t = 1; t <= r->ntypes; t++) {
        wg_type *ty = &r->type[t];
        for (int side = 0; side < 2; side++)
            for (int i = 0; i < ty->natoms[side]; i++)
                ty->atom[side][i].block |= r->grid.stops;  /* e.g. debris */
        if (ty->royal)
            r->royal_types |= 1u << t;
        ty->overlap = 0;
        for (int i = 0; i < ty->natoms[0]; i++)
            for (int j = 0; j < i; j++) {
                const int8_t *u = r->grid.vec[ty->atom[0][i].vec];
                const int8_t *v = r->grid.vec[ty->atom[0][j].vec];
                if (u[0] * v[1] == u[1] * v[0] && u[0] * v[0] + u[1] * v[1] > 0)
                    ty->overlap = 1;  /* same direction: targets may repeat */
            }
        for (int side = 0; side < 2; side++) {
            ty->plain[side] = !ty->nshape && !ty->overlap;
            for (int i = 0; i < ty->natoms[side]; i++) {
                const wg_atom *a = &ty->atom[side][i];
                if (a->nroute || a->within || a->block || a->nostep
                    || a->noland || a->hop || a->not_capture)
                    ty->plain[side] = 0;
            }
        }
    }
    for (int side = 0; side < 2; side++) {
        r->forward_types[side] = 0;
        r->nprobes[side] = 0;
        int reach = make_reach(r, side);
        for (int t = 1; t <= r->ntypes; t++) {
            const wg_type *ty = &r->type[t];
            for (int i = 0; i < ty->natoms[side]; i++) {
                const wg_atom *a = &ty->atom[side][i];
                if (!(a->mode & WG_CAPTURE) || ty->nshape)
                    continue;   /* a large piece never captures */
                /* a path atom is looked at from its targets (the reach
                 * table); one that passes over pieces on a line is
                 * checked forwards from where it stands */
                if (a->nroute && !reach)
                    r->forward_types[side] |= 1u << t;
                else if (a->nroute)
                    continue;
                else if (a->over_own || a->over_enemy)
                    r->forward_types[side] |= 1u << t;
                else
                    add_probe(r, side, t, a);
            }
        }
        if (r->royal_sight)
            add_sight(r, side);
        merge_steps(r, side);
        make_jumps(r, side);
    }
    make_leaps(r);
    make_walks(r);
}
