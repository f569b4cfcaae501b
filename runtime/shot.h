/* shot.h: moves followed by a shot -- a piece moves by its pattern, then fires
 * along a ray from where it landed (Amazons arrows, Trenches grenades). */
#ifndef WG_SHOT_H
#define WG_SHOT_H

#include <stddef.h>

#include "actions.h"
#include "state.h"

/* What a move-and-shoot action generator needs to know. */
typedef struct wg_shot {
    unsigned kind;        /* kind of the actions made */
    uint32_t movers;      /* piece types that move and then shoot */
    int pattern;          /* the type whose move atoms the shot follows */
    uint32_t guards;      /* no shot lands next to a piece of these types */
    int origin_open;      /* the mover's origin is empty for the shot; else
                           * the mover still stands there for it */
    int guards_stop;      /* a guarded square also stops the shot in flight */
} wg_shot;

/* 1 if a piece of one of the types (a bit mask of type ids, either side)
 * stands on one of the 8 squares around sq. */
int wg_shot_guarded(const wg_state *s, int sq, uint32_t types);

/* Sets zone[sq] (for sq 0..nsq) to 1 on every square guarded by the types,
 * 0 elsewhere; the piece `except` (0: none) guards nothing. */
void wg_shot_zone(const wg_state *s, uint32_t types, int except, uint8_t *zone);

/* Appends, for every piece of `side` whose type is a mover, every move of its
 * pattern to an empty square followed by every shot from the landing square:
 * actions (kind, from, to, target). A move with no shot makes no action.
 * Guarded squares are those after the move (a mover that guards guards
 * around its landing square).
 * Returns the number added, or the list's error (WG_EFULL, WG_ENOMEM). */
int wg_shot_trace(const wg_state *s, int side, const wg_shot *spec,
                  wg_actlist *out);
/* The same actions in the same order, walking every shot square by square
 * as wg_shot_trace does for the patterns its fast path does not cover (the
 * tests hold the fast path to it). */
int wg_shot_trace_walk(const wg_state *s, int side, const wg_shot *spec,
                       wg_actlist *out);

/* A move and shot played as one: the piece on the action's a goes to b
 * (wg_state_apply_move, e its promotion), square c gets the dynamic layer,
 * and the turn ends. Returns 0 or a negative code. */
int wg_shot_play(wg_state *s, wg_action x, int layer);

/* What wg_shot_pick works out once for a spec's rules and keeps between
 * calls, in wg_shot_memo_size() bytes the caller zeroes before the first
 * call: one for each spec. */
typedef struct wg_shot_memo wg_shot_memo;
size_t wg_shot_memo_size(void);

/* One action of wg_shot_trace's n, drawn without making the list: the one
 * at index wg_rng_index(draw, n) (draw: 32 random bits) in *x. Returns n
 * (0: none, *x unset), or the list's error. Where shots land wherever
 * they pass and the movers' moves stop where shots pass (the Amazons), it
 * counts each move's shots along their rays and makes only the one drawn,
 * with out to note the counts in; else it appends the list to out and
 * draws from it. */
int wg_shot_pick(const wg_state *s, int side, const wg_shot *spec,
                 wg_shot_memo *memo, uint32_t draw, wg_actlist *out,
                 wg_action *x);

/* Territory, as Amazons programs count it: every piece of both sides moves
 * by the move atoms of type `pattern` (as the tracer walks them, from the
 * position as it stands), and an empty square belongs to the side whose
 * pieces reach it in fewer moves. Sets count[0] and count[1] to the squares
 * side 1 and side 2 own (a square both reach in as many moves is no one's),
 * and count[2] and count[3] to the squares each reaches in one move. The
 * walk knows the atoms' block, noland and over masks, as shots do. */
void wg_shot_territory(const wg_state *s, int pattern, int count[4]);

/* The distances territory counts: dist[sq] (sq 0..nsq) gets the moves
 * side's pieces need to reach sq by the pattern's move atoms, 0 for a
 * square none reaches and for the pieces' own squares. Returns the squares
 * reached in one move. On a board of at most 128 squares, when every move
 * atom slides from distance 1 to the edge over no piece with the same
 * block mask and no noland, the search runs on bitsets, a whole frontier a
 * step; wg_shot_distances_walk walks square by square whatever the board
 * and the pattern: the other cases take it, and the tests hold the bitset
 * search to it. */
int wg_shot_distances(const wg_state *s, int pattern, int side,
                      uint16_t *dist);
int wg_shot_distances_walk(const wg_state *s, int pattern, int side,
                           uint16_t *dist);

#endif
