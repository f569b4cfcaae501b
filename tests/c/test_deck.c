/* test_deck.c: unit tests of decks -- every deck change is undone exactly,
 * shuffles are seeded permutations, and a side's view hides what it should. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "deck.h"
#include "rules.h"
#include "state.h"

enum { A, B, OPEN, NDECKS };

static wg_rules *make_rules(void)
{
    wg_rules *r = calloc(1, sizeof *r);
    wg_rules_init(r, 8, 8);
    wg_rules_add_type(r, "man", 'm');
    r->ndecks = NDECKS;
    r->deck_seen[OPEN] = 3;   /* face up: both sides see it */
    wg_rules_finish(r);
    return r;
}

static void fill(wg_state *s, int d, int n)
{
    int32_t c[WG_MAX_CARDS];
    for (int i = 0; i < n; i++)
        c[i] = 2 + i % 13;
    wg_deck_set(s, d, c, n);
}

/* sorted histogram of the values 2..14 in deck d */
static void histogram(const wg_state *s, int d, int *h)
{
    memset(h, 0, 16 * sizeof *h);
    for (int i = 1; i <= wg_deck_count(s, d); i++)
        h[wg_deck(s, d)[i]]++;
}

static void test_draw_split_gather(void)
{
    wg_rules *r = make_rules();
    wg_state *s = wg_state_new(r);
    int32_t c[4] = { 5, 6, 7, 8 };
    wg_deck_set(s, A, c, 4);
    CHECK(wg_deck_draw(s, A, OPEN) == 8, "the top card is the last");
    CHECK(wg_deck_count(s, A) == 3 && wg_deck_count(s, OPEN) == 1, "moved");
    CHECK(wg_deck_split(s, A, B, 2) == WG_OK, "split");
    CHECK(wg_deck_count(s, B) == 2 && wg_deck(s, B)[1] == 6 && wg_deck(s, B)[2] == 7,
          "split keeps the order of the top cards");
    CHECK(wg_deck_gather(s, A, B) == WG_OK
          && wg_deck_gather(s, A, OPEN) == WG_OK, "gather");
    CHECK(wg_deck_count(s, A) == 4 && wg_deck(s, A)[4] == 8, "gathered on top");
    CHECK(wg_deck_draw(s, B, -1) == 0, "an empty deck draws nothing");
    CHECK(wg_deck_split(s, A, B, 5) == WG_EINVAL,
          "cannot split more than it holds");
    CHECK(wg_deck_draw(s, NDECKS, -1) == WG_EINVAL, "no such deck");
    fill(s, B, WG_MAX_CARDS);
    CHECK(wg_deck_draw(s, A, B) == WG_EFULL, "a full deck takes no more");
    CHECK(wg_deck_split(s, A, B, 1) == WG_EFULL, "nor by a split");
    wg_state_free(s);
    wg_rules_free(r);
    free(r);
}

static void test_undo_is_exact(void)
{
    wg_rules *r = make_rules();
    wg_state *s = wg_state_new(r);
    wg_state_seed(s, 7);
    fill(s, A, 52);
    uint64_t x = 99;
    for (int round = 0; round < 200; round++) {
        wg_state *before = wg_state_copy(s);
        int mark = wg_state_mark(s);
        for (int i = 0; i < 10; i++) {
            switch (wg_rng_next(&x, 5)) {
            case 0: wg_deck_shuffle(s, (int)wg_rng_next(&x, NDECKS)); break;
            case 1: wg_deck_draw(s, (int)wg_rng_next(&x, 2), OPEN); break;
            case 2: wg_deck_split(s, A, B, (int)wg_rng_next(&x, 4)); break;
            case 3: wg_deck_gather(s, (int)wg_rng_next(&x, 2), OPEN); break;
            default: wg_deck_gather(s, A, B);
            }
        }
        int total = 0;
        for (int d = 0; d < NDECKS; d++)
            total += wg_deck_count(s, d);
        CHECK(total == 52, "round %d: %d cards", round, total);
        CHECK(s->hash == wg_state_rehash(s), "decks are not hashed");
        wg_state_undo(s, mark);
        CHECK(wg_state_equal(s, before), "round %d: undo restores the decks", round);
        wg_state_free(before);
        wg_deck_shuffle(s, A);   /* move on */
    }
    wg_state_free(s);
    wg_rules_free(r);
    free(r);
}

