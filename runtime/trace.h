/* trace.h: tracing compiled patterns on a state -- slides, leaps, large
 * pieces, move-then-capture, attacks, and the royal-safety filter. */
#ifndef WG_TRACE_H
#define WG_TRACE_H

#include "actions.h"
#include "state.h"

/* Appends the pattern moves of one piece as actions (kind, from, to, 0, 0,
 * promotion type). Returns the number added, or the list's error (WG_EFULL,
 * WG_ENOMEM).
 * A large piece (one with a shape) makes the moves of its anchor after which
 * every square it covers is on the board and empty; it never captures. */
int wg_trace_piece(const wg_state *s, int pid, unsigned kind, wg_actlist *out);
/* Move then capture: for the piece's square and every square it may move
 * to (the via), every enemy piece its pattern captures from there, as
 * (kind, from, target, via); a large target once per via, by its anchor.
 * One-square pieces only. The state is unchanged on return. */
int wg_trace_via(wg_state *s, int pid, unsigned kind, wg_actlist *out);
/* The same for every piece of a side. */
int wg_trace_side(const wg_state *s, int side, unsigned kind, wg_actlist *out);
/* The same, keeping only stops of the given modes (WG_MOVE: moves to empty
 * squares, WG_CAPTURE: captures), and for a side only pieces whose type is
 * in the bit mask `types`. */
int wg_trace_piece_modes(const wg_state *s, int pid, int modes, unsigned kind,
                         wg_actlist *out);
int wg_trace_side_modes(const wg_state *s, int side, int modes, uint32_t types,
                        unsigned kind, wg_actlist *out);
/* The side's moves to empty squares that promote (field e nonzero), of
 * the types in the mask: with its captures, a quiescence search's forcing
 * moves. WG_TRACE_PROMOTION asks wg_trace_side_count for their number. */
enum { WG_TRACE_PROMOTION = 4 };
int wg_trace_side_promotions(const wg_state *s, int side, uint32_t types,
                             unsigned kind, wg_actlist *out);
/* How many actions wg_trace_side_modes would add (or, with modes
 * WG_TRACE_PROMOTION, wg_trace_side_promotions), without a list: the
 * mobility an evaluation counts. Returns the count, or WG_ENOMEM. */
int wg_trace_side_count(const wg_state *s, int side, int modes,
                        uint32_t types);

/* 1 if the piece's pattern reaches sq in the given mode (WG_MOVE for a
 * move to an empty square, WG_CAPTURE for a capture of what stands there). */
int wg_trace_reaches(const wg_state *s, int pid, int sq, int mode);

/* Why a piece's pattern does or does not reach a square: for explaining
 * an illegal action, never on the hot path (it walks the atoms again, as
 * the tracer does, and stops where the walk to sq fails). */
enum {
    WG_WHY_OK,        /* it reaches sq */
    WG_WHY_PATTERN,   /* no atom of its pattern goes there */
    WG_WHY_MODE,      /* an atom goes there, but not to move (sq is empty)
                         or not to capture (an enemy stands there) */
    WG_WHY_OWN,       /* a piece of its own side stands on sq */
    WG_WHY_PIECE,     /* the piece on `at` is in the way */
    WG_WHY_TERRAIN,   /* `layers` on `at` stop it */
    WG_WHY_STEP,      /* the step onto `at` joins two squares of `layers` */
    WG_WHY_OUTSIDE,   /* `at` (the start, too) lacks `layers`, which every
                         square of the atom's walk must have */
    WG_WHY_LAND,      /* it may pass `at` (sq) but not stop there: `layers` */
    WG_WHY_EDGE,      /* a large piece anchored at `at` leaves the board */
    WG_WHY_SCREEN,    /* a hopper finds no piece to hop over before sq */
    WG_WHY_HOPS,      /* a hopper meets a second piece, on `at`, after its
                         screen on `at2`: it hops over exactly one */
    WG_WHY_JUMP,      /* the piece on `at` may not serve as its screen */
    WG_WHY_VICTIM,    /* the piece on sq is of a type it may not capture */
    WG_WHY_BEHIND     /* a grasshopper lands right behind its screen, on
                         `at`'s far side, never further */
};

typedef struct wg_why {
    int why;          /* WG_WHY_* */
    int at;           /* the square where the walk failed */
    int at2;          /* a path atom's other route: where it failed, or 0 */
    uint32_t layers;  /* the layers concerned (TERRAIN, STEP, OUTSIDE, LAND) */
} wg_why;

/* Fills *out with why the piece's pattern does or does not reach sq, using
 * only atoms of the given modes (WG_MOVE, WG_CAPTURE or both). Of several
 * atoms that fail, the one that gets furthest is told: one that goes there
 * but meets something on the way before one whose mode does not fit, and
 * that before one that does not go there at all. Returns out->why. */
int wg_trace_why(const wg_state *s, int pid, int sq, int modes, wg_why *out);

/* The threat map: appends one entry (kind 0, a = attacker's square, b =
 * target square, c = number of attackers of the target, d = attacker's
 * piece id, e = attacker's type) for every capture a piece of side `by`
 * could make now by its capture patterns, keeping only targets that at
 * least `need` pieces attack; sq != 0 keeps that target alone. Each
 * attacker counts once per target. Entries are sorted by target, then
 * attacker square. One pass over the side's pieces: the cost grows with
 * pieces, not pieces squared.
 * Returns the number added, or the list's error (WG_EFULL, WG_ENOMEM). */
int wg_trace_threats(const wg_state *s, int by, int need, int sq,
                     wg_actlist *out);

/* Custodian capture: appends (kind, 0, sq) for every one-square piece of
 * the side other than `by` standing between two pieces of `by` that are
 * adjacent to it on opposite sides of one line; `lines` says which lines
 * count (WG_ORTHOGONAL, WG_DIAGONAL or both). Returns the number added, or
 * the list's error (WG_EFULL, WG_ENOMEM). */
enum { WG_ORTHOGONAL = 1, WG_DIAGONAL = 2 };
int wg_trace_flanked(const wg_state *s, int by, int lines, unsigned kind,
                     wg_actlist *out);

/* 1 if a piece of side `by` could capture on sq by its patterns, every
 * kind of atom and condition read: the piece standing there, or on an
 * empty square a piece of any type (the piece on sq itself is not read). */
int wg_trace_attacked(const wg_state *s, int sq, int by);
/* 1 if one of the side's royal pieces is attacked, or, under the rules'
 * royal_sight, faces an enemy royal piece on an open file or rank. */
int wg_trace_in_check(const wg_state *s, int side);
/* How many squares of side's royal pieces and next to them the other side
 * attacks (wg_trace_attacked): a king's exposure, for an evaluation. */
int wg_trace_exposure(const wg_state *s, int side);
/* 1 if a royal piece of side 1 and one of side 2 stand on one file or rank
 * with no piece between (whatever the rules say of it); *a and *b get
 * their squares. */
int wg_trace_facing(const wg_state *s, int *a, int *b);

/* Removes from l the moves (fields a = from, b = to) after which one of the
 * mover's royal pieces would be attacked. Returns the number kept. */
int wg_trace_keep_royal_safe(wg_state *s, wg_actlist *l);
/* wg_trace_side, then the same filter on the moves it added: the legal
 * moves of a game whose royal pieces must not be left attacked. */
int wg_trace_side_safe(wg_state *s, int side, unsigned kind, wg_actlist *out);

#endif
