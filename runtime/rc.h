/* rc.h: the runtime's return codes -- one set for every module, so a code
 * means the same thing wherever it comes from.
 *
 * A function returns WG_OK, or a count, an id or a card (0 or more), on
 * success; on failure one of the negative codes, which callers pass on. */
#ifndef WG_RC_H
#define WG_RC_H

enum wg_rc {
    WG_OK = 0,
    WG_OVER = 1,        /* the game is over: there is nothing to choose */
    WG_ENOMEM = -1,     /* memory ran out */
    WG_EINVAL = -2,     /* not possible as asked: a square off the board or
                           taken, a piece that is not there, no such deck */
    WG_EFULL = -3,      /* a fixed limit is reached: pieces, cards in a deck,
                           piece types, vectors, layers, actions in a list */
    WG_ECALLBACK = -4,  /* a game callback failed; its error is reported by
                           the caller that set the callback */
};

/* Returns from the calling function with x's code when x failed. */
#define WG_TRY(x)                                                         \
    do {                                                                  \
        int rc_ = (x);                                                    \
        if (rc_ < 0)                                                      \
            return rc_;                                                   \
    } while (0)

#endif
