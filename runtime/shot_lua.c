/* shot_lua.c: Lua binding of move-and-shoot tracing -- s:trace_shots and
 * s:guarded, as methods of a state. */
#include "core_lua.h"
#include "shot.h"

static int spec_bool(lua_State *L, int i, const char *key, int def)
{
    lua_getfield(L, i, key);
    int v = lua_isnil(L, -1) ? def : lua_toboolean(L, -1);
    lua_pop(L, 1);
    return v;
}

/* s:trace_shots(out, side, spec) -> n. spec = { kind = 2, movers = type
 * mask, pattern = type id, guards = type mask (0), origin_open = true,
 * guards_stop = false }: every move of a mover followed by every shot. */
static int shot_trace_shots(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    wg_actlist *out = wg_check_actions(L, 2);
    int side = wg_check_side(L, 3);
    luaL_checktype(L, 4, LUA_TTABLE);
    int ntypes = s->rules->ntypes;
    wg_shot spec;
    spec.kind = (unsigned)wg_opt_field(L, 4, "spec", "kind", -1, 0, 255);
    spec.movers = (uint32_t)wg_opt_field(L, 4, "spec", "movers", 0, 0,
                                         0xffffffffLL);
    spec.pattern = (int)wg_opt_field(L, 4, "spec", "pattern", -1, 1, ntypes);
    spec.guards = (uint32_t)wg_opt_field(L, 4, "spec", "guards", 0, 0,
                                         0xffffffffLL);
    spec.origin_open = spec_bool(L, 4, "origin_open", 1);
    spec.guards_stop = spec_bool(L, 4, "guards_stop", 0);
    /* the shot walker follows block, noland and the over masks; refuse the
     * conditions it does not know rather than trace them wrong */
    for (int t = 1; t <= ntypes; t++) {
        if (!(spec.movers >> t & 1) && t != spec.pattern)
            continue;
        const wg_type *ty = &s->rules->type[t];
        for (int i = 0; i < ty->natoms[side - 1]; i++) {
            const wg_atom *a = &ty->atom[side - 1][i];
            if (a->within || a->nostep || a->nroute)
                return luaL_error(L, "trace_shots: piece type %s has a pattern "
                                  "with within, nostep or routes, which shots "
                                  "do not follow", ty->name);
        }
    }
    int n = wg_shot_trace(s, side, &spec, out);
    wg_check_rc(L, n, "too many actions");
    lua_pushinteger(L, n);
    return 1;
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
 * and those each reaches in one (wg_shot_territory) */
static int shot_territory(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    int pattern = (int)wg_check_range(L, 2, 1, s->rules->ntypes,
                                      "'pattern' must be a piece type id");
    int count[4];
    wg_shot_territory(s, pattern, count);
    for (int i = 0; i < 4; i++)
        lua_pushinteger(L, count[i]);
    return 4;
}

const luaL_Reg wg_shot_methods[] = {
    { "trace_shots", shot_trace_shots },
    { "territory", shot_territory },
    { "guarded", shot_guarded },
    { NULL, NULL }
};
