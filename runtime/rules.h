/* rules.h: a game's compiled declaration -- piece types, movement patterns,
 * promotion, Zobrist keys and the size of its states. Immutable once built. */
#ifndef WG_RULES_H
#define WG_RULES_H

#include "grid.h"

#define WG_MAX_TYPES 31    /* piece types are bits of a uint32_t; 0 is none */
#define WG_MAX_ATOMS 48    /* pattern atoms per type and side */
#define WG_MAX_LEAPS 8     /* atoms of a leaper with a table of targets */
#define WG_MAX_PROMO 8
#define WG_MAX_SHAPE 9     /* squares a piece may cover */
#define WG_MAX_VARS 64
#define WG_MAX_PIECES 255
#define WG_MAX_PROBES 96
#define WG_MAX_DECKS 4
#define WG_MAX_CARDS 255
#define WG_MAX_ROUTES 4    /* alternative step sequences of a path atom */
#define WG_MAX_STEPS 4     /* steps of one route */

enum { WG_MOVE = 1, WG_CAPTURE = 2 };
/* wg_type.walk: a square it may stop on, one where another atom may stop
 * too; a header's path atom */
enum { WG_LAND = 1 << 12, WG_SHARED = 1 << 13, WG_ROUTE = 1 << 8 };
/* wg_atom.hop: a hopper passes over exactly one piece (the screen) on its
 * line, any distance before it and after it (the cannon, Betza p), or
 * lands right behind it (the grasshopper, Betza g) */
enum { WG_HOP_NONE, WG_HOP_CANNON, WG_HOP_GRASS };

/* Where a line of fire passes exactly between two squares (as from a1 to
 * b3): blocked only when both are occupied, or when either is. */
enum { WG_CORNER_BOTH = 0, WG_CORNER_EITHER = 1 };

/* How a piece type fires: at enemy pieces within `range` king moves whose
 * direction is at most `arc` degrees from its facing (forward for its side;
 * 180: all round), along a line of fire that no piece blocks. A large piece
 * fires from any of its squares. */
typedef struct wg_fire {
    int range;                    /* 0: it does not fire */
    int arc;
    int corner;                   /* WG_CORNER_* */
    uint32_t immune;              /* types it cannot fire at */
    uint32_t block;               /* terrain layers that block its fire */
} wg_fire;

/* One line of a movement pattern: steps of one vector, from min to max of
 * them (max 0: up to the edge). A leap is the case min = max = 1.
 *
 * A path atom (nroute > 0) reaches the single square vec away along one of
 * its routes, each a sequence of nstep steps (vector ids): the squares on
 * the way obey the same conditions as the squares a slide passes, and one
 * open route is enough. min and max are 1. */
typedef struct wg_atom {
    int16_t vec;
    uint8_t mode;                 /* WG_MOVE and/or WG_CAPTURE */
    uint8_t min, max;
    uint32_t block;               /* layers that stop passage and landing */
    uint32_t noland;              /* layers it may pass but not stop on */
    uint32_t within;              /* layers every square (the start too)
                                     must have; else the walk stops */
    uint32_t nostep;              /* no step from a square of one of these
                                     layers to another square of it */
    uint32_t over_own, over_enemy;/* piece types it may pass over */
    uint8_t hop;                  /* WG_HOP_*: a slide that hops a screen */
    uint32_t screen_not;          /* types a hop may not pass over */
    uint32_t not_capture;         /* types it may not capture */
    uint8_t nroute, nstep;
    int16_t route[WG_MAX_ROUTES][WG_MAX_STEPS];
} wg_atom;

/* "Is sq attacked" looks back from sq along the reversed atoms. */
typedef struct wg_probe {
    int16_t vec;                  /* the reversed vector */
    uint8_t min, max;
    uint8_t hop;                  /* WG_HOP_*: a hopper's line */
    uint8_t sight;                /* a royal piece's line of sight (rules:
                                     royal_sight): a royal target only */
    uint8_t general;              /* any of the conditions below, hop or
                                     sight: walked by the general walker */
    uint32_t block, noland;
    uint32_t within, nostep;      /* as the atom's */
    uint32_t screen_not, not_capture;
    uint32_t types;               /* attacker types that use this line */
    uint32_t near;                /* and types whose one step it is: they
                                     attack from distance 1 only */
} wg_probe;

/* A path atom's attack, looked at from its target: a piece of one type
 * on `from` whose atom (index `atom` of its side's) may reach the target
 * by one of its routes (wg_rules.reach). */
typedef struct wg_reach {
    uint16_t from;
    uint8_t type, atom;
} wg_reach;

