/* test_hop.c: unit tests of hoppers, lame leapers and royal sight -- the
 * attack test and the royal filter against brute force on random boards. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "actions.h"
#include "check.h"
#include "rules.h"
#include "state.h"
#include "trace.h"

enum { KING = 1, CANNON, HORSE, GRASS, JCANNON, NTYPES = JCANNON };

static const int orth[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
static const int all8[8][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 },
                                { 1, 1 }, { -1, 1 }, { 1, -1 }, { -1, -1 } };

static void line(wg_rules *r, int t, const int (*v)[2], int n, wg_atom a)
{
    for (int i = 0; i < n; i++)
        wg_rules_add_atom(r, t, v[i][0], v[i][1], a);
}

/* 9x10, the kings in sight of each other (royal_sight):
 *   king:    one step orthogonally
 *   cannon:  moves as a rook, captures over one screen (mRcpR)
 *   horse:   the lame knight (nN), its leg first
 *   grass:   the grasshopper (gQ)
 *   jcannon: moves and captures over one screen, never over or onto a
 *            jcannon (pR, screen_not, not_capture) */
static wg_rules *make_rules(void)
{
    wg_rules *r = calloc(1, sizeof *r);
    wg_rules_init(r, 9, 10);
    r->royal_sight = 1;
    wg_rules_add_type(r, "king", 'k');
    wg_rules_add_type(r, "cannon", 'c');
    wg_rules_add_type(r, "horse", 'n');
    wg_rules_add_type(r, "grass", 'g');
    wg_rules_add_type(r, "jcannon", 'j');
    r->type[KING].royal = 1;
    wg_atom step = { .min = 1, .max = 1, .mode = WG_MOVE | WG_CAPTURE };
    line(r, KING, orth, 4, step);
    wg_atom slide = { .min = 1, .max = 0, .mode = WG_MOVE };
    line(r, CANNON, orth, 4, slide);
    wg_atom hop = { .min = 1, .max = 0, .mode = WG_CAPTURE,
                    .hop = WG_HOP_CANNON };
    line(r, CANNON, orth, 4, hop);
    for (int i = 0; i < 8; i++) {
        int dx = all8[i][0], dy = all8[i][1];
        if (!dx || !dy)
            continue;
        for (int k = 0; k < 2; k++) {
            /* (2dx, dy) and (dx, 2dy): the orthogonal step first */
            int ox = k ? 0 : dx, oy = k ? dy : 0;
            wg_atom leg = { .min = 1, .max = 1, .mode = WG_MOVE | WG_CAPTURE,
                            .nroute = 1, .nstep = 2 };
            leg.route[0][0] = (int16_t)wg_grid_vec(&r->grid, ox, oy);
            leg.route[0][1] = (int16_t)wg_grid_vec(&r->grid, dx, dy);
            wg_rules_add_atom(r, HORSE, dx + ox, dy + oy, leg);
        }
    }
    wg_atom grass = { .min = 1, .max = 0, .mode = WG_MOVE | WG_CAPTURE,
                      .hop = WG_HOP_GRASS };
    line(r, GRASS, all8, 8, grass);
    wg_atom jc = { .min = 1, .max = 0, .mode = WG_MOVE | WG_CAPTURE,
                   .hop = WG_HOP_CANNON, .screen_not = 1u << JCANNON,
                   .not_capture = 1u << JCANNON };
    line(r, JCANNON, orth, 4, jc);
    wg_rules_finish(r);
    return r;
}

static uint64_t rng = 0x9e3779b97f4a7c15ULL;
static int draw(int n)
{
    rng = rng * 6364136223846793005ULL + 1442695040888963407ULL;
    return (int)((rng >> 33) % (uint64_t)n);
}

/* A random board: a king a side, and up to 12 other pieces. */
static wg_state *random_state(const wg_rules *r)
{
    wg_state *s = wg_state_new(r);
    int nsq = r->grid.nsq;
    for (int side = 1; side <= 2; side++) {
        int sq;
        do
            sq = 1 + draw(nsq);
        while (wg_at(s, sq));
        wg_state_add(s, KING, side, sq);
    }
    for (int i = 0, n = 4 + draw(9); i < n; i++) {
        int sq = 1 + draw(nsq);
        if (!wg_at(s, sq))
            wg_state_add(s, CANNON + draw(NTYPES - 1), 1 + draw(2), sq);
    }
    return s;
}

/* Could a piece of `by` capture on sq, by its traced captures with a piece
 * of the other side there (of each type, when sq is empty)? */
