/* mem.c: the runtime's C allocations, counted (see mem.h). */
#include "mem.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

/* The header keeps the block's size; its size keeps the block aligned as
 * malloc's own blocks are. */
typedef union header {
    size_t n;
    max_align_t align;
} header;

static size_t used;

void *wg_malloc(size_t n)
{
    if (n > SIZE_MAX - sizeof(header))
        return NULL;
    header *h = malloc(sizeof *h + n);
    if (!h)
        return NULL;
    h->n = n;
    used += n;
    return h + 1;
}

void *wg_calloc(size_t k, size_t n)
{
    if (n && k > (SIZE_MAX - sizeof(header)) / n)
        return NULL;
    void *p = wg_malloc(k * n);
    if (p)
        memset(p, 0, k * n);
    return p;
}

void *wg_realloc(void *p, size_t n)
{
    if (!p)
        return wg_malloc(n);
    if (n > SIZE_MAX - sizeof(header))
        return NULL;
    header *h = (header *)p - 1;
    size_t old = h->n;
    h = realloc(h, sizeof *h + n);
    if (!h)
        return NULL;
    h->n = n;
    used = used - old + n;
    return h + 1;
}

void wg_free(void *p)
{
    if (!p)
        return;
    header *h = (header *)p - 1;
    used -= h->n;
    free(h);
}

size_t wg_mem_used(void)
{
    return used;
}
