/* shot_lua.c: Lua binding of move-and-shoot tracing -- s:trace_shots and
 * s:guarded, as methods of a state. */
#include "core_lua.h"
#include "shot.h"

#include <string.h>

static int spec_bool(lua_State *L, int i, const char *key, int def)
{
    lua_getfield(L, i, key);
    int v = lua_isnil(L, -1) ? def : lua_toboolean(L, -1);
    lua_pop(L, 1);
    return v;
}

/* Refuses a pattern with a condition the shot walker does not know (it
 * follows block, noland and the over masks) rather than trace it wrong,
 * in its atoms of the modes given (0: all of them): what names the
 * caller, which says what does not follow them. */
static void refuse_unknown(lua_State *L, const wg_type *ty, int side,
                           int modes, const char *what, const char *which)
{
    for (int k = 0; k < ty->natoms[side - 1]; k++) {
        const wg_atom *a = &ty->atom[side - 1][k];
        if ((!modes || (a->mode & modes))
            && (a->within || a->nostep || a->nroute || a->hop
                || a->not_capture))
            luaL_error(L, "%s: piece type %s has a pattern with within, "
                       "nostep, routes, a hop or not_capture, which %s not "
                       "follow", what, ty->name, which);
    }
}

/* A spec as read, for the rules it was read for, and the sides whose
 * patterns were checked. */
typedef struct read_spec {
    const wg_rules *rules;
    wg_shot spec;
    int checked[2];
    /* then pick_shot's memo, wg_shot_memo_size() bytes */
} read_spec;

/* The cache of specs read, by table (weak keys), in the registry under
 * this key's address: a spec is read once, not at each of the millions
 * of calls a playout makes. */
static const char spec_cache = 0;

/* Reads the spec table at index i for side's pieces (once: a spec table
 * is not to be changed after its first use), and refuses the pattern
 * conditions the shot walker does not know rather than trace them
 * wrong. The state s is at index 1. The spec read holds s's rules object
 * (its user value): a spec table kept from one game to the next must not
 * find rules made later at the address of its freed ones, and take them
 * for the rules it was read for (pick_shot's memo points into them). */
static read_spec *check_spec(lua_State *L, const wg_state *s, int i,
                             int side)
{
    luaL_checktype(L, i, LUA_TTABLE);
    if (lua_rawgetp(L, LUA_REGISTRYINDEX, &spec_cache) != LUA_TTABLE) {
        lua_pop(L, 1);
        lua_newtable(L);
        lua_createtable(L, 0, 1);
        lua_pushliteral(L, "k");
        lua_setfield(L, -2, "__mode");
        lua_setmetatable(L, -2);
        lua_pushvalue(L, -1);
        lua_rawsetp(L, LUA_REGISTRYINDEX, &spec_cache);
    }
    lua_pushvalue(L, i);
    lua_rawget(L, -2);
    read_spec *c = lua_touserdata(L, -1);
    lua_pop(L, 1);
    int ntypes = s->rules->ntypes;
    if (!c || c->rules != s->rules) {
        wg_shot spec;
        spec.kind = (unsigned)wg_opt_field(L, i, "spec", "kind", -1, 0, 255);
        spec.movers = (uint32_t)wg_opt_field(L, i, "spec", "movers", 0, 0,
                                             0xffffffffLL);
        spec.pattern = (int)wg_opt_field(L, i, "spec", "pattern", -1, 1,
                                         ntypes);
        spec.guards = (uint32_t)wg_opt_field(L, i, "spec", "guards", 0, 0,
                                             0xffffffffLL);
        spec.origin_open = spec_bool(L, i, "origin_open", 1);
        spec.guards_stop = spec_bool(L, i, "guards_stop", 0);
        size_t size = sizeof *c + wg_shot_memo_size();
        c = lua_newuserdatauv(L, size, 1);
        memset(c, 0, size);
        c->rules = s->rules;
        c->spec = spec;
        lua_getiuservalue(L, 1, 1);   /* the state's rules object */
        lua_setiuservalue(L, -2, 1);
        lua_pushvalue(L, i);
        lua_insert(L, -2);
        lua_rawset(L, -3);
    }
    lua_pop(L, 1);
    if (!c->checked[side - 1]) {
        for (int t = 1; t <= ntypes; t++) {
            if (!(c->spec.movers >> t & 1) && t != c->spec.pattern)
                continue;
            refuse_unknown(L, &s->rules->type[t], side, 0, "trace_shots",
                           "shots do");
        }
        c->checked[side - 1] = 1;
    }
    return c;   /* kept by the cache while the table lives */
}

