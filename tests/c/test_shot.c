/* test_shot.c: unit tests of stopping layers and move-and-shoot tracing --
 * debris stops patterns and probes, and wg_shot_trace equals a naive count. */
#include <stdlib.h>
#include <string.h>

#include "actions.h"
#include "check.h"
#include "rules.h"
#include "shot.h"
#include "state.h"
#include "trace.h"
#include "turn.h"

enum { AMAZON = 1, TANK, ROOK, NTYPES = ROOK };

static uint64_t rng = 777;
static uint32_t rnd(uint32_t n)
{
    rng += 0x9e3779b97f4a7c15ULL;
    return (uint32_t)(((wg_mix64(rng) >> 32) * n) >> 32);
}

static const int dirs[8][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 },
                                { 1, 1 }, { -1, 1 }, { 1, -1 }, { -1, -1 } };

/* Amazons and tanks ride like queens to empty squares; the rook captures.
 * Layer 0 "debris" is dynamic and stops everything; no atom names it. */
static wg_rules *make_rules(int files, int ranks)
{
    wg_rules *r = calloc(1, sizeof *r);
    wg_rules_init(r, files, ranks);
    int debris = wg_grid_layer(&r->grid, "debris", 1);
    r->grid.stops |= 1u << debris;
    wg_rules_add_type(r, "amazon", 'q');
    wg_rules_add_type(r, "tank", 't');
    wg_rules_add_type(r, "rook", 'r');
    for (int i = 0; i < 8; i++) {
        wg_atom a = { .min = 1, .max = 0, .mode = WG_MOVE };
        wg_rules_add_atom(r, AMAZON, dirs[i][0], dirs[i][1], a);
        wg_rules_add_atom(r, TANK, dirs[i][0], dirs[i][1], a);
        wg_atom c = { .min = 1, .max = 0, .mode = WG_MOVE | WG_CAPTURE };
        if (i < 4)
            wg_rules_add_atom(r, ROOK, dirs[i][0], dirs[i][1], c);
    }
    wg_rules_finish(r);
    return r;
}

static void free_rules(wg_rules *r)
{
    wg_rules_free(r);
    free(r);
}

static int sq_of(const wg_rules *r, const char *name)
{
    return wg_grid_parse(&r->grid, name, NULL);
}

static void test_stopping_layer_reaches_every_atom(void)
{
    wg_rules *r = make_rules(8, 8);
    for (int t = 1; t <= NTYPES; t++)
        for (int side = 0; side < 2; side++)
            for (int i = 0; i < r->type[t].natoms[side]; i++)
                CHECK(r->type[t].atom[side][i].block & 1u, "type %d atom %d", t, i);
    CHECK(r->nprobes[0] > 0 && (r->probe[0][0].block & 1u), "probes stop too");
    free_rules(r);
}

static void test_debris_stops_slides_and_probes(void)
{
    wg_rules *r = make_rules(8, 8);
    wg_state *s = wg_state_new(r);
    int rook = wg_state_add(s, ROOK, 1, sq_of(r, "a1"));
    wg_state_add(s, ROOK, 2, sq_of(r, "a6"));
    CHECK(wg_trace_attacked(s, sq_of(r, "a6"), 1), "open file: attacked");
    CHECK(wg_trace_reaches(s, rook, sq_of(r, "a6"), WG_CAPTURE), "reaches a6");
    wg_state_set_layer(s, sq_of(r, "a4"), 0, 1);
    CHECK(!wg_trace_attacked(s, sq_of(r, "a6"), 1), "debris on a4 shields a6");
    CHECK(!wg_trace_reaches(s, rook, sq_of(r, "a6"), WG_CAPTURE), "no capture");
    CHECK(!wg_trace_reaches(s, rook, sq_of(r, "a4"), WG_MOVE), "no landing on debris");
    CHECK(wg_trace_reaches(s, rook, sq_of(r, "a3"), WG_MOVE), "up to the debris");
    wg_actlist l = { 0 };
    CHECK(wg_trace_piece(s, rook, 1, &l) == 2 + 7, "a2 a3 and b1..h1: %d", l.n);
    wg_actlist_free(&l);
    wg_state_free(s);
    free_rules(r);
}

