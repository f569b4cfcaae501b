/* trace_lua.c: Lua binding of pattern tracing -- moves, fire targets, reach
 * and attack tests, and the royal-safety filter, as methods of a state. */
#include "core_lua.h"
#include "fire.h"
#include "trace.h"

static unsigned opt_kind(lua_State *L, int i)
{
    if (lua_isnoneornil(L, i))
        return 1;
    return (unsigned)wg_check_range(L, i, 0, 255, "'kind' must be 0 to 255");
}

static int opt_modes(lua_State *L, int i)
{
    static const char *const modes[] = { "move", "capture", "all", NULL };
    if (lua_isnoneornil(L, i))
        return WG_MOVE | WG_CAPTURE;   /* "all", without comparing names */
    /* WG_MOVE, WG_CAPTURE, both */
    return luaL_checkoption(L, i, NULL, modes) + 1;
}

/* s:trace's and s:mobility's mode: WG_MOVE, WG_CAPTURE, both, or
 * WG_TRACE_PROMOTION */
static int opt_side_modes(lua_State *L, int i)
{
    static const char *const names[] = {
        "move", "capture", "all", "promotion", NULL
    };
    if (lua_isnoneornil(L, i))
        return WG_MOVE | WG_CAPTURE;
    return luaL_checkoption(L, i, NULL, names) + 1;
}

/* A bit mask of type ids: every type when none is given. */
static uint32_t opt_types(lua_State *L, int i)
{
    if (lua_isnoneornil(L, i))
        return 0xffffffffu;
    return (uint32_t)wg_check_range(L, i, 0, 0xffffffffLL,
                                    "'types' must be a bit mask");
}

/* s:trace(out, side [, kind [, mode [, types]]]) -> n: every pattern move of
 * the side's pieces; mode "move" or "capture" keeps moves to empty squares,
 * or captures, only, and "promotion" the moves to empty squares that
 * promote; types (a bit mask of type ids) keeps those types' moves only */
static int trace_trace(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    wg_actlist *out = wg_check_actions(L, 2);
    int side = wg_check_side(L, 3);
    unsigned kind = opt_kind(L, 4);
    int modes = opt_side_modes(L, 5);
    uint32_t types = opt_types(L, 6);
    int n = modes == WG_TRACE_PROMOTION
            ? wg_trace_side_promotions(s, side, types, kind, out)
            : wg_trace_side_modes(s, side, modes, types, kind, out);
    wg_check_rc(L, n, "too many actions");
    lua_pushinteger(L, n);
    return 1;
}

/* s:mobility(side [, mode [, types]]) -> n: how many actions s:trace(out,
 * side, kind, mode, types) would add, counted without a list (an
 * evaluation's mobility: no list to fill and clear at every leaf) */
static int trace_mobility(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    int side = wg_check_side(L, 2);
    uint32_t types = opt_types(L, 4);
    int n = wg_trace_side_count(s, side, opt_side_modes(L, 3), types);
    wg_check_rc(L, n, NULL);
    lua_pushinteger(L, n);
    return 1;
}

/* s:trace_piece(out, pid [, kind [, mode]]) -> n */
static int trace_trace_piece(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    wg_actlist *out = wg_check_actions(L, 2);
    int pid = wg_check_piece(L, s, 3);
    int n = wg_trace_piece_modes(s, pid, opt_modes(L, 5), opt_kind(L, 4), out);
    wg_check_rc(L, n, "too many actions");
    lua_pushinteger(L, n);
    return 1;
}

/* Calls a per-piece generator with (out, pid [, kind]) from the stack. */
static int trace_with(lua_State *L,
                      int (*gen)(wg_state *, int, unsigned, wg_actlist *))
{
    wg_state *s = wg_check_state(L, 1);
    wg_actlist *out = wg_check_actions(L, 2);
    int pid = wg_check_piece(L, s, 3);
    int n = gen(s, pid, opt_kind(L, 4), out);
    wg_check_rc(L, n, "too many actions");
    lua_pushinteger(L, n);
    return 1;
}