/* s:trace_shots(out, side, spec) -> n. spec = { kind = 2, movers = type
 * mask, pattern = type id, guards = type mask (0), origin_open = true,
 * guards_stop = false }: every move of a mover followed by every shot.
 * The spec is read on its first use: change it by making another. */
static int shot_trace_shots(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    wg_actlist *out = wg_check_actions(L, 2);
    int side = wg_check_side(L, 3);
    int n = wg_shot_trace(s, side, &check_spec(L, s, 4, side)->spec, out);
    wg_check_rc(L, n, "too many actions");
    lua_pushinteger(L, n);
    return 1;
}

/* s:pick_shot(out, side, spec, draw) -> action or nil, n: of the n actions
 * trace_shots would list, the one at index draw * n >> 32 (draw: 32 random
 * bits), for a random playout; side nil: the side to move; out is where
 * the list is made when it must be (wg_shot_pick). */
static int shot_pick_shot(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    wg_actlist *out = wg_check_actions(L, 2);
    int side = lua_isnil(L, 3) ? s->w[W_SIDE] : wg_check_side(L, 3);
    luaL_argcheck(L, side == 1 || side == 2, 3, "no side is to move");
    read_spec *c = check_spec(L, s, 4, side);
    uint32_t draw = (uint32_t)wg_check_range(L, 5, 0, 0xffffffffLL,
                                             "'draw' must be 32 bits");
    wg_action x = 0;
    int n = wg_shot_pick(s, side, &c->spec, (wg_shot_memo *)(c + 1), draw,
                         out, &x);
    wg_check_rc(L, n, "too many actions");
    if (n > 0)
        lua_pushinteger(L, (lua_Integer)x);
    else
        lua_pushnil(L);
    lua_pushinteger(L, n);
    return 2;
}

/* s:play_shot(action, layer): a move and shot in one call, for a game
 * whose rules say that is all the action does (the Amazons): the piece
 * moves from a to b, the shot's square c gets the dynamic layer, the turn
 * ends (wg_shot_play) */
static int shot_play_shot(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    wg_action x = (wg_action)luaL_checkinteger(L, 2);
    const wg_rules *r = s->rules;
    int layer = (int)wg_check_range(L, 3, 0, r->grid.nlayers - 1,
                                    "'layer' is not a layer");
    luaL_argcheck(L, r->grid.dynamic >> layer & 1, 3,
                  "'layer' is not dynamic");
    unsigned a = wg_act_a(x), b = wg_act_b(x), c = wg_act_c(x);
    int nsq = r->grid.nsq;
    luaL_argcheck(L, a >= 1 && b >= 1 && c >= 1 && (int)a <= nsq
                     && (int)b <= nsq && (int)c <= nsq
                     && (int)wg_act_e(x) <= r->ntypes && wg_at(s, (int)a),
                  2, "'action' is not a move and shot of a piece on this "
                     "board");
    int rc = wg_shot_play(s, x, layer);
    if (rc == WG_EINVAL)
        return luaL_argerror(L, 2, "'action' is not a move of a piece "
                                   "on this board");
    wg_check_rc(L, rc, NULL);
    return 0;
}

/* s:guarded(sq, types) -> boolean: a piece of one of the types (a bit mask
 * of type ids) stands on one of the 8 squares around sq */
static int shot_guarded(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    int sq = wg_check_square(L, s->rules, 2);
    lua_Integer types = wg_check_range(L, 3, 0, 0xffffffffLL,
                                       "'types' must be a bit mask");
    lua_pushboolean(L, wg_shot_guarded(s, sq, (uint32_t)types));
    return 1;
}

/* s:territory(pattern) -> own1, own2, near1, near2: the empty squares each
 * side reaches in fewer moves of the pattern (a type id) than the other,
 * and those each reaches in one (wg_shot_territory); an error for a
 * pattern whose moves have within, nostep or routes, which its walks do
 * not follow */
static int shot_territory(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    int pattern = (int)wg_check_range(L, 2, 1, s->rules->ntypes,
                                      "'pattern' must be a piece type id");
    for (int side = 1; side <= 2; side++)   /* its walks are moves */
        refuse_unknown(L, &s->rules->type[pattern], side, WG_MOVE,
                       "territory", "territory does");
    int count[4];
    wg_shot_territory(s, pattern, count);
    for (int i = 0; i < 4; i++)
        lua_pushinteger(L, count[i]);
    return 4;
}

const luaL_Reg wg_shot_methods[] = {
    { "trace_shots", shot_trace_shots },
    { "pick_shot", shot_pick_shot },
    { "play_shot", shot_play_shot },
    { "territory", shot_territory },
    { "guarded", shot_guarded },
    { NULL, NULL }
};
