/* state_lua.c: Lua binding of game states -- pieces, occupancy, dynamic
 * terrain, counters, the hash and the journal (mark and undo). */
#include "core_lua.h"

static void push_opt_piece(lua_State *L, int pid)
{
    if (pid)
        lua_pushinteger(L, pid);
    else
        lua_pushnil(L);
}

/* s:at(sq) -> piece id, or nil if the square is empty */
static int state_at(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    push_opt_piece(L, wg_at(s, wg_check_square(L, s->rules, 2)));
    return 1;
}

/* s:piece(pid) -> type, side, square (0 when off the board) */
static int state_piece(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    const int32_t *p = wg_piece(s, wg_check_piece(L, s, 2));
    lua_pushinteger(L, p[PF_TYPE]);
    lua_pushinteger(L, p[PF_SIDE]);
    lua_pushinteger(L, p[PF_SQ]);
    return 3;
}

static int piece_word(lua_State *L, int k)
{
    wg_state *s = wg_check_state(L, 1);
    lua_pushinteger(L, wg_piece(s, wg_check_piece(L, s, 2))[k]);
    return 1;
}

/* s:type(pid) -> the piece's type id (names in game.T) */
static int state_type(lua_State *L) { return piece_word(L, PF_TYPE); }

/* s:side_of(pid) -> the piece's side, 1 or 2 */
static int state_side_of(lua_State *L) { return piece_word(L, PF_SIDE); }

/* s:square(pid) -> the piece's square (a large piece's anchor), 0 when it
 * is off the board */
static int state_square(lua_State *L) { return piece_word(L, PF_SQ); }

static int check_field(lua_State *L, int i)
{
    return (int)wg_check_range(L, i, 1, PF_NUSER, "'field' must be 1 to 4") - 1;
}

/* s:field(pid, k) -> the piece's user field k (1..4) */
static int state_field(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    int pid = wg_check_piece(L, s, 2);
    lua_pushinteger(L, wg_piece(s, pid)[PF_USER + check_field(L, 3)]);
    return 1;
}

/* s:fields(pid) -> its four user fields */
static int state_fields(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    const int32_t *p = wg_piece(s, wg_check_piece(L, s, 2));
    for (int k = 0; k < PF_NUSER; k++)
        lua_pushinteger(L, p[PF_USER + k]);
    return PF_NUSER;
}

/* s:set_field(pid, k, v): the piece's user field k (1..4) holds v (32
 * bits), journaled and hashed */
static int state_set_field(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    int pid = wg_check_piece(L, s, 2), k = check_field(L, 3);
    int32_t v = wg_check_word(L, 4, "value");
    wg_check_rc(L, wg_state_set_field(s, pid, k, v), "cannot set the field");
    return 0;
}

static int check_type(lua_State *L, const wg_state *s, int i)
{
    return (int)wg_check_range(L, i, 1, s->rules->ntypes,
                               "'type' is not a piece type");
}

/* s:add(type, side, sq) -> pid; sq 0 or nil keeps the piece off the board */
static int state_add(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    int t = check_type(L, s, 2), side = wg_check_side(L, 3);
    int sq = luaL_optinteger(L, 4, 0) == 0
             ? 0 : wg_check_square(L, s->rules, 4);
    int pid = wg_state_add(s, t, side, sq);
    if (pid == WG_EFULL)
        return luaL_error(L, "too many pieces (at most %d)",
                          s->rules->maxpieces);
    if (pid == WG_EINVAL)
        return luaL_argerror(L, 4, "'square' is taken "
                                   "or the piece does not fit there");
    wg_check_rc(L, pid, NULL);
    lua_pushinteger(L, pid);
    return 1;
}

/* s:remove(pid): the piece leaves the board (it keeps its id, off the
 * board: s:place puts it back) */
static int state_remove(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    int pid = wg_check_piece(L, s, 2);
    wg_check_rc(L, wg_state_remove(s, pid), "the piece is not on the board");
    return 0;
}

/* s:place(pid, sq): a piece off the board stands on sq (empty squares) */
static int state_place(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    int pid = wg_check_piece(L, s, 2), sq = wg_check_square(L, s->rules, 3);
    wg_check_rc(L, wg_state_place(s, pid, sq),
                "the piece is on the board already, or the square is taken");
    return 0;
}