static int fire_targets(wg_state *s, int pid, unsigned kind, wg_actlist *out)
{
    return wg_fire_targets(s, pid, kind, out);
}

/* s:trace_via(out, pid [, kind]) -> n: move (or stay) then capture, as
 * actions (kind, from, target, via) */
static int trace_trace_via(lua_State *L) { return trace_with(L, wg_trace_via); }

/* s:trace_fire(out, pid [, kind]) -> n: an action (kind, anchor, target's
 * anchor) per enemy piece its type's fire pattern reaches */
static int trace_trace_fire(lua_State *L)
{
    return trace_with(L, fire_targets);
}

static int check_mode(lua_State *L, int i)
{
    static const char *const modes[] = { "move", "capture", NULL };
    return luaL_checkoption(L, i, NULL, modes) + 1;
}

/* s:reaches(pid, sq, "move" | "capture") -> boolean */
static int trace_reaches(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    int pid = wg_check_piece(L, s, 2), sq = wg_check_square(L, s->rules, 3);
    lua_pushboolean(L, wg_trace_reaches(s, pid, sq, check_mode(L, 4)));
    return 1;
}

/* s:why_not(pid, sq [, mode]) -> nil if the piece's pattern reaches sq
 * (mode "move", "capture" or "all", the default: the atoms asked), else
 * why, the square where it failed, the layers concerned (a bit mask), and
 * for a path atom the square where another route failed (for "hops", the
 * screen's square). why is one of "pattern", "mode", "own", "piece",
 * "terrain", "step", "outside", "land", "edge", and for hoppers and
 * captures "screen", "hops", "jump", "victim", "behind" (see
 * wg_trace_why). */
static int trace_why_not(lua_State *L)
{
    static const char *const names[] = {
        NULL, "pattern", "mode", "own", "piece", "terrain", "step",
        "outside", "land", "edge", "screen", "hops", "jump", "victim",
        "behind"
    };
    wg_state *s = wg_check_state(L, 1);
    int pid = wg_check_piece(L, s, 2), sq = wg_check_square(L, s->rules, 3);
    wg_why w;
    if (wg_trace_why(s, pid, sq, opt_modes(L, 4), &w) == WG_WHY_OK) {
        lua_pushnil(L);
        return 1;
    }
    lua_pushstring(L, names[w.why]);
    lua_pushinteger(L, w.at);
    lua_pushinteger(L, (lua_Integer)w.layers);
    if (w.at2)
        lua_pushinteger(L, w.at2);
    else
        lua_pushnil(L);
    return 4;
}

/* s:attacked(sq, by) -> boolean: could a piece of side `by` capture on sq
 * by its patterns (every kind of atom, conditions included): the piece
 * standing there, or on an empty square a piece of any type */
static int trace_attacked(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    int sq = wg_check_square(L, s->rules, 2);
    lua_pushboolean(L, wg_trace_attacked(s, sq, wg_check_side(L, 3)));
    return 1;
}

/* s:threats(out, by [, need [, sq]]) -> n: the threat map of side `by`,
 * entries (0, attacker square, target, attackers of target, attacker id,
 * attacker type) for targets at least `need` (default 1) pieces attack;
 * sq: that target alone */
static int trace_threats(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    wg_actlist *out = wg_check_actions(L, 2);
    int by = wg_check_side(L, 3);
    lua_Integer need = lua_isnoneornil(L, 4)
                       ? 1 : wg_check_range(L, 4, 1, WG_MAX_PIECES,
                                            "'need' must be 1 to 255");
    int sq = lua_isnoneornil(L, 5) ? 0 : wg_check_square(L, s->rules, 5);
    int n = wg_trace_threats(s, by, (int)need, sq, out);
    wg_check_rc(L, n, "too many actions");
    lua_pushinteger(L, n);
    return 1;
}

