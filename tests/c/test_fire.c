/* test_fire.c: unit tests of line of fire, arcs and range, and of the
 * tracer's large pieces and move-then-capture. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "fire.h"
#include "rules.h"
#include "state.h"
#include "trace.h"

enum { MAN = 1, GUN, TANK };

static wg_rules *make_rules(void)
{
    wg_rules *r = calloc(1, sizeof *r);
    wg_rules_init(r, 8, 8);
    wg_rules_add_type(r, "man", 'm');
    wg_rules_add_type(r, "gun", 'g');
    wg_rules_add_type(r, "tank", 't');
    static const int king[8][2] = { { 1, 0 }, { -1, 0 }, { 0, 1 }, { 0, -1 },
                                    { 1, 1 }, { -1, 1 }, { 1, -1 }, { -1, -1 } };
    for (int i = 0; i < 8; i++) {
        wg_atom m = { .min = 1, .max = 1, .mode = WG_MOVE };
        wg_atom c = { .min = 1, .max = 1, .mode = WG_CAPTURE };
        wg_rules_add_atom(r, MAN, king[i][0], king[i][1], m);
        wg_rules_add_atom(r, MAN, king[i][0], king[i][1], c);
    }
    wg_atom up = { .min = 1, .max = 1, .mode = WG_MOVE };
    wg_rules_add_atom(r, TANK, 0, 1, up);
    wg_rules_add_atom(r, TANK, 0, -1, up);
    r->type[TANK].nshape = 4;
    static const int8_t sq2[4][2] = { { 0, 0 }, { 1, 0 }, { 0, 1 }, { 1, 1 } };
    memcpy(r->type[TANK].shape, sq2, sizeof sq2);
    r->type[GUN].fire = (wg_fire){ .range = 2, .arc = 45, .immune = 1u << TANK };
    r->type[TANK].fire = (wg_fire){ .range = 2, .arc = 180, .immune = 1u << TANK };
    wg_rules_finish(r);
    return r;
}

static int at(const wg_rules *r, const char *name)
{
    return wg_grid_parse(&r->grid, name, NULL);
}

/* the line from a to b as text: "a2 [b2 c2] d2" style, pairs in brackets */
static void line_text(const wg_rules *r, const char *a, const char *b, char *buf)
{
    int sq[32];
    uint8_t pair[32];
    int n = wg_fire_line(&r->grid, at(r, a), at(r, b), sq, pair);
    buf[0] = 0;
    for (int i = 0; i < n; i++) {
        char name[8];
        wg_grid_name(&r->grid, sq[i], name);
        if (i)
            strcat(buf, " ");
        if (pair[i])
            strcat(buf, "[");
        strcat(buf, name);
        if (i && pair[i - 1])
            strcat(buf, "]");
    }
}

static void test_lines(void)
{
    wg_rules *r = make_rules();
    static const char *const cases[][3] = {
        { "a1", "a2", "" }, { "a1", "b2", "" }, { "a1", "a3", "a2" },
        { "a1", "c3", "b2" }, { "a1", "b3", "[a2 b2]" }, { "a1", "c2", "[b1 b2]" },
        { "c3", "b1", "[b2 c2]" }, { "a1", "d2", "b1 c2" }, { "a1", "e3", "[b1 b2] c2 [d2 d3]" },
        { "h8", "a8", "g8 f8 e8 d8 c8 b8" }, { "a1", "d4", "b2 c3" },
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        char buf[256];
        line_text(r, cases[i][0], cases[i][1], buf);
        CHECK(strcmp(buf, cases[i][2]) == 0, "%s-%s: got '%s', want '%s'",
              cases[i][0], cases[i][1], buf, cases[i][2]);
    }
    /* a line crosses the same squares both ways */
    for (int a = 1; a <= 64; a++)
        for (int b = 1; b <= 64; b++) {
            int s1[32], s2[32], seen[65] = { 0 };
            uint8_t p1[32], p2[32];
            int n1 = wg_fire_line(&r->grid, a, b, s1, p1);
            int n2 = wg_fire_line(&r->grid, b, a, s2, p2);
            int same = n1 == n2;
            for (int i = 0; i < n1; i++)
                seen[s1[i]]++;
            for (int i = 0; i < n2 && same; i++)
                same = seen[s2[i]] == 1;
            CHECK(same, "line %d-%d differs from %d-%d", a, b, b, a);
        }
    CHECK(wg_fire_distance(&r->grid, at(r, "a1"), at(r, "c2")) == 2, "king moves");
    CHECK(wg_fire_distance(&r->grid, at(r, "h1"), at(r, "a8")) == 7, "king moves");
    wg_rules_free(r);
    free(r);
}

