/* rules_lua.c: Lua binding of rules -- core.rules(spec) compiles a game's
 * declaration (built by stdlib/wargrid/game.lua) into C tables. */
#include <stdlib.h>
#include <string.h>

#include "core_lua.h"
#include "mem.h"

/* Reads t[key] (t at the top of the stack) as an integer in [lo, hi]. */
static int int_field(lua_State *L, const char *path, const char *key,
                     int def, int lo, int hi)
{
    int ty = lua_getfield(L, -1, key);
    int v = def;
    if (ty != LUA_TNIL) {
        int ok;
        lua_Integer x = lua_tointegerx(L, -1, &ok);
        if (!ok || x < lo || x > hi)
            luaL_error(L, "rules: %s.%s must be an integer from %d to %d",
                       path, key, lo, hi);
        v = (int)x;
    }
    lua_pop(L, 1);
    return v;
}

static int bool_field(lua_State *L, const char *key)
{
    lua_getfield(L, -1, key);
    int v = lua_toboolean(L, -1);
    lua_pop(L, 1);
    return v;
}

static uint32_t mask_field(lua_State *L, const char *path, const char *key)
{
    lua_getfield(L, -1, key);
    uint32_t v = 0;
    if (!lua_isnil(L, -1)) {
        int ok;
        lua_Integer x = lua_tointegerx(L, -1, &ok);
        if (!ok || x < 0 || x > 0xffffffffLL)
            luaL_error(L, "rules: %s.%s must be a bit mask", path, key);
        v = (uint32_t)x;
    }
    lua_pop(L, 1);
    return v;
}

/* Reads (dx, dy) from the table at the top of the stack as an offset no
 * longer than a board's side; 0 if it is not one. */
static int read_offset(lua_State *L, int *dx, int *dy)
{
    lua_geti(L, -1, 1);
    lua_geti(L, -2, 2);
    int ok1, ok2;
    lua_Integer x = lua_tointegerx(L, -2, &ok1);
    lua_Integer y = lua_tointegerx(L, -1, &ok2);
    lua_pop(L, 2);
    if (!ok1 || !ok2 || x < -WG_MAX_FILES || x > WG_MAX_FILES
        || y < -WG_MAX_RANKS || y > WG_MAX_RANKS)
        return 0;
    *dx = (int)x;
    *dy = (int)y;
    return 1;
}

/* Pushes t[key] and checks it is a table (or nil when optional). */
static int table_field(lua_State *L, const char *path, const char *key,
                       int optional)
{
    int ty = lua_getfield(L, -1, key);
    if (ty == LUA_TTABLE)
        return 1;
    if (ty == LUA_TNIL && optional) {
        lua_pop(L, 1);
        return 0;
    }
    return luaL_error(L, "rules: %s.%s must be a table", path, key);
}

static void read_squares(lua_State *L, wg_rules *r, const char *path,
                         uint8_t *marks, uint32_t *bits, uint32_t bit)
{
    lua_Integer n = luaL_len(L, -1);
    for (lua_Integer i = 1; i <= n; i++) {
        lua_geti(L, -1, i);
        int ok;
        lua_Integer sq = lua_tointegerx(L, -1, &ok);
        if (!ok || sq < 1 || sq > r->grid.nsq)
            luaL_error(L, "rules: %s[%d] is not a square", path, (int)i);
        if (marks)
            marks[sq] = 1;
        if (bits)
            bits[sq] |= bit;
        lua_pop(L, 1);
    }
}

/* routes = { { {dx, dy}, ... }, ... }: alternative step sequences of one
 * length that all end at the same offset (the atom's dx, dy if given). */
