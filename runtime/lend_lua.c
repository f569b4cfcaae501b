/* lend_lua.c: states and action lists lent to an untrusted script -- a
 * handle per owner, valid while the loan it was lent in is open. */
#include <string.h>

#include "core_lua.h"

/* A script handed the live state of a game (the AI's, the one `play` plays)
 * could keep it and change it in a later call: the owner userdata never
 * reaches a script. Each owner has one handle (its uservalue), made on its
 * first loan, pointing to the owner's object. A loan is opened around a
 * script's call (a guard), or around a driver's whole run (perft, a
 * playout, a search: every callback of the run is handed the same states,
 * and no script runs between them), and a handle works only while a loan
 * it was lent in is open: what the script kept raises "lent to a call that
 * has ended" once its call has returned. A state or list the script made
 * and returns (a new game's state, a view) is taken over: a new owner holds
 * its object and the script's userdata is left empty.
 *
 * Loans nest (a guard called from a search's report lends within the
 * search's loan): each open loan has a generation, a handle keeps the
 * generation of the loan it was first lent in while that one is open, and
 * is valid while its generation is open. */
enum { MAX_OPEN = 16 };

uint64_t wg_lend_open_gen[MAX_OPEN];
int wg_lend_nopen;
static uint64_t last_gen;

int wg_loan_open(lua_State *L)
{
    if (wg_lend_nopen == MAX_OPEN)
        luaL_error(L, "too many loans of states open at once");
    wg_lend_open_gen[wg_lend_nopen++] = ++last_gen;
    return wg_lend_nopen - 1;
}

void wg_loan_close(int mark)
{
    if (mark >= 0 && mark < wg_lend_nopen)
        wg_lend_nopen = mark;
}

static int lendable(lua_State *L, int i, uint64_t *tag)
{
    if (lua_type(L, i) != LUA_TUSERDATA || lua_rawlen(L, i) < sizeof *tag)
        return 0;
    *tag = *(uint64_t *)lua_touserdata(L, i);
    return *tag == WG_TAG_STATE || *tag == WG_TAG_ACTIONS;
}

/* Pushes the handle of the owner at i (a state or a list), made on its
 * first loan: the same metatable, the owner's rules (a state's), the owner
 * as its uservalue. */
static void push_handle(lua_State *L, int i, uint64_t tag)
{
    int uv = tag == WG_TAG_STATE ? 2 : 1;  /* where an owner keeps it */
    if (lua_getiuservalue(L, i, uv) == LUA_TUSERDATA)
        return;
    lua_pop(L, 1);
    if (tag == WG_TAG_STATE) {
        wg_lstate *h = lua_newuserdatauv(L, sizeof *h, 2);
        memset(h, 0, sizeof *h);
        h->tag = tag;
        h->s = ((wg_lstate *)lua_touserdata(L, i))->s;
        h->lent = 1;
        lua_getiuservalue(L, i, 1);
        lua_setiuservalue(L, -2, 1);
    } else {
        wg_lactions *h = lua_newuserdatauv(L, sizeof *h, 1);
        memset(h, 0, sizeof *h);
        h->tag = tag;
        h->p = &((wg_lactions *)lua_touserdata(L, i))->l;
        h->lent = 1;
    }
    lua_getmetatable(L, i);
    lua_setmetatable(L, -2);
    lua_pushvalue(L, i);
    lua_setiuservalue(L, -2, uv);
    lua_pushvalue(L, -1);
    lua_setiuservalue(L, i, uv);
}

int wg_lend(lua_State *L, int i)
{
    uint64_t tag;
    i = lua_absindex(L, i);
    if (!lendable(L, i, &tag) || wg_lend_nopen == 0) {
        lua_pushvalue(L, i);
        return 0;
    }
    int lent = tag == WG_TAG_STATE ? ((wg_lstate *)lua_touserdata(L, i))->lent
               : ((wg_lactions *)lua_touserdata(L, i))->lent;
    if (lent || (tag == WG_TAG_STATE
                 && !((wg_lstate *)lua_touserdata(L, i))->s)) {
        lua_pushvalue(L, i);     /* a handle, or a freed state, as it is */
        return 0;
    }
    push_handle(L, i, tag);
    void *h = lua_touserdata(L, -1);
    uint64_t *gen = tag == WG_TAG_STATE ? &((wg_lstate *)h)->gen
                    : &((wg_lactions *)h)->gen;
    if (!wg_lend_valid(*gen))
        *gen = wg_lend_open_gen[wg_lend_nopen - 1];
    return 1;
}

