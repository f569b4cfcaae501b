/* input.c: whether input waits on a file descriptor -- how a search that
 * runs for a GUI hears, between its nodes, that the GUI has spoken. */
#include "input.h"

#include <errno.h>
#include <poll.h>

#include "rc.h"

int wg_input_waiting(int fd)
{
    struct pollfd p = { .fd = fd, .events = POLLIN };
    int rc;
    do
        rc = poll(&p, 1, 0);
    while (rc < 0 && errno == EINTR);
    /* an error or the end counts: the host's read says which */
    return rc > 0;
}

int wg_input_stop(wg_input *in, double now)
{
    if (in->fd < 0 || now < in->next)
        return 0;
    in->next = now + WG_INPUT_PERIOD;
    if (!wg_input_waiting(in->fd))
        return 0;
    int stop = 1;
    double more = -1;
    if (in->ask)
        WG_TRY(in->ask(in->ctx, &stop, &more));
    if (more >= 0)
        in->more = more;
    return stop != 0;
}