static int naive_attacked(wg_state *s, int sq, int by)
{
    int pid = wg_at(s, sq), hit = 0;
    for (int t = pid ? 0 : 1; t <= (pid ? 0 : NTYPES) && !hit; t++) {
        int mark = wg_state_mark(s);
        if (t)
            wg_state_add(s, t, 3 - by, sq);
        wg_actlist l = { 0 };
        wg_trace_side_modes(s, by, WG_CAPTURE, ~0u, 1, &l);
        for (int i = 0; i < l.n; i++)
            hit |= (int)wg_act_b(l.a[i]) == sq;
        wg_actlist_free(&l);
        wg_state_undo(s, mark);
    }
    return hit;
}

static void test_attacked_matches_brute_force(void)
{
    wg_rules *r = make_rules();
    int checked = 0;
    for (int k = 0; k < 300; k++) {
        wg_state *s = random_state(r);
        for (int sq = 1; sq <= r->grid.nsq; sq++)
            for (int by = 1; by <= 2; by++) {
                int pid = wg_at(s, sq);
                if (pid && wg_piece(s, pid)[PF_SIDE] == by)
                    continue;
                int want = naive_attacked(s, sq, by);
                CHECK(wg_trace_attacked(s, sq, by) == want,
                      "board %d, square %d by %d: want %d", k, sq, by, want);
                checked++;
            }
        wg_state_free(s);
    }
    CHECK(checked > 20000, "%d checked", checked);
    wg_rules_free(r);
    free(r);
}

/* The legal moves by brute force: each traced move played out, kept when
 * the mover's king is then neither attacked nor facing the other. */
static int naive_safe(wg_state *s, int side, wg_actlist *out)
{
    wg_actlist all = { 0 };
    wg_trace_side(s, side, 1, &all);
    for (int i = 0; i < all.n; i++) {
        int mark = wg_state_mark(s);
        wg_state_apply_move(s, wg_act_a(all.a[i]), wg_act_b(all.a[i]), 0);
        if (!wg_trace_in_check(s, side))
            wg_actlist_push(out, all.a[i]);
        wg_state_undo(s, mark);
    }
    wg_actlist_free(&all);
    return out->n;
}

static int cmp_action(const void *a, const void *b)
{
    wg_action x = *(const wg_action *)a, y = *(const wg_action *)b;
    return x < y ? -1 : x > y;
}

static void test_safe_matches_brute_force(void)
{
    wg_rules *r = make_rules();
    int boards = 0;
    for (int k = 0; k < 2000; k++) {
        wg_state *s = random_state(r);
        int side = 1 + draw(2);
        if (wg_trace_in_check(s, 3 - side)) {
            wg_state_free(s);
            continue;
        }
        wg_actlist want = { 0 }, got = { 0 };
        naive_safe(s, side, &want);
        wg_trace_side_safe(s, side, 1, &got);
        if (want.n)
            qsort(want.a, (size_t)want.n, sizeof *want.a, cmp_action);
        if (got.n)
            qsort(got.a, (size_t)got.n, sizeof *got.a, cmp_action);
        CHECK(want.n == got.n
              && (!got.n
                  || !memcmp(want.a, got.a, (size_t)got.n * sizeof *got.a)),
              "board %d: %d legal moves, the filter kept %d", k, want.n,
              got.n);
        wg_actlist_free(&want);
        wg_actlist_free(&got);
        wg_state_free(s);
        boards++;
    }
    CHECK(boards > 500, "%d boards", boards);
    wg_rules_free(r);
    free(r);
}

static void test_facing(void)
{
    wg_rules *r = make_rules();
    wg_state *s = wg_state_new(r);
    int e1 = wg_grid_parse(&r->grid, "e1", NULL);
    int e10 = wg_grid_parse(&r->grid, "e10", NULL);
    int e5 = wg_grid_parse(&r->grid, "e5", NULL);
    wg_state_add(s, KING, 1, e1);
    wg_state_add(s, KING, 2, e10);
    int a = 0, b = 0;
    CHECK(wg_trace_facing(s, &a, &b) && a == e1 && b == e10, "%d %d", a, b);
    CHECK(wg_trace_in_check(s, 1) && wg_trace_in_check(s, 2), "in sight");
    CHECK(!wg_trace_attacked(s, e1, 2), "sight is no capture");
    int pid = wg_state_add(s, HORSE, 2, e5);
    CHECK(!wg_trace_facing(s, &a, &b) && !wg_trace_in_check(s, 1),
          "a piece between");
    /* the horse is pinned by the sight: its moves are dropped */
    wg_actlist l = { 0 };
    wg_state_set(s, W_SIDE, 2);
    wg_trace_side_safe(s, 2, 1, &l);
    for (int i = 0; i < l.n; i++)
        CHECK(wg_act_a(l.a[i]) != (unsigned)e5, "the pinned horse moved");
    wg_actlist_free(&l);
    (void)pid;
    wg_state_free(s);
    wg_rules_free(r);
    free(r);
}

int main(void)
{
    RUN(test_attacked_matches_brute_force);
    RUN(test_safe_matches_brute_force);
    RUN(test_facing);
    return RUN_SUMMARY();
}
