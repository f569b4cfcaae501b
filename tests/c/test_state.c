/* test_state.c: unit tests of the state primitives -- journal undo restores
 * the state byte for byte, and the running hash equals a hash from scratch. */
#include <stdlib.h>
#include <string.h>

#include "actions.h"
#include "check.h"
#include "rules.h"
#include "state.h"
#include "trace.h"
#include "turn.h"

enum { PAWN = 1, ROOK, KNIGHT, KING, BLOCK, NTYPES = BLOCK };

static uint64_t rng = 12345;
static uint32_t rnd(uint32_t n)
{
    rng += 0x9e3779b97f4a7c15ULL;
    return (uint32_t)(((wg_mix64(rng) >> 32) * n) >> 32);
}

static void atoms(wg_rules *r, int t, const int (*v)[2], int n, int max, int mode)
{
    for (int i = 0; i < n; i++) {
        wg_atom a = { .min = 1, .max = (uint8_t)max, .mode = (uint8_t)mode };
        wg_rules_add_atom(r, t, v[i][0], v[i][1], a);
    }
}

/* A small chess-like game on 10x9 with a debris layer and a 2x2 piece. */
static wg_rules *make_rules(void)
{
    static const int orth[4][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 } };
    static const int diag[4][2] = { { 1, 1 }, { -1, 1 }, { 1, -1 }, { -1, -1 } };
    static const int knight[8][2] = { { 1, 2 }, { 2, 1 }, { -1, 2 }, { -2, 1 },
                                      { 1, -2 }, { 2, -1 }, { -1, -2 }, { -2, -1 } };
    static const int fwd[1][2] = { { 0, 1 } };
    static const int fdiag[2][2] = { { 1, 1 }, { -1, 1 } };
    wg_rules *r = calloc(1, sizeof *r);
    wg_rules_init(r, 10, 9);
    int dead = wg_grid_layer(&r->grid, "dead", 1);
    int wall = wg_grid_layer(&r->grid, "wall", 0);
    r->grid.terrain[37] |= 1u << wall;
    wg_rules_add_type(r, "pawn", 'p');
    wg_rules_add_type(r, "rook", 'r');
    wg_rules_add_type(r, "knight", 'n');
    wg_rules_add_type(r, "king", 'k');
    wg_rules_add_type(r, "block", 'x');
    atoms(r, PAWN, fwd, 1, 1, WG_MOVE);
    atoms(r, PAWN, fdiag, 2, 1, WG_CAPTURE);
    atoms(r, ROOK, orth, 4, 0, WG_MOVE | WG_CAPTURE);
    atoms(r, KNIGHT, knight, 8, 1, WG_MOVE | WG_CAPTURE);
    atoms(r, KING, orth, 4, 1, WG_MOVE | WG_CAPTURE);
    atoms(r, KING, diag, 4, 1, WG_MOVE | WG_CAPTURE);
    for (int t = 1; t <= NTYPES; t++)
        for (int side = 0; side < 2; side++)
            for (int i = 0; i < r->type[t].natoms[side]; i++)
                r->type[t].atom[side][i].block = 1u << dead | 1u << wall;
    r->type[KING].royal = 1;
    r->type[PAWN].npromo = 1;
    r->type[PAWN].promo[0] = ROOK;
    for (int f = 0; f < 10; f++) {
        r->type[PAWN].promo_zone[0][wg_grid_at(&r->grid, f, 8)] = 1;
        r->type[PAWN].promo_zone[1][wg_grid_at(&r->grid, f, 0)] = 1;
    }
    r->type[BLOCK].nshape = 4;
    static const int8_t sq2[4][2] = { { 0, 0 }, { 1, 0 }, { 0, 1 }, { 1, 1 } };
    memcpy(r->type[BLOCK].shape, sq2, sizeof sq2);
    r->nvars = 3;
    r->var_hashed[0] = 1;
    r->var_hashed[1] = 0;
    r->var_hashed[2] = 1;
    wg_rules_finish(r);
    return r;
}

