/* test_input.c: unit tests of a search's stop_fd -- input waiting on a
 * pipe ends the alpha-beta search and MCTS as their time would, with a
 * move and the reason in their statistics; a host that reads the input
 * and says "go on" lets them run to their budget. */
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "actions.h"
#include "check.h"
#include "mcts.h"
#include "rules.h"
#include "search.h"
#include "state.h"
#include "turn.h"

/* An endless game: three actions everywhere, the path of choices kept in
 * a hashed variable (so positions differ), a leaf scored by its hash. */
static int g_actions(void *ctx, wg_state *s, wg_actlist *out)
{
    (void)ctx;
    (void)s;
    for (unsigned k = 1; k <= 3; k++)
        WG_TRY(wg_actlist_push(out, wg_act(1, k, 0, 0, 0, 0)));
    return WG_OK;
}

static int g_play(void *ctx, wg_state *s, wg_action a)
{
    (void)ctx;
    int32_t v = s->w[s->o_var];
    WG_TRY(wg_state_set_var(s, 0, (int32_t)((v * 3 + (int32_t)wg_act_a(a))
                                            % 1000003)));
    return wg_turn_end(s);
}

static int g_result(void *ctx, wg_state *s, int *winner)
{
    (void)ctx;
    (void)s;
    *winner = 0;
    return WG_OK;
}

static int g_evaluate(void *ctx, wg_state *s, int side, int32_t *score)
{
    (void)ctx;
    int32_t v = (int32_t)(wg_mix64(s->hash) % 201) - 100;
    *score = side == 1 ? v : -v;
    return WG_OK;
}

static int g_value(void *ctx, wg_state *s, int side, double *value)
{
    int32_t v;
    g_evaluate(ctx, s, side, &v);
    *value = (v + 100) / 200.0;
    return WG_OK;
}

/* The host: reads what the pipe has and says whether to stop. */
typedef struct host {
    int fd, asked, stop;
    int depths[WG_SEARCH_MAX_PLY], heard;
} host;

static int ask(void *ctx, int *stop, double *more)
{
    host *h = ctx;
    (void)more;   /* the budget stays the search's own */
    char buf[64];
    if (read(h->fd, buf, sizeof buf) < 0)
        return WG_ECALLBACK;
    h->asked++;
    *stop = h->stop;
    return WG_OK;
}

static int progress(void *ctx, const wg_search_stats *st)
{
    host *h = ctx;
    if (h->heard < WG_SEARCH_MAX_PLY)
        h->depths[h->heard++] = st->depth;
    return WG_OK;
}

static wg_rules rules;

static wg_state *start(void)
{
    wg_rules_init(&rules, 2, 1);
    rules.nvars = 1;
    rules.var_hashed[0] = 1;
    wg_state *s = wg_state_new(&rules);
    wg_state_set_var(s, 0, 1);
    return s;
}

static int legal(wg_action a)
{
    return wg_act_kind(a) == 1 && wg_act_a(a) >= 1 && wg_act_a(a) <= 3;
}

/* A pipe with text waiting in it (none: NULL). */
static void pipe_with(int p[2], const char *text)
{
    CHECK(pipe(p) == 0, "pipe");
    if (text)
        CHECK(write(p[1], text, strlen(text)) == (ssize_t)strlen(text),
              "write");
}

/* The game's callbacks, with h as the host (NULL: none). */
static wg_search_ops search_ops(host *h)
{
    return (wg_search_ops){ .ctx = h, .actions = g_actions, .play = g_play,
                            .result = g_result, .evaluate = g_evaluate,
                            .input = h ? ask : NULL,
                            .progress = h ? progress : NULL };
}

/* Searches s with stop_fd and depth; the statistics in *st. */
static wg_action search(wg_state *s, host *h, int fd, int depth,
                        wg_search_stats *st)
{
    wg_search_ops ops = search_ops(h);
    wg_search_opts o;
    wg_search_defaults(&o);
    o.stop_fd = fd;
    o.depth = depth;
    wg_action best = 0;
    CHECK(wg_search(s, &ops, &o, &best, st) == WG_OK, "search");
    return best;
}

