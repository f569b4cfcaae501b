/* deck_lua.c: Lua binding of decks of cards and of a side's view of a state.
 * Decks are numbered from 1; cards are listed from the bottom to the top. */
#include "core_lua.h"
#include "deck.h"

static int check_deck(lua_State *L, const wg_state *s, int i)
{
    return (int)wg_check_range(L, i, 1, s->rules->ndecks,
                               "'deck' is not a deck") - 1;
}

/* s:ncards(d) -> the number of cards in deck d */
static int deck_ncards(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    lua_pushinteger(L, wg_deck_count(s, check_deck(L, s, 2)));
    return 1;
}

/* s:cards(d) -> { card, ... } from the bottom to the top */
static int deck_cards(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    int d = check_deck(L, s, 2), n = wg_deck_count(s, d);
    lua_createtable(L, n, 0);
    for (int i = 1; i <= n; i++) {
        lua_pushinteger(L, wg_deck(s, d)[i]);
        lua_rawseti(L, -2, i);
    }
    return 1;
}

/* s:set_cards(d, { card, ... }): the deck holds these, bottom first */
static int deck_set_cards(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    int d = check_deck(L, s, 2);
    luaL_checktype(L, 3, LUA_TTABLE);
    lua_Integer n = luaL_len(L, 3);
    /* a __len metamethod may say anything */
    luaL_argcheck(L, n >= 0 && n <= WG_MAX_CARDS, 3,
                  "'cards' holds more cards than a deck holds");
    int32_t cards[WG_MAX_CARDS];
    for (lua_Integer i = 1; i <= n; i++) {
        lua_geti(L, 3, i);
        int ok;
        lua_Integer c = lua_tointegerx(L, -1, &ok);
        if (!ok || c < 1 || c > 0x7fffffff)
            return luaL_argerror(L, 3,
                                 "cards must be integers from 1 to 2^31-1");
        cards[i - 1] = (int32_t)c;
        lua_pop(L, 1);
    }
    wg_check_rc(L, wg_deck_set(s, d, cards, (int)n), NULL);
    return 0;
}

/* s:draw(d [, to]) -> the top card of deck d, or nil when it is empty; the
 * card goes on top of deck `to` when one is given */
static int deck_draw(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    int d = check_deck(L, s, 2);
    int to = lua_isnoneornil(L, 3) ? -1 : check_deck(L, s, 3);
    luaL_argcheck(L, to != d, 3, "'to' is the deck drawn from");
    int32_t c = wg_deck_draw(s, d, to);
    if (c == WG_EFULL)
        return luaL_argerror(L, 3, "deck 'to' is full");
    wg_check_rc(L, c, NULL);
    if (c == 0)
        lua_pushnil(L);
    else
        lua_pushinteger(L, c);
    return 1;
}

/* s:shuffle(d): with the state's generator */
static int deck_shuffle(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    wg_check_rc(L, wg_deck_shuffle(s, check_deck(L, s, 2)), NULL);
    return 0;
}

/* s:split(from, to, n): the top n cards of `from` go on top of `to` */
static int deck_split(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    int from = check_deck(L, s, 2), to = check_deck(L, s, 3);
    lua_Integer n = luaL_checkinteger(L, 4);
    luaL_argcheck(L, from != to, 3, "'to' is the deck split");
    luaL_argcheck(L, n >= 0 && n <= wg_deck_count(s, from), 4,
                  "'n' is more cards than the deck holds");
    luaL_argcheck(L, wg_deck_count(s, to) + n <= WG_MAX_CARDS, 4,
                  "too many cards for one deck");
    wg_check_rc(L, wg_deck_split(s, from, to, (int)n), NULL);
    return 0;
}

/* s:gather(to, from, ...): every card of each `from` goes on top of `to` */
static int deck_gather(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    int to = check_deck(L, s, 2);
    for (int i = 3; i <= lua_gettop(L); i++) {
        int from = check_deck(L, s, i);
        luaL_argcheck(L, from != to, i,
                      "a deck cannot be gathered onto itself");
        luaL_argcheck(L, wg_deck_count(s, to) + wg_deck_count(s, from)
                         <= WG_MAX_CARDS,
                      i, "too many cards for one deck");
        wg_check_rc(L, wg_deck_gather(s, to, from), NULL);
    }
    return 0;
}

/* s:view(side [, seed [, into]]) -> a copy of the state as that side may
 * know it: the cards of the decks it does not see pooled and dealt back,
 * sorted, or shuffled by seed; the random generator replaced (see deck.h).
 * With into, a state of the same game, the view is made there (nothing
 * new to allocate, for a view each ply) and into is returned. */
static int deck_view(lua_State *L)
{
    wg_state *s = wg_check_state(L, 1);
    int side = wg_check_side(L, 2);
    int shuffle = !lua_isnoneornil(L, 3);
    uint64_t seed = shuffle ? (uint64_t)luaL_checkinteger(L, 3) : 0;
    if (!lua_isnoneornil(L, 4)) {
        wg_state *into = wg_check_state(L, 4);
        luaL_argcheck(L, into != s && into->rules == s->rules, 4,
                      "'into' must be another state of the same game");
        wg_check_rc(L, wg_state_view_into(into, s, side, seed, shuffle),
                    NULL);
        lua_settop(L, 4);
        return 1;
    }
    wg_state *v = wg_state_view(s, side, seed, shuffle);
    if (!v)
        return luaL_error(L, "out of memory");
    lua_getiuservalue(L, 1, 1);
    wg_push_state(L, v, -1);
    return 1;
}

const luaL_Reg wg_deck_methods[] = {
    { "ncards", deck_ncards },
    { "cards", deck_cards },
    { "set_cards", deck_set_cards },
    { "draw", deck_draw },
    { "shuffle", deck_shuffle },
    { "split", deck_split },
    { "gather", deck_gather },
    { "view", deck_view },
    { NULL, NULL }
};