static void setup(wg_state *s)
{
    const wg_grid *g = &s->rules->grid;
    wg_state_add(s, KING, 1, wg_grid_at(g, 4, 0));
    wg_state_add(s, KING, 2, wg_grid_at(g, 4, 8));
    for (int f = 0; f < 10; f += 2) {
        wg_state_add(s, PAWN, 1, wg_grid_at(g, f, 1));
        wg_state_add(s, PAWN, 2, wg_grid_at(g, f, 7));
    }
    wg_state_add(s, ROOK, 1, wg_grid_at(g, 0, 0));
    wg_state_add(s, ROOK, 2, wg_grid_at(g, 9, 8));
    wg_state_add(s, KNIGHT, 1, wg_grid_at(g, 2, 0));
    wg_state_add(s, KNIGHT, 2, wg_grid_at(g, 7, 8));
    wg_state_add(s, BLOCK, 1, wg_grid_at(g, 7, 3));
    wg_state_add(s, PAWN, 2, 0); /* in reserve */
    wg_turn_begin(s);
}

/* One random change through a primitive; failures (WG_EINVAL) are fine. */
static void random_change(wg_state *s)
{
    const wg_grid *g = &s->rules->grid;
    int n = s->w[W_NPIECES];
    int pid = 1 + (int)rnd((uint32_t)n);
    int sq = 1 + (int)rnd((uint32_t)g->nsq);
    switch (rnd(12)) {
    case 0: wg_state_add(s, 1 + (int)rnd(NTYPES), 1 + (int)rnd(2), sq); break;
    case 1: wg_state_remove(s, pid); break;
    case 2: wg_state_place(s, pid, sq); break;
    case 3: wg_state_move(s, pid, sq); break;
    case 4: wg_state_retype(s, pid, 1 + (int)rnd(KING)); break;
    case 5: wg_state_set_field(s, pid, (int)rnd(PF_NUSER), (int32_t)rnd(5)); break;
    case 6: wg_state_set_layer(s, sq, 0, (int)rnd(2)); break;
    case 7: wg_state_set_var(s, (int)rnd(3), (int32_t)rnd(4)); break;
    case 8: wg_state_set_word(s, W_PHASE, (int32_t)rnd(3)); break;
    case 9: wg_turn_end(s); break;
    case 10: {
        uint32_t x;
        wg_state_random(s, 6, &x);
        break;
    }
    default: {
        wg_actlist l = { 0 };
        wg_trace_side(s, s->w[W_SIDE], 1, &l);
        if (l.n) {
            wg_action a = l.a[rnd((uint32_t)l.n)];
            wg_state_apply_move(s, wg_act_a(a), wg_act_b(a), wg_act_e(a));
        }
        wg_actlist_free(&l);
    }
    }
}

static int board_consistent(const wg_state *s)
{
    for (int side = 1; side <= 2; side++) {
        const int32_t *list = wg_list(s, side);
        for (int i = 0; i < wg_count(s, side); i++) {
            const int32_t *p = wg_piece(s, list[i]);
            if (p[PF_INDEX] != i || p[PF_SIDE] != side || !p[PF_SQ]
                || wg_at(s, p[PF_SQ]) != list[i])
                return 0;
        }
    }
    return 1;
}

static void test_hash_matches_rehash(void)
{
    wg_rules *r = make_rules();
    wg_state *s = wg_state_new(r);
    setup(s);
    CHECK(s->hash == wg_state_rehash(s), "after setup");
    for (int i = 0; i < 20000; i++) {
        random_change(s);
        if (s->hash != wg_state_rehash(s) || !board_consistent(s)) {
            CHECK(0, "hash or board wrong after change %d", i);
            break;
        }
    }
    wg_state_free(s);
    wg_rules_free(r);
    free(r);
}

static void test_undo_restores_bytes(void)
{
    wg_rules *r = make_rules();
    wg_state *s = wg_state_new(r);
    setup(s);
    for (int round = 0; round < 300; round++) {
        wg_state *before = wg_state_copy(s);
        int mark = wg_state_mark(s);
        int len = 1 + (int)rnd(40);
        for (int i = 0; i < len; i++)
            random_change(s);
        wg_state_undo(s, mark);
        if (!wg_state_equal(s, before)) {
            CHECK(0, "round %d: undo of %d changes differs", round, len);
            wg_state_free(before);
            break;
        }
        wg_state_free(before);
        for (int i = 0; i < 1 + (int)rnd(5); i++)  /* move on, keep it */
            random_change(s);
    }
    wg_state_free(s);
    wg_rules_free(r);
    free(r);
}

