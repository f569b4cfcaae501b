/* state.h: a game state -- pieces, occupancy, side lists, dynamic terrain,
 * counters, the Zobrist hash, and the journal that undoes every change.
 *
 * All mutable data is one array of 32-bit words. Every change goes through
 * wg_state_set(), which journals the old word and the old hash, so undoing to
 * a mark restores the state byte for byte. Sides are 1 and 2. */
#ifndef WG_STATE_H
#define WG_STATE_H

#include <stddef.h>
#include <stdint.h>

#include "rules.h"

/* Fixed words at the start of the array. */
enum {
    W_SIDE,        /* side to move (whose turn it is) */
    W_DECIDER,     /* who takes the current decision; 0: the side to move */
    W_PHASE,
    W_LEFT,        /* actions left in this turn */
    W_TURN,        /* turns completed */
    W_RESULT,      /* 0 ongoing, 1 or 2 the winner, 3 a draw */
    W_REASON,      /* the game's code for why it ended */
    W_NPIECES,     /* piece ids in use */
    W_HISTLEN,     /* entries of the repetition history */
    W_RNG_LO, W_RNG_HI,
    W_FIXED
};

enum { PF_TYPE, PF_SIDE, PF_SQ, PF_INDEX, PF_USER, PF_NUSER = 4, PF_SIZE = 8 };

typedef struct wg_jentry {
    int32_t idx, old;
    uint64_t hash;
} wg_jentry;

typedef struct wg_state {
    const wg_rules *rules;
    int32_t *w;
    int nwords;
    int o_board, o_dyn, o_piece, o_list, o_count, o_var, o_deck;
    int deck_size;                /* words per deck: count then cards */
    uint64_t hash;
    wg_jentry *journal;
    int jlen, jcap;
    uint64_t *hist;               /* hashes of positions at turn starts */
    int hcap;
    /* How often each hash occurs in hist[0..W_HISTLEN): open addressing,
     * linear probing; a slot is empty when its count is 0 (its key is then
     * 0 too). Pushing onto the history is journaled (the W_HISTLEN word),
     * and undo takes the entries out again last in, first out, which
     * leaves the table exactly as it was. */
    uint64_t *rkey;
    int32_t *rcount;
    int rcap, rused;              /* slots (a power of 2), slots in use */
} wg_state;

/* Returns NULL when out of memory. */
wg_state *wg_state_new(const wg_rules *r);
wg_state *wg_state_copy(const wg_state *s);  /* without the journal */
void wg_state_free(wg_state *s);
/* Makes dst equal to src (same rules, else WG_EINVAL); the journal of dst is
 * cleared. */
int wg_state_assign(wg_state *dst, const wg_state *src);
/* Empties the board and every counter (journal cleared). */
void wg_state_clear(wg_state *s);
/* 1 if the two states are equal word for word, hash and history included. */
int wg_state_equal(const wg_state *a, const wg_state *b);

/* The journal. Growing it can fail only when memory runs out (WG_ENOMEM). */
int wg_state_grow(wg_state *s);

static inline int wg_state_set(wg_state *s, int idx, int32_t v)
{
    if (s->w[idx] == v)
        return WG_OK;
    if (s->jlen == s->jcap && wg_state_grow(s) != WG_OK)
        return WG_ENOMEM;
    wg_jentry *e = &s->journal[s->jlen++];
    e->idx = idx;
    e->old = s->w[idx];
    e->hash = s->hash;
    s->w[idx] = v;
    return WG_OK;
}

static inline int wg_state_mark(const wg_state *s) { return s->jlen; }
void wg_state_undo(wg_state *s, int mark);
/* Forgets the journal (the state stays as it is). */
static inline void wg_state_commit(wg_state *s) { s->jlen = 0; }

/* Hashing: the hash is kept up to date; rehash computes it from scratch. */
uint64_t wg_state_rehash(const wg_state *s);