static void test_shuffle_is_seeded(void)
{
    wg_rules *r = make_rules();
    wg_state *s = wg_state_new(r), *t = wg_state_new(r);
    fill(s, A, 52);
    fill(t, A, 52);
    wg_state_seed(s, 1234);
    wg_state_seed(t, 1234);
    int h0[16], h1[16];
    histogram(s, A, h0);
    wg_deck_shuffle(s, A);
    wg_deck_shuffle(t, A);
    histogram(s, A, h1);
    CHECK(memcmp(h0, h1, sizeof h0) == 0, "a shuffle keeps the cards");
    CHECK(wg_state_equal(s, t), "the same seed gives the same order");
    int moved = 0;
    for (int i = 1; i <= 52; i++)
        moved += wg_deck(s, A)[i] != 2 + (i - 1) % 13;
    CHECK(moved > 30, "a shuffle moves most cards (%d moved)", moved);
    wg_state_seed(t, 1235);
    fill(t, A, 52);
    wg_deck_shuffle(t, A);
    CHECK(memcmp(wg_deck(s, A), wg_deck(t, A), 53 * sizeof(int32_t)) != 0,
          "another seed, another order");
    /* each card lands in the top position about equally often */
    int top[16] = { 0 };
    for (int i = 0; i < 13000; i++) {
        fill(t, A, 13);
        wg_deck_shuffle(t, A);
        top[wg_deck(t, A)[13]]++;
    }
    for (int v = 2; v <= 14; v++)
        CHECK(top[v] > 850 && top[v] < 1150, "card %d on top %d times of 13000", v, top[v]);
    wg_state_free(s);
    wg_state_free(t);
    wg_rules_free(r);
    free(r);
}

static void test_view_hides_order(void)
{
    wg_rules *r = make_rules();
    wg_state *s = wg_state_new(r);
    wg_state_seed(s, 42);
    fill(s, A, 52);
    wg_deck_shuffle(s, A);
    wg_deck_split(s, A, B, 26);
    wg_deck_draw(s, A, OPEN);
    wg_deck_draw(s, B, OPEN);
    wg_state *t = wg_state_copy(s);   /* the same but the hidden order */
    wg_deck_gather(t, A, B);
    wg_deck_shuffle(t, A);
    wg_deck_split(t, A, B, 25);
    wg_state *v = wg_state_view(s, 1, 0, 0), *w = wg_state_view(t, 1, 0, 0);
    CHECK(wg_state_equal(v, w), "the canonical view does not depend on the order");
    CHECK(wg_deck_count(v, A) == 25 && wg_deck_count(v, B) == 25, "counts are kept");
    CHECK(wg_deck(v, OPEN)[1] == wg_deck(s, OPEN)[1] && wg_deck(v, OPEN)[2] == wg_deck(s, OPEN)[2],
          "an open deck is seen as it is");
    CHECK(wg_state_rng(v) != wg_state_rng(s), "the generator is replaced");
    CHECK(v->hash == s->hash, "the position is the same");
    int ok = 1;
    for (int i = 2; i <= 25; i++)
        ok = ok && wg_deck(v, A)[i - 1] <= wg_deck(v, A)[i];
    CHECK(ok, "canonical: sorted");
    int hs[16], hv[16], h2[16];
    histogram(s, A, hs);
    histogram(s, B, h2);
    for (int i = 0; i < 16; i++)
        hs[i] += h2[i];
    histogram(v, A, hv);
    histogram(v, B, h2);
    for (int i = 0; i < 16; i++)
        hv[i] += h2[i];
    CHECK(memcmp(hs, hv, sizeof hs) == 0, "the hidden cards are the same cards");
    wg_state *x = wg_state_view(s, 2, 5, 1), *y = wg_state_view(t, 2, 5, 1);
    CHECK(wg_state_equal(x, y), "a seeded view depends on the seed alone");
    wg_state *z = wg_state_view(s, 2, 6, 1);
    CHECK(!wg_state_equal(x, z), "another seed, another sample");
    CHECK(z->jlen == 0, "a view has no journal");
    wg_state_free(x);
    wg_state_free(y);
    wg_state_free(z);
    wg_state_free(v);
    wg_state_free(w);
    wg_state_free(t);
    wg_state_free(s);
    wg_rules_free(r);
    free(r);
}

int main(void)
{
    RUN(test_draw_split_gather);
    RUN(test_undo_is_exact);
    RUN(test_shuffle_is_seeded);
    RUN(test_view_hides_order);
    return RUN_SUMMARY();
}