static void test_debris_is_journaled_and_hashed(void)
{
    wg_rules *r = make_rules(10, 10);
    wg_state *s = wg_state_new(r);
    wg_state_add(s, AMAZON, 1, sq_of(r, "d1"));
    wg_turn_begin(s);
    wg_state *before = wg_state_copy(s);
    int mark = wg_state_mark(s);
    wg_state_set_layer(s, sq_of(r, "d5"), 0, 1);
    wg_state_set_layer(s, sq_of(r, "j10"), 0, 1);
    CHECK(s->hash != before->hash, "debris changes the hash");
    CHECK(s->hash == wg_state_rehash(s), "running hash equals rehash");
    wg_state_undo(s, mark);
    CHECK(wg_state_equal(s, before), "undo restores the state");
    wg_state_free(before);
    wg_state_free(s);
    free_rules(r);
}

static void test_guarded(void)
{
    wg_rules *r = make_rules(10, 10);
    wg_state *s = wg_state_new(r);
    wg_state_add(s, TANK, 2, sq_of(r, "e5"));
    wg_state_add(s, AMAZON, 1, sq_of(r, "a1"));
    uint32_t tanks = 1u << TANK;
    CHECK(wg_shot_guarded(s, sq_of(r, "d4"), tanks), "d4 next to e5");
    CHECK(wg_shot_guarded(s, sq_of(r, "f6"), tanks), "f6 next to e5");
    CHECK(!wg_shot_guarded(s, sq_of(r, "e5"), tanks), "not the tank's square");
    CHECK(!wg_shot_guarded(s, sq_of(r, "e7"), tanks), "e7 is two away");
    CHECK(!wg_shot_guarded(s, sq_of(r, "b2"), tanks), "amazons guard nothing");
    CHECK(wg_shot_guarded(s, sq_of(r, "b2"), 1u << AMAZON), "unless named");
    wg_state_free(s);
    free_rules(r);
}

/* ---- the naive count ---------------------------------------------------- */

static int naive_guarded(const wg_state *s, uint32_t guards, int sq)
{
    const wg_grid *g = &s->rules->grid;
    for (int t = 1; t <= g->nsq; t++) {
        int q = wg_at(s, t);
        int dx = abs(g->file_of[t] - g->file_of[sq]);
        int dy = abs(g->rank_of[t] - g->rank_of[sq]);
        if (q && (guards >> wg_piece(s, q)[PF_TYPE] & 1)
            && (dx || dy) && dx <= 1 && dy <= 1)
            return 1;
    }
    return 0;
}

static int empty_live(const wg_state *s, int sq)
{
    return sq && !wg_at(s, sq) && !(wg_terrain(s, sq) & 1u);
}

/* Plays each move for real, then throws by plain loops over (dx, dy). */
static int naive(wg_state *s, int side, const wg_shot *sp, wg_action *out)
{
    const wg_grid *g = &s->rules->grid;
    int n = 0;
    for (int from = 1; from <= g->nsq; from++) {
        int pid = wg_at(s, from);
        if (!pid || wg_piece(s, pid)[PF_SIDE] != side
            || !(sp->movers >> wg_piece(s, pid)[PF_TYPE] & 1))
            continue;
        for (int i = 0; i < 8; i++)
            for (int to = wg_grid_step(g, from, dirs[i][0], dirs[i][1]);
                 empty_live(s, to); to = wg_grid_step(g, to, dirs[i][0], dirs[i][1])) {
                int mark = wg_state_mark(s);
                wg_state_move(s, pid, to);
                int shadow = sp->origin_open ? 0 : from;
                for (int j = 0; j < 8; j++)
                    for (int t = wg_grid_step(g, to, dirs[j][0], dirs[j][1]);
                         empty_live(s, t) && t != shadow;
                         t = wg_grid_step(g, t, dirs[j][0], dirs[j][1])) {
                        if (naive_guarded(s, sp->guards, t)) {
                            if (sp->guards_stop)
                                break;
                            continue;
                        }
                        out[n++] = wg_act(sp->kind, (unsigned)from, (unsigned)to,
                                          (unsigned)t, 0, 0);
                    }
                wg_state_undo(s, mark);
            }
    }
    return n;
}

static int cmp_action(const void *a, const void *b)
{
    wg_action x = *(const wg_action *)a, y = *(const wg_action *)b;
    return x < y ? -1 : x > y;
}

static void random_position(wg_state *s)
{
    const wg_grid *g = &s->rules->grid;
    wg_state_clear(s);
    for (int k = 0; k < 8; k++) {
        int sq = 1 + (int)rnd((uint32_t)g->nsq);
        if (!wg_at(s, sq))
            wg_state_add(s, rnd(3) ? AMAZON : TANK, 1 + (int)rnd(2), sq);
    }
    for (int k = (int)rnd(40); k > 0; k--) {
        int sq = 1 + (int)rnd((uint32_t)g->nsq);
        if (!wg_at(s, sq))
            wg_state_set_layer(s, sq, 0, 1);
    }
}