static void test_blockers(void)
{
    wg_rules *r = make_rules();
    wg_state *s = wg_state_new(r);
    int a1 = at(r, "a1"), b3 = at(r, "b3");
    wg_state_add(s, MAN, 1, a1);
    wg_state_add(s, MAN, 2, b3);
    CHECK(!wg_fire_blocker(s, a1, b3, WG_CORNER_BOTH, 0), "clear");
    int p = wg_state_add(s, MAN, 2, at(r, "a2"));
    CHECK(!wg_fire_blocker(s, a1, b3, WG_CORNER_BOTH, 0), "one of a pair: clear");
    CHECK(wg_fire_blocker(s, a1, b3, WG_CORNER_EITHER, 0) == at(r, "a2"), "either");
    wg_state_add(s, MAN, 1, at(r, "b2"));
    CHECK(wg_fire_blocker(s, a1, b3, WG_CORNER_BOTH, 0) == at(r, "a2"), "both");
    wg_state_remove(s, p);
    int t = wg_state_add(s, TANK, 1, at(r, "c1"));
    CHECK(wg_fire_blocker(s, at(r, "e1"), a1, 0, 0) == at(r, "d1"), "a tank blocks");
    CHECK(!wg_fire_blocker(s, at(r, "d1"), at(r, "a1"), 0, 0),
          "the shooter's own squares do not block");
    CHECK(!wg_fire_blocker(s, at(r, "e2"), at(r, "c2"), 0, 0), "nor the target's");
    (void)t;
    wg_state_free(s);
    wg_rules_free(r);
    free(r);
}

static void test_arcs(void)
{
    /* 45 degrees either side of forward: forward distance 1-2 and
     * sideways no more than forward, within range 2 */
    int n = 0, ok = 1;
    for (int dx = -2; dx <= 2; dx++)
        for (int dy = -2; dy <= 2; dy++) {
            if (!dx && !dy)
                continue;
            int in = wg_fire_in_arc(dx, dy, 0, 1, 45);
            n += in;
            ok = ok && in == (dy >= 1 && abs(dx) <= dy);
            ok = ok && wg_fire_in_arc(dx, -dy, 0, -1, 45) == in;
            ok = ok && wg_fire_in_arc(dx, dy, 0, 1, 180);
        }
    CHECK(n == 8 && ok, "the forward arc holds 8 squares (%d)", n);
    CHECK(wg_fire_in_arc(1, 0, 1, 1, 45) && !wg_fire_in_arc(-1, 0, 1, 1, 45), "diagonal facing");
}

static int has(const wg_actlist *l, const wg_rules *r, const char *from, const char *to)
{
    for (int i = 0; i < l->n; i++)
        if ((int)wg_act_a(l->a[i]) == at(r, from) && (int)wg_act_b(l->a[i]) == at(r, to))
            return 1;
    return 0;
}

