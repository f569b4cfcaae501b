/* libfuzzer.c: the libFuzzer entry points of a fuzz target (make fuzz);
 * FUZZ_TARGET names it. A finding aborts, and libFuzzer saves the input. */
#include <stdio.h>
#include <stdlib.h>

#include "host.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    (void)argc;
    (void)argv;
    host_init(FUZZ_TARGET);
    return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
    const char *msg;
    if (host_run(data, size, &msg)) {
        fprintf(stderr, "fuzz target %s: %s\n", FUZZ_TARGET, msg);
        abort();
    }
    return 0;
}