static void test_nested_marks(void)
{
    wg_rules *r = make_rules();
    wg_state *s = wg_state_new(r);
    setup(s);
    enum { DEPTH = 12 };
    wg_state *snap[DEPTH];
    int marks[DEPTH];
    for (int d = 0; d < DEPTH; d++) {
        snap[d] = wg_state_copy(s);
        marks[d] = wg_state_mark(s);
        for (int i = 0; i < 7; i++)
            random_change(s);
    }
    for (int d = DEPTH - 1; d >= 0; d--) {
        wg_state_undo(s, marks[d]);
        CHECK(wg_state_equal(s, snap[d]), "depth %d", d);
        wg_state_free(snap[d]);
    }
    wg_state_free(s);
    wg_rules_free(r);
    free(r);
}

static void test_hash_is_position(void)
{
    /* two move orders to the same position give the same hash, and the
     * unhashed var does not count */
    wg_rules *r = make_rules();
    wg_state *a = wg_state_new(r), *b = wg_state_new(r);
    setup(a);
    setup(b);
    const wg_grid *g = &r->grid;
    int n1 = wg_at(a, wg_grid_at(g, 2, 0)), k1 = wg_at(a, wg_grid_at(g, 4, 0));
    wg_state_move(a, n1, wg_grid_at(g, 3, 2));
    wg_state_move(a, k1, wg_grid_at(g, 5, 0));
    wg_state_move(b, k1, wg_grid_at(g, 5, 0));
    wg_state_move(b, n1, wg_grid_at(g, 1, 2));
    wg_state_move(b, n1, wg_grid_at(g, 3, 2));
    wg_state_set_var(b, 1, 99);
    CHECK(a->hash == b->hash, "same position, same hash");
    wg_state_set_var(b, 0, 1);
    CHECK(a->hash != b->hash, "a hashed var changes the hash");
    wg_state_free(a);
    wg_state_free(b);
    wg_rules_free(r);
    free(r);
}

static void test_repetitions(void)
{
    wg_rules *r = make_rules();
    wg_state *s = wg_state_new(r);
    setup(s);
    const wg_grid *g = &r->grid;
    int n1 = wg_at(s, wg_grid_at(g, 2, 0)), n2 = wg_at(s, wg_grid_at(g, 7, 8));
    CHECK(wg_state_repetitions(s) == 0, "start");
    for (int cycle = 1; cycle <= 2; cycle++) {
        wg_state_move(s, n1, wg_grid_at(g, 3, 2));
        wg_turn_end(s);
        wg_state_move(s, n2, wg_grid_at(g, 6, 6));
        wg_turn_end(s);
        wg_state_move(s, n1, wg_grid_at(g, 2, 0));
        wg_turn_end(s);
        wg_state_move(s, n2, wg_grid_at(g, 7, 8));
        wg_turn_end(s);
        CHECK(wg_state_repetitions(s) == cycle, "cycle %d: %d", cycle,
              wg_state_repetitions(s));
    }
    wg_state_free(s);
    wg_rules_free(r);
    free(r);
}

/* how often the current position occurred before the history's last
 * entry, by looking at every entry */
static int naive_repetitions(const wg_state *s)
{
    int n = s->w[W_HISTLEN], count = 0;
    for (int i = 0; i < n - 1; i++)
        count += s->hist[i] == s->hash;
    return count;
}

/* the count table holds exactly the history: each entry's count, no other
 * slot in use, empty slots zero */
static int table_matches_history(const wg_state *s)
{
    int n = s->w[W_HISTLEN], used = 0;
    for (int i = 0; i < s->rcap; i++) {
        if (!s->rcount[i]) {
            if (s->rkey[i])
                return 0;
            continue;
        }
        int c = 0;
        for (int k = 0; k < n; k++)
            c += s->hist[k] == s->rkey[i];
        if (c != s->rcount[i])
            return 0;
        used++;
    }
    int distinct = 0;
    for (int k = 0; k < n; k++) {
        int first = 1;
        for (int j = 0; j < k && first; j++)
            first = s->hist[j] != s->hist[k];
        distinct += first;
    }
    return used == distinct && used == s->rused;
}

/* T-repetition: the count table against a scan of the whole history, and
 * undo puts the table back byte for byte */