static void test_targets(void)
{
    wg_rules *r = make_rules();
    wg_state *s = wg_state_new(r);
    int gun = wg_state_add(s, GUN, 1, at(r, "d3"));
    wg_state_add(s, MAN, 2, at(r, "d5"));
    wg_state_add(s, MAN, 2, at(r, "f5"));
    wg_state_add(s, MAN, 2, at(r, "e3"));   /* beside: not in the arc */
    wg_state_add(s, MAN, 2, at(r, "d6"));   /* out of range */
    wg_state_add(s, TANK, 2, at(r, "b4"));  /* immune */
    wg_actlist l = { 0 };
    CHECK(wg_fire_targets(s, gun, 3, &l) == 2, "two targets, got %d", l.n);
    CHECK(has(&l, r, "d3", "d5") && has(&l, r, "d3", "f5"), "d5 and f5");
    int blocker = wg_state_add(s, MAN, 1, at(r, "d4"));
    l.n = 0;
    CHECK(wg_fire_targets(s, gun, 3, &l) == 1 && has(&l, r, "d3", "f5"), "d4 blocks d5");
    wg_state_remove(s, blocker);
    /* a large piece fires from any of its squares, once per target */
    wg_state *t = wg_state_new(r);
    int tank = wg_state_add(t, TANK, 1, at(r, "d4"));
    static const char *const around[] = { "b2", "f2", "b6", "f6", "c4", "f5", "d3", "e6",
                                          "g4", "b5" };
    for (size_t i = 0; i < sizeof around / sizeof around[0]; i++)
        wg_state_add(t, MAN, 2, at(r, around[i]));
    wg_state_add(t, MAN, 2, at(r, "h4"));   /* 3 from e4 */
    l.n = 0;
    CHECK(wg_fire_targets(t, tank, 3, &l) == 10, "all round, from four squares: %d", l.n);
    for (size_t i = 0; i < sizeof around / sizeof around[0]; i++)
        CHECK(has(&l, r, "d4", around[i]), "target %s", around[i]);
    wg_actlist_free(&l);
    wg_state_free(t);
    wg_state_free(s);
    wg_rules_free(r);
    free(r);
}

static void test_large_moves_and_via(void)
{
    wg_rules *r = make_rules();
    wg_state *s = wg_state_new(r);
    int tank = wg_state_add(s, TANK, 1, at(r, "c1"));
    wg_actlist l = { 0 };
    CHECK(wg_trace_piece(s, tank, 1, &l) == 1 && has(&l, r, "c1", "c2"), "forward only at the edge");
    wg_state_move(s, tank, at(r, "c3"));
    int m = wg_state_add(s, MAN, 2, at(r, "d5"));
    l.n = 0;
    CHECK(wg_trace_piece(s, tank, 1, &l) == 1 && has(&l, r, "c3", "c2"), "d5 blocks the way up");
    wg_state_remove(s, m);
    wg_state_add(s, MAN, 1, at(r, "f7"));
    wg_state_add(s, MAN, 2, at(r, "g8"));
    wg_state_add(s, MAN, 2, at(r, "h6"));
    wg_state_add(s, MAN, 1, at(r, "f8"));
    int man = wg_at(s, at(r, "f7"));
    l.n = 0;
    wg_trace_via(s, man, 2, &l);
    /* vias: f7 itself and e6 e7 e8 f6 g6 g7; g8 is next to f7 and g7, h6
     * next to g6 and g7 */
    int n_g8 = 0, n_h6 = 0, n_tank = 0;
    for (int i = 0; i < l.n; i++) {
        n_g8 += (int)wg_act_b(l.a[i]) == at(r, "g8");
        n_h6 += (int)wg_act_b(l.a[i]) == at(r, "h6");
        n_tank += (int)wg_act_b(l.a[i]) == at(r, "c3");
    }
    CHECK(n_g8 == 2, "g8 from f7 and g7: got %d", n_g8);
    CHECK(n_h6 == 2, "h6 from g6 and g7: got %d", n_h6);
    CHECK(l.n == 4, "four attacks in all: got %d", l.n);
    CHECK(n_tank == 0, "the tank (own) is no target");
    CHECK(wg_at(s, at(r, "f7")) == man, "the state is as it was");
    wg_actlist_free(&l);
    wg_state_free(s);
    wg_rules_free(r);
    free(r);
}

int main(void)
{
    RUN(test_lines);
    RUN(test_blockers);
    RUN(test_arcs);
    RUN(test_targets);
    RUN(test_large_moves_and_via);
    return RUN_SUMMARY();
}
