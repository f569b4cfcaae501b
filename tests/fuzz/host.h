/* host.h: the host of one fuzz target -- a Lua state with the runtime
 * preloaded and the stdlib on its path, which hands each input to the
 * target's Lua function (tests/fuzz/targets/NAME.lua). */
#ifndef WG_FUZZ_HOST_H
#define WG_FUZZ_HOST_H

#include <stddef.h>
#include <stdint.h>

/* Loads the target from the current directory (the project's root);
 * exits with a message when it cannot. */
void host_init(const char *target);

/* Runs one input. Returns 0 when it was handled cleanly (accepted, or
 * refused as bad input), else 1 and the finding in *msg (valid until the
 * next call). */
int host_run(const uint8_t *data, size_t size, const char **msg);

#endif
