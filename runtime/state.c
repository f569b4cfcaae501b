/* state.c: a game state -- pieces, occupancy, side lists, dynamic terrain,
 * counters, the Zobrist hash, and the journal that undoes every change. */
#include "state.h"
#include "mem.h"

#include <stdlib.h>
#include <string.h>

/* Hash key kinds (wg_rules_key's first argument). */
enum { K_LAYER = 3, K_VAR = 4, K_WORD = 6, K_FIELD = 10 };

static int layout(wg_state *s)
{
    const wg_rules *r = s->rules;
    int n = W_FIXED;
    s->o_board = n;
    n += r->grid.nsq + 1;
    s->o_dyn = n;
    n += r->grid.nsq + 1;
    s->o_piece = n;
    n += (r->maxpieces + 1) * PF_SIZE;
    s->o_list = n;
    n += 2 * r->maxpieces;
    s->o_count = n;
    n += 2;
    s->o_var = n;
    n += r->nvars;
    s->o_deck = n;
    s->deck_size = 1 + WG_MAX_CARDS;
    n += r->ndecks * s->deck_size;
    return n;
}

wg_state *wg_state_new(const wg_rules *r)
{
    wg_state *s = wg_calloc(1, sizeof *s);
    if (!s)
        return NULL;
    s->rules = r;
    s->nwords = layout(s);
    s->w = wg_calloc((size_t)s->nwords, sizeof *s->w);
    s->jcap = 256;
    s->journal = wg_malloc((size_t)s->jcap * sizeof *s->journal);
    s->hcap = 64;
    s->hist = wg_malloc((size_t)s->hcap * sizeof *s->hist);
    s->rcap = 128;
    s->rkey = wg_calloc((size_t)s->rcap, sizeof *s->rkey);
    s->rcount = wg_calloc((size_t)s->rcap, sizeof *s->rcount);
    if (!s->w || !s->journal || !s->hist || !s->rkey || !s->rcount) {
        wg_state_free(s);
        return NULL;
    }
    wg_state_clear(s);
    return s;
}

void wg_state_free(wg_state *s)
{
    if (!s)
        return;
    wg_free(s->w);
    wg_free(s->journal);
    wg_free(s->hist);
    wg_free(s->rkey);
    wg_free(s->rcount);
    wg_free(s);
}

void wg_state_clear(wg_state *s)
{
    memset(s->w, 0, (size_t)s->nwords * sizeof *s->w);
    s->w[W_SIDE] = 1;
    s->w[W_LEFT] = s->rules->actions_per_turn;
    s->jlen = 0;
    s->hash = wg_state_rehash(s);
    wg_state_clear_history(s);
}

int wg_state_assign(wg_state *dst, const wg_state *src)
{
    if (dst->rules != src->rules)
        return WG_EINVAL;
    int hl = src->w[W_HISTLEN];
    if (hl > dst->hcap) {
        uint64_t *h = wg_realloc(dst->hist, (size_t)src->hcap * sizeof *h);
        if (!h)
            return WG_ENOMEM;
        dst->hist = h;
        dst->hcap = src->hcap;
    }
    if (dst->rcap != src->rcap) {
        uint64_t *k = wg_malloc((size_t)src->rcap * sizeof *k);
        int32_t *c = wg_malloc((size_t)src->rcap * sizeof *c);
        if (!k || !c) {
            wg_free(k);
            wg_free(c);
            return WG_ENOMEM;
        }
        wg_free(dst->rkey);
        wg_free(dst->rcount);
        dst->rkey = k;
        dst->rcount = c;
        dst->rcap = src->rcap;
    }
    memcpy(dst->rkey, src->rkey, (size_t)src->rcap * sizeof *src->rkey);
    memcpy(dst->rcount, src->rcount,
           (size_t)src->rcap * sizeof *src->rcount);
    dst->rused = src->rused;
    memcpy(dst->w, src->w, (size_t)src->nwords * sizeof *src->w);
    memcpy(dst->hist, src->hist, (size_t)hl * sizeof *src->hist);
    dst->hash = src->hash;
    dst->jlen = 0;
    return WG_OK;
}

wg_state *wg_state_copy(const wg_state *src)
{
    wg_state *s = wg_state_new(src->rules);
    if (s && wg_state_assign(s, src) != WG_OK) {
        wg_state_free(s);
        return NULL;
    }
    return s;
}

