/* check.h: a minimal test harness for the C unit tests. Each TEST is one
 * test; it fails if any CHECK in it fails. main() ends with RUN_SUMMARY(). */
#ifndef WG_CHECK_H
#define WG_CHECK_H

#include <stdio.h>

static int check_failures, tests_passed, tests_failed;

#define CHECK(cond, ...)                                                  \
    do {                                                                  \
        if (!(cond)) {                                                    \
            check_failures++;                                             \
            fprintf(stderr, "  %s:%d: CHECK(%s) failed: ", __FILE__,      \
                    __LINE__, #cond);                                     \
            fprintf(stderr, __VA_ARGS__);                                 \
            fputc('\n', stderr);                                          \
        }                                                                 \
    } while (0)

#define RUN(test)                                                         \
    do {                                                                  \
        int before_ = check_failures;                                     \
        test();                                                           \
        if (check_failures == before_) {                                  \
            tests_passed++;                                               \
            printf("ok   %s\n", #test);                                   \
        } else {                                                          \
            tests_failed++;                                               \
            printf("FAIL %s\n", #test);                                   \
        }                                                                 \
    } while (0)

#define RUN_SUMMARY()                                                     \
    (printf("%d passed, %d failed\n", tests_passed, tests_failed),        \
     tests_failed ? 1 : 0)

#endif
