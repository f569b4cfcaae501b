/* mem.h: the runtime's C allocations, counted. Every malloc of the runtime
 * goes through these, so wg_mem_used() says how many bytes the runtime holds
 * (states, rules, action lists, search trees): a run that plays games one
 * after another must hold as much after the ten-thousandth as after the
 * two-hundredth. Each block carries its size in a header. */
#ifndef WG_MEM_H
#define WG_MEM_H

#include <stddef.h>

void *wg_malloc(size_t n);
void *wg_calloc(size_t k, size_t n);
void *wg_realloc(void *p, size_t n);   /* p may be NULL */
void wg_free(void *p);                 /* p may be NULL */
size_t wg_mem_used(void);              /* bytes held now */

#endif