/* s:move(pid, to): to an empty square (or squares, for a large piece) */
static int state_move(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    int pid = wg_check_piece(L, s, 2), sq = wg_check_square(L, s->rules, 3);
    wg_check_rc(L, wg_state_move(s, pid, sq),
                "the piece is off the board, or its target is taken");
    return 0;
}

/* s:retype(pid, type): the piece becomes another type (a promotion) */
static int state_retype(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    int pid = wg_check_piece(L, s, 2), t = check_type(L, s, 3);
    wg_check_rc(L, wg_state_retype(s, pid, t),
                "a large piece cannot change type");
    return 0;
}

/* s:apply_move(action) -> captured pid or nil, and the type and side the
 * moved piece had: the built-in move effect (the type and side spare a
 * game's play more calls to tell a pawn's move and whose it was) */
static int state_apply_move(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    wg_action x = (wg_action)luaL_checkinteger(L, 2);
    const wg_rules *r = s->rules;
    unsigned a = wg_act_a(x), b = wg_act_b(x), e = wg_act_e(x);
    int ok = a >= 1 && b >= 1 && (int)a <= r->grid.nsq
             && (int)b <= r->grid.nsq && (int)e <= r->ntypes;
    const int32_t *p = ok && wg_at(s, (int)a) ? wg_piece(s, wg_at(s, (int)a))
                                              : NULL;
    int mover = p ? p[PF_TYPE] : 0, side = p ? p[PF_SIDE] : 0;
    int rc = ok ? wg_state_apply_move(s, a, b, e) : WG_EINVAL;
    if (rc == WG_EINVAL)
        return luaL_argerror(L, 2, "'action' is not a move of a piece "
                                   "on this board");
    wg_check_rc(L, rc, NULL);
    push_opt_piece(L, rc);
    lua_pushinteger(L, mover);
    lua_pushinteger(L, side);
    return 3;
}

/* s:fits(type, sq) -> true if a piece of the type anchored at sq would be
 * on the board on empty squares only */
static int state_fits(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    int t = check_type(L, s, 2), sq = wg_check_square(L, s->rules, 3);
    int cover[WG_MAX_SHAPE], n = wg_state_cover(s, t, 1, sq, cover), ok = n > 0;
    for (int i = 0; i < n && ok; i++)
        ok = !wg_at(s, cover[i]);
    lua_pushboolean(L, ok);
    return 1;
}

/* s:covers(pid) -> { sq, ... }: the squares the piece covers, anchor first
 * (empty when it is off the board) */