static void read_routes(lua_State *L, wg_rules *r, const char *path, wg_atom *a,
                        int *dx, int *dy)
{
    lua_Integer n = luaL_len(L, -1);
    if (n < 1 || n > WG_MAX_ROUTES)
        luaL_error(L, "rules: %s.routes must list 1 to %d routes", path,
                   WG_MAX_ROUTES);
    a->nroute = (uint8_t)n;
    for (lua_Integer i = 1; i <= n; i++) {
        if (lua_geti(L, -1, i) != LUA_TTABLE)
            luaL_error(L, "rules: %s.routes[%d] must be a list of steps",
                       path, (int)i);
        lua_Integer m = luaL_len(L, -1);
        if (m < 1 || m > WG_MAX_STEPS || (i > 1 && m != a->nstep))
            luaL_error(L, "rules: %s.routes[%d] must have 1 to %d steps, "
                       "as many as the first route", path, (int)i,
                       WG_MAX_STEPS);
        a->nstep = (uint8_t)m;
        int sx = 0, sy = 0;
        for (lua_Integer k = 1; k <= m; k++) {
            int x = 0, y = 0, v = WG_EINVAL;
            if (lua_geti(L, -1, k) == LUA_TTABLE && read_offset(L, &x, &y))
                v = wg_grid_vec(&r->grid, x, y);
            if (v < 0)
                luaL_error(L, "rules: %s.routes[%d][%d] "
                           "must be a step {dx, dy}", path, (int)i, (int)k);
            a->route[i - 1][k - 1] = (int16_t)v;
            sx += x;
            sy += y;
            lua_pop(L, 1);
        }
        if ((i > 1 || *dx || *dy) && (sx != *dx || sy != *dy))
            luaL_error(L, "rules: %s.routes[%d] does not end at (%d, %d)",
                       path, (int)i, *dx, *dy);
        *dx = sx;
        *dy = sy;
        lua_pop(L, 1);
    }
}

static void read_atom(lua_State *L, wg_rules *r, int t, const char *path)
{
    wg_atom a;
    memset(&a, 0, sizeof a);
    int dx = int_field(L, path, "dx", 0, -WG_MAX_FILES, WG_MAX_FILES);
    int dy = int_field(L, path, "dy", 0, -WG_MAX_RANKS, WG_MAX_RANKS);
    if (table_field(L, path, "routes", 1)) {
        read_routes(L, r, path, &a, &dx, &dy);
        lua_pop(L, 1);
    }
    if (dx == 0 && dy == 0)
        luaL_error(L, "rules: %s has no direction (dx = dy = 0)", path);
    a.min = (uint8_t)int_field(L, path, "min", 1, 1, WG_MAX_RAY);
    a.max = (uint8_t)int_field(L, path, "max", 1, 0, WG_MAX_RAY);
    if (a.max && a.max < a.min)
        luaL_error(L, "rules: %s.max is below its min", path);
    if (a.nroute && (a.min != 1 || a.max != 1))
        luaL_error(L, "rules: %s: a path atom has no range (min = max = 1)",
                   path);
    a.mode = (uint8_t)int_field(L, path, "mode", WG_MOVE | WG_CAPTURE, 1, 3);
    a.block = mask_field(L, path, "block");
    a.noland = mask_field(L, path, "noland");
    a.within = mask_field(L, path, "within");
    a.nostep = mask_field(L, path, "nostep");
    a.over_own = mask_field(L, path, "over_own");
    a.over_enemy = mask_field(L, path, "over_enemy");
    a.hop = (uint8_t)int_field(L, path, "hop", WG_HOP_NONE, WG_HOP_NONE,
                               WG_HOP_GRASS);
    a.screen_not = mask_field(L, path, "screen_not");
    a.not_capture = mask_field(L, path, "not_capture");
    if (a.hop && (a.nroute || a.over_own || a.over_enemy))
        luaL_error(L, "rules: %s: a hopper passes over its screen alone "
                   "(no routes, over_own or over_enemy)", path);
    int rc = wg_rules_add_atom(r, t, dx, dy, a);
    if (rc == WG_EFULL || rc == WG_EINVAL)
        luaL_error(L, "rules: %s: too many atoms or directions", path);
    wg_check_rc(L, rc, NULL);
}