static void test_shots_equal_naive(void)
{
    wg_rules *r = make_rules(10, 10);
    wg_state *s = wg_state_new(r);
    static wg_action want[1 << 16];
    wg_actlist got = { 0 };
    int positions = 0, total = 0;
    for (int k = 0; k < 300; k++) {
        random_position(s);
        wg_shot sp = { .kind = 2, .movers = 1u << AMAZON, .pattern = AMAZON,
                       .guards = 1u << TANK, .origin_open = 1 };
        switch (k % 4) {
        case 1: sp.origin_open = 0; break;
        case 2: sp.guards_stop = 1; break;
        case 3: sp.movers |= 1u << TANK; break;  /* tanks throw and guard */
        }
        int side = 1 + k % 2;
        got.n = 0;
        int n = wg_shot_trace(s, side, &sp, &got);
        int m = naive(s, side, &sp, want);
        qsort(got.a, (size_t)got.n, sizeof *got.a, cmp_action);
        qsort(want, (size_t)m, sizeof *want, cmp_action);
        int same = n == m && got.n == m
                   && memcmp(got.a, want, (size_t)m * sizeof *want) == 0;
        CHECK(same, "position %d (case %d): %d actions, naive %d", k, k % 4, n, m);
        positions += same;
        total += m;
    }
    CHECK(total > 10000, "the positions have actions: %d", total);
    wg_actlist_free(&got);
    wg_state_free(s);
    free_rules(r);
    (void)positions;
}

static void test_amazons_start(void)
{
    wg_rules *r = make_rules(10, 10);
    wg_state *s = wg_state_new(r);
    static const char *const w[] = { "a4", "d1", "g1", "j4" };
    static const char *const b[] = { "a7", "d10", "g10", "j7" };
    for (int i = 0; i < 4; i++) {
        wg_state_add(s, AMAZON, 1, sq_of(r, w[i]));
        wg_state_add(s, AMAZON, 2, sq_of(r, b[i]));
    }
    wg_shot sp = { .kind = 2, .movers = 1u << AMAZON, .pattern = AMAZON,
                   .origin_open = 1 };
    wg_actlist l = { 0 };
    CHECK(wg_shot_trace(s, 1, &sp, &l) == 2176, "the published 2,176: %d", l.n);
    wg_actlist_free(&l);
    wg_state_free(s);
    free_rules(r);
}

/* ---- territory: the bitset search against the walk ---------------------- */

enum { QUEEN = 1, RIDER, SWIMMER, SHORT, MIXED, WADER, LONG, HOP, JUMPER,
       DRIFTER, NPATTERNS = DRIFTER };

/* Layer 0 "debris" stops everything, layer 1 "water" only the swimmer's
 * atoms; the wader may cross water but not stop there, the drifter only
 * on its diagonals (its atoms differ in noland, as the mixed's in block).
 * The rider's odd vectors (side 2 mirrors them) cross edges in every way a
 * shift can, some by 64 squares or more on the wider boards. SHORT, MIXED,
 * WADER, HOP (no stop at distance 1), JUMPER (over its side's pieces) and
 * DRIFTER are not plain, and take the walk; LONG has atoms on one line,
 * two of them in one direction: squares its shots and moves reach twice
 * count once. */
