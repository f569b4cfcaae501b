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
    for (int side = 0; side < 2; side++) {
        wg_free(r->jump[side]);
        r->jump[side] = NULL;
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

static void add_probe(wg_rules *r, int side, int type, const wg_atom *a)
{
    const wg_grid *g = &r->grid;
    int back = wg_grid_vec(&r->grid, -g->vec[a->vec][0], -g->vec[a->vec][1]);
    for (int i = 0; i < r->nprobes[side]; i++) {
        wg_probe *p = &r->probe[side][i];
        if (p->vec == back && p->min == a->min && p->max == a->max
            && p->block == a->block && p->noland == a->noland) {
            p->types |= 1u << type;
            return;
        }
    }
    if (back < 0 || r->nprobes[side] == WG_MAX_PROBES) {
        r->forward_types[side] |= 1u << type;  /* still correct, slower */
        return;
    }
    wg_probe *p = &r->probe[side][r->nprobes[side]++];
    p->vec = (int16_t)back;
    p->min = a->min;
    p->max = a->max;
    p->block = a->block;
    p->noland = a->noland;
    p->types = 1u << type;
    p->near = 0;
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
        for (int j = 0; j < r->nprobes[side] && p->max == 1 && p->min <= 1;
             j++)
            if (pr[j].vec == p->vec && pr[j].max == 0 && pr[j].min <= 1
                && pr[j].block == p->block && pr[j].noland == p->noland)
                line = &pr[j];
        if (line)
            line->near |= p->types;
    }
    for (int i = 0; i < r->nprobes[side]; i++) {
        const wg_probe *p = &pr[i];
        int merged = 0;
        for (int j = 0; j < r->nprobes[side] && p->max == 1 && p->min <= 1;
             j++)
            merged |= pr[j].vec == p->vec && pr[j].max == 0
                      && pr[j].min <= 1 && pr[j].block == p->block
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
           && !p->noland;
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
                    || a->noland)
                    ty->plain[side] = 0;
            }
        }
        for (int side = 0; side < 2; side++)
            for (int i = 0; i < ty->natoms[side]; i++) {
                const wg_atom *a = &ty->atom[side][i];
                if (!(a->mode & WG_CAPTURE))
                    continue;
                /* a capturing piece that passes over pieces, covers several
                 * squares, or whose lines have conditions the probes do not
                 * read, is checked forwards from where it stands */
                if (a->over_own || a->over_enemy || ty->nshape || a->within
                    || a->nostep || a->nroute)
                    r->forward_types[side] |= 1u << t;
                else
                    add_probe(r, side, t, a);
            }
    }
    for (int side = 0; side < 2; side++) {
        merge_steps(r, side);
        make_jumps(r, side);
    }
    make_leaps(r);
}
