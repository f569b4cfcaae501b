/* lend_lua.c: states and action lists lent to an untrusted script for one
 * call -- a handle per owner, live while the call runs and dead after it. */
#include <string.h>

#include "core_lua.h"

/* A script handed the live state of a game (the AI's, the one `play` plays)
 * could keep it and change it in a later call: the owner userdata never
 * reaches a script. Each owner has one handle (its uservalue), made on its
 * first loan; the handle points to the owner's object while a call it was
 * lent to runs, and to nothing once the call has returned, so whatever the
 * script kept raises "lent to a call that has ended". A state or list the
 * script made and returns (a new game's state, a view) is taken over: a
 * new owner holds its object and the script's userdata is left empty. */

static int lendable(lua_State *L, int i, uint64_t *tag)
{
    if (lua_type(L, i) != LUA_TUSERDATA || lua_rawlen(L, i) < sizeof *tag)
        return 0;
    *tag = *(uint64_t *)lua_touserdata(L, i);
    return *tag == WG_TAG_STATE || *tag == WG_TAG_ACTIONS;
}

/* Pushes the handle of the owner at i (a state or a list), made on its
 * first loan, and points it to the owner's object: the same metatable, the
 * owner's rules (a state's), the owner as its uservalue. Pushes nothing
 * and returns NULL when i is itself a handle or a freed state. */
static void *push_handle(lua_State *L, int i, uint64_t tag)
{
    int uv = tag == WG_TAG_STATE ? 2 : 1;  /* where an owner keeps it */
    if (tag == WG_TAG_STATE) {
        wg_lstate *o = lua_touserdata(L, i);
        if (o->lent || !o->s)
            return NULL;
    } else if (((wg_lactions *)lua_touserdata(L, i))->lent) {
        return NULL;
    }
    if (lua_getiuservalue(L, i, uv) != LUA_TUSERDATA) {
        lua_pop(L, 1);
        if (tag == WG_TAG_STATE) {
            wg_lstate *h = lua_newuserdatauv(L, sizeof *h, 2);
            h->tag = tag;
            h->s = NULL;
            h->lent = 1;
            lua_getiuservalue(L, i, 1);
            lua_setiuservalue(L, -2, 1);
        } else {
            wg_lactions *h = lua_newuserdatauv(L, sizeof *h, 1);
            memset(h, 0, sizeof *h);
            h->tag = tag;
            h->lent = 1;
        }
        lua_getmetatable(L, i);
        lua_setmetatable(L, -2);
        lua_pushvalue(L, i);
        lua_setiuservalue(L, -2, uv);
        lua_pushvalue(L, -1);
        lua_setiuservalue(L, i, uv);
    }
    if (tag == WG_TAG_STATE) {
        wg_lstate *h = lua_touserdata(L, -1);
        h->s = ((wg_lstate *)lua_touserdata(L, i))->s;
        return h;
    }
    wg_lactions *h = lua_touserdata(L, -1);
    h->p = &((wg_lactions *)lua_touserdata(L, i))->l;
    return h;
}

int wg_loan_begin(lua_State *L, int fn, wg_loan *loan)
{
    loan->n = 0;
    loan->base = fn;
    loan->kept = 0;
    int nargs = lua_gettop(L) - fn;
    for (int k = 1; k <= nargs && loan->n < WG_LEND_MAX; k++) {
        uint64_t tag;
        int i = fn + k;
        luaL_checkstack(L, 4, "too many arguments to lend");
        if (!lendable(L, i, &tag))
            continue;
        void *h = push_handle(L, i, tag);
        if (!h)
            continue;
        loan->handle[loan->n++] = h;
        lua_pushvalue(L, i);     /* the owner, kept below the function */
        lua_insert(L, fn);
        lua_replace(L, i + 1);   /* the handle in the owner's place */
        fn++;
        loan->kept++;
    }
    return fn;
}

static void revoke(wg_loan *loan)
{
    for (int k = 0; k < loan->n; k++) {
        uint64_t tag = *(uint64_t *)loan->handle[k];
        if (tag == WG_TAG_STATE)
            ((wg_lstate *)loan->handle[k])->s = NULL;
        else
            ((wg_lactions *)loan->handle[k])->p = NULL;
    }
    loan->n = 0;
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
        u->tag = tag;
        u->s = o->s;
        u->lent = 0;
        o->s = NULL;
        o->lent = 2;
        lua_getiuservalue(L, i, 1);
        lua_setiuservalue(L, -2, 1);
    } else {
        wg_lactions *o = lua_touserdata(L, i);
        wg_lactions *u = lua_newuserdatauv(L, sizeof *u, 1);
        u->tag = tag;
        u->l = o->l;
        u->p = &u->l;
        u->lent = 0;
        memset(&o->l, 0, sizeof o->l);
        o->p = NULL;
        o->lent = 2;
    }
    lua_getmetatable(L, i);
    lua_setmetatable(L, -2);
    lua_replace(L, i);
}

void wg_loan_end(lua_State *L, wg_loan *loan)
{
    revoke(loan);
    int first = loan->base + loan->kept;
    for (int i = first; i <= lua_gettop(L); i++) {
        uint64_t tag;
        if (!lendable(L, i, &tag))
            continue;
        int lent = tag == WG_TAG_STATE
                   ? ((wg_lstate *)lua_touserdata(L, i))->lent
                   : ((wg_lactions *)lua_touserdata(L, i))->lent;
        if (lent) {            /* a handle: its owner */
            lua_getiuservalue(L, i, tag == WG_TAG_STATE ? 2 : 1);
            lua_replace(L, i);
        } else {
            take_over(L, i, tag);
        }
    }
    wg_loan_fail(L, loan);
}

void wg_loan_fail(lua_State *L, wg_loan *loan)
{
    revoke(loan);
    if (loan->kept > 0) {
        lua_rotate(L, loan->base, -loan->kept);
        lua_pop(L, loan->kept);
        loan->kept = 0;
    }
}