static wg_rules *make_race_rules(int files, int ranks)
{
    static const int odd[][2] = { { 2, 1 }, { -1, 3 }, { 0, 4 }, { -3, -5 },
                                  { 5, 0 }, { 1, -7 }, { 7, 1 }, { -9, 2 },
                                  { 0, -1 }, { -15, 0 } };
    wg_rules *r = calloc(1, sizeof *r);
    wg_rules_init(r, files, ranks);
    int debris = wg_grid_layer(&r->grid, "debris", 1);
    r->grid.stops |= 1u << debris;
    int water = wg_grid_layer(&r->grid, "water", 1);
    wg_rules_add_type(r, "queen", 'q');
    wg_rules_add_type(r, "rider", 'r');
    wg_rules_add_type(r, "swimmer", 's');
    wg_rules_add_type(r, "short", 'h');
    wg_rules_add_type(r, "mixed", 'm');
    wg_rules_add_type(r, "wader", 'w');
    wg_rules_add_type(r, "long", 'l');
    wg_rules_add_type(r, "hop", 'o');
    wg_rules_add_type(r, "jumper", 'j');
    wg_rules_add_type(r, "drifter", 'd');
    for (int i = 0; i < 8; i++) {
        wg_atom a = { .min = 1, .max = 0, .mode = WG_MOVE };
        wg_rules_add_atom(r, QUEEN, dirs[i][0], dirs[i][1], a);
        wg_atom w = { .min = 1, .max = 0, .mode = WG_MOVE,
                      .block = 1u << water };
        wg_rules_add_atom(r, SWIMMER, dirs[i][0], dirs[i][1], w);
        wg_atom h = { .min = 1, .max = 3, .mode = WG_MOVE };
        wg_rules_add_atom(r, SHORT, dirs[i][0], dirs[i][1], h);
        wg_rules_add_atom(r, MIXED, dirs[i][0], dirs[i][1], i < 4 ? a : w);
        wg_atom l = { .min = 1, .max = 0, .mode = WG_MOVE,
                      .noland = 1u << water };
        wg_rules_add_atom(r, WADER, dirs[i][0], dirs[i][1], l);
        wg_rules_add_atom(r, DRIFTER, dirs[i][0], dirs[i][1], i < 4 ? a : l);
        wg_atom o = { .min = 2, .max = 0, .mode = WG_MOVE };
        wg_rules_add_atom(r, HOP, dirs[i][0], dirs[i][1], o);
        wg_atom j = { .min = 1, .max = 0, .mode = WG_MOVE,
                      .over_own = (1u << (NPATTERNS + 1)) - 2 };
        wg_rules_add_atom(r, JUMPER, dirs[i][0], dirs[i][1], j);
        if (i < 3)   /* (1, 0), (-1, 0), (0, 1) */
            wg_rules_add_atom(r, LONG, dirs[i][0], dirs[i][1], a);
    }
    /* (3, 0) shares a line with (-1, 0) and a direction with (1, 0) */
    wg_rules_add_atom(r, LONG, 3, 0,
                      (wg_atom){ .min = 1, .max = 0, .mode = WG_MOVE });
    for (size_t i = 0; i < sizeof odd / sizeof *odd; i++) {
        wg_atom a = { .min = 1, .max = 0, .mode = WG_MOVE };
        if (abs(odd[i][0]) < files && abs(odd[i][1]) < ranks)
            wg_rules_add_atom(r, RIDER, odd[i][0], odd[i][1], a);
    }
    wg_atom c = { .min = 1, .max = 0, .mode = WG_CAPTURE };
    wg_rules_add_atom(r, RIDER, 1, 1, c);   /* not a move: not walked */
    wg_rules_finish(r);
    return r;
}

static void random_race(wg_state *s)
{
    const wg_grid *g = &s->rules->grid;
    wg_state_clear(s);
    for (int k = (int)rnd(14); k > 0; k--) {
        int sq = 1 + (int)rnd((uint32_t)g->nsq);
        if (!wg_at(s, sq))
            wg_state_add(s, 1 + (int)rnd(NPATTERNS), 1 + (int)rnd(2), sq);
    }
    for (int layer = 0; layer < 2; layer++)
        for (int k = (int)rnd((uint32_t)g->nsq / 2); k > 0; k--) {
            int sq = 1 + (int)rnd((uint32_t)g->nsq);
            if (!wg_at(s, sq))
                wg_state_set_layer(s, sq, layer, 1);
        }
}

