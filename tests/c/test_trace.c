/* test_trace.c: unit tests of pattern tracing -- layer conditions on slides
 * (within, nostep, mirrored layers), path atoms, the threat map, flanking. */
#include <stdlib.h>
#include <string.h>

#include "actions.h"
#include "check.h"
#include "rules.h"
#include "state.h"
#include "trace.h"

enum { ROOKISH = 1, WALKER, GUN, JUMPER, NTYPES = JUMPER };
enum { LANE, STREAM, HOME1, HOME2, WALL };

static int sq(const wg_rules *r, const char *name)
{
    return wg_grid_parse(&r->grid, name, NULL);
}

static void line(wg_rules *r, int t, const int (*v)[2], int n, wg_atom a)
{
    for (int i = 0; i < n; i++)
        wg_rules_add_atom(r, t, v[i][0], v[i][1], a);
}

static const int orth[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
static const int all8[8][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 },
                                { 1, 1 }, { -1, 1 }, { 1, -1 }, { -1, -1 } };

/* 8x8: a lane on the a1-h8 diagonal, a stream on a8-h1, home rows 1-2 for
 * side 1 and 7-8 for side 2 (mirrors of each other), a wall on d4.
 *   rookish: slides 3 within its home rows, no step along the stream
 *   walker:  steps 1 anywhere, or slides along the lane (within it)
 *   gun:     captures exactly 3 away orthogonally over anything
 *   jumper:  reaches (1,2) by either orthogonal L-path; the wall blocks */
static wg_rules *make_rules(void)
{
    wg_rules *r = calloc(1, sizeof *r);
    wg_rules_init(r, 8, 8);
    wg_grid_layer(&r->grid, "lane", 0);
    wg_grid_layer(&r->grid, "stream", 0);
    wg_grid_layer(&r->grid, "home1", 0);
    wg_grid_layer(&r->grid, "home2", 0);
    wg_grid_layer(&r->grid, "wall", 0);
    for (int s = 1; s <= 64; s++) {
        int f = r->grid.file_of[s], k = r->grid.rank_of[s];
        if (f == k)
            r->grid.terrain[s] |= 1u << LANE;
        if (f + k == 7)
            r->grid.terrain[s] |= 1u << STREAM;
        if (k <= 1)
            r->grid.terrain[s] |= 1u << HOME1;
        if (k >= 6)
            r->grid.terrain[s] |= 1u << HOME2;
    }
    r->grid.terrain[sq(r, "d4")] |= 1u << WALL;
    wg_rules_mirror(r, HOME1, HOME2);
    wg_rules_mirror(r, HOME2, HOME1);
    wg_rules_add_type(r, "rookish", 'r');
    wg_rules_add_type(r, "walker", 'w');
    wg_rules_add_type(r, "gun", 'g');
    wg_rules_add_type(r, "jumper", 'j');
    wg_atom a = { .min = 1, .max = 3, .mode = WG_MOVE | WG_CAPTURE,
                  .within = 1u << HOME1, .nostep = 1u << STREAM };
    line(r, ROOKISH, all8, 8, a);
    wg_atom step = { .min = 1, .max = 1, .mode = WG_MOVE | WG_CAPTURE };
    line(r, WALKER, all8, 8, step);
    wg_atom lane = { .min = 1, .max = 0, .mode = WG_MOVE, .within = 1u << LANE };
    line(r, WALKER, all8, 8, lane);
    wg_atom gun = { .min = 3, .max = 3, .mode = WG_CAPTURE,
                    .over_own = ~0u, .over_enemy = ~0u };
    line(r, GUN, orth, 4, gun);
    wg_atom jump = { .min = 1, .max = 1, .mode = WG_MOVE | WG_CAPTURE,
                     .block = 1u << WALL, .nroute = 2, .nstep = 3 };
    int e = wg_grid_vec(&r->grid, 1, 0), n = wg_grid_vec(&r->grid, 0, 1);
    int16_t across_first[3] = { (int16_t)e, (int16_t)n, (int16_t)n };
    int16_t along_first[3] = { (int16_t)n, (int16_t)n, (int16_t)e };
    memcpy(jump.route[0], across_first, sizeof across_first);
    memcpy(jump.route[1], along_first, sizeof along_first);
    wg_rules_add_atom(r, JUMPER, 1, 2, jump);
    wg_rules_finish(r);
    return r;
}

static void free_rules(wg_rules *r)
{
    wg_rules_free(r);
    free(r);
}