int wg_state_equal(const wg_state *a, const wg_state *b)
{
    if (a->rules != b->rules || a->hash != b->hash)
        return 0;
    if (memcmp(a->w, b->w, (size_t)a->nwords * sizeof *a->w) != 0)
        return 0;
    return memcmp(a->hist, b->hist,
                  (size_t)a->w[W_HISTLEN] * sizeof *a->hist) == 0;
}

int wg_state_grow(wg_state *s)
{
    int cap = s->jcap * 2;
    wg_jentry *j = wg_realloc(s->journal, (size_t)cap * sizeof *j);
    if (!j)
        return WG_ENOMEM;
    s->journal = j;
    s->jcap = cap;
    return WG_OK;
}

static void unpush_history(wg_state *s, int n);

void wg_state_undo(wg_state *s, int mark)
{
    if (mark < 0 || s->jlen <= mark)
        return;
    uint64_t h = s->journal[mark].hash;
    for (int i = s->jlen - 1; i >= mark; i--) {
        const wg_jentry *e = &s->journal[i];
        if (e->idx == W_HISTLEN)
            unpush_history(s, e->old);
        s->w[e->idx] = e->old;
    }
    s->jlen = mark;
    s->hash = h;
}

/* ---- hashing ---------------------------------------------------------- */

static int word_hashed(int idx)
{
    return idx == W_SIDE || idx == W_DECIDER || idx == W_PHASE || idx == W_LEFT;
}

static uint64_t word_key(const wg_state *s, int idx, int32_t v)
{
    return v ? wg_rules_key(s->rules, K_WORD, (uint64_t)idx, (uint32_t)v) : 0;
}

static uint64_t piece_key(const wg_state *s, const int32_t *p)
{
    int sq = p[PF_SQ];
    if (!sq)
        return 0;
    int t = p[PF_TYPE], side = p[PF_SIDE];
    uint64_t h = s->rules->zpiece[t][side - 1][sq];
    for (int k = 0; k < PF_NUSER; k++)
        if (p[PF_USER + k])
            h ^= wg_rules_key(s->rules, K_FIELD + (uint64_t)k,
                              (uint64_t)(t << 4 | side),
                              (uint64_t)(uint32_t)p[PF_USER + k] << 12
                              | (uint64_t)sq);
    return h;
}

static uint64_t layer_key(const wg_state *s, uint32_t bits, int sq)
{
    uint64_t h = 0;
    for (int b = 0; bits; b++, bits >>= 1)
        if (bits & 1)
            h ^= wg_rules_key(s->rules, K_LAYER, (uint64_t)b, (uint64_t)sq);
    return h;
}

static uint64_t var_key(const wg_state *s, int var, int32_t v)
{
    if (!v || !s->rules->var_hashed[var])
        return 0;
    return wg_rules_key(s->rules, K_VAR, (uint64_t)var, (uint32_t)v);
}

uint64_t wg_state_rehash(const wg_state *s)
{
    const wg_rules *r = s->rules;
    uint64_t h = 0;
    for (int i = 0; i < W_FIXED; i++)
        if (word_hashed(i))
            h ^= word_key(s, i, s->w[i]);
    for (int pid = 1; pid <= s->w[W_NPIECES]; pid++)
        h ^= piece_key(s, wg_piece(s, pid));
    for (int sq = 1; sq <= r->grid.nsq; sq++)
        h ^= layer_key(s, (uint32_t)s->w[s->o_dyn + sq], sq);
    for (int v = 0; v < r->nvars; v++)
        h ^= var_key(s, v, s->w[s->o_var + v]);
    return h;
}

/* ---- pieces ----------------------------------------------------------- */

int wg_state_cover(const wg_state *s, int type, int side, int sq, int *out)
{
    (void)side;  /* shapes are absolute offsets from the anchor */
    const wg_type *ty = &s->rules->type[type];
    if (!ty->nshape) {
        out[0] = sq;
        return sq ? 1 : 0;
    }
    for (int i = 0; i < ty->nshape; i++) {
        out[i] = wg_grid_step(&s->rules->grid, sq, ty->shape[i][0],
                              ty->shape[i][1]);
        if (!out[i])
            return 0;
    }
    return ty->nshape;
}