static void test_distances_equal_walk(void)
{
    static const int sizes[][2] = { { 1, 16 }, { 16, 1 }, { 3, 3 },
                                    { 5, 7 }, { 8, 8 }, { 10, 10 },
                                    { 11, 11 }, { 16, 8 }, { 8, 16 },
                                    { 12, 11 }, { 16, 16 } };
    int compared = 0, far = 0;
    for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++) {
        wg_rules *r = make_race_rules(sizes[z][0], sizes[z][1]);
        wg_state *s = wg_state_new(r);
        int nsq = r->grid.nsq, bad = 0;
        for (int k = 0; k < 200 && !bad; k++) {
            random_race(s);
            for (int pattern = 1; pattern <= NPATTERNS; pattern++) {
                uint16_t walk[3][WG_MAX_SQ + 1], bits[WG_MAX_SQ + 1];
                for (int side = 1; side <= 2; side++) {
                    int nw = wg_shot_distances_walk(s, pattern, side,
                                                    walk[side]);
                    int nb = wg_shot_distances(s, pattern, side, bits);
                    int same = nw == nb && !memcmp(walk[side], bits,
                                                   (size_t)(nsq + 1) * 2);
                    CHECK(same, "%dx%d position %d pattern %d side %d: "
                          "%d and %d in one move", sizes[z][0],
                          sizes[z][1], k, pattern, side, nb, nw);
                    bad |= !same;
                    for (int sq = 1; sq <= nsq; sq++)
                        far += walk[side][sq] > 2;
                }
                int want[4] = { 0, 0, wg_shot_distances_walk(s, pattern, 1,
                                                             walk[1]),
                                wg_shot_distances_walk(s, pattern, 2,
                                                       walk[2]) };
                for (int sq = 1; sq <= nsq; sq++) {
                    int a = walk[1][sq], b = walk[2][sq];
                    want[0] += a && (!b || a < b);
                    want[1] += b && (!a || b < a);
                }
                int got[4];
                wg_shot_territory(s, pattern, got);
                CHECK(!memcmp(got, want, sizeof got), "%dx%d position %d "
                      "pattern %d: territory %d %d %d %d, walked %d %d %d "
                      "%d", sizes[z][0], sizes[z][1], k, pattern, got[0],
                      got[1], got[2], got[3], want[0], want[1], want[2],
                      want[3]);
                bad |= memcmp(got, want, sizeof got) != 0;
                compared++;
            }
        }
        wg_state_free(s);
        free_rules(r);
    }
    CHECK(far > 10000, "squares three moves away or more: %d", far);
    CHECK(compared == 11 * 200 * NPATTERNS, "compared %d", compared);
}

/* ---- shots: the fast path against the walk ------------------------------ */

/* The boards of the random races: a file, a few squares, odd shapes, the
 * Amazons', the largest. */
static const int sizes[][2] = { { 1, 16 }, { 3, 3 }, { 5, 7 }, { 8, 8 },
                                { 10, 10 }, { 16, 8 }, { 12, 11 }, { 16, 16 } };

/* A spec over the race's patterns, without guards but one time in odds. */
static wg_shot random_spec(uint32_t odds)
{
    uint32_t types = (1u << (NPATTERNS + 1)) - 2;
    wg_shot sp = { .kind = 2, .movers = rnd(types + 2) & types,
                   .pattern = 1 + (int)rnd(NPATTERNS),
                   .guards = rnd(odds) ? 0 : rnd(types + 2) & types,
                   .origin_open = (int)rnd(2), .guards_stop = (int)rnd(2) };
    return sp;
}

static void test_shots_equal_walk(void)
{
    wg_actlist fast = { 0 }, walk = { 0 };
    wg_actlist_grow(&fast);   /* room for the 7 actions before */
    wg_actlist_grow(&walk);
    int total = 0, kinds = 0;
    for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++) {
        wg_rules *r = make_race_rules(sizes[z][0], sizes[z][1]);
        wg_state *s = wg_state_new(r);
        int bad = 0;
        for (int k = 0; k < 400 && !bad; k++) {
            random_race(s);
            uint32_t types = (1u << (NPATTERNS + 1)) - 2;
            wg_shot sp = random_spec(2);
            if (rnd(2))   /* often the Amazons' own: queens shoot */
                sp.movers = 1u << QUEEN
                            | (rnd(types + 2) & types & ~sp.guards);
            int side = 1 + (int)rnd(2);
            fast.n = walk.n = 7;   /* after what the list held */
            int nf = wg_shot_trace(s, side, &sp, &fast);
            int nw = wg_shot_trace_walk(s, side, &sp, &walk);
            int same = nf == nw && fast.n == walk.n
                       && !memcmp(fast.a + 7, walk.a + 7,
                                  (size_t)nw * sizeof *walk.a);
            CHECK(same, "%dx%d position %d (movers %#x, pattern %d, guards "
                  "%#x, origin_open %d, guards_stop %d, side %d): %d "
                  "actions, walked %d", sizes[z][0], sizes[z][1], k,
                  sp.movers, sp.pattern, sp.guards, sp.origin_open,
                  sp.guards_stop, side, nf, nw);
            bad |= !same;
            total += nw;
            kinds += nw > 0;
        }
        wg_state_free(s);
        free_rules(r);
    }
    CHECK(total > 100000 && kinds > 1000, "%d actions, %d lists", total,
          kinds);
    wg_actlist_free(&fast);
    wg_actlist_free(&walk);
}

/* ---- one action drawn: wg_shot_pick against the list ------------------- */

