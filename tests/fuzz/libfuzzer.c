/* libfuzzer.c: the libFuzzer entry points of a fuzz target (make fuzz);
 * FUZZ_TARGET names it. A finding aborts, and libFuzzer saves the input.
 *
 * For triage, FUZZ_KEEP_GOING=DIR saves instead the first input of each
 * distinct finding in DIR (NAME and NAME.txt, its message) and goes on;
 * findings are told apart by where the error was raised. Sanitizer reports
 * and crashes still end the run. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "host.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_KINDS 256

static uint64_t fnv(const char *p, size_t n)
{
    uint64_t h = 14695981039346656037ull;
    for (size_t i = 0; i < n; i++)
        h = (h ^ (uint8_t)p[i]) * 1099511628211ull;
    return h;
}

/* Where the error was raised: the first frame of the traceback in a file
 * (not a C function, nor fuzz.lua's M.finding), else the message's first
 * 40 characters. */
static uint64_t kind_of(const char *msg)
{
    const char *tb = strstr(msg, "stack traceback:\n");
    for (const char *line = tb; line; line = strchr(line + 1, '\n')) {
        const char *start = line + 1, *end = strchr(start, '\n');
        size_t n = end ? (size_t)(end - start) : strlen(start);
        char frame[512];
        snprintf(frame, sizeof frame, "%.*s", (int)(n < 511 ? n : 511),
                 start);
        if (strchr(frame, '/') && !strstr(frame, "[C]:")
            && !strstr(frame, "fuzz/fuzz.lua:"))
            return fnv(frame, strlen(frame));
    }
    return fnv(msg, strnlen(msg, 40));
}

static void keep(const char *dir, const uint8_t *data, size_t size,
                 const char *msg)
{
    static uint64_t seen[MAX_KINDS];
    static int nseen;
    uint64_t k = kind_of(msg);
    for (int i = 0; i < nseen; i++)
        if (seen[i] == k)
            return;
    if (nseen < MAX_KINDS)
        seen[nseen++] = k;
    char path[4096];
    snprintf(path, sizeof path, "%s/finding-%016llx", dir,
             (unsigned long long)k);
    FILE *f = fopen(path, "wb");
    if (f) {
        fwrite(data, 1, size, f);
        fclose(f);
    }
    snprintf(path, sizeof path, "%s/finding-%016llx.txt", dir,
             (unsigned long long)k);
    f = fopen(path, "w");
    if (f) {
        fprintf(f, "%s\n", msg);
        fclose(f);
    }
    fprintf(stderr, "fuzz target %s: kept %s\n", FUZZ_TARGET, path);
}

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
        const char *dir = getenv("FUZZ_KEEP_GOING");
        if (dir && *dir) {
            keep(dir, data, size, msg);
            return 0;
        }
        fprintf(stderr, "fuzz target %s: %s\n", FUZZ_TARGET, msg);
        abort();
    }
    return 0;
}