/* The targets of a piece's moves as one sorted string, "a1 b2 ..." */
static const char *targets(const wg_state *s, int pid, int modes)
{
    static char buf[512];
    wg_actlist l = { 0 };
    wg_trace_piece_modes(s, pid, modes, 1, &l);
    int n = l.n, sqs[64];
    for (int i = 0; i < n; i++)
        sqs[i] = (int)wg_act_b(l.a[i]);
    for (int i = 1; i < n; i++)
        for (int k = i; k > 0 && sqs[k - 1] > sqs[k]; k--) {
            int t = sqs[k];
            sqs[k] = sqs[k - 1];
            sqs[k - 1] = t;
        }
    buf[0] = 0;
    for (int i = 0; i < n; i++) {
        char name[8];
        wg_grid_name(&s->rules->grid, sqs[i], name);
        if (i)
            strcat(buf, " ");
        strcat(buf, name);
    }
    wg_actlist_free(&l);
    return buf;
}

#define EXPECT_TARGETS(s, pid, modes, want)                                  \
    do {                                                                     \
        const char *got_ = targets((s), (pid), (modes));                     \
        CHECK(strcmp(got_, (want)) == 0, "got \"%s\", want \"%s\"", got_, want); \
    } while (0)

static void test_within_and_mirror(void)
{
    wg_rules *r = make_rules();
    wg_state *s = wg_state_new(r);
    int a = wg_state_add(s, ROOKISH, 1, sq(r, "c1"));
    int b = wg_state_add(s, ROOKISH, 2, sq(r, "c8"));
    /* side 1 stays in rows 1-2, side 2 (mirrored) in rows 7-8 */
    EXPECT_TARGETS(s, a, WG_MOVE, "a1 b1 d1 e1 f1 b2 c2 d2");
    EXPECT_TARGETS(s, b, WG_MOVE, "b7 c7 d7 a8 b8 d8 e8 f8");
    /* outside its rows the piece has no move at all */
    wg_state_move(s, a, sq(r, "c4"));
    EXPECT_TARGETS(s, a, WG_MOVE, "");
    wg_state_free(s);
    free_rules(r);
}

static void test_nostep(void)
{
    wg_rules *r = make_rules();
    wg_state *s = wg_state_new(r);
    /* g2 is on the stream: its steps to h1 and f3 (also stream) are not
     * allowed, and the home rows limit the rest */
    int a = wg_state_add(s, ROOKISH, 1, sq(r, "g2"));
    EXPECT_TARGETS(s, a, WG_MOVE, "f1 g1 d2 e2 f2 h2");
    wg_state_free(s);
    free_rules(r);
}

static void test_lane(void)
{
    wg_rules *r = make_rules();
    wg_state *s = wg_state_new(r);
    int w = wg_state_add(s, WALKER, 1, sq(r, "b2"));
    wg_state_add(s, WALKER, 2, sq(r, "f6"));
    /* one step anywhere; along the lane up to a piece: c3, d4, e5 (the wall
     * on d4 is no block for it) */
    EXPECT_TARGETS(s, w, WG_MOVE, "a1 b1 c1 a2 c2 a3 b3 c3 d4 e5");
    wg_state_move(s, w, sq(r, "b3"));
    EXPECT_TARGETS(s, w, WG_MOVE, "a2 b2 c2 a3 c3 a4 b4 c4");
    wg_state_free(s);
    free_rules(r);
}

static void test_routes(void)
{
    wg_rules *r = make_rules();
    wg_state *s = wg_state_new(r);
    int j = wg_state_add(s, JUMPER, 1, sq(r, "c2"));
    EXPECT_TARGETS(s, j, WG_MOVE, "");     /* (1,2) from c2 is d4, a wall */
    wg_state_move(s, j, sq(r, "b2"));
    EXPECT_TARGETS(s, j, WG_MOVE, "c4");
    int x = wg_state_add(s, WALKER, 2, sq(r, "c2"));  /* blocks across-first */
    EXPECT_TARGETS(s, j, WG_MOVE, "c4");
    int y = wg_state_add(s, WALKER, 2, sq(r, "b3"));  /* blocks along-first */
    EXPECT_TARGETS(s, j, WG_MOVE, "");
    wg_state_remove(s, x);
    wg_state_add(s, WALKER, 2, sq(r, "c4"));
    EXPECT_TARGETS(s, j, WG_CAPTURE, "c4");
    CHECK(wg_trace_reaches(s, j, sq(r, "c4"), WG_CAPTURE), "reaches");
    /* the forward attack check sees path atoms */
    CHECK(wg_trace_attacked(s, sq(r, "c4"), 1), "c4 attacked by side 1");
    wg_state_remove(s, y);
    wg_state_free(s);
    free_rules(r);
}