typedef struct wg_type {
    char name[24];
    char letter;                  /* lower case; side 1 writes it upper */
    int royal;
    int value;                    /* material, in hundredths */
    int natoms[2];
    wg_atom atom[2][WG_MAX_ATOMS];
    int npromo, promo_optional;
    uint8_t promo[WG_MAX_PROMO];
    uint8_t promo_zone[2][WG_MAX_SQ + 1];
    int overlap;                  /* two atoms share a line: dedupe */
    int plain[2];                 /* a side's atoms are all slides and leaps
                                     of one square pieces that no terrain
                                     concerns: the board alone decides */
    /* A plain side whose atoms are all single leaps (at most
     * WG_MAX_LEAPS) has a table (else NULL): leap[side][sq] holds how many
     * squares its leaps reach on the board from sq, then those squares in
     * atom order, each as sq | mode << 12. In wg_rules.leaps. */
    uint16_t (*leap[2])[WG_MAX_LEAPS + 1];
    /* A one-square type that is not plain, whose atoms' terrain
     * conditions name no dynamic layer, has for each side and each mode
     * asked for (m, WG_MOVE, WG_CAPTURE or both) a table of its walks from
     * every square, with the terrain already read (else NULL): the row of
     * sq is walk[side][m - 1][walk_row[side][m - 1][sq] .. [sq + 1]). It
     * holds, in atom order, for each atom with mode m that may stop
     * somewhere from sq, a header (atom index | the atom's modes << 6 |
     * WG_ROUTE for a path atom | entries << 9), then its entries. A
     * slide's or a leap's are the squares it passes, up to the last it may
     * stop on, before terrain stops it: sq | WG_LAND where it may stop; a
     * path atom's are its routes that terrain leaves open, nstep squares
     * each, the end square last. A square where the walks of two atoms of
     * the row may stop has WG_SHARED there (the tracer lists it once).
     * Only the board is left to read. In wg_rules.walks and
     * wg_rules.walk_rows. */
    const uint16_t *walk[2][3];
    const uint32_t *walk_row[2][3];
    int nshape;                   /* 0: one square */
    int8_t shape[WG_MAX_SHAPE][2];
    wg_fire fire;
} wg_type;

typedef struct wg_rules {
    wg_grid grid;
    int ntypes;
    wg_type type[WG_MAX_TYPES + 1];
    uint32_t royal_types;
    int royal_sight;              /* two royal pieces of two sides may not
                                     face each other on an open file or
                                     rank: the check test sees it */
    int maxpieces;
    int nvars;
    uint8_t var_hashed[WG_MAX_VARS];
    int ndecks;
    uint8_t deck_seen[WG_MAX_DECKS];  /* bit side-1: that side sees the order */
    int actions_per_turn;
    uint64_t seed;                /* Zobrist seed */
    uint64_t zpiece[WG_MAX_TYPES + 1][2][WG_MAX_SQ + 1];
    int nprobes[2];
    wg_probe probe[2][WG_MAX_PROBES];
    /* A side's probes of one square with no terrain condition (a
     * knight's, an alfil's leap) come last when they have a table: then
     * the first nwalk probes are walked, and the row of jump[side] for sq
     * (jstride entries from sq * jstride on) holds in .sq how many
     * squares those leaps attack sq from, then each square and the types
     * that attack from there. */
    int nwalk[2], jstride[2];
    struct wg_jump { uint16_t sq; uint32_t types; } *jump[2];
    uint32_t forward_types[2];    /* attackers the probes cannot see */
    /* A side's path atoms that capture, by target square: the entries of
     * sq are reach[side][reach_row[side][sq] .. reach_row[side][sq + 1]),
     * each a piece's square and type whose atom may reach sq (NULL: none,
     * or no memory, and the types are forward_types). */
    wg_reach *reach[2];
    uint32_t *reach_row[2];
    int8_t mirror[WG_MAX_LAYERS]; /* the layer side 2's patterns use for
                                     each layer (itself by default) */
    uint16_t (*leaps)[WG_MAX_LEAPS + 1];  /* the leapers' tables, or NULL */
    uint16_t *walks;              /* the types' walk tables, or NULL */
    uint32_t *walk_rows;
} wg_rules;

/* Sets up empty rules on a grid of the given size; WG_EINVAL if out of
 * range. */
int wg_rules_init(wg_rules *r, int files, int ranks);
void wg_rules_free(wg_rules *r);

/* Adds a piece type; returns its id (1..), or WG_EFULL, or WG_EINVAL when
 * the name is too long. */
int wg_rules_add_type(wg_rules *r, const char *name, char letter);

/* Adds an atom for side 1 given as (dx, dy), with route steps (if any) as
 * vector ids; side 2 gets it mirrored: dy negated, and every layer in its
 * masks replaced by the layer's mirror. Returns WG_OK, or WG_EFULL when the
 * tables are full (or the code of wg_grid_vec). */
int wg_rules_add_atom(wg_rules *r, int type, int dx, int dy, wg_atom a);

/* Side 2 reads layer `layer` as layer `other` (a side's own zone, say);
 * set mirrors before adding atoms. Returns WG_OK, or WG_EINVAL if out of
 * range. */
int wg_rules_mirror(wg_rules *r, int layer, int other);

/* Builds Zobrist keys and attack probes, and adds the grid's stopping layers
 * to every atom's block mask; call once after the last type, with the
 * static terrain set: the walk tables (wg_type.walk) read it here. */
void wg_rules_finish(wg_rules *r);

/* Hash keys for things other than pieces, derived from the seed. */
uint64_t wg_rules_key(const wg_rules *r, uint64_t kind, uint64_t a, uint64_t b);

static inline uint64_t wg_mix64(uint64_t x)
{   /* splitmix64's finaliser */
    x ^= x >> 30;
    x *= 0xbf58476d1ce4e5b9ULL;
    x ^= x >> 27;
    x *= 0x94d049bb133111ebULL;
    return x ^ (x >> 31);
}

#endif