static int occupy(wg_state *s, int pid, const int *cover, int n)
{
    for (int i = 0; i < n; i++)
        WG_TRY(wg_state_set(s, s->o_board + cover[i], pid));
    return WG_OK;
}

int wg_state_place(wg_state *s, int pid, int sq)
{
    if (pid < 1 || pid > s->w[W_NPIECES])
        return WG_EINVAL;
    int32_t *p = wg_piece(s, pid);
    int cover[WG_MAX_SHAPE];
    int n = wg_state_cover(s, p[PF_TYPE], p[PF_SIDE], sq, cover);
    if (p[PF_SQ] || !n)
        return WG_EINVAL;
    for (int i = 0; i < n; i++)
        if (wg_at(s, cover[i]))
            return WG_EINVAL;
    int base = s->o_piece + pid * PF_SIZE;
    int side = p[PF_SIDE], cnt = wg_count(s, side);
    WG_TRY(occupy(s, pid, cover, n));
    WG_TRY(wg_state_set(s, base + PF_SQ, sq));
    WG_TRY(wg_state_set(s, base + PF_INDEX, cnt));
    WG_TRY(wg_state_set(s, s->o_list + (side - 1) * s->rules->maxpieces + cnt,
                     pid));
    WG_TRY(wg_state_set(s, s->o_count + side - 1, cnt + 1));
    s->hash ^= piece_key(s, p);
    return WG_OK;
}

int wg_state_add(wg_state *s, int type, int side, int sq)
{
    if (type < 1 || type > s->rules->ntypes || side < 1 || side > 2)
        return WG_EINVAL;
    int pid = s->w[W_NPIECES] + 1;
    if (pid > s->rules->maxpieces)
        return WG_EFULL;
    int cover[WG_MAX_SHAPE];
    int n = wg_state_cover(s, type, side, sq, cover);
    if (sq && !n)
        return WG_EINVAL;
    for (int i = 0; i < n && sq; i++)
        if (wg_at(s, cover[i]))
            return WG_EINVAL;
    int base = s->o_piece + pid * PF_SIZE;
    WG_TRY(wg_state_set(s, W_NPIECES, pid));
    WG_TRY(wg_state_set(s, base + PF_TYPE, type));
    WG_TRY(wg_state_set(s, base + PF_SIDE, side));
    if (sq)
        WG_TRY(wg_state_place(s, pid, sq));
    return pid;
}

int wg_state_remove(wg_state *s, int pid)
{
    if (pid < 1 || pid > s->w[W_NPIECES])
        return WG_EINVAL;
    int32_t *p = wg_piece(s, pid);
    if (!p[PF_SQ])
        return WG_EINVAL;
    uint64_t key = piece_key(s, p);
    int cover[WG_MAX_SHAPE];
    int n = wg_state_cover(s, p[PF_TYPE], p[PF_SIDE], p[PF_SQ], cover);
    int side = p[PF_SIDE], idx = p[PF_INDEX], last = wg_count(s, side) - 1;
    int lbase = s->o_list + (side - 1) * s->rules->maxpieces;
    int moved = s->w[lbase + last];
    WG_TRY(occupy(s, 0, cover, n));
    WG_TRY(wg_state_set(s, lbase + idx, moved));
    WG_TRY(wg_state_set(s, s->o_piece + moved * PF_SIZE + PF_INDEX, idx));
    WG_TRY(wg_state_set(s, s->o_count + side - 1, last));
    WG_TRY(wg_state_set(s, s->o_piece + pid * PF_SIZE + PF_SQ, 0));
    s->hash ^= key;
    return WG_OK;
}

int wg_state_move(wg_state *s, int pid, int to)
{
    if (pid < 1 || pid > s->w[W_NPIECES])
        return WG_EINVAL;
    int32_t *p = wg_piece(s, pid);
    if (!p[PF_SQ])
        return WG_EINVAL;
    int from[WG_MAX_SHAPE], cover[WG_MAX_SHAPE];
    int n = wg_state_cover(s, p[PF_TYPE], p[PF_SIDE], to, cover);
    if (!n)
        return WG_EINVAL;
    for (int i = 0; i < n; i++)
        if (wg_at(s, cover[i]) && wg_at(s, cover[i]) != pid)
            return WG_EINVAL;
    uint64_t key = piece_key(s, p);
    int m = wg_state_cover(s, p[PF_TYPE], p[PF_SIDE], p[PF_SQ], from);
    WG_TRY(occupy(s, 0, from, m));
    WG_TRY(occupy(s, pid, cover, n));
    WG_TRY(wg_state_set(s, s->o_piece + pid * PF_SIZE + PF_SQ, to));
    s->hash ^= key ^ piece_key(s, p);
    return WG_OK;
}