static void test_mirrored_route(void)
{
    wg_rules *r = make_rules();
    wg_state *s = wg_state_new(r);
    int j = wg_state_add(s, JUMPER, 2, sq(r, "c7"));
    EXPECT_TARGETS(s, j, WG_MOVE, "d5");   /* side 2 goes down: (1,-2) */
    wg_state_add(s, WALKER, 1, sq(r, "d7"));
    wg_state_add(s, WALKER, 1, sq(r, "c6"));
    EXPECT_TARGETS(s, j, WG_MOVE, "");
    wg_state_free(s);
    free_rules(r);
}

/* Brute force: which pieces of `by` reach sq in capture mode. */
static int naive_threats(const wg_state *s, int by, int target, int *pids)
{
    int n = 0;
    for (int pid = 1; pid <= s->w[W_NPIECES]; pid++) {
        const int32_t *p = wg_piece(s, pid);
        if (p[PF_SQ] && p[PF_SIDE] == by && wg_trace_reaches(s, pid, target, WG_CAPTURE))
            pids[n++] = pid;
    }
    return n;
}

static uint64_t rng = 99;
static uint32_t rnd(uint32_t n)
{
    rng += 0x9e3779b97f4a7c15ULL;
    return (uint32_t)(((wg_mix64(rng) >> 32) * n) >> 32);
}

static void test_threats_match_brute_force(void)
{
    wg_rules *r = make_rules();
    int bad = 0, total = 0;
    for (int round = 0; round < 400 && !bad; round++) {
        wg_state *s = wg_state_new(r);
        for (int i = 0; i < 24; i++)
            wg_state_add(s, 1 + (int)rnd(NTYPES), 1 + (int)rnd(2), 1 + (int)rnd(64));
        for (int need = 1; need <= 3; need++) {
            int by = 1 + (int)rnd(2);
            wg_actlist l = { 0 };
            int n = wg_trace_threats(s, by, need, 0, &l);
            int expect = 0, k = 0;
            for (int t = 1; t <= 64; t++) {
                int pids[64], m = naive_threats(s, by, t, pids);
                if (m < need)
                    continue;
                expect += m;
                for (int i = 0; i < m && k < n; i++, k++) {
                    wg_action x = l.a[k];
                    int pid = (int)wg_act_d(x);
                    int found = 0;
                    for (int q = 0; q < m; q++)
                        found |= pids[q] == pid;
                    if ((int)wg_act_b(x) != t || (int)wg_act_c(x) != m || !found
                        || (int)wg_act_a(x) != wg_piece(s, pid)[PF_SQ]
                        || (int)wg_act_e(x) != wg_piece(s, pid)[PF_TYPE])
                        bad++;
                }
            }
            CHECK(n == expect && !bad, "round %d need %d: %d entries, want %d (%d bad)",
                  round, need, n, expect, bad);
            total += n;
            /* one target alone */
            int t = 1 + (int)rnd(64), pids[64];
            l.n = 0;
            int one = wg_trace_threats(s, by, 1, t, &l);
            CHECK(one == naive_threats(s, by, t, pids), "round %d: target alone", round);
            wg_actlist_free(&l);
            if (n != expect)
                bad++;
        }
        wg_state_free(s);
    }
    CHECK(total > 1000, "the random positions have threats (%d)", total);
    free_rules(r);
}

static void test_flanked(void)
{
    wg_rules *r = make_rules();
    wg_state *s = wg_state_new(r);
    wg_state_add(s, WALKER, 2, sq(r, "d5"));
    wg_state_add(s, WALKER, 2, sq(r, "g7"));
    wg_state_add(s, WALKER, 1, sq(r, "c6"));
    wg_state_add(s, WALKER, 1, sq(r, "e4"));   /* diagonal c6-d5-e4 */
    wg_state_add(s, WALKER, 1, sq(r, "h7"));
    wg_state_add(s, WALKER, 2, sq(r, "f7"));   /* f7 g7 h7: not flanked by 1 */
    wg_actlist l = { 0 };
    CHECK(wg_trace_flanked(s, 1, WG_ORTHOGONAL | WG_DIAGONAL, 9, &l) == 1, "one");
    CHECK(l.n == 1 && wg_act_kind(l.a[0]) == 9 && (int)wg_act_b(l.a[0]) == sq(r, "d5"),
          "d5 is flanked");
    l.n = 0;
    CHECK(wg_trace_flanked(s, 1, WG_ORTHOGONAL, 9, &l) == 0, "not orthogonally");
    wg_state_add(s, WALKER, 1, sq(r, "e7"));   /* e7 f7 g7 h7: f7 and g7 no */
    l.n = 0;
    CHECK(wg_trace_flanked(s, 1, WG_ORTHOGONAL, 9, &l) == 0, "two in a row are safe");
    wg_state_add(s, WALKER, 1, sq(r, "d4"));
    wg_state_add(s, WALKER, 1, sq(r, "d6"));
    l.n = 0;
    CHECK(wg_trace_flanked(s, 1, WG_ORTHOGONAL | WG_DIAGONAL, 9, &l) == 1,
          "counted once on two lines");
    wg_actlist_free(&l);
    wg_state_free(s);
    free_rules(r);
}

