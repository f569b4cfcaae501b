/* fire.h: line of fire -- the squares a shot crosses, whether pieces block
 * it, arcs by facing, king-move range, and a fire pattern's targets. */
#ifndef WG_FIRE_H
#define WG_FIRE_H

#include "actions.h"
#include "state.h"

/* King-move (Chebyshev) distance between two squares. */
int wg_fire_distance(const wg_grid *g, int a, int b);

/* The squares strictly between a and b that the straight line between
 * their centres crosses, from a's end: along the longer axis, the square the
 * line passes at each step. Where it passes exactly between two squares
 * (a1 to b3 passes between a2 and b2), both are listed and pair[i] is 1 for
 * the first of them. Returns the count (at most WG_MAX_RAY * 2). */
int wg_fire_line(const wg_grid *g, int a, int b, int *sq, uint8_t *pair);

/* 1 if the direction (dx, dy) is at most `arc` degrees from the facing
 * (fx, fy); arc 180 takes every direction. */
int wg_fire_in_arc(int dx, int dy, int fx, int fy, int arc);

/* 0 if the line of fire from a to b is clear, else the first square that
 * blocks it: one holding a piece (other than those standing on a and b) or
 * one of the `block` terrain layers; a pair of squares the line passes
 * between blocks as `corner` says (WG_CORNER_BOTH or WG_CORNER_EITHER). */
int wg_fire_blocker(const wg_state *s, int a, int b, int corner,
                    uint32_t block);

/* Appends an action (kind, anchor, target anchor) for every enemy piece the
 * piece may fire at by its type's fire pattern, once per target. Returns the
 * number added, or the list's error (WG_EFULL, WG_ENOMEM). */
int wg_fire_targets(const wg_state *s, int pid, unsigned kind, wg_actlist *out);

#endif
