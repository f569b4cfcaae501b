/* input.h: whether input waits on a file descriptor -- how a search that
 * runs for a GUI hears, between its nodes, that the GUI has spoken. */
#ifndef WG_INPUT_H
#define WG_INPUT_H

#define WG_INPUT_PERIOD 0.002  /* seconds between two polls at most */

typedef struct wg_input {
    int fd;                    /* watched (-1: none) */
    double next;               /* when to poll it next */
    /* Optional: asked when input waits; sets *stop to 0 when the search
     * may go on (the host read the input and answered it), and may set
     * *more (-1 before) to the seconds it may go on for from now, whatever
     * its budget of time was (a GUI's ponderhit). Returns WG_OK, or
     * WG_ECALLBACK after an error. Without it, input stops. */
    int (*ask)(void *ctx, int *stop, double *more);
    void *ctx;
    double more;               /* ask's last *more, until the search took
                                  it (then -1) */
} wg_input;

/* True when fd has something to read, or its end, now. */
int wg_input_waiting(int fd);

/* Called often by a search with the time (monotonic seconds): polls
 * in->fd when due, and asks the host when input waits (in->more is then
 * ask's). Returns 1 when the search must stop for input, 0 when not, or
 * ask's error. */
int wg_input_stop(wg_input *in, double now);

#endif