/* wg_trace_why agrees with the tracer: a piece's pattern reaches a square
 * (to move onto it empty, or to capture an enemy there) iff the tracer
 * makes that move; never a square of its own side. */
static void test_why_agrees_with_tracer(void)
{
    wg_rules *r = make_rules();
    int checked = 0, bad = 0;
    for (int round = 0; round < 200 && !bad; round++) {
        wg_state *s = wg_state_new(r);
        for (int i = 0; i < 16; i++)
            wg_state_add(s, 1 + (int)rnd(NTYPES), 1 + (int)rnd(2),
                         1 + (int)rnd(64));
        for (int pid = 1; pid <= s->w[W_NPIECES]; pid++) {
            const int32_t *p = wg_piece(s, pid);
            if (!p[PF_SQ])
                continue;
            for (int modes = 1; modes <= 3; modes++) {
                uint8_t made[65] = { 0 };
                wg_actlist l = { 0 };
                wg_trace_piece_modes(s, pid, modes, 1, &l);
                for (int k = 0; k < l.n; k++)
                    made[wg_act_b(l.a[k])] = 1;
                wg_actlist_free(&l);
                for (int t = 1; t <= 64; t++) {
                    wg_why w;
                    int ok = wg_trace_why(s, pid, t, modes, &w) == WG_WHY_OK;
                    int q = wg_at(s, t);
                    int own = q && wg_piece(s, q)[PF_SIDE] == p[PF_SIDE];
                    if (ok != made[t] || (own && w.why != WG_WHY_OWN
                                          && w.why != WG_WHY_PATTERN))
                        bad++;
                    CHECK(ok == made[t], "round %d piece %d square %d modes "
                          "%d: why %d, traced %d", round, pid, t, modes,
                          w.why, made[t]);
                    checked++;
                }
            }
        }
        wg_state_free(s);
    }
    CHECK(!bad && checked > 50000, "%d squares checked, %d bad", checked, bad);
    free_rules(r);
}

#define EXPECT_WHY(s, pid, to, modes, want, want_at)                        \
    do {                                                                    \
        wg_why w_;                                                          \
        wg_trace_why((s), (pid), sq(r, to), (modes), &w_);                  \
        CHECK(w_.why == (want) && w_.at == sq(r, want_at),                  \
              "%s: why %d at %d, want %d at %s", to, w_.why, w_.at,         \
              (want), want_at);                                             \
    } while (0)