static int state_covers(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    const int32_t *p = wg_piece(s, wg_check_piece(L, s, 2));
    int cover[WG_MAX_SHAPE];
    int n = p[PF_SQ]
            ? wg_state_cover(s, p[PF_TYPE], p[PF_SIDE], p[PF_SQ], cover) : 0;
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_pushinteger(L, cover[i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

static int check_layer(lua_State *L, const wg_state *s, int i)
{
    return (int)wg_check_range(L, i, 0, s->rules->grid.nlayers - 1,
                               "'layer' is not a layer");
}

/* s:count(side [, type [, layer]]) -> pieces on the board, of that type
 * (nil: any) standing on squares of that layer; s:count() -> the pieces on
 * the board of side 1 and of side 2, in one call */
static int state_count(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    if (lua_gettop(L) == 1) {
        lua_pushinteger(L, wg_count(s, 1));
        lua_pushinteger(L, wg_count(s, 2));
        return 2;
    }
    int side = wg_check_side(L, 2);
    int t = lua_isnoneornil(L, 3) ? 0 : check_type(L, s, 3);
    int layer = lua_isnoneornil(L, 4) ? -1 : check_layer(L, s, 4);
    if (!t && layer < 0) {
        lua_pushinteger(L, wg_count(s, side));
        return 1;
    }
    const int32_t *list = wg_list(s, side);
    int n = 0;
    for (int i = 0, c = wg_count(s, side); i < c; i++) {
        const int32_t *p = wg_piece(s, list[i]);
        n += (!t || p[PF_TYPE] == t)
             && (layer < 0 || wg_terrain(s, p[PF_SQ]) >> layer & 1);
    }
    lua_pushinteger(L, n);
    return 1;
}

/* s:offboard(side [, type [, k, v]]) -> n, first pid (or nil): the side's
 * pieces that are off the board (a reserve, casualties), of the type, with
 * user field k equal to v */
static int state_offboard(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    int side = wg_check_side(L, 2);
    int t = lua_isnoneornil(L, 3) ? 0 : check_type(L, s, 3);
    int k = lua_isnoneornil(L, 4) ? -1 : check_field(L, 4);
    int32_t v = k < 0 ? 0 : wg_check_word(L, 5, "v");
    int n = 0, first = 0;
    for (int pid = 1; pid <= s->w[W_NPIECES]; pid++) {
        const int32_t *p = wg_piece(s, pid);
        if (p[PF_SIDE] == side && !p[PF_SQ] && (!t || p[PF_TYPE] == t)
            && (k < 0 || p[PF_USER + k] == v)) {
            first = first ? first : pid;
            n++;
        }
    }
    lua_pushinteger(L, n);
    push_opt_piece(L, first);
    return 2;
}

/* s:count_on(side, { sq, ... }) -> how many of the side's pieces stand on
 * those squares (a large piece once) */
static int state_count_on(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    int side = wg_check_side(L, 2);
    luaL_checktype(L, 3, LUA_TTABLE);
    uint8_t seen[WG_MAX_PIECES + 1] = { 0 };
    int n = 0;
    for (lua_Integer i = 1, len = luaL_len(L, 3); i <= len; i++) {
        lua_geti(L, 3, i);
        lua_Integer sq = lua_tointeger(L, -1);
        lua_pop(L, 1);
        if (sq < 1 || sq > s->rules->grid.nsq)
            return luaL_argerror(L, 3, "'squares' holds something "
                                       "that is not a square");
        int q = wg_at(s, (int)sq);
        if (q && !seen[q] && wg_piece(s, q)[PF_SIDE] == side) {
            seen[q] = 1;
            n++;
        }
    }
    lua_pushinteger(L, n);
    return 1;
}

/* s:pieces(side) -> { pid, ... } on the board, in list order */
static int state_pieces(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    int side = wg_check_side(L, 2);
    const int32_t *list = wg_list(s, side);
    int n = wg_count(s, side);
    lua_createtable(L, n, 0);
    for (int i = 0; i < n; i++) {
        lua_pushinteger(L, list[i]);
        lua_rawseti(L, -2, i + 1);
    }
    return 1;
}

/* s:material(t, side) -> the sum of t's entry for each piece on the board
 * (t: rules:piece_squares), counted for side and against its foe, in
 * piece id order: a search's piece-square evaluation in one call instead
 * of a Lua loop over every piece, reading no Lua table. */
static int state_material(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    wg_lsquares *t = lua_touserdata(L, 2);
    if (!t || lua_rawlen(L, 2) < sizeof *t || t->tag != WG_TAG_SQUARES)
        return luaL_typeerror(L, 2, "piece-square table");
    luaL_argcheck(L, t->ntypes == s->rules->ntypes
                     && t->nsq == s->rules->grid.nsq, 2,
                  "a piece-square table of other rules");
    int side = wg_check_side(L, 3);
    lua_pushnumber(L, wg_state_material(s, t->v, t->ntypes, t->nsq, side));
    return 1;
}

/* s:npieces() -> piece ids in use (on the board or not) */
static int state_npieces(lua_State *L)
{
    lua_pushinteger(L, wg_check_state(L, 1)->w[W_NPIECES]);
    return 1;
}

/* s:terrain(sq) -> layer bits (static and dynamic) */
static int state_terrain(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    lua_pushinteger(L, wg_terrain(s, wg_check_square(L, s->rules, 2)));
    return 1;
}

/* s:has(sq, layer) -> boolean */
static int state_has(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    int sq = wg_check_square(L, s->rules, 2), b = check_layer(L, s, 3);
    lua_pushboolean(L, wg_terrain(s, sq) >> b & 1);
    return 1;
}

/* s:set_layer(sq, layer, on) for a dynamic layer */
static int state_set_layer(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    int sq = wg_check_square(L, s->rules, 2), b = check_layer(L, s, 3);
    luaL_argcheck(L, s->rules->grid.dynamic >> b & 1, 3,
                  "'layer' is not dynamic");
    wg_check_rc(L, wg_state_set_layer(s, sq, b, lua_toboolean(L, 4)), NULL);
    return 0;
}

static int check_var(lua_State *L, const wg_state *s, int i)
{
    return (int)wg_check_range(L, i, 1, s->rules->nvars,
                               "'var' is not a declared var") - 1;
}

/* s:var(id) -> the counter's value (ids in game.V) */
static int state_var(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    lua_pushinteger(L, s->w[s->o_var + check_var(L, s, 2)]);
    return 1;
}

/* s:set_var(id, v): the counter holds v (32 bits) */
static int state_set_var(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    int v = check_var(L, s, 2);
    wg_check_rc(L, wg_state_set_var(s, v, wg_check_word(L, 3, "value")),
                NULL);
    return 0;
}

/* s:add_var(var, d) -> the new value: var + d, in one call (a counter a
 * move advances) */
static int state_add_var(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    int v = check_var(L, s, 2);
    lua_Integer x = (lua_Integer)s->w[s->o_var + v]
                    + wg_check_range(L, 3, INT32_MIN, INT32_MAX,
                                     "'d' must be a 32-bit number");
    luaL_argcheck(L, x >= INT32_MIN && x <= INT32_MAX, 3,
                  "the sum must be a 32-bit number");
    wg_check_rc(L, wg_state_set_var(s, v, (int32_t)x), NULL);
    lua_pushinteger(L, x);
    return 1;
}

/* s:mark() -> a mark of the journal, for s:undo */
static int state_mark(lua_State *L)
{
    lua_pushinteger(L, wg_state_mark(wg_check_state(L, 1)));
    return 1;
}

/* s:undo(mark): every change since the mark is undone */
static int state_undo(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    int m = (int)wg_check_range(L, 2, 0, s->jlen,
                                "'mark' is not a mark of this journal");
    wg_state_undo(s, m);
    return 0;
}

/* s:hash() -> the position's Zobrist hash (pieces, layers, counters, the
 * side to move, the phase), kept up to date by every change */
static int state_hash(lua_State *L)
{
    lua_pushinteger(L, (lua_Integer)wg_check_state(L, 1)->hash);
    return 1;
}

/* s:rehash() -> the hash computed afresh (what s:hash should answer) */
static int state_rehash(lua_State *L)
{
    lua_pushinteger(L, (lua_Integer)wg_state_rehash(wg_check_state(L, 1)));
    return 1;
}

/* s:copy() -> a new state equal to s, with an empty journal */
static int state_copy(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    wg_state *c = wg_state_copy(s);
    if (!c)
        return luaL_error(L, "out of memory");
    lua_getiuservalue(L, 1, 1);
    wg_push_state(L, c, -1);
    return 1;
}

/* s:assign(other): s becomes equal to other (same game) */
static int state_assign(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1), *o = wg_check_state(L, 2);
    luaL_argcheck(L, s->rules == o->rules, 2,
                  "'other' is a state of another game");
    wg_check_rc(L, wg_state_assign(s, o), NULL);
    return 0;
}

/* s:equal(other) -> true when both states hold the same position */
static int state_equal(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1), *o = wg_check_state(L, 2);
    lua_pushboolean(L, wg_state_equal(s, o));
    return 1;
}

/* s:clear(): no pieces, every word zero, side 1 to move, journal empty */
static int state_clear(lua_State *L)
{
    wg_state_clear(wg_check_state(L, 1));
    return 0;
}

/* s:rules() -> the rules object */
static int state_rules(lua_State *L)
{
    wg_check_state(L, 1);
    lua_getiuservalue(L, 1, 1);
    return 1;
}

const luaL_Reg wg_state_methods[] = {
    { "at", state_at },
    { "piece", state_piece },
    { "type", state_type },
    { "side_of", state_side_of },
    { "square", state_square },
    { "field", state_field },
    { "fields", state_fields },
    { "set_field", state_set_field },
    { "add", state_add },
    { "remove", state_remove },
    { "place", state_place },
    { "move", state_move },
    { "retype", state_retype },
    { "apply_move", state_apply_move },
    { "fits", state_fits },
    { "covers", state_covers },
    { "count", state_count },
    { "pieces", state_pieces },
    { "offboard", state_offboard },
    { "count_on", state_count_on },
    { "npieces", state_npieces },
    { "material", state_material },
    { "terrain", state_terrain },
    { "has", state_has },
    { "set_layer", state_set_layer },
    { "var", state_var },
    { "set_var", state_set_var },
    { "add_var", state_add_var },
    { "mark", state_mark },
    { "undo", state_undo },
    { "hash", state_hash },
    { "rehash", state_rehash },
    { "copy", state_copy },
    { "assign", state_assign },
    { "equal", state_equal },
    { "clear", state_clear },
    { "rules", state_rules },
    { NULL, NULL }
};