static void test_repetition_table(void)
{
    wg_rules *r = make_rules();
    wg_state *s = wg_state_new(r);
    setup(s);
    const wg_grid *g = &r->grid;
    int n1 = wg_at(s, wg_grid_at(g, 2, 0));
    int shuttle[2] = { wg_grid_at(g, 2, 0), wg_grid_at(g, 3, 2) };
    int mismatches = 0, undone = 0, repeated = 0, start_cap = s->rcap;
    for (int step = 0; step < 3000 && mismatches < 5; step++) {
        int mark = wg_state_mark(s), cap = s->rcap, used = s->rused;
        uint64_t keys[4096];
        int32_t counts[4096];
        if (cap <= 4096) {
            memcpy(keys, s->rkey, (size_t)cap * sizeof *keys);
            memcpy(counts, s->rcount, (size_t)cap * sizeof *counts);
        }
        for (int k = 1 + (int)rnd(4); k > 0; k--) {
            if (rnd(2) == 0 && wg_piece(s, n1)[PF_SQ]) {
                int at = wg_piece(s, n1)[PF_SQ];
                int to = shuttle[at == shuttle[0]];
                if (!wg_at(s, to))
                    wg_state_move(s, n1, to);
                wg_turn_end(s);
            } else {
                random_change(s);
            }
        }
        int got = wg_state_repetitions(s), want = naive_repetitions(s);
        repeated += got > 0;
        if (got != want || !table_matches_history(s))
            mismatches++;
        CHECK(got == want, "step %d: table %d, scan %d", step, got, want);
        if (rnd(3) == 0) {
            wg_state_undo(s, mark);
            undone++;
            if (s->rcap == cap && cap <= 4096) {
                int same = s->rused == used
                           && memcmp(keys, s->rkey, (size_t)cap
                                     * sizeof *keys) == 0
                           && memcmp(counts, s->rcount, (size_t)cap
                                     * sizeof *counts) == 0;
                mismatches += !same;
                CHECK(same, "step %d: undo restores the table", step);
            }
            CHECK(table_matches_history(s), "step %d: after undo", step);
            CHECK(wg_state_repetitions(s) == naive_repetitions(s),
                  "step %d: after undo", step);
        }
    }
    CHECK(repeated > 100, "positions repeat (%d)", repeated);
    CHECK(undone > 500, "undone %d", undone);
    CHECK(s->rcap > start_cap, "the table grew (%d slots)", s->rcap);
    wg_state *c = wg_state_copy(s);
    CHECK(c && wg_state_equal(c, s) && table_matches_history(c)
          && wg_state_repetitions(c) == naive_repetitions(c), "a copy");
    wg_state_free(c);
    wg_state_free(s);
    wg_rules_free(r);
    free(r);
}

/* "is sq attacked" (the probes, a king's steps merged into the rook's
 * lines) against every piece of the attacker tried forwards */
static void test_attacked_matches_forward_check(void)
{
    wg_rules *r = make_rules();
    wg_state *s = wg_state_new(r);
    setup(s);
    int mismatches = 0, attacked = 0;
    for (int i = 0; i < 1500 && mismatches < 5; i++) {
        random_change(s);
        for (int by = 1; by <= 2; by++) {
            const int32_t *list = wg_list(s, 3 - by);
            for (int k = 0; k < wg_count(s, 3 - by); k++) {
                int sq = wg_piece(s, list[k])[PF_SQ];
                int want = 0;
                const int32_t *them = wg_list(s, by);
                for (int j = 0; j < wg_count(s, by) && !want; j++)
                    want = wg_trace_reaches(s, them[j], sq, WG_CAPTURE);
                int got = wg_trace_attacked(s, sq, by);
                attacked += got;
                if (got != want)
                    mismatches++;
                CHECK(got == want, "step %d: square %d by %d: probes %d, "
                      "forwards %d", i, sq, by, got, want);
            }
        }
    }
    CHECK(attacked > 1000, "attacks seen: %d", attacked);
    wg_state_free(s);
    wg_rules_free(r);
    free(r);
}