/* The action wg_shot_pick draws is the list's at wg_rng_index(draw, n), n
 * the list's length, for every draw tried; the Amazons' spec keeps its memo
 * from one position to the next, the others start from a new one. */
static void test_pick_equals_trace(void)
{
    wg_actlist list = { 0 }, out = { 0 };
    wg_actlist_grow(&out);   /* room for the 3 actions before */
    int picked = 0, quick = 0;
    for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++) {
        wg_rules *r = make_race_rules(sizes[z][0], sizes[z][1]);
        wg_state *s = wg_state_new(r);
        wg_shot amazons = { .kind = 2, .movers = 1u << QUEEN,
                            .pattern = QUEEN, .origin_open = 1 };
        wg_shot_memo *kept = calloc(1, wg_shot_memo_size());
        int bad = 0;
        for (int k = 0; k < 400 && !bad; k++) {
            random_race(s);
            wg_shot sp = random_spec(4);
            int amazon = rnd(2);
            const wg_shot *spec = amazon ? &amazons : &sp;
            wg_shot_memo *memo = amazon ? kept
                                        : calloc(1, wg_shot_memo_size());
            int side = 1 + (int)rnd(2);
            list.n = 0;
            int n = wg_shot_trace(s, side, spec, &list);
            for (int d = 0; d < 8 && !bad; d++) {
                uint32_t draw = d == 0 ? 0 : d == 1 ? 0xffffffffu
                                : (uint32_t)(rnd(65536) << 16 | rnd(65536));
                wg_action x = 0;
                out.n = 3;   /* after what the list held */
                int np = wg_shot_pick(s, side, spec, memo, draw, &out, &x);
                int same = np == n
                           && (n == 0 || x == list.a[wg_rng_index(draw,
                                                       (uint32_t)n)]);
                CHECK(same, "%dx%d position %d (movers %#x, pattern %d, "
                      "guards %#x, origin_open %d, side %d, draw %#x): %d "
                      "actions, picked of %d", sizes[z][0], sizes[z][1], k,
                      spec->movers, spec->pattern, spec->guards,
                      spec->origin_open, side, draw, n, np);
                bad |= !same;
                picked += n > 0;
                quick += n > 0 && out.n == 3;   /* no list was made */
            }
            if (!amazon)
                free(memo);
        }
        free(kept);
        wg_state_free(s);
        free_rules(r);
    }
    CHECK(picked > 8000 && quick > 2500, "%d picked, %d without the list",
          picked, quick);
    wg_actlist_free(&list);
    wg_actlist_free(&out);
}

static void test_zone_equals_naive(void)
{
    static const int sizes[][2] = { { 1, 16 }, { 16, 1 }, { 3, 3 },
                                    { 10, 10 }, { 16, 16 } };
    int zoned = 0;
    for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++) {
        wg_rules *r = make_race_rules(sizes[z][0], sizes[z][1]);
        wg_state *s = wg_state_new(r);
        for (int k = 0; k < 100; k++) {
            random_race(s);
            uint32_t guards = rnd(2u << NPATTERNS) & ~1u;
            int except = wg_at(s, 1 + (int)rnd((uint32_t)r->grid.nsq));
            uint8_t zone[WG_MAX_SQ + 1];
            wg_shot_zone(s, guards, except, zone);
            int q = except ? wg_piece(s, except)[PF_SQ] : 0;
            if (q)   /* the naive count without the piece `except` */
                wg_state_remove(s, except);
            int same = !zone[0];
            for (int sq = 1; sq <= r->grid.nsq; sq++) {
                same &= zone[sq] == naive_guarded(s, guards, sq);
                zoned += zone[sq];
            }
            if (q)
                wg_state_place(s, except, q);
            CHECK(same, "%dx%d position %d, guards %#x", sizes[z][0],
                  sizes[z][1], k, guards);
        }
        wg_state_free(s);
        free_rules(r);
    }
    CHECK(zoned > 5000, "zoned squares: %d", zoned);
}

int main(void)
{
    RUN(test_stopping_layer_reaches_every_atom);
    RUN(test_debris_stops_slides_and_probes);
    RUN(test_debris_is_journaled_and_hashed);
    RUN(test_guarded);
    RUN(test_shots_equal_naive);
    RUN(test_amazons_start);
    RUN(test_distances_equal_walk);
    RUN(test_shots_equal_walk);
    RUN(test_pick_equals_trace);
    RUN(test_zone_equals_naive);
    return RUN_SUMMARY();
}
