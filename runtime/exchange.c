/* exchange.c: static exchange evaluation -- what a capture wins once the
 * pieces that can take back on its square have taken, the least valuable
 * first, each side free to stop. */
#include "exchange.h"

#include "trace.h"

#define MAX_SWAPS 64

/* The piece of side `by` worth least (value) that can capture on sq, or
 * 0 when none can. */
static int least_attacker(const wg_state *s, int sq, int by,
                          const int32_t *value)
{
    if (!wg_trace_attacked(s, sq, by))
        return 0;
    const int32_t *list = wg_list(s, by);
    int best = 0;
    int32_t least = 0;
    for (int i = 0, n = wg_count(s, by); i < n; i++) {
        const int32_t *p = wg_piece(s, list[i]);
        int32_t v = value[p[PF_TYPE]];
        if (p[PF_SQ] == sq || (best && v >= least))
            continue;
        if (wg_trace_reaches(s, list[i], sq, WG_CAPTURE)) {
            best = list[i];
            least = v;
        }
    }
    return best;
}

int wg_exchange(wg_state *s, wg_action a, const int32_t *value,
                int32_t *gain)
{
    int nsq = s->rules->grid.nsq, ntypes = s->rules->ntypes;
    int from = (int)wg_act_a(a), to = (int)wg_act_b(a);
    int promo = (int)wg_act_e(a);
    if (from < 1 || from > nsq || to < 1 || to > nsq || !wg_at(s, from)
        || from == to || promo > ntypes)
        return WG_EINVAL;
    int mover = wg_at(s, from), victim = wg_at(s, to);
    const int32_t *mp = wg_piece(s, mover);
    if (s->rules->type[mp[PF_TYPE]].nshape)
        return WG_EINVAL;
    if (victim && wg_piece(s, victim)[PF_SIDE] == mp[PF_SIDE])
        return WG_EINVAL;
    int32_t swap[MAX_SWAPS];
    swap[0] = victim ? value[wg_piece(s, victim)[PF_TYPE]] : 0;
    int32_t standing = value[mp[PF_TYPE]];   /* what stands on `to` */
    if (promo) {
        swap[0] += value[promo] - standing;
        standing = value[promo];
    }
    int side = 3 - mp[PF_SIDE];
    int mark = wg_state_mark(s), rc = WG_OK, d = 0;
    if (victim)
        rc = wg_state_remove(s, victim);
    if (rc >= 0)
        rc = wg_state_move(s, mover, to);
    while (rc >= 0 && d + 1 < MAX_SWAPS) {
        int taker = least_attacker(s, to, side, value);
        if (!taker)
            break;
        d++;
        swap[d] = standing - swap[d - 1];
        standing = value[wg_piece(s, taker)[PF_TYPE]];
        rc = wg_state_remove(s, wg_at(s, to));
        if (rc >= 0)
            rc = wg_state_move(s, taker, to);
        side = 3 - side;
    }
    wg_state_undo(s, mark);
    if (rc < 0)
        return rc;
    /* each side takes back only when that gains it something */
    for (; d > 0; d--)
        swap[d - 1] = -(-swap[d - 1] > swap[d] ? -swap[d - 1] : swap[d]);
    *gain = swap[0];
    return WG_OK;
}
