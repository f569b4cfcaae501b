/* replay.c: a fuzz target without the fuzzer (make test) -- runs every
 * file of tests/fuzz/seeds/TARGET/ and tests/fuzz/corpus/TARGET/ (the
 * inputs that once were findings), or the files it is given, and ends
 * with "N passed, M failed". */
#include <dirent.h>
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "host.h"

#define SECONDS 60   /* an input that takes longer hangs */

static char current[4096];

static void say(const char *text)
{
    ssize_t n = write(STDOUT_FILENO, text, strlen(text));
    (void)n;   /* nothing better to do on the way out */
}

/* An input that hangs fails, and stops the replay: the summary line is
 * missing, which tests/run counts as a failure. */
static void on_alarm(int sig)
{
    (void)sig;
    say("not ok ");
    say(current);
    say(": ran for 60 s\n");
    _exit(1);
}

static int by_name(const void *a, const void *b)
{
    return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Reads a whole file; NULL if it cannot. */
static char *slurp(const char *path, size_t *len)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return NULL;
    size_t cap = 4096, n = 0;
    char *buf = malloc(cap);
    size_t got;
    while (buf && (got = fread(buf + n, 1, cap - n, f)) > 0) {
        n += got;
        if (n == cap) {
            char *more = realloc(buf, cap *= 2);
            if (!more) {
                free(buf);
                fclose(f);
                return NULL;
            }
            buf = more;
        }
    }
    fclose(f);
    *len = n;
    return buf;
}

static void run_file(const char *path, int *passed, int *failed)
{
    snprintf(current, sizeof current, "%s", path);
    size_t len;
    char *data = slurp(path, &len);
    const char *msg = NULL;
    alarm(SECONDS);
    int bad = !data ? 1 : host_run((const uint8_t *)data, len, &msg);
    alarm(0);
    if (bad) {
        printf("not ok %s: %s\n", path, msg ? msg : "cannot read it");
        ++*failed;
    } else {
        printf("ok %s\n", path);
        ++*passed;
    }
    fflush(stdout);
    free(data);
}

/* Runs the file, or the files of the directory in name order. */
static void replay(const char *path, int *passed, int *failed)
{
    DIR *d = opendir(path);
    if (!d) {
        if (errno == ENOTDIR)
            run_file(path, passed, failed);
        return;   /* a target without findings has no corpus yet */
    }
    char **names = NULL;
    size_t n = 0, cap = 0;
    for (struct dirent *e; (e = readdir(d)) != NULL;) {
        if (e->d_name[0] == '.')
            continue;
        if (n == cap) {
            cap = cap ? cap * 2 : 64;
            char **more = realloc(names, cap * sizeof *names);
            if (!more)
                break;
            names = more;
        }
        names[n++] = strdup(e->d_name);
    }
    closedir(d);
    qsort(names, n, sizeof *names, by_name);
    for (size_t i = 0; i < n; i++) {
        char file[4096];
        snprintf(file, sizeof file, "%s/%s", path, names[i]);
        run_file(file, passed, failed);
        free(names[i]);
    }
    free(names);
}

/* Usage: test_fuzz_TARGET [FILE_OR_DIR...]; by default the target's seeds
 * and corpus. */
int main(int argc, char **argv)
{
    signal(SIGALRM, on_alarm);
    host_init(FUZZ_TARGET);
    int passed = 0, failed = 0;
    if (argc > 1) {
        for (int i = 1; i < argc; i++)
            replay(argv[i], &passed, &failed);
    } else {
        replay("tests/fuzz/seeds/" FUZZ_TARGET, &passed, &failed);
        replay("tests/fuzz/corpus/" FUZZ_TARGET, &passed, &failed);
    }
    printf("%d passed, %d failed\n", passed, failed);
    return failed != 0;
}
