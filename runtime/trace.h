/* trace.h: tracing compiled patterns on a state -- slides, leaps, large
 * pieces, move-then-capture, attacks, and the royal-safety filter. */
#ifndef WG_TRACE_H
#define WG_TRACE_H

#include "actions.h"
#include "state.h"

/* Appends the pattern moves of one piece as actions (kind, from, to, 0, 0,
 * promotion type). Returns the number added, or -1 when the list is full.
 * A large piece (one with a shape) makes the moves of its anchor after which
 * every square it covers is on the board and empty; it never captures. */
int wg_trace_piece(const wg_state *s, int pid, unsigned kind, wg_actlist *out);
/* The same, keeping only the stops of the given modes (WG_MOVE to an empty
 * square, WG_CAPTURE of an enemy piece). */
int wg_trace_modes(const wg_state *s, int pid, unsigned kind, int modes,
                   wg_actlist *out);
/* Move then capture: for the piece's square and every square it may move
 * to (the via), every enemy piece its pattern captures from there, as
 * (kind, from, target, via); a large target once per via, by its anchor.
 * One-square pieces only. The state is unchanged on return. */
int wg_trace_via(wg_state *s, int pid, unsigned kind, wg_actlist *out);
/* The same for every piece of a side. */
int wg_trace_side(const wg_state *s, int side, unsigned kind, wg_actlist *out);

/* 1 if the piece's pattern reaches sq in the given mode (WG_MOVE for a
 * move to an empty square, WG_CAPTURE for a capture of what stands there). */
int wg_trace_reaches(const wg_state *s, int pid, int sq, int mode);

/* 1 if a piece of side `by` could capture on sq. */
int wg_trace_attacked(const wg_state *s, int sq, int by);
/* 1 if one of the side's royal pieces is attacked. */
int wg_trace_in_check(const wg_state *s, int side);

/* Removes from l the moves (fields a = from, b = to) after which one of the
 * mover's royal pieces would be attacked. Returns the number kept. */
int wg_trace_keep_royal_safe(wg_state *s, wg_actlist *l);

#endif
