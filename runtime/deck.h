/* deck.h: decks of cards inside a state -- fill, draw, shuffle, split and
 * gather, all journaled, and a side's view in which hidden orders are lost.
 *
 * Deck d (0-based, below rules.ndecks) is wg_deck(s, d) = [count, cards...]:
 * cards are nonzero integers the game gives meaning to, from the bottom
 * (index 1) to the top (index count). Deck words are not hashed: their order
 * is chance, not position. Errors: WG_ENOMEM, WG_EINVAL (no such deck, more
 * cards than a deck holds), WG_EFULL (past WG_MAX_CARDS in one deck). */
#ifndef WG_DECK_H
#define WG_DECK_H

#include "state.h"

static inline int wg_deck_count(const wg_state *s, int d)
{
    return wg_deck(s, d)[0];
}

/* Replaces the deck's cards (bottom first). */
int wg_deck_set(wg_state *s, int d, const int32_t *cards, int n);
/* Takes the top card; puts it on top of deck `to` unless to < 0. Returns
 * the card, or 0 when the deck is empty. */
int32_t wg_deck_draw(wg_state *s, int d, int to);
/* Shuffles with the state's generator (which advances). */
int wg_deck_shuffle(wg_state *s, int d);
/* Moves the top n cards of `from` onto `to`, keeping their order. */
int wg_deck_split(wg_state *s, int from, int to, int n);
/* Moves every card of `from` onto `to`, keeping their order. */
int wg_deck_gather(wg_state *s, int to, int from);

/* A copy of s as `side` may know it: the cards of the decks that side does
 * not see are pooled and dealt back, each deck keeping its count -- sorted
 * when shuffle is 0, else shuffled by a generator seeded with seed -- and
 * the state's generator continues from that one (the true generator's state
 * would tell past shuffles). The copy has no journal. NULL when out of
 * memory. */
wg_state *wg_state_view(const wg_state *s, int side, uint64_t seed,
                        int shuffle);
/* The same into v, a state of the same rules (else WG_EINVAL); WG_ENOMEM
 * when out of memory. */
int wg_state_view_into(wg_state *v, const wg_state *s, int side,
                       uint64_t seed, int shuffle);

#endif
