/* grid.h: board geometry -- squares, names, terrain layers, vectors and rays.
 * Squares are numbered 1..files*ranks (a1 = 1, b1 = 2, ...); 0 means none. */
#ifndef WG_GRID_H
#define WG_GRID_H

#include <stdint.h>

#include "rc.h"

#define WG_MAX_FILES 16
#define WG_MAX_RANKS 16
#define WG_MAX_SQ (WG_MAX_FILES * WG_MAX_RANKS)
#define WG_MAX_LAYERS 32   /* terrain layers are bits of a uint32_t */
#define WG_MAX_VECS 128    /* distinct step vectors a game may use */
#define WG_MAX_RAY 16      /* longest ray: one less than a side, plus 0 */

typedef uint16_t wg_sq;

typedef struct wg_grid {
    int files, ranks, nsq;
    int8_t file_of[WG_MAX_SQ + 1];   /* 0-based; sq 0 has -1 */
    int8_t rank_of[WG_MAX_SQ + 1];
    uint32_t terrain[WG_MAX_SQ + 1]; /* static layer bits per square */
    uint32_t dynamic;                /* layers that may change in play */
    uint32_t stops;                  /* layers that stop every pattern */
    int nlayers;
    char layer_name[WG_MAX_LAYERS][24];
    int nvecs;
    int8_t vec[WG_MAX_VECS][2];      /* (dx, dy) */
    /* ray[v] + sq * WG_MAX_RAY: the squares sq+v, sq+2v, ... up to the
     * edge, 0-terminated; allocated when the vector is interned */
    wg_sq *ray[WG_MAX_VECS];
    /* arrive[v]: the squares one step of v lands on from a square of the
     * board, as bits (square sq is bit (sq - 1) % 64 of word (sq - 1) / 64)
     * for searches that step many squares at once; all 0 on a board of
     * more than WG_GRID_BITS squares */
    uint64_t arrive[WG_MAX_VECS][2];
} wg_grid;

#define WG_GRID_BITS 128   /* squares a two-word set of squares holds */

/* WG_EINVAL if the size is out of range. */
int wg_grid_init(wg_grid *g, int files, int ranks);
void wg_grid_free(wg_grid *g);

static inline const wg_sq *wg_grid_ray(const wg_grid *g, int v, int sq)
{
    return g->ray[v] + sq * WG_MAX_RAY;
}

static inline int wg_grid_at(const wg_grid *g, int file, int rank)
{   /* 0-based coordinates; 0 if off the board */
    if (file < 0 || rank < 0 || file >= g->files || rank >= g->ranks)
        return 0;
    return rank * g->files + file + 1;
}

static inline int wg_grid_step(const wg_grid *g, int sq, int dx, int dy)
{
    return wg_grid_at(g, g->file_of[sq] + dx, g->rank_of[sq] + dy);
}

/* Interns (dx, dy) and fills its ray table; returns its id, or WG_EFULL,
 * WG_EINVAL (a null vector, or longer than a board) or WG_ENOMEM. */
int wg_grid_vec(wg_grid *g, int dx, int dy);

/* Square name ("a1", "l8", "p16") into buf (at least 4 bytes). */
void wg_grid_name(const wg_grid *g, int sq, char *buf);

/* Parses a square name; returns the square or 0. *len gets the chars used. */
int wg_grid_parse(const wg_grid *g, const char *s, int *len);

/* Adds a named layer; returns its bit index, or WG_EFULL, or WG_EINVAL (a
 * name taken or too long). */
int wg_grid_layer(wg_grid *g, const char *name, int dynamic);
/* The bit index of a layer, or WG_EINVAL when there is none of that name. */
int wg_grid_find_layer(const wg_grid *g, const char *name);

#endif