/* s:flanked(out, by, kind [, lines]) -> n: an action (kind, 0, sq) for every
 * enemy piece that two pieces of `by` enclose on a line; lines are
 * "orthogonal", "diagonal" or "all" (the default) */
static int trace_flanked(lua_State *L)
{
    static const char *const names[] = {
        "orthogonal", "diagonal", "all", NULL
    };
    wg_state *s = wg_check_state(L, 1);
    wg_actlist *out = wg_check_actions(L, 2);
    int by = wg_check_side(L, 3);
    unsigned kind = opt_kind(L, 4);
    int lines = luaL_checkoption(L, 5, "all", names) + 1;
    int n = wg_trace_flanked(s, by, lines, kind, out);
    wg_check_rc(L, n, "too many actions");
    lua_pushinteger(L, n);
    return 1;
}

/* s:in_check(side) -> true when a royal piece of side is attacked, or
 * under the game's royal_sight faces an enemy royal piece on an open line */
static int trace_in_check(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    lua_pushboolean(L, wg_trace_in_check(s, wg_check_side(L, 2)));
    return 1;
}

/* s:exposure(side) -> n: how many squares of side's royal pieces and next
 * to them a piece of the other side attacks (s:attacked): the king's
 * exposure, an evaluation's term in one call */
static int trace_exposure(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    lua_pushinteger(L, wg_trace_exposure(s, wg_check_side(L, 2)));
    return 1;
}

/* s:facing() -> the squares of a royal piece of the first side and one of
 * the second that stand on one file or rank with no piece between, or nil
 * (Janggi's bikjang, Xiangqi's flying general) */
static int trace_facing(lua_State *L)
{
    int a, b;
    if (!wg_trace_facing(wg_check_state(L, 1), &a, &b)) {
        lua_pushnil(L);
        return 1;
    }
    lua_pushinteger(L, a);
    lua_pushinteger(L, b);
    return 2;
}

/* s:keep_royal_safe(out) -> n: drops moves that leave a royal piece attacked */
static int trace_keep_royal_safe(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    wg_actlist *l = wg_check_actions(L, 2);
    const wg_grid *g = &s->rules->grid;
    for (int i = 0; i < l->n; i++) {
        int from = (int)wg_act_a(l->a[i]), to = (int)wg_act_b(l->a[i]);
        if (from < 1 || from > g->nsq || to < 1 || to > g->nsq
            || !wg_at(s, from)
            || s->rules->type[wg_piece(s, wg_at(s, from))[PF_TYPE]].nshape)
            return luaL_error(L, "keep_royal_safe: action %d is not a move "
                              "of a one-square piece", i + 1);
    }
    lua_pushinteger(L, wg_trace_keep_royal_safe(s, l));
    return 1;
}

/* s:trace_safe(out, side [, kind]) -> n: s:trace(out, side, kind), then
 * s:keep_royal_safe on the moves it added, in one call (the moves are the
 * tracer's own: nothing to check) */
static int trace_trace_safe(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    wg_actlist *out = wg_check_actions(L, 2);
    int n = wg_trace_side_safe(s, wg_check_side(L, 3), opt_kind(L, 4), out);
    wg_check_rc(L, n, "too many actions");
    lua_pushinteger(L, n);
    return 1;
}

const luaL_Reg wg_trace_methods[] = {
    { "trace", trace_trace },
    { "mobility", trace_mobility },
    { "trace_piece", trace_trace_piece },
    { "trace_via", trace_trace_via },
    { "trace_fire", trace_trace_fire },
    { "reaches", trace_reaches },
    { "why_not", trace_why_not },
    { "attacked", trace_attacked },
    { "exposure", trace_exposure },
    { "threats", trace_threats },
    { "flanked", trace_flanked },
    { "in_check", trace_in_check },
    { "facing", trace_facing },
    { "keep_royal_safe", trace_keep_royal_safe },
    { "trace_safe", trace_trace_safe },
    { NULL, NULL }
};