int wg_state_retype(wg_state *s, int pid, int type)
{
    if (pid < 1 || pid > s->w[W_NPIECES] || type < 1 || type > s->rules->ntypes)
        return WG_EINVAL;
    int32_t *p = wg_piece(s, pid);
    const wg_rules *r = s->rules;
    if (r->type[type].nshape || r->type[p[PF_TYPE]].nshape)
        if (type != p[PF_TYPE])
            return WG_EINVAL;  /* one-square pieces only */
    uint64_t key = piece_key(s, p);
    WG_TRY(wg_state_set(s, s->o_piece + pid * PF_SIZE + PF_TYPE, type));
    s->hash ^= key ^ piece_key(s, p);
    return WG_OK;
}

int wg_state_set_field(wg_state *s, int pid, int k, int32_t v)
{
    if (pid < 1 || pid > s->w[W_NPIECES] || k < 0 || k >= PF_NUSER)
        return WG_EINVAL;
    int32_t *p = wg_piece(s, pid);
    uint64_t key = piece_key(s, p);
    WG_TRY(wg_state_set(s, s->o_piece + pid * PF_SIZE + PF_USER + k, v));
    s->hash ^= key ^ piece_key(s, p);
    return WG_OK;
}

int wg_state_apply_move(wg_state *s, unsigned a, unsigned b, unsigned e)
{
    const wg_grid *g = &s->rules->grid;
    if (a < 1 || b < 1 || (int)a > g->nsq || (int)b > g->nsq)
        return WG_EINVAL;
    int pid = wg_at(s, (int)a), cap = wg_at(s, (int)b);
    if (!pid || cap == pid)
        return WG_EINVAL;
    if (cap)
        WG_TRY(wg_state_remove(s, cap));
    WG_TRY(wg_state_move(s, pid, (int)b));
    if (e)
        WG_TRY(wg_state_retype(s, pid, (int)e));
    return cap;
}

/* ---- terrain, counters, turn words ------------------------------------ */

int wg_state_set_layer(wg_state *s, int sq, int layer, int on)
{
    const wg_grid *g = &s->rules->grid;
    if (sq < 1 || sq > g->nsq || layer < 0 || layer >= g->nlayers
        || !(g->dynamic & (1u << layer)))
        return WG_EINVAL;
    uint32_t old = (uint32_t)s->w[s->o_dyn + sq];
    uint32_t v = on ? old | (1u << layer) : old & ~(1u << layer);
    WG_TRY(wg_state_set(s, s->o_dyn + sq, (int32_t)v));
    s->hash ^= layer_key(s, old ^ v, sq);
    return WG_OK;
}

int wg_state_set_var(wg_state *s, int var, int32_t v)
{
    if (var < 0 || var >= s->rules->nvars)
        return WG_EINVAL;
    int32_t old = s->w[s->o_var + var];
    WG_TRY(wg_state_set(s, s->o_var + var, v));
    s->hash ^= var_key(s, var, old) ^ var_key(s, var, v);
    return WG_OK;
}

int wg_state_set_word(wg_state *s, int idx, int32_t v)
{
    if (idx < 0 || idx >= W_FIXED)
        return WG_EINVAL;
    int32_t old = s->w[idx];
    WG_TRY(wg_state_set(s, idx, v));
    if (word_hashed(idx))
        s->hash ^= word_key(s, idx, old) ^ word_key(s, idx, v);
    return WG_OK;
}

/* The slot of hash h in the count table: where it is, or the empty slot
 * where it goes. The table is at most half full, so there is one. */
static int rslot(const wg_state *s, uint64_t h)
{
    int mask = s->rcap - 1;
    int i = (int)(h ^ h >> 32) & mask;
    while (s->rcount[i] && s->rkey[i] != h)
        i = (i + 1) & mask;
    return i;
}