static void search_stops_at_input(void)
{
    int p[2];
    pipe_with(p, "stop\n");
    wg_state *s = start();
    uint64_t hash = s->hash;
    wg_search_stats st;
    wg_action best = search(s, NULL, p[0], 0, &st);  /* until input */
    CHECK(st.input == 1, "stopped by input: %d", st.input);
    CHECK(st.depth >= 1, "an iteration completed: %d", st.depth);
    CHECK(legal(best) && best == st.pv[0], "a move: %llx",
          (unsigned long long)best);
    CHECK(s->hash == hash, "the root as it was");
    wg_state_free(s);
    close(p[0]);
    close(p[1]);
}

static void search_goes_on_when_the_host_says(void)
{
    int p[2];
    pipe_with(p, "isready\n");
    host h = { .fd = p[0], .stop = 0 };
    wg_state *s = start();
    wg_search_stats st;
    search(s, &h, p[0], 7, &st);
    CHECK(h.asked == 1, "asked once, the input read: %d", h.asked);
    CHECK(st.input == 0 && st.depth == 7, "to its depth: %d %d", st.input,
          st.depth);
    CHECK(h.heard == 7, "each iteration heard: %d", h.heard);
    for (int i = 0; i < h.heard; i++)
        CHECK(h.depths[i] == i + 1, "iteration %d: depth %d", i + 1,
              h.depths[i]);
    /* the same host saying stop ends the next search at its input */
    CHECK(write(p[1], "stop\n", 5) == 5, "write");
    h.stop = 1;
    wg_action best = search(s, &h, p[0], 0, &st);
    CHECK(h.asked == 2 && st.input == 1 && legal(best), "stopped: %d %d",
          h.asked, st.input);
    wg_state_free(s);
    close(p[0]);
    close(p[1]);
}

static void search_without_input_runs_its_budget(void)
{
    int p[2];
    pipe_with(p, NULL);
    wg_state *s = start();
    wg_search_stats st;
    CHECK(legal(search(s, NULL, p[0], 5, &st)), "a move");
    CHECK(st.input == 0 && st.depth == 5, "%d %d", st.input, st.depth);
    wg_state_free(s);
    close(p[0]);
    close(p[1]);
}

static void mcts_stops_at_input(void)
{
    int p[2];
    pipe_with(p, "?\n");
    wg_state *s = start();
    uint64_t hash = s->hash;
    wg_mcts_ops ops = { .actions = g_actions, .play = g_play,
                        .result = g_result, .evaluate = g_value };
    wg_mcts_opts o;
    wg_mcts_defaults(&o);
    o.iterations = 0;             /* no budget: until input comes */
    o.playout_depth = 4;
    o.stop_fd = p[0];
    wg_action best = 0;
    wg_mcts_stats st;
    CHECK(wg_mcts_search(s, &ops, &o, &best, &st) == WG_OK, "mcts");
    CHECK(st.input == 1, "stopped by input: %d", st.input);
    CHECK(st.iterations >= 1, "an iteration first: %d", st.iterations);
    CHECK(legal(best), "a move");
    CHECK(s->hash == hash, "the root as it was");
    /* with nothing to read, its budget */
    char buf[8];
    CHECK(read(p[0], buf, sizeof buf) == 2, "read");
    o.iterations = 300;
    CHECK(wg_mcts_search(s, &ops, &o, &best, &st) == WG_OK, "mcts");
    CHECK(st.input == 0 && st.iterations == 300, "%d %d", st.input,
          st.iterations);
    wg_state_free(s);
    close(p[0]);
    close(p[1]);
}

int main(void)
{
    RUN(search_stops_at_input);
    RUN(search_goes_on_when_the_host_says);
    RUN(search_without_input_runs_its_budget);
    RUN(mcts_stops_at_input);
    wg_rules_free(&rules);
    return RUN_SUMMARY();
}
