/* deck.c: decks of cards inside a state -- fill, draw, shuffle, split and
 * gather, all journaled, and a side's view in which hidden orders are lost. */
#include "deck.h"

#include <stdlib.h>

static int bad_deck(const wg_state *s, int d)
{
    return d < 0 || d >= s->rules->ndecks;
}

/* Word index of card i (0-based from the bottom) of deck d. */
static int card_word(const wg_state *s, int d, int i)
{
    return s->o_deck + d * s->deck_size + 1 + i;
}

static int count_word(const wg_state *s, int d)
{
    return s->o_deck + d * s->deck_size;
}

int wg_deck_set(wg_state *s, int d, const int32_t *cards, int n)
{
    if (bad_deck(s, d) || n < 0)
        return WG_EINVAL;
    if (n > WG_MAX_CARDS)
        return WG_EFULL;
    for (int i = 0; i < n; i++)
        if (cards[i] == 0)
            return WG_EINVAL;
    for (int i = 0; i < n; i++)
        WG_TRY(wg_state_set(s, card_word(s, d, i), cards[i]));
    for (int i = n; i < wg_deck_count(s, d); i++)
        WG_TRY(wg_state_set(s, card_word(s, d, i), 0));
    WG_TRY(wg_state_set(s, count_word(s, d), n));
    return WG_OK;
}

/* Puts a card on top of deck d. */
static int push(wg_state *s, int d, int32_t card)
{
    int n = wg_deck_count(s, d);
    if (n == WG_MAX_CARDS)
        return WG_EFULL;
    WG_TRY(wg_state_set(s, card_word(s, d, n), card));
    WG_TRY(wg_state_set(s, count_word(s, d), n + 1));
    return WG_OK;
}

int32_t wg_deck_draw(wg_state *s, int d, int to)
{
    if (bad_deck(s, d) || (to >= 0 && (bad_deck(s, to) || to == d)))
        return WG_EINVAL;
    int n = wg_deck_count(s, d);
    if (n == 0)
        return 0;
    int32_t card = wg_deck(s, d)[n];
    WG_TRY(wg_state_set(s, card_word(s, d, n - 1), 0));
    WG_TRY(wg_state_set(s, count_word(s, d), n - 1));
    if (to >= 0)
        WG_TRY(push(s, to, card));
    return card;
}

/* Fisher-Yates on a local copy of the generator, written back once. */
static void shuffle_cards(int32_t *c, int n, uint64_t *x)
{
    for (int i = n - 1; i > 0; i--) {
        int j = (int)wg_rng_next(x, (uint32_t)i + 1);
        int32_t t = c[i];
        c[i] = c[j];
        c[j] = t;
    }
}

int wg_deck_shuffle(wg_state *s, int d)
{
    if (bad_deck(s, d))
        return WG_EINVAL;
    int n = wg_deck_count(s, d);
    int32_t cards[WG_MAX_CARDS];
    for (int i = 0; i < n; i++)
        cards[i] = wg_deck(s, d)[1 + i];
    uint64_t x = wg_state_rng(s);
    shuffle_cards(cards, n, &x);
    WG_TRY(wg_state_seed(s, x));
    for (int i = 0; i < n; i++)
        WG_TRY(wg_state_set(s, card_word(s, d, i), cards[i]));
    return WG_OK;
}

int wg_deck_split(wg_state *s, int from, int to, int n)
{
    if (bad_deck(s, from) || bad_deck(s, to) || from == to || n < 0)
        return WG_EINVAL;
    int have = wg_deck_count(s, from), there = wg_deck_count(s, to);
    if (n > have)
        return WG_EINVAL;
    if (there + n > WG_MAX_CARDS)
        return WG_EFULL;
    for (int i = 0; i < n; i++)
        WG_TRY(wg_state_set(s, card_word(s, to, there + i),
                         wg_deck(s, from)[1 + have - n + i]));
    WG_TRY(wg_state_set(s, count_word(s, to), there + n));
    for (int i = have - n; i < have; i++)
        WG_TRY(wg_state_set(s, card_word(s, from, i), 0));
    WG_TRY(wg_state_set(s, count_word(s, from), have - n));
    return WG_OK;
}

int wg_deck_gather(wg_state *s, int to, int from)
{
    if (bad_deck(s, from))
        return WG_EINVAL;
    return wg_deck_split(s, from, to, wg_deck_count(s, from));
}

static int less(const void *a, const void *b)
{
    int32_t x = *(const int32_t *)a, y = *(const int32_t *)b;
    return (x > y) - (x < y);
}

wg_state *wg_state_view(const wg_state *s, int side, uint64_t seed, int shuffle)
{
    wg_state *v = wg_state_copy(s);
    if (v)
        wg_state_view_into(v, s, side, seed, shuffle);
    return v;
}

int wg_state_view_into(wg_state *v, const wg_state *s, int side,
                       uint64_t seed, int shuffle)
{
    WG_TRY(wg_state_assign(v, s));
    const wg_rules *r = s->rules;
    int32_t pool[WG_MAX_DECKS * WG_MAX_CARDS];
    int n = 0;
    for (int d = 0; d < r->ndecks; d++)
        if (!(r->deck_seen[d] >> (side - 1) & 1))
            for (int i = 0; i < wg_deck_count(s, d); i++)
                pool[n++] = wg_deck(s, d)[1 + i];
    /* sorted first: a shuffle of the true order could be undone */
    qsort(pool, (size_t)n, sizeof *pool, less);
    uint64_t x = seed;
    if (shuffle)
        shuffle_cards(pool, n, &x);
    n = 0;
    for (int d = 0; d < r->ndecks; d++)
        if (!(r->deck_seen[d] >> (side - 1) & 1))
            for (int i = 0; i < wg_deck_count(v, d); i++)
                v->w[card_word(v, d, i)] = pool[n++];
    /* neither decks nor the generator are hashed: the hash stands */
    v->w[W_RNG_LO] = (int32_t)(uint32_t)x;
    v->w[W_RNG_HI] = (int32_t)(uint32_t)(x >> 32);
    return WG_OK;
}