static void rcount_add(wg_state *s, uint64_t h)
{
    int i = rslot(s, h);
    if (!s->rcount[i]++) {
        s->rkey[i] = h;
        s->rused++;
    }
}

/* Takes the history back to n entries, last in first out: a hash leaves
 * the table in the reverse of the order it came in, so the table is as it
 * was before those entries were pushed. */
static void unpush_history(wg_state *s, int n)
{
    for (int k = s->w[W_HISTLEN] - 1; k >= n; k--) {
        int i = rslot(s, s->hist[k]);
        if (!--s->rcount[i]) {
            s->rkey[i] = 0;
            s->rused--;
        }
    }
}

/* Doubles the count table and counts the history again, in its order. */
static int rgrow(wg_state *s)
{
    int cap = s->rcap * 2;
    uint64_t *k = wg_calloc((size_t)cap, sizeof *k);
    int32_t *c = wg_calloc((size_t)cap, sizeof *c);
    if (!k || !c) {
        wg_free(k);
        wg_free(c);
        return WG_ENOMEM;
    }
    wg_free(s->rkey);
    wg_free(s->rcount);
    s->rkey = k;
    s->rcount = c;
    s->rcap = cap;
    s->rused = 0;
    for (int i = 0; i < s->w[W_HISTLEN]; i++)
        rcount_add(s, s->hist[i]);
    return WG_OK;
}

void wg_state_clear_history(wg_state *s)
{
    s->w[W_HISTLEN] = 0;
    memset(s->rkey, 0, (size_t)s->rcap * sizeof *s->rkey);
    memset(s->rcount, 0, (size_t)s->rcap * sizeof *s->rcount);
    s->rused = 0;
}

int wg_state_push_history(wg_state *s)
{
    int n = s->w[W_HISTLEN];
    if (n == s->hcap) {
        uint64_t *h = wg_realloc(s->hist, (size_t)s->hcap * 2 * sizeof *h);
        if (!h)
            return WG_ENOMEM;
        s->hist = h;
        s->hcap *= 2;
    }
    if (2 * (s->rused + 1) > s->rcap)
        WG_TRY(rgrow(s));
    WG_TRY(wg_state_set(s, W_HISTLEN, n + 1));
    s->hist[n] = s->hash;
    rcount_add(s, s->hash);
    return WG_OK;
}

int wg_state_repetitions(const wg_state *s)
{
    int n = s->w[W_HISTLEN], i = rslot(s, s->hash);
    int count = s->rcount[i];
    if (n > 0 && s->hist[n - 1] == s->hash)
        count--;   /* the last entry is not a repetition of itself */
    return count;
}

int wg_state_repetition_span(const wg_state *s)
{
    int n = s->w[W_HISTLEN], now = n;
    if (n > 0 && s->hist[n - 1] == s->hash)
        now = n - 1;   /* the last entry is this position itself */
    for (int k = 0; k < now; k++)
        if (s->hist[k] == s->hash)
            return now - k;
    return 0;
}

/* ---- randomness --------------------------------------------------------- */

int wg_state_seed(wg_state *s, uint64_t seed)
{
    WG_TRY(wg_state_set(s, W_RNG_LO, (int32_t)(uint32_t)seed));
    WG_TRY(wg_state_set(s, W_RNG_HI, (int32_t)(uint32_t)(seed >> 32)));
    return WG_OK;
}

int wg_state_random(wg_state *s, uint32_t n, uint32_t *out)
{
    uint64_t x = wg_state_rng(s);
    *out = wg_rng_next(&x, n);
    return wg_state_seed(s, x);
}

double wg_state_material(const wg_state *s, const double *v, int ntypes,
                         int nsq, int side)
{
    double sum = 0;
    for (int pid = 1, n = s->w[W_NPIECES]; pid <= n; pid++) {
        const int32_t *p = wg_piece(s, pid);
        int type = p[PF_TYPE], sq = p[PF_SQ];
        if (sq == 0)
            continue;
        double x = type <= ntypes && sq <= nsq
                   ? v[((p[PF_SIDE] - 1) * (ntypes + 1) + type) * (nsq + 1)
                       + sq]
                   : 0;
        sum = p[PF_SIDE] == side ? sum + x : sum - x;
    }
    return sum;
}