/* Replaces the owner at i, which the script may hold, by a new owner of
 * its object: the script's userdata is left empty (handed over). */
static void take_over(lua_State *L, int i, uint64_t tag)
{
    if (tag == WG_TAG_STATE) {
        wg_lstate *o = lua_touserdata(L, i);
        if (!o->s)
            return;
        wg_lstate *u = lua_newuserdatauv(L, sizeof *u, 2);
        memset(u, 0, sizeof *u);
        u->tag = tag;
        u->s = o->s;
        o->s = NULL;
        o->lent = 2;
        lua_getiuservalue(L, i, 1);
        lua_setiuservalue(L, -2, 1);
        if (lua_getiuservalue(L, i, 2) == LUA_TUSERDATA)
            ((wg_lstate *)lua_touserdata(L, -1))->s = NULL;  /* its handle */
        lua_pop(L, 1);
    } else {
        wg_lactions *o = lua_touserdata(L, i);
        wg_lactions *u = lua_newuserdatauv(L, sizeof *u, 1);
        memset(u, 0, sizeof *u);
        u->tag = tag;
        u->l = o->l;
        u->p = &u->l;
        memset(&o->l, 0, sizeof o->l);
        o->p = NULL;
        o->lent = 2;
        if (lua_getiuservalue(L, i, 1) == LUA_TUSERDATA)
            ((wg_lactions *)lua_touserdata(L, -1))->p = NULL;
        lua_pop(L, 1);
    }
    lua_getmetatable(L, i);
    lua_setmetatable(L, -2);
    lua_replace(L, i);
}

const char *wg_loan_refused(lua_State *L, int first)
{
    for (int i = first; i <= lua_gettop(L); i++) {
        uint64_t tag;
        if (!lendable(L, i, &tag))
            continue;
        int state = tag == WG_TAG_STATE, lent, gone;
        uint64_t gen;
        if (state) {
            const wg_lstate *u = lua_touserdata(L, i);
            lent = u->lent, gen = u->gen, gone = !u->s;
        } else {
            const wg_lactions *u = lua_touserdata(L, i);
            lent = u->lent, gen = u->gen, gone = !u->p;
        }
        if (lent == 1 && !wg_lend_valid(gen))
            return state ? "a state lent to a call that has ended (a script "
                           "keeps no state beyond its call)"
                         : "an action list lent to a call that has ended (a "
                           "script keeps no list beyond its call)";
        if (lent == 2 || gone)
            return state ? "a state it had handed over to wargrid (a script "
                           "keeps no state it returns)"
                         : "an action list it had handed over to wargrid (a "
                           "script keeps no list it returns)";
    }
    return NULL;
}

/* A handle kept from a call that has ended stays what it is, which works
 * no more: its owner may be a live game the script may no longer reach. */
void wg_loan_results(lua_State *L, int first)
{
    for (int i = first; i <= lua_gettop(L); i++) {
        uint64_t tag;
        if (!lendable(L, i, &tag))
            continue;
        int lent = tag == WG_TAG_STATE
                   ? ((wg_lstate *)lua_touserdata(L, i))->lent
                   : ((wg_lactions *)lua_touserdata(L, i))->lent;
        uint64_t gen = tag == WG_TAG_STATE
                       ? ((wg_lstate *)lua_touserdata(L, i))->gen
                       : ((wg_lactions *)lua_touserdata(L, i))->gen;
        if (lent == 1 && wg_lend_valid(gen)) {  /* a handle: its owner */
            lua_getiuservalue(L, i, tag == WG_TAG_STATE ? 2 : 1);
            lua_replace(L, i);
        } else if (!lent) {
            take_over(L, i, tag);
        }
    }
}

void wg_loan_reset(void)
{
    wg_lend_nopen = 0;
}