static void test_royal_filter_matches_full_check(void)
{
    /* the pin shortcut must agree with trying every move, also where a
     * piece on several squares moves or is taken, in random positions from
     * several sequences (several kings a side among them) */
    wg_rules *r = make_rules();
    int mismatches = 0;
    for (uint64_t seq = 1; seq <= 8 && !mismatches; seq++) {
        rng = seq;
        wg_state *s = wg_state_new(r);
        setup(s);
        for (int i = 0; i < 3000 && !mismatches; i++) {
            random_change(s);
            int side = s->w[W_SIDE];
            wg_actlist l = { 0 };
            wg_trace_side(s, side, 1, &l);
            int expect = 0;
            for (int k = 0; k < l.n; k++) {
                int mark = wg_state_mark(s);
                wg_state_apply_move(s, wg_act_a(l.a[k]), wg_act_b(l.a[k]),
                                    wg_act_e(l.a[k]));
                expect += !wg_trace_in_check(s, side);
                wg_state_undo(s, mark);
            }
            int got = wg_trace_keep_royal_safe(s, &l);
            if (got != expect)
                mismatches++;
            CHECK(got == expect, "sequence %d step %d: filter kept %d, "
                  "full check %d", (int)seq, i, got, expect);
            /* tracing and filtering in one call keeps the same moves, in
             * the same order, after what the list held before */
            wg_actlist m = { 0 };
            wg_actlist_push(&m, wg_act(9, 1, 2, 3, 4, 5));
            int fused = wg_trace_side_safe(s, side, 1, &m);
            int same = fused == got && m.n == got + 1
                       && m.a[0] == wg_act(9, 1, 2, 3, 4, 5);
            for (int k = 0; same && k < got; k++)
                same = m.a[k + 1] == l.a[k];
            if (!same)
                mismatches++;
            CHECK(same, "sequence %d step %d: trace_safe kept %d, trace "
                  "then filter %d", (int)seq, i, fused, got);
            wg_actlist_free(&m);
            wg_actlist_free(&l);
        }
        wg_state_free(s);
    }
    wg_rules_free(r);
    free(r);
}

static void test_random_is_journaled(void)
{
    wg_rules *r = make_rules();
    wg_state *s = wg_state_new(r);
    wg_state_seed(s, 42);
    int mark = wg_state_mark(s);
    uint32_t a[10], b[10];
    for (int i = 0; i < 10; i++)
        wg_state_random(s, 100, &a[i]);
    wg_state_undo(s, mark);
    for (int i = 0; i < 10; i++)
        wg_state_random(s, 100, &b[i]);
    CHECK(memcmp(a, b, sizeof a) == 0, "same draws after undo");
    int spread = 0;
    for (int i = 1; i < 10; i++)
        spread += a[i] != a[0];
    CHECK(spread > 0, "draws vary");
    wg_state_free(s);
    wg_rules_free(r);
    free(r);
}

/* Each failure has its own code (rc.h): what cannot be, and what is full. */
static void test_return_codes(void)
{
    wg_rules *r = make_rules();
    r->maxpieces = 2;
    wg_state *s = wg_state_new(r);
    const wg_grid *g = &r->grid;
    int a1 = wg_grid_at(g, 0, 0), j9 = wg_grid_at(g, 9, 8);
    CHECK(wg_state_add(s, ROOK, 1, a1) == 1, "the first piece is 1");
    CHECK(wg_state_add(s, ROOK, 2, a1) == WG_EINVAL, "a1 is taken");
    CHECK(wg_state_add(s, BLOCK, 2, j9) == WG_EINVAL, "2x2 off the edge");
    CHECK(wg_state_add(s, ROOK, 2, 0) == 2, "in reserve");
    CHECK(wg_state_add(s, ROOK, 2, 0) == WG_EFULL, "at most 2 pieces");
    CHECK(wg_state_move(s, 2, j9) == WG_EINVAL, "in reserve: no move");
    CHECK(wg_state_apply_move(s, (unsigned)j9, (unsigned)a1, 0) == WG_EINVAL,
          "no piece on the from-square");
    CHECK(wg_turn_spend(s, 2) == WG_EINVAL, "one action a turn");
    CHECK(wg_turn_set_result(s, 4, 0) == WG_EINVAL, "no side 4");
    CHECK(wg_grid_layer(&r->grid, "dead", 1) == WG_EINVAL, "name taken");
    CHECK(wg_grid_find_layer(&r->grid, "sea") == WG_EINVAL, "no layer 'sea'");
    CHECK(wg_grid_vec(&r->grid, 0, 0) == WG_EINVAL, "no null vector");
    wg_state_free(s);
    wg_rules_free(r);
    free(r);
}

int main(void)
{
    RUN(test_hash_matches_rehash);
    RUN(test_undo_restores_bytes);
    RUN(test_nested_marks);
    RUN(test_hash_is_position);
    RUN(test_repetitions);
    RUN(test_royal_filter_matches_full_check);
    RUN(test_random_is_journaled);
    RUN(test_return_codes);
    RUN(test_repetition_table);
    RUN(test_attacked_matches_forward_check);
    return RUN_SUMMARY();
}
