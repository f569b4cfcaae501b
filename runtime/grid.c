/* grid.c: board geometry -- squares, names, terrain layers, vectors and rays.
 * Everything here is fixed when a game is loaded; states only read it. */
#include "grid.h"
#include "mem.h"

#include <stdlib.h>
#include <string.h>

int wg_grid_init(wg_grid *g, int files, int ranks)
{
    if (files < 1 || ranks < 1 || files > WG_MAX_FILES || ranks > WG_MAX_RANKS)
        return WG_EINVAL;
    memset(g, 0, sizeof *g);
    g->files = files;
    g->ranks = ranks;
    g->nsq = files * ranks;
    g->file_of[0] = g->rank_of[0] = -1;
    for (int sq = 1; sq <= g->nsq; sq++) {
        g->file_of[sq] = (int8_t)((sq - 1) % files);
        g->rank_of[sq] = (int8_t)((sq - 1) / files);
    }
    return WG_OK;
}

void wg_grid_free(wg_grid *g)
{
    for (int v = 0; v < g->nvecs; v++)
        wg_free(g->ray[v]);
    g->nvecs = 0;
}

int wg_grid_vec(wg_grid *g, int dx, int dy)
{
    for (int v = 0; v < g->nvecs; v++)
        if (g->vec[v][0] == dx && g->vec[v][1] == dy)
            return v;
    if ((dx == 0 && dy == 0) || dx < -WG_MAX_FILES || dx > WG_MAX_FILES
        || dy < -WG_MAX_RANKS || dy > WG_MAX_RANKS)
        return WG_EINVAL;
    if (g->nvecs == WG_MAX_VECS)
        return WG_EFULL;
    wg_sq *ray = wg_calloc((size_t)(g->nsq + 1) * WG_MAX_RAY, sizeof *ray);
    if (!ray)
        return WG_ENOMEM;
    int v = g->nvecs++;
    g->vec[v][0] = (int8_t)dx;
    g->vec[v][1] = (int8_t)dy;
    g->ray[v] = ray;
    for (int sq = 1; sq <= g->nsq; sq++) {
        int n = 0, t = sq;
        while ((t = wg_grid_step(g, t, dx, dy)) != 0)
            ray[sq * WG_MAX_RAY + n++] = (wg_sq)t;
        t = ray[sq * WG_MAX_RAY];
        if (t && g->nsq <= WG_GRID_BITS)
            g->arrive[v][(t - 1) / 64] |= 1ull << ((t - 1) % 64);
    }
    return v;
}

void wg_grid_name(const wg_grid *g, int sq, char *buf)
{
    if (sq < 1 || sq > g->nsq) {
        strcpy(buf, "-");
        return;
    }
    int f = g->file_of[sq], r = g->rank_of[sq] + 1;
    buf[0] = (char)('a' + f);
    if (r >= 10) {
        buf[1] = (char)('0' + r / 10);
        buf[2] = (char)('0' + r % 10);
        buf[3] = 0;
    } else {
        buf[1] = (char)('0' + r);
        buf[2] = 0;
    }
}

int wg_grid_parse(const wg_grid *g, const char *s, int *len)
{
    int c = s[0];
    if (c >= 'A' && c <= 'Z')
        c += 'a' - 'A';
    if (c < 'a' || c >= 'a' + g->files)
        return 0;
    if (s[1] < '1' || s[1] > '9')
        return 0;
    int r = s[1] - '0', n = 2;
    if (s[2] >= '0' && s[2] <= '9' && r * 10 + (s[2] - '0') <= g->ranks) {
        r = r * 10 + (s[2] - '0');
        n = 3;
    }
    if (r > g->ranks)
        return 0;
    if (len)
        *len = n;
    return wg_grid_at(g, c - 'a', r - 1);
}

int wg_grid_find_layer(const wg_grid *g, const char *name)
{
    for (int i = 0; i < g->nlayers; i++)
        if (strcmp(g->layer_name[i], name) == 0)
            return i;
    return WG_EINVAL;
}

int wg_grid_layer(wg_grid *g, const char *name, int dynamic)
{
    if (wg_grid_find_layer(g, name) >= 0
        || strlen(name) >= sizeof g->layer_name[0])
        return WG_EINVAL;
    if (g->nlayers == WG_MAX_LAYERS)
        return WG_EFULL;
    int i = g->nlayers++;
    strcpy(g->layer_name[i], name);
    if (dynamic)
        g->dynamic |= 1u << i;
    return i;
}