static void read_type(lua_State *L, wg_rules *r, int i)
{
    char path[64];
    snprintf(path, sizeof path, "types[%d]", i);
    lua_getfield(L, -1, "name");
    const char *name = lua_tostring(L, -1);
    if (!name)
        luaL_error(L, "rules: %s.name must be a string", path);
    lua_pop(L, 1);
    lua_getfield(L, -1, "letter");
    const char *letter = lua_tostring(L, -1);
    char ch = letter && strlen(letter) == 1 ? letter[0] : 0;
    lua_pop(L, 1);
    int t = wg_rules_add_type(r, name, ch);
    if (t != i)
        luaL_error(L, "rules: %s: too many piece types or name too long", path);
    wg_type *ty = &r->type[t];
    ty->royal = bool_field(L, "royal");
    ty->value = int_field(L, path, "value", 0, -1000000, 1000000);
    if (table_field(L, path, "atoms", 1)) {
        lua_Integer n = luaL_len(L, -1);
        for (lua_Integer k = 1; k <= n; k++) {
            char apath[96];
            snprintf(apath, sizeof apath, "%s.atoms[%d]", path, (int)k);
            if (lua_geti(L, -1, k) != LUA_TTABLE)
                luaL_error(L, "rules: %s must be a table", apath);
            read_atom(L, r, t, apath);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    if (table_field(L, path, "shape", 1)) {
        lua_Integer n = luaL_len(L, -1);
        if (n < 0 || n > WG_MAX_SHAPE)
            luaL_error(L, "rules: %s.shape has more than %d squares", path,
                       WG_MAX_SHAPE);
        for (lua_Integer k = 1; k <= n; k++) {
            int x = 0, y = 0;
            if (lua_geti(L, -1, k) != LUA_TTABLE || !read_offset(L, &x, &y))
                luaL_error(L, "rules: %s.shape[%d] must be an offset "
                           "{dx, dy} from -16 to 16", path, (int)k);
            ty->shape[k - 1][0] = (int8_t)x;
            ty->shape[k - 1][1] = (int8_t)y;
            lua_pop(L, 1);
        }
        ty->nshape = (int)n;
        lua_pop(L, 1);
        for (int k = 0; k < ty->natoms[0]; k++)
            if (ty->atom[0][k].hop)
                luaL_error(L, "rules: %s: a large piece does not hop", path);
    }
    if (table_field(L, path, "fire", 1)) {
        char fpath[96];
        snprintf(fpath, sizeof fpath, "%s.fire", path);
        ty->fire.range = int_field(L, fpath, "range", 0, 0, WG_MAX_RAY);
        ty->fire.arc = int_field(L, fpath, "arc", 180, 0, 180);
        ty->fire.corner = int_field(L, fpath, "corner", WG_CORNER_BOTH,
                                    WG_CORNER_BOTH, WG_CORNER_EITHER);
        ty->fire.immune = mask_field(L, fpath, "immune");
        ty->fire.block = mask_field(L, fpath, "block");
        lua_pop(L, 1);
    }
    ty->promo_optional = bool_field(L, "promo_optional");
    if (table_field(L, path, "promo", 1)) {
        lua_Integer n = luaL_len(L, -1);
        if (n < 0 || n > WG_MAX_PROMO)
            luaL_error(L, "rules: %s.promo has more than %d types", path,
                       WG_MAX_PROMO);
        for (lua_Integer k = 1; k <= n; k++) {
            lua_geti(L, -1, k);
            lua_Integer pt = lua_tointeger(L, -1);
            if (pt < 1 || pt > WG_MAX_TYPES)
                luaL_error(L, "rules: %s.promo[%d] is not a type", path,
                           (int)k);
            ty->promo[k - 1] = (uint8_t)pt;
            lua_pop(L, 1);
        }
        ty->npromo = (int)n;
        lua_pop(L, 1);
        if (table_field(L, path, "promo_zone", 0)) {
            for (int side = 1; side <= 2; side++) {
                char zpath[96];
                snprintf(zpath, sizeof zpath, "%s.promo_zone[%d]", path, side);
                if (lua_geti(L, -1, side) != LUA_TTABLE)
                    luaL_error(L, "rules: %s must be a table", zpath);
                read_squares(L, r, zpath, ty->promo_zone[side - 1], NULL, 0);
                lua_pop(L, 1);
            }
            lua_pop(L, 1);
        }
    }
}

/* core.rules(spec) -> rules */
static int rules_new(lua_State *L)
{
    luaL_checktype(L, 1, LUA_TTABLE);
    lua_settop(L, 1);
    wg_lrules *u = lua_newuserdatauv(L, sizeof *u, 0);
    u->tag = WG_TAG_RULES;
    u->r = NULL;
    lua_pushvalue(L, lua_upvalueindex(UV_RULES));
    lua_setmetatable(L, -2);
    u->r = wg_calloc(1, sizeof *u->r);  /* all zero: safe to free on failure */
    if (!u->r)
        return luaL_error(L, "out of memory");
    lua_pushvalue(L, 1);
    int files = int_field(L, "spec", "files", 8, 1, WG_MAX_FILES);
    int ranks = int_field(L, "spec", "ranks", 8, 1, WG_MAX_RANKS);
    wg_rules *r = u->r;
    wg_rules_init(r, files, ranks);
    r->maxpieces = int_field(L, "spec", "maxpieces", 128, 1, WG_MAX_PIECES);
    r->actions_per_turn = int_field(L, "spec", "actions_per_turn", 1, 1, 1000);
    r->royal_sight = bool_field(L, "royal_sight");
    r->ndecks = int_field(L, "spec", "decks", 0, 0, WG_MAX_DECKS);
    if (table_field(L, "spec", "deck_seen", 1)) {
        for (int d = 0; d < r->ndecks; d++) {
            char path[32];
            snprintf(path, sizeof path, "deck_seen[%d]", d + 1);
            lua_geti(L, -1, d + 1);
            int ok;
            lua_Integer m = lua_tointegerx(L, -1, &ok);
            if (!lua_isnil(L, -1) && (!ok || m < 0 || m > 3))
                luaL_error(L, "rules: %s must be a mask of sides (0 to 3)",
                           path);
            r->deck_seen[d] = (uint8_t)m;
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    lua_getfield(L, -1, "seed");
    r->seed ^= (uint64_t)lua_tointeger(L, -1);
    lua_pop(L, 1);
    if (table_field(L, "spec", "layers", 1)) {
        lua_Integer n = luaL_len(L, -1);
        for (lua_Integer i = 1; i <= n; i++) {
            char path[48];
            snprintf(path, sizeof path, "layers[%d]", (int)i);
            if (lua_geti(L, -1, i) != LUA_TTABLE)
                luaL_error(L, "rules: %s must be a table", path);
            lua_getfield(L, -1, "name");
            const char *name = lua_tostring(L, -1);
            if (!name)
                luaL_error(L, "rules: %s.name must be a string", path);
            lua_pop(L, 1);  /* still referenced by the table */
            int bit = wg_grid_layer(&r->grid, name, bool_field(L, "dynamic"));
            if (bit < 0)
                luaL_error(L, "rules: %s: too many layers, a duplicate name "
                           "or a name too long", path);
            if (bool_field(L, "stops"))
                r->grid.stops |= 1u << bit;
            if (table_field(L, path, "squares", 1)) {
                read_squares(L, r, path, NULL, r->grid.terrain, 1u << bit);
                lua_pop(L, 1);
            }
            /* mirror: index (0-based) of the layer side 2 reads for this one */
            int m = int_field(L, path, "mirror", bit, 0, WG_MAX_LAYERS - 1);
            if (m >= n)
                luaL_error(L, "rules: %s.mirror is not a layer", path);
            wg_rules_mirror(r, bit, m);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    if (table_field(L, "spec", "types", 0)) {
        lua_Integer n = luaL_len(L, -1);
        if (n < 0 || n > WG_MAX_TYPES)
            luaL_error(L, "rules: more than %d piece types", WG_MAX_TYPES);
        for (lua_Integer i = 1; i <= n; i++) {
            if (lua_geti(L, -1, i) != LUA_TTABLE)
                luaL_error(L, "rules: types[%d] must be a table", (int)i);
            read_type(L, r, (int)i);
            lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    if (table_field(L, "spec", "vars", 1)) {
        lua_Integer n = luaL_len(L, -1);
        if (n < 0 || n > WG_MAX_VARS)
            luaL_error(L, "rules: more than %d vars", WG_MAX_VARS);
        for (lua_Integer i = 1; i <= n; i++) {
            lua_geti(L, -1, i);
            r->var_hashed[i - 1] = (uint8_t)lua_toboolean(L, -1);
            lua_pop(L, 1);
        }
        r->nvars = (int)n;
        lua_pop(L, 1);
    }
    lua_pop(L, 1);
    for (int t = 1; t <= r->ntypes; t++)
        for (int k = 0; k < r->type[t].npromo; k++)
            if (r->type[t].promo[k] > r->ntypes)
                luaL_error(L, "rules: types[%d].promo names no type", t);
    wg_rules_finish(r);
    return 1;
}

/* rules:new_state() -> an empty state */
static int rules_new_state(lua_State *L)
{
    wg_rules *r = wg_check_rules(L, 1);
    wg_state *s = wg_state_new(r);
    if (!s)
        return luaL_error(L, "out of memory");
    wg_push_state(L, s, 1);
    return 1;
}

/* rules:ntypes() -> how many piece types the game declares */
static int rules_ntypes(lua_State *L)
{
    lua_pushinteger(L, wg_check_rules(L, 1)->ntypes);
    return 1;
}

/* rules:maxpieces() -> the most pieces a state holds (ids used, on the
 * board or off it): a reader of position text checks it before adding */
static int rules_maxpieces(lua_State *L)
{
    lua_pushinteger(L, wg_check_rules(L, 1)->maxpieces);
    return 1;
}

/* rules:piece_squares(t) -> a piece-square table for s:material: t[owner]
 * [type][square] read once, as numbers (a missing entry, or one not a
 * number, counts 0), so that an evaluation at every leaf of a search reads
 * no Lua table. Later changes to t are not seen: make it again. */
static int rules_piece_squares(lua_State *L)
{
    wg_rules *r = wg_check_rules(L, 1);
    luaL_checktype(L, 2, LUA_TTABLE);
    int ntypes = r->ntypes, nsq = r->grid.nsq;
    size_t n = 2 * (size_t)(ntypes + 1) * (size_t)(nsq + 1);
    wg_lsquares *u = lua_newuserdatauv(L, sizeof *u + n * sizeof *u->v, 0);
    u->tag = WG_TAG_SQUARES;
    u->ntypes = ntypes;
    u->nsq = nsq;
    double *v = u->v;
    for (int owner = 1; owner <= 2; owner++) {
        int by_owner = lua_rawgeti(L, 2, owner) == LUA_TTABLE;
        for (int type = 0; type <= ntypes; type++) {
            int by_type = by_owner && type > 0
                          && lua_rawgeti(L, -1, type) == LUA_TTABLE;
            for (int sq = 0; sq <= nsq; sq++) {
                *v = 0;
                if (by_type && sq > 0) {
                    lua_rawgeti(L, -1, sq);
                    *v = lua_tonumber(L, -1);
                    lua_pop(L, 1);
                }
                v++;
            }
            if (by_owner && type > 0)
                lua_pop(L, 1);
        }
        lua_pop(L, 1);
    }
    return 1;
}

const luaL_Reg wg_rules_methods[] = {
    { "new_state", rules_new_state },
    { "ntypes", rules_ntypes },
    { "maxpieces", rules_maxpieces },
    { "piece_squares", rules_piece_squares },
    { NULL, NULL }
};

const luaL_Reg wg_rules_functions[] = {
    { "rules", rules_new },
    { NULL, NULL }
};