static void test_why_reasons(void)
{
    wg_rules *r = make_rules();
    wg_state *s = wg_state_new(r);
    int w = wg_state_add(s, WALKER, 1, sq(r, "b2"));
    wg_state_add(s, WALKER, 1, sq(r, "d4"));
    wg_state_add(s, WALKER, 2, sq(r, "b3"));
    /* along the lane, d4 is in the way of f6; a knight's square is none of
     * its pattern; b3 is an enemy it steps onto; d4 is its own */
    EXPECT_WHY(s, w, "f6", WG_MOVE | WG_CAPTURE, WG_WHY_PIECE, "d4");
    EXPECT_WHY(s, w, "c4", WG_MOVE | WG_CAPTURE, WG_WHY_PATTERN, "c4");
    EXPECT_WHY(s, w, "b3", WG_MOVE | WG_CAPTURE, WG_WHY_OK, "b3");
    EXPECT_WHY(s, w, "b3", WG_MOVE, WG_WHY_MODE, "b3");
    EXPECT_WHY(s, w, "d4", WG_MOVE | WG_CAPTURE, WG_WHY_OWN, "d4");
    /* off the lane it slides nowhere: c2 is not on it */
    wg_state_move(s, w, sq(r, "c2"));
    EXPECT_WHY(s, w, "e4", WG_MOVE | WG_CAPTURE, WG_WHY_OUTSIDE, "c2");
    /* the gun captures only, exactly 3 away */
    int g = wg_state_add(s, GUN, 1, sq(r, "a5"));
    EXPECT_WHY(s, g, "d5", WG_MOVE | WG_CAPTURE, WG_WHY_MODE, "d5");
    EXPECT_WHY(s, g, "c5", WG_MOVE | WG_CAPTURE, WG_WHY_PATTERN, "c5");
    /* the rookish piece: within its home rows, never along the stream */
    int k = wg_state_add(s, ROOKISH, 1, sq(r, "g2"));
    EXPECT_WHY(s, k, "h1", WG_MOVE | WG_CAPTURE, WG_WHY_STEP, "h1");
    EXPECT_WHY(s, k, "g3", WG_MOVE | WG_CAPTURE, WG_WHY_OUTSIDE, "g3");
    wg_state_free(s);
    s = wg_state_new(r);
    /* the jumper: d4 (the wall) stops its move from c2; from b2 to c4 one
     * route is enough, and with both blocked it tells both squares */
    int j = wg_state_add(s, JUMPER, 1, sq(r, "c2"));
    EXPECT_WHY(s, j, "d4", WG_MOVE | WG_CAPTURE, WG_WHY_TERRAIN, "d4");
    wg_state_move(s, j, sq(r, "b2"));
    wg_state_add(s, WALKER, 2, sq(r, "c2"));
    EXPECT_WHY(s, j, "c4", WG_MOVE | WG_CAPTURE, WG_WHY_OK, "c4");
    wg_state_add(s, WALKER, 2, sq(r, "b4"));
    wg_why both;
    wg_trace_why(s, j, sq(r, "c4"), WG_MOVE | WG_CAPTURE, &both);
    CHECK(both.why == WG_WHY_PIECE
          && ((both.at == sq(r, "c2") && both.at2 == sq(r, "b4"))
              || (both.at == sq(r, "b4") && both.at2 == sq(r, "c2"))),
          "both routes: why %d at %d and %d", both.why, both.at, both.at2);
    wg_state_free(s);
    free_rules(r);
}

/* A large piece (2x2, one rank up or down): the squares it would enter
 * must be free and on the board. */
static void test_why_large(void)
{
    wg_rules *r = calloc(1, sizeof *r);
    wg_rules_init(r, 8, 8);
    wg_rules_add_type(r, "block", 'b');
    wg_rules_add_type(r, "man", 'm');
    wg_atom up = { .min = 1, .max = 1, .mode = WG_MOVE };
    wg_rules_add_atom(r, 1, 0, 1, up);
    wg_rules_add_atom(r, 1, 0, -1, up);
    wg_rules_add_atom(r, 2, 1, 0, up);
    r->type[1].nshape = 4;
    static const int8_t sq2[4][2] = { { 0, 0 }, { 1, 0 }, { 0, 1 }, { 1, 1 } };
    memcpy(r->type[1].shape, sq2, sizeof sq2);
    wg_rules_finish(r);
    wg_state *s = wg_state_new(r);
    int b = wg_state_add(s, 1, 1, sq(r, "c1"));
    wg_state_add(s, 2, 2, sq(r, "d3"));
    EXPECT_WHY(s, b, "c2", WG_MOVE, WG_WHY_PIECE, "d3");
    EXPECT_WHY(s, b, "c3", WG_MOVE, WG_WHY_PATTERN, "c3");
    EXPECT_WHY(s, b, "c2", WG_CAPTURE, WG_WHY_PATTERN, "c2");
    wg_state_move(s, b, sq(r, "c7"));
    EXPECT_WHY(s, b, "c8", WG_MOVE, WG_WHY_EDGE, "c8");
    EXPECT_WHY(s, b, "c6", WG_MOVE, WG_WHY_OK, "c6");
    wg_state_free(s);
    free_rules(r);
}

int main(void)
{
    RUN(test_within_and_mirror);
    RUN(test_nostep);
    RUN(test_lane);
    RUN(test_routes);
    RUN(test_mirrored_route);
    RUN(test_threats_match_brute_force);
    RUN(test_flanked);
    RUN(test_why_agrees_with_tracer);
    RUN(test_why_reasons);
    RUN(test_why_large);
    return RUN_SUMMARY();
}
