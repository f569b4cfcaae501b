/* actions.c: compact actions and the lists that hold them.
 * Lists grow to the largest turn seen and are then reused. */
#include "actions.h"
#include "mem.h"

#include <stdlib.h>

int wg_actlist_grow(wg_actlist *l)
{
    int cap = l->cap ? l->cap * 2 : 256;
    if (cap > WG_MAX_ACTIONS)
        return WG_EFULL;
    wg_action *a = wg_realloc(l->a, (size_t)cap * sizeof *a);
    if (!a)
        return WG_ENOMEM;
    l->a = a;
    l->cap = cap;
    return WG_OK;
}

void wg_actlist_free(wg_actlist *l)
{
    wg_free(l->a);
    l->a = NULL;
    l->n = l->cap = 0;
}

void wg_actlist_keep(wg_actlist *l, const wg_action *only, int n)
{
    int kept = 0;
    for (int i = 0; i < l->n; i++)
        for (int j = 0; j < n; j++)
            if (l->a[i] == only[j]) {
                l->a[kept++] = l->a[i];
                break;
            }
    if (kept > 0)
        l->n = kept;
}
