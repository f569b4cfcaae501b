/* fire.c: line of fire -- the squares a shot crosses, whether pieces block
 * it, arcs by facing, king-move range, and a fire pattern's targets. */
#include "fire.h"

#include <math.h>
#include <stdlib.h>

int wg_fire_distance(const wg_grid *g, int a, int b)
{
    int dx = abs(g->file_of[a] - g->file_of[b]);
    int dy = abs(g->rank_of[a] - g->rank_of[b]);
    return dx > dy ? dx : dy;
}

/* floor(p / q) for q > 0 */
static int floor_div(int p, int q)
{
    return p >= 0 ? p / q : -((-p + q - 1) / q);
}

int wg_fire_line(const wg_grid *g, int a, int b, int *sq, uint8_t *pair)
{
    int x0 = g->file_of[a], y0 = g->rank_of[a];
    int dx = g->file_of[b] - x0, dy = g->rank_of[b] - y0;
    int steep = abs(dy) > abs(dx);
    int n = steep ? abs(dy) : abs(dx);        /* steps along the long axis */
    int along = steep ? dy : dx, across = steep ? dx : dy;
    int m = 0;
    for (int k = 1; k < n; k++) {
        int u = along > 0 ? k : -k;            /* offset along the long axis */
        int q = floor_div(across * k, n);      /* across offset: q + r/n */
        int r2 = 2 * (across * k - q * n);     /* twice r, from 0 to 2n - 1 */
        int first = r2 > n ? q + 1 : q, last = r2 >= n ? q + 1 : q;
        for (int w = first; w <= last; w++) {
            pair[m] = (uint8_t)(first != last && w == first);
            sq[m++] = wg_grid_at(g, x0 + (steep ? w : u), y0 + (steep ? u : w));
        }
    }
    return m;
}

int wg_fire_in_arc(int dx, int dy, int fx, int fy, int arc)
{
    if (arc >= 180)
        return 1;
    double dot = (double)dx * fx + (double)dy * fy;
    /* in double: the facing comes from scripts */
    double len = sqrt(((double)dx * dx + (double)dy * dy)
                      * ((double)fx * fx + (double)fy * fy));
    if (len == 0)
        return 0;
    return dot >= cos(arc * 3.14159265358979323846 / 180.0) * len - 1e-9;
}

/* The pieces on the two ends (a large shooter or target) never block. */
static int blocks(const wg_state *s, int sq, const int *ends, uint32_t block)
{
    int q = wg_at(s, sq);
    return (q && q != ends[0] && q != ends[1]) || (wg_terrain(s, sq) & block);
}

int wg_fire_blocker(const wg_state *s, int a, int b, int corner,
                    uint32_t block)
{
    int sq[WG_MAX_RAY * 2], ends[2] = { wg_at(s, a), wg_at(s, b) };
    uint8_t pair[WG_MAX_RAY * 2];
    int n = wg_fire_line(&s->rules->grid, a, b, sq, pair);
    for (int i = 0; i < n; i++) {
        if (pair[i]) {
            int x = blocks(s, sq[i], ends, block),
                y = blocks(s, sq[i + 1], ends, block);
            if (corner == WG_CORNER_EITHER ? (x || y) : (x && y))
                return x ? sq[i] : sq[i + 1];
            i++;
        } else if (blocks(s, sq[i], ends, block)) {
            return sq[i];
        }
    }
    return 0;
}

int wg_fire_targets(const wg_state *s, int pid, unsigned kind, wg_actlist *out)
{
    const int32_t *p = wg_piece(s, pid);
    const wg_type *ty = &s->rules->type[p[PF_TYPE]];
    const wg_fire *f = &ty->fire;
    const wg_grid *g = &s->rules->grid;
    int side = p[PF_SIDE], n0 = out->n;
    if (!p[PF_SQ] || f->range <= 0)
        return 0;
    int cover[WG_MAX_SHAPE];
    int nc = wg_state_cover(s, p[PF_TYPE], side, p[PF_SQ], cover);
    int fy = side == 1 ? 1 : -1;               /* facing: forward */
    uint8_t seen[WG_MAX_PIECES + 1] = { 0 };
    int x0 = g->files, x1 = -1, y0 = g->ranks, y1 = -1;  /* squares in range */
    for (int i = 0; i < nc; i++) {
        int x = g->file_of[cover[i]], y = g->rank_of[cover[i]];
        x0 = x - f->range < x0 ? x - f->range : x0;
        x1 = x + f->range > x1 ? x + f->range : x1;
        y0 = y - f->range < y0 ? y - f->range : y0;
        y1 = y + f->range > y1 ? y + f->range : y1;
    }
    for (int y = y0 < 0 ? 0 : y0; y <= y1 && y < g->ranks; y++)
        for (int x = x0 < 0 ? 0 : x0; x <= x1 && x < g->files; x++) {
            int sq = wg_grid_at(g, x, y), q = wg_at(s, sq);
            if (!q || seen[q])
                continue;
            const int32_t *qp = wg_piece(s, q);
            if (qp[PF_SIDE] == side || (f->immune >> qp[PF_TYPE] & 1))
                continue;
            for (int i = 0; i < nc; i++) {
                int c = cover[i];
                int dx = x - g->file_of[c], dy = y - g->rank_of[c];
                if (wg_fire_distance(g, c, sq) <= f->range
                    && wg_fire_in_arc(dx, dy, 0, fy, f->arc)
                    && !wg_fire_blocker(s, c, sq, f->corner, f->block)) {
                    seen[q] = 1;
                    WG_TRY(wg_actlist_push(out, wg_act(kind,
                                                       (unsigned)p[PF_SQ],
                                                       (unsigned)qp[PF_SQ],
                                                       0, 0, 0)));
                    break;
                }
            }
        }
    return out->n - n0;
}
