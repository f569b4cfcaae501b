/* order.c: ordering actions for a search -- the stable sort by keys, and
 * the keys that put captures first by the pieces' values. */
#include "order.h"

/* 1 if p goes before q: the higher key, or on equal keys the first */
static inline int before(const wg_keyed *p, const wg_keyed *q)
{
    return p->key > q->key || (p->key == q->key && p->index < q->index);
}

/* Insertion sort for short runs, merged bottom up: the lists a search
 * orders are a few hundred actions, mostly of equal keys, often in order
 * already. */
void wg_order_sort(wg_keyed *k, wg_keyed *tmp, int n)
{
    enum { RUN = 16 };
    for (int lo = 0; lo < n; lo += RUN) {
        int hi = lo + RUN < n ? lo + RUN : n;
        for (int i = lo + 1; i < hi; i++) {
            wg_keyed x = k[i];
            int j = i;
            for (; j > lo && before(&x, &k[j - 1]); j--)
                k[j] = k[j - 1];
            k[j] = x;
        }
    }
    for (int w = RUN; w < n; w *= 2) {
        for (int lo = 0; lo < n; lo += 2 * w) {
            int mid = lo + w < n ? lo + w : n;
            int hi = lo + 2 * w < n ? lo + 2 * w : n;
            if (mid == hi || !before(&k[mid], &k[mid - 1]))
                continue;   /* in order already */
            int a = lo, b = mid, o = lo;
            while (a < mid && b < hi)
                tmp[o++] = before(&k[b], &k[a]) ? k[b++] : k[a++];
            while (a < mid)
                tmp[o++] = k[a++];
            while (b < hi)
                tmp[o++] = k[b++];
            for (int i = lo; i < hi; i++)
                k[i] = tmp[i];
        }
    }
}

int wg_order_capture_keys(const wg_state *s, const wg_actlist *l,
                          const double *value, int promotions, wg_keyed *k)
{
    int nsq = s->rules->grid.nsq, ntypes = s->rules->ntypes, above = 0;
    for (int i = 0; i < l->n; i++) {
        wg_action a = l->a[i];
        int from = (int)wg_act_a(a), to = (int)wg_act_b(a);
        unsigned promo = wg_act_e(a);
        if (from < 1 || from > nsq || to < 1 || to > nsq || !wg_at(s, from)
            || (promotions && promo > (unsigned)ntypes))
            return -(i + 1);
        const int32_t *mover = wg_piece(s, wg_at(s, from));
        int victim = wg_at(s, to);
        double key = 0;
        /* a piece of the mover's side on `to` is none taken: a large
         * piece's move onto squares it covers itself */
        if (victim && wg_piece(s, victim)[PF_SIDE] != mover[PF_SIDE]) {
            /* as a game's Lua would write it: the same operations in the
             * same order, so the same doubles */
            double v = value[wg_piece(s, victim)[PF_TYPE]];
            double by = value[mover[PF_TYPE]];
            key = 10 * v + 1 - by / 10;
        }
        if (promotions && promo)
            key = key + value[promo];
        k[i].key = key;
        k[i].index = i;
        k[i].a = a;
        above += key > 0;
    }
    return above;
}