/* Field access. */
static inline int32_t *wg_piece(const wg_state *s, int pid)
{
    return s->w + s->o_piece + pid * PF_SIZE;
}
static inline int wg_at(const wg_state *s, int sq)
{
    return s->w[s->o_board + sq];
}
static inline uint32_t wg_terrain(const wg_state *s, int sq)
{
    return s->rules->grid.terrain[sq] | (uint32_t)s->w[s->o_dyn + sq];
}
static inline int wg_count(const wg_state *s, int side)
{
    return s->w[s->o_count + side - 1];
}
static inline const int32_t *wg_list(const wg_state *s, int side)
{
    return s->w + s->o_list + (side - 1) * s->rules->maxpieces;
}

/* Pieces. Errors: WG_ENOMEM, WG_EINVAL (a square taken, a piece off the
 * board, ...), WG_EFULL (wg_state_add: the game's most pieces). */
int wg_state_add(wg_state *s, int type, int side, int sq); /* returns pid */
int wg_state_remove(wg_state *s, int pid);         /* off the board */
int wg_state_place(wg_state *s, int pid, int sq);  /* back onto the board */
int wg_state_move(wg_state *s, int pid, int to);   /* to empty squares */
int wg_state_retype(wg_state *s, int pid, int type);
int wg_state_set_field(wg_state *s, int pid, int k, int32_t v);
/* Squares a piece of this type covers when anchored at sq; 0 if it does
 * not fit on the board. */
int wg_state_cover(const wg_state *s, int type, int side, int sq, int *out);

/* The built-in move: the piece on a goes to b, removing what stands there;
 * a nonzero e changes its type (promotion). Returns the captured piece id,
 * 0 if none, or a negative code. */
int wg_state_apply_move(wg_state *s, unsigned a, unsigned b, unsigned e);

/* A piece-square evaluation: the sum of v[owner][type][square] over the
 * pieces on the board, counted for side and against its foe, added in
 * piece id order. v holds 2 * (ntypes + 1) * (nsq + 1) values, owner 1's
 * first, by type, then square; a piece whose type or square lies past the
 * table's counts 0. */
double wg_state_material(const wg_state *s, const double *v, int ntypes,
                         int nsq, int side);

/* Dynamic terrain. */
int wg_state_set_layer(wg_state *s, int sq, int layer, int on);

/* Counters declared by the game. */
int wg_state_set_var(wg_state *s, int var, int32_t v);

/* Turn words (W_SIDE, ...): hashed or not as the turn machinery needs. */
int wg_state_set_word(wg_state *s, int idx, int32_t v);

/* Repetition history: push the current position; empty the history; how
 * often the current position occurred before the history's last entry
 * (constant time: the count table). */
int wg_state_push_history(wg_state *s);
void wg_state_clear_history(wg_state *s);
int wg_state_repetitions(const wg_state *s);
/* How many history entries (turns) back the current position occurred
 * first, or 0 if it did not occur before: the span of a repetition cycle,
 * for rules that look at every position in it (perpetual check). */
int wg_state_repetition_span(const wg_state *s);

/* The state's random generator (splitmix64): a number in [0, n). */
int wg_state_random(wg_state *s, uint32_t n, uint32_t *out);
int wg_state_seed(wg_state *s, uint64_t seed);

static inline uint64_t wg_state_rng(const wg_state *s)
{
    return (uint64_t)(uint32_t)s->w[W_RNG_LO]
           | (uint64_t)(uint32_t)s->w[W_RNG_HI] << 32;
}

/* One step of the generator on a local copy of its state: [0, n). */
static inline uint64_t wg_rng_bits(uint64_t *x)
{   /* splitmix64: advance the state, mix it */
    *x += 0x9e3779b97f4a7c15ULL;
    return wg_mix64(*x);
}

/* A number in [0, n) from 32 random bits: a uniform draw, the generator's
 * (below) and that of a playout that counts the actions after drawing. */
static inline uint32_t wg_rng_index(uint32_t draw, uint32_t n)
{
    return (uint32_t)(((uint64_t)draw * n) >> 32);
}

static inline uint32_t wg_rng_next(uint64_t *x, uint32_t n)
{
    return wg_rng_index((uint32_t)(wg_rng_bits(x) >> 32), n);
}

/* Decks of cards. */
static inline int32_t *wg_deck(const wg_state *s, int d)
{
    return s->w + s->o_deck + d * s->deck_size;
}

#endif
